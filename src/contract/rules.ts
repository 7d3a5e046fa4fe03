/**
 * The contract rules: what `vottur test` checks on a live server. Each rule is data (id,
 * severity, category, description) like the lint rules, so reports list them the same way; a
 * rule that ran without a finding is a passing case in JUnit.
 */
import { docsUrl } from '../../rulesets/lib/rule.js';
import type { Category, FindingSource, RuleMeta, Severity } from '../report/finding.js';

interface ContractRuleDefinition {
  severity: Severity;
  category: Category;
  source: FindingSource;
  description: string;
}

const DEFINITIONS = {
  'contract-status-documented': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description:
      'Every status the server answers is documented for the operation (exactly, as a range such as 4XX, or by default).',
  },
  'contract-content-type': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description: 'A response body comes with a Content-Type that matches a media type documented for its status.',
  },
  'contract-schema': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description: 'A response body matches the schema documented for its status and media type.',
  },
  'contract-pattern': {
    severity: 'warn',
    category: 'data-format',
    source: 'contract',
    description:
      'Every `pattern` in a response schema can be checked in linear time and does not backtrack exponentially (a ReDoS risk for every server and client that validates with it).',
  },
  'contract-pattern-unsampled': {
    severity: 'error',
    category: 'data-format',
    source: 'contract',
    description:
      'Every `pattern` of an input can be sampled by the coverage and fuzz phases within their bounds (values of at most 10,000 characters); one that cannot is left out of the values they make.',
  },
  'contract-generation-limit': {
    severity: 'error',
    category: 'data-format',
    source: 'contract',
    description:
      'Every input schema can be generated within the bounds of the generated phases (a `minLength` of at most 10,000 characters, a `minItems` of at most 1,000 counted with the arrays around it, schemas nested no deeper than each generator goes) and has a value at all (no `minimum` above its `maximum`); what lies beyond a bound, or what a generator cannot make, is left out of the values made and reported, never silence (a warning when a value its schema accepts is still sent for every input the bound touches).',
  },
  'contract-run-budget': {
    severity: 'error',
    category: 'methods',
    source: 'contract',
    description:
      "The run finishes within its run-wide budget (100,000 requests and 1,200 s by default; the operator's --max-requests and --max-run-time): once either is spent nothing more is generated or sent, Dredd's replay is not started, and what was left untested is this finding, never a pass.",
  },
  'contract-operation-untested': {
    severity: 'error',
    category: 'methods',
    source: 'contract',
    description:
      'An operation left untested (its method is not sent without --allow-unsafe-methods, or TRACE at all; no credentials for it; no value to build a request from; no answer) is a finding, never a silent pass: an error under a policy, so the gated run fails, and a warning without one; the operation scores 0 either way.',
  },
  'contract-limit-reached': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description:
      'A live JSON answer nests at most 64 levels, the depth vottur checks answers to; below it member names, date-times and national identifiers are not checked, so a deeper answer is a finding, never a pass.',
  },
  'contract-no-bare-array': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description: 'A response body is a JSON object, never a bare array; collections sit in a named member.',
  },
  'contract-created-timestamp': {
    severity: 'warn',
    category: 'data-format',
    source: 'response',
    description: 'Every returned data object carries createdTimestamp.',
  },
  'contract-date-time': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description:
      'Date-time values have the platform form yyyy-MM-ddThh:mm:ss.sssZ (a fraction of one or more digits; zone Z or ±hh:mm).',
  },
  'contract-national-id': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description:
      'National identifiers (nationalId, *NationalId) are ten digits without a hyphen, with a valid check digit.',
  },
  'contract-not-found-204': {
    severity: 'error',
    category: 'methods',
    source: 'response',
    description: 'A resource that does not exist is answered with 204 and an empty body, not 404.',
  },
  'contract-problem-details': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description: 'A 4xx or 5xx answer is application/problem+json with a type, and its status equals the HTTP status.',
  },
  'contract-auth-required': {
    severity: 'error',
    category: 'security',
    source: 'response',
    description:
      'An operation that declares security answers 401 without credentials and 403 to a token without the required scope.',
  },
  'contract-invalid-input-400': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description: 'A malformed identifier is answered with 400 Problem Details, never with a 5xx or a success.',
  },
  'contract-example-succeeds': {
    severity: 'error',
    category: 'methods',
    source: 'response',
    description:
      "The request built from the description's examples (or --data values) succeeds with a documented 2xx status.",
  },
  'contract-timeout': {
    severity: 'error',
    category: 'methods',
    source: 'response',
    description: 'The server answers every request within the time limit (--timeout).',
  },
  'contract-unreachable': {
    severity: 'error',
    category: 'methods',
    source: 'response',
    description: 'The server can be reached at the --server address.',
  },
  'contract-redirect': {
    severity: 'error',
    category: 'security',
    source: 'response',
    description: 'The server does not redirect API requests to another host (vottur never follows such a redirect).',
  },
  'contract-missing-example': {
    severity: 'warn',
    category: 'documentation',
    source: 'contract',
    description:
      'Every value a planned request needs can be derived from the description (examples) or the --data file.',
  },
  'contract-response-time': {
    severity: 'warn',
    category: 'methods',
    source: 'response',
    description: 'Answers come within the response time budget (--max-response-time, default 2 s).',
  },
  'contract-credentials-missing': {
    severity: 'error',
    category: 'security',
    source: 'contract',
    description:
      'Secured operations were not tested because no credentials were given: the option to pass is named, and only the 401 without credentials is checked.',
  },
  'contract-probe-skipped': {
    severity: 'info',
    category: 'security',
    source: 'contract',
    description:
      'A negative probe the conventions call for could not be run (for example no token without the scope could be obtained).',
  },
  'contract-server-error': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description:
      'No generated request (boundary, property-based, stateful) is answered with a 5xx: whatever the input, the server answers it.',
  },
  'contract-positive-data-accepted': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description: 'A request whose every value the description allows is not refused as bad input (400 or 422).',
  },
  'contract-negative-data-rejected': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description:
      'A request with a value the description forbids (each constraint broken in turn) is refused with 400, never served.',
  },
  'contract-missing-required-input': {
    severity: 'error',
    category: 'errors',
    source: 'response',
    description: 'A request without a required parameter or header is refused with 400, never served.',
  },
  'contract-unsupported-method': {
    severity: 'error',
    category: 'methods',
    source: 'response',
    description:
      'A method the description does not document for a path is answered with 405 and an Allow header listing the documented ones.',
  },
  'contract-ignored-auth': {
    severity: 'error',
    category: 'security',
    source: 'response',
    description:
      'Forged credentials (a garbage token, an unsigned alg "none" token, a token with a broken signature) are answered with 401, never served.',
  },
  'contract-response-headers': {
    severity: 'error',
    category: 'security',
    source: 'response',
    description:
      'Every response carries the headers the description requires for it, and a 401 or 403 the challenge its security scheme calls for in WWW-Authenticate (RFC 6750 for bearer tokens, RFC 7617 for basic; none for API keys).',
  },
  'contract-charset': {
    severity: 'error',
    category: 'data-format',
    source: 'response',
    description: "A JSON response declares no charset or charset=utf-8: the platform's text is UTF-8.",
  },
  'contract-field-case': {
    severity: 'error',
    category: 'naming',
    source: 'response',
    description: 'Field names in live JSON bodies are camelCase (no snake_case or kebab-case members).',
  },
  'contract-dredd': {
    severity: 'error',
    category: 'methods',
    source: 'contract',
    description: "Dredd's transactions for every documented response (status and headers) pass against the server.",
  },
} as const satisfies Record<string, ContractRuleDefinition>;

export type ContractRuleId = keyof typeof DEFINITIONS;

export function isContractRuleId(id: string): id is ContractRuleId {
  return Object.prototype.hasOwnProperty.call(DEFINITIONS, id);
}

export const CONTRACT_RULE_IDS: ContractRuleId[] = Object.keys(DEFINITIONS).filter(isContractRuleId);

export function contractRule(id: ContractRuleId): RuleMeta {
  const definition: ContractRuleDefinition = DEFINITIONS[id];
  return {
    id,
    severity: definition.severity,
    category: definition.category,
    description: definition.description,
    docsUrl: docsUrl(id),
    source: definition.source,
  };
}

/** Every contract rule, for listings (docs, `vottur rules`). */
export function contractRules(): RuleMeta[] {
  return CONTRACT_RULE_IDS.map(contractRule);
}
