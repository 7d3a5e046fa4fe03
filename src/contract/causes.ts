/**
 * One cause, one finding. A defect of a server shows in many places: a not-found answered 404 is
 * the not-found probe's finding and the status-documented check's (404 is not documented) for the
 * same answer, and the same defect is met by several requests and phases. A reviewer needs one
 * finding per cause with the rest as evidence. Two findings share a cause when
 *
 * - they come from the same **observation**: the same request (method, URL, the headers that
 *   select or authorise it — credentials, `X-Param-*`, cookies — and the body) answered the same
 *   way (status and a digest of the body); or
 * - one rule reports one defect of one operation several times (by several requests or phases);
 *   every 5xx of an operation is one cause.
 *
 * Never transitively across rules: a finding that is evidence under another rule's finding of the
 * same observation does not pull the other findings of its own rule in with it, so two defects
 * that an answer happens to show together both still lead; two body conventions one answer broke
 * (a wrong check digit and snake_case members) are two causes. The finding that leads is the most
 * severe, then the most specific convention the answer broke (`contract-created-timestamp` before
 * `contract-schema`, `contract-status-documented` before `contract-example-succeeds`); the others
 * are listed under it as `related`, and are not counted again.
 */
import { createHash } from 'node:crypto';
import type { Finding, RelatedLocation } from '../report/finding.js';
import { SEVERITIES } from '../report/finding.js';
import type { HttpRequest, HttpResponse } from './http.js';
import { pushTo } from '../runtime/group.js';

/**
 * Rules in the order they lead a group: what a deliberate request expected, then the error shape
 * and the media type, the conventions an answer's body broke, the status, and last the general
 * checks (the example failed, the schema).
 */
const LEAD_ORDER = [
  'contract-server-error',
  'contract-not-found-204',
  'contract-invalid-input-400',
  'contract-auth-required',
  'contract-ignored-auth',
  'contract-positive-data-accepted',
  'contract-negative-data-rejected',
  'contract-missing-required-input',
  'contract-unsupported-method',
  // An error answer's shape, then whether the body is of a documented media type at all: a body
  // the description documents no content for (or documents as another type) is the point, and
  // what the body conventions below find in it is its evidence.
  'contract-problem-details',
  'contract-content-type',
  'contract-no-bare-array',
  'contract-national-id',
  'contract-date-time',
  'contract-created-timestamp',
  'contract-charset',
  'contract-field-case',
  'contract-limit-reached',
  'contract-response-headers',
  'contract-status-documented',
  'contract-example-succeeds',
  'contract-schema',
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
  'contract-pattern-unsampled',
  'contract-generation-limit',
  'contract-operation-untested',
  'contract-run-budget',
  // A bound of the answer checks reached (an answer nested too deep, its schema too costly to run):
  // a statement of its own, never evidence under another finding of the answer (issue 34, o34r14).
  'contract-limit-reached',
]);

/**
 * The platform's conventions on a body that is documented and of its documented type: each is a
 * defect of its own. When one leads an observation, another of these seen on the same answer (a
 * wrong check digit and snake_case members in one mocked body) leads its own cause instead of
 * hiding under it; the general checks (schema, status, the example failed) stay its evidence.
 */
const BODY_CONVENTIONS = new Set([
  'contract-no-bare-array',
  'contract-national-id',
  'contract-date-time',
  'contract-created-timestamp',
  'contract-charset',
  'contract-field-case',
]);

/** Rules whose verdict is the status alone: the same status is the same defect, whichever request met it. */
const BY_STATUS = new Set(['contract-status-documented']);

/**
 * Which finding leads: one that costs something (error or warning) before advice, then the most
 * specific rule. The lead then carries the most severe severity of its group, so an error is never
 * hidden under a warning (the missing `createdTimestamp` leads as an error when the schema requires it).
 * A verdict that says only "not the status expected" ranks just after `contract-status-documented`
 * when its answer's status is undocumented too (`undocumented` — the same observation): then the
 * status is the point (a 418 met by the not-found probe is the 418 every request met), while a
 * status its own convention names (a 404 for the not-found probe) still leads.
 */
