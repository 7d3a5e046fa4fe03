import { isStrictCamelCase, toCamelCase } from '../../../rulesets/lib/conventions.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, defineFixer } from '../fixer.js';

/** A query parameter renamed camelCase (`page_size` → `pageSize`, `ids[]` → `ids`). */
export default defineFixer({
  ruleId: 'platform-query-param-camel-case',
  usualEffect: 'review',
  fix({ path, value, source, at }) {
    if (path.at(-1) !== 'name' || typeof value !== 'string') return undefined;
    const parameter = at(path.slice(0, -1));
    if (!isObject(parameter) || parameter.in !== 'query') return undefined;
    const renamed = toCamelCase(value);
    if (!isStrictCamelCase(renamed) || renamed === value) return undefined;
    const edits = allEdits([source.replaceValue(path, renamed)]);
    return edits && { title: `Rename query parameter \`${value}\` to \`${renamed}\``, edits };
  },
});
