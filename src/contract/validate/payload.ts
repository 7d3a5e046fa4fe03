/**
 * The platform's conventions on a live answer's payload, beyond its schema: an object, never a
 * bare array; `createdTimestamp` on every data object; date-times in the platform's form;
 * national identifiers of ten digits with a valid check digit; Problem Details for errors; and,
 * on every answer whichever phase sent the request, a UTF-8 charset for JSON, camelCase member
 * names, and the headers the description requires (`WWW-Authenticate` on every 401 and 403, as
 * RFC 6750 requires of bearer-token APIs).
 */
import { resolve } from '../../../rulesets/lib/openapi/resolve.js';
import { collectProperties } from '../../../rulesets/lib/openapi/flatten.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import type { OpenApiDocument } from '../../../rulesets/lib/rule.js';
import { show } from '../../../rulesets/lib/rule.js';
import type { Finding } from '../../report/finding.js';
import { checkNationalIdValue, isNationalIdName, isPlatformDateTime } from '../conventions.js';
import { documentedResponse, type ResponseModel } from '../description.js';
import { contractFinding } from '../finding.js';
import type { HttpResponse } from '../http.js';
import { tooLarge, type ParsedJson, type ResponseCheckContext } from './context.js';
import { challengeRequired } from '../security.js';
import { isJsonMediaType, matchingMediaType, parseMediaType, type MediaType } from './media-type.js';

// ---------------------------------------------------------------------------------------------
// Conventions on the payload

const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{1,2}-\d{1,2}[Tt ]\d{1,2}:\d{2}/;
const COLLECTION_COMPANIONS = new Set([
  'pageInfo',
  'totalCount',
  'count',
  'total',
  'links',
  'meta',
  'cursor',
  'nextCursor',
]);

/** A JSON body's conventions: no bare array, createdTimestamp, date-times, national identifiers. */
export function conventionFindings(
  ctx: ResponseCheckContext,
  body: unknown,
  status: number,
  media: MediaType | undefined,
  documented: ResponseModel | undefined,
): Finding[] {
  const findings: Finding[] = [];
  const add = (id: Parameters<typeof contractFinding>[0], message: string) =>
    findings.push(contractFinding(id, ctx.description.displayPath, { op: ctx.op, message, request: ctx.request }));

  if (Array.isArray(body)) {
    add(
      'contract-no-bare-array',
      `${ctx.exchange} answered ${status} with a bare JSON array (${body.length} item${body.length === 1 ? '' : 's'}); a response body is an object, with the collection in a named member such as \`{ "data": [...] }\``,
    );
  }

  const isProblem = media?.essence === 'application/problem+json';
  if (status >= 200 && status < 300 && isObject(body) && !isProblem) {
    for (const missing of objectsWithoutCreatedTimestamp(body).slice(0, 3)) {
      add(
        'contract-created-timestamp',
        `${ctx.exchange} answered ${status} with ${missing === '' ? 'a data object' : `the data object at \`${missing}\``} that has no createdTimestamp; every returned data object carries createdTimestamp (when the data was created)`,
      );
    }
  }

  // The documented schema tells which strings are date-times and which are dates.
  const schema = documented && media ? documentedSchema(documented, media) : undefined;
  const dateTimeProblems: string[] = [];
  const nationalIdProblems: string[] = [];
  walkPayload(ctx.description.data, schema, body, '', undefined, 'unknown', (value, pointer, key, format, keyKind) => {
    // A key of a map (e.g. Problem Details `fields`, parameter name → message) is not a field name.
    if (key !== undefined && keyKind !== 'map' && isNationalIdName(key)) {
      const problem = checkNationalIdValue(value);
      if (problem) nationalIdProblems.push(`\`${pointer}\` is ${show(value)}, which ${problem.problem}`);
    }
    if (typeof value !== 'string' || format === 'date') return;
    const candidate =
      format === 'date-time' || LOOKS_LIKE_DATE_TIME.test(value) || (key !== undefined && /Timestamp$/.test(key));
    if (candidate && !isPlatformDateTime(value))
      dateTimeProblems.push(`\`${pointer}\` is ${show(value)}${dateTimeHint(value)}`);
  });
  for (const problem of dateTimeProblems.slice(0, 5)) {
    add(
      'contract-date-time',
      `${ctx.exchange} answered ${status}: ${problem}; expected the platform's date-time form yyyy-MM-ddThh:mm:ss.sssZ`,
    );
  }
  if (dateTimeProblems.length > 5)
    add(
      'contract-date-time',
      `${ctx.exchange} answered ${status}: ${dateTimeProblems.length - 5} more date-time values not in the platform's form`,
    );
  for (const problem of nationalIdProblems.slice(0, 5)) {
    add(
      'contract-national-id',
      `${ctx.exchange} answered ${status}: ${problem}; a national identifier is ten digits without a hyphen (##########)`,
    );
  }
  if (nationalIdProblems.length > 5)
    add(
      'contract-national-id',
      `${ctx.exchange} answered ${status}: ${nationalIdProblems.length - 5} more national identifiers not in the platform's form`,
    );
  return findings;
}

