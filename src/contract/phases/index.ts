/**
 * The generated phases of `vottur test`, after the examples (examples.ts): a deterministic
 * coverage phase (coverage.ts), a property-based fuzz phase (fuzz.ts) and a stateful phase along
 * the description's `links` (stateful.ts). Each phase produces requests tagged with the answer
 * check (answers/) their answer must pass; this module sends them, runs that check and the
 * response checks the examples get, reports each finding once per rule, operation and phase, and
 * counts what was covered. A finding carries the request as `curl`, the phase and the seed.
 */
import { CouldNotRunError } from '../../errors.js';
import type { CoverageReport, Finding, OperationCoverage } from '../../report/finding.js';
import type { Credentials } from '../auth.js';
import { answerCheckRules, checkAnswer } from '../answers/index.js';
import type { ContractData } from '../data.js';
import { documentedResponse, type ContractDescription, type OperationModel } from '../description.js';
import { contractFinding } from '../finding.js';
import { observationKey, observedAs, statusOnly } from '../causes.js';
import { descriptionDictionary } from '../generate/dictionary.js';
import { toCurl } from '../generate/curl.js';
import { generationLimits } from '../generate/limits.js';
import { unsampledReason } from '../generate/pattern-bounds.js';
import { MAX_REDRAWS } from '../generate/verify.js';
import { patternLocation } from '../patterns.js';
import { SAFE_METHODS, type HttpOutcome, type HttpRequest } from '../http.js';
import { isContractRuleId, type ContractRuleId } from '../rules.js';
import { requestLabel } from '../url.js';
import { checkLiveConventions, checkResponse, RESPONSE_CHECK_RULES, type SchemaValidators } from '../validate/index.js';
import { coveragePhase, unsupportedMethods } from './coverage.js';
import type { ExampleExchange, GeneratedPhase, Phase, PhaseContext, PhaseOperation, TaggedRequest } from './context.js';
import { fuzzPhase } from './fuzz.js';
import { baseValues, buildRequest, operationInputs, type Input } from './inputs.js';
import { statefulPhase } from './stateful.js';
import { RunBudgetSpent, type RunBudget } from '../runner/budget.js';
import { checkDeadline, withDeadline } from '../generate/deadline.js';

export type { Phase } from './context.js';

export const PHASES: readonly Phase[] = ['examples', 'coverage', 'fuzz', 'stateful'];
export const DEFAULT_MAX_EXAMPLES = 100;
/** Methods generated without --allow-unsafe-methods: a gate runs against shared test environments. */
export { SAFE_METHODS };

/** `examples,coverage` → the phases, in their fixed order; one line for an unknown name. */
export function parsePhases(text: string | readonly string[]): Phase[] {
  const names = (typeof text === 'string' ? text.split(',') : [...text]).map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!PHASES.some((phase) => phase === name))
      throw new CouldNotRunError(`--phases: unknown phase "${name}"; use some of ${PHASES.join(', ')}`);
  }
  if (names.length === 0) throw new CouldNotRunError(`--phases needs at least one of ${PHASES.join(', ')}`);
  return PHASES.filter((phase) => names.includes(phase));
}

/**
 * The largest seed: nine digits, so that a seed is never taken for a national identifier (ten
 * digits) and masked where it is printed.
 */
export const MAX_SEED = 999_999_999;

/** A seed for a run that was given none (printed with the report, so it can be given next time). */
export function newSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}

export interface PhaseOptions {
  description: ContractDescription;
  validators: SchemaValidators;
  credentials: Credentials;
  server: URL;
  phases: readonly Phase[];
  seed: number;
  maxExamples: number;
  /** --budget, in ms: the fuzz phase generates until it is spent instead of stopping at maxExamples. */
  budgetMs?: number;
  allowUnsafeMethods: boolean;
  data?: ContractData;
  examples: readonly ExampleExchange[];
  /** Operations not to generate requests for, with the reason (e.g. no credentials for a secured one). */
  skip?: ReadonlyMap<OperationModel, string>;
  /**
   * Skipped secured operations (no credentials for their schemes) the coverage phase still asks
   * once without credentials: a 2xx is contract-auth-required's finding.
   */
  askWithoutCredentials?: readonly OperationModel[];
  /** Sends one request (the runner's time limit, concurrency cap and user agent). */
  send: (request: HttpRequest, op: OperationModel) => Promise<HttpOutcome>;
  /**
   * The run-wide budget (runner/budget.ts): each request takes one; once it is spent nothing more
   * is generated or sent, and the runner reports it (contract-run-budget).
   */
  budget?: RunBudget;
  progress?: (message: string) => void;
}

