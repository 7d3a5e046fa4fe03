import { MAX_REF_HOPS } from '../../../rulesets/lib/openapi/resolve.js';
import { encodePointer } from '../../../rulesets/lib/openapi/pointer.js';
import type { FixedCheck } from '../model.js';

/**
 * Following a component's `$ref`s (a path item, a parameter, a request body, a response, a header,
 * a link, a callback, a security scheme) stopped at its bound (resolve.ts MAX_REF_HOPS) or went
 * round a cycle: what the place stands for was not compared. An error, with or without a gate: it
 * read as "0 changes" before (issue 34, outside attack round 5, C8: a response changed at the end
 * of a 64-long chain passed the gate, exit 0). The schema walk's own bounds are
 * diff-schema-limit-reached.
 */
export const check = {
  id: 'diff-ref-limit-reached',
  class: 'breaking',
  area: 'paths',
  kind: 'structure',
  category: 'data-format',
  description: `Following a path item's, parameter's, request body's, response's, header's, link's, callback's or security scheme's \`$ref\`s reached the bound (a chain of more than ${MAX_REF_HOPS} \`$ref\`s, or a cycle), so what it stands for was not compared; a change there could break callers unseen.`,
  level: 'description',
  detect(node, context) {
    // One finding per place: a chain both sides share is one limit, not two.
    const seen = new Map<string, { path: (typeof node.refLimits)[number]['path']; sides: Set<string> }>();
    for (const limit of node.refLimits) {
      const pointer = encodePointer(limit.path);
      const entry = seen.get(pointer) ?? { path: limit.path, sides: new Set<string>() };
      entry.sides.add(limit.side);
      seen.set(pointer, entry);
    }
    for (const [pointer, { path, sides }] of seen) {
      const where = sides.size === 2 ? 'the base and the revision' : sides.has('base') ? 'the base' : 'the revision';
      context.report(
        path,
        path,
        `${pointer}: a chain of more than ${MAX_REF_HOPS} $refs, or a cycle, in ${where}; what it leads to was not compared`,
      );
    }
  },
} as const satisfies FixedCheck;
