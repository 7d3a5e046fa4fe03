/**
 * Checks on one live response: the status is documented, the Content-Type matches a documented
 * media type, the body matches the documented schema (schema.ts: ajv, compiled once per schema),
 * and the platform's conventions hold on the payload (payload.ts: no bare array,
 * createdTimestamp, date-time and national-identifier forms, Problem Details for errors). The body
 * is parsed once for all of them.
 */
import type { JsonPath } from '../../../rulesets/lib/rule.js';
import { show } from '../../../rulesets/lib/rule.js';
import type { Finding } from '../../report/finding.js';
import { documentedResponse, type ResponseModel } from '../description.js';
import { contractFinding } from '../finding.js';
import type { ContractRuleId } from '../rules.js';
import type { HttpResponse } from '../http.js';
import { patternLocation, type PatternProblem } from '../patterns.js';
import { tooLarge, type ParsedJson, type ResponseCheckContext } from './context.js';
import { isJsonMediaType, matchingMediaType, parseMediaType } from './media-type.js';
import { conventionFindings, MAX_ANSWER_DEPTH, nestsDeeper, problemDetailsFindings } from './payload.js';
import { describeResponseSchemaError, relevantErrors } from './schema.js';
import { errorMessage } from '../../errors.js';
import { pastValidationWork } from '../schema-work.js';

export type { ResponseCheckContext } from './context.js';
export { checkLiveConventions } from './payload.js';
export { SchemaValidators } from './schema.js';

const MAX_SCHEMA_ERRORS = 5;

/**
 * The rules of the response checks: `answer` are `checkResponse`'s (run on every answer),
 * `live` are `checkLiveConventions`' (the conventions only a live answer shows). They ran when an
 * answer was checked.
 */
export const RESPONSE_CHECK_RULES = {
  answer: [
    'contract-status-documented',
    'contract-content-type',
    'contract-schema',
    'contract-no-bare-array',
    'contract-created-timestamp',
    'contract-date-time',
    'contract-national-id',
    'contract-problem-details',
  ],
  live: ['contract-charset', 'contract-field-case', 'contract-response-headers', 'contract-limit-reached'],
} as const satisfies Record<string, readonly ContractRuleId[]>;