function rank(finding: Finding, undocumented = false): [number, number] {
  const severity = SEVERITIES.indexOf(finding.severity);
  const advice = severity === -1 || severity > SEVERITIES.indexOf('warn') ? 1 : 0;
  const lead =
    undocumented && onlyTheStatus.has(finding)
      ? LEAD_ORDER.indexOf('contract-status-documented') + 0.5
      : LEAD_ORDER.indexOf(finding.ruleId);
  return [advice, lead === -1 ? LEAD_ORDER.length : lead];
}

/** The lead with its evidence, at the most severe severity among them. */
function led(lead: Finding, rest: readonly Finding[]): Finding {
  if (rest.length === 0) return lead;
  const severity = [lead, ...rest]
    .map((f) => f.severity)
    .reduce((a, b) => (SEVERITIES.indexOf(b) !== -1 && SEVERITIES.indexOf(b) < SEVERITIES.indexOf(a) ? b : a));
  return { ...lead, severity, related: [...(lead.related ?? []), ...rest.map(asRelated)] };
}

/** Request headers that neither select nor authorise: what is asked for, and the per-request identifiers. */
const INCIDENTAL_HEADERS = new Set(['accept', 'user-agent', 'x-road-id', 'content-length']);

/**
 * The observation a request and its answer are: method, URL, the headers that select or authorise
 * it, the body, the status and a digest of the answer's body.
 */
export function observationKey(
  request: Pick<HttpRequest, 'method' | 'url' | 'headers' | 'body'>,
  response?: HttpResponse,
): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]): [string, string] => [name.toLowerCase(), value])
    .filter(([name]) => !INCIDENTAL_HEADERS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.url.toString(),
        headers,
        request.body ?? null,
        response?.status ?? null,
        response?.body ?? null,
      ]),
    )
    .digest('base64url');
}

/** The observation each finding was made on, where the runner knew it (request, headers, answer). */
const observations = new WeakMap<Finding, string>();

/** Records the observation a finding was made on; returns the finding. */
export function observedAs<F extends Finding>(finding: F, key: string): F {
  observations.set(finding, key);
  return finding;
}

/** Findings whose verdict says only that the status was not the one expected (`Verdict.statusOnly`). */
const onlyTheStatus = new WeakSet<Finding>();

