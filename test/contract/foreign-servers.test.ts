/**
 * Servers nobody here wrote (issue 36, item 6), over real sockets: Stoplight Prism mocking the
 * reference description, static and dynamic, in process through its own server package; and the
 * API-key example that ships with `openapi-backend`, served by `openapi-backend` from its own
 * description. Each finding is asserted: what leads per operation, what must not appear at all
 * (a finding vottur's own requests would cause), and the evidence under the leads. The verdicts
 * are judged in docs/contract.md ("Servers nobody here wrote").
 */
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { createServer as createPrismServer } from '@stoplight/prism-http-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { startDevIssuer, USER_PROFILE_READ_SCOPE, type DevIssuer } from '../../src/reference/auth.js';
import { referenceDescriptionPath } from '../../src/reference/description.js';
import type { Finding, Report } from '../../src/report/finding.js';
import { everything } from './evidence.js';
import {
  OPENAPI_BACKEND_DESCRIPTION,
  OPENAPI_BACKEND_KEY,
  startOpenApiBackendExample,
} from './fixtures/foreign/openapi-backend-apikey.js';

/** Few generated cases: the verdicts below need one of each kind, not depth. */
const QUICK = { dredd: false, seed: 1, maxExamples: 10 } as const;

const REFERENCE_OPERATIONS = [
  'GET /v2/users/.national-id',
  'GET /v2/users/.to-national-id/actor-profiles/.from-national-id',
  'GET /v2/users/{nationalId}',
  'GET /v2/users/{toNationalId}/actor-profiles/{fromNationalId}',
];

/** What leads, per operation: the rule ids of the findings a reviewer reads, sorted. */
function leads(report: Report): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const finding of report.findings) (out[finding.operation ?? ''] ??= []).push(finding.ruleId);
  for (const key of Object.keys(out)) out[key].sort();
  return out;
}

/** Every rule id seen, leading or as evidence. */
const seen = (report: Report) => new Set(everything(report).map((f) => f.ruleId));

const leadOf = (report: Report, operation: string, rule: string): Finding | undefined =>
  report.findings.find((f) => f.operation === operation && f.ruleId === rule);

/**
 * What Prism's mock does and must not be blamed for, as much as what vottur must not cause: the
 * examples are served (no failed example, no schema or media-type mismatch, no undocumented
 * status), errors are Problem Details with the right headers, and nothing vottur sends is refused
 * as invalid when the description allows it.
 */
const NEVER_ON_PRISM = [
  'contract-example-succeeds',
  'contract-schema',
  'contract-content-type',
  'contract-status-documented',
  'contract-problem-details',
  'contract-response-headers',
  'contract-positive-data-accepted',
  'contract-missing-required-input',
  'contract-missing-example',
  'contract-server-error',
  'contract-date-time',
  'contract-created-timestamp',
  'contract-timeout',
  'contract-unreachable',
];

