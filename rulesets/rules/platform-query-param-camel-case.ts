import { defineRule, show, type Problem } from '../lib/rule.js';
import { parameters } from '../lib/openapi/views.js';
import { isStrictCamelCase, toCamelCase } from '../lib/conventions.js';
import { matchNationalIdAlias } from '../lib/vocabulary.js';
import { isForeignPersonIdName } from '../lib/national-id.js';

export default defineRule({
  id: 'platform-query-param-camel-case',
  severity: 'warn',
  category: 'naming',
  source: { document: 'design guide', section: 'naming-conventions.md' },
  description:
    'Query parameter names are camelCase, acronyms written as words (`pageSize`, `userId`); a list repeats its name (`?ids=1&ids=2`), not `ids[]`.',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    for (const { parameter, path } of parameters(document)) {
      if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
      const name = parameter.name;
      if (isStrictCamelCase(name)) continue;
      // A national identifier under another name (`national_id`, `childrenSSN`): platform-national-id-name gives its name.
      // So is another country's identifier of a person (`fødselsnummer`, `isikukood`).
      if (matchNationalIdAlias(name, vocabulary) || isForeignPersonIdName(name)) continue;
      const fix = toCamelCase(name);
      const list = /\[\]$/.test(name) ? ' (the platform sends a list by repeating the name: `?ids=1&ids=2`)' : '';
      const acronym = /^[a-z][a-zA-Z0-9]*$/.test(name) ? ' (acronyms are written as words)' : '';
      problems.push({
        message:
          isStrictCamelCase(fix) && fix !== name
            ? `Query parameter ${show(name)} is not camelCase${list}${acronym}; name it ${show(fix)}.`
            : `Query parameter ${show(name)} is not camelCase; name it with letters and digits, starting with a lower-case letter, e.g. \`pageSize\`.`,
        path: [...path, 'name'],
      });
    }
    return problems;
  },
});
