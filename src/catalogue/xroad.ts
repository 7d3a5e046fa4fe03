/**
 * The X-Road service metadata protocol as vottur reads it (PR-META `listClients`, PR-MREST
 * `listMethods`/`allowedMethods`/`getOpenAPI`): identifiers, the `xroad://` names services are
 * reported under, and the answers read in either shape. PR-MREST's Annex B examples (and
 * island.is's own schema) write a `service` list in snake_case (`member_class`, `endpoint_list: [...]`);
 * its Annex A schema writes a `member` list in camelCase (`memberClass`, `objectType: { object_type }`,
 * `endpointList: { member: [...] }`): both are accepted, member by member.
 */
import { CouldNotRunError } from '../errors.js';
import { escapeJsonText } from '../runtime/escape.js';
import { VOTTUR_OWN_FILES } from '../paths.js';

/** A subsystem on the data exchange layer: `INSTANCE/CLASS/MEMBER/SUBSYSTEM`. */
export interface SubsystemId {
  instance: string;
  memberClass: string;
  memberCode: string;
  subsystemCode: string;
}

export interface ServiceId extends SubsystemId {
  serviceCode: string;
}

/** What `listClients` says about one client. */
export interface XRoadClient {
  id: {
    instance: string;
    memberClass: string;
    memberCode: string;
    subsystemCode?: string;
    objectType: 'MEMBER' | 'SUBSYSTEM';
  };
  name?: string;
  subsystemName?: string;
}

export type ServiceType = 'OPENAPI' | 'REST' | 'WSDL';

export interface Endpoint {
  method: string;
  path: string;
}

/** What `listMethods`/`allowedMethods` says about one service. */
export interface XRoadService extends ServiceId {
  serviceType: ServiceType;
  endpoints: Endpoint[];
}

/**
 * One code of an identifier: what PR-REST (4.8, "Identifier Character Restrictions") allows in an
 * X-Road identifier (letters, digits and `'()+,-.=?`), and `_`, which SOAP service codes use; at
 * most 255 characters, starting with a letter or a digit, and no `..`. Every code becomes a folder
 * or file name of the harvest: nothing else (no separator, no control character) gets that far.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9'()+,\-.=?_]{0,254}$/;

/**
 * Names the harvest writes at the top of its folder, where instance codes become folders: an
 * instance coded `harvest.json` would take the manifest's place (and end the harvest on EISDIR).
 */
const HARVEST_FILES = /^(?:harvest\.json|catalogue\.json|catalogue\.html)(?:\.tmp)?$/i;

/**
 * A code that is the name of a file vottur reads beside descriptions (`vottur.config.yaml`,
 * `vottur-baseline.json`, …; compared without case, as a case-insensitive file system would): as a
 * folder of the harvest it would stand where `vottur lint` over the harvest looks for its
 * configuration. Service codes never name such a file (the harvest writes `<code>.openapi.json`),
 * but a folder code would, so every position refuses them: a failure of that entry only.
 */
const OWN_FILES = new Set([...VOTTUR_OWN_FILES].map((name) => name.toLowerCase()));

/**
 * The longest name the harvest derives from a service code: `<code>.download.<pid>.part` while it
 * is fetched (a process id has at most 10 digits), then `<code>.openapi.json`, `.openapi.yaml` or `.rejected`.
 * A file system's names hold at most 255 bytes, so a service code holds at most 255 minus this.
 */
const SERVICE_FILE_SUFFIX_BYTES = '.download.'.length + 10 + '.part'.length;
export const MAX_SERVICE_CODE_BYTES = 255 - SERVICE_FILE_SUFFIX_BYTES;

/**
 * Why `text` is not a valid X-Road code (at `position`), or undefined when it is one. A service
 * code (`service`) also names files of the harvest: one whose derived file names would pass the
 * file system's 255-byte limit is not one the harvest can write, so it is an identifier problem.
 */
export function identifierProblem(
  text: string,
  position: 'instance' | 'code' | 'service' = 'code',
): string | undefined {
  if (text.length === 0) return 'it is empty';
  if (text.length > 255) return 'it is longer than 255 characters';
  if (position === 'service' && Buffer.byteLength(text, 'utf8') > MAX_SERVICE_CODE_BYTES)
    return `it is longer than ${MAX_SERVICE_CODE_BYTES} bytes, so the harvest's file for it (<code>.download.<pid>.part) would pass the file system's 255-byte name limit`;
  if (!SEGMENT.test(text))
    return "it holds a character X-Road does not allow in a code (only letters, digits and '()+,-.=?_, starting with a letter or digit)";
  if (text.includes('..')) return 'it holds ".."';
  if (position === 'instance' && HARVEST_FILES.test(text)) return "it is the name of one of the harvest's own files";
  if (OWN_FILES.has(text.toLowerCase()))
    return 'it is the name of a file vottur reads (its configuration, baseline or acceptances)';
  return undefined;
}

