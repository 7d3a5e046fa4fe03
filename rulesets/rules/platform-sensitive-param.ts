import { defineRule, show, type Problem } from '../lib/rule.js';
import { operationParameters, operations, parameters } from '../lib/openapi/views.js';
import { isNationalIdName, nameWords, SYNTHETIC_NATIONAL_ID } from '../lib/conventions.js';
import { matchNationalIdAlias, type Vocabulary } from '../lib/vocabulary.js';
import { recogniseNationalId } from '../lib/national-id.js';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The words before the identifier (`to` for `toNationalId`, `from` for `from_kennitala`), or undefined when the name is not a national identifier. */
function prefixWords(name: string, vocabulary: Vocabulary): string[] | undefined {
  if (isNationalIdName(name)) return nameWords(name).slice(0, -2);
  if (/^([a-z][a-zA-Z0-9]*N|n)ationalIds$/.test(name)) return nameWords(name).slice(0, -2);
  return matchNationalIdAlias(name, vocabulary)?.prefix;
}

export default defineRule({
  id: 'platform-sensitive-param',
  severity: 'info',
  category: 'security',
  source: { document: 'design guide', section: 'rest-request.md' },
  description:
    "A national identifier in a path or query parameter is better sent in a header, as the platform's request convention does (`/v1/users/.national-id` with `X-Param-National-Id`).",
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    const candidates = parameters(document).flatMap(({ parameter, path }) => {
      const name = parameter.name;
      if ((parameter.in !== 'path' && parameter.in !== 'query') || typeof name !== 'string') return [];
      const recognised =
        parameter.schema === undefined
          ? prefixWords(name, vocabulary) !== undefined
          : recogniseNationalId(document, vocabulary, name, parameter.schema, [...path, 'schema'], parameter) !==
            undefined;
      return recognised ? [{ parameter, path, name }] : [];
    });
    if (candidates.length === 0) return problems;
    // Which paths use each path parameter, to see whether the header form is offered beside it.
    const usedBy = new Map<object, string[]>();
    for (const op of operations(document)) {
      for (const { parameter } of operationParameters(document, op)) {
        if (parameter.in !== 'path') continue;
        const list = usedBy.get(parameter) ?? [];
        if (!list.includes(op.pathKey)) list.push(op.pathKey);
        usedBy.set(parameter, list);
      }
    }
    const paths = document.paths ?? {};
    const recognised = new Set(candidates.map(({ name }) => name));
    const placeholderPath = (pathKey: string) =>
      pathKey.replace(/\{([^{}]+)\}/g, (whole, variable: string) => {
        const prefix = prefixWords(variable, vocabulary) ?? (recognised.has(variable) ? [] : undefined);
        return prefix ? `.${[...prefix, 'national', 'id'].join('-')}` : whole;
      });
    for (const { parameter, path, name } of candidates) {
      // Recognised by its description or example only (`ssid`): the plain header.
      const prefix = prefixWords(name, vocabulary) ?? [];
      const header = [
        'X',
        parameter.in === 'path' ? 'Param' : 'Query',
        ...prefix.map(capitalise),
        'National',
        'Id',
      ].join('-');
      if (parameter.in === 'path') {
        const users = usedBy.get(parameter) ?? [];
        // The header form is already offered next to every path that takes the identifier.
        if (
          users.length > 0 &&
          users.every((pathKey) => Object.prototype.hasOwnProperty.call(paths, placeholderPath(pathKey)))
        )
          continue;
        const example = users[0] ? placeholderPath(users[0]) : `/v1/users/.${[...prefix, 'national', 'id'].join('-')}`;
        problems.push({
          message: `Path parameter ${show(name)} puts a national identifier in the URL, where access logs and proxies keep it; the platform's request convention replaces it with a dot placeholder and a header: ${show(example)} with \`${header}: ${SYNTHETIC_NATIONAL_ID}\`.`,
          path,
        });
      } else {
        problems.push({
          message: `Query parameter ${show(name)} puts a national identifier in the URL, where access logs and proxies keep it; the platform's request convention sends it in the header \`${header}\` instead.`,
          path,
        });
      }
    }
    return problems;
  },
});
