/**
 * What passed, as the catalogue knows it (`vottur catalogue report --attestations`): the signed
 * records `vottur attest` writes, read from a folder, a file, a URL or a list of them, each
 * verified with one of the public keys the operator trusts (an attestation no trusted key verifies
 * is left out, and counted), then matched to the harvested descriptions by SHA-256. A service is
 * attested (the record's root subject, the description it judged, is these bytes), attested for an earlier version (an
 * attestation names the description as harvested before, or by its title, but not these bytes), or
 * not attested. Nothing in an unverified payload is read.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseErrorWithoutContent, readGivenFile } from '../runtime/safe-read.js';
import semver from 'semver';
import type { KeyObject } from 'node:crypto';
import {
  keyId,
  parseEnvelope,
  PAYLOAD_TYPE,
  statementProblem,
  verifyEnvelope,
  type Statement,
} from '../attest/index.js';
import { CouldNotRunError, errorMessage } from '../errors.js';
import { fetchText, FetchError } from '../lint/fetch.js';
import type { HarvestedService } from './manifest.js';

/** The most attestation files one report reads (a folder of them, or a list). */
export const MAX_ATTESTATIONS = 10_000;
/** The largest attestation read: an envelope is a few kilobytes. */
export const MAX_ATTESTATION_BYTES = 1024 * 1024;

export interface TrustedKey {
  /** How the operator named it (the file). */
  shown: string;
  key: KeyObject;
}

/** One verified attestation, as the catalogue uses it. */
export interface AttestationRecord {
  /** Where it was read (a path as given, or a URL). */
  source: string;
  /** The SHA-256 of the public key that verified it, and the file that key was read from. */
  keyId: string;
  key: string;
  signedAt: string;
  verdict: 'pass' | 'fail';
  score: number;
  grade: string;
  /**
   * The SHA-256 of the record's root subject: the description the verdict is about. The other
   * subjects are files its `$ref`s reached, judged only in the parts the root used, so a record
   * never makes one of them "what passed the gate".
   */
  root: string;
  title?: string;
  version?: string;
  /** The operator policy the attested run was under (none: the repository's configuration was its own judge). */
  policy?: string;
}

export type AttestationState = 'attested' | 'earlier' | 'none';

/** A service's attestation, as the dashboard and the report show it. */
export interface ServiceAttestation {
  state: AttestationState;
  /** For `attested` and `earlier`: the newest matching record. */
  keyId?: string;
  key?: string;
  signedAt?: string;
  verdict?: 'pass' | 'fail';
  score?: number;
  /** The policy the attested run was under, when it was under one. */
  policy?: string;
  /** For `earlier`: the version the attestation names. */
  version?: string;
  source?: string;
}

export interface ReadAttestations {
  records: AttestationRecord[];
  /** Attestations read but not used, with why (no trusted key verifies it, not a vottur statement). */
  refused: Array<{ source: string; why: string }>;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** The attestation files and URLs one `--attestations` value names: a URL, a folder's `.json` files, an envelope file, or a list file (one path or URL a line). */
async function expand(source: string, cwd: string): Promise<string[]> {
  if (isUrl(source)) return [source];
  const path = resolve(cwd, source);
  let info;
  try {
    info = statSync(path);
  } catch {
    throw new CouldNotRunError(
      `--attestations ${source}: no such file or folder; give a folder of attestations, a file, or a URL`,
    );
  }
  if (info.isDirectory())
    return readdirSync(path)
      .filter((name) => name.endsWith('.json') || name.endsWith('.intoto.jsonl'))
      .sort()
      .map((name) => join(path, name));
  if (!info.isFile()) throw new CouldNotRunError(`--attestations ${source}: not a file or a folder`);
  if (info.size > MAX_ATTESTATION_BYTES)
    throw new CouldNotRunError(
      `--attestations ${source}: over ${MAX_ATTESTATION_BYTES / 1024} kB, neither an attestation nor a list of them`,
    );
  const text = (
    await readGivenFile(path, { what: '--attestations', shown: source, cwd, maxBytes: MAX_ATTESTATION_BYTES })
  ).toString('utf8');
  if (text.trimStart().startsWith('{')) return [path];
  // A list: one path (relative to the list's folder) or URL a line; blank lines and # comments skipped.
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => (isUrl(line) ? line : resolve(path, '..', line)));
}

async function readOne(source: string): Promise<string> {
  if (isUrl(source)) {
    try {
      return await fetchText(source, { maxBytes: MAX_ATTESTATION_BYTES });
    } catch (error) {
      throw new Error(error instanceof FetchError ? error.message : errorMessage(error), { cause: error });
    }
  }
  // The bounded reader: a FIFO or a device is refused, a file growing while read is not read whole,
  // and a link in the repository does not lead out of it (o34r15 B8).
  return (
    await readGivenFile(source, { what: 'the attestation', cwd: dirname(source), maxBytes: MAX_ATTESTATION_BYTES })
  ).toString('utf8');
}

