/** Media types as the response checks compare them: essence, ranges (`application/*`), JSON. */
import type { ResponseModel } from '../description.js';

export interface MediaType {
  type: string;
  subtype: string;
  /** Lower-case `type/subtype`, parameters dropped. */
  essence: string;
}

export function parseMediaType(value: string | null | undefined): MediaType | undefined {
  if (!value) return undefined;
  const essence = essenceOf(value);
  const [, type, subtype] = /^([a-z0-9!#$&^_.+*-]+)\/([a-z0-9!#$&^_.+*-]+)$/.exec(essence) ?? [];
  return type !== undefined && subtype !== undefined ? { type, subtype, essence } : undefined;
}

/** `Application/JSON; charset=utf-8` → `application/json`: the media type without its parameters, lower case. */
export function essenceOf(contentType: string): string {
  const end = contentType.indexOf(';');
  return (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
}

/** Does an actual media type match a documented key (`application/json`, `application/*`, `*\/*`)? */
export function mediaTypeMatches(actual: MediaType, documented: string): boolean {
  const doc = parseMediaType(documented);
  if (!doc) return false;
  return (doc.type === '*' || doc.type === actual.type) && (doc.subtype === '*' || doc.subtype === actual.subtype);
}

export function isJsonMediaType(media: MediaType | undefined): media is MediaType {
  return media !== undefined && (media.subtype === 'json' || media.subtype.endsWith('+json'));
}

/** The documented media type an actual Content-Type falls under: exact matches win over ranges. */
export function matchingMediaType(response: ResponseModel, actual: MediaType): string | undefined {
  const keys = Object.keys(response.content);
  return keys.find((key) => parseMediaType(key)?.essence === actual.essence) ?? keys.find((key) => mediaTypeMatches(actual, key));
}