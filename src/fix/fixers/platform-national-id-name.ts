import { recogniseNationalId } from '../../../rulesets/lib/national-id.js';
import { decodePointer, pointerToRef } from '../../../rulesets/lib/openapi/pointer.js';
import { isArray, isObject, type Document, type JsonPath } from '../../../rulesets/lib/openapi/types.js';
import { nameFromContent, platformHeader, platformName } from '../../../rulesets/rules/platform-national-id-name.js';
import { dirname, resolve as resolvePath } from 'node:path';
import { allEdits, defineFixer, type FixContext } from '../fixer.js';
import type { TextEdit } from '../types.js';

/** The platform name for a property or parameter, as the rule computes it. */
function newName(context: FixContext, name: string, schema: unknown, schemaPath: JsonPath, holder: unknown): string | undefined {
  const document = context.at([]) as Document;
  const found = recogniseNationalId(document, name, schema, schemaPath, isObject(holder) ? holder : undefined);
  if (!found) return undefined;
  if (found.by === 'alias') return platformName(name, () => found.plural || (isObject(schema) && schema.type === 'array'));
  if (found.by === 'description' || found.by === 'value') return nameFromContent(name, found.plural);
  return undefined;
}

/**
 * Every `$ref` of the description that points into `target` (a path in file `uri`), rewritten to
 * point at the renamed node: `#/components/schemas/User/properties/kennitala` → `.../nationalId`.
 */
function refEdits(context: FixContext, uri: string, target: JsonPath, renamed: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const [fileUri] of context.loaded.files) {
    const source = context.sourceOf(fileUri);
    for (const { path, node } of source.walk()) {
      if (path.at(-1) !== '$ref' || !('value' in node) || typeof node.value !== 'string') continue;
      const ref = node.value;
      const hash = ref.indexOf('#');
      const location = hash === -1 ? ref : ref.slice(0, hash);
      const into = location === '' ? fileUri : /^https?:/i.test(location) ? location : resolvePath(dirname(fileUri), decodeURIComponent(location));
      if (into !== uri || hash === -1) continue;
      const pointer = decodePointer(ref.slice(hash));
      if (pointer.length < target.length || target.some((segment, i) => String(segment) !== pointer[i])) continue;
      const updated = [...pointer.slice(0, target.length - 1), renamed, ...pointer.slice(target.length)];
      const edit = source.replaceValue(path, `${location}${pointerToRef(updated)}`);
      if (edit) edits.push(edit);
    }
  }
  return edits;
}

/**
 * A field or parameter that holds a national identifier under another name, renamed to the
 * platform's: a property with the `required` entries and `example` members of its schema and every
 * `$ref` into it; a path parameter with its `{variable}` in the path. Callers must change (the
 * editor labels it breaking), so `--fix` never applies it.
 */
export default defineFixer({
  ruleId: 'platform-national-id-name',
  fix(context) {
    const { path, source, at } = context;
    // A property: `[..., 'properties', <name>]`.
    if (path.at(-2) === 'properties' && typeof path.at(-1) === 'string') {
      const name = String(path.at(-1));
      const schema = context.value;
      const renamed = newName(context, name, schema, path, schema);
      const object = at(path.slice(0, -2));
      if (!renamed || !isObject(object) || (isObject(object.properties) && Object.prototype.hasOwnProperty.call(object.properties, renamed))) return undefined;
      const edits: Array<TextEdit | undefined> = [source.renameKey(path, renamed)];
      const objectPath = path.slice(0, -2);
      if (isArray(object.required)) object.required.forEach((entry, index) => entry === name && edits.push(source.replaceValue([...objectPath, 'required', index], renamed)));
      if (isObject(object.example) && Object.prototype.hasOwnProperty.call(object.example, name)) edits.push(source.renameKey([...objectPath, 'example', name], renamed));
      edits.push(...refEdits(context, source.uri, path, renamed));
      const whole = allEdits(edits);
      return whole && { title: `Rename \`${name}\` to \`${renamed}\`${whole.length > 1 ? ` (and ${whole.length - 1} reference${whole.length === 2 ? '' : 's'} to it)` : ''}`, edits: whole };
    }
    // A parameter's name: `[..., <parameter>, 'name']`.
    if (path.at(-1) !== 'name') return undefined;
    const parameterPath = path.slice(0, -1);
    const parameter = at(parameterPath);
    if (!isObject(parameter) || typeof parameter.name !== 'string') return undefined;
    const name = parameter.name;
    const renamed = parameter.in === 'header' ? platformHeader(name) : parameter.schema === undefined ? platformName(name, () => false) : newName(context, name, parameter.schema, [...parameterPath, 'schema'], parameter);
    if (!renamed) return undefined;
    const edits: Array<TextEdit | undefined> = [source.replaceValue(path, renamed)];
    // A header renamed to the platform's is then read as a national identifier: it gets the pattern too.
    const schema = parameter.schema;
    if (parameter.in === 'header' && isObject(schema) && !('$ref' in schema) && schema.pattern === undefined && (schema.type === undefined || schema.type === 'string')) {
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

