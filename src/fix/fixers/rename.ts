/**
 * Renaming a key the rest of the description refers to: a property (with its schema's `required`
 * entries and `example` members), a component (with every `$ref` to it or into it, in every file
 * of the description). Shared by the naming rules' fixers.
 */
import { dirname, resolve as resolvePath } from 'node:path';
import { decodePointer, pointerToRef } from '../../../rulesets/lib/openapi/pointer.js';
import { isArray, isObject, type JsonPath } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, type FixContext, type ProposedFix } from '../fixer.js';
import type { TextEdit } from '../types.js';

/**
 * Every `$ref` of the description that points at or into `target` (a path in file `uri`), rewritten
 * to point at the renamed node: `#/components/schemas/User/properties/kennitala` → `.../nationalId`.
 */
export function refEdits(context: FixContext, uri: string, target: JsonPath, renamed: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const fileUri of context.loaded.files.keys()) {
    const source = context.sourceOf(fileUri);
    for (const { path, ref } of source.refs()) {
      const hash = ref.indexOf('#');
      if (hash === -1) continue;
      const location = ref.slice(0, hash);
      let into: string;
      try {
        into =
          location === ''
            ? fileUri
            : /^https?:/i.test(location)
              ? location
              : resolvePath(dirname(fileUri), decodeURIComponent(location));
      } catch {
        continue; // A `$ref` with a broken `%` escape points nowhere: nothing of it to update.
      }
      if (into !== uri) continue;
      const pointer = decodePointer(ref.slice(hash));
      if (pointer.length < target.length || target.some((segment, i) => String(segment) !== pointer[i])) continue;
      const updated = [...pointer.slice(0, target.length - 1), renamed, ...pointer.slice(target.length)];
      const edit = source.replaceValue(path, `${location}${pointerToRef(updated)}`);
      if (edit) edits.push(edit);
    }
  }
  return edits;
}

/** A property at `[..., 'properties', name]` renamed, with `required`, `example` members and `$ref`s into it. */
export function renameProperty(context: FixContext, path: JsonPath, renamed: string): ProposedFix | undefined {
  const { source, at } = context;
  const name = String(path.at(-1));
  const objectPath = path.slice(0, -2);
  const object = at(objectPath);
  if (
    path.at(-2) !== 'properties' ||
    !isObject(object) ||
    !isObject(object.properties) ||
    Object.prototype.hasOwnProperty.call(object.properties, renamed)
  )
    return undefined;
  const edits: Array<TextEdit | undefined> = [source.renameKey(path, renamed)];
  if (isArray(object.required))
    object.required.forEach(
      (entry, index) => entry === name && edits.push(source.replaceValue([...objectPath, 'required', index], renamed)),
    );
  if (isObject(object.example) && Object.prototype.hasOwnProperty.call(object.example, name))
    edits.push(source.renameKey([...objectPath, 'example', name], renamed));
  edits.push(...refEdits(context, source.uri, path, renamed));
  const whole = allEdits(edits);
  return (
    whole && {
      title: `Rename \`${name}\` to \`${renamed}\`${whole.length > 1 ? ` (and ${whole.length - 1} reference${whole.length === 2 ? '' : 's'} to it)` : ''}`,
      edits: whole,
    }
  );
}
