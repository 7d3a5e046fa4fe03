/**
 * Dredd itself (archived upstream; CommonJS): its Node API, its hooks, its loggers. Nothing
 * outside src/contract/dredd/ touches Dredd, so replacing Dredd means replacing that folder only;
 * this file runs it, copy.ts adjusts the description for its parser, and index.ts is what
 * `vottur test` calls.
 *
 * - Dredd reads the adjusted copy of the description (copy.ts) written as JSON to a temporary
 *   folder.
 * - Hooks are TypeScript functions registered in process: Dredd loads hook *files* only, so a
 *   three-line generated CommonJS hook file hands Dredd's `hooks` object to a function kept in a
 *   registry on `globalThis`. `beforeAll` replaces each transaction's request with the one the
 *   caller prepares for its status (credentials, the not-found or malformed identifier, no
 *   token, a token without the scope) or skips it with a reason; `beforeEachValidation` leaves
 *   body checks to ajv where the description has a schema, and accepts Content-Type parameters
 *   (`; charset=utf-8`) that Dredd's exact header comparison would reject.
 * - Dredd's winston loggers are silenced (nothing reaches stdout or stderr); its error messages
 *   are captured and returned.
 * - Dredd never talks to the server under test itself: its HTTP client reads bodies without a
 *   size limit (a 1 GB answer crashed the run), restarts its timer on every byte (a trickling body
 *   stalled it for good) and sends one request after another. Its endpoint is a loopback proxy
 *   run here; the requests of its transactions are sent by vottur's own client (src/contract/http.ts:
 *   body size cap, a deadline for the whole answer, the --concurrency cap), ahead of Dredd by at
 *   most 2 × concurrency transactions, and the proxy answers each of Dredd's requests with what
 *   came back.
 *   When a limit is hit Dredd gets a 502/504 and the transaction is reported as not run, naming
 *   the limit. The whole replay has a deadline too (`deadlineMs`): after it nothing more is sent.
 * - Runs are serialised: Dredd's loggers are process-wide.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../../../rulesets/lib/rule.js';
import {
  createLimiter,
  DEFAULT_MAX_BODY_BYTES,
  describeBytes,
  methodAllowed,
  send,
  type HttpOutcome,
  type TokenRenewal,
} from '../http.js';
import { essenceOf } from '../validate/media-type.js';
import { dreddCopy, type DreddCut } from './copy.js';
import { errorMessage } from '../../errors.js';
import { withoutTrailing } from '../../runtime/text.js';

export interface DreddTransactionInfo {
  /** Dredd's transaction name, e.g. `/v2/users/{nationalId} > Get a user > 200 > application/json`. */
  name: string;
  method: string;
  /** The path template as the description writes it. */
  pathTemplate: string;
  status: number;
  /** The documented media type of the expected response, if any. */
  mediaType?: string;
}

/** The request to send for a transaction, or why it is skipped. */
export type DreddPrepared = { pathAndQuery: string; headers: Record<string, string>; body?: string } | { skip: string };

export interface DreddRunOptions {
  /** The bundled description (all `$ref`s local). It is copied, not changed. */
  document: OpenApiDocument;
  server: string;
  /** The time limit for each whole answer (headers and body), as for vottur's own requests. */
  timeoutMs: number;
  /** Paces every request (`--rate`), shared with the rest of the run. */
  pace?: () => Promise<void>;
  /** Keeps the OAuth 2.0 tokens valid. */
  tokens?: TokenRenewal;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Bodies are read up to this size (default 5 MB). */
  maxBodyBytes?: number;
  /** The whole replay's deadline (default: the longer of 60 s and 6 × timeoutMs; the caller gives the shorter of that and what is left of the run's budget). */
  deadlineMs?: number;
  /** --allow-unsafe-methods: without it a transaction of another method than GET, HEAD, OPTIONS is skipped. */
  allowUnsafeMethods?: boolean;
  prepare(info: DreddTransactionInfo): DreddPrepared;
  /** True when Dredd should check the body too (the description has no schema for it). */
  checkBody(info: DreddTransactionInfo): boolean;
}

