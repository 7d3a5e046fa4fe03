/**
 * The reference user-profile service as a Fastify application: routes, input checks at the
 * edge, authentication, Problem Details, and the hooks through which fault modes bend it.
 * `service.ts` starts it (with its issuer) on a port; this file only builds it.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { maskNationalIds } from '../pii.js';
import { decodeJwt } from 'jose';
import { grantedScopes, USER_PROFILE_READ_SCOPE, type TokenVerifier } from './auth.js';
import type { ReferenceDescription } from './description.js';
import { faultBehaviours, type FaultAnswer, type FaultName, type RawAnswer, type ResourceKind } from './faults.js';
import { isValidNationalId } from './national-id.js';
import {
  JSON_CONTENT_TYPE,
  PROBLEM_CONTENT_TYPE,
  rawProblemResponse,
  httpProblem,
  maskForProblem,
  quoteRejectedValue,
  validationProblem,
  type ProblemDetails,
} from './problem.js';
import type { ActorProfileRecord, ProfileStore, UserProfileRecord } from './store.js';

export const CLIENT_TYPES = ['FIRST_PARTY', 'THIRD_PARTY'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const DEFAULT_CLIENT_TYPE: ClientType = 'THIRD_PARTY';

export interface ReferenceAppOptions {
  store: ProfileStore;
  description: ReferenceDescription;
  /** Undefined: no authentication at all. */
  verifier?: TokenVerifier;
  faults?: readonly FaultName[];
  /** Undefined: no logging. */
  logger?: Logger;
  /** Serve HTTPS and require a client certificate issued by `ca` (mutual TLS, as a security server does). */
  mutualTls?: { cert: Buffer | string; key: Buffer | string; ca: Buffer | string };
}

export interface ReferenceApp {
  app: FastifyInstance;
  /** Ends every pending `slow` delay at once, so that closing never waits for one. */
  cancelDelays: () => void;
}

/** Where an identifier comes from: a path parameter, or a header of the dot-placeholder form. */
type IdentifierSource = { in: 'path'; name: string } | { in: 'header'; name: string };

/** The longest URL the service reads: its longest route with two identifiers and a query fits many times over. */
export const MAX_URL_LENGTH = 2048;

const NATIONAL_ID_MESSAGE = 'must be a national identifier: ten digits, no hyphen, with a valid check digit';

