/**
 * The harvest: every OpenAPI description a security server will give, written to a folder
 * (`<instance>/<class>/<member>/<subsystem>/<service-code>.openapi.(json|yaml)`) with `harvest.json`
 * beside them. Bounded in every direction (requests in flight, a deadline per request, a size
 * per description, retries, a rate; and for the whole harvest: subsystems, services, bytes and
 * time), since the security server's answers are not ours; a service whose description cannot be
 * had, an entry whose identifier is not a valid X-Road code and a bound reached are recorded with
 * why, and only a security server that cannot be asked at all stops the run.
 */
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { SecureContextOptions } from 'node:tls';
import { CouldNotRunError, errorCode, errorMessage } from '../errors.js';
import { parseSource, type SourceFile } from '../lint/load.js';
import { maskNationalIds } from '../pii.js';
import { escapeJsonText } from '../runtime/escape.js';
import { toolInfo } from '../version.js';
import { HARVEST_DEFAULTS } from './limits.js';
import { createLimiter, createPacer } from '../contract/http.js';
import {
  budgetSpent,
  getJson,
  getToFile,
  type FetchFailure,
  type HarvestBudget,
  type TransportOptions,
} from './fetch.js';
import {
  MANIFEST_FILE,
  type HarvestedService,
  type HarvestedSubsystem,
  type HarvestError,
  type HarvestLimits,
  type HarvestManifest,
  type HarvestProblem,
} from './manifest.js';
import {
  parseSubsystemId,
  readClientList,
  readServiceList,
  serviceName,
  shownIdentifier,
  subsystemPath,
  type RejectedEntry,
  type Endpoint,
  type SubsystemId,
  type XRoadClient,
  type XRoadService,
} from './xroad.js';
import { withoutTrailing } from '../runtime/text.js';

export { HARVEST_DEFAULTS };

/** Invalid entries recorded one by one in harvest.json; the rest are counted in one more. */
const RECORDED_REJECTIONS = 100;

/**
 * The longest text the server gave that harvest.json records (a name, an endpoint's method or path,
 * a title, a version); longer is cut. A member name is copied onto each of its services: one of
 * 15 MB under 20,000 services would be 300 GB of harvest.json.
 */
export const MAX_RECORDED_TEXT = 2_000;

export interface HarvestOptions {
  /** The security server's address (`https://ss.example.is`). */
  securityServer: string;
  /** The calling subsystem, `INSTANCE/CLASS/MEMBER/SUBSYSTEM` (sent as `X-Road-Client`). */
  client: string;
  /** The folder to write; it must not exist or be empty. */
  out: string;
  /** Only this X-Road instance. */
  instance?: string;
  /** Only subsystems whose code matches this glob (`island-*`). */
  subsystem?: string;
  /** Ask `allowedMethods` (only what the client may call) instead of `listMethods`. */
  allowedOnly?: boolean;
  concurrency?: number;
  timeoutMs?: number;
  maxBytes?: number;
  retries?: number;
  /** First retry's wait (ms), doubled for each further one. */
  backoffMs?: number;
  /** Requests per second, over the whole harvest. */
  rate?: number;
  /** Bounds of the whole harvest (defaults in HARVEST_DEFAULTS); each reached is a `catalogue-limit-reached` finding. */
  maxSubsystems?: number;
  maxServices?: number;
  maxServiceEndpoints?: number;
  maxEndpoints?: number;
  maxRecordedBytes?: number;
  maxTotalBytes?: number;
  maxDurationMs?: number;
  tls?: SecureContextOptions;
  /** Keep people's national identifiers unmasked in harvest.json (`--show-pii`). */
  showPii?: boolean;
  /** After each service: how many are done, of how many known so far. */
  onProgress?: (done: number, total: number) => void;
}

/** `https://ss/` → `https://ss`; anything but an http(s) URL is refused. */
function baseOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CouldNotRunError(
      `"${text}" is not a URL; give the security server's address, e.g. https://security-server.example.is`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CouldNotRunError(`"${text}" is not an http(s) URL; give the security server's address`);
  url.pathname = withoutTrailing(url.pathname, '/');
  url.search = '';
  url.hash = '';
  return url;
}

function at(base: URL, path: string, query?: Record<string, string>): URL {
  const url = new URL(base.href);
  url.pathname = `${withoutTrailing(base.pathname, '/')}${path}`;
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url;
}