export function checkResponse(ctx: ResponseCheckContext, response: HttpResponse): Finding[] {
  const { description, op } = ctx;
  const findings: Finding[] = [];
  const add = (
    id: Parameters<typeof contractFinding>[0],
    message: string,
    path?: JsonPath,
    severity?: Finding['severity'],
  ) =>
    findings.push(
      contractFinding(id, description.displayPath, {
        op,
        message,
        request: ctx.request,
        ...(path ? { path } : {}),
        ...(severity ? { severity } : {}),
      }),
    );
  const status = response.status;
  const documented = documentedResponse(op, status);
  const contentType = response.headers.get('content-type');
  const media = parseMediaType(contentType);
  const hasBody = response.body.length > 0;

  if (!documented) {
    const listed = op.responses.map((r) => r.status).join(', ') || 'none';
    add(
      'contract-status-documented',
      `${ctx.exchange} (${ctx.probe}) answered ${status}, which the description does not document for ${op.label} (documented: ${listed}); document ${status} or answer a documented status`,
      [...op.path, 'responses'],
    );
  }

  // Parse JSON once for every check that needs it.
  let json: ParsedJson | undefined;
  // A body cut at the size limit is not parsed: its end is missing, not malformed.
  if (hasBody && !response.truncated && (isJsonMediaType(media) || (!media && /^\s*[[{]/.test(response.body)))) {
    try {
      json = { ok: true, value: JSON.parse(response.body) };
    } catch (error) {
      json = { ok: false, error: errorMessage(error) };
    }
  }

  if (documented) {
    const documentedTypes = Object.keys(documented.content);
    if (hasBody && documentedTypes.length === 0 && status !== 204) {
      add(
        'contract-content-type',
        `${ctx.exchange} answered ${status} with a body${contentType ? ` (${contentType})` : ''}, but the description documents no content for ${documented.status}; document the media type and schema, or send no body`,
        documented.path,
      );
    } else if (hasBody && documentedTypes.length > 0) {
      if (!media) {
        add(
          'contract-content-type',
          `${ctx.exchange} answered ${status} with a body but ${contentType ? `an unreadable Content-Type ${show(contentType)}` : 'no Content-Type'}; expected ${documentedTypes.join(' or ')}`,
          [...documented.path, 'content'],
        );
      } else {
        const key = matchingMediaType(documented, media);
        if (!key) {
          add(
            'contract-content-type',
            `${ctx.exchange} answered ${status} with Content-Type ${show(contentType)}; the description documents ${documentedTypes.join(' or ')} for ${documented.status}`,
            [...documented.path, 'content'],
          );
        } else if (!(json?.ok === true && nestsDeeper(json.value, MAX_ANSWER_DEPTH))) {
          // An answer nested deeper than the bound is a contract-limit-reached finding (the live
          // conventions report it), not a schema check: the validator and its error messages recurse.
          findings.push(...schemaFindings(ctx, documented, key, json, response, status));
        }
      }
    } else if (
      !hasBody &&
      documentedTypes.length > 0 &&
      status !== 204 &&
      status !== 304 &&
      ctx.request.method !== 'HEAD'
    ) {
      const withSchema = documentedTypes.filter((key) => documented.content[key]?.schema !== undefined);
      if (withSchema.length > 0)
        add(
          'contract-schema',
          `${ctx.exchange} answered ${status} with an empty body; the description documents ${withSchema.join(' or ')} content for ${documented.status}`,
          [...documented.path, 'content'],
        );
    }
  }

  if (
    json &&
    !json.ok &&
    !(documented && Object.keys(documented.content).length > 0 && media && matchingMediaType(documented, media))
  ) {
    // Not reported by the schema check above: say it here, once.
    add(
      'contract-schema',
      `${ctx.exchange} answered ${status} with Content-Type ${show(contentType ?? 'none')} but a body that is not valid JSON (${json.error})`,
    );
  }

  if (json?.ok) findings.push(...conventionFindings(ctx, json.value, status, media, documented));
  if (status >= 400) findings.push(...problemDetailsFindings(ctx, response, media, json));
  return findings;
}

function schemaFindings(
  ctx: ResponseCheckContext,
  documented: ResponseModel,
  mediaKey: string,
  json: ParsedJson | undefined,
  response: HttpResponse,
  status: number,
): Finding[] {
  const schemaPath: JsonPath = [...documented.path, 'content', mediaKey, 'schema'];
  const findings: Finding[] = [];
  const add = (message: string, path: JsonPath = schemaPath) =>
    findings.push(
      contractFinding('contract-schema', ctx.description.displayPath, {
        op: ctx.op,
        message,
        path,
        request: ctx.request,
      }),
    );
  if (!isJsonMediaType(parseMediaType(mediaKey)) && !/^\*|\/\*$/.test(mediaKey)) return findings;
  if (response.truncated) {
    add(`${ctx.exchange} answered ${status} with ${tooLarge(response)}, so it was not checked against the schema`);
    return findings;
  }
  if (!json) return findings;
  if (!json.ok) {
    add(
      `${ctx.exchange} answered ${status} with a body that is not valid JSON (${json.error}); the description documents ${mediaKey}`,
    );
    return findings;
  }
  if (documented.content[mediaKey]?.schema === undefined) return findings;
  const compiled = ctx.validators.validatorFor(schemaPath);
  findings.push(...patternFindings(ctx, ctx.validators.patterns.takeProblems()));
  if ('unavailable' in compiled) {
    add(
      `the schema for ${ctx.op.label} ${documented.status} ${mediaKey} could not be compiled, so the body was not checked: ${compiled.unavailable}`,
    );
    return findings;
  }
  if (!ctx.validators.withinWork(schemaPath, json.value)) {
    findings.push(
      contractFinding('contract-limit-reached', ctx.description.displayPath, {
        op: ctx.op,
        message: `${ctx.exchange} answered ${status}: the body was not checked against the schema for ${ctx.op.label} ${documented.status} ${mediaKey}: ${pastValidationWork()}`,
        path: schemaPath,
        request: ctx.request,
      }),
    );
    return findings;
  }
  let valid: boolean;
  try {
    valid = compiled.validate(json.value);
  } catch (error) {
    // A safety net behind InPlaceCycles: a schema ajv cannot finish (e.g. too deep) is reported, not thrown.
    add(
      `the schema for ${ctx.op.label} ${documented.status} ${mediaKey} could not be checked on this body: ${errorMessage(error)}`,
    );
    return findings;
  }
  if (valid) return findings;
  const errors = relevantErrors(compiled.validate.errors ?? []);
  for (const error of errors.slice(0, MAX_SCHEMA_ERRORS))
    add(`${ctx.exchange} answered ${status}: ${describeResponseSchemaError(error)}`);
  if (errors.length > MAX_SCHEMA_ERRORS)
    add(`${ctx.exchange} answered ${status}: ${errors.length - MAX_SCHEMA_ERRORS} more schema errors not shown`);
  return findings;
}

/** contract-pattern findings, each at the pattern in the description. */
function patternFindings(ctx: ResponseCheckContext, problems: PatternProblem[]): Finding[] {
  return problems.map((problem) =>
    contractFinding('contract-pattern', ctx.description.displayPath, {
      message: `the pattern \`${problem.pattern}\` ${problem.text}`,
      path: patternLocation(ctx.description.data, problem.pattern) ?? [],
    }),
  );
}
