import type { FixedCheck } from '../model.js';

/**
 * The comparison stopped at one of its bounds (schema nesting, `allOf` nesting, a `$ref` chain):
 * what lies beyond was not compared, so the diff cannot say the revision is compatible there. It
 * is an error, with or without a gate: a comparison that could not finish must not read as "no
 * changes" (the same answer a developer and the gate get). The bounds (compare.ts MAX_SCHEMA_DEPTH,
 * flatten.ts MAX_ALLOF_DEPTH, resolve.ts MAX_REF_HOPS) are far beyond any real description.
 */
export const check = {
  id: 'diff-schema-limit-reached',
  class: 'breaking',
  area: 'schemas',
  kind: 'structure',
  category: 'data-format',
  description:
    'The comparison reached one of its bounds inside a schema (nesting deeper than 64 levels, `allOf` nested deeper than 64, a chain of more than 64 `$ref`s) and did not compare what lies beyond; a change there could break callers unseen.',
  level: 'schema',
  detect(node, context) {
    if (!context.limit) return;
    context.report(
      context.limit.path,
      context.limit.basePath,
      `${context.label}: ${context.limit.what}; not compared beyond`,
    );
  },
} as const satisfies FixedCheck;