export function buildReferenceApp(options: ReferenceAppOptions): ReferenceApp {
  const behaviours = faultBehaviours(options.faults ?? []);
  const delayMs = Math.max(0, ...behaviours.map((b) => b.delayMs ?? 0));
  const tokenOptional = behaviours.some((b) => b.tokenOptional);
  const transforms = behaviours.flatMap((b) => (b.transformBody ? [b.transformBody] : []));
  const wrappers = behaviours.flatMap((b) => (b.wrapBody ? [b.wrapBody] : []));
  const missingResource = behaviours.find((b) => b.missingResource)?.missingResource;
  const exampleUser = behaviours.find((b) => b.exampleUser)?.exampleUser;
  const renderError = behaviours.find((b) => b.renderError)?.renderError;
  const fault = (
    flag:
      | 'crashOnLongNationalId'
      | 'crashOnNonAsciiNationalId'
      | 'refuseFirstParty'
      | 'anyClientType'
      | 'missingHeaderNotFound'
      | 'unverifiedToken'
      | 'noAllowHeader'
      | 'noWwwAuthenticate',
  ) => behaviours.some((b) => b[flag] === true);
  const jsonContentType = (() => {
    const charset = behaviours.find((b) => b.jsonCharset)?.jsonCharset;
    return charset ? `application/json; charset=${charset}` : JSON_CONTENT_TYPE;
  })();
  const { store, description, verifier } = options;
  const pendingDelays = new AbortController();
  // Every request the `slow` fault holds back listens on this one signal until it is answered, so
  // the number of listeners is the number of requests in flight, not a leak.
  setMaxListeners(0, pendingDelays.signal);

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    ...(options.mutualTls ? { https: { ...options.mutualTls, requestCert: true, rejectUnauthorized: true } } : {}),
    genReqId: traceId,
    // Requests that arrive while closing are still answered by the routes (as Problem Details
    // where they fail), not by a bare 503; `service.ts` cuts every connection shortly after.
    return503OnClosing: false,
    // A URL Fastify cannot decode (`%2x`) is answered as every other bad request: Problem
    // Details, the raw URL (which may hold an identifier) never echoed.
    frameworkErrors: (error, request, reply) => {
      const status =
        typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 400;
      void sendProblem(
        request,
        reply,
        httpProblem(
          status,
          error.code === 'FST_ERR_BAD_URL'
            ? 'The URL is not valid: a percent-encoding in it cannot be decoded.'
            : 'The request could not be read.',
        ),
      );
    },
    // Errors before there is a request to route (headers too large, a malformed request line):
    // Node hands over the socket; the answer is still Problem Details, and nothing is echoed.
    clientErrorHandler: (error: NodeJS.ErrnoException & { bytesParsed?: number }, socket) => {
      if (!socket.writable) return socket.destroy();
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const detail =
        status === 431
          ? `The request's headers (the request line and URL included) are larger than the service reads.`
          : 'The request could not be parsed as HTTP.';
      socket.end(rawProblemResponse(httpProblem(status, detail)));
    },
  }) as unknown as FastifyInstance;

  // A URL longer than any of the service's routes can use: 414 before authentication or routing.
  app.addHook('onRequest', async (request, reply) => {
    if ((request.raw.url ?? '').length > MAX_URL_LENGTH) {
      return sendProblem(request, reply, httpProblem(414, `The URL is longer than ${MAX_URL_LENGTH} characters.`));
    }
  });
  // OPTIONS: which methods a path has, no body (and no credentials needed, as for a CORS preflight).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    const path = requestPath(request);
    const known =
      path === '/openapi.json' ||
      path === '/openapi.yaml' ||
      /^\/v2\/users\/[^/]+(\/actor-profiles\/[^/]+)?$/.test(path);
    if (!known) return;
    return reply.code(204).header('allow', 'GET, HEAD, OPTIONS').send();
  });

  // ---- answers ------------------------------------------------------------------------------

  function sendRaw(reply: FastifyReply, answer: RawAnswer): FastifyReply {
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  }

  function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemDetails): FastifyReply {
    const full: ProblemDetails = { ...problem, instance: maskForProblem(requestPath(request)), traceId: request.id };
    reply.header('content-language', 'en');
    if (renderError) return sendRaw(reply, renderError(full));
    return reply
      .code(full.status)
      .type(PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(orderProblem(full)));
  }

  function sendFaultAnswer(request: FastifyRequest, reply: FastifyReply, answer: FaultAnswer): FastifyReply {
    return 'problem' in answer ? sendProblem(request, reply, answer.problem) : sendRaw(reply, answer.raw);
  }

  function sendResource(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
    for (const transform of transforms) transform(body);
    let payload: unknown = body;
    for (const wrap of wrappers) payload = wrap(payload as Record<string, unknown>);
    return reply.code(200).type(jsonContentType).send(JSON.stringify(payload));
  }

  function sendMissing(request: FastifyRequest, reply: FastifyReply, kind: ResourceKind): FastifyReply {
    if (missingResource) return sendFaultAnswer(request, reply, missingResource(kind));
    return reply.code(204).send();
  }

  // ---- input --------------------------------------------------------------------------------

  function readNationalId(request: FastifyRequest, source: IdentifierSource, problems: Record<string, string>): string {
    const raw =
      source.in === 'path'
        ? (request.params as Record<string, string | undefined>)[source.name]
        : request.headers[source.name.toLowerCase()];
    if (raw === undefined) {
      problems[source.name] =
        `the ${source.in === 'header' ? 'header' : 'parameter'} is required and ${NATIONAL_ID_MESSAGE}.`;
      return '';
    }
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (fault('crashOnLongNationalId') && /^[0-9]{11}$/.test(value))
      throw new Error('national identifier column overflow');
    if (fault('crashOnNonAsciiNationalId') && source.in === 'path' && /[\u0080-\uffff]/.test(value))
      throw new Error('national identifier outside ASCII reached an ASCII-only column');
    if (!isValidNationalId(value)) problems[source.name] = `${NATIONAL_ID_MESSAGE}; got ${quoteRejectedValue(value)}.`;
    return value;
  }

  function readClientType(request: FastifyRequest, problems: Record<string, string>): ClientType {
    const raw = (request.query as Record<string, unknown> | undefined)?.clientType;
    if (raw === undefined) return DEFAULT_CLIENT_TYPE;
    if (raw === 'FIRST_PARTY' && fault('refuseFirstParty')) {
      problems.clientType = 'FIRST_PARTY is not accepted here.';
      return DEFAULT_CLIENT_TYPE;
    }
    const clientType = CLIENT_TYPES.find((type) => type === raw);
    if (clientType !== undefined) return clientType;
    if (fault('anyClientType')) return DEFAULT_CLIENT_TYPE;
    const shown = typeof raw === 'string' ? quoteRejectedValue(raw) : 'the parameter more than once';
    problems.clientType = `must be ${CLIENT_TYPES.join(' or ')} (default ${DEFAULT_CLIENT_TYPE}); got ${shown}.`;
    return DEFAULT_CLIENT_TYPE;
  }

  // ---- handlers -----------------------------------------------------------------------------

  /** The `missing-header-204` fault: a missing identifier header taken for an identifier nobody has. */
  function headerMissing(request: FastifyRequest, ...sources: IdentifierSource[]): boolean {
    return (
      fault('missingHeaderNotFound') &&
      sources.some((source) => source.in === 'header' && request.headers[source.name.toLowerCase()] === undefined)
    );
  }

  async function getUserProfile(
    request: FastifyRequest,
    reply: FastifyReply,
    idSource: IdentifierSource,
  ): Promise<FastifyReply> {
    if (headerMissing(request, idSource)) return sendMissing(request, reply, 'user-profile');
    const problems: Record<string, string> = {};
    const nationalId = readNationalId(request, idSource, problems);
    const clientType = readClientType(request, problems);
    if (Object.keys(problems).length > 0) return sendProblem(request, reply, validationProblem(problems));
    if (exampleUser && nationalId === description.exampleNationalId)
      return sendFaultAnswer(request, reply, exampleUser());
    const profile = await store.getProfile(nationalId);
    if (!profile) return sendMissing(request, reply, 'user-profile');
    return sendResource(reply, userProfileBody(profile, clientType));
  }

  async function getActorProfile(
    request: FastifyRequest,
    reply: FastifyReply,
    toSource: IdentifierSource,
    fromSource: IdentifierSource,
  ): Promise<FastifyReply> {
    if (headerMissing(request, toSource, fromSource)) return sendMissing(request, reply, 'actor-profile');
    const problems: Record<string, string> = {};
    const toNationalId = readNationalId(request, toSource, problems);
    const fromNationalId = readNationalId(request, fromSource, problems);
    if (Object.keys(problems).length > 0) return sendProblem(request, reply, validationProblem(problems));
    if (exampleUser && toNationalId === description.exampleNationalId)
      return sendFaultAnswer(request, reply, exampleUser());
    const actor = await store.getActorProfile(toNationalId, fromNationalId);
    if (!actor) return sendMissing(request, reply, 'actor-profile');
    return sendResource(reply, actorProfileBody(actor));
  }

  // ---- hooks and routes ---------------------------------------------------------------------

  if (delayMs > 0) {
    app.addHook('onRequest', async () => {
      try {
        await delay(delayMs, undefined, { signal: pendingDelays.signal });
      } catch {
        // Cancelled because the service is closing: answer now.
      }
    });
  }
  app.addHook('preClose', (done) => {
    pendingDelays.abort();
    done();
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      httpProblem(
        404,
        `No route ${request.method} ${maskForProblem(requestPath(request))}; see /openapi.json for the routes.`,
      ),
    ),
  );
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(
        request,
        reply,
        httpProblem(500, 'The service failed unexpectedly; the trace id identifies the failure in its logs.'),
      );
    }
    return sendProblem(request, reply, httpProblem(status, maskForProblem(error.message ?? '')));
  });

  app.get('/openapi.json', (_request, reply) => reply.type(JSON_CONTENT_TYPE).send(description.json));
  app.get('/openapi.yaml', (_request, reply) => reply.type('application/yaml; charset=utf-8').send(description.yaml));

  void app.register((api, _options, done) => {
    if (verifier) {
      api.addHook('onRequest', async (request, reply) => {
        const authorization = request.headers.authorization;
        if (authorization === undefined && tokenOptional) return;
        if (
          authorization !== undefined &&
          fault('unverifiedToken') &&
          unverifiedScopes(authorization).includes(USER_PROFILE_READ_SCOPE)
        )
          return;
        const check = await verifier.verify(authorization);
        if (check.ok) return;
        request.log.info({ reason: check.reason }, 'access denied');
        if (!fault('noWwwAuthenticate')) reply.header('www-authenticate', check.challenge);
        if (check.status === 401) return sendProblem(request, reply, httpProblem(401));
        return sendProblem(request, reply, httpProblem(403, 'Forbidden resource'));
      });
    }
    // A method a path does not have: 405 with the methods it has (RFC 9110 §15.5.6).
    for (const url of [
      '/v2/users/.national-id',
      '/v2/users/:nationalId',
      '/v2/users/.to-national-id/actor-profiles/.from-national-id',
      '/v2/users/:toNationalId/actor-profiles/:fromNationalId',
    ]) {
      api.route({
        method: ['PUT', 'PATCH', 'DELETE', 'POST'],
        url,
        handler: (request, reply) => {
          if (!fault('noAllowHeader')) reply.header('allow', 'GET, HEAD');
          return sendProblem(
            request,
            reply,
            httpProblem(405, `${request.method} is not a method of this path; it has GET and HEAD.`),
          );
        },
      });
    }
    api.get('/v2/users/.national-id', (request, reply) =>
      getUserProfile(request, reply, { in: 'header', name: 'X-Param-National-Id' }),
    );
    api.get('/v2/users/:nationalId', (request, reply) =>
      getUserProfile(request, reply, { in: 'path', name: 'nationalId' }),
    );
    api.get('/v2/users/.to-national-id/actor-profiles/.from-national-id', (request, reply) =>
      getActorProfile(
        request,
        reply,
        { in: 'header', name: 'X-Param-To-National-Id' },
        { in: 'header', name: 'X-Param-From-National-Id' },
      ),
    );
    api.get('/v2/users/:toNationalId/actor-profiles/:fromNationalId', (request, reply) =>
      getActorProfile(request, reply, { in: 'path', name: 'toNationalId' }, { in: 'path', name: 'fromNationalId' }),
    );
    done();
  });

  return { app, cancelDelays: () => pendingDelays.abort() };
}

