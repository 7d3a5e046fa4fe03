/**
 * Starts the reference user-profile service in-process: the Fastify application on a port,
 * and (unless told otherwise) a development OAuth 2.0 issuer beside it. `vottur serve`, the
 * contract-test runner and `vottur check` all start it through `startReferenceService`.
 */
import type { AddressInfo } from 'node:net';
import { buildReferenceApp } from './app.js';
import { guardConnections } from './connections.js';
import {
  REFERENCE_AUDIENCE,
  USER_PROFILE_READ_SCOPE,
  createTokenVerifier,
  discoverIssuer,
  startDevIssuer,
  urlHost,
  type DevIssuer,
  type TokenVerifier,
} from './auth.js';
import { loadReferenceDescription, referenceDescriptionPath } from './description.js';
import { parseFaults, type FaultName } from './faults.js';
import { createReferenceLogger } from './logging.js';
import { loadProfileStore, type ProfileStore } from './store.js';

/** How long requests in flight may take to finish once `close()` is called. */
const CLOSE_GRACE_MS = 250;

export interface ReferenceServiceOptions {
  /** Port to listen on; 0 (the default) takes any free port. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * `dev` (the default): start a development issuer and require its tokens;
   * `none`: no authentication; `{ issuer }`: require tokens of a real issuer.
   */
  auth?: 'dev' | 'none' | { issuer: string; audience?: string };
  faults?: FaultName[];
  /** Structured logs: off (the default), to standard error (`true`), or to a stream. */
  log?: boolean | NodeJS.WritableStream;
  /** Where profiles come from; default the shipped `assets/reference/profiles.json`. */
  store?: ProfileStore;
  /** The most connections open at once (default: see `defaultMaxConnections` in ./connections.ts). */
  maxConnections?: number;
  /**
   * Serve HTTPS with this certificate and require client certificates issued by `ca` (mutual
   * TLS); `writeDevCertificates` (src/runtime/dev-certificates.ts) makes a set for development.
   */
  mutualTls?: { cert: Buffer | string; key: Buffer | string; ca: Buffer | string };
  /** With the development issuer: how long its tokens are valid, in seconds (default one hour). */
  tokenLifetimeSeconds?: number;
}

export interface RunningReferenceService {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  /** Client-credentials token endpoint (the dev issuer's, or the real issuer's when it publishes one). */
  tokenUrl?: string;
  /** Set with the dev issuer only. */
  clientId?: string;
  /** Set with the dev issuer only. */
  clientSecret?: string;
  /** The scope a token needs: `@island.is/user-profile:read`. */
  scope: string;
  /** Absolute path of the service's OpenAPI description. */
  descriptionPath: string;
  faults: FaultName[];
  /** Stops the service and its dev issuer; safe to call more than once. */
  close(): Promise<void>;
}

export async function startReferenceService(options: ReferenceServiceOptions = {}): Promise<RunningReferenceService> {
  const faults = parseFaults(options.faults ?? []);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const auth = options.auth ?? 'dev';
  const description = await loadReferenceDescription(referenceDescriptionPath());
  const store = options.store ?? (await loadProfileStore());
  const logTarget =
    options.log === true
      ? process.stderr
      : options.log === false || options.log === undefined
        ? undefined
        : options.log;
  const logger = logTarget ? createReferenceLogger(logTarget) : undefined;

  let devIssuer: DevIssuer | undefined;
  let verifier: TokenVerifier | undefined;
  let tokenUrl: string | undefined;
  if (auth === 'dev') {
    devIssuer = await startDevIssuer({
      host,
      ...(options.tokenLifetimeSeconds !== undefined ? { tokenLifetimeSeconds: options.tokenLifetimeSeconds } : {}),
      ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}),
    });
    verifier = createTokenVerifier({
      issuer: devIssuer.issuer,
      jwksUri: devIssuer.jwksUri,
      scope: USER_PROFILE_READ_SCOPE,
      audience: REFERENCE_AUDIENCE,
    });
    tokenUrl = devIssuer.tokenUrl;
  } else if (typeof auth === 'object') {
    const metadata = await discoverIssuer(auth.issuer);
    verifier = createTokenVerifier({
      issuer: metadata.issuer,
      jwksUri: metadata.jwksUri,
      scope: USER_PROFILE_READ_SCOPE,
      ...(auth.audience !== undefined ? { audience: auth.audience } : {}),
    });
    tokenUrl = metadata.tokenEndpoint;
  } else if (auth !== 'none') {
    throw new Error(`unknown auth mode ${JSON.stringify(auth)}: use 'dev', 'none' or { issuer }`);
  }

  const { app, cancelDelays } = buildReferenceApp({
    store,
    description,
    verifier,
    faults,
    logger,
    ...(options.mutualTls ? { mutualTls: options.mutualTls } : {}),
  });
  // Header and request timeouts and a connection cap: slow clients cannot starve the others.
  guardConnections(app.server, options.maxConnections);
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    await devIssuer?.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  const baseUrl = `${options.mutualTls ? 'https' : 'http'}://${urlHost(host)}:${address.port}`;
  logger?.info(
    { baseUrl, tokenUrl, faults, auth: typeof auth === 'object' ? 'issuer' : auth },
    'reference service started',
  );

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    tokenUrl,
    clientId: devIssuer?.clientId,
    clientSecret: devIssuer?.clientSecret,
    scope: USER_PROFILE_READ_SCOPE,
    descriptionPath: description.path,
    faults,
    close() {
      closing ??= (async () => {
        // Held-back answers (fault `slow`) go out now; requests in flight get a moment to finish,
        // then every connection is cut: a kept-alive connection that turns idle after closing
        // began would otherwise hold the close until the client drops it.
        cancelDelays();
        const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
        try {
          await app.close();
        } finally {
          clearTimeout(force);
          await devIssuer?.close();
        }
      })();
      return closing;
    },
  };
}
