/**
 * Media types as every part of vottur reads them (lint rules, contract checks, diff): one parser,
 * one essence, one answer to "is this JSON" and "is this Problem Details".
 *
 * - The essence is `type/subtype` in lower case, parameters dropped (`Application/JSON; charset=utf-8` → `application/json`).
 * - JSON is `application/json`, `text/json` (what ASP.NET services also list) and any `+json`
 *   structured-syntax suffix (`application/problem+json`, RFC 6839).
 * - A range (`*\/*`, `application/*`) is not JSON itself, but a body declared under one may be JSON:
 *   `mayBeJson` says so. It is the one answer for every rule that judges the JSON shape of a body
 *   (a bare array, a missing `createdTimestamp`, a page, a Problem Details schema): springdoc writes
 *   `*\/*` for every JSON body it documents, so a rule that asked `isJsonMediaType` instead would
 *   skip what its neighbours judge.
 */

export interface ParsedMediaType {
  type: string;
  subtype: string;
  /** Lower-case `type/subtype`, parameters dropped. */
  essence: string;
}

const TOKEN = /^([a-z0-9!#$&^_.+*-]+)\/([a-z0-9!#$&^_.+*-]+)$/;

/** `Application/JSON; charset=utf-8` → `application/json`: the media type without its parameters, lower case. */
export function mediaTypeEssence(value: string): string {
  const end = value.indexOf(';');
  return (end === -1 ? value : value.slice(0, end)).trim().toLowerCase();
}

/** The parts of a media type, or undefined for a value that is not `type/subtype`. */
export function parseMediaType(value: string | null | undefined): ParsedMediaType | undefined {
  if (!value) return undefined;
  const essence = mediaTypeEssence(value);
  const [, type, subtype] = TOKEN.exec(essence) ?? [];
  return type !== undefined && subtype !== undefined ? { type, subtype, essence } : undefined;
}

function parsed(value: string | ParsedMediaType | undefined): ParsedMediaType | undefined {
  return typeof value === 'string' ? parseMediaType(value) : value;
}

/** JSON: `application/json`, `text/json`, `*\/*+json`. A range is not. */
export function isJsonMediaType(value: string): boolean;
export function isJsonMediaType(value: ParsedMediaType | undefined): value is ParsedMediaType;
export function isJsonMediaType(value: string | ParsedMediaType | undefined): boolean {
  const media = parsed(value);
  if (!media || media.type === '*' || media.subtype === '*') return false;
  return media.subtype === 'json' || media.subtype.endsWith('+json');
}

/** A body declared under this key may be JSON: a JSON media type, or the range `*\/*` / `application/*`. */
export function mayBeJson(value: string): boolean {
  const media = parseMediaType(value);
  if (!media) return false;
  return media.essence === '*/*' || media.essence === 'application/*' || isJsonMediaType(media.essence);
}

/** `application/problem+json` (RFC 7807), parameters ignored. */
export function isProblemJsonMediaType(value: string): boolean {
  return parseMediaType(value)?.essence === 'application/problem+json';
}

/** Does an actual media type fall under a documented key (`application/json`, `application/*`, `*\/*`)? */
export function mediaTypeMatches(actual: ParsedMediaType, documented: string): boolean {
  const doc = parseMediaType(documented);
  if (!doc) return false;
  return (doc.type === '*' || doc.type === actual.type) && (doc.subtype === '*' || doc.subtype === actual.subtype);
}
