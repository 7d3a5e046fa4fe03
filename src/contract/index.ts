/**
 * `vottur test` as a library: plan the requests a description implies, send them to a live
 * server (time limit, concurrency cap, no redirects off the server's host), check every answer,
 * run Dredd's transactions with hooks that make its non-2xx transactions test something real,
 * and return one `Report`.
 */
import { resolve as resolvePath } from 'node:path';
import { CouldNotRunError } from '../errors.js';
import type { LoadedDescription, LoadOptions } from '../lint/load.js';
import type { Finding, OperationResult, Report, RuleMeta } from '../report/finding.js';
import { maskDeep, maskNationalIds } from '../pii.js';
import { toolInfo } from '../version.js';
import { obtainCredentials, redactor, type AuthOptions, type Credentials } from './auth.js';
import { checkDataAgainst, checkDataShape, loadDataFile, type ContractData } from './data.js';
import { loadContractDescription, type ContractDescription, type OperationModel } from './description.js';
import { replayWithDredd, type DreddReplay } from './dredd/index.js';
import { oneFindingPerCause } from './causes.js';
import { contractFinding, placedInDescription } from './finding.js';
import { createLimiter, createPacer, send, type HttpOutcome } from './http.js';
import { answerCheckRules } from './answers/index.js';
import { examplesPhase, exchangeFindings, headersFor, type Exchange } from './phases/examples.js';
import { planRequests } from './plan.js';
import { probeById } from './probes/index.js';
import { contractRule, isContractRuleId, type ContractRuleId } from './rules.js';
import { RESPONSE_CHECK_RULES, SchemaValidators } from './validate/index.js';
import {
  DEFAULT_MAX_EXAMPLES,
  MAX_SEED,
  newSeed,
  parsePhases,
  PHASES,
  runPhases,
  type Phase,
  type PhaseResult,
} from './phases/index.js';
import { namedFileRoot } from '../runtime/safe-read.js';
import { cwdOf } from '../runtime/process-defaults.js';

export { contractRules } from './rules.js';
export { DEFAULT_MAX_EXAMPLES, MAX_SEED, parsePhases, PHASES, type Phase } from './phases/index.js';

