/**
 * The harvest's one way to ask a security server: a GET with a deadline for the whole answer, a
 * size limit (checked on `Content-Length` first, then counted as the body arrives), mutual TLS,
 * and a few retries with backoff for what may pass (5xx, timeouts, a connection reset). Bodies
 * of descriptions go straight to a file, hashed on the way: a harvest holds no description in
 * memory.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { SecureContextOptions } from 'node:tls';
import { errorMessage } from '../errors.js';
import { MAX_NESTING, nestsDeeperThan } from '../lint/json.js';

export interface TransportOptions {
  /** Time limit for one request, the whole answer included (ms). */
  timeoutMs: number;
  /** Bodies longer than this are not read (bytes). */
  maxBytes: number;
  /** Client certificate, key and trusted CAs for `https:` (mutual TLS). */
  tls?: SecureContextOptions;
  /** Retries after a 5xx, a timeout or a reset connection (default 2). */
  retries?: number;
  /** The first retry waits this long, each further one twice as long (ms; default 200). */
  backoffMs?: number;
  /** Waited for before each request is sent (`--rate`). */
  pace?: () => Promise<void>;
  /** The whole harvest's bounds, shared by every request of it (`--max-total-size`, `--max-duration`). */
  budget?: HarvestBudget;
}

/**
 * What a whole harvest may take: bytes received over every answer, and a deadline. Every chunk
 * that arrives is counted; a request that would pass either bound is stopped as `limit`.
 */
export interface HarvestBudget {
  maxBytes: number;
  /** Bytes received so far, over every request. */
  bytes: number;
  /** `performance.now()` after which no request runs. */
  deadline: number;
  /** What to say when the deadline passes (`the harvest's time limit of 3600 s`). */
  deadlineText: string;
}

/** Whether a bound of the harvest is reached: why, or undefined. */
export function budgetSpent(budget: HarvestBudget | undefined): string | undefined {
  if (!budget) return undefined;
  if (budget.bytes >= budget.maxBytes)
    return `the harvest's total size limit of ${budget.maxBytes} bytes (--max-total-size) was reached`;
  if (performance.now() >= budget.deadline) return `${budget.deadlineText} was reached`;
  return undefined;
}

export type FailureKind = 'timeout' | 'unreachable' | 'too-large' | 'status' | 'limit';

export interface FetchFailure {
  ok: false;
  kind: FailureKind;
  /** One line: what happened. */
  reason: string;
  status?: number;
  /** For a status failure: the start of the body (what the server said). */
  said?: string;
  /** The system's code for a connection failure (ECONNREFUSED, ENOTFOUND, …). */
  code?: string;
  attempts: number;
}

export interface FetchedBody {
  ok: true;
  status: number;
  mediaType?: string;
  bytes: number;
  sha256: string;
  attempts: number;
}

/** How much of an error answer's body is read: what the server said, never more (docs/security.md). */
export const ERROR_BODY_BYTES = 2048;

type Sink = { kind: 'memory'; chunks: Buffer[] } | { kind: 'file'; path: string };

/** One request, no retry. Resolves to the answer's head and a body written to the sink. */
function once(
  url: URL,
  headers: Record<string, string>,
  sink: Sink,
  options: TransportOptions,
): Promise<FetchedBody | FetchFailure> {
  return new Promise((resolve) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const requestOptions: RequestOptions = {
      method: 'GET',
      headers: { 'user-agent': 'vottur-catalogue', ...headers },
      ...(url.protocol === 'https:' ? (options.tls ?? {}) : {}),
    };
    let settled = false;
    let temp: string | undefined;
    const finish = (outcome: FetchedBody | FetchFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Removing the partial file may fail too (a name the file system refuses): the outcome
      // stands either way, and the failure never escapes as an unhandled rejection.
      if (!outcome.ok && temp)
        void rm(temp, { force: true })
          .catch(() => undefined)
          .then(() => resolve(outcome));
      else resolve(outcome);
    };
    const fail = (kind: FailureKind, reason: string, extra: Partial<FetchFailure> = {}) =>
      finish({ ok: false, kind, reason, attempts: 1, ...extra });
    const budget = options.budget;
    const req = request(url, requestOptions, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      const declared = Number(response.headers['content-length']);
      if (status < 200 || status >= 300) {
        // What the server said, briefly: enough to tell "no description" from a crash. The rest
        // is never read (a 503 streamed without end took gigabytes, issue 34 B4), and what did
        // arrive counts against the harvest's total size like any other answer.
        const said: Buffer[] = [];
        let kept = 0;
        const saidText = () => Buffer.concat(said).toString('utf8');
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          if (kept < ERROR_BODY_BYTES) said.push(chunk.subarray(0, ERROR_BODY_BYTES - kept));
          kept += chunk.length;
          if (budget) {
            budget.bytes += chunk.length;
            if (budget.bytes > budget.maxBytes) {
              response.destroy();
              fail(
                'limit',
                `the harvest's total size limit of ${budget.maxBytes} bytes (--max-total-size) was reached`,
                {
                  status,
                },
              );
              return;
            }
          }
          if (kept >= ERROR_BODY_BYTES) {
            response.destroy();
            fail('status', `answered ${status}`, { status, said: saidText() });
          }
        });
        response.on('end', () => fail('status', `answered ${status}`, { status, said: saidText() }));
        response.on('error', () => fail('status', `answered ${status}`, { status }));
        return;
      }
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        fail('too-large', `the answer is ${declared} bytes, over the limit of ${options.maxBytes}`, { status });
        return;
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const file = sink.kind === 'file' ? { part: `${sink.path}.${process.pid}.part`, path: sink.path } : undefined;
      if (file) temp = file.part;
      const out = file ? createWriteStream(file.part) : undefined;
      out?.on('error', (error: NodeJS.ErrnoException) => {
        response.destroy();
        fail('unreachable', `cannot write ${sink.kind === 'file' ? sink.path : ''}: ${error.code ?? error.message}`);
      });
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (budget) {
          budget.bytes += chunk.length;
          if (budget.bytes > budget.maxBytes) {
            response.destroy();
            out?.destroy();
            fail('limit', `the harvest's total size limit of ${budget.maxBytes} bytes (--max-total-size) was reached`, {
              status,
            });
            return;
          }
        }
        if (bytes > options.maxBytes) {
          response.destroy();
          out?.destroy();
          fail('too-large', `the answer is over the limit of ${options.maxBytes} bytes`, { status });
          return;
        }
        hash.update(chunk);
        if (out) out.write(chunk);
        else if (sink.kind === 'memory') sink.chunks.push(chunk);
      });
      response.on('error', (error: NodeJS.ErrnoException) =>
        fail('unreachable', `the answer broke off: ${error.code ?? error.message}`, {
          ...(error.code ? { code: error.code } : {}),
        }),
      );
      response.on('end', () => {
        if (settled) return;
        const done = () =>
          finish({
            ok: true,
            status,
            ...(mediaType ? { mediaType } : {}),
            bytes,
            sha256: hash.digest('hex'),
            attempts: 1,
          });
        if (!out || !file) return done();
        out.end(() => {
          if (settled) return;
          // Renamed into place only when whole: a folder never holds half a description.
          rename(file.part, file.path).then(
            () => {
              temp = undefined;
              done();
            },
            (error: NodeJS.ErrnoException) =>
              fail('unreachable', `cannot write the description: ${error.code ?? error.message}`),
          );
        });
      });
    });
    // The request's own deadline, or the harvest's when that comes first.
    const left = budget ? budget.deadline - performance.now() : Infinity;
    const timer = setTimeout(
      () => {
        req.destroy();
        if (budget && left < options.timeoutMs) fail('limit', `${budget.deadlineText} was reached`);
        else fail('timeout', `no whole answer within ${options.timeoutMs} ms`);
      },
      Math.max(0, Math.min(options.timeoutMs, left)),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail('unreachable', connectionProblem(error), { ...(error.code ? { code: error.code } : {}) }),
    );
    req.end();
  });
}