/** The schema documented for the media type an answer came in, if any. */
function documentedSchema(documented: ResponseModel, media: MediaType): unknown {
  const key = matchingMediaType(documented, media);
  return key === undefined ? undefined : documented.content[key]?.schema;
}

/** What is wrong with a date-time string, and the right form of it when it can be read. */
function dateTimeHint(value: string): string {
  const reasons: string[] = [];
  if (/^\d{4}-\d{2}-\d{2} /.test(value)) reasons.push('a space instead of T');
  if (/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:?\d{2})?$/.test(value))
    reasons.push('no fraction of a second');
  if (/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) reasons.push('no zone (Z or ±hh:mm)');
  if (/[+-]\d{4}$/.test(value)) reasons.push('a zone without a colon');
  if (/t|z$/.test(value)) reasons.push('a lower-case t or z');
  const parsed = new Date(value);
  const suggestion = Number.isNaN(parsed.getTime()) ? '' : `, e.g. \`${parsed.toISOString()}\``;
  return `${reasons.length ? ` (${reasons.join(', ')})` : ''}${suggestion ? ` — write it as${suggestion.slice(1)}` : ''}`;
}

/**
 * The data objects of a 2xx body that lack createdTimestamp: the body itself, or — when the body
 * is a collection wrapper (array members plus paging members only) — the objects in its arrays.
 * The convention asks it of "every returned data object … the date and time when the data was
 * created": a body of numbers only is a figure computed for the request, not such an object.
 */
function objectsWithoutCreatedTimestamp(body: Record<string, unknown>): string[] {
  if ('createdTimestamp' in body) return [];
  const entries = Object.entries(body);
  // An aggregate computed for the request — every member a number, as LoopBack's `{"count": 4}`
  // or `{"total": 12, "sum": 30.5}` — is no data that was created at some time (issue 36, FP-1).
  if (entries.length > 0 && entries.every(([, value]) => typeof value === 'number')) return [];
  const isWrapper =
    entries.some(([, value]) => Array.isArray(value)) &&
    entries.every(([key, value]) => Array.isArray(value) || COLLECTION_COMPANIONS.has(key));
  if (!isWrapper) return [''];
  const missing: string[] = [];
  for (const [key, list] of entries) {
    if (!Array.isArray(list)) continue;
    list.forEach((item: unknown, index) => {
      if (isObject(item) && !('createdTimestamp' in item)) missing.push(`/${key}/${index}`);
    });
  }
  return missing;
}

/** How a value's key is known: a property the schema declares, a key of a map (`additionalProperties`), or no schema. */
type KeyKind = 'property' | 'map' | 'unknown';
type Visit = (
  value: unknown,
  pointer: string,
  key: string | undefined,
  format: string | undefined,
  keyKind: KeyKind,
) => void;

/**
 * Walks a payload alongside its schema (as far as the schema can be followed: `$ref`, `allOf`,
 * `oneOf`/`anyOf` branches merged, `items`, `additionalProperties`), calling `visit` for every value
 * with the `format` the schema declares for it.
 */
