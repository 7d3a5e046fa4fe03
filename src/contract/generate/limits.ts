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
import { lengthUnsampled, MAX_PATTERN_SAMPLE_LENGTH } from './pattern-bounds.js';
import { MAX_FLATTEN_DEPTH, type FlatSchema } from './schema.js';

/** How deep the walk of a flattened schema goes (flattening stops well before). */
const MAX_WALK_DEPTH = 64;

export function generationLimits(schemas: readonly FlatSchema[]): string[] {
  const reasons = new Set<string>();
  const seen = new Set<FlatSchema>();
  const walk = (schema: FlatSchema, depth: number): void => {
    if (depth > MAX_WALK_DEPTH || seen.has(schema)) return;
    seen.add(schema);
    if (lengthUnsampled(schema.minLength))
      reasons.add(
        `minLength ${schema.minLength} is beyond ${MAX_PATTERN_SAMPLE_LENGTH.toLocaleString('en')} characters, the longest value generated: generated values ignore it`,
      );
    const children = [
      ...(schema.items ? [schema.items] : []),
      ...schema.properties.values(),
      ...(schema.branches ?? []),
    ];
    if (schema.truncated)
      reasons.add(
        `its schema nests deeper than ${MAX_FLATTEN_DEPTH} levels (items, properties, oneOf/anyOf), the depth the generated phases read: what lies below is not generated`,
      );
    const nested = children.some((child) => !child.truncated);
    if (nested && depth >= MAX_FUZZ_DEPTH)
      reasons.add(
        `its schema nests deeper than ${MAX_FUZZ_DEPTH} levels, the depth of the fuzz phase's values: deeper members are not generated`,
      );
    if (nested && depth > MAX_VALUE_DEPTH)
      reasons.add(
        `its schema nests deeper than ${MAX_VALUE_DEPTH + 1} levels, the depth of the coverage phase's valid values: deeper members are left out`,
      );
    for (const child of children) walk(child, depth + 1);
  };
  for (const schema of schemas) walk(schema, 0);
  return [...reasons];
}