export interface DreddResult {
  info: DreddTransactionInfo;
  outcome: 'pass' | 'fail' | 'skip' | 'error';
  /** Gavel's validation messages, the skip reason, or the error. */
  message: string;
  method: string;
  url: string;
  actualStatus?: number;
  durationMs?: number;
}

export interface DreddRun {
  results: DreddResult[];
  /** Set when Dredd could not run at all (e.g. its parser rejected the description). */
  failure?: string;
  /** Set when Dredd was not run because a limit was reached (a `contract-limit-reached` finding). */
  limit?: string;
  /** Enums and examples cut in Dredd's copy (copy.ts), when any were. */
  cut?: DreddCut;
}

/**
 * The largest copy of the description Dredd parses (as JSON): 24 MB. Twice the largest real
 * description of the corpus (Cloudflare's, 4 MB, parses in seconds); past it the parse, which
 * nothing can interrupt, would set the gate's duration.
 */
export const DREDD_MAX_COPY_CHARS = 24 * 1024 * 1024;

const REGISTRY = Symbol.for('vottur.dredd.hooks');
type Registry = Map<string, (hooks: DreddHooks) => void>;

interface DreddHooks {
  beforeAll(hook: (transactions: DreddTransaction[]) => void): void;
  beforeEachValidation(hook: (transaction: DreddTransaction) => void): void;
}

interface DreddTransaction {
  name: string;
  origin: { resourceName?: string; actionName?: string; exampleName?: string };
  request: { method: string; uri: string; headers: Record<string, string>; body?: string };
  expected: { statusCode?: string; headers?: Record<string, string>; body?: string; bodySchema?: unknown };
  real?: { statusCode: number; headers: Record<string, string>; body?: string };
  fullPath: string;
  skip?: boolean;
}

interface DreddTest {
  origin?: object;
  message?: string;
  status?: string;
  duration?: number;
  actual?: { statusCode?: number };
  request?: { method?: string; uri?: string };
}

interface WinstonLogger {
  transports: { console: { silent?: boolean; level?: string } };
  filters: Array<(level: string, msg: string, meta: unknown) => string>;
}

interface DreddModule {
  Dredd: new (config: Record<string, unknown>) => {
    run(callback: (error: Error | null, stats: unknown) => void): void;
  };
  logger: WinstonLogger;
  reporterLogger: WinstonLogger;
}

let loaded: DreddModule | undefined;
let queue: Promise<unknown> = Promise.resolve();
const captured = new Set<string[]>();

function loadDredd(): DreddModule {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  // Dredd's winston 2 reads a property of a module still loading; Node warns about it on
  // stderr. The warning says nothing to a vottur user, so it is dropped while Dredd loads.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back as it was; called with process as this (Reflect.apply)
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/circular dependency/.test(text)) return;
    Reflect.apply(emitWarning, process, [warning, ...rest]);
  };
  try {
    keepParses(require);
    // Dredd ships no types: these are the parts of it vottur uses, as declared above.
    const Dredd = require('dredd') as DreddModule['Dredd'];
    const logger = (require('dredd/build/logger.js') as { default: WinstonLogger }).default;
    const reporterLogger = (require('dredd/build/reporters/reporterOutputLogger.js') as { default: WinstonLogger })
      .default;
    // Silent transports; the level is set so that warnings and errors still reach the filter
    // below, which hands them to the run that is going on.
    for (const log of [logger, reporterLogger]) log.transports.console.silent = true;
    logger.transports.console.level = 'warn';
    logger.filters.push((level, msg) => {
      if (level === 'error') for (const sink of captured) sink.push(String(msg));
      return msg;
    });
    loaded = { Dredd, logger, reporterLogger };
    return loaded;
  } finally {
    process.emitWarning = emitWarning;
  }
}

type DreddParse = (content: string, callback: (error: null, result: unknown) => void) => void;

/** How many descriptions' parses are kept (a run parses one; a process running many checks, a few). */
const PARSES_KEPT = 4;

