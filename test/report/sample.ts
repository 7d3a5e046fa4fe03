/**
 * A small, realistic report for the format tests: lint findings with lines in
 * `fixtures/user-profile.yaml`, contract findings on two operations, an operation that was not
 * exercised, a rule that passed, and national identifiers (`0101302989`, `010130-2989`) that every
 * format must mask.
 */
import { packageRoot } from '../../src/paths.js';
import type { Finding, Report, RuleMeta } from '../../src/report/finding.js';

export const CWD = packageRoot();

/** As rulesets/lib/rule.ts builds them. */
export function docsUrl(id: string): string {
  return `https://github.com/vottur/vottur/blob/main/docs/rules/${id}.md`;
}
export const DOCUMENT = 'test/report/fixtures/user-profile.yaml';
export const NATIONAL_ID = '0101302989';
export const NATIONAL_ID_HYPHEN = '010130-2989';
export const MASKED = '010130****';
export const CREATED = '2026-11-02T09:30:00.000Z';

function rule(
  id: string,
  severity: RuleMeta['severity'],
  category: RuleMeta['category'],
  source: RuleMeta['source'],
  description: string,
): RuleMeta {
  return { id, severity, category, source, description, docsUrl: docsUrl(id) };
}

export const RULES: RuleMeta[] = [
  rule(
    'platform-national-id-format',
    'error',
    'data-format',
    'lint',
    'National identifiers are written as ten digits without a hyphen.',
  ),
  rule('platform-property-camel-case', 'warn', 'naming', 'lint', 'Property names are camelCase.'),
  rule('platform-operation-summary', 'warn', 'documentation', 'lint', 'Every operation has a summary.'),
  rule('platform-date-format', 'error', 'data-format', 'lint', 'Dates are strings with format date or date-time.'),
  rule('platform-description-markdown', 'warn', 'documentation', 'lint', 'Descriptions are Markdown, not HTML.'),
  rule('platform-security-schemes', 'hint', 'security', 'lint', 'The description declares how clients authenticate.'),
  rule('platform-problem-details', 'error', 'errors', 'lint', 'Error responses use application/problem+json.'),
  rule(
    'response-national-id-format',
    'error',
    'data-format',
    'response',
    'National identifiers in responses are ten digits.',
  ),
  rule('response-content-type', 'warn', 'data-format', 'response', 'JSON responses are sent as application/json.'),
  rule(
    'contract-status-code',
    'error',
    'methods',
    'contract',
    'The service answers with a status code its description documents.',
  ),
];

const LINT_RULES = RULES.filter((r) => r.source === 'lint').length;

function finding(ruleId: string, fields: Partial<Finding> & Pick<Finding, 'message'>): Finding {
  const meta = RULES.find((r) => r.id === ruleId)!;
  return {
    ruleId,
    severity: meta.severity,
    category: meta.category,
    document: DOCUMENT,
    pointer: '',
    path: [],
    docsUrl: meta.docsUrl,
    source: meta.source,
    ...fields,
  };
}

export const LINT_FINDINGS: Finding[] = [
  finding('platform-security-schemes', {
    message: 'No `securitySchemes` | the service is reached through X-Road; declare the scheme anyway.',
    line: 1,
    column: 1,
  }),
  finding('platform-national-id-format', {
    message: `\`example\` is \`${NATIONAL_ID_HYPHEN}\`, a national identifier with a hyphen; write ten digits: \`${NATIONAL_ID}\`.`,
    pointer: '/paths/~1v2~1users~1{nationalId}/get/parameters/0/schema/example',
    path: ['paths', '/v2/users/{nationalId}', 'get', 'parameters', 0, 'schema', 'example'],
    line: 17,
    column: 13,
    endLine: 17,
    endColumn: 33,
  }),
  finding('platform-operation-summary', {
    message: '`GET /v2/actor-profiles` has no `summary`; add one sentence saying what it returns.',
    pointer: '/paths/~1v2~1actor-profiles/get',
    path: ['paths', '/v2/actor-profiles', 'get'],
    line: 26,
    column: 5,
  }),
  finding('platform-property-camel-case', {
    message: '`national_id` is snake_case; write `nationalId`.',
    pointer: '/components/schemas/UserProfile/properties/national_id',
    path: ['components', 'schemas', 'UserProfile', 'properties', 'national_id'],
    line: 42,
    column: 9,
  }),
  finding('platform-date-format', {
    message: '`lastNudge` is a date but has no `format`; write `format: date-time`.',
    pointer: '/components/schemas/UserProfile/properties/lastNudge',
    path: ['components', 'schemas', 'UserProfile', 'properties', 'lastNudge'],
    line: 46,
    column: 9,
  }),
  finding('platform-description-markdown', {
    message: 'The description uses the HTML tag `<b>` & a "quoted | piped" phrase; write Markdown (`**When**`).',
    pointer: '/components/schemas/UserProfile/properties/lastNudge/description',
    path: ['components', 'schemas', 'UserProfile', 'properties', 'lastNudge', 'description'],
    line: 48,
    column: 11,
  }),
];

