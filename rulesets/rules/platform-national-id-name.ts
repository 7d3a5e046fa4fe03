import { defineRule, show, type OpenApiDocument, type Problem } from '../lib/rule.js';
import { isObject, layerKeyword, operationParameters, operations, parameters, properties, schemaLayers } from '../lib/openapi.js';
import { isNationalIdName } from '../lib/conventions.js';
import { matchNationalIdAlias, NATIONAL_ID_HEADER } from '../lib/vocabulary.js';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The platform name for a field or a path/query/cookie parameter that holds a national identifier under another name. */
function platformName(name: string, isList: () => boolean): string | undefined {
  if (isNationalIdName(name)) return undefined;
  const match = matchNationalIdAlias(name);
  if (!match) return undefined;
  const stem = match.plural || isList() ? 'NationalIds' : 'NationalId';
  if (match.prefix.length === 0) return `n${stem.slice(1)}`;
  return match.prefix[0] + match.prefix.slice(1).map(capitalise).join('') + stem;
}

/** The platform header for a header that carries a national identifier under another name (`X-Kennitala` → `X-Param-National-Id`). */
function platformHeader(name: string): string | undefined {
  if (NATIONAL_ID_HEADER.test(name)) return undefined;
  const match = matchNationalIdAlias(name);
  if (!match) return undefined;
  let words = match.prefix;
  if (words[0] === 'x') words = words.slice(1);
  let kind = 'Param';
  if (words[0] === 'param' || words[0] === 'query') {
    kind = capitalise(words[0]);
    words = words.slice(1);
  }
  const header = ['X', kind, ...words.map(capitalise), 'National', 'Id'].join('-');
  // Header names are case-insensitive: `x-param-national-id` is the platform's header.
  return header.toLowerCase() === name.toLowerCase() ? undefined : header;
}

function isList(document: OpenApiDocument, schema: unknown): boolean {
  return layerKeyword(schemaLayers(document, schema, []), 'type')?.value === 'array';
}

export default defineRule({
  id: 'platform-national-id-name',
  severity: 'error',
  category: 'naming',
  description: 'A field or parameter that holds a national identifier is named `nationalId` (or `<prefix>NationalId`), not `kennitala`, `kt`, `ssn`, `national_id` or another alias.',
  check(document) {
    const problems: Problem[] = [];
    for (const node of properties(document)) {
      const name = node.name!;
      const fix = platformName(name, () => isList(document, node.schema));
      if (fix) problems.push({ message: `Property ${show(name)} holds ${fix.endsWith('Ids') ? 'national identifiers' : 'a national identifier'}; name it ${show(fix)}.`, path: node.path });
    }
    for (const { parameter, path } of parameters(document)) {
      if (typeof parameter.name !== 'string') continue;
      const name = parameter.name;
      if (parameter.in === 'header') {
        const fix = platformHeader(name);
        if (fix) problems.push({ message: `Header ${show(name)} carries a national identifier; name it ${show(fix)}, the platform's request convention.`, path: [...path, 'name'] });
        continue;
      }
      const fix = platformName(name, () => isList(document, parameter.schema));
      if (!fix) continue;
      const where = parameter.in === 'path' ? 'Path' : parameter.in === 'query' ? 'Query' : parameter.in === 'cookie' ? 'Cookie' : 'The';
      const template = parameter.in === 'path' ? ` (and write ${show(`{${fix}}`)} in the path template)` : '';
      problems.push({ message: `${where} parameter ${show(name)} holds a national identifier; name it ${show(fix)}${template}.`, path: [...path, 'name'] });
    }
    // A template variable with no path parameter behind it (the parameter is missing or not
    // resolvable) is reported on the path itself; otherwise the parameter's finding covers it.
    const paths = document.paths;
    if (isObject(paths)) {
      for (const pathKey of Object.keys(paths)) {
        if (!pathKey.startsWith('/')) continue;
        const variables = pathKey
          .split('/')
          .flatMap((segment) => [...segment.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!))
          .filter((variable) => platformName(variable, () => false) !== undefined);
        if (variables.length === 0) continue;
        const declared = new Set<string>();
        for (const op of operations(document)) {
          if (op.pathKey !== pathKey) continue;
          for (const { parameter } of operationParameters(document, op)) if (parameter.in === 'path' && typeof parameter.name === 'string') declared.add(parameter.name);
        }
        for (const variable of variables) {
          if (declared.has(variable)) continue;
          const fix = platformName(variable, () => false)!;
          problems.push({ message: `Path template variable ${show(`{${variable}}`)} holds a national identifier; name it ${show(`{${fix}}`)}.`, path: ['paths', pathKey] });
        }
      }
    }
    return problems;
  },
});