export function isIdentifierSegment(text: string, position: 'instance' | 'code' | 'service' = 'code'): boolean {
  return identifierProblem(text, position) === undefined;
}

/** An identifier as received, safe to show: JSON-quoted (control and bidirectional characters escaped) and cut to 120 characters. */
export function shownIdentifier(parts: ReadonlyArray<unknown>): string {
  const text = escapeJsonText(JSON.stringify(parts.map((part) => (part === undefined ? null : part))));
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** An entry of a metaservice answer left out because its identifier is not valid: what it was, and why. */
export interface RejectedEntry {
  /** The identifier as received, JSON-quoted (`["IS","GOV","1","harvest.json"]`). */
  identifier: string;
  reason: string;
}

/** Parses `INSTANCE/CLASS/MEMBER/SUBSYSTEM` (`--xroad-client`). */
export function parseSubsystemId(text: string, option = '--xroad-client'): SubsystemId {
  const parts = text.split('/');
  if (parts.length !== 4 || !parts.every((part, i) => isIdentifierSegment(part, i === 0 ? 'instance' : 'code'))) {
    throw new CouldNotRunError(
      `${option} "${text}" is not a subsystem identifier; write INSTANCE/CLASS/MEMBER/SUBSYSTEM, e.g. IS-DEV/GOV/10000/vottur`,
    );
  }
  const [instance, memberClass, memberCode, subsystemCode] = parts as [string, string, string, string];
  return { instance, memberClass, memberCode, subsystemCode };
}

export function subsystemPath(id: SubsystemId): string {
  return `${id.instance}/${id.memberClass}/${id.memberCode}/${id.subsystemCode}`;
}

/** `xroad://IS-DEV/GOV/10000/island-is/user-profile-v2`: the document every finding on a service names. */
export function serviceName(id: ServiceId): string {
  return `xroad://${subsystemPath(id)}/${id.serviceCode}`;
}

/** The service an `xroad://` name names, or undefined for any other document. */
export function parseServiceName(name: string): ServiceId | undefined {
  const match = /^xroad:\/\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(name);
  if (!match) return undefined;
  const [, instance, memberClass, memberCode, subsystemCode, serviceCode] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { instance, memberClass, memberCode, subsystemCode, serviceCode };
}

/**
 * A service code's version by the platform's habit: `user-profile-v2` is version 2 of
 * `user-profile`. A code without a `-vN` suffix is its own base, with no version.
 */
export function serviceVersion(serviceCode: string): { base: string; major?: number } {
  const match = /^(.*?)[-_.]?v(\d+)$/i.exec(serviceCode);
  const base = match?.[1];
  if (!match || !base) return { base: serviceCode };
  return { base, major: Number(match[2]) };
}

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A member in either spelling: `member_class` or `memberClass`. */
function field(record: Loose, snake: string): unknown {
  if (record[snake] !== undefined) return record[snake];
  const camel = snake.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  if (record[camel] !== undefined) return record[camel];
  // The specification's schema writes the instance `xRoadInstance`.
  if (snake === 'xroad_instance') return record.xRoadInstance;
  return undefined;
}

function text(record: Loose, snake: string): string | undefined {
  const value = field(record, snake);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A metaservice answer that is not what the protocol says: named, with what was wrong. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** Why an identifier's codes are not valid X-Road codes, naming the first that is not, or undefined. */
function codesProblem(codes: ReadonlyArray<[string, unknown]>): string | undefined {
  for (const [i, [what, value]] of codes.entries()) {
    if (typeof value !== 'string') return `its ${what} is missing`;
    const problem = identifierProblem(
      value,
      i === 0 && what === 'instance' ? 'instance' : what === 'service code' ? 'service' : 'code',
    );
    if (problem) return `its ${what} is not a valid X-Road code: ${problem}`;
  }
  return undefined;
}

/** Reads a `listClients` answer (JSON). Clients whose identifier is not valid are left out, each with why. */
export function readClientList(body: unknown): { clients: XRoadClient[]; rejected: RejectedEntry[] } {
  const list = isRecord(body) ? field(body, 'member') : undefined;
  if (!Array.isArray(list)) throw new ProtocolError('the listClients answer has no "member" list');
  const clients: XRoadClient[] = [];
  const rejected: RejectedEntry[] = [];
  for (const entry of list) {
    const id = isRecord(entry) && isRecord(entry.id) ? entry.id : undefined;
    const instance = id && text(id, 'xroad_instance');
    const memberClass = id && text(id, 'member_class');
    const memberCode = id && text(id, 'member_code');
    const subsystemCode = id && text(id, 'subsystem_code');
    const objectType = (id && objectTypeOf(id)) ?? (subsystemCode !== undefined ? 'SUBSYSTEM' : 'MEMBER');
    const identifier = shownIdentifier([instance, memberClass, memberCode, subsystemCode]);
    if (!id) {
      rejected.push({ identifier: shownIdentifier([]), reason: 'a client without an "id"' });
      continue;
    }
    if (objectType !== 'MEMBER' && objectType !== 'SUBSYSTEM') {
      // Another kind of client (a security server, a group): not a provider of services.
      continue;
    }
    // Each code becomes a folder of the harvest: only what X-Road allows in a code.
    const problem = codesProblem([
      ['instance', instance],
      ['member class', memberClass],
      ['member code', memberCode],
      ...(objectType === 'SUBSYSTEM' || subsystemCode !== undefined
        ? ([['subsystem code', subsystemCode]] as Array<[string, unknown]>)
        : []),
    ]);
    if (problem || !instance || !memberClass || !memberCode) {
      // A member is never harvested (its subsystems are, and each is judged on its own).
      if (objectType === 'MEMBER') continue;
      rejected.push({ identifier, reason: `listClients: ${problem ?? 'an incomplete identifier'}` });
      continue;
    }
    const name = isRecord(entry) ? text(entry, 'name') : undefined;
    const subsystemName = isRecord(entry) ? text(entry, 'subsystem_name') : undefined;
    clients.push({
      id: { instance, memberClass, memberCode, ...(subsystemCode !== undefined ? { subsystemCode } : {}), objectType },
      ...(name !== undefined ? { name } : {}),
      ...(subsystemName !== undefined ? { subsystemName } : {}),
    });
  }
  return { clients, rejected };
}

/** `object_type` written as a string (Annex B) or as Annex A's `objectType: { object_type: … }`. */
function objectTypeOf(record: Loose): string | undefined {
  const value = field(record, 'object_type');
  if (typeof value === 'string') return value;
  return isRecord(value) ? text(value, 'object_type') : undefined;
}

/** A list written as an array (Annex B's `endpoint_list: [...]`) or as Annex A's `{ member: [...] }`. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  const member = isRecord(value) ? value.member : undefined;
  return Array.isArray(member) ? (member as unknown[]) : undefined;
}

/**
 * Reads a `listMethods`/`allowedMethods` answer (JSON): Annex B's `{ "service": [...] }` or Annex
 * A's `{ "member": [...] }`. Services whose code is not a valid X-Road code are left out, each with why.
 */
export function readServiceList(
  body: unknown,
  subsystem: SubsystemId,
): { services: XRoadService[]; rejected: RejectedEntry[] } {
  const list = isRecord(body) ? (listOf(field(body, 'service')) ?? listOf(body.member)) : undefined;
  if (!Array.isArray(list)) throw new ProtocolError('the answer has neither a "service" nor a "member" list');
  const services: XRoadService[] = [];
  const rejected: RejectedEntry[] = [];
  for (const entry of list) {
    if (!isRecord(entry)) {
      rejected.push({ identifier: shownIdentifier([]), reason: 'a service entry that is not an object' });
      continue;
    }
    const code: unknown = field(entry, 'service_code');
    const serviceCode = typeof code === 'string' ? code : typeof code === 'number' ? String(code) : undefined;
    const type = (text(entry, 'service_type') ?? 'REST').toUpperCase();
    const identifier = shownIdentifier([
      subsystem.instance,
      subsystem.memberClass,
      subsystem.memberCode,
      subsystem.subsystemCode,
      code,
    ]);
    const problem = codesProblem([['service code', serviceCode]]);
    if (problem || !serviceCode) {
      rejected.push({ identifier, reason: `${problem ?? 'no service code'}` });
      continue;
    }
    if (type !== 'OPENAPI' && type !== 'REST' && type !== 'WSDL') {
      rejected.push({
        identifier,
        reason: `its service type ${JSON.stringify(type.slice(0, 40))} is none of OPENAPI, REST, WSDL`,
      });
      continue;
    }
    const endpointList = listOf(field(entry, 'endpoint_list'));
    const endpoints = endpointList
      ? endpointList.filter(isRecord).flatMap((endpoint) => {
          const method = text(endpoint, 'method');
          const path = text(endpoint, 'path');
          return method !== undefined && path !== undefined ? [{ method, path }] : [];
        })
      : [];
    // The service belongs to the subsystem asked about, whatever the answer repeats.
    services.push({ ...subsystem, serviceCode, serviceType: type, endpoints });
  }
  return { services, rejected };
}
