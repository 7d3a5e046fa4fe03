/**
 * The bounds of the generated phases that an input's schema reaches, in words, each once: a
 * `minLength` longer than generation makes, and nesting deeper than a generator goes (the
 * flattening of schemas for the generators, the fuzz phase's values, the coverage phase's valid
 * values). What lies beyond a bound is left out of the values
 * made, so the phases report each as a contract-generation-limit finding (one per operation and
 * bound) instead of passing silently.
 */
import { MAX_FUZZ_DEPTH } from './arbitraries.js';
import { MAX_VALUE_DEPTH } from './cases.js';
import { numberRange } from './number-range.js';
import { itemsUnsampled, lengthUnsampled, MAX_GENERATED_ITEMS, MAX_PATTERN_SAMPLE_LENGTH } from './pattern-bounds.js';
import {
  MAX_FLATTEN_DEPTH,
  MAX_FLATTEN_NODES,
  MAX_GENERATION_WORK,
  MAX_VALUE_NODES,
  type FlatSchema,
} from './schema.js';

/** How deep the walk of a flattened schema goes (flattening stops well before). */
const MAX_WALK_DEPTH = 64;

/** How every reason of `unsatisfiable` ends: what is generated for such a schema is no value of it. */
const NO_VALUE = 'the values generated for it break its schema';

/**
 * Why the schema (or a member every value of it must have) accepts no value at all, or undefined:
 * the verifier's answer where ajv cannot compile the schema (verify.ts), so such an input is
 * never sent as known valid.
 */
export function noValueReason(schema: FlatSchema): string | undefined {
  return generationLimits([schema]).find((reason) => reason.endsWith(NO_VALUE));
}

export function generationLimits(schemas: readonly FlatSchema[]): string[] {
  const reasons = new Set<string>();
  const seen = new Set<FlatSchema>();
  const walk = (schema: FlatSchema, depth: number, scale: number, mandatory: boolean): void => {
    if (depth > MAX_WALK_DEPTH || seen.has(schema)) return;
    seen.add(schema);
    if (!lengthUnsampled(schema.minLength) && lengthUnsampled(schema.minLength, scale))
      reasons.add(
        `minLength ${schema.minLength} inside arrays of ${scale.toLocaleString('en')} items is beyond ${MAX_PATTERN_SAMPLE_LENGTH.toLocaleString('en')} characters, the longest value generated: generated values ignore it`,
      );
    if (lengthUnsampled(schema.minLength))
      reasons.add(
        `minLength ${schema.minLength} is beyond ${MAX_PATTERN_SAMPLE_LENGTH.toLocaleString('en')} characters, the longest value generated: generated values ignore it`,
      );
    // The generators honour a minItems while the items of all the arrays around it stay within the bound.
    const itemsLeftOut = itemsUnsampled(schema.minItems, scale);
    if (itemsLeftOut)
      reasons.add(
        scale > 1
          ? `minItems ${schema.minItems} inside arrays of ${scale.toLocaleString('en')} items is beyond ${MAX_GENERATED_ITEMS.toLocaleString('en')} items, the most generated: generated values ignore it`
          : `minItems ${schema.minItems} is beyond ${MAX_GENERATED_ITEMS.toLocaleString('en')} items, the most generated: generated values ignore it`,
      );
    for (const reason of unsatisfiable(schema)) reasons.add(reason);
    const inner = itemsLeftOut ? scale : scale * Math.max(1, schema.minItems ?? 1);
    // The members a value must have: required properties, the items of an array that must have
    // some, and the branches. An optional member is left out where the generators stop (always
    // valid), so its depth is no limit: a recursive `Node {next: Node}` stops at an optional `next`.
    const children = [
      ...(schema.items && (schema.minItems ?? 0) > 0 ? [schema.items] : []),
      ...[...schema.properties].filter(([key]) => schema.required.includes(key)).map(([, property]) => property),
      ...(schema.branches ?? []),
    ];
    if (schema.oversized && mandatory)
      reasons.add(
        `its schema has more than ${MAX_FLATTEN_NODES.toLocaleString('en')} members, or expands to more than ${MAX_GENERATION_WORK.toLocaleString('en')} nodes, or ${MAX_VALUE_NODES.toLocaleString('en')} a value must have (properties, items, branches, counted over every level, through every $ref and minItems/minProperties times), the most the generated phases read: what lies beyond is not generated`,
      );
    else if (schema.truncated && mandatory)
      reasons.add(
        `its schema nests deeper than ${MAX_FLATTEN_DEPTH} levels (items, properties, oneOf/anyOf), the depth the generated phases read: what lies below is not generated`,
      );
    const nested = mandatory && children.some((child) => !child.truncated);
    if (nested && depth >= MAX_FUZZ_DEPTH)
      reasons.add(
        `its schema nests deeper than ${MAX_FUZZ_DEPTH} levels, the depth of the fuzz phase's values: deeper members are not generated`,
      );
    if (nested && depth > MAX_VALUE_DEPTH)
      reasons.add(
        `its schema nests deeper than ${MAX_VALUE_DEPTH + 1} levels, the depth of the coverage phase's valid values: deeper members are left out`,
      );
    // The bounds of lengths and sizes hold at any depth a value reaches: every member is walked.
    if (schema.items) walk(schema.items, depth + 1, inner, mandatory && children.includes(schema.items));
    // A branch no value satisfies is no limit while another branch has values (issue 34, attack
    // B15): the value is one of the others. Only when every branch is impossible is that proved.
    const branches = schema.branches ?? [];
    const possible = branches.filter((branch) => unsatisfiable(branch).length === 0);
    for (const child of [...schema.properties.values(), ...(possible.length > 0 ? possible : branches)])
      if (child !== schema.items) walk(child, depth + 1, scale, mandatory && children.includes(child));
  };
  for (const schema of schemas) walk(schema, 0, 1, true);
  return [...reasons];
}

