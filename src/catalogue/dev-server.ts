/**
 * A development security server: answers the X-Road metaservices (`listClients`,
 * `listMethods`, `allowedMethods`, `getOpenAPI`) for a catalogue given as data, and forwards
 * service calls (`/r1/<subsystem>/<service-code>/…`) to a service's own address. It stands in
 * for a real security server on a developer's machine and in every test of the harvest; it
 * listens on loopback unless told otherwise, and over mutual TLS when given a certificate.
 */
import { readFile } from 'node:fs/promises';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { SecureContextOptions } from 'node:tls';
import { errorMessage } from '../errors.js';
import type { DevCatalogue, DevService, DevSubsystem } from './sample.js';
import { serviceName, subsystemPath } from './xroad.js';

export interface DevSecurityServerOptions {
  catalogue: DevCatalogue;
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * How the answers spell their members: `snake` (`member_class`, PR-MREST's Annex B examples:
   * a `service` list with `endpoint_list: [...]`) or `camel` (PR-MREST's Annex A schema: a
   * `member` list, `memberClass`, `objectType: { object_type }`, `endpointList: { member: [...] }`).
   */
  fieldCase?: 'snake' | 'camel';
  /**
   * Serve HTTPS with this certificate and key, and require a client certificate signed by `ca`
   * (mutual TLS, as a security server authenticates its clients).
   */
  tls?: SecureContextOptions & { cert: string | Buffer; key: string | Buffer; ca: string | Buffer };
}

export interface DevSecurityServer {
  /** `http://127.0.0.1:<port>` (or `https://…`), no trailing slash. */
  baseUrl: string;
  catalogue: DevCatalogue;
  /** Requests answered so far, by path (without the query). */
  requests: Map<string, number>;
  /** The most requests that were in flight at once (a client's concurrency, seen from here). */
  readonly maxInFlight: number;
  /** When each request arrived (ms, `performance.now()`), in order. */
  arrivals: number[];
  /** Replaces a service's description (`xroad://…` name) by this text: a new version published. */
  publish(name: string, text: string): void;
  close(): Promise<void>;
}

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The answer's members in the chosen spelling (the specification writes `xRoadInstance` for the instance). */
function spelt(value: unknown, fieldCase: 'snake' | 'camel'): unknown {
  if (fieldCase === 'snake') return value;
  if (Array.isArray(value)) return value.map((item) => spelt(item, fieldCase));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key === 'xroad_instance' ? 'xRoadInstance' : camelCase(key),
        spelt(inner, fieldCase),
      ]),
    );
  }
  return value;
}

function clientId(subsystem: DevSubsystem, objectType: 'MEMBER' | 'SUBSYSTEM') {
  return {
    member_class: subsystem.memberClass,
    member_code: subsystem.memberCode,
    ...(objectType === 'SUBSYSTEM' ? { subsystem_code: subsystem.subsystemCode } : {}),
    object_type: objectType,
    xroad_instance: subsystem.instance,
  };
}

/** An X-Road error answer, as a security server writes one. */
function xroadError(response: ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ type, message, detail: `vottur-dev-${Date.now().toString(36)}` }));
}