/** A glob of subsystem codes (picomatch, loaded only when one is given). */
async function subsystemMatcher(glob: string | undefined): Promise<(code: string) => boolean> {
  if (glob === undefined) return () => true;
  const { default: picomatch } = await import('picomatch');
  return picomatch(glob, { nocase: false, dot: true });
}

/** Why a description could not be had, from a failed request. */
function errorOf(failure: FetchFailure, service: XRoadService): HarvestError {
  const base = { ...(failure.status !== undefined ? { status: failure.status } : {}), attempts: failure.attempts };
  if (failure.kind === 'limit') return { kind: 'limit', reason: `not fetched: ${failure.reason}`, ...base };
  if (failure.kind === 'timeout')
    return {
      kind: 'timeout',
      reason: `${failure.reason} (${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'})`,
      ...base,
    };
  if (failure.kind === 'too-large') return { kind: 'too-large', reason: failure.reason, ...base };
  if (failure.kind === 'unreachable') return { kind: 'unreachable', reason: failure.reason, ...base };
  const status = failure.status ?? 0;
  const said = saidBy(failure.said);
  if (status === 401 || status === 403)
    return {
      kind: 'refused',
      reason: `the security server refused (${status})${said}: the client may not read this service's description`,
      ...base,
    };
  // A security server answers 500 for a REST service registered without a description.
  if (service.serviceType === 'REST' && status >= 500)
    return {
      kind: 'description-missing',
      reason: `no OpenAPI description is registered for this REST service (getOpenAPI answered ${status}${said})`,
      ...base,
    };
  if (status === 404)
    return {
      kind: 'description-missing',
      reason: `getOpenAPI answered 404${said}: no description is registered`,
      ...base,
    };
  if (status >= 400 && status < 500)
    return { kind: 'refused', reason: `getOpenAPI answered ${status}${said}`, ...base };
  return {
    kind: 'unreachable',
    reason: `getOpenAPI answered ${status}${said} after ${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'}`,
    ...base,
  };
}

/** `: <the X-Road error's message>` from an error body, briefly. */
function saidBy(body: string | undefined): string {
  if (!body) return '';
  try {
    const value = JSON.parse(body) as { message?: unknown; type?: unknown };
    const message =
      typeof value.message === 'string' ? value.message : typeof value.type === 'string' ? value.type : undefined;
    return message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    // Not a JSON error body: the status alone says what happened.
    return '';
  }
}

/**
 * What a downloaded description is: read by lint's own bounded reader (`parseSource`: the same
 * nesting, alias and syntax bounds, so a description `vottur lint` refuses is refused here, as a
 * failure of this entry), then its title and version read.
 */
async function inspect(
  path: string,
): Promise<{ json: boolean; format: string; title?: string; version?: string } | { error: string }> {
  // Read directly: vottur wrote this file itself moments ago, from a download already held to the harvest's size bound.
  const text = await readFile(path, 'utf8');
  let source: SourceFile;
  try {
    // A file URL: a service code such as `a.json?` names no extension the reader would go by.
    source = parseSource(pathToFileURL(path).href, text, "getOpenAPI's answer");
  } catch (error) {
    if (!(error instanceof CouldNotRunError)) throw error;
    return { error: errorMessage(error).split('\n')[0] ?? '' };
  }
  const json = source.kind === 'json';
  const data = source.parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { error: 'not an OpenAPI description: the document is not an object' };
  const record = data as Record<string, unknown>;
  const info = typeof record.info === 'object' && record.info !== null ? (record.info as Record<string, unknown>) : {};
  const shown = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const title = shown(info.title);
  const version = shown(info.version);
  const extra = { ...(title !== undefined ? { title } : {}), ...(version !== undefined ? { version } : {}) };
  if (typeof record.openapi === 'string' && /^3\.[01]\./.test(record.openapi))
    return { json, format: `openapi-${record.openapi.slice(0, 3)}`, ...extra };
  if (String(record.swagger) === '2.0') return { json, format: 'swagger-2.0', ...extra };
  return {
    error: `not an OpenAPI description: no "openapi: 3.x" (or "swagger: 2.0") member${record.openapi !== undefined ? ` (openapi is ${JSON.stringify(record.openapi)})` : ''}`,
  };
}

/**
 * Refuses a folder that already holds files: a harvest is never mixed with another. Returns how to
 * undo what it made: the first folder it created (`--out` and any missing parents), or, for an
 * empty folder that was there, that folder's entries only (all this run's).
 */