/** A connection failure in words: refused, no such host, a certificate problem. */
export function connectionProblem(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'the connection was refused (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code) || /certificate|handshake|alert/i.test(error.message))
    return `TLS failed: ${error.message.split('\n')[0]}`;
  return `${code || error.message.split('\n')[0]}`;
}

/** Whether a failure may pass on another try. */
function retryable(failure: FetchFailure, retryServerErrors: boolean): boolean {
  if (failure.kind === 'timeout') return true;
  if (failure.kind === 'unreachable') return failure.code === 'ECONNRESET' || failure.code === 'EPIPE';
  return failure.kind === 'status' && retryServerErrors && failure.status !== undefined && failure.status >= 500;
}

async function withRetries<T extends FetchedBody>(
  attempt: () => Promise<T | FetchFailure>,
  options: TransportOptions,
  retryServerErrors: boolean,
): Promise<T | FetchFailure> {
  const retries = options.retries ?? 2;
  let wait = options.backoffMs ?? 200;
  for (let attempts = 1; ; attempts++) {
    await options.pace?.();
    const spent = budgetSpent(options.budget);
    if (spent) return { ok: false, kind: 'limit', reason: spent, attempts: attempts - 1 };
    const outcome = await attempt();
    if (outcome.ok || attempts > retries || !retryable(outcome, retryServerErrors)) return { ...outcome, attempts };
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait *= 2;
  }
}

/** GETs a JSON answer (a metaservice's), parsed within lint's bounds (size, nesting). */
export async function getJson(
  url: URL,
  headers: Record<string, string>,
  options: TransportOptions,
): Promise<(FetchedBody & { json: unknown }) | FetchFailure | (FetchedBody & { notJson: string })> {
  let chunks: Buffer[] = [];
  const outcome = await withRetries(
    () => {
      chunks = [];
      return once(url, { accept: 'application/json', ...headers }, { kind: 'memory', chunks }, options);
    },
    options,
    true,
  );
  if (!outcome.ok) return outcome;
  const text = Buffer.concat(chunks).toString('utf8');
  // Bounded as lint's reader bounds a description: nesting counted on the text before any parser
  // runs (a 4 MB `[[[…]]]` answer costs milliseconds, not a parse); the size is `maxBytes`.
  if (nestsDeeperThan(text))
    return { ...outcome, notJson: `it is nested deeper than ${MAX_NESTING} levels, which no metaservice answer needs` };
  try {
    return { ...outcome, json: JSON.parse(text) as unknown };
  } catch (error) {
    return { ...outcome, notJson: errorMessage(error) };
  }
}

/**
 * GETs a body to a file (a description): written beside it and renamed into place when whole.
 * `retryServerErrors: false` for an answer whose 5xx means "nothing there" (a REST service
 * registered without a description), which no retry changes.
 */
export function getToFile(
  url: URL,
  headers: Record<string, string>,
  path: string,
  options: TransportOptions,
  retryServerErrors = true,
): Promise<FetchedBody | FetchFailure> {
  return withRetries(() => once(url, headers, { kind: 'file', path }, options), options, retryServerErrors);
}