/**
 * Dredd parses the description's text into API Elements on every run (its openapi3-parser: a
 * quarter of a small service's run, in CPU). The same text gives the same parse, and Dredd's
 * compiler freezes the elements before it reads them (transactions and annotations are built
 * anew from them each time), so a process that checks the same description again (the language
 * server, `vottur check` in a loop, the library, the tests' fault runs) reuses the last few
 * parses: Dredd's `dredd-transactions/parse` module, as Dredd resolves it, is replaced in the
 * module cache, before Dredd loads, by one that remembers.
 */
function keepParses(require: NodeJS.Require): void {
  const path = createRequire(require.resolve('dredd')).resolve('dredd-transactions/parse');
  const parse = require(path) as DreddParse;
  const cached = require.cache[path];
  if (!cached || typeof parse !== 'function') return;
  const kept = new Map<string, unknown>();
  const remembering: DreddParse = (content, callback) => {
    const known = kept.get(content);
    if (known !== undefined) {
      // Newest last: a hit moves to the end; the oldest goes first when the map is full.
      kept.delete(content);
      kept.set(content, known);
      process.nextTick(() => callback(null, known));
      return;
    }
    parse(content, (error, result) => {
      kept.set(content, result);
      const oldest = kept.keys().next();
      if (kept.size > PARSES_KEPT && !oldest.done) kept.delete(oldest.value);
      callback(error, result);
    });
  };
  cached.exports = remembering;
}

/** The hook registry on `globalThis`, where the generated hook file finds it. */
function registry(): Registry {
  const existing: unknown = Reflect.get(globalThis, REGISTRY);
  // Only this module puts a Map there.
  if (existing instanceof Map) return existing as Registry;
  const created: Registry = new Map();
  Reflect.set(globalThis, REGISTRY, created);
  return created;
}

/** Runs Dredd against the server; one run at a time per process. */
export function runDredd(options: DreddRunOptions): Promise<DreddRun> {
  const run = queue.then(() => runOnce(options));
  queue = run.catch(() => undefined);
  return run;
}

/** The header that tells the proxy which transaction a request of Dredd's belongs to. */
const TRANSACTION_HEADER = 'x-vottur-transaction';
/** Response headers that describe the proxy's own framing of the body, not the server's. */
const FRAMING_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
/** Time Dredd gets after the deadline to finish with the answers it was given. */
const WIND_DOWN_MS = 5_000;

export function defaultDeadlineMs(timeoutMs: number): number {
  return Math.max(60_000, 6 * timeoutMs);
}

interface Known {
  info: DreddTransactionInfo;
  url: string;
  method: string;
  skipReason?: string;
  /** Why vottur's client gave up on the answer (a limit, or the server could not be reached). */
  gaveUp?: string;
}