describe('Prism mocking the reference description, with client credentials', () => {
  let issuer: DevIssuer;
  beforeAll(async () => {
    issuer = await startDevIssuer();
  });
  afterAll(async () => {
    await issuer?.close();
  });

  async function againstPrism(dynamic: boolean): Promise<Report> {
    const operations = await getHttpOperationsFromSpec(referenceDescriptionPath());
    // Prism logs at its own `success` level; silent here.
    const logger = pino({ level: 'silent', customLevels: { success: 32 } });
    const prism = createPrismServer(operations, {
      cors: false,
      components: { logger: logger as never },
      config: {
        checkSecurity: true,
        validateRequest: true,
        validateResponse: true,
        errors: false,
        upstreamProxy: undefined,
        isProxy: false,
        mock: { dynamic, seed: '1' },
      },
    });
    const url = await prism.listen(0, '127.0.0.1');
    try {
      return await runContractTests({
        ...QUICK,
        description: referenceDescriptionPath(),
        server: url,
        auth: {
          oauth: {
            tokenUrl: issuer.tokenUrl,
            clientId: issuer.clientId,
            clientSecret: issuer.clientSecret,
            scope: USER_PROFILE_READ_SCOPE,
          },
        },
      });
    } finally {
      await prism.close();
    }
  }

  /** What a mock that serves anything fails on every operation, each its own cause. */
  const SERVES_ANYTHING = [
    'contract-auth-required', // a token without the scope is served (403 expected)
    'contract-ignored-auth', // forged tokens are served (Prism checks only that one is there)
    'contract-negative-data-rejected', // a national identifier with a wrong check digit is served
    'contract-not-found-204', // an identifier that does not exist is served the example
  ];

  it('static: each way it serves anything leads once per operation, and nothing else', async () => {
    const report = await againstPrism(false);
    expect(leads(report)).toEqual(Object.fromEntries(REFERENCE_OPERATIONS.map((op) => [op, SERVES_ANYTHING])));
    for (const rule of NEVER_ON_PRISM) expect(seen(report), rule).not.toContain(rule);
    for (const rule of ['contract-field-case', 'contract-national-id']) expect(seen(report), rule).not.toContain(rule);
    for (const operation of REFERENCE_OPERATIONS) {
      expect(leadOf(report, operation, 'contract-auth-required')?.message).toMatch(
        /answered 200 to a token without the scope @island\.is\/user-profile:read/,
      );
      expect(leadOf(report, operation, 'contract-ignored-auth')?.message).toMatch(/answered 200 to a forged token/);
      expect(leadOf(report, operation, 'contract-negative-data-rejected')?.message).toMatch(
        /answered 200 to an invalid (path|header):\S+ \(a national identifier with a wrong check digit\)/,
      );
      // Distinct requests are distinct causes: nothing of another rule hides under these leads.
      for (const rule of SERVES_ANYTHING) {
        const related = leadOf(report, operation, rule)?.related ?? [];
        expect(related.every((r) => r.ruleId === rule)).toBe(true);
      }
    }
    expect(report.operations?.every((op) => op.notTested === undefined)).toBe(true);
  });

  it('dynamic: the generated bodies add snake_case members and wrong check digits, each leading on its own', async () => {
    const report = await againstPrism(true);
    const byOperation = leads(report);
    expect(Object.keys(byOperation).sort()).toEqual(REFERENCE_OPERATIONS);
    for (const operation of REFERENCE_OPERATIONS) {
      // Prism's generated members (`in_da`, `laborum_c4`) are not camelCase: every operation.
      const expected = [...SERVES_ANYTHING, 'contract-field-case'];
      // The actor profile's `fromNationalId` is drawn from `^[0-9]{10}$` with no check digit.
      if (operation.includes('actor-profiles')) expected.push('contract-national-id');
      expect(byOperation[operation], operation).toEqual(expected.sort());
      expect(leadOf(report, operation, 'contract-field-case')?.message).toMatch(/members .*`in_da`.* not in camelCase/);
    }
    // Both defects of one answer lead; the body conventions of the probes' answers are their evidence.
    const notFound = leadOf(report, 'GET /v2/users/{nationalId}', 'contract-not-found-204');
    expect(notFound?.related?.map((r) => r.ruleId)).toContain('contract-field-case');
    for (const rule of NEVER_ON_PRISM) expect(seen(report), rule).not.toContain(rule);
  });
});

describe("openapi-backend's API-key example, served from its own description", () => {
  it('the undocumented bodies and the plain JSON 401 lead; a server that checks its key is not blamed', async () => {
    const server = await startOpenApiBackendExample();
    let report: Report;
    try {
      report = await runContractTests({
        ...QUICK,
        description: OPENAPI_BACKEND_DESCRIPTION,
        server: server.url,
        auth: { headers: [`x-api-key: ${OPENAPI_BACKEND_KEY}`] },
      });
    } finally {
      await server.close();
    }
    expect(leads(report)).toEqual({
      // 200 documents no content, yet `{"operationId":"getPets"}` comes back; 401 is `{"err":"unauthorized"}`.
      'GET /pets': ['contract-content-type', 'contract-problem-details'],
      // …and `id` has no example, so the probes cannot be planned (a warning, never a guess).
      'GET /pets/{id}': ['contract-content-type', 'contract-missing-example', 'contract-problem-details'],
    });
    for (const operation of ['GET /pets', 'GET /pets/{id}']) {
      const body = leadOf(report, operation, 'contract-content-type');
      expect(body?.message).toMatch(
        /answered 200 with a body \(application\/json; charset=utf-8\), but the description documents no content for 200/,
      );
      // What the body conventions find in a body that should not be there is its evidence, not a cause.
      expect(body?.related?.map((r) => r.ruleId)).toContain('contract-created-timestamp');
      const problem = leadOf(report, operation, 'contract-problem-details');
      expect(problem?.message).toMatch(
        /answered 401 with Content-Type `application\/json; charset=utf-8` instead of application\/problem\+json/,
      );
      // The 401 is undocumented too: the same answer, its evidence.
      expect(problem?.related?.map((r) => r.ruleId)).toContain('contract-status-documented');
    }
    // The false positives of issue 36: a Bearer token forged for an API-key operation (the server
    // rightly ignores it and checks its key), a 401 without `WWW-Authenticate: Bearer` (no scheme
    // asks for one on an API key), and nothing served that should have been refused.
    for (const rule of [
      'contract-ignored-auth',
      'contract-auth-required',
      'contract-response-headers',
      'contract-positive-data-accepted',
      'contract-negative-data-rejected',
      'contract-server-error',
      'contract-field-case',
    ])
      expect(seen(report), rule).not.toContain(rule);
  });
});