export interface PhaseResult {
  findings: Finding[];
  coverage: CoverageReport;
  /** Rules that ran (had an answer to judge). */
  ran: Set<ContractRuleId>;
  /** Requests sent per operation (label), all generated phases together. */
  requests: Map<string, number>;
}

interface OperationStats {
  requests: Record<string, number>;
  statuses: Set<string>;
  inputs: Set<string>;
  constraints: Set<string>;
  skipped?: string;
  transportFailed?: boolean;
}

export async function runPhases(options: PhaseOptions): Promise<PhaseResult> {
  const { budget } = options;
  if (budget === undefined) return phasesOf(options);
  // The generators check the run's budget between draws (generate/deadline.ts), not only the sends.
  return withDeadline(
    () => {
      const why = budget.spent();
      if (why !== undefined) throw new RunBudgetSpent(why);
    },
    () => phasesOf(options),
  );
}

async function phasesOf(options: PhaseOptions): Promise<PhaseResult> {
  const { description, phases } = options;
  const findings: Finding[] = [];
  const ran = new Set<ContractRuleId>();
  const seen = new Set<string>();
  const perOp = new Map<OperationModel, OperationStats>();
  const stats = (op: OperationModel) => {
    let entry = perOp.get(op);
    if (!entry)
      perOp.set(
        op,
        (entry = {
          requests: Object.fromEntries(phases.map((p) => [p, 0])),
          statuses: new Set(),
          inputs: new Set(),
          constraints: new Set(),
        }),
      );
    return entry;
  };
  const noteStatus = (op: OperationModel, status: number) => {
    const documented = documentedResponse(op, status);
    if (documented) stats(op).statuses.add(documented.status);
  };
  for (const example of options.examples) {
    stats(example.op).requests.examples = (stats(example.op).requests.examples ?? 0) + 1;
    if (example.outcome.ok) noteStatus(example.op, example.outcome.response.status);
    else stats(example.op).skipped = `its example request got no answer (${example.outcome.reason})`;
  }
  for (const [op, reason] of options.skip ?? []) stats(op).skipped ??= `not generated: ${reason}`;

  // Every operation's inputs, once.
  // An operation whose inputs cannot be made (a generator threw) is skipped, and said so below.
  const inputsFailed = new Map<OperationModel, string>();
  // Made before the first generated request, so the run's budget is checked here too (issue 34,
  // o34r14: --max-run-time 30 ended at 53 s): once spent, the operations left get no inputs.
  const inputs = new Map<OperationModel, Input[]>(
    description.operations.map((op) => {
      try {
        checkDeadline();
        return [op, operationInputs(description, op, options.data)];
      } catch (error) {
        if (error instanceof RunBudgetSpent) {
          stats(op).skipped ??=
            'not generated: the run budget was spent before its inputs were made (see contract-run-budget)';
          return [op, []];
        }
        inputsFailed.set(op, firstLine(error));
        stats(op).skipped ??= 'not generated: its input values could not be made';
        return [op, []];
      }
    }),
  );
  const inputsOf = (op: OperationModel): Input[] => inputs.get(op) ?? [];

  // What the description and (as they come) the answers contain: the fuzz phase draws strings from it.
  const dictionary = descriptionDictionary(description.data);
  for (const example of options.examples) if (example.outcome.ok) dictionary.addAnswer(example.outcome.response.body);

  /** One finding per rule, operation and phase: a fault seen by 300 requests is one finding, not 300. */
  // The observation each answered request was (causes.ts), for the verdicts reported on it later.
  const observationOf = new WeakMap<HttpRequest, string>();
  const keep = (finding: Finding, phase: Phase, distinct = '') => {
    const key = `${finding.ruleId}\u0000${finding.operation ?? ''}\u0000${phase}\u0000${distinct}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push(finding);
  };
  const reproduceOf = (op: OperationModel, phase: GeneratedPhase, tagged: TaggedRequest) => {
    const { request } = tagged;
    return {
      phase,
      curl: toCurl({
        method: request.method,
        url: request.url.href,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        // A cookie parameter's value is no secret (unless an API key travels under its name).
        publicCookies: op.parameters
          .filter((p) => p.in === 'cookie')
          .map((p) => p.name)
          .filter((name) => !op.security.flat().some((scheme) => scheme.in === 'cookie' && scheme.keyName === name)),
        secrets: options.credentials.secrets,
      }),
      seed: options.seed,
      ...(tagged.constraint ? { constraint: tagged.constraint } : {}),
    };
  };

  const exchange: PhaseContext['exchange'] = async (op, phase, tagged) => {
    // After a timeout or a refused connection nothing more is sent for the operation: one is reported, not hundreds.
    if (stats(op).transportFailed) return undefined;
    // The run's budget spent: this operation's phase ends here (guarded/untilSpent below).
    if (options.budget && !options.budget.take()) throw new RunBudgetSpent(options.budget.spent() ?? '');
    const { request } = tagged;
    stats(op).requests[phase] = (stats(op).requests[phase] ?? 0) + 1;
    const outcome = await options.send(request, op);
    const label = requestLabel(options.server, request.method, request.url);
    const requestInfo = {
      method: request.method,
      url: request.url.href,
      ...(outcome.ok ? { status: outcome.response.status } : {}),
      durationMs: outcome.durationMs,
    };
    const reproduce = reproduceOf(op, phase, tagged);
    if (!outcome.ok) {
      stats(op).transportFailed = true;
      keep(
        {
          ...contractFinding(
            outcome.kind === 'timeout' ? 'contract-timeout' : 'contract-unreachable',
            description.displayPath,
            { op, message: `${label} (${phase} phase): ${outcome.reason}`, request: requestInfo },
          ),
          reproduce,
        },
        phase,
      );
      return undefined;
    }
    const response = outcome.response;
    dictionary.addAnswer(response.body);
    const seen = observationKey(request, response);
    observationOf.set(request, seen);
    noteStatus(op, response.status);
    const verdict = checkAnswer(tagged.answer, { op, label, phase, ...tagged.detail }, response, tagged.constraint);
    for (const id of answerCheckRules(tagged.answer)) ran.add(id);
    // An undocumented method's answer is only the method check's: its body documents nothing. So
    // is the refusal of an unusual request (a repeated or huge query parameter): any 4xx will do
    // (414 URI Too Long is right), documented or not; only an answer that serves it is checked.
    const refusedUnusual = tagged.answer === 'no-server-error' && response.status >= 400 && response.status < 500;
    if (tagged.answer !== 'undocumented-method-405' && !refusedUnusual) {
      const ctx = {
        description,
        validators: options.validators,
        op,
        exchange: label,
        request: requestInfo,
        probe: `${phase} phase`,
      };
      // A 5xx is contract-server-error's to report; its body's shape is beside the point.
      const checked =
        response.status >= 500 ? [] : [...checkResponse(ctx, response), ...checkLiveConventions(ctx, response)];
      for (const finding of checked) {
        if (isContractRuleId(finding.ruleId)) ran.add(finding.ruleId);
        keep(observedAs({ ...finding, reproduce }, seen), phase);
      }
      for (const id of RESPONSE_CHECK_RULES.live) ran.add(id);
    }
    return verdict;
  };
  const report: PhaseContext['report'] = (op, phase, tagged, verdict, extra = '') => {
    const { request } = tagged;
    const finding = {
      ...contractFinding(verdict.rule, description.displayPath, {
        op,
        message: `${verdict.message}${extra}`,
        request: { method: request.method, url: request.url.href },
        ...(verdict.severity ? { severity: verdict.severity } : {}),
      }),
      reproduce: reproduceOf(op, phase, tagged),
    };
    if (verdict.statusOnly) statusOnly(finding);
    const seen = observationOf.get(request);
    // The fuzz phase reports each distinct failure (the rule on another input) once.
    keep(
      seen !== undefined ? observedAs(finding, seen) : finding,
      phase,
      phase === 'fuzz' ? (tagged.constraint ?? '') : '',
    );
  };

  /** The phase findings of generation are filed under (one finding for both phases). */
  const generationPhase: GeneratedPhase = phases.includes('coverage') ? 'coverage' : 'fuzz';
  // Inputs a bound of generation already names (generationLimits, an unsampled pattern): that
  // finding says why their values are refused; the ajv check adds none of its own.
  const bounded = new Set<string>();
  const refused: PhaseContext['refused'] = (op, input, why) => {
    if (bounded.has(`${op.label}\u0000${input.key}`)) return;
    keep(
      contractFinding('contract-generation-limit', description.displayPath, {
        op,
        message: `an input of ${op.label}: no value of ${input.key} that its schema accepts was made in ${MAX_REDRAWS} draws (ajv: ${why}): the values made for it are not sent as known valid, so its schema is not tested`,
        path: input.schemaPath,
      }),
      generationPhase,
      `refused ${input.key}`,
    );
  };

  for (const op of description.operations) {
    stats(op);
    if (stats(op).skipped === undefined && !options.allowUnsafeMethods && !SAFE_METHODS.includes(op.method))
      stats(op).skipped = `${op.method} is not sent without --allow-unsafe-methods`;
  }
  const operations: PhaseOperation[] = description.operations
    .map((op, index) => ({ op, index, inputs: inputsOf(op) }))
    .filter(({ op }) => stats(op).skipped === undefined);
  const context: PhaseContext = {
    description,
    server: options.server,
    credentials: options.credentials,
    seed: options.seed,
    maxExamples: options.maxExamples,
    dictionary,
    allowUnsafeMethods: options.allowUnsafeMethods,
    ...(options.data ? { data: options.data } : {}),
    examples: options.examples,
    operations,
    inputsOf,
    skipped: (op) => stats(op).skipped,
    exercised: (op, input, constraint) => {
      stats(op).inputs.add(input);
      if (constraint !== undefined) stats(op).constraints.add(`${input}\u0000${constraint}`);
    },
    exchange,
    report,
    refused,
    ...(options.progress ? { progress: options.progress } : {}),
  };

  /**
   * One operation's run of a generated phase. An exception from it (a generator that throws on a
   * schema nobody foresaw) ends that operation's phase as a contract-generation-limit finding naming
   * the operation and the reason, never the gated run with exit 2 and no report.
   */
  const guarded = async (
    operation: PhaseOperation,
    phase: 'coverage' | 'fuzz',
    run: (context: PhaseContext, operation: PhaseOperation) => Promise<void>,
  ): Promise<void> => {
    if (options.budget?.spent() !== undefined) return;
    try {
      await run(context, operation);
    } catch (error) {
      if (error instanceof RunBudgetSpent) return;
      const reason = firstLine(error);
      keep(
        contractFinding('contract-generation-limit', description.displayPath, {
          op: operation.op,
          message: `the ${phase} phase could not generate the values of ${operation.op.label} (${reason}): what it had not sent is left out`,
        }),
        phase,
        `failed: ${reason}`,
      );
    }
  };

  if (phases.includes('coverage') || phases.includes('fuzz'))
    for (const [op, reason] of inputsFailed)
      keep(
        contractFinding('contract-generation-limit', description.displayPath, {
          op,
          message: `the values of ${op.label}'s inputs could not be generated (${reason}): no request is generated for it`,
        }),
        phases.includes('coverage') ? 'coverage' : 'fuzz',
        `failed: ${reason}`,
      );

  if (phases.includes('coverage') || phases.includes('fuzz')) {
    // A pattern generation cannot sample within its bounds is left out of the values made; the run says which.
    for (const { op, inputs } of operations)
      for (const pattern of patternsIn(inputs.map((input) => input.schema))) {
        const reason = unsampledReason(pattern);
        if (reason === undefined) continue;
        keep(
          contractFinding('contract-pattern-unsampled', description.displayPath, {
            op,
            message: `the pattern \`${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}\` of ${op.label} ${reason}: generated values ignore it`,
            path: patternLocation(description.data, pattern) ?? [],
          }),
          phases.includes('coverage') ? 'coverage' : 'fuzz',
        );
      }
  }
  if (phases.includes('coverage') || phases.includes('fuzz')) {
    for (const { op, inputs } of operations)
      for (const input of inputs)
        if (
          generationLimits([input.schema]).length > 0 ||
          [...patternsIn([input.schema])].some((pattern) => unsampledReason(pattern) !== undefined)
        )
          bounded.add(`${op.label}\u0000${input.key}`);
    // A generated base value ajv refuses, however drawn: its requests are not sent as known valid.
    for (const { op, inputs } of operations)
      for (const input of inputs) if (input.baseRefused !== undefined) refused(op, input, input.baseRefused);
    // Every other bound of generation an input reaches: one finding per operation and bound. Its
    // severity says what was left untested (issue 34, N4): when every input that reaches it still
    // has a value ajv accepts (a candidate composed past the generators' depth), its schema is
    // tested and only what the bound cuts is not varied — a warning; else no valid value of the
    // input is sent at all, and the error stands.
    for (const { op, inputs } of operations)
      for (const reason of generationLimits(inputs.map((input) => input.schema)))
        keep(
          contractFinding('contract-generation-limit', description.displayPath, {
            op,
            message: `an input of ${op.label}: ${reason}`,
            ...(inputs
              .filter((input) => generationLimits([input.schema]).includes(reason))
              .every((input) => (input.known?.length ?? 0) > 0)
              ? {
                  severity: 'warn' as const,
                }
              : {}),
          }),
          phases.includes('coverage') ? 'coverage' : 'fuzz',
          reason,
        );
  }
  if (phases.includes('coverage')) {
    options.progress?.(
      `coverage phase: boundary values of ${operations.length} operation${operations.length === 1 ? '' : 's'}`,
    );
    await Promise.all(operations.map((operation) => guarded(operation, 'coverage', coveragePhase)));
    await untilSpent(
      (options.askWithoutCredentials ?? []).map(async (op) => {
        const opInputs = inputsOf(op);
        const tagged: TaggedRequest = {
          request: buildRequest(options.server, op, opInputs, baseValues(opInputs), options.credentials.base),
          answer: 'auth-required-401',
          constraint: 'credentials: left out',
        };
        const verdict = await exchange(op, 'coverage', tagged);
        if (verdict) report(op, 'coverage', tagged, verdict);
        if (stats(op).skipped !== undefined)
          stats(op).skipped = `${stats(op).skipped}; only a request without credentials was sent (the 401 check)`;
      }),
    );
    if (options.allowUnsafeMethods) await untilSpent([unsupportedMethods(context)]);
  }
  if (phases.includes('fuzz')) {
    if (options.budgetMs !== undefined) context.deadline = Date.now() + options.budgetMs;
    options.progress?.(
      options.budgetMs !== undefined
        ? `fuzz phase: valid, invalid and unusual requests per operation for ${options.budgetMs / 1000} s (--budget), seed ${options.seed}`
        : `fuzz phase: up to ${options.maxExamples} valid and ${options.maxExamples} invalid requests per operation, seed ${options.seed}`,
    );
    await Promise.all(operations.map((operation) => guarded(operation, 'fuzz', fuzzPhase)));
  }
  if (phases.includes('stateful')) await untilSpent([statefulPhase(context)]);

  const coverage = coverageReport();
  return {
    findings,
    coverage,
    ran,
    requests: new Map(
      [...perOp].map(([op, s]) => [
        op.label,
        Object.entries(s.requests)
          .filter(([p]) => p !== 'examples')
          .reduce((sum, [, n]) => sum + n, 0),
      ]),
    ),
  };

  function coverageReport(): CoverageReport {
    let covered = 0;
    let total = 0;
    let requests = 0;
    const list: OperationCoverage[] = description.operations.map((op) => {
      const s = stats(op);
      const opInputs = inputsOf(op);
      const documented = op.responses.map((r) => r.status);
      const exercised = documented.filter((status) => s.statuses.has(status));
      const inputsExercised = opInputs.filter((input) => s.inputs.has(input.key)).length;
      covered += exercised.length + inputsExercised;
      total += documented.length + opInputs.length;
      requests += Object.values(s.requests).reduce((sum, n) => sum + n, 0);
      return {
        document: description.displayPath,
        operation: op.label,
        ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
        requests: s.requests,
        statuses: { documented, exercised },
        inputs: { total: opInputs.length, exercised: inputsExercised },
        constraints: s.constraints.size,
        ...(s.skipped ? { skipped: s.skipped } : {}),
      };
    });
    return {
      percent: total === 0 ? 100 : Math.floor((100 * covered) / total),
      phases: [...phases],
      seed: options.seed,
      ...(options.budgetMs !== undefined ? { budgetSeconds: options.budgetMs / 1000 } : {}),
      requests,
      operations: list,
    };
  }
}

/** Waits for the tasks; one that stopped because the run's budget was spent ends quietly (the runner reports it). */
async function untilSpent(tasks: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(tasks);
  for (const result of results)
    if (result.status === 'rejected' && !(result.reason instanceof RunBudgetSpent)) throw result.reason;
}

/** The `pattern` strings of the inputs' schemas, each once (a bounded, cycle-safe walk). */
function patternsIn(schemas: unknown[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node) && typeof (node as { pattern?: unknown }).pattern === 'string')
      found.add((node as { pattern: string }).pattern);
    for (const value of node instanceof Map ? node.values() : Object.values(node)) walk(value, depth + 1);
  };
  for (const schema of schemas) walk(schema, 0);
  return found;
}

/** An exception's message, its first line, short enough for a finding. */
function firstLine(error: unknown): string {
  return ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').slice(0, 200);
}
