import { recogniseNationalId } from '../../../rulesets/lib/national-id.js';
import { DEFAULT_VOCABULARY } from '../../../rulesets/lib/vocabulary.js';
import { isObject, type Document, type JsonPath } from '../../../rulesets/lib/openapi/types.js';
import {
  foreignName,
  nameFromContent,
  platformHeader,
  platformName,
} from '../../../rulesets/rules/platform-national-id-name.js';
import { allEdits, defineFixer, type FixContext } from '../fixer.js';
import type { TextEdit } from '../types.js';
import { refEdits, renameProperty } from './rename.js';

/** The platform name for a property or parameter, as the rule computes it. */
function newName(
  context: FixContext,
  name: string,
  schema: unknown,
  schemaPath: JsonPath,
  holder: unknown,
): string | undefined {
  const document = context.at([]) as Document;
  const found = recogniseNationalId(
    document,
    DEFAULT_VOCABULARY,
    name,
    schema,
    schemaPath,
    isObject(holder) ? holder : undefined,
  );
  if (!found) return undefined;
  // Another country's identifier known only by its name (`fodselsnummer`): renamed, nothing would
  // say it is foreign any more, and the kennitala's ten digits would be asked of it. The author
  // renames it and keeps its form said (a description, a pattern); known by its description or its
  // values' check digits, it stays known after the rename.
  if (found.foreign !== undefined)
    return found.by === 'alias' ? undefined : foreignName(found, name, DEFAULT_VOCABULARY);
  if (found.by === 'alias')
    return platformName(name, DEFAULT_VOCABULARY, () => found.plural || (isObject(schema) && schema.type === 'array'));
  if (found.by === 'description' || found.by === 'value')
    return nameFromContent(name, DEFAULT_VOCABULARY, found.plural);
  return undefined;
}

/**
 * A field or parameter that holds a national identifier under another name, renamed to the
 * platform's: a property with the `required` entries and `example` members of its schema and every
 * `$ref` into it; a path parameter with its `{variable}` in the path. Callers must change (the
 * editor labels it breaking), so `--fix` never applies it.
 */
export default defineFixer({
  ruleId: 'platform-national-id-name',
  usualEffect: 'breaking',
  fix(context) {
    const { path, source, at } = context;
    // A property: `[..., 'properties', <name>]`.
    if (path.at(-2) === 'properties' && typeof path.at(-1) === 'string') {
      const renamed = newName(context, String(path.at(-1)), context.value, path, context.value);
      return renamed ? renameProperty(context, path, renamed) : undefined;
    }
    // A parameter's name: `[..., <parameter>, 'name']`.
    if (path.at(-1) !== 'name') return undefined;
    const parameterPath = path.slice(0, -1);
    const parameter = at(parameterPath);
    if (!isObject(parameter) || typeof parameter.name !== 'string') return undefined;
    const name = parameter.name;
    const renamed =
      parameter.in === 'header'
        ? platformHeader(name, DEFAULT_VOCABULARY)
        : parameter.schema === undefined
          ? platformName(name, DEFAULT_VOCABULARY, () => false)
          : newName(context, name, parameter.schema, [...parameterPath, 'schema'], parameter);
    if (!renamed) return undefined;
    const edits: Array<TextEdit | undefined> = [source.replaceValue(path, renamed)];
    // A header renamed to the platform's is then read as a national identifier: it gets the pattern too.
    const schema = parameter.schema;
    if (
      parameter.in === 'header' &&
      isObject(schema) &&
      !('$ref' in schema) &&
      schema.pattern === undefined &&
      (schema.type === undefined || schema.type === 'string')
    ) {
      edits.push(source.insertMember([...parameterPath, 'schema'], 'pattern', '^[0-9]{10}$'));
    }
    if (parameter.in === 'path') {
      // The template variable goes with it: only for a parameter written under its path.
      if (parameterPath[0] !== 'paths' || typeof parameterPath[1] !== 'string') return undefined;
      const pathKey = parameterPath[1];
      const template = pathKey.split(`{${name}}`).join(`{${renamed}}`);
      if (template === pathKey) return undefined;
      edits.push(source.renameKey(['paths', pathKey], template));
      edits.push(...refEdits(context, source.uri, ['paths', pathKey], template));
    }
    const whole = allEdits(edits);
    return whole && { title: `Rename parameter \`${name}\` to \`${renamed}\``, edits: whole };
  },
});