/** Records that a finding says only that its answer's status was not the one expected; returns the finding. */
export function statusOnly<F extends Finding>(finding: F): F {
  onlyTheStatus.add(finding);
  return finding;
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

/**
 * An observation's findings, sorted, as one group, or, when a body convention leads, one group per
 * body convention it broke: the first with the general checks as its evidence, each other alone.
 */
function splitConventions<T extends { finding: Finding }>(sorted: T[]): T[][] {
  const lead = sorted[0]?.finding.ruleId;
  if (lead === undefined || !BODY_CONVENTIONS.has(lead)) return [sorted];
  const own = new Map<string, T[]>();
  const rest: T[] = [];
  for (const member of sorted) {
    const rule = member.finding.ruleId;
    if (rule !== lead && BODY_CONVENTIONS.has(rule)) pushTo(own, rule, member);
    else rest.push(member);
  }
  return [rest, ...own.values()];
}

/** A finding about a 5xx answer: every 5xx of an operation is one cause, whatever rule saw it. */
function isServerError(f: Finding): boolean {
  return f.ruleId === 'contract-server-error' || (f.request?.status ?? 0) >= 500;
}

/** The findings with those of one cause merged: each group's lead, the others as its `related`. */
export function oneFindingPerCause(findings: readonly Finding[]): Finding[] {
  // Observations whose status is undocumented: a finding of `contract-status-documented` was made on them.
  const undocumented = new Set<Finding>();
  const order = (a: { finding: Finding; index: number }, b: { finding: Finding; index: number }) => {
    const [sa, la] = rank(a.finding, undocumented.has(a.finding));
    const [sb, lb] = rank(b.finding, undocumented.has(b.finding));
    return sa - sb || la - lb || a.index - b.index;
  };
  // 1. The same observation: the findings of one request and answer, the most specific leading.
  const byObservation = new Map<string, Array<{ finding: Finding; index: number }>>();
  const alone: Array<Array<{ finding: Finding; index: number }>> = [];
  // A finding made without the request's headers (Dredd's replay of a planned request) joins the
  // recorded observation of the same method, URL and status.
  const coarse = (f: Finding) => (f.request ? `${f.request.method} ${f.request.url}` : undefined);
  const recorded = new Map<string, string>();
  for (const f of findings) {
    const key = observations.get(f);
    const at = coarse(f);
    if (key === undefined || at === undefined || f.operation === undefined) continue;
    const statusKey = `${f.operation}\u0000${at}\u0000${f.request?.status ?? ''}`;
    if (!recorded.has(statusKey)) recorded.set(statusKey, key);
  }
  const observation = (f: Finding): string | undefined => {
    const known = observations.get(f);
    if (known !== undefined) return known;
    const at = coarse(f);
    if (at === undefined) return undefined;
    return (
      recorded.get(`${f.operation ?? ''}\u0000${at}\u0000${f.request?.status ?? ''}`) ??
      `${at} ${f.request?.status ?? ''}`
    );
  };
  findings.forEach((finding, index) => {
    const seen = observation(finding);
    if (STANDALONE.has(finding.ruleId) || finding.operation === undefined || seen === undefined) {
      alone.push([{ finding, index }]);
      return;
    }
    const key = `${finding.operation}\u0000${seen}`;
    pushTo(byObservation, key, { finding, index });
  });
  for (const members of byObservation.values())
    if (members.some(({ finding }) => finding.ruleId === 'contract-status-documented'))
      for (const { finding } of members) undocumented.add(finding);
  const observed = [...byObservation.values()].flatMap((members) => splitConventions([...members].sort(order)));
  // 2. One rule, one defect of one operation: the groups led by the same rule merge (every 5xx of
  //    an operation is one cause). From a group led by a body convention only that convention's
  //    findings come along: what else its answer showed was seen on another request than the
  //    lead's, so it is a cause of its own — grouped again, in another round, under its own lead.
  type Member = { finding: Finding; index: number };
  const causeKey = (f: Finding): string | undefined => {
    if (STANDALONE.has(f.ruleId) || f.operation === undefined) return undefined;
    return isServerError(f) ? `5xx\u0000${f.operation}` : `rule\u0000${f.operation}\u0000${f.ruleId}`;
  };
  const result: Member[] = [];
  let groups: Member[][] = [];
  for (const group of [...observed, ...alone]) {
    const lead = group[0];
    if (!lead) continue;
    if (causeKey(lead.finding) === undefined) result.push(lead);
    else groups.push(group);
  }
  let merged: Member[][] = [];
  // Each round takes, from every group it splits, the rule its findings were merged under: a
  // group's distinct rules only decrease, so the rounds end; the bound is a safety net.
  for (let round = 0; round <= findings.length; round++) {
    const causes = new Map<string, Member[][]>();
    for (const group of groups) {
      const key = group[0] && causeKey(group[0].finding);
      if (key !== undefined) pushTo(causes, key, group);
    }
    const next: Member[][] = [];
    let split = false;
    merged = [];
    for (const [key, members] of causes) {
      const ordered = [...members].sort((a, b) => (a[0] && b[0] ? order(a[0], b[0]) : 0));
      const [first, ...others] = ordered;
      if (!first?.[0]) continue;
      const ruleId = first[0].finding.ruleId;
      // A body convention's group brings only that convention's findings: what else the same
      // answer broke (the schema, for a member other than the convention's) is a defect of its
      // own. Any other lead makes the body beside the point (a 5xx, Problem Details on an error, a
      // media type not documented, a probe's verdict): what its answer showed is its knock-on.
      const sameCause = (f: Finding) => !BODY_CONVENTIONS.has(ruleId) || key.startsWith('5xx') || f.ruleId === ruleId;
      const cause = [...first];
      next.push(first);
      for (const group of others) {
        const own = group.filter(({ finding }) => sameCause(finding));
        const rest = group.filter(({ finding }) => !sameCause(finding)).sort(order);
        cause.push(...own);
        if (own.length > 0) next.push(own);
        if (rest.length > 0) {
          next.push(rest);
          split = true;
        }
      }
      merged.push(cause);
    }
    if (!split) break;
    groups = next;
  }
  // 2b. Evidence of a rule that leads a cause of its own in the same operation is that cause's: one
  //     defect counted once (an answer that broke `createdTimestamp` and the schema, whose schema
  //     break other requests met too, raised the timestamp's warning to an error while the schema
  //     error led its own finding: two errors for one; outside try on koa-swagger-decorator).
  const ledBy = new Map<string, Member[]>();
  for (const cause of merged) {
    const key = cause[0] && causeKey(cause[0].finding);
    if (key !== undefined && !ledBy.has(key)) ledBy.set(key, cause);
  }
  // Only from a body convention's cause, which keeps its own answer's general checks as evidence
  // (splitConventions); every other lead makes what its answer showed its knock-on.
  for (const cause of merged.filter((members) => BODY_CONVENTIONS.has(members[0]?.finding.ruleId ?? '')))
    for (let i = cause.length - 1; i >= 1; i--) {
      const member = cause[i];
      const key = member && !BY_STATUS.has(member.finding.ruleId) ? causeKey(member.finding) : undefined;
      const home = key === undefined ? undefined : ledBy.get(key);
      if (member && home && home !== cause) {
        home.push(member);
        cause.splice(i, 1);
      }
    }
  // 3. A cause of a rule that judges the status alone, whose rule also shows with the same status
  //    as evidence under another cause (a 404 the not-found probe met and a generated request met
  //    again: undocumented either way) is that defect seen again:
  //    it goes under the most specific such cause. One level only — a cause that goes under
  //    another never hosts one — so nothing chains from rule to rule.
  const status = (f: Finding) => f.request?.status;
  const hostOf = new Map<number, number>();
  merged.forEach((cause, index) => {
    const lead = cause[0]?.finding;
    if (!lead || !BY_STATUS.has(lead.ruleId) || lead.operation === undefined) return;
    const statuses = new Set(
      cause.filter(({ finding }) => finding.ruleId === lead.ruleId).map(({ finding }) => status(finding)),
    );
    let best: number | undefined;
    merged.forEach((host, candidate) => {
      const hostLead = host[0];
      if (candidate === index || !hostLead || hostLead.finding.ruleId === lead.ruleId) return;
      if (hostLead.finding.operation !== lead.operation) return;
      const shows = host
        .slice(1)
        .some(({ finding }) => finding.ruleId === lead.ruleId && statuses.has(status(finding)));
      if (!shows) return;
      const current = best === undefined ? undefined : merged[best]?.[0];
      if (current === undefined || order(hostLead, current) < 0) best = candidate;
    });
    if (best !== undefined) hostOf.set(index, best);
  });
  const guests = new Map<number, number[]>();
  for (const [guest, host] of hostOf) {
    if (hostOf.has(host)) continue; // the host is a guest itself: the guest stays a cause of its own
    pushTo(guests, host, guest);
  }
  merged.forEach((cause, index) => {
    const host = hostOf.get(index);
    if (host !== undefined && !hostOf.has(host)) return;
    const [lead, ...own] = cause;
    if (!lead) return;
    const rest = [...own, ...(guests.get(index) ?? []).flatMap((guest) => merged[guest] ?? [])]
      .sort(order)
      .map(({ finding }) => finding);
    result.push({
      finding: led(lead.finding, rest),
      index: lead.index,
    });
  });
  return result.sort((a, b) => a.index - b.index).map(({ finding }) => finding);
}