function walkPayload(
  document: OpenApiDocument,
  schema: unknown,
  value: unknown,
  pointer: string,
  key: string | undefined,
  keyKind: KeyKind,
  visit: Visit,
  depth = 0,
): void {
  if (depth > MAX_ANSWER_DEPTH) return;
  const target = schema === undefined ? undefined : resolve(document, schema, []).value;
  const resolved = isObject(target) ? target : undefined;
  const format = typeof resolved?.format === 'string' ? resolved.format : undefined;
  visit(value, pointer || '/', key, format, keyKind);
  if (Array.isArray(value)) {
    const items = resolved?.items ?? branchValue(document, resolved, 'items');
    value.forEach((item, index) =>
      walkPayload(
        document,
        isObject(items) ? items : undefined,
        item,
        `${pointer}/${index}`,
        undefined,
        'unknown',
        visit,
        depth + 1,
      ),
    );
    return;
  }
  if (!isObject(value)) return;
  const properties = resolved ? propertiesOf(document, resolved) : new Map<string, unknown>();
  const additionalSchema = resolved?.additionalProperties;
  const additional = isObject(additionalSchema) ? additionalSchema : undefined;
  for (const [name, child] of Object.entries(value)) {
    const declared = properties.get(name);
    const kind: KeyKind = declared !== undefined ? 'property' : additional !== undefined ? 'map' : 'unknown';
    walkPayload(
      document,
      declared ?? additional,
      child,
      `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      name,
      kind,
      visit,
      depth + 1,
    );
  }
}

function propertiesOf(document: OpenApiDocument, schema: Record<string, unknown>): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [name, entry] of collectProperties(document, schema, [])) result.set(name, entry.schema);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches)
      for (const [name, entry] of collectProperties(document, branch, []))
        if (!result.has(name)) result.set(name, entry.schema);
  }
  return result;
}

function branchValue(document: OpenApiDocument, schema: Record<string, unknown> | undefined, keyword: string): unknown {
  if (!schema) return undefined;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const value = resolve(document, branch, []).value;
      if (isObject(value) && value[keyword] !== undefined) return value[keyword];
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Problem Details

/** An error answer (4xx, 5xx) as Problem Details (RFC 7807): one finding naming everything wrong with it. */
export function problemDetailsFindings(
  ctx: ResponseCheckContext,
  response: HttpResponse,
  media: MediaType | undefined,
  json: ParsedJson | undefined,
): Finding[] {
  const status = response.status;
  const contentType = response.headers.get('content-type');
  /** What is wrong, as phrases of one message; `advice` ones alone make a warning. */
  const problems: Array<{ text: string; advice?: boolean }> = [];
  const isProblemType = media?.essence === 'application/problem+json';
  if (response.body.length === 0) {
    problems.push({ text: 'no body' });
  } else if (response.truncated) {
    if (!isProblemType)
      problems.push({ text: `Content-Type ${show(contentType ?? 'none')} instead of application/problem+json` });
    problems.push({ text: tooLarge(response) });
  } else {
    if (!isProblemType)
      problems.push({ text: `Content-Type ${show(contentType ?? 'none')} instead of application/problem+json` });
    if (json && !json.ok) problems.push({ text: `a body that is not valid JSON (${json.error})` });
    else if (!json) {
      if (isProblemType) problems.push({ text: 'a body that is not JSON' });
    } else if (!isObject(json.value)) {
      problems.push({ text: `${Array.isArray(json.value) ? 'an array' : show(json.value)} instead of an object` });
    } else {
      const body = json.value;
      if (typeof body.type !== 'string') {
        const legacy =
          isObject(body.error) || (typeof body.code === 'number' && typeof body.message === 'string')
            ? ' (the older `{ error: { code, message } }` form)'
            : '';
        problems.push({
          text: `${body.type === undefined ? 'no `type`' : `\`type\` ${show(body.type)}, not a string`}${legacy}`,
        });
      }
      if (body.status === undefined) problems.push({ text: 'no `status`', advice: true });
      else if (body.status !== status)
        problems.push({ text: `\`status\` ${show(body.status)}, which must equal the HTTP status ${status}` });
    }
  }
  if (problems.length === 0) return [];
  const severity = problems.every((p) => p.advice) ? 'warn' : undefined;
  const fix = problems.every((p) => p.advice)
    ? `add \`"status": ${status}\``
    : `answer errors with Problem Details (RFC 7807): application/problem+json with \`type\` (e.g. \`https://httpstatuses.org/${status}\`), \`title\` and \`status\``;
  return [
    contractFinding('contract-problem-details', ctx.description.displayPath, {
      op: ctx.op,
      request: ctx.request,
      message: `${ctx.exchange} answered ${status} with ${problems.map((p) => p.text).join(', ')}; ${fix}`,
      ...(severity ? { severity } : {}),
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// On every answer: charset, member names, required headers

/** A member name written snake_case or kebab-case (`email_verified`, `email-verified`); `_links`-style names are left alone. */
const NOT_CAMEL_CASE = /^[a-z][a-z0-9]*([_-][a-z0-9]+)+$/i;
/**
 * How deep the walks over an answer go (member names here; formats and identifiers in
 * `walkPayload`). A server's JSON may nest without end, so the walks stop here, and an answer
 * that nests deeper is a `contract-limit-reached` finding: what lies below was not checked
 * (it used to be silence, and a snake_case member or a bad date 65 levels down passed).
 */
export const MAX_ANSWER_DEPTH = 64;

/** Whether a JSON value nests objects and arrays deeper than `bound` levels (without recursion). */
export function nestsDeeper(value: unknown, bound: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= bound) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export function checkLiveConventions(ctx: ResponseCheckContext, response: HttpResponse): Finding[] {
  const findings: Finding[] = [];
  const add = (id: Parameters<typeof contractFinding>[0], message: string) =>
    findings.push(contractFinding(id, ctx.description.displayPath, { op: ctx.op, message, request: ctx.request }));
  const contentType = response.headers.get('content-type');
  const media = parseMediaType(contentType);

  if (isJsonMediaType(media)) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      add(
        'contract-charset',
        `${ctx.exchange} (${ctx.probe}) answered ${response.status} with Content-Type \`${contentType}\`; JSON on the platform is UTF-8: send \`${media.essence}\` or \`${media.essence}; charset=utf-8\``,
      );
    }
    if (response.body.length > 0 && !response.truncated) {
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        // Not JSON: there are no member names to check.
        body = undefined;
      }
      if (nestsDeeper(body, MAX_ANSWER_DEPTH))
        add(
          'contract-limit-reached',
          `${ctx.exchange} (${ctx.probe}) answered ${response.status} with JSON nested deeper than ${MAX_ANSWER_DEPTH} levels; it was not checked against its schema, nor member names, date-times and national identifiers below that depth`,
        );
      // Problem Details name the offending inputs as keys (`fields`), in whatever case they have.
      const wrong = media.subtype === 'problem+json' ? [] : notCamelCase(body);
      const [first] = wrong;
      if (first !== undefined) {
        const shown = wrong
          .slice(0, 5)
          .map((name) => `\`${name}\``)
          .join(', ');
        add(
          'contract-field-case',
          `${ctx.exchange} (${ctx.probe}) answered ${response.status} with ${wrong.length === 1 ? 'the member' : 'members'} ${shown}${wrong.length > 5 ? ` and ${wrong.length - 5} more` : ''} not in camelCase; the platform's fields are camelCase (${camelCase(first)})`,
        );
      }
    }
  }

  const status = response.status;
  const challenge = status === 401 || status === 403 ? challengeRequired(ctx.op.security, status) : undefined;
  if (challenge && !response.headers.has('www-authenticate')) {
    const api =
      challenge.rfc === 'RFC 6750'
        ? 'a bearer-token API'
        : challenge.rfc === 'RFC 7617'
          ? 'an API that takes basic credentials'
          : 'any API (RFC 9110)';
    add(
      'contract-response-headers',
      `${ctx.exchange} (${ctx.probe}) answered ${status} without a WWW-Authenticate header; ${challenge.rfc} requires one on every ${status} of ${api} (e.g. \`${challenge.example}\`)`,
    );
  }
  const documented = documentedResponse(ctx.op, status);
  const headers = documented?.response.headers;
  if (documented && typeof headers === 'object' && headers !== null) {
    const declared: Array<[string, unknown]> = Object.entries(headers);
    for (const [name, header] of declared) {
      if (typeof header !== 'object' || header === null || !('required' in header) || header.required !== true)
        continue;
      if (['content-type', 'content-length'].includes(name.toLowerCase())) continue;
      if (!response.headers.has(name))
        add(
          'contract-response-headers',
          `${ctx.exchange} (${ctx.probe}) answered ${status} without the header ${name}, which the description requires for ${documented.status}`,
        );
    }
  }
  return findings;
}

function notCamelCase(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_ANSWER_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (NOT_CAMEL_CASE.test(key)) found.add(key);
      walk(value, depth + 1);
    }
  };
  walk(body, 0);
  return [...found];
}

function camelCase(name: string): string {
  // A run of separators with no letter after it stays (read once: `/[_-]+([a-z0-9])/` retried every start of a long run).
  return name.replace(/[_-]+([a-z0-9])?/gi, (match, letter: string | undefined) =>
    letter ? letter.toUpperCase() : match,
  );
}