export interface ContractTestOptions {
  /** Path of the OpenAPI 3.0/3.1 description (YAML or JSON). */
  description: string;
  /** Base URL of the server under test; the description's paths are appended to it. */
  server: string;
  auth?: AuthOptions;
  /** Where secrets named by environment variable are read (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
  /** What a `description` of `-` reads: the run's standard input. */
  stdin?: LoadOptions['stdin'];
  /** A `--data` file path, or its parsed contents. */
  data?: string | ContractData;
  /** Time limit per request in ms (default 10000). */
  timeoutMs?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Requests started per second at most, over the whole run (default: no limit). */
  rate?: number;
  /** An answer slower than this (ms) is a `contract-response-time` warning (default 2000). */
  maxResponseTimeMs?: number;
  /** Run Dredd's transactions too (default true). */
  dredd?: boolean;
  /** Leave national identifiers unmasked in the report and progress messages (default false). */
  showPii?: boolean;
  /** Paths are resolved and reported relative to this folder (default: the working directory). */
  cwd?: string;
  allowRemoteRefs?: boolean;
  /** The phases to run (default all): examples, coverage, fuzz, stateful. */
  phases?: readonly Phase[] | string;
  /** Seed of the generated requests (default: a new one, given in the report's coverage). */
  seed?: number;
  /** Generated requests per operation and polarity in the fuzz phase (default 100). */
  maxExamples?: number;
  /**
   * Seconds the fuzz phase generates for (1 to MAX_BUDGET_SECONDS), instead of stopping at
   * maxExamples: deeper exploration at a known cost.
   */
  budgetSeconds?: number;
  /** Generate requests for methods other than GET, HEAD and OPTIONS (default false). */
  allowUnsafeMethods?: boolean;
  /** The description already loaded (by `loadDescription`): it is not read and parsed again. */
  loaded?: LoadedDescription;
  /** Progress lines and notices (Dredd transactions skipped and why), already masked. */
  onProgress?: (message: string) => void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** --budget's upper bound: an hour; a repository's configuration cannot make a run that never ends. */
export const MAX_BUDGET_SECONDS = 3600;
export const DEFAULT_CONCURRENCY = 4;
/** The response time budget: an answer slower than this is a warning. */
export const DEFAULT_MAX_RESPONSE_TIME_MS = 2_000;

export async function runContractTests(options: ContractTestOptions): Promise<Report> {
  const mask = (text: string) => (options.showPii ? text : maskNationalIds(text));
  let redact = (text: string) => text;
  try {
    return await run(options, mask, (r) => (redact = r));
  } catch (error) {
    // One line, masked, without secrets: the CLI prints it as it is.
    if (error instanceof CouldNotRunError)
      throw new CouldNotRunError(mask(redact(error.message)).replace(/\s*\n\s*/g, ' '));
    throw error;
  }
}

async function run(
  options: ContractTestOptions,
  mask: (text: string) => string,
  setRedactor: (redact: (text: string) => string) => void,
): Promise<Report> {
  const cwd = cwdOf(options);
  const timeoutMs = positiveInteger(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, '--timeout');
  const concurrency = positiveInteger(options.concurrency ?? DEFAULT_CONCURRENCY, '--concurrency');
  const maxResponseTimeMs = positiveInteger(
    options.maxResponseTimeMs ?? DEFAULT_MAX_RESPONSE_TIME_MS,
    '--max-response-time',
  );
  if (options.rate !== undefined && !(Number.isFinite(options.rate) && options.rate > 0))
    throw new CouldNotRunError(`--rate must be a number of requests per second above 0 (got ${options.rate})`);
  const pace = options.rate !== undefined ? createPacer(options.rate) : undefined;
  // The slowest answer per operation, for the response time budget.
  const slowest = new Map<OperationModel, { durationMs: number; over: number; answers: number; label: string }>();
  const timed = (op: OperationModel, label: string, outcome: HttpOutcome): HttpOutcome => {
    if (!outcome.ok) return outcome;
    const entry = slowest.get(op) ?? { durationMs: 0, over: 0, answers: 0, label };
    entry.answers++;
    if (outcome.durationMs > maxResponseTimeMs) entry.over++;
    if (outcome.durationMs > entry.durationMs) Object.assign(entry, { durationMs: outcome.durationMs, label });
    slowest.set(op, entry);
    return outcome;
  };
  const server = parseServer(options.server);
  const phases = parsePhases(options.phases ?? PHASES);
  const maxExamples = positiveInteger(options.maxExamples ?? DEFAULT_MAX_EXAMPLES, '--max-examples');
  if (options.seed !== undefined && (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > MAX_SEED)) {
    throw new CouldNotRunError(`--seed must be a whole number from 0 to ${MAX_SEED} (got ${options.seed})`);
  }
  const seed = options.seed ?? newSeed();
  const budget = options.budgetSeconds;
  if (budget !== undefined && (!Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET_SECONDS))
    throw new CouldNotRunError(
      `--budget must be a whole number of seconds from 1 to ${MAX_BUDGET_SECONDS} (got ${budget})`,
    );
  const description = await loadContractDescription(
    /^https?:\/\//i.test(options.description) || options.description === '-'
      ? options.description
      : resolvePath(cwd, options.description),
    {
      cwd,
      allowRemoteRefs: options.allowRemoteRefs,
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.loaded ? { loaded: options.loaded } : {}),
    },
  );
  const data =
    typeof options.data === 'string'
      ? await loadDataFile(resolvePath(cwd, options.data), namedFileRoot(cwd))
      : options.data !== undefined
        ? checkDataShape(options.data)
        : undefined;
  if (data) checkDataAgainst(data, description.operations);

