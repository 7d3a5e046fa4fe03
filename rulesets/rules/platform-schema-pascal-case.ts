import { defineRule, show, type Problem } from '../lib/rule.js';
import { componentsOf, isObject } from '../lib/openapi/types.js';
import { isStrictPascalCase, PASCAL_CASE, toPascalCase } from '../lib/conventions.js';

export default defineRule({
  id: 'platform-schema-pascal-case',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Data format conventions: Case styles (type names PascalCase)' },
  description:
    'Schema names under `components.schemas` are PascalCase (`UserProfile`), acronyms and words written with one capital as field names are (`UserDto`, not `UserDTO` or `ITEM`).',
  check(document) {
    const problems: Problem[] = [];
    const schemas = componentsOf(document)?.schemas;
    if (!isObject(schemas)) return problems;
    for (const name of Object.keys(schemas)) {
      if (isStrictPascalCase(name)) continue;
      const fix = toPascalCase(name);
      problems.push({
        message:
          isStrictPascalCase(fix) && fix !== name
            ? PASCAL_CASE.test(name)
              ? `Schema name ${show(name)} writes an acronym or a whole word in capitals; PascalCase writes each word with one capital, as fields do (\`userId\`, not \`userID\`): name it ${show(fix)} (and update the \`$ref\`s to it).`
              : `Schema name ${show(name)} is not PascalCase; name it ${show(fix)} (and update the \`$ref\`s to it).`
            : `Schema name ${show(name)} is not PascalCase; name it with letters and digits, starting with a capital, e.g. \`UserProfile\`.`,
        path: ['components', 'schemas', name],
      });
    }
    return problems;
  },
});