export const CONTRACT_FINDINGS: Finding[] = [
  finding('response-national-id-format', {
    message: `\`nationalId\` in the response is \`${NATIONAL_ID_HYPHEN}\`; the platform writes ten digits: \`${NATIONAL_ID}\`.`,
    pointer: '/nationalId',
    path: ['nationalId'],
    operation: 'GET /v2/users/{nationalId}',
    operationId: 'getUserProfile',
    request: { method: 'GET', url: `http://127.0.0.1:4010/v2/users/${NATIONAL_ID}`, status: 200, durationMs: 12 },
    // As the contract runner places it: /nationalId is in the payload, so at the operation's key.
    descriptionPosition: { line: 8, column: 5 },
  }),
  finding('contract-status-code', {
    message: 'Expected one of the documented statuses (200), got 500.',
    pointer: '/paths/~1v2~1actor-profiles/get/responses',
    path: ['paths', '/v2/actor-profiles', 'get', 'responses'],
    descriptionPosition: { line: 28, column: 7 },
    operation: 'GET /v2/actor-profiles',
    operationId: 'getActorProfiles',
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:4010/v2/actor-profiles?from=0101302989',
      status: 500,
      durationMs: 40,
    },
    // Evidence of the same cause, merged into this finding (one cause, one finding).
    related: [
      {
        document: DOCUMENT,
        pointer: '/paths/~1v2~1actor-profiles/get',
        ruleId: 'contract-dredd',
        severity: 'error',
        message: 'Dredd transaction "/v2/actor-profiles > 200" failed: statusCode 500.',
        request: { method: 'GET', url: 'http://127.0.0.1:4010/v2/actor-profiles?from=0101302989', status: 500 },
      },
    ],
  }),
  finding('response-content-type', {
    message: 'Content-Type is `text/plain`; send `application/json`.',
    pointer: '',
    path: [],
    descriptionPosition: { line: 26, column: 5 },
    operation: 'GET /v2/actor-profiles',
    operationId: 'getActorProfiles',
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:4010/v2/actor-profiles?from=0101302989',
      status: 500,
      durationMs: 40,
    },
  }),
];

export const OPERATIONS = [
  {
    document: DOCUMENT,
    operation: 'GET /v2/users/{nationalId}',
    operationId: 'getUserProfile',
    requests: 2,
    findings: 1,
    durationMs: 25,
  },
  {
    document: DOCUMENT,
    operation: 'GET /v2/actor-profiles',
    operationId: 'getActorProfiles',
    requests: 1,
    findings: 2,
    durationMs: 40,
  },
  {
    document: DOCUMENT,
    operation: 'DELETE /v2/users/{nationalId}',
    operationId: 'deleteUser',
    requests: 0,
    findings: 0,
  },
];

/** A `vottur check` report: lint and contract findings for one description. */
export function sampleReport(): Report {
  return structuredClone({
    tool: { name: 'vottur', version: '0.1.0' },
    createdTimestamp: CREATED,
    documents: [{ path: DOCUMENT, title: 'User Profile Service', version: '2.1.0' }],
    rules: RULES,
    findings: [...LINT_FINDINGS, ...CONTRACT_FINDINGS],
    operations: OPERATIONS,
  });
}

/** A `vottur lint` report of the same description. */
export function lintReport(): Report {
  return structuredClone({
    tool: { name: 'vottur', version: '0.1.0' },
    createdTimestamp: CREATED,
    documents: [{ path: DOCUMENT, title: 'User Profile Service', version: '2.1.0' }],
    rules: RULES.filter((r) => r.source === 'lint'),
    findings: LINT_FINDINGS,
  });
}

/** A `vottur test` report of the same description. */
export function contractReport(): Report {
  return structuredClone({
    tool: { name: 'vottur', version: '0.1.0' },
    createdTimestamp: '2026-11-02T09:31:00.000Z',
    documents: [{ path: DOCUMENT }],
    rules: RULES.filter((r) => r.source !== 'lint'),
    findings: CONTRACT_FINDINGS,
    operations: OPERATIONS,
  });
}

export function emptyReport(): Report {
  return {
    tool: { name: 'vottur', version: '0.1.0' },
    createdTimestamp: CREATED,
    documents: [{ path: DOCUMENT, title: 'User Profile Service', version: '2.1.0' }],
    rules: RULES.filter((r) => r.source === 'lint'),
    findings: [],
  };
}

export const COUNTS = { lintRules: LINT_RULES, contractRules: RULES.length - LINT_RULES };

export const CONTEXT = { cwd: CWD, color: false, showPii: false };
