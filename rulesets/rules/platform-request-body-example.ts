import { defineRule, printPath, type Problem } from '../lib/rule.js';
import { bodyNeedsNoExample, mediaHasExample } from '../lib/openapi/examples.js';
import { resolve } from '../lib/openapi/resolve.js';
import { isRef } from '../lib/openapi/types.js';
import { mediaTypes } from '../lib/openapi/views.js';
import { encodePointer } from '../lib/openapi/pointer.js';

export default defineRule({
  id: 'platform-request-body-example',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 3' },
  description:
    'Every request-body media type gives an example (`example`/`examples` beside the schema, or an `example` on the schema).',
  // A Swagger 2.0 description is linted through its conversion: the advice in Swagger 2.0's terms.
  swagger2Wording: (message: string) =>
    message.replace(
      'add `example:` (or named `examples:`) beside `schema` with',
      'add an `example` to the schema of the body parameter (Swagger 2.0 has no example beside it) with',
    ),
  check(document) {
    const problems: Problem[] = [];
    // The media types of one request body without an example: one finding, at the first ("also as" the others).
    const bodies = new Map<string, typeof lacking>();
    const lacking = mediaTypes(document).filter(
      (info) =>
        info.kind === 'request' &&
        !mediaHasExample(document, info.media) &&
        !bodyNeedsNoExample(document, info.mediaType, info.media),
    );
    for (const info of lacking) {
      const key = encodePointer(info.path.slice(0, -2));
      bodies.set(key, [...(bodies.get(key) ?? []), info]);
    }
    for (const [info, ...siblings] of bodies.values()) {
      if (!info) continue;
      const also =
        siblings.length > 0 ? ` (also as ${siblings.map((other) => `\`${other.mediaType}\``).join(', ')})` : '';
      const [first, ...others] = info.operations;
      const count = info.operations.length;
      const where =
        info.path[0] === 'components' || !first
          ? `in the request body component ${printPath(info.path.slice(0, -2))}${count > 0 ? ` (used by ${count} operation${count > 1 ? 's' : ''})` : ''}`
          : `of \`${first.method.toUpperCase()} ${first.pathKey}\`${others.length > 0 ? ` (and ${others.length} more operation${others.length > 1 ? 's' : ''})` : ''}`;
      const schema = info.media.schema;
      const target = isRef(schema) ? resolve(document, schema, [...info.path, 'schema']) : undefined;
      const onSchema =
        target?.value !== undefined
          ? `, or an \`example\` on the schema it refers to (${printPath(target.path)}), which then serves every body that uses it`
          : ', or an `example` on its schema';
      problems.push({
        message: `The \`${info.mediaType}\` request body ${where}${also} has no example; add \`example:\` (or named \`examples:\`) beside \`schema\` with a body a caller would send${onSchema}.`,
        path: info.path,
        also: siblings.map((other) => other.path),
      });
    }
    return problems;
  },
});
