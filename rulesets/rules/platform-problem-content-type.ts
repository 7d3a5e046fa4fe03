import { defineRule, someOf, show, type JsonPath, type Problem } from '../lib/rule.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { effectiveSchema, lookupLocalRef } from '../lib/openapi/resolve.js';
import { collectProperties } from '../lib/openapi/flatten.js';
import { isObject, isRef } from '../lib/openapi/types.js';
import { mediaTypes, statusClass, type OperationInfo } from '../lib/openapi/views.js';
import { MEDIA_TYPE } from '../lib/conventions.js';
import { mediaTypeEssence } from '../lib/openapi/media-type.js';

const PROBLEM_JSON = 'application/problem+json';

const baseType = mediaTypeEssence;

function isErrorStatus(status: string): boolean {
  return ['4', '5', 'default'].includes(statusClass(status) ?? '');
}

/** Redirects answer an operation successfully too, as platform-response-success counts them. */
const REDIRECTS = new Set(['301', '302', '303', '307', '308', '3XX']);

/** True when the operation documents a 2xx (or redirect) answer besides `default`. */
function answersSuccess(op: OperationInfo): boolean {
  const responses = op.operation.responses;
  if (!isObject(responses)) return false;
  return Object.keys(responses).some((status) => statusClass(status) === '2' || REDIRECTS.has(status.toUpperCase()));
}

/** Quotes a media type key, or says that it is none (generators leave keys such as a bare word). */
function showMediaType(key: string): string {
  return MEDIA_TYPE.test(key) ? show(key) : 'a key that is not a media type (`type/subtype`)';
}

export default defineRule({
  id: 'platform-problem-content-type',
  severity: 'error',
  category: 'errors',
  source: { document: 'seed', section: 'Errors 1' },
  description: 'Error responses (4xx, 5xx, `4XX`, `5XX`, `default`) with a body use `application/problem+json`.',
  // A Swagger 2.0 description is linted through its conversion: the advice in Swagger 2.0's terms.
  swagger2Wording: (message: string) =>
    message.replace(
      /write `application\/problem\+json` instead\.$/,
      'list `application/problem+json` in `produces` (Swagger 2.0 cannot give error responses a media type of their own; OpenAPI 3 can).',
    ),
  check(document) {
    const problems: Problem[] = [];
    const all = mediaTypes(document);
    // Which media types each response declares, to allow `application/problem+xml` beside `application/problem+json`.
    const siblings = new Map<string, string[]>();
    for (const info of all) {
      const key = encodePointer(info.path.slice(0, -1));
      siblings.set(key, [...(siblings.get(key) ?? []), baseType(info.mediaType)]);
    }
    // Error bodies that are one shared schema under the same media type: one cause, one finding.
    const shared = new Map<string, Array<{ which: string; mediaType: string; uses: string[]; path: JsonPath }>>();
    for (const info of all) {
      if (info.kind !== 'response') continue;
      // OPTIONS (CORS preflight, `Allow`) is HTTP plumbing answered by the server or gateway: every error-response rule skips it alike.
      if (info.operations.length > 0 && info.operations.every((op) => op.method === 'options')) continue;
      // A `default` that is the only answer of every operation using it is that operation's success
      // body (a generator's habit): platform-response-success reports the missing 2xx — one cause, one owner.
      const statuses = info.statuses.filter(
        (status) =>
          isErrorStatus(status) &&
          !(status === 'default' && info.operations.length > 0 && info.operations.every((op) => !answersSuccess(op))),
      );
      if (statuses.length === 0) continue;
      const base = baseType(info.mediaType);
      if (base === PROBLEM_JSON) continue;
      if (
        base === 'application/problem+xml' &&
        siblings.get(encodePointer(info.path.slice(0, -1)))?.includes(PROBLEM_JSON)
      )
        continue;
      // The catalogue convention's alternative error object (`code`, `message`, `errors`) travels as
      // `application/json`: it is accepted here; platform-problem-schema gives the one warning that
      // Problem Details is preferred, at the schema.
      const body = effectiveSchema(document, info.media.schema, [...info.path, 'schema']).value;
      const members = collectProperties(document, body, [...info.path, 'schema']);
      if (members.has('code') && members.has('message')) continue;
      const which =
        statuses.length === 1 ? `The ${statuses[0]} response` : `The error response (${statuses.join(', ')})`;
      const schemaRef = isRef(info.media.schema) ? info.media.schema.$ref : undefined;
      const entry = {
        which,
        mediaType: info.mediaType,
        uses: info.operations.map((op) => `${op.method.toUpperCase()} ${op.pathKey} ${statuses.join('/')}`),
        path: info.path,
      };
      // Keyed by the shared schema (every media type it is sent as), else by the response.
      const key = schemaRef ? `ref ${schemaRef}` : `body ${encodePointer(info.path.slice(0, -2))}`;
      shared.set(key, [...(shared.get(key) ?? []), entry]);
    }
    const declares = ([first = '', ...others]: string[]) =>
      `${showMediaType(first)}${others.length > 0 ? ` (also ${others.map(showMediaType).join(', ')})` : ''}`;
    for (const [key, list] of shared) {
      const ref = key.startsWith('ref ') ? key.slice(4) : undefined;
      const responses = new Map<string, typeof list>();
      for (const entry of list) {
        const at = encodePointer(entry.path.slice(0, -2));
        responses.set(at, [...(responses.get(at) ?? []), entry]);
      }
      const target = ref && responses.size >= 3 ? lookupLocalRef(document, ref) : null;
      if (!target || !ref) {
        // One finding per response, naming every media type it declares for the error.
        for (const entries of responses.values()) {
          const types = [...new Set(entries.map((entry) => entry.mediaType))];
          const [first] = entries;
          if (!first) continue;
          problems.push({
            message: `${first.which} declares ${declares(types)}; errors are Problem Details (RFC 7807) in \`${PROBLEM_JSON}\`: write \`${PROBLEM_JSON}\` instead.`,
            path: first.path,
            also: entries.slice(1).map((entry) => entry.path),
          });
        }
        continue;
      }
      const uses = [...new Set(list.flatMap((entry) => entry.uses))];
      const types = [...new Set(list.map((entry) => entry.mediaType))];
      problems.push({
        message: `The error schema \`${ref.split('/').pop()}\` is sent as ${declares(types)} by ${responses.size} error responses (${someOf(uses)}); errors are Problem Details (RFC 7807) in \`${PROBLEM_JSON}\`: declare \`${PROBLEM_JSON}\` for them.`,
        path: target.path,
      });
    }
    return problems;
  },
});