/** The profile as the API shows it to a client of the given type. */
export function userProfileBody(profile: UserProfileRecord, clientType: ClientType): Record<string, unknown> {
  const hidden = clientType === 'THIRD_PARTY' && profile.isRestricted;
  return {
    nationalId: profile.nationalId,
    email: hidden ? null : profile.email,
    mobilePhoneNumber: hidden ? null : profile.mobilePhoneNumber,
    locale: profile.locale,
    mobilePhoneNumberVerified: profile.mobilePhoneNumberVerified,
    emailVerified: profile.emailVerified,
    documentNotifications: profile.documentNotifications,
    emailNotifications: profile.emailNotifications,
    profileImageUrl: profile.profileImageUrl,
    needsNudge: profile.needsNudge,
    lastNudge: platformDateTime(profile.lastNudge),
    nextNudge: platformDateTime(profile.nextNudge),
    isRestricted: profile.isRestricted,
    createdTimestamp: platformDateTime(profile.createdTimestamp),
  };
}

export function actorProfileBody(actor: ActorProfileRecord): Record<string, unknown> {
  return {
    toNationalId: actor.toNationalId,
    fromNationalId: actor.fromNationalId,
    email: actor.email,
    emailVerified: actor.emailVerified,
    emailNotifications: actor.emailNotifications,
    documentNotifications: actor.documentNotifications,
    locale: actor.locale,
    createdTimestamp: platformDateTime(actor.createdTimestamp),
  };
}