export async function startDevSecurityServer(options: DevSecurityServerOptions): Promise<DevSecurityServer> {
  const fieldCase = options.fieldCase ?? 'snake';
  const catalogue = options.catalogue;
  const published = new Map<string, string>();
  const requests = new Map<string, number>();
  const held = new Set<{ timer: NodeJS.Timeout; response: ServerResponse }>();
  const bySubsystem = new Map<string, DevSubsystem>(catalogue.subsystems.map((s) => [subsystemPath(s), s]));

  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(spelt(body, fieldCase)));
  };

  const listClients = (url: URL, response: ServerResponse) => {
    const instance = url.searchParams.get('xRoadInstance');
    const member: unknown[] = [];
    const members = new Set<string>();
    for (const subsystem of catalogue.subsystems) {
      if (instance && subsystem.instance !== instance) continue;
      const memberKey = `${subsystem.instance}/${subsystem.memberClass}/${subsystem.memberCode}`;
      if (!members.has(memberKey)) {
        members.add(memberKey);
        member.push({ id: clientId(subsystem, 'MEMBER'), name: subsystem.memberName });
      }
      member.push({
        id: clientId(subsystem, 'SUBSYSTEM'),
        name: subsystem.memberName,
        ...(subsystem.subsystemName ? { subsystem_name: subsystem.subsystemName } : {}),
      });
    }
    json(response, { member });
  };

  const listMethods = (subsystem: DevSubsystem, allowedOnly: boolean, response: ServerResponse) => {
    const listed = subsystem.services.filter((s) => !allowedOnly || s.allowed !== false);
    if (fieldCase === 'camel') {
      // PR-MREST Annex A's restServiceDetailsListType, member for member.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          member: listed.map((s) => ({
            objectType: { object_type: 'SERVICE' },
            serviceType: s.serviceType,
            xRoadInstance: subsystem.instance,
            memberClass: subsystem.memberClass,
            memberCode: subsystem.memberCode,
            subsystemCode: subsystem.subsystemCode,
            serviceCode: s.serviceCode,
            ...(s.serviceType !== 'WSDL'
              ? { endpointList: { member: (s.endpoints ?? []).map((e) => ({ method: e.method, path: e.path })) } }
              : {}),
          })),
        }),
      );
      return;
    }
    const service = listed.map((s) => ({
      ...clientId(subsystem, 'SUBSYSTEM'),
      object_type: 'SERVICE',
      service_code: s.serviceCode,
      service_type: s.serviceType,
      ...(s.serviceType !== 'WSDL'
        ? { endpoint_list: (s.endpoints ?? []).map((e) => ({ method: e.method, path: e.path })) }
        : {}),
    }));
    json(response, { service });
  };

  const hold = (ms: number, response: ServerResponse, then: () => void) => {
    const entry = {
      timer: setTimeout(() => {
        held.delete(entry);
        then();
      }, ms),
      response,
    };
    held.add(entry);
  };

  const getOpenApi = async (subsystem: DevSubsystem, url: URL, response: ServerResponse) => {
    const code = url.searchParams.get('serviceCode');
    const service = subsystem.services.find((s) => s.serviceCode === code);
    if (!service)
      return xroadError(
        response,
        500,
        'Server.ServerProxy.ServiceMissing',
        `Service ${subsystemPath(subsystem)}/${code ?? ''} not found`,
      );
    const answer = service.answer;
    const reply = async () => {
      if (answer?.status !== undefined && answer.status !== 200) {
        response.writeHead(answer.status, { 'content-type': answer.mediaType ?? 'application/json' });
        response.end(
          answer.body ?? JSON.stringify({ type: 'Server.ServerProxy.InternalError', message: 'the service failed' }),
        );
        return;
      }
      if (answer?.bytes !== undefined) {
        // Streamed in pieces: the server holds no more of it than the client does.
        response.writeHead(200, { 'content-type': 'application/yaml' });
        const piece = Buffer.from(`# ${'x'.repeat(1021)}\n`);
        let left = answer.bytes;
        const write = () => {
          while (left > 0) {
            const chunk = left >= piece.length ? piece : piece.subarray(0, left);
            left -= chunk.length;
            if (!response.write(chunk)) return void response.once('drain', write);
          }
          response.end();
        };
        response.on('close', () => (left = 0));
        return write();
      }
      if (answer?.body !== undefined) {
        response.writeHead(200, { 'content-type': answer.mediaType ?? 'application/yaml' });
        response.end(answer.body);
        return;
      }
      const text = await descriptionOf(subsystem, service);
      if (text === undefined) {
        // What a security server says for a REST service registered without a description.
        return xroadError(
          response,
          500,
          'Server.ServerProxy.OpenApiParserException.InvalidServiceType',
          `Service type is not OpenAPI: ${serviceName({ ...subsystem, serviceCode: service.serviceCode })}`,
        );
      }
      response.writeHead(200, {
        'content-type':
          service.mediaType ?? (text.trimStart().startsWith('{') ? 'application/json' : 'application/yaml'),
      });
      response.end(text);
    };
    if (answer?.delayMs) hold(answer.delayMs, response, () => void reply());
    else await reply();
  };

  const descriptionOf = async (subsystem: DevSubsystem, service: DevService): Promise<string | undefined> => {
    const name = serviceName({ ...subsystem, serviceCode: service.serviceCode });
    const replaced = published.get(name);
    if (replaced !== undefined) return replaced;
    const description = service.description;
    if (!description || service.serviceType === 'WSDL') return undefined;
    // Read directly: a sample's file is one of vottur's own installed assets (sample.ts), never one a user or a server names.
    if ('file' in description) return readFile(description.file, 'utf8');
    if ('text' in description) return description.text;
    return description.generate();
  };

  const forward = (forwardTo: string, rest: string, request: IncomingMessage, response: ServerResponse) => {
    const target = new URL(rest, `${forwardTo.replace(/\/$/, '')}/`);
    const headers = { ...request.headers };
    delete headers.host;
    const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () =>
      xroadError(response, 502, 'Server.ServerProxy.NetworkError', `cannot reach the service at ${forwardTo}`),
    );
    request.pipe(upstream);
  };

  let inFlight = 0;
  let maxInFlight = 0;
  const arrivals: number[] = [];
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    arrivals.push(performance.now());
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.once('close', () => inFlight--);
    const url = new URL(request.url ?? '/', 'http://security-server');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    if (request.method === 'GET' && url.pathname === '/listClients') return listClients(url, response);
    const match = /^\/r1\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/?]+)(\/.*)?$/.exec(url.pathname);
    if (!match)
      return xroadError(
        response,
        404,
        'Client.InvalidRequest',
        'not a metaservice or service call of this security server',
      );
    const [, instance, memberClass, memberCode, subsystemCode, tail, rest] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
      string | undefined,
    ];
    const subsystem = bySubsystem.get(`${instance}/${memberClass}/${memberCode}/${subsystemCode}`);
    if (!subsystem)
      return xroadError(
        response,
        500,
        'Server.ClientProxy.UnknownMember',
        `Client ${instance}/${memberClass}/${memberCode}/${subsystemCode} not found`,
      );
    const client = request.headers['x-road-client'];
    if (typeof client !== 'string' || client.split('/').length < 3) {
      return xroadError(
        response,
        400,
        'Client.InvalidClientIdentifier',
        'the X-Road-Client header is missing or not a client identifier',
      );
    }
    if (rest === undefined && request.method === 'GET') {
      if (tail === 'listMethods' || tail === 'allowedMethods')
        return listMethods(subsystem, tail === 'allowedMethods', response);
      if (tail === 'getOpenAPI') return getOpenApi(subsystem, url, response);
    }
    const service = subsystem.services.find((s) => s.serviceCode === tail);
    if (!service)
      return xroadError(
        response,
        500,
        'Server.ServerProxy.UnknownService',
        `Service ${subsystemPath(subsystem)}/${tail} not found`,
      );
    if (!service.forwardTo)
      return xroadError(
        response,
        500,
        'Server.ServerProxy.ServiceFailed',
        `Service ${subsystemPath(subsystem)}/${tail} has no address on this development security server`,
      );
    return forward(service.forwardTo, `${(rest ?? '/').slice(1)}${url.search}`, request, response);
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) xroadError(response, 500, 'Server.ServerProxy.InternalError', errorMessage(error));
      else response.destroy();
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ ...options.tls, requestCert: true, rejectUnauthorized: true }, listener)
    : createHttpServer(listener);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    catalogue,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    arrivals,
    publish(name, text) {
      published.set(name, text);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const entry of held) {
          clearTimeout(entry.timer);
          entry.response.destroy();
        }
        held.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
