import { defineRule, show, type JsonPath, type Problem } from '../lib/rule.js';
import { layerKeyword, schemaLayers } from '../lib/openapi/resolve.js';
import { type Document, isObject, type JsonObject } from '../lib/openapi/types.js';
import { operationParameters, operations, parameters, properties } from '../lib/openapi/views.js';
import { isNationalIdName, namingPath } from '../lib/conventions.js';
import { matchNationalIdAlias, NATIONAL_ID_HEADER, type Vocabulary } from '../lib/vocabulary.js';
import { type NationalIdHolder, recogniseNationalId } from '../lib/national-id.js';
import { nameWords } from '../lib/conventions.js';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The platform name for a field or a path/query/cookie parameter that holds a national identifier under another name. */
export function platformName(name: string, vocabulary: Vocabulary, isList: () => boolean): string | undefined {
  if (isNationalIdName(name)) return undefined;
  const match = matchNationalIdAlias(name, vocabulary);
  if (!match) return undefined;
  const stem = match.plural || isList() ? 'NationalIds' : 'NationalId';
  const fix =
    match.prefix.length === 0
      ? `n${stem.slice(1)}`
      : match.prefix[0] + match.prefix.slice(1).map(capitalise).join('') + stem;
  return fix === name ? undefined : fix;
}

/**
 * The platform name for a field recognised by its description or its kennitala example, not by
 * its name (`ssid` with default `4710032980` → `nationalId`; `companyId` → `companyNationalId`).
 * A name that already contains an alias (`kennitalaForeldris`) is left to the alias rules.
 */
export function nameFromContent(name: string, vocabulary: Vocabulary, plural: boolean): string | undefined {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (
    compact.includes('nationalid') ||
    vocabulary.nationalIdAliases.some((alias) => alias.length > 2 && compact.includes(alias))
  )
    return undefined;
  const words = nameWords(name);
  const last = words.at(-1);
  // Words that qualify the identifier rather than name whose it is (`idNumber`, `externalId`,
  // `personalIdNo`) are dropped: such a field holds the person's own `nationalId`.
  const prefix = (
    words.length >= 2 && (last === 'id' || last === 'ids' || last === 'no' || last === 'number' || last === 'nr')
      ? words.slice(0, -1)
      : []
  ).filter((word) => !GENERIC_ID_WORDS.includes(word));
  const stem = plural ? 'NationalIds' : 'NationalId';
  return prefix.length === 0 ? `n${stem.slice(1)}` : prefix[0] + prefix.slice(1).map(capitalise).join('') + stem;
}

/**
 * The platform name for another country's identifier of a person (`fodselsnummer` → `nationalId`,
 * `debtorPersonnummer` → `debtorNationalId`): the words before the term are whose it is.
 */
export function foreignName(found: NationalIdHolder, name: string, vocabulary: Vocabulary): string | undefined {
  if (found.by === 'name') return undefined;
  if (found.prefix === undefined) return nameFromContent(name, vocabulary, found.plural);
  const prefix = found.prefix.filter((word) => !GENERIC_ID_WORDS.includes(word));
  const stem = found.plural ? 'NationalIds' : 'NationalId';
  return prefix.length === 0 ? `n${stem.slice(1)}` : prefix[0] + prefix.slice(1).map(capitalise).join('') + stem;
}

const GENERIC_ID_WORDS = [
  'id',
  'external',
  'internal',
  'unique',
  'person',
  'personal',
  'identity',
  'identification',
  'social',
  'security',
  'national',
  'citizen',
  'registration',
];

