/**
 * The answer checks on the examples phase's exchanges: each exchange's findings (its probe's
 * answer check, the response checks), or, when no request reached the server, that alone; which
 * operations were tested; and which rules ran.
 */
import type { Finding } from '../../report/finding.js';
import type { Credentials } from '../auth.js';
import { answerCheckRules } from '../answers/index.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { contractFinding } from '../finding.js';
import { exchangeFindings, type Exchange } from '../phases/examples.js';
import { probeById } from '../probes/index.js';
import type { ContractRuleId } from '../rules.js';
import { RESPONSE_CHECK_RULES, type SchemaValidators } from '../validate/index.js';

export interface ExampleVerdicts {
  findings: Finding[];
  /** No request got an answer, each for want of a connection: the server is down or elsewhere. */
  unreachable: boolean;
  /** Operations a request with the credentials they need got an answer for. */
  answered: Set<OperationModel>;
  /** Rules that ran on these exchanges. */
  ran: Set<ContractRuleId>;
}

export interface ExampleVerdictInput {
  description: ContractDescription;
  validators: SchemaValidators;
  credentials: Credentials;
  server: URL;
  exchanges: readonly Exchange[];
  /** Per operation whose first request failed in transport: how many of its requests were not sent. */
  failedOps: ReadonlyMap<OperationModel, number>;
  /** Operations not tested, with the reason: filled in here for those no request reached. */
  notTested: Map<OperationModel, string>;
}

export function judgeExamples(input: ExampleVerdictInput): ExampleVerdicts {
  const { description, validators, credentials, server, exchanges, failedOps, notTested } = input;
  const findings: Finding[] = [];
  const transportFailures = exchanges.filter((e) => !e.outcome.ok);
  const unreachable =
    exchanges.length > 0 &&
    transportFailures.length === exchanges.length &&
    transportFailures.every((e) => !e.outcome.ok && e.outcome.kind === 'unreachable');
  const first = exchanges[0];
  if (unreachable && first !== undefined && !first.outcome.ok) {
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
    notTested.set(planned.op, unreachable ? 'the server could not be reached' : `no answer: ${outcome.reason}`);
  }
  // Nothing is tested on a server that cannot be reached, whether or not a request was planned for it.
  if (unreachable)
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
  return { findings, unreachable, answered, ran };
}
