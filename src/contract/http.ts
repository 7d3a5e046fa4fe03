/**
 * The one way the contract tests talk to the server under test: Node's `fetch` with a time
 * limit per request, a cap on concurrent requests and on body size, and redirects handled by
 * hand: one to another host is never followed.
 */
import { sameOrigin as isSameOrigin } from '../runtime/host.js';

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The body as text (UTF-8); cut at `maxBodyBytes`. */
  body: string;
  /** True when the body was longer than `maxBodyBytes`. */
  truncated: boolean;
  /** The body size limit the response was read under (bytes); set when it was cut. */
  limitBytes?: number;
}

/** Bodies are read up to this many bytes (5 MiB); the rest is not read. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

/** `5 MB`, `512 kB`, `300 bytes`: a limit as a person reads it (binary units, written plainly). */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} kB`;
  return `${bytes} bytes`;
}

export type HttpOutcome =
  | { ok: true; response: HttpResponse; url: URL; durationMs: number; refusedRedirect?: URL }
  | { ok: false; kind: 'timeout' | 'unreachable'; reason: string; url: URL; durationMs: number };

export interface SendOptions {
  timeoutMs: number;
  /** Same-origin redirects are followed for GET/HEAD unless the status is documented; never across origins. */
  followRedirect?: (status: number) => boolean;
  maxBodyBytes?: number;
  userAgent?: string;
  /** Ends the request early (e.g. an overall deadline); reported like the time limit. */
  signal?: AbortSignal;
  /** Waited for before the request is sent (`--rate`); the time waited is not the answer's. */
  pace?: () => Promise<void>;
  /** The `fetch` to send with (one presenting a client certificate); default the global one. */
  fetch?: typeof globalThis.fetch;
  /** Headers new for every request (`X-Road-Id`), added when it is sent. */
  perRequest?: () => Record<string, string>;
  /** True when `fetch` presents a TLS client certificate (to explain a connection the server closes). */
  clientCertificate?: boolean;
  /** Renews an OAuth 2.0 token before it expires, and once after a 401 caused by its expiry. */
  tokens?: TokenRenewal;
  /**
   * True only when the operator passed --allow-unsafe-methods: without it `send` refuses every
   * method but GET, HEAD and OPTIONS, whichever phase, probe or replay asked for it.
   */
  allowUnsafeMethods?: boolean;
}

/** The methods sent without --allow-unsafe-methods (docs/contract.md, "Safety defaults"). */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** Whether a method may be sent, given --allow-unsafe-methods. */
export function methodAllowed(method: string, allowUnsafeMethods: boolean | undefined): boolean {
  return allowUnsafeMethods === true || SAFE_METHODS.includes(method.toUpperCase());
}

/**
 * Thrown by `send` for an unsafe method without --allow-unsafe-methods: the request never leaves.
 * Every phase filters such requests out before; reaching this is a defect of the caller, and the
 * run stops rather than change the server's data.
 */
export class UnsafeMethodRefused extends Error {
  constructor(method: string, url: URL) {
    super(
      `vottur refused to send ${method.toUpperCase()} ${url.pathname}: unsafe methods are sent only with --allow-unsafe-methods`,
    );
    this.name = 'UnsafeMethodRefused';
  }
}

/**
 * What `send` needs of a renewable token (src/contract/auth.ts makes one): the request's headers
 * with the token brought up to date, and after a 401 the headers to try once more with, when the
 * 401 came from the token's expiry.
 */
export interface TokenRenewal {
  current(headers: Record<string, string>): Promise<Record<string, string>>;
  afterUnauthorized(
    sent: Record<string, string>,
    challenge: string | null,
  ): Promise<Record<string, string> | undefined>;
}

const MAX_REDIRECTS = 5;

/**
 * Sends a request. With `tokens`, its token is renewed first when about to expire, and a 401
 * caused by the token's expiry is tried once more with a new token — never more than once, so a
 * server that refuses every token still gets its 401 reported.
 */
export async function send(request: HttpRequest, options: SendOptions): Promise<HttpOutcome> {
  // The one gate every request passes (planned, generated, probes, Dredd's replay).
  if (!methodAllowed(request.method, options.allowUnsafeMethods))
    throw new UnsafeMethodRefused(request.method, request.url);
  const { tokens, pace, ...rest } = options;
  if (!tokens) return sendOnce(request, options);
  // The token is brought up to date after the wait for --rate, just before the request leaves.
  await pace?.();
  const first = { ...request, headers: await tokens.current(request.headers) };
  const outcome = await sendOnce(first, rest);
  if (!outcome.ok || outcome.response.status !== 401) return outcome;
  const retry = await tokens.afterUnauthorized(first.headers, outcome.response.headers.get('www-authenticate'));
  if (!retry) return outcome;
  await pace?.();
  return sendOnce({ ...request, headers: retry }, rest);
}

async function sendOnce(request: HttpRequest, options: SendOptions): Promise<HttpOutcome> {
  await options.pace?.();
  const started = performance.now();
  const timer = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timer, options.signal]) : timer;
  let url = request.url;
  const sendWith = options.fetch ?? fetch;
  const fresh = options.perRequest?.() ?? {};
  try {
    for (let hop = 0; ; hop++) {
      const response = await sendWith(url, {
        method: request.method,
        headers: { 'User-Agent': options.userAgent ?? 'vottur', ...request.headers, ...fresh },
        ...(request.body !== undefined && !['GET', 'HEAD'].includes(request.method) ? { body: request.body } : {}),
        redirect: 'manual',
        signal,
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        let target: URL | undefined;
        try {
          target = new URL(location, url);
        } catch {
          // A Location that is not a URL: the redirect is not followed.
          target = undefined;
        }
        // By the host's key (runtime/host.ts): another spelling of the server's address is the server.
        const sameOrigin = target !== undefined && isSameOrigin(target, request.url);
        const follow =
          sameOrigin &&
          ['GET', 'HEAD'].includes(request.method) &&
          hop < MAX_REDIRECTS &&
          (options.followRedirect?.(response.status) ?? true);
        if (follow && target) {
          await response.body?.cancel();
          url = target;
          continue;
        }
        const read = await readBody(response, options.maxBodyBytes);
        return {
          ok: true,
          response: { status: response.status, headers: response.headers, ...read },
          url,
          durationMs: Math.round(performance.now() - started),
          ...(target && !sameOrigin ? { refusedRedirect: target } : {}),
        };
      }
      const read =
        request.method === 'HEAD' ? { body: '', truncated: false } : await readBody(response, options.maxBodyBytes);
      return {
        ok: true,
        response: { status: response.status, headers: response.headers, ...read },
        url,
        durationMs: Math.round(performance.now() - started),
      };
    }
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (options.signal?.aborted && !timer.aborted) {
      return {
        ok: false,
        kind: 'timeout',
        reason: `not completed: ${String(options.signal.reason instanceof Error ? options.signal.reason.message : (options.signal.reason ?? 'stopped'))}`,
        url,
        durationMs,
      };
    }
    const name = thrownField(error, 'name');
    if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
      return {
        ok: false,
        kind: 'timeout',
        reason: `no complete answer within ${options.timeoutMs} ms`,
        url,
        durationMs,
      };
    }
    const code = thrownText(error, 'cause', 'code') ?? '';
    // With TLS 1.3 a server refuses a client certificate after the handshake, by closing the connection.
    if (
      options.clientCertificate &&
      url.protocol === 'https:' &&
      ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(code)
    ) {
      return {
        ok: false,
        kind: 'unreachable',
        reason: `the server refused the TLS client certificate (--cert): it closed the connection without an answer (${code}); the certificate is most likely not issued by a CA the server trusts`,
        url,
        durationMs,
      };
    }
    return { ok: false, kind: 'unreachable', reason: networkReason(error), url, durationMs };
  }
}

/**
 * A field of a thrown value, following `path` (`'cause', 'code'`): undefined where there is none.
 * What fetch and its network layer throw is not typed; this reads it without assuming a shape.
 */
export function thrownField(thrown: unknown, ...path: string[]): unknown {
  let value = thrown;
  for (const key of path)
    value =
      (typeof value === 'object' && value !== null) || typeof value === 'function'
        ? Reflect.get(value, key)
        : undefined;
  return value;
}

/** A field of a thrown value as text where it is a string or a number (a `code`, a `message`), else undefined. */
export function thrownText(thrown: unknown, ...path: string[]): string | undefined {
  const value = thrownField(thrown, ...path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function networkReason(error: unknown): string {
  const code = thrownText(error, 'cause', 'code');
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host name could not be resolved',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'the connection closed unexpectedly',
    UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
    CERT_HAS_EXPIRED: 'its TLS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified (give the CA that issued it with --ca)',
    SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is issued by a CA vottur does not trust (give it with --ca)',
    ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED:
      'the server requires a TLS client certificate (give one with --cert and --key)',
    ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE:
      'the server refused the TLS client certificate (--cert): not issued by a CA it trusts',
    ERR_SSL_TLSV1_ALERT_UNKNOWN_CA:
      'the server refused the TLS client certificate (--cert): issued by a CA it does not know',
    ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE:
      'the TLS handshake failed (a client certificate the server does not accept, or no common cipher)',
  };
  if (code) {
    const reason = known[code];
    return reason ? `${reason} (${code})` : code;
  }
  return thrownText(error, 'cause', 'message') ?? thrownText(error, 'message') ?? 'the request failed';
}

async function readBody(
  response: Response,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ body: string; truncated: boolean; limitBytes?: number }> {
  if (!response.body) return { body: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const read = await reader.read();
    if (read.done) break;
    const value: unknown = read.value;
    // A fetch body yields bytes; anything else is not a body this reads.
    if (!(value instanceof Uint8Array)) continue;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { body: Buffer.concat(chunks).toString('utf8'), truncated, ...(truncated ? { limitBytes: maxBytes } : {}) };
}

/**
 * `--rate <n>/s`: requests start at least 1/n s apart, whichever part of the run sends them (a
 * gate runs against shared test environments). Each caller is given its own start time in turn.
 */
export function createPacer(perSecond: number): () => Promise<void> {
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = performance.now();
    const start = Math.max(now, next);
    next = start + interval;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  };
}

/** Runs at most `limit` tasks at a time. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start) start();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolvePromise, rejectPromise) => {
      queue.push(() => {
        active++;
        task()
          .then(resolvePromise, rejectPromise)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}
