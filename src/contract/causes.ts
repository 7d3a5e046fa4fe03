/**
 * One cause, one finding. A defect of a server shows in many places: a not-found answered 404 is
 * the not-found probe's finding, the status-documented check's (404 is not documented) for that
 * answer and for every generated request that got one, and Dredd's failed transaction. A reviewer
 * needs one finding per cause with the rest as evidence, so findings of one operation are one
 * finding when they come from the same observation (the same request and answer) or under the same
 * rule (the same defect seen by several requests or phases), and every 5xx of an operation is one
 * cause. The finding that leads is the most
 * severe, then the most specific (what a deliberate request expected before what every answer is
 * checked for); the others are listed under it as `related`, and are not counted again.
 */
import type { Finding, RelatedLocation } from '../report/finding.js';
import { SEVERITIES } from '../report/finding.js';

/** Rules in the order they lead a group: what a request expected, then the conventions, then the schema and the status. */
const LEAD_ORDER = [
  'contract-server-error',
  'contract-example-succeeds',
  'contract-not-found-204',
  'contract-invalid-input-400',
  'contract-auth-required',
  'contract-ignored-auth',
  'contract-positive-data-accepted',
  'contract-negative-data-rejected',
  'contract-missing-required-input',
  'contract-unsupported-method',
  'contract-no-bare-array',
  'contract-national-id',
  'contract-date-time',
  'contract-created-timestamp',
  'contract-problem-details',
  'contract-charset',
  'contract-field-case',
  'contract-response-headers',
  'contract-schema',
  'contract-content-type',
  'contract-status-documented',
  'contract-redirect',
  'contract-timeout',
  'contract-unreachable',
  'contract-dredd',
];

/** Rules that are about the run or the description, not an answer: never merged. */
const STANDALONE = new Set([
  'contract-missing-example',
  'contract-probe-skipped',
  'contract-credentials-missing',
  'contract-response-time',
  'contract-pattern',
]);

function rank(finding: Finding): [number, number] {
  const severity = SEVERITIES.indexOf(finding.severity);
  const lead = LEAD_ORDER.indexOf(finding.ruleId);
  return [severity === -1 ? SEVERITIES.length : severity, lead === -1 ? LEAD_ORDER.length : lead];
}

/**
 * The same request and answer: method and URL (a verdict on a generated request names the
 * request, not always the status; one run asks the same URL the same way each time).
 */
function observation(finding: Finding): string | undefined {
  const request = finding.request;
  return request ? `${request.method} ${request.url}` : undefined;
}

/** A finding as evidence under another. */
function asRelated(finding: Finding): RelatedLocation {
  return {
    document: finding.document,
    pointer: finding.pointer,
    ...(finding.line !== undefined ? { line: finding.line } : {}),
    ...(finding.column !== undefined ? { column: finding.column } : {}),
    message: finding.message,
    ruleId: finding.ruleId,
    severity: finding.severity,
    ...(finding.request ? { request: finding.request } : {}),
  };
}

/** The findings with those of one cause merged: each group's lead, the others as its `related`. */
export function oneFindingPerCause(findings: readonly Finding[]): Finding[] {
  const parent = findings.map((_, index) => index);
  // Union-find with path halving: each step points a member at its grandparent.
  const find = (start: number): number => {
    let i = start;
    for (let next = parent[i]; next !== undefined && next !== i; next = parent[i]) {
      const grandparent = parent[next] ?? next;
      parent[i] = grandparent;
      i = grandparent;
    }
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const firstOf = new Map<string, number>();
  const join = (key: string, index: number) => {
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else union(first, index);
  };
  findings.forEach((finding, index) => {
    if (STANDALONE.has(finding.ruleId) || finding.operation === undefined) return;
    join(`rule\u0000${finding.operation}\u0000${finding.ruleId}`, index);
    const seen = observation(finding);
    if (seen !== undefined) join(`seen\u0000${finding.operation}\u0000${seen}`, index);
    // A server error is one cause whichever request met it: the example's, a probe's or a generated one.
    if (finding.ruleId === 'contract-server-error' || (finding.request?.status ?? 0) >= 500)
      join(`5xx\u0000${finding.operation}`, index);
  });
  const groups = new Map<number, Array<{ finding: Finding; index: number }>>();
  findings.forEach((finding, index) => {
    const root = find(index);
    groups.set(root, [...(groups.get(root) ?? []), { finding, index }]);
  });
  const result: Finding[] = [];
  for (const members of groups.values()) {
    const ordered = [...members].sort((a, b) => {
      const [sa, la] = rank(a.finding);
      const [sb, lb] = rank(b.finding);
      return sa - sb || la - lb || a.index - b.index;
    });
    const [lead, ...rest] = ordered.map(({ finding }) => finding);
    if (!lead) continue;
    result.push(rest.length === 0 ? lead : { ...lead, related: [...(lead.related ?? []), ...rest.map(asRelated)] });
  }
  return result;
}
