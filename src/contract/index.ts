/**
 * `vottur test` as a library: plan the requests a description implies, send them to a live
 * server (time limit, concurrency cap, no redirects off the server's host), check every answer,
 * run Dredd's transactions with hooks that make its non-2xx transactions test something real,
 * and return one `Report`.
 *
 * The run is a line of modules, each given what it needs (runner/): the options checked
 * (`runSettings`), the plan (plan.ts) and which of it can be sent with the credentials at hand
 * (`requestsToSend`), the examples phase over one `Transport`, the answer checks on its exchanges
 * (`judgeExamples`), the generated phases (`generatedPhases`, with their explicit `PhaseContext`),
 * Dredd's replay (`dreddStep`), and the report (`contractReport`: one finding per cause, causes.ts).
 */
import { resolve as resolvePath } from 'node:path';
import { CouldNotRunError, LimitError } from '../errors.js';
import type { Finding, Report } from '../report/finding.js';
import { maskNationalIds } from '../pii.js';
import { namedFileRoot } from '../runtime/safe-read.js';
import { obtainCredentials, redactor, type Credentials } from './auth.js';
import { checkDataAgainst, checkDataShape, loadDataFile, type ContractData } from './data.js';
import { loadContractDescription, type ContractDescription } from './description.js';
import { examplesPhase } from './phases/examples.js';
import { contractFinding } from './finding.js';
import { planRequests, type Plan } from './plan.js';
import { isContractRuleId } from './rules.js';
import { dreddStep } from './runner/dredd.js';
import { generatedPhases } from './runner/generated.js';
import { runSettings, type ContractTestOptions, type RunSettings } from './runner/options.js';
import { contractReport } from './runner/report.js';
import { requestsToSend } from './runner/requests.js';
import { createTransport } from './runner/transport.js';
import { createRunBudget, type RunBudget } from './runner/budget.js';
import { judgeExamples } from './runner/verdicts.js';
import { SchemaValidators } from './validate/index.js';
import { oneLine } from '../runtime/text.js';

export { contractRules } from './rules.js';
export { DEFAULT_MAX_EXAMPLES, MAX_SEED, parsePhases, PHASES, type Phase } from './phases/index.js';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_RESPONSE_TIME_MS,
  DEFAULT_TIMEOUT_MS,
  MAX_BUDGET_SECONDS,
  type ContractTestOptions,
} from './runner/options.js';
export { DEFAULT_MAX_REQUESTS, DEFAULT_MAX_RUN_SECONDS } from './runner/budget.js';

/**
 * Whether a finding already says why an operation went untested: one on the operation, or a
 * finding of the rule its reason names (`see contract-missing-example`; missing credentials are
 * `contract-credentials-missing`'s).
 */
function standsFor(finding: Finding, operation: string, reason: string): boolean {
  if (finding.operation === operation) return true;
  const cited = /\(see (contract-[a-z-]+)\)/.exec(reason)?.[1];
  if (cited !== undefined && finding.ruleId === cited) return true;
  return /^no credentials/.test(reason) && finding.ruleId === 'contract-credentials-missing';
}

export async function runContractTests(options: ContractTestOptions): Promise<Report> {
  const mask = (text: string) => (options.showPii ? text : maskNationalIds(text));
  let redact = (text: string) => text;
  try {
    return await run(options, mask, (r) => (redact = r));
  } catch (error) {
    // One line, masked, without secrets: the CLI prints it as it is.
    // A bound the description reached stays one: the caller reports it as a finding (issue 34).
    if (error instanceof LimitError) throw new LimitError(oneLine(mask(redact(error.message))));
    if (error instanceof CouldNotRunError) throw new CouldNotRunError(oneLine(mask(redact(error.message))));
    throw error;
  }
}

/** What every step after the credentials is given: nothing is taken from an enclosing scope. */
interface RunContext {
  settings: RunSettings;
  description: ContractDescription;
  data?: ContractData;
  plan: Plan;
  credentials: Credentials;
  /** Takes the run's secrets out of a text. */
  redact: (text: string) => string;
  /** A progress line, masked and redacted. */
  progress: (message: string) => void;
  /** The run-wide budget, started before the plan was made. */
  budget: RunBudget;
}

async function run(
  options: ContractTestOptions,
  mask: (text: string) => string,
  setRedactor: (redact: (text: string) => string) => void,
): Promise<Report> {
  const settings = runSettings(options);
  const { cwd } = settings;
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

  // The run-wide budget (runner/budget.ts): every request counts; once spent, nothing more is sent.
  // Its clock starts before the planning and generating, which it bounds too (generate/deadline.ts).
  const budget = createRunBudget(settings.maxRequests, settings.maxRunSeconds);
  const plan = planRequests(description, { data, allowUnsafeMethods: settings.allowUnsafeMethods });
  const requiredScopes = [...new Set(description.operations.flatMap((op) => op.scopes))];
  const wantNoScope = plan.requests.some((r) => r.credentials === 'noScope');
  const credentials = await obtainCredentials(
    { cwd, ...(options.env ? { env: options.env } : {}), ...options.auth },
    { requiredScopes, wantNoScope, timeoutMs: Math.max(settings.timeoutMs, 5_000) },
  );
  try {
    const redact = redactor(credentials.secrets);
    setRedactor(redact);
    const progress = (message: string) => options.onProgress?.(mask(redact(message)));
    return await runWith({
      settings,
      description,
      ...(data ? { data } : {}),
      plan,
      credentials,
      redact,
      progress,
      budget,
    });
  } finally {
    await credentials.close?.();
  }
}