/** Reads and verifies every attestation the sources name; refusals are listed, never trusted. */
export async function readAttestations(
  sources: readonly string[],
  keys: readonly TrustedKey[],
  cwd: string,
): Promise<ReadAttestations> {
  const files = (await Promise.all(sources.map((source) => expand(source, cwd)))).flat();
  if (files.length > MAX_ATTESTATIONS)
    throw new CouldNotRunError(
      `--attestations names ${files.length} attestations, over the limit of ${MAX_ATTESTATIONS}; keep only the newest`,
    );
  const trusted = keys.map((trust) => ({ ...trust, id: keyId(trust.key) }));
  const records: AttestationRecord[] = [];
  const refused: ReadAttestations['refused'] = [];
  for (const file of files) {
    const shown = isUrl(file) ? file : file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
    try {
      const envelope = parseEnvelope(await readOne(file), shown);
      if (envelope.payloadType !== PAYLOAD_TYPE) throw new Error(`its payload type is not ${PAYLOAD_TYPE}`);
      let payload: Buffer | undefined;
      let by: (typeof trusted)[number] | undefined;
      for (const trust of trusted) {
        payload = verifyEnvelope(envelope, trust.key);
        if (payload !== undefined) {
          by = trust;
          break;
        }
      }
      if (payload === undefined || by === undefined) throw new Error('no trusted key verifies its signature');
      let value: unknown;
      try {
        value = JSON.parse(payload.toString('utf8'));
      } catch (error) {
        throw new Error(`its signed payload is not JSON (${parseErrorWithoutContent(error)})`, { cause: error });
      }
      const problem = statementProblem(value);
      if (problem !== undefined) throw new Error(problem);
      const { subject, predicate } = value as Statement;
      records.push({
        source: shown,
        keyId: by.id,
        key: by.shown,
        signedAt: predicate.createdTimestamp,
        verdict: predicate.gate.verdict,
        score: predicate.score.score,
        grade: predicate.score.grade,
        root: rootDigest(subject),
        ...(predicate.description?.title !== undefined ? { title: predicate.description.title } : {}),
        ...(predicate.description?.version !== undefined ? { version: predicate.description.version } : {}),
        ...(typeof predicate.policy?.name === 'string' ? { policy: predicate.policy.name } : {}),
      });
    } catch (error) {
      refused.push({ source: shown, why: errorMessage(error).replace(/\s+/g, ' ') });
    }
  }
  return { records, refused };
}

/** The root subject's digest: `vottur attest` names the description it judged first. */
function rootDigest(subject: Statement['subject']): string {
  const root = subject[0];
  if (root === undefined) throw new Error('it names no subject');
  return root.digest.sha256;
}

const newest = (records: readonly AttestationRecord[]) =>
  [...records].sort((a, b) => (a.signedAt < b.signedAt ? 1 : a.signedAt > b.signedAt ? -1 : 0))[0];

/** Whether `version` is not later than `current` (both read as semantic versions; false when either is not one). */
function isEarlierVersion(version: string | undefined, current: string | undefined): boolean {
  const before = semver.coerce(version ?? '');
  const now = semver.coerce(current ?? '');
  return before !== null && now !== null && semver.lte(before, now);
}

/**
 * A service's state: attested when a record's root subject (the description its verdict is about,
 * never a file that description only `$ref`s) is its description's bytes, whatever the recorded
 * verdict (`verdict` says it; `--require-attestation` asks for a pass); attested for an
 * earlier version when a record is about the description as the previous harvest had it, or about
 * a description of the same title whose `info.version` is not later (the same version with other
 * bytes is the description changed since; a record of a later version is not of an earlier one);
 * not attested otherwise.
 */
export function attestationOf(
  service: Pick<HarvestedService, 'sha256' | 'title' | 'version'>,
  previous: Pick<HarvestedService, 'sha256'> | undefined,
  records: readonly AttestationRecord[],
): ServiceAttestation {
  const describe = (state: AttestationState, record: AttestationRecord): ServiceAttestation => ({
    state,
    keyId: record.keyId,
    key: record.key,
    signedAt: record.signedAt,
    verdict: record.verdict,
    score: record.score,
    ...(record.version !== undefined ? { version: record.version } : {}),
    ...(record.policy !== undefined ? { policy: record.policy } : {}),
    source: record.source,
  });
  const digest = service.sha256;
  const exact = digest !== undefined ? newest(records.filter((r) => r.root === digest)) : undefined;
  if (exact) return describe('attested', exact);
  const before = previous?.sha256;
  const earlier = newest(
    records.filter(
      (r) =>
        (before !== undefined && before !== digest && r.root === before) ||
        (service.title !== undefined && r.title === service.title && isEarlierVersion(r.version, service.version)),
    ),
  );
  if (earlier) return describe('earlier', earlier);
  return { state: 'none' };
}
