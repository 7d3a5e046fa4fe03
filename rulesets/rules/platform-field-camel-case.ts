import { defineRule, show, type Problem } from '../lib/rule.js';
import { properties } from '../lib/openapi/views.js';
import { isStrictCamelCase, toCamelCase } from '../lib/conventions.js';
import { matchNationalIdAlias } from '../lib/vocabulary.js';
import { isForeignPersonIdName } from '../lib/national-id.js';

export default defineRule({
  id: 'platform-field-camel-case',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Data format conventions: Case styles (field names camelCase)' },
  description: 'Schema property names are camelCase, acronyms written as words (`userId`, `profileImageUrl`, `line2`).',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    for (const node of properties(document)) {
      const name = node.name;
      if (isStrictCamelCase(name)) continue;
      // A national identifier under another name (`national_id`, `childrenSSN`): platform-national-id-name gives its name.
      // So is another country's identifier of a person (`fødselsnummer`, `isikukood`).
      if (matchNationalIdAlias(name, vocabulary) || isForeignPersonIdName(name)) continue;
      const fix = toCamelCase(name);
      const acronym = /^[a-z][a-zA-Z0-9]*$/.test(name) ? ' (acronyms are written as words)' : '';
      problems.push({
        message:
          isStrictCamelCase(fix) && fix !== name
            ? `Property ${show(name)} is not camelCase${acronym}; name it ${show(fix)}.`
            : `Property ${show(name)} is not camelCase; name it with letters and digits, starting with a lower-case letter, e.g. \`userId\`.`,
        path: node.path,
        // The name is written where the property is declared, whatever file its `$ref` value is in.
        name: true,
      });
    }
    return problems;
  },
});