async function prepareFolder(out: string): Promise<() => Promise<void>> {
  const entries = await readdir(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENOTDIR') throw new CouldNotRunError(`--out ${out} is a file; give a folder for the harvest`);
    throw new CouldNotRunError(`cannot read --out ${out}: ${error.code ?? error.message}`);
  });
  if (entries !== undefined && entries.length > 0)
    throw new CouldNotRunError(
      `--out ${out} already holds files; give a new folder for each harvest (and --previous the last one to compare)`,
    );
  const created = await mkdir(out, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new CouldNotRunError(`cannot create --out ${out}: ${error.code ?? error.message}`);
  });
  if (created !== undefined) return () => rm(created, { recursive: true, force: true });
  return async () => {
    for (const entry of await readdir(out)) await rm(join(out, entry), { recursive: true, force: true });
  };
}

export async function harvestCatalogue(options: HarvestOptions): Promise<HarvestManifest> {
  const started = performance.now();
  const createdTimestamp = new Date().toISOString();
  const base = baseOf(options.securityServer);
  const client = subsystemPath(parseSubsystemId(options.client));
  const concurrency = options.concurrency ?? HARVEST_DEFAULTS.concurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new CouldNotRunError(`--concurrency ${concurrency}: give a whole number of requests, 1 or more`);
  const maxServiceEndpoints = options.maxServiceEndpoints ?? HARVEST_DEFAULTS.maxServiceEndpoints;
  const maxEndpoints = options.maxEndpoints ?? HARVEST_DEFAULTS.maxEndpoints;
  const maxRecordedBytes = options.maxRecordedBytes ?? HARVEST_DEFAULTS.maxRecordedBytes;
  const limits: HarvestLimits = {
    maxSubsystems: options.maxSubsystems ?? HARVEST_DEFAULTS.maxSubsystems,
    maxServices: options.maxServices ?? HARVEST_DEFAULTS.maxServices,
    maxServiceEndpoints,
    maxEndpoints,
    maxRecordedBytes,
    maxTotalBytes: options.maxTotalBytes ?? HARVEST_DEFAULTS.maxTotalBytes,
    maxDurationMs: options.maxDurationMs ?? HARVEST_DEFAULTS.maxDurationMs,
  };
  for (const [option, value] of [
    ['--max-subsystems', limits.maxSubsystems],
    ['--max-services', limits.maxServices],
    ['--max-service-endpoints', maxServiceEndpoints],
    ['--max-endpoints', maxEndpoints],
    ['--max-recorded-size', maxRecordedBytes],
    ['--max-total-size', limits.maxTotalBytes],
    ['--max-duration', limits.maxDurationMs],
  ] as const)
    if (!Number.isInteger(value) || value < 1)
      throw new CouldNotRunError(`${option} ${value}: give a whole number, 1 or more`);
  const budget: HarvestBudget = {
    maxBytes: limits.maxTotalBytes,
    bytes: 0,
    deadline: started + limits.maxDurationMs,
    deadlineText: `the harvest's time limit of ${limits.maxDurationMs / 1000} s (--max-duration)`,
  };
  if (options.rate !== undefined && !(options.rate > 0))
    throw new CouldNotRunError(`--rate must be a number of requests per second above 0 (got ${options.rate})`);
  const transport: TransportOptions = {
    timeoutMs: options.timeoutMs ?? HARVEST_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? HARVEST_DEFAULTS.maxBytes,
    retries: options.retries ?? HARVEST_DEFAULTS.retries,
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.rate !== undefined ? { pace: createPacer(options.rate) } : {}),
    budget,
  };
  const headers = { 'x-road-client': client };
  const matches = await subsystemMatcher(options.subsystem);

  // The one request whose failure stops the run: the security server cannot be asked at all.
  const listed = await getJson(
    at(base, '/listClients', options.instance ? { xRoadInstance: options.instance } : undefined),
    {},
    transport,
  );
  if (!listed.ok) {
    const what =
      listed.kind === 'status'
        ? `listClients ${listed.reason}${saidBy(listed.said)}; is this a security server's address?`
        : `${listed.reason}; check the address${base.protocol === 'https:' ? ' and --cert/--key/--ca' : ''}`;
    throw new CouldNotRunError(`cannot reach the security server at ${base.href}: ${what}`);
  }
  if ('notJson' in listed)
    throw new CouldNotRunError(
      `${base.href}listClients did not answer JSON (${listed.notJson}); is this a security server?`,
    );
  let clients;
  const problems: HarvestProblem[] = [];
  let rejections = 0;
  const reject = (entries: readonly RejectedEntry[]) => {
    for (const entry of entries) {
      if (rejections++ < RECORDED_REJECTIONS)
        problems.push({ kind: 'invalid-identifier', reason: entry.reason, identifier: entry.identifier });
    }
  };
  try {
    const read = readClientList(listed.json);
    clients = read.clients;
    reject(read.rejected);
  } catch (error) {
    throw new CouldNotRunError(`${base.href}listClients: ${errorMessage(error)}; is this a security server?`);
  }

  // The codes the harvest records and names its folders and files by: a person's kennitala in one
  // (a member of class PERS is coded by it, and a subsystem or service code may carry one) masked
  // unless --show-pii, the same way in harvest.json's keys (service names, subsystem ids, files)
  // and values (the codes), so the catalogue's keying works on the masked form: a report, the
  // dashboard and the next harvest match services by it, and a masked folder holds the
  // description. The four digits masked are written `xxxx`, not `****`: a code names a folder,
  // and `*` is a glob character to lint's file patterns.
  const recordedId = <T extends SubsystemId>(id: T): T =>
    options.showPii
      ? id
      : {
          ...id,
          instance: maskedCode(id.instance),
          memberClass: maskedCode(id.memberClass),
          memberCode: maskedCode(id.memberCode),
          subsystemCode: maskedCode(id.subsystemCode),
          ...('serviceCode' in id && typeof id.serviceCode === 'string'
            ? { serviceCode: maskedCode(id.serviceCode) }
            : {}),
        };
  // From here on the run writes: a run that fails removes what it made, and only that (attack
  // o34r10 B6: the CLI removed --out whole, a folder or file it had refused, or the working folder).
  const undo = await prepareFolder(options.out);
  try {
    const matching = clients
      .filter(
        (c): c is XRoadClient & { id: { subsystemCode: string } } =>
          c.id.objectType === 'SUBSYSTEM' &&
          c.id.subsystemCode !== undefined &&
          (!options.instance || c.id.instance === options.instance) &&
          matches(c.id.subsystemCode),
      )
      .sort((a, b) => (subsystemPath(a.id) < subsystemPath(b.id) ? -1 : 1));
    // The same subsystem listed twice is asked about once.
    const seen = new Set<string>();
    const unique = matching.filter((c) => !seen.has(subsystemPath(c.id)) && seen.add(subsystemPath(c.id)));
    const subsystems = unique.slice(0, limits.maxSubsystems);
    if (unique.length > subsystems.length)
      problems.push({
        kind: 'limit',
        reason: `listClients listed ${unique.length} subsystems; the harvest asked the first ${subsystems.length} (by identifier) for their services and left ${unique.length - subsystems.length} out (--max-subsystems ${limits.maxSubsystems})`,
      });
    let servicesTaken = 0;
    let servicesLeftOut = 0;
    // Endpoints are recorded in harvest.json, every one: a listing of 400,000 per service made a
    // harvest.json no string could hold (attack o34r15 B7). Both bounds count what they left out.
    let endpointsTaken = 0;
    let textsCut = 0;
    const recorded = <T extends string | undefined>(text: T): T => {
      if (text === undefined || text.length <= MAX_RECORDED_TEXT) return text;
      textsCut++;
      // Never half a surrogate pair.
      return `${text.slice(0, MAX_RECORDED_TEXT - 1).replace(/[\ud800-\udbff]$/, '')}…` as T;
    };
    // One budget over everything the harvest keeps of the server's words until harvest.json is
    // written, in bytes, counted as each text is taken: the counts alone allowed 50 subsystems of
    // 4,000 endpoints of 2,000-character paths, 1.5 GB held (issue 34). A listing's own answer is
    // held only while it is read, and is bounded by --max-size.
    let recordedBytes = 0;
    let recordedFull = false;
    const recordedCut = { subsystems: 0, services: 0, endpoints: 0, texts: 0, notAsked: 0 };
    const take = (...texts: Array<string | undefined>): boolean => {
      let bytes = 0;
      for (const text of texts) if (text !== undefined) bytes += Buffer.byteLength(text, 'utf8');
      if (recordedBytes + bytes > maxRecordedBytes) {
        recordedFull = true;
        return false;
      }
      recordedBytes += bytes;
      return true;
    };
    const cutPerService = { services: 0, endpoints: 0 };
    const cutOverall = { services: 0, endpoints: 0 };
    const boundEndpoints = (service: XRoadService): XRoadService => {
      let endpoints = service.endpoints;
      if (endpoints.length > maxServiceEndpoints) {
        cutPerService.services++;
        cutPerService.endpoints += endpoints.length - maxServiceEndpoints;
        endpoints = endpoints.slice(0, maxServiceEndpoints);
      }
      const room = Math.max(0, maxEndpoints - endpointsTaken);
      if (endpoints.length > room) {
        cutOverall.services++;
        cutOverall.endpoints += endpoints.length - room;
        endpoints = endpoints.slice(0, room);
      }
      const kept: Endpoint[] = [];
      for (const e of endpoints) {
        const endpoint = { method: recorded(e.method), path: recorded(e.path) };
        if (!take(endpoint.method, endpoint.path)) {
          recordedCut.endpoints += endpoints.length - kept.length;
          break;
        }
        kept.push(endpoint);
      }
      endpointsTaken += kept.length;
      return { ...service, endpoints: kept };
    };
    const cutSubsystems = new Set<string>();
    // Service names recorded: each is the catalogue's key of its service, and names its file.
    const recordedNames = new Set<string>();
    const limit = createLimiter(concurrency);
    const method = options.allowedOnly ? 'allowedMethods' : 'listMethods';
    const harvestedSubsystems: HarvestedSubsystem[] = [];
    const services: HarvestedService[] = [];
    let total = 0;
    let done = 0;
    const progress = () => options.onProgress?.(done, total);

    await Promise.all(
      subsystems.map(async (client) => {
        const id: SubsystemId = {
          instance: client.id.instance,
          memberClass: client.id.memberClass,
          memberCode: client.id.memberCode,
          subsystemCode: client.id.subsystemCode,
        };
        // `path` asks the security server; `shownPath` is what the harvest records and names its folder by.
        const path = subsystemPath(id);
        const shownPath = subsystemPath(recordedId(id));
        const memberName = recorded(client.name);
        const subsystemName = recorded(client.subsystemName);
        if (!take(shownPath, memberName, subsystemName)) {
          recordedCut.subsystems++;
          return;
        }
        const entry: HarvestedSubsystem = {
          id: shownPath,
          ...(memberName ? { memberName } : {}),
          ...(subsystemName ? { subsystemName } : {}),
          services: 0,
        };
        harvestedSubsystems.push(entry);
        // Once nothing more can be recorded, a listing is not asked for: it would be read and parsed
        // (up to --max-size each) for nothing.
        const answer = await limit(() =>
          recordedFull ? Promise.resolve(undefined) : getJson(at(base, `/r1/${path}/${method}`), headers, transport),
        );
        if (answer === undefined) {
          recordedCut.notAsked++;
          entry.error = {
            kind: 'limit',
            reason: `${method} not asked: the harvest's limit on what it records (--max-recorded-size ${maxRecordedBytes}) was reached`,
          };
          return;
        }
        if (!answer.ok || 'notJson' in answer) {
          entry.error = !answer.ok
            ? {
                kind:
                  answer.kind === 'limit'
                    ? 'limit'
                    : answer.kind === 'timeout'
                      ? 'timeout'
                      : answer.status === 401 || answer.status === 403
                        ? 'refused'
                        : 'unreachable',
                reason: `${method} ${answer.reason}${saidBy(answer.said)}`,
                ...(answer.status !== undefined ? { status: answer.status } : {}),
                attempts: answer.attempts,
              }
            : { kind: 'unreachable', reason: `${method} did not answer JSON (${answer.notJson})` };
          return;
        }
        let listedServices: XRoadService[];
        try {
          const read = readServiceList(answer.json, id);
          reject(read.rejected.map((r) => ({ ...r, reason: `${method} of ${shownPath}: ${r.reason}` })));
          // The same service code listed twice is one service (and one file).
          const codes = new Set<string>();
          listedServices = read.services.filter((s) => !codes.has(s.serviceCode) && codes.add(s.serviceCode));
          // Two services whose names are one once people's identifiers are masked (born the same
          // day, the same subsystem and service codes) would share a key and a file: the second is
          // left out, said, never written over the first.
          listedServices = listedServices.filter((s) => {
            const name = serviceName(recordedId(s));
            if (!recordedNames.has(name)) return recordedNames.add(name);
            reject([
              {
                identifier: shownIdentifier([s.instance, s.memberClass, s.memberCode, s.subsystemCode, s.serviceCode]),
                reason: `${method} of ${shownPath}: with people's national identifiers masked its name is ${name}, another service's too; harvest with --show-pii to record both`,
              },
            ]);
            return false;
          });
        } catch (error) {
          entry.error = { kind: 'unreachable', reason: `${method}: ${errorMessage(error)}` };
          return;
        }
        // The harvest's bound on services: what is over it is not recorded (a listing may name 300,000).
        const room = Math.max(0, limits.maxServices - servicesTaken);
        if (listedServices.length > room) {
          servicesLeftOut += listedServices.length - room;
          cutSubsystems.add(shownPath);
          listedServices = listedServices.slice(0, room);
        }
        listedServices = listedServices
          .filter((s) => take(s.serviceCode, serviceName(s), memberName) || (recordedCut.services++, false))
          .map(boundEndpoints);
        servicesTaken += listedServices.length;
        entry.services = listedServices.length;
        const rest = listedServices.filter((s) => s.serviceType !== 'WSDL');
        if (listedServices.length === 0) entry.skipped = 'no services';
        else if (rest.length === 0) entry.skipped = 'only SOAP (WSDL) services';
        // SOAP services are listed in the manifest, not fetched: they have no OpenAPI description.
        for (const service of listedServices.filter((s) => s.serviceType === 'WSDL'))
          services.push(describe(recordedId(service), memberName));
        total += rest.length;
        progress();
        await Promise.all(
          rest.map(async (service) => {
            const record = describe(recordedId(service), memberName);
            services.push(record);
            // A file-system failure while writing one description (a name the file system refuses,
            // a full disk) is that service's failure, recorded on it, never the harvest's.
            await limit(() => fetchDescription(base, service, record, headers, transport, options.out)).catch(
              (error: unknown) => {
                record.error = {
                  kind: 'unreachable',
                  reason: `its description could not be written: ${errorCode(error) ?? errorMessage(error)}`,
                };
                delete record.file;
              },
            );
            for (const key of ['title', 'version'] as const) {
              const text = record[key];
              if (text === undefined) continue;
              record[key] = recorded(text);
              if (!take(record[key])) {
                delete record[key];
                recordedCut.texts++;
              }
            }
            done++;
            progress();
          }),
        );
      }),
    );

    if (servicesLeftOut > 0)
      problems.push({
        kind: 'limit',
        reason: `the harvest recorded ${servicesTaken} services, its limit (--max-services ${limits.maxServices}), and left ${servicesLeftOut} more listed by ${cutSubsystems.size} subsystem${cutSubsystems.size === 1 ? '' : 's'} out`,
      });
    if (cutPerService.services > 0)
      problems.push({
        kind: 'limit',
        reason: `${cutPerService.services} service${cutPerService.services === 1 ? '' : 's'} listed more endpoints than the harvest records for one (--max-service-endpoints ${maxServiceEndpoints}); ${cutPerService.endpoints} more endpoints were left out`,
      });
    if (cutOverall.services > 0)
      problems.push({
        kind: 'limit',
        reason: `the harvest recorded ${endpointsTaken} endpoints, its limit (--max-endpoints ${maxEndpoints}), and left ${cutOverall.endpoints} more listed for ${cutOverall.services} service${cutOverall.services === 1 ? '' : 's'} out`,
      });
    if (recordedFull) {
      const left = (
        [
          [recordedCut.subsystems, 'subsystem', 'subsystems'],
          [recordedCut.notAsked, 'subsystem not asked for its services', 'subsystems not asked for their services'],
          [recordedCut.services, 'service', 'services'],
          [recordedCut.endpoints, 'endpoint', 'endpoints'],
          [recordedCut.texts, 'title or version', 'titles and versions'],
        ] as const
      )
        .filter(([count]) => count > 0)
        .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
      problems.push({
        kind: 'limit',
        reason: `the harvest recorded ${recordedBytes} bytes of what the security server and the descriptions gave (codes, names, endpoints, titles, versions), its limit (--max-recorded-size ${maxRecordedBytes}), and left ${left.join(', ')} out`,
      });
    }
    if (textsCut > 0)
      problems.push({
        kind: 'limit',
        reason: `${textsCut} text${textsCut === 1 ? '' : 's'} the security server gave (names, endpoints' methods and paths, titles, versions) ${textsCut === 1 ? 'was' : 'were'} longer than ${MAX_RECORDED_TEXT} characters and ${textsCut === 1 ? 'is' : 'are'} recorded cut short`,
      });
    if (rejections > RECORDED_REJECTIONS)
      problems.push({
        kind: 'invalid-identifier',
        reason: `and ${rejections - RECORDED_REJECTIONS} more entries whose identifier is not a valid X-Road code (the first ${RECORDED_REJECTIONS} are listed)`,
      });
    const notFetched = services.filter((s) => s.error?.kind === 'limit').length;
    const subsystemsNotListed = harvestedSubsystems.filter((s) => s.error?.kind === 'limit').length;
    const spent = budgetSpent(budget);
    if (spent && (notFetched > 0 || subsystemsNotListed > 0))
      problems.push({
        kind: 'limit',
        reason: `${spent}: ${notFetched} service description${notFetched === 1 ? ' was' : 's were'} not fetched and ${subsystemsNotListed} subsystem${subsystemsNotListed === 1 ? ' was' : 's were'} not asked for their services`,
      });

    const by =
      <T>(key: (item: T) => string) =>
      (a: T, b: T) =>
        key(a) < key(b) ? -1 : 1;
    services.sort(by((service) => service.name));
    harvestedSubsystems.sort(by((subsystem) => subsystem.id));
    const described = services.filter((s) => s.serviceType !== 'WSDL');
    const manifest: HarvestManifest = {
      harvestFormat: 1,
      tool: toolInfo(),
      createdTimestamp,
      durationMs: Math.round(performance.now() - started),
      securityServer: base.href.replace(/\/$/, ''),
      client,
      method,
      ...(options.instance ? { instance: options.instance } : {}),
      ...(options.subsystem ? { subsystemGlob: options.subsystem } : {}),
      subsystems: harvestedSubsystems,
      services,
      ...(problems.length > 0 ? { problems } : {}),
      limits,
      summary: {
        subsystems: harvestedSubsystems.length,
        services: described.length,
        harvested: described.filter((s) => !s.error).length,
        failed: described.filter((s) => s.error).length,
        wsdlSkipped: services.length - described.length,
        bytes: described.reduce((sum, s) => sum + (s.size ?? 0), 0),
        received: budget.bytes,
      },
    };
    const written = options.showPii ? manifest : maskedManifest(manifest);
    const file = join(options.out, MANIFEST_FILE);
    // The characters a terminal or an editor acts on (U+202E, C1 controls) written as `\uXXXX`:
    // the same JSON value, safe to `cat`.
    await writeManifest(`${file}.tmp`, written);
    await rename(`${file}.tmp`, file);
    return written;
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
}