  const plan = planRequests(description, { data });
  const findings: Finding[] = [...plan.findings];
  const requiredScopes = [...new Set(description.operations.flatMap((op) => op.scopes))];
  const wantNoScope = plan.requests.some((r) => r.credentials === 'noScope');
  const credentials = await obtainCredentials(
    { cwd, ...(options.env ? { env: options.env } : {}), ...options.auth },
    { requiredScopes, wantNoScope, timeoutMs: Math.max(timeoutMs, 5_000) },
  );
  try {
    return await runWith(credentials);
  } finally {
    await credentials.close?.();
  }

  async function runWith(credentials: Credentials): Promise<Report> {
    // How requests travel: a client certificate's fetch, and headers new for each request (X-Road-Id).
    const transport = {
      ...(credentials.fetch
        ? { fetch: credentials.fetch, clientCertificate: Boolean(credentials.clientCertificate) }
        : {}),
      ...(credentials.perRequest ? { perRequest: credentials.perRequest } : {}),
      ...(credentials.tokens ? { tokens: credentials.tokens } : {}),
    };
    const redact = redactor(credentials.secrets);
    setRedactor(redact);
    const progress = (message: string) => options.onProgress?.(mask(redact(message)));

    // Without the examples phase no planned request is sent (and Dredd, which replays them, is not run).
    let requests = phases.includes('examples') ? plan.requests : [];
    // Without any credentials, contract-credentials-missing below says it once for every probe.
    if (wantNoScope && !credentials.noScope && credentials.hasCredentials) {
      const skipped = [...new Set(requests.filter((r) => r.credentials === 'noScope').map((r) => r.op.label))];
      findings.push(
        contractFinding('contract-probe-skipped', description.displayPath, {
          message: `the 403 probe (a token without the required scope) was not sent for ${skipped.join(', ')}: ${credentials.noScopeReason}`,
          path: ['components', 'securitySchemes'],
        }),
      );
      requests = requests.filter((r) => r.credentials !== 'noScope');
    }

    // Without credentials a secured operation can only be asked for its 401: every other request
    // would fail as a knock-on of that 401, so they are not sent, and one finding says what to pass.
    const notTested = new Map<OperationModel, string>();
    let credentialsMissing: Finding | undefined;
    if (!credentials.hasCredentials) {
      const secured = description.operations.filter((op) => op.secured);
      if (secured.length > 0) {
        const held = requests.filter((r) => r.op.secured && r.credentials !== 'none');
        for (const op of secured) notTested.set(op, 'no credentials were given');
        requests = requests.filter((r) => !(r.op.secured && r.credentials !== 'none'));
        credentialsMissing = contractFinding('contract-credentials-missing', description.displayPath, {
          message: `no credentials were given, and ${secured.length === description.operations.length ? 'every operation requires them' : `${secured.length} of ${description.operations.length} operations ${secured.length === 1 ? 'requires' : 'require'} them`}: ${held.length} request${held.length === 1 ? '' : 's'} that need${held.length === 1 ? 's' : ''} a token ${held.length === 1 ? 'was' : 'were'} not sent, and only the 401 without credentials was checked. Pass --bearer <token>, or --token-url <url> with --client-id <id> (the secret in VOTTUR_CLIENT_SECRET), or --header 'Authorization: …'`,
          path: ['components', 'securitySchemes'],
        });
        findings.push(credentialsMissing);
      }
    }

    progress(
      `testing ${description.operations.length} operation${description.operations.length === 1 ? '' : 's'} of ${description.displayPath} at ${server.href}: ${requests.length} request${requests.length === 1 ? '' : 's'}`,
    );
    const userAgent = `vottur/${toolInfo().version}`;
    const limit = createLimiter(concurrency);
    const { exchanges, failedOps } = await examplesPhase(requests, server, credentials, {
      limit,
      send: async (request, planned) =>
        timed(
          planned.op,
          `${request.method} ${planned.pathname}${planned.query ? `?${planned.query}` : ''}`,
          await send(request, {
            timeoutMs,
            userAgent,
            followRedirect: (status) => !planned.op.responses.some((r) => r.status === String(status)),
            ...(pace ? { pace } : {}),
            ...transport,
          }),
        ),
    });

    const validators = new SchemaValidators(description);
    const transportFailures = exchanges.filter((e) => !e.outcome.ok);
    const allUnreachable =
      exchanges.length > 0 &&
      transportFailures.length === exchanges.length &&
      transportFailures.every((e) => !e.outcome.ok && e.outcome.kind === 'unreachable');
    const first = exchanges[0];
    if (allUnreachable && first !== undefined && !first.outcome.ok) {
      // A server that is down is reported as down: which credentials it would have wanted is
      // unknown until it answers, so the credentials finding goes and every operation is untested
      // because of the server.
      if (credentialsMissing !== undefined) findings.splice(findings.indexOf(credentialsMissing), 1);
      for (const op of description.operations) notTested.set(op, 'the server could not be reached');
      findings.push(
        contractFinding('contract-unreachable', description.displayPath, {
          message: `cannot reach the server at ${server.href}: ${first.outcome.reason}; none of the ${exchanges.length} requests got an answer. Check --server and that the service is running`,
          request: { method: first.planned.method, url: first.url.href, durationMs: first.outcome.durationMs },
        }),
      );
    } else {
      const told = new Set<OperationModel>();
      for (const exchange of exchanges) {
        const own = exchangeFindings(description, validators, credentials, exchange, server);
        const held = failedOps.get(exchange.planned.op) ?? 0;
        if (!exchange.outcome.ok && held > 0 && !told.has(exchange.planned.op)) {
          told.add(exchange.planned.op);
          for (const finding of own)
            finding.message += `; the other ${held} request${held === 1 ? '' : 's'} of ${exchange.planned.op.label} ${held === 1 ? 'was' : 'were'} not sent`;
        }
        findings.push(...own);
      }
    }
    // An operation is tested when a request with the credentials it needs got an answer.
    const answered = new Set(
      exchanges
        .filter((e) => e.outcome.ok && (e.planned.credentials === 'full' || !e.planned.op.secured))
        .map((e) => e.planned.op),
    );
    for (const { planned, outcome } of exchanges) {
      if (outcome.ok || answered.has(planned.op) || notTested.has(planned.op)) continue;
      notTested.set(planned.op, allUnreachable ? 'the server could not be reached' : `no answer: ${outcome.reason}`);
    }
    // Nothing is tested on a server that cannot be reached, whether or not a request was planned for it.
    if (allUnreachable)
      for (const op of description.operations)
        if (!notTested.has(op)) notTested.set(op, 'the server could not be reached');

    const ran = new Set<ContractRuleId>([
      'contract-missing-example',
      'contract-probe-skipped',
      'contract-unreachable',
      'contract-timeout',
      'contract-redirect',
    ]);
    if (exchanges.some((e) => e.outcome.ok)) {
      for (const id of [...RESPONSE_CHECK_RULES.answer, ...RESPONSE_CHECK_RULES.live]) ran.add(id);
      for (const e of exchanges)
        if (e.outcome.ok) for (const id of answerCheckRules(probeById(e.planned.kind).answer)) ran.add(id);
    }

    let generated: PhaseResult | undefined;
    if (!allUnreachable && phases.some((phase) => phase !== 'examples')) {
      generated = await runPhases({
        description,
        validators,
        credentials,
        server,
        phases,
        seed,
        maxExamples,
        ...(budget !== undefined ? { budgetMs: budget * 1000 } : {}),
        allowUnsafeMethods: Boolean(options.allowUnsafeMethods),
        skip: notTested,
        ...(data ? { data } : {}),
        examples: exchanges.map((e) => ({
          op: e.planned.op,
          kind: e.planned.kind,
          method: e.planned.method,
          url: e.url,
          headers: { ...e.planned.headers, ...headersFor(e.planned, credentials) },
          ...(e.planned.body !== undefined ? { body: e.planned.body } : {}),
          outcome: e.outcome,
        })),
        send: (request, op) =>
          limit(async () =>
            timed(
              op,
              `${request.method} ${request.url.pathname}${request.url.search}`,
              await send(request, {
                timeoutMs,
                userAgent,
                followRedirect: () => false,
                ...(pace ? { pace } : {}),
                ...transport,
              }),
            ),
          ),
        progress,
      });
      findings.push(...generated.findings);
      for (const id of generated.ran) ran.add(id);
      // The undocumented-method check sends PUT, PATCH, DELETE or POST (fetch cannot send TRACE, the
      // one safe method a path would not document): say that it was not run.
      if (phases.includes('coverage') && !options.allowUnsafeMethods) {
        progress(
          'coverage: the undocumented-method check (405 with Allow) was not run: it sends PUT, PATCH, DELETE or POST, which vottur sends only with --allow-unsafe-methods',
        );
      }
      progress(
        `generated ${generated.coverage.requests - exchanges.length} requests (seed ${seed}; --seed ${seed} sends the same ones); coverage ${generated.coverage.percent}%`,
      );
    }

    // An operation no request was sent for (no example to build one from, and no generated phase)
    // was not tested, and counts against the score like one that got no answer.
    for (const op of description.operations) {
      if (notTested.has(op) || answered.has(op) || (generated?.requests.get(op.label) ?? 0) > 0) continue;
      if (exchanges.some((e) => e.planned.op === op)) continue;
      notTested.set(op, 'no request could be built for it (see contract-missing-example)');
    }

    let dredd: DreddReplay | undefined;
    if (options.dredd !== false && phases.includes('examples')) {
      if (credentials.fetch) {
        progress(
          'dredd: not run, since its HTTP client cannot present a TLS client certificate or trust a private CA (--cert, --ca)',
        );
      } else if (exchanges.length > 0 && transportFailures.length === exchanges.length) {
        progress('dredd: not run, since no request to the server got an answer');
      } else {
        dredd = await replayWithDredd({
          description,
          server,
          timeoutMs,
          concurrency,
          ...(pace ? { pace } : {}),
          ...(credentials.tokens ? { tokens: credentials.tokens } : {}),
          sent: exchanges,
          credentials: (planned) => headersFor(planned, credentials),
          heldBack: notTested,
          progress,
        });
        ran.add('contract-dredd');
        findings.push(...dredd.findings);
      }
    }
    const renewals = credentials.tokens?.renewals() ?? 0;
    if (renewals > 0)
      progress(
        `oauth: tokens renewed ${renewals} time${renewals === 1 ? '' : 's'} during the run, as they neared their expiry`,
      );
    // The response time budget: one warning per operation, naming its slowest answer.
    if (slowest.size > 0) ran.add('contract-response-time');
    for (const [op, entry] of slowest) {
      if (entry.over === 0) continue;
      findings.push(
        contractFinding('contract-response-time', description.displayPath, {
          op,
          message: `${entry.label} took ${Math.round(entry.durationMs)} ms, over the response time budget of ${maxResponseTimeMs} ms (--max-response-time); ${entry.over} of ${entry.answers} answers to ${op.label} were over it`,
        }),
      );
    }
    for (const finding of findings) if (isContractRuleId(finding.ruleId)) ran.add(finding.ruleId);
    {
      // The total the summary shows, with its parts as the progress lines above gave them.
      const generatedCount = generated ? [...generated.requests.values()].reduce((sum, n) => sum + n, 0) : 0;
      const dreddCount = dredd?.requests ?? 0;
      const total = exchanges.length + generatedCount + dreddCount;
      progress(
        `${total} request${total === 1 ? '' : 's'} in all: ${exchanges.length} planned, ${generatedCount} generated, ${dreddCount} by Dredd`,
      );
    }

    // One observation, one finding: a generated request that repeats a planned one (the coverage
    // phase's in-range values are often the examples), or two probes whose requests differ only in a
    // header the message does not name, found the same thing about the same answer.
    const seen = new Set<string>();
    const distinct = findings.filter((finding) => {
      const key = sameObservation(finding);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // One cause, one finding: the rest of a cause's findings become its evidence (causes.ts).
    const scrubbed = oneFindingPerCause(distinct).map((finding) => ({
      ...placedInDescription(finding, description),
      message: redact(finding.message),
      ...(finding.request ? { request: { ...finding.request, url: redact(finding.request.url) } } : {}),
      ...(finding.reproduce ? { reproduce: { ...finding.reproduce, curl: redact(finding.reproduce.curl) } } : {}),
      ...(finding.related
        ? {
            related: finding.related.map((r) => ({
              ...r,
              ...(r.message !== undefined ? { message: redact(r.message) } : {}),
              ...(r.request ? { request: { ...r.request, url: redact(r.request.url) } } : {}),
            })),
          }
        : {}),
    }));
    const report: Report = {
      tool: toolInfo(),
      createdTimestamp: new Date().toISOString(),
      documents: [
        {
          path: description.displayPath,
          ...(description.title ? { title: description.title } : {}),
          ...(description.version ? { version: description.version } : {}),
        },
      ],
      rules: [...ran].map(contractRule).sort((a: RuleMeta, b: RuleMeta) => a.id.localeCompare(b.id)),
      findings: options.showPii ? scrubbed : maskDeep(scrubbed),
      operations: operationResults(description, exchanges, dredd, scrubbed, generated, notTested),
      ...(generated ? { coverage: generated.coverage } : {}),
    };
    return report;
  }
}

function positiveInteger(value: number, option: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new CouldNotRunError(`${option} must be a whole number of 1 or more (got ${value})`);
  return value;
}

function parseServer(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CouldNotRunError(
      `--server ${text} is not a URL; give the base URL of the service, e.g. https://example.island.is/r1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CouldNotRunError(`--server must be an http or https URL (got ${url.protocol})`);
  if (url.username || url.password)
    throw new CouldNotRunError('--server must not carry credentials; give them with --header, --bearer or --token-url');
  if (url.search || url.hash)
    throw new CouldNotRunError('--server must be a base URL without a query string or fragment');
  return url;
}

/** Two findings say the same thing about the same answer: rule, operation and message (which names the request and the answer). */
function sameObservation(finding: Finding): string {
  return `${finding.ruleId}\u0000${finding.operation ?? ''}\u0000${finding.message}`;
}

function operationResults(
  description: ContractDescription,
  exchanges: Exchange[],
  dredd: DreddReplay | undefined,
  findings: Finding[],
  generated: PhaseResult | undefined,
  notTested: ReadonlyMap<OperationModel, string>,
): OperationResult[] {
  return description.operations.map((op) => {
    const replayed = dredd?.operations.get(op) ?? { requests: 0, durationMs: 0 };
    const planned = exchanges.filter((e) => e.planned.op === op);
    const durationMs = planned.reduce((sum, e) => sum + e.outcome.durationMs, 0) + replayed.durationMs;
    const notTestedReason = notTested.get(op);
    return {
      document: description.displayPath,
      operation: op.label,
      ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
      requests: planned.length + replayed.requests + (generated?.requests.get(op.label) ?? 0),
      findings: findings.filter((f) => f.operation === op.label).length,
      durationMs,
      ...(notTestedReason !== undefined ? { notTested: notTestedReason } : {}),
    };
  });
}