async function runOnce(options: DreddRunOptions): Promise<DreddRun> {
  const { Dredd, logger } = loadDredd();
  const folder = await mkdtemp(join(tmpdir(), 'vottur-dredd-'));
  const id = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const errors: string[] = [];
  const results: DreddResult[] = [];
  const infos = new Map<object, Known>();
  /** Dredd's transactions in its order, each with the request to send and, once sent, the answer. */
  const byTag = new Map<
    string,
    { index: number; known: Known; start: () => Promise<HttpOutcome>; answer?: Promise<HttpOutcome> }
  >();
  const order: string[] = [];
  const server = new URL(options.server);
  const basePath = withoutTrailing(server.pathname, '/');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const deadlineMs = options.deadlineMs ?? defaultDeadlineMs(options.timeoutMs);
  const concurrency = options.concurrency ?? 4;
  const limit = createLimiter(concurrency);
  // Requests are sent ahead of Dredd by at most this many transactions, so the answers held
  // waiting for Dredd stay few (each up to the body cap) while `concurrency` are always in flight.
  const window = 2 * concurrency;
  let nextToSend = 0;
  const sendAhead = (upTo: number) => {
    for (; nextToSend <= upTo && nextToSend < order.length; nextToSend++) {
      const tag = order[nextToSend];
      const entry = tag === undefined ? undefined : byTag.get(tag);
      if (entry) entry.answer ??= entry.start();
    }
  };
  let cutForDredd: DreddCut | undefined;
  const stop = new AbortController();
  const deadline = setTimeout(
    () => stop.abort(new Error(`the Dredd replay's deadline of ${deadlineMs} ms passed`)),
    deadlineMs,
  );
  deadline.unref();
  /** `path` is the server's base path and the transaction's path and query. */
  const fetchAnswer = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<HttpOutcome> =>
    limit(() =>
      send(
        { method, url: new URL(`${server.origin}${path}`), headers, ...(body ? { body } : {}) },
        {
          timeoutMs: options.timeoutMs,
          maxBodyBytes,
          signal: stop.signal,
          followRedirect: () => false,
          userAgent: 'Dredd',
          allowUnsafeMethods: options.allowUnsafeMethods === true,
          ...(options.pace ? { pace: options.pace } : {}),
          ...(options.tokens ? { tokens: options.tokens } : {}),
        },
      ),
    );
  const proxy = createServer((request, response) => {
    answerDredd(request, response).catch(() => response.destroy());
  });
  const answerDredd = async (request: IncomingMessage, response: ServerResponse) => {
    const tag = String(request.headers[TRANSACTION_HEADER] ?? '');
    const entry = byTag.get(tag);
    let outcome: HttpOutcome;
    if (entry) {
      request.resume();
      sendAhead(entry.index + window);
      entry.answer ??= entry.start();
      outcome = await entry.answer;
      // Dredd asks once per transaction: the answer is not kept.
      entry.answer = Promise.resolve({
        ok: false,
        kind: 'unreachable',
        reason: 'asked twice',
        url: new URL(server.href),
        durationMs: 0,
      });
    } else {
      // Not one vottur prepared (it should not happen): forwarded as Dredd sent it, within the same limits.
      const body = await readRequestBody(request, maxBodyBytes);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length' && name !== TRANSACTION_HEADER)
          headers[name] = value;
      }
      outcome = await fetchAnswer(request.method ?? 'GET', request.url ?? '/', headers, body);
    }
    const gaveUp = !outcome.ok
      ? outcome.reason
      : outcome.response.truncated
        ? `the answer was larger than the ${describeBytes(maxBodyBytes)} limit (vottur reads no more of an answer than that)`
        : undefined;
    if (gaveUp !== undefined) {
      if (entry) entry.known.gaveUp = gaveUp;
      response.writeHead(!outcome.ok && outcome.kind === 'timeout' ? 504 : 502, {
        'content-type': 'text/plain; charset=utf-8',
      });
      response.end(gaveUp);
      return;
    }
    if (!outcome.ok) return;
    const headers: Array<[string, string]> = [];
    outcome.response.headers.forEach((value, name) => {
      if (!FRAMING_HEADERS.has(name)) headers.push([name, value]);
    });
    response.writeHead(outcome.response.status, headers.flat());
    response.end(outcome.response.body);
  };
  try {
    await new Promise<void>((resolvePromise, rejectPromise) => {
      proxy.once('error', rejectPromise);
      proxy.listen(0, '127.0.0.1', () => resolvePromise());
    });
    const address = proxy.address();
    const endpoint = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const descriptionFile = join(folder, 'description.json');
    const hookFile = join(folder, 'hooks.cjs');
    const cut: DreddCut = { enums: 0, examples: 0 };
    const copyText = JSON.stringify(dreddCopy(options.document, cut));
    if (cut.enums + cut.examples > 0) cutForDredd = cut;
    // Dredd's parse is synchronous and in process: past this size no deadline could stop it.
    if (copyText.length > DREDD_MAX_COPY_CHARS)
      return {
        results,
        cut,
        limit: `the description's copy for Dredd is ${describeBytes(copyText.length)}, past the ${describeBytes(DREDD_MAX_COPY_CHARS)} Dredd's parser (synchronous, with no deadline) is given, so Dredd's replay was not run; the other phases checked the description`,
      };
    await writeFile(descriptionFile, copyText);
    await writeFile(
      hookFile,
      `// Generated by vottur: hands Dredd's hooks to the run ${id}.\nconst hooks = require('hooks');\nconst register = globalThis[Symbol.for('vottur.dredd.hooks')]?.get(${JSON.stringify(id)});\nif (register) register(hooks);\n`,
    );
    let hooked = false;
    registry().set(id, (hooks) => {
      hooked = true;
      // All transactions are known here: each gets the request for its status, and vottur's client
      // sends them ahead of Dredd (within the concurrency cap); Dredd's own requests, one by one,
      // only collect the answers.
      hooks.beforeAll((transactions) => {
        transactions.forEach((transaction, index) => {
          const info = transactionInfo(transaction);
          const prepared: DreddPrepared = methodAllowed(transaction.request.method, options.allowUnsafeMethods)
            ? options.prepare(info)
            : { skip: `${transaction.request.method} is not sent without --allow-unsafe-methods` };
          if ('skip' in prepared) {
            transaction.skip = true;
            infos.set(transaction.origin, {
              info,
              url: `${server.origin}${basePath}${transaction.request.uri}`,
              method: transaction.request.method,
              skipReason: prepared.skip,
            });
            return;
          }
          const userAgent = Object.entries(transaction.request.headers).find(
            ([name]) => name.toLowerCase() === 'user-agent',
          );
          const accept: Record<string, string> = info.mediaType ? { Accept: info.mediaType } : {};
          const headers = { ...(userAgent ? { [userAgent[0]]: userAgent[1] } : {}), ...prepared.headers, ...accept };
          const tag = String(index);
          transaction.request.headers = { ...headers, [TRANSACTION_HEADER]: tag };
          transaction.request.uri = prepared.pathAndQuery;
          transaction.request.body = prepared.body ?? '';
          transaction.fullPath = `${basePath}${prepared.pathAndQuery}`;
          const known: Known = {
            info,
            url: `${server.origin}${transaction.fullPath}`,
            method: transaction.request.method,
          };
          infos.set(transaction.origin, known);
          const method = transaction.request.method;
          byTag.set(tag, {
            index: order.length,
            known,
            start: () => fetchAnswer(method, `${basePath}${prepared.pathAndQuery}`, headers, prepared.body),
          });
          order.push(tag);
        });
        sendAhead(window - 1);
      });
      hooks.beforeEachValidation((transaction) => {
        const info = infos.get(transaction.origin)?.info ?? transactionInfo(transaction);
        if (!options.checkBody(info)) {
          delete transaction.expected.body;
          delete transaction.expected.bodySchema;
        }
        // Dredd compares Content-Type exactly; `application/json; charset=utf-8` is application/json.
        const expectedHeaders = transaction.expected.headers ?? {};
        const [expectedName, expected] = contentTypeOf(expectedHeaders) ?? [];
        const [, actual] = contentTypeOf(transaction.real?.headers ?? {}) ?? [];
        if (expectedName && actual !== undefined && expected !== undefined && essenceOf(expected) === essenceOf(actual))
          expectedHeaders[expectedName] = actual;
      });
    });

    const emitter = new EventEmitter();
    const record = (outcome: DreddResult['outcome'], test: DreddTest, message: string) => {
      const known = test.origin ? infos.get(test.origin) : undefined;
      if (!known) return;
      // An answer vottur's client gave up on: what Dredd made of the stand-in 502/504 says nothing.
      const gaveUp = outcome !== 'skip' ? known.gaveUp : undefined;
      results.push({
        info: known.info,
        outcome: gaveUp !== undefined ? 'error' : outcome,
        message: gaveUp ?? message,
        method: known.method,
        url: known.url,
        ...(test.actual?.statusCode !== undefined && gaveUp === undefined
          ? { actualStatus: test.actual.statusCode }
          : {}),
        ...(typeof test.duration === 'number' ? { durationMs: test.duration } : {}),
      });
    };
    emitter.on('test pass', (test: DreddTest) => record('pass', test, ''));
    emitter.on('test fail', (test: DreddTest) => record('fail', test, (test.message ?? '').trim()));
    emitter.on('test skip', (test: DreddTest) =>
      record('skip', test, (test.origin && infos.get(test.origin)?.skipReason) ?? 'skipped'),
    );
    emitter.on('test error', (error: Error, test: DreddTest) =>
      record('error', test, describeError(error, options.timeoutMs)),
    );

    const dredd = new Dredd({
      endpoint,
      path: [descriptionFile],
      hookfiles: [hookFile],
      language: 'nodejs',
      reporter: [],
      output: [],
      loglevel: 'silent',
      color: false,
      emitter,
      custom: { cwd: folder },
      // The proxy answers every request by the deadline; Dredd's own timer must not fire first.
      http: { timeout: deadlineMs + WIND_DOWN_MS },
    });
    // applyConfiguration (in the constructor) resets the logger's level; keep errors reaching the filter.
    logger.transports.console.level = 'warn';
    logger.transports.console.silent = true;
    captured.add(errors);
    const finished = new Promise<{ failure?: string }>((resolvePromise) => {
      dredd.run((error) =>
        resolvePromise(error ? { failure: [error.message, ...errors].filter(Boolean).join('; ') } : {}),
      );
    });
    // Dredd itself (its parser, its hooks) gets the deadline too.
    let windDown: NodeJS.Timeout | undefined;
    const overdue = new Promise<{ failure: string; overdue: true }>((resolvePromise) => {
      const give = () => {
        windDown = setTimeout(
          () =>
            resolvePromise({
              failure: `Dredd did not finish within the replay's deadline of ${deadlineMs} ms`,
              overdue: true,
            }),
          WIND_DOWN_MS,
        );
        windDown.unref();
      };
      if (stop.signal.aborted) give();
      else stop.signal.addEventListener('abort', give, { once: true });
    });
    const ended = await Promise.race([finished, overdue]);
    clearTimeout(windDown);
    const failure = ended.failure;
    if (!failure && !hooked)
      return { results: [], failure: "Dredd did not load vottur's hooks, so its results would not mean anything" };
    return {
      results: [...results],
      ...(failure ? { failure: failure.split(descriptionFile).join('the description') } : {}),
      ...(cutForDredd ? { cut: cutForDredd } : {}),
    };
  } catch (error) {
    return {
      results: [...results],
      failure: [errorMessage(error), ...errors].join('; '),
      ...(cutForDredd ? { cut: cutForDredd } : {}),
    };
  } finally {
    clearTimeout(deadline);
    stop.abort(new Error('the Dredd replay ended'));
    captured.delete(errors);
    registry().delete(id);
    proxy.closeAllConnections();
    proxy.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** A request body of Dredd's, up to `maxBytes`. */
async function readRequestBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.byteLength;
    if (size > maxBytes) break;
    chunks.push(bytes);
  }
  return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/** The Content-Type header of a set of headers, with its name as written, if there is one. */
function contentTypeOf(headers: Record<string, string>): [string, string] | undefined {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
}

function transactionInfo(transaction: DreddTransaction): DreddTransactionInfo {
  const [, contentType] = contentTypeOf(transaction.expected.headers ?? {}) ?? [];
  const uri = transaction.request.uri;
  return {
    name: transaction.name,
    method: transaction.request.method.toUpperCase(),
    pathTemplate: transaction.origin.resourceName ?? (uri.includes('?') ? uri.slice(0, uri.indexOf('?')) : uri),
    status: Number(transaction.expected.statusCode),
    ...(contentType ? { mediaType: contentType } : {}),
  };
}

function describeError(error: Error, timeoutMs: number): string {
  const code = 'code' in error ? error.code : undefined;
  if (code === 'ESOCKETTIMEDOUT' || code === 'ETIMEDOUT') return `no answer within ${timeoutMs} ms (${code})`;
  if (code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)';
  return error.message || String(error);
}
