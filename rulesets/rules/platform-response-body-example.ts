import { defineRule, someOf, printPath, type Problem } from '../lib/rule.js';
import { bodyNeedsNoExample, mediaHasExample } from '../lib/openapi/examples.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { resolve } from '../lib/openapi/resolve.js';
import { isRef } from '../lib/openapi/types.js';
import { mediaTypes, NO_BODY_STATUSES } from '../lib/openapi/views.js';

/** From how many bodies without an example one shared schema is reported once, at the schema (as platform-problem-content-type does). */
const SHARED = 3;

export default defineRule({
  id: 'platform-response-body-example',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 3' },
  description:
    'Every response media type gives an example (`example`/`examples` beside the schema, or an `example` on the schema), Problem Details responses included.',
  // A Swagger 2.0 description is linted through its conversion: the advice in Swagger 2.0's terms.
  swagger2Wording: (message: string) =>
    message.replace(
      'add `example:` (or named `examples:`) beside `schema` with',
      'add `examples` to the response, keyed by media type (`examples: { application/json: … }`), with',
    ),
  check(document) {
    const problems: Problem[] = [];
    // One body, one finding: the media types of one response that all lack an example (ASP.NET lists
    // `text/plain`, `application/json` and `text/json` for the same body) are reported together, at the first.
    const missing = new Map<string, string[]>();
    const all = mediaTypes(document).filter(
      (info) =>
        info.kind === 'response' &&
        // A body on a 204 is platform-content-type's one finding ("a 204 response has none").
        !(info.statuses.length > 0 && info.statuses.every((status) => NO_BODY_STATUSES.has(status))) &&
        !mediaHasExample(document, info.media) &&
        !bodyNeedsNoExample(document, info.mediaType, info.media),
    );
    for (const info of all) {
      const key = encodePointer(info.path.slice(0, -1));
      missing.set(key, [...(missing.get(key) ?? []), info.mediaType]);
    }
    // Reported at the first media type in sorted order, not in key order: the finding's place (and
    // so its fingerprint, and a baseline entry for it) stays when the document's keys are reordered.
    for (const types of missing.values()) types.sort();
    // One cause, one finding: bodies that are all one shared schema (`$ref: ApiErrorDto` on every
    // error response) are fixed by one example on that schema, so they are one finding there.
    const bodies = all.filter((info) => missing.get(encodePointer(info.path.slice(0, -1)))?.[0] === info.mediaType);
    const byRef = new Map<string, typeof bodies>();
    for (const info of bodies) {
      const schema = info.media.schema;
      if (isRef(schema)) byRef.set(schema.$ref, [...(byRef.get(schema.$ref) ?? []), info]);
    }
    const grouped = new Set<(typeof bodies)[number]>();
    for (const [ref, list] of byRef) {
      const first = list[0];
      const target =
        first && list.length >= SHARED ? resolve(document, first.media.schema, [...first.path, 'schema']) : undefined;
      if (target?.value === undefined || !target.viaRef) continue;
      for (const info of list) grouped.add(info);
      const uses = list.map((info) => {
        const op = info.operations[0];
        return op
          ? `${info.statuses.join('/')} of ${op.method.toUpperCase()} ${op.pathKey}`
          : printPath(info.path.slice(0, -2));
      });
      problems.push({
        message: `The schema \`${ref.split('/').pop()}\` is the body of ${list.length} responses without an example (${someOf(uses)}); add an \`example\` to the schema, which then serves every response that uses it (or \`example:\` beside each \`schema\`).`,
        path: target.path,
      });
    }
    for (const info of bodies) {
      if (grouped.has(info)) continue;
      const siblings = missing.get(encodePointer(info.path.slice(0, -1)));
      if (!siblings) continue;
      const [first, ...others] = info.operations;
      const statuses = info.statuses.map((status) => `\`${status}\``).join(', ');
      const count = info.operations.length;
      const where =
        info.path[0] === 'components' || !first
          ? `in the response component ${printPath(info.path.slice(0, -2))}${count > 0 ? ` (used by ${count} operation${count > 1 ? 's' : ''})` : ''}`
          : `${statuses} of \`${first.method.toUpperCase()} ${first.pathKey}\`${others.length > 0 ? ` (and ${others.length} more operation${others.length > 1 ? 's' : ''})` : ''}`;
      const schema = info.media.schema;
      const target = isRef(schema) ? resolve(document, schema, [...info.path, 'schema']) : undefined;
      const onSchema =
        target?.value !== undefined
          ? `, or an \`example\` on the schema it refers to (${printPath(target.path)}), which then serves every response that uses it`
          : ', or an `example` on its schema';
      const what = /problem\+json/i.test(info.mediaType)
        ? 'a Problem Details object as the service returns it'
        : 'a body as the service returns it';
      problems.push({
        message: `The \`${info.mediaType}\` response ${where}${
          siblings.length > 1
            ? ` (also as ${siblings
                .slice(1)
                .map((type) => `\`${type}\``)
                .join(', ')})`
            : ''
        } has no example; add \`example:\` (or named \`examples:\`) beside \`schema\` with ${what}${onSchema}.`,
        path: info.path,
        also: siblings.slice(1).map((type) => [...info.path.slice(0, -1), type]),
      });
    }
    return problems;
  },
});
