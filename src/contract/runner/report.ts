/**
 * The report of a contract run: findings that say the same thing about the same answer once, one
 * finding per cause (causes.ts), placed in the description, secrets redacted and national
 * identifiers masked, and per operation what was sent and found.
 */
import type { Finding, OperationResult, Report, RuleMeta } from '../../report/finding.js';
import { maskDeep } from '../../pii.js';
import { toolInfo } from '../../version.js';
import { oneFindingPerCause } from '../causes.js';
import type { ContractDescription, OperationModel } from '../description.js';
import type { DreddReplay } from '../dredd/index.js';
import { placedInDescription } from '../finding.js';
import type { Exchange } from '../phases/examples.js';
import type { PhaseResult } from '../phases/index.js';
import { contractRule, type ContractRuleId } from '../rules.js';

export interface ReportInput {
  description: ContractDescription;
  findings: readonly Finding[];
  ran: ReadonlySet<ContractRuleId>;
  exchanges: readonly Exchange[];
  generated?: PhaseResult;
  dredd?: DreddReplay;
  notTested: ReadonlyMap<OperationModel, string>;
  /** Takes the run's secrets out of a text. */
  redact: (text: string) => string;
  showPii: boolean;
}

export function contractReport(input: ReportInput): Report {
  const { description, redact } = input;
  // One observation, one finding: a generated request that repeats a planned one (the coverage
  // phase's in-range values are often the examples), or two probes whose requests differ only in a
  // header the message does not name, found the same thing about the same answer.
  const seen = new Set<string>();
  const distinct = input.findings.filter((finding) => {
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
  return {
    tool: toolInfo(),
    createdTimestamp: new Date().toISOString(),
    documents: [
      {
        path: description.displayPath,
        ...(description.title ? { title: description.title } : {}),
        ...(description.version ? { version: description.version } : {}),
      },
    ],
    rules: [...input.ran].map(contractRule).sort((a: RuleMeta, b: RuleMeta) => a.id.localeCompare(b.id)),
    findings: input.showPii ? scrubbed : maskDeep(scrubbed),
    operations: operationResults(input, scrubbed),
    ...(input.generated ? { coverage: input.generated.coverage } : {}),
  };
}

/** Two findings say the same thing about the same answer: rule, operation and message (which names the request and the answer). */
function sameObservation(finding: Finding): string {
  return `${finding.ruleId}\u0000${finding.operation ?? ''}\u0000${finding.message}`;
}

function operationResults(input: ReportInput, findings: readonly Finding[]): OperationResult[] {
  const { description, exchanges, dredd, generated, notTested } = input;
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