/** The platform header for a header that carries a national identifier under another name (`X-Kennitala` → `X-Param-National-Id`). */
export function platformHeader(name: string, vocabulary: Vocabulary): string | undefined {
  if (NATIONAL_ID_HEADER.test(name)) return undefined;
  const match = matchNationalIdAlias(name, vocabulary);
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

/**
 * The seed's own path parameter names: `/v2/users/{national-id}`,
 * `/v2/users/{to-national-id}/actor-profiles/{from-national-id}`. A path variable that holds a
 * national identifier may be written so; this rule owns path variables (platform-path-kebab-case
 * leaves them alone), so the seed's shape gets no finding from either.
 */
function isSeedPathName(name: string): boolean {
  return /^([a-z0-9]+-)*national-id$/.test(name);
}

function isList(document: Document, schema: unknown): boolean {
  return layerKeyword(schemaLayers(document, schema, []), 'type')?.value === 'array';
}

export default defineRule({
  id: 'platform-national-id-name',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Data format conventions: National identifier' },
  description:
    "A field or parameter that holds a national identifier is named `nationalId` (or `<prefix>NationalId`), not `kennitala`, `kt`, `ssn`, `national_id` or another alias; a path variable may also take the seed's own form (`{national-id}`, `{to-national-id}`).",
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    const rename = (name: string, schema: unknown, path: JsonPath, holder?: JsonObject) => {
      const found = recogniseNationalId(document, vocabulary, name, schema, path, holder);
      if (!found) return undefined;
      if (found.foreign !== undefined || found.orOrganisation === true) return foreignName(found, name, vocabulary);
      if (found.by === 'alias') return platformName(name, vocabulary, () => found.plural || isList(document, schema));
      if (found.by === 'description' || found.by === 'value') return nameFromContent(name, vocabulary, found.plural);
      return undefined;
    };
    // What another country's identifier is, said in the finding: `(the Norwegian fødselsnummer, a person's)`.
    const foreignOf = (name: string, schema: unknown, path: JsonPath, holder?: JsonObject) => {
      const found = recogniseNationalId(document, vocabulary, name, schema, path, holder);
      // A person's identifier or an organisation's: personal data when it is a person's, and the
      // platform's `nationalId` holds either, as the kennitala numbers both (tenth outside measurement I1).
      if (found?.orOrganisation === true)
        return ` (${found.foreign ?? "a person's or an organisation's"}, as its description says: a person's is personal data wherever it is from, and \`nationalId\` holds either, as the kennitala does)`;
      const what = found?.foreign;
      return what === undefined ? '' : ` (${what}: a person's identifier, personal data wherever it is from)`;
    };
    for (const node of properties(document)) {
      const name = node.name;
      const fix = rename(name, node.schema, node.path, node.schema);
      if (fix)
        problems.push({
          message: `Property ${show(name)} holds ${fix.endsWith('Ids') ? 'national identifiers' : 'a national identifier'}${foreignOf(name, node.schema, node.path, node.schema)}; name it ${show(fix)}.`,
          path: node.path,
        });
    }
    for (const { parameter, path } of parameters(document)) {
      if (typeof parameter.name !== 'string') continue;
      const name = parameter.name;
      if (parameter.in === 'header') {
        const fix = platformHeader(name, vocabulary);
        if (fix)
          problems.push({
            message: `Header ${show(name)} carries a national identifier; name it ${show(fix)}, the platform's request convention.`,
            path: [...path, 'name'],
          });
        else if (!NATIONAL_ID_HEADER.test(name) && parameter.schema !== undefined) {
          // A header whose own description says it carries a person's identifier (`PartyID`, "The
          // personal identity number of the party"), by any name (tenth round).
          const found = recogniseNationalId(
            document,
            vocabulary,
            name,
            parameter.schema,
            [...path, 'schema'],
            parameter,
          );
          if (found?.by === 'description')
            problems.push({
              message: `Header ${show(name)} carries a national identifier, as its description says${found.foreign === undefined ? '' : ` (${found.foreign})`}; name it ${show('X-Param-National-Id')}, the platform's request convention.`,
              path: [...path, 'name'],
            });
        }
        continue;
      }
      if (parameter.in === 'path' && isSeedPathName(name)) continue;
      const fix =
        parameter.schema === undefined
          ? platformName(name, vocabulary, () => false)
          : rename(name, parameter.schema, [...path, 'schema'], parameter);
      if (!fix) continue;
      const where =
        parameter.in === 'path'
          ? 'Path'
          : parameter.in === 'query'
            ? 'Query'
            : parameter.in === 'cookie'
              ? 'Cookie'
              : 'The';
      const template = parameter.in === 'path' ? ` (and write ${show(`{${fix}}`)} in the path template)` : '';
      problems.push({
        message: `${where} parameter ${show(name)} holds a national identifier${parameter.schema === undefined ? '' : foreignOf(name, parameter.schema, [...path, 'schema'], parameter)}; name it ${show(fix)}${template}.`,
        path: [...path, 'name'],
      });
    }
    // A template variable with no path parameter behind it (the parameter is missing or not
    // resolvable) is reported on the path itself; otherwise the parameter's finding covers it.
    const paths = document.paths;
    if (isObject(paths)) {
      for (const pathKey of Object.keys(paths)) {
        if (namingPath(pathKey) === undefined) continue;
        const variables = pathKey
          .split('/')
          .flatMap((segment) => [...segment.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? ''))
          .flatMap((variable) => {
            const fix = isSeedPathName(variable) ? undefined : platformName(variable, vocabulary, () => false);
            return fix === undefined ? [] : [{ variable, fix }];
          });
        if (variables.length === 0) continue;
        const declared = new Set<string>();
        for (const op of operations(document)) {
          if (op.pathKey !== pathKey) continue;
          for (const { parameter } of operationParameters(document, op))
            if (parameter.in === 'path' && typeof parameter.name === 'string') declared.add(parameter.name);
        }
        for (const { variable, fix } of variables) {
          if (declared.has(variable)) continue;
          problems.push({
            message: `Path template variable ${show(`{${variable}}`)} holds a national identifier; name it ${show(`{${fix}}`)}.`,
            path: ['paths', pathKey],
          });
        }
      }
    }
    return problems;
  },
});