/** `yyyy-MM-ddThh:mm:ss.sssZ`, whatever form the store keeps. */
function platformDateTime(value: string): string;
function platformDateTime(value: string | null): string | null;
function platformDateTime(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * A request id (the problems' `traceId`): a UUID that cannot be mistaken for a national
 * identifier, so that masking never changes it in the logs (`…123456-7890…` could be).
 */
function traceId(): string {
  for (;;) {
    const id = randomUUID();
    if (maskNationalIds(id) === id) return id;
  }
}

/** The `unverified-token` fault: a token's scopes read without checking its signature, issuer or expiry. */
function unverifiedScopes(authorization: string): string[] {
  const token = /^Bearer +(\S+)$/i.exec(authorization)?.[1];
  if (!token) return [];
  try {
    return grantedScopes(decodeJwt(token));
  } catch {
    // Not a JWT: it grants no scopes.
    return [];
  }
}

/** The request's path without its query. */
function requestPath(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** `type`, `title`, `status`, `detail`, `instance` first, extensions after: easier to read. */
function orderProblem(problem: ProblemDetails): ProblemDetails {
  const { type, title, status, detail, instance, traceId, ...rest } = problem;
  return {
    type,
    title,
    status,
    ...(detail !== undefined ? { detail } : {}),
    ...(instance !== undefined ? { instance } : {}),
    ...(traceId !== undefined ? { traceId } : {}),
    ...rest,
  };
}
