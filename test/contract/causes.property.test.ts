/**
 * Causes by observation, as a property (issue 36, L-1): whatever findings a run makes, every piece of
 * evidence is joined to its lead directly — the same rule (one defect of one operation), or the same
 * observation (request and answer) — never through a third finding; except that every 5xx of an
 * operation is one cause, and a status-only rule (`contract-status-documented`) seen again with the
 * same status goes under the cause that showed it. And nothing is lost: every finding is a lead or
 * evidence once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { observedAs, oneFindingPerCause } from '../../src/contract/causes.js';
import type { Finding } from '../../src/report/finding.js';

const RULES = [
  'contract-server-error',
  'contract-not-found-204',
  'contract-auth-required',
  'contract-ignored-auth',
  'contract-positive-data-accepted',
  'contract-problem-details',
  'contract-content-type',
  'contract-no-bare-array',
  'contract-created-timestamp',
  'contract-field-case',
  'contract-status-documented',
  'contract-example-succeeds',
  'contract-schema',
  'contract-dredd',
  'contract-missing-example',
] as const;

const BODY_CONVENTIONS: readonly string[] = [
  'contract-no-bare-array',
  'contract-created-timestamp',
  'contract-field-case',
];

const STATUSES = [200, 400, 404, 500] as const;

interface Made {
  rule: (typeof RULES)[number];
  operation: 0 | 1;
  url: number;
  status: (typeof STATUSES)[number];
  severity: 'error' | 'warn' | 'info';
}

const made = fc
  .record<Made>({
    rule: fc.constantFrom(...RULES),
    operation: fc.constantFrom(0, 1),
    url: fc.integer({ min: 0, max: 2 }),
    status: fc.constantFrom(...STATUSES),
    severity: fc.constantFrom('error', 'warn', 'info'),
    // A server error is reported on a 5xx answer only.
  })
  .map((m) => (m.rule === 'contract-server-error' ? { ...m, status: 500 as const } : m));

function finding(m: Made, index: number): Finding {
  const url = `http://h/v1/things/${m.url}`;
  const f: Finding = {
    ruleId: m.rule,
    severity: m.severity,
    category: 'errors',
    message: `#${index}`,
    document: 'api.yaml',
    pointer: '/paths',
    path: ['paths'],
    docsUrl: `https://example.is/${m.rule}`,
    source: 'response',
    operation: `GET /v1/things/{id} ${m.operation}`,
    request: { method: 'GET', url, status: m.status },
  };
  // The observation is the request and its answer: here the URL and the status.
  return observedAs(f, `${url} ${m.status}`);
}

describe('oneFindingPerCause, as a property', () => {
  it('never joins findings of different rules whose observations differ, and loses none', () => {
    fc.assert(
      fc.property(fc.array(made, { minLength: 6, maxLength: 30 }), (all) => {
        const input = all.map(finding);
        const byMessage = new Map(input.map((f, i) => [f.message, all[i]]));
        const causes = oneFindingPerCause(input);
        const seen = causes.flatMap((c) => [c.message, ...(c.related ?? []).map((r) => r.message)]);
        expect(seen.sort()).toEqual(input.map((f) => f.message).sort());
        for (const cause of causes) {
          const members = [cause.message, ...(cause.related ?? []).map((r) => r.message)].map((m) =>
            byMessage.get(m ?? '')!,
          );
          const [lead, ...evidence] = members;
          for (const b of evidence) {
            const a = lead;
            if (a.operation !== b.operation) throw new Error(`two operations in one cause: ${JSON.stringify([a, b])}`);
            if (a.rule === b.rule) continue;
            if (a.url === b.url && a.status === b.status) continue;
            const serverError = (m: Made) => m.rule === 'contract-server-error' || m.status >= 500;
            if (serverError(a) && serverError(b)) continue;
            if (b.rule === 'contract-status-documented') continue;
            // A knock-on: seen on an answer that broke the lead's own rule, when that rule makes the
            // body beside the point (a body convention does not).
            if (
              !BODY_CONVENTIONS.includes(a.rule) &&
              members.some(
                (c) =>
                  (c.rule === a.rule || c.rule === 'contract-status-documented') &&
                  c.url === b.url &&
                  c.status === b.status,
              )
            )
              continue;
            throw new Error(`joined across rules and observations: ${JSON.stringify([a, b])}`);
          }
        }
      }),
      { seed: 36, numRuns: 400 },
    );
  });

  it('L-1: a schema error on one answer does not hide under a created-timestamp lead from another request', () => {
    const limit = finding(
      { rule: 'contract-created-timestamp', operation: 0, url: 1, status: 200, severity: 'warn' },
      0,
    );
    const fieldsTimestamp = finding(
      { rule: 'contract-created-timestamp', operation: 0, url: 2, status: 200, severity: 'warn' },
      1,
    );
    const fieldsSchema = finding({ rule: 'contract-schema', operation: 0, url: 2, status: 200, severity: 'error' }, 2);
    const causes = oneFindingPerCause([limit, fieldsTimestamp, fieldsSchema]);
    expect(causes.map((c) => [c.ruleId, c.severity, c.message])).toEqual([
      ['contract-created-timestamp', 'warn', '#0'],
      ['contract-schema', 'error', '#2'],
    ]);
    expect(causes[0]?.related?.map((r) => r.message)).toEqual(['#1']);
  });
});