/** Members of harvest.json written entry by entry: the lists that grow with what the server lists. */
const LISTS = new Set(['subsystems', 'services', 'problems']);

/**
 * harvest.json's text in pieces, in order: the same text as `JSON.stringify(manifest, null, 2)` and
 * a newline, without ever holding all of it (a manifest of some hundreds of MB is more than one V8
 * string can hold), each piece with the controls a terminal acts on written as `\uXXXX`.
 */
export function* manifestChunks(manifest: HarvestManifest): Generator<string> {
  let first = true;
  let text = '{';
  for (const [key, value] of Object.entries(manifest) as Array<[string, unknown]>) {
    const member = `${first ? '' : ','}\n  ${JSON.stringify(key)}: `;
    if (LISTS.has(key) && Array.isArray(value) && value.length > 0) {
      first = false;
      text += `${member}[`;
      for (const [index, item] of (value as unknown[]).entries()) {
        const json = JSON.stringify(item, null, 2).replaceAll('\n', '\n    ');
        yield escapeJsonText(`${text}${index === 0 ? '' : ','}\n    ${json}`);
        text = '';
      }
      text += '\n  ]';
      continue;
    }
    // As JSON.stringify does: a member whose value has no JSON (undefined) is left out.
    const json = JSON.stringify(value, null, 2) as string | undefined;
    if (json === undefined) continue;
    first = false;
    text += `${member}${json.replaceAll('\n', '\n  ')}`;
  }
  yield escapeJsonText(`${text}${first ? '}' : '\n}'}\n`);
}