/**
 * Constraints no value meets (`minimum: 10, maximum: 5`, `minLength` above `maxLength`): whatever
 * is generated for them breaks the schema, and the run says so instead of sending it as valid silently.
 */
function unsatisfiable(schema: FlatSchema): string[] {
  const reasons: string[] = [];
  // `enum: []` (o34r12 B13): ajv refuses to compile it, so no verifier said so before.
  if (schema.enum !== undefined && schema.enum.length === 0 && schema.const === undefined)
    return [`its enum is empty, so no value satisfies it: ${NO_VALUE}`];
  if (schema.const !== undefined || (schema.enum && schema.enum.length > 0)) return reasons;
  const type = schema.types.find((t) => t !== 'null');
  if ((type === 'integer' || type === 'number') && numberRange(schema, type === 'integer') === undefined) {
    const bounds = [
      schema.minimum !== undefined
        ? `${schema.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum'} ${schema.minimum}`
        : '',
      schema.maximum !== undefined
        ? `${schema.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum'} ${schema.maximum}`
        : '',
      schema.multipleOf !== undefined ? `multipleOf ${schema.multipleOf}` : '',
    ].filter(Boolean);
    reasons.push(`no ${type === 'integer' ? 'integer' : 'number'} satisfies ${bounds.join(', ')}: ${NO_VALUE}`);
  }
  if (schema.minLength !== undefined && schema.maxLength !== undefined && schema.minLength > schema.maxLength)
    reasons.push(`no string satisfies minLength ${schema.minLength} with maxLength ${schema.maxLength}: ${NO_VALUE}`);
  if (schema.minItems !== undefined && schema.maxItems !== undefined && schema.minItems > schema.maxItems)
    reasons.push(`no array satisfies minItems ${schema.minItems} with maxItems ${schema.maxItems}: ${NO_VALUE}`);
  return reasons;
}