/** plan → examples → answer checks → generated phases → Dredd → report. */
async function runWith(context: RunContext): Promise<Report> {
  const { settings, description, data, plan, credentials, progress, budget } = context;
  const { server } = settings;

  const sendable = requestsToSend(description, plan, settings.phases, credentials, settings.allowUnsafeMethods);
  const { requests, notTested } = sendable;
  progress(
    `testing ${description.operations.length} operation${description.operations.length === 1 ? '' : 's'} of ${description.displayPath} at ${server.href}: ${requests.length} request${requests.length === 1 ? '' : 's'}`,
  );
  const transport = createTransport(settings, credentials);
  const { exchanges, failedOps } = await examplesPhase(requests, server, credentials, {
    limit: transport.limit,
    send: transport.sendPlanned,
    take: () => budget.take(),
  });

  const validators = new SchemaValidators(description);
  const verdicts = judgeExamples({ description, validators, credentials, server, exchanges, failedOps, notTested });
  const { answered, ran } = verdicts;
  const findings: Finding[] = [
    ...plan.findings,
    ...sendable.findings,
    // A server that is down is reported as down: which credentials it would have wanted is
    // unknown until it answers, so the credentials finding goes.
    ...(sendable.credentialsMissing && !verdicts.unreachable ? [sendable.credentialsMissing] : []),
    ...verdicts.findings,
  ];

  const generated = verdicts.unreachable
    ? undefined
    : await generatedPhases({
        settings,
        description,
        validators,
        credentials,
        ...(data ? { data } : {}),
        exchanges,
        notTested,
        askWithoutCredentials: sendable.askWithoutCredentials,
        transport,
        budget,
        progress,
      });
  if (generated) {
    findings.push(...generated.findings);
    for (const id of generated.ran) ran.add(id);
  }

  // An operation no request was sent for (no example to build one from, and no generated phase)
  // was not tested, and counts against the score like one that got no answer.
  for (const op of description.operations) {
    if (notTested.has(op) || answered.has(op) || (generated?.requests.get(op.label) ?? 0) > 0) continue;
    if (exchanges.some((e) => e.planned.op === op)) continue;
    notTested.set(
      op,
      budget.spent() !== undefined
        ? 'the run budget was spent before a request was sent for it (see contract-run-budget)'
        : 'no request could be built for it (see contract-missing-example)',
    );
  }

  // Dredd's replay is not started once the run's budget is spent.
  const spentBeforeDredd = budget.spent();
  if (spentBeforeDredd !== undefined && settings.dredd && settings.phases.includes('examples'))
    progress(`dredd: not run, since ${spentBeforeDredd}`);
  const dredd =
    spentBeforeDredd === undefined
      ? await dreddStep({
          settings,
          description,
          credentials,
          exchanges,
          notTested,
          progress,
          remainingMs: budget.remainingMs(),
        })
      : undefined;
  if (dredd) {
    ran.add('contract-dredd');
    findings.push(...dredd.findings);
  }
  // The run's budget spent: what was not sent is unknown, and the run says so (an error: a gated run fails).
  ran.add('contract-run-budget');
  const spent = budget.spent();
  if (spent !== undefined)
    findings.push(
      contractFinding('contract-run-budget', description.displayPath, {
        message: `${spent} after ${budget.sent.toLocaleString('en')} requests: nothing more was generated or sent, so the run did not test all that the description asks for (${description.operations.length.toLocaleString('en')} operations); the operator raises the budget with --max-requests or --max-run-time`,
      }),
    );
  // Every operation left untested is a finding of its own (issue 34, o34r12 B3), in every run: a
  // description whose operations were all held back (POST without --allow-unsafe-methods, TRACE)
  // printed "no problems" beside a 0 (F) score. Under a policy an error, so the gated run fails;
  // without one a warning, so no format shows a pass while an operation went untested (the
  // operation scores 0 either way). A server that could not be reached is contract-unreachable's to say.
  ran.add('contract-operation-untested');
  for (const [op, reason] of notTested) {
    if (verdicts.unreachable) break;
    // Left for want of budget: the one contract-run-budget error above says so for all of them.
    if (spent !== undefined && reason.includes('contract-run-budget')) continue;
    // Without a policy, one cause, one finding: where a finding already stands for the operation
    // (its timeout, its missing example, the credentials not given) the operation is not silent.
    if (!settings.underPolicy && findings.some((finding) => standsFor(finding, op.label, reason))) continue;
    findings.push(
      contractFinding('contract-operation-untested', description.displayPath, {
        op,
        ...(settings.underPolicy ? {} : { severity: 'warn' as const }),
        message: settings.underPolicy
          ? `${op.label} was not tested: ${reason}; nothing about its answers is known, so the gated run does not pass`
          : `${op.label} was not tested: ${reason}; nothing about its answers is known`,
      }),
    );
  }
  const renewals = credentials.tokens?.renewals() ?? 0;
  if (renewals > 0)
    progress(
      `oauth: tokens renewed ${renewals} time${renewals === 1 ? '' : 's'} during the run, as they neared their expiry`,
    );
  // The response time budget: one warning per operation, naming its slowest answer.
  if (transport.timedAny()) ran.add('contract-response-time');
  findings.push(...transport.responseTimeFindings(description));
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

  return contractReport({
    description,
    findings,
    ran,
    exchanges,
    ...(generated ? { generated } : {}),
    ...(dredd ? { dredd } : {}),
    notTested,
    redact: context.redact,
    showPii: settings.showPii,
  });
}