/** Writes harvest.json piece by piece, some hundreds of kB at a time. */
async function writeManifest(file: string, manifest: HarvestManifest): Promise<void> {
  const handle = await open(file, 'w');
  try {
    let pending = '';
    for (const chunk of manifestChunks(manifest)) {
      pending += chunk;
      if (pending.length >= 256 * 1024) {
        await handle.write(pending);
        pending = '';
      }
    }
    await handle.write(pending);
  } finally {
    await handle.close();
  }
}

/**
 * harvest.json as written without `--show-pii`: people's national identifiers masked in every text
 * the security server or a description gave in its own words (names, titles, versions, endpoints,
 * error texts, the identifiers of entries left out). Codes, and the names and files made of them,
 * are masked where they are taken (`recordedId`), keys and values alike.
 */
function maskedManifest(manifest: HarvestManifest): HarvestManifest {
  const mask = <T extends object>(record: T, keys: ReadonlyArray<keyof T>): T => {
    const copy = { ...record };
    for (const key of keys) {
      const value = copy[key];
      if (typeof value === 'string') copy[key] = maskNationalIds(value) as T[keyof T];
    }
    return copy;
  };
  const maskError = <T extends { error?: HarvestError }>(record: T): T =>
    record.error ? { ...record, error: mask(record.error, ['reason']) } : record;
  return {
    ...manifest,
    subsystems: manifest.subsystems.map((s) => maskError(mask(s, ['memberName', 'subsystemName', 'skipped']))),
    services: manifest.services.map((s) =>
      maskError({
        ...mask(s, ['memberName', 'title', 'version']),
        endpoints: s.endpoints.map((e) => mask(e, ['method', 'path'])),
      }),
    ),
    ...(manifest.problems ? { problems: manifest.problems.map((p) => mask(p, ['reason', 'identifier'])) } : {}),
  };
}

