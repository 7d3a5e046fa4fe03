/**
 * The X-Road service metadata protocol as vottur reads it (PR-META `listClients`, PR-MREST
 * `listMethods`/`allowedMethods`/`getOpenAPI`): identifiers, the `xroad://` names services are
 * reported under, and the answers read in either field spelling. The published examples and
 * island.is's own schema write snake_case (`member_class`); the specification's Annex A schema
 * writes camelCase (`memberClass`): both are accepted, member by member.
 */
import { CouldNotRunError } from '../errors.js';

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

/** One segment of an identifier: what X-Road allows in a code, and nothing that walks out of a folder. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,254}$/;

export function isIdentifierSegment(text: string): boolean {
  return SEGMENT.test(text) && text !== '.' && text !== '..' && !text.includes('..');
}

/** Parses `INSTANCE/CLASS/MEMBER/SUBSYSTEM` (`--xroad-client`). */
export function parseSubsystemId(text: string, option = '--xroad-client'): SubsystemId {
  const parts = text.split('/');
  if (parts.length !== 4 || !parts.every(isIdentifierSegment)) {
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

/** Reads a `listClients` answer (JSON). Clients whose identifier is unusable are left out and counted. */
export function readClientList(body: unknown): { clients: XRoadClient[]; skipped: number } {
  const list = isRecord(body) ? field(body, 'member') : undefined;
  if (!Array.isArray(list)) throw new ProtocolError('the listClients answer has no "member" list');
  const clients: XRoadClient[] = [];
  let skipped = 0;
  for (const entry of list) {
    const id = isRecord(entry) && isRecord(entry.id) ? entry.id : undefined;
    const instance = id && text(id, 'xroad_instance');
    const memberClass = id && text(id, 'member_class');
    const memberCode = id && text(id, 'member_code');
    const subsystemCode = id && text(id, 'subsystem_code');
    const objectType = (id && text(id, 'object_type')) ?? (subsystemCode !== undefined ? 'SUBSYSTEM' : 'MEMBER');
    // Each part becomes a folder of the harvest: only what X-Road allows in a code.
    const parts = [instance, memberClass, memberCode, ...(subsystemCode !== undefined ? [subsystemCode] : [])];
    if (
      !instance ||
      !memberClass ||
      !memberCode ||
      (objectType !== 'MEMBER' && objectType !== 'SUBSYSTEM') ||
      !parts.every((part) => part !== undefined && isIdentifierSegment(part))
    ) {
      skipped++;
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
  return { clients, skipped };
}

/** Reads a `listMethods`/`allowedMethods` answer (JSON). */
export function readServiceList(body: unknown, subsystem: SubsystemId): { services: XRoadService[]; skipped: number } {
  const list = isRecord(body) ? field(body, 'service') : undefined;
  if (!Array.isArray(list)) throw new ProtocolError('the answer has no "service" list');
  const services: XRoadService[] = [];
  let skipped = 0;
  for (const entry of list) {
    if (!isRecord(entry)) {
      skipped++;
      continue;
    }
    const serviceCode = text(entry, 'service_code');
    const type = (text(entry, 'service_type') ?? 'REST').toUpperCase();
    if (
      !serviceCode ||
      (type !== 'OPENAPI' && type !== 'REST' && type !== 'WSDL') ||
      !isIdentifierSegment(serviceCode)
    ) {
      skipped++;
      continue;
    }
    const endpointList = field(entry, 'endpoint_list');
    const endpoints = Array.isArray(endpointList)
      ? endpointList.filter(isRecord).flatMap((endpoint) => {
          const method = text(endpoint, 'method');
          const path = text(endpoint, 'path');
          return method !== undefined && path !== undefined ? [{ method, path }] : [];
        })
      : [];
    // The service belongs to the subsystem asked about, whatever the answer repeats.
    services.push({ ...subsystem, serviceCode, serviceType: type, endpoints });
  }
  return { services, skipped };
}
