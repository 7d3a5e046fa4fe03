/**
 * The values a schema gives (example, examples, default, enum, const) and, for a parameter's or a
 * media type's schema, the holder's own examples: where each is in the file, so a fix that changes
 * what the schema allows can rewrite them to match.
 */
import { isArray, isObject } from '../../../rulesets/lib/openapi/types.js';
import type { JsonPath } from '../../../rulesets/lib/openapi/types.js';

export interface GivenValue {
  value: unknown;
  path: JsonPath;
}

/** Values of the schema object at `schemaPath` (its own, not through `$ref`). */
export function givenValues(at: (path: JsonPath) => unknown, schemaPath: JsonPath): GivenValue[] {
  const schema = at(schemaPath);
  if (!isObject(schema)) return [];
  const values: GivenValue[] = [];
  for (const keyword of ['example', 'default', 'const'] as const) {
    if (schema[keyword] !== undefined) values.push({ value: schema[keyword], path: [...schemaPath, keyword] });
  }
  for (const keyword of ['enum', 'examples'] as const) {
    const list = schema[keyword];
    if (isArray(list)) list.forEach((value, index) => values.push({ value, path: [...schemaPath, keyword, index] }));
  }
  // A parameter's (or media type's) `example` and `examples: { name: { value } }` beside its `schema`.
  if (schemaPath.at(-1) === 'schema') {
    const holderPath = schemaPath.slice(0, -1);
    const holder = at(holderPath);
    if (isObject(holder)) {
      if (holder.example !== undefined) values.push({ value: holder.example, path: [...holderPath, 'example'] });
      if (isObject(holder.examples)) {
        for (const [name, example] of Object.entries(holder.examples)) {
          if (isObject(example) && example.value !== undefined)
            values.push({ value: example.value, path: [...holderPath, 'examples', name, 'value'] });
        }
      }
    }
  }
  return values;
}