function describe(service: XRoadService, memberName: string | undefined): HarvestedService {
  return {
    name: serviceName(service),
    instance: service.instance,
    memberClass: service.memberClass,
    memberCode: service.memberCode,
    subsystemCode: service.subsystemCode,
    serviceCode: service.serviceCode,
    ...(memberName ? { memberName } : {}),
    serviceType: service.serviceType,
    endpoints: service.endpoints,
  };
}

/** A code with each person's national identifier in it masked as `010130xxxx` (an organisation's is public, and stays). */
function maskedCode(code: string): string {
  // A code holds no `*` (identifierProblem): each one is a masked digit.
  return maskNationalIds(code).replaceAll('*', 'x');
}

/**
 * Fetches one description to its place, and records what it is or why there is none: asked for by
 * the service's codes, written where its record's (masked) codes say.
 */
async function fetchDescription(
  base: URL,
  service: XRoadService,
  record: HarvestedService,
  headers: Record<string, string>,
  transport: TransportOptions,
  out: string,
): Promise<void> {
  const folder = join(out, record.instance, record.memberClass, record.memberCode, record.subsystemCode);
  await mkdir(folder, { recursive: true });
  const downloaded = join(folder, `${record.serviceCode}.download`);
  const url = at(base, `/r1/${subsystemPath(service)}/getOpenAPI`, { serviceCode: service.serviceCode });
  // A REST service without a description answers 500 every time: no retry changes that.
  const outcome = await getToFile(url, headers, downloaded, transport, service.serviceType !== 'REST');
  if (!outcome.ok) {
    record.error = errorOf(outcome, service);
    return;
  }
  const what = await inspect(downloaded);
  if ('error' in what) {
    // Kept for a person to look at, under a name no lint pattern takes for a description.
    await rename(downloaded, join(folder, `${record.serviceCode}.rejected`));
    record.error = { kind: 'not-openapi', reason: what.error };
    record.sha256 = outcome.sha256;
    record.size = outcome.bytes;
    if (outcome.mediaType) record.mediaType = outcome.mediaType;
    return;
  }
  // `.openapi.json` / `.openapi.yaml`: no code makes a name vottur reads as anything but a
  // description (`vottur.config` would otherwise be written as `vottur.config.yaml`).
  const name = descriptionFileName(record.serviceCode, what.json);
  await rename(downloaded, join(folder, name));
  record.file = [record.instance, record.memberClass, record.memberCode, record.subsystemCode, name].join('/');
  record.sha256 = outcome.sha256;
  record.size = outcome.bytes;
  if (outcome.mediaType) record.mediaType = outcome.mediaType;
  record.format = what.format;
  if (what.title !== undefined) record.title = what.title;
  if (what.version !== undefined) record.version = what.version;
}

/**
 * The file a harvested description is written to, by its service code: `<code>.openapi.json` or
 * `<code>.openapi.yaml`. The fixed suffix keeps every name out of what vottur reads as anything else
 * (`vottur.config.*`, `vottur-baseline.json`, `vottur-accept.*`), whatever the code.
 */
export function descriptionFileName(serviceCode: string, json: boolean): string {
  return `${serviceCode}${DESCRIPTION_SUFFIX}${json ? 'json' : 'yaml'}`;
}

/** What comes between a service code and `json`/`yaml` in a harvested description's file name. */
export const DESCRIPTION_SUFFIX = '.openapi.';
