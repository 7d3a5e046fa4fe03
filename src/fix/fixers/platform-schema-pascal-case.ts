import { PASCAL_CASE, toPascalCase } from '../../../rulesets/lib/conventions.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, defineFixer } from '../fixer.js';
import { refEdits } from './rename.js';

/**
 * A schema component renamed PascalCase (`user_profile` → `UserProfile`) with every `$ref` to it, in
 * every file. Not where a `discriminator` may name schemas by their component name (renaming
 * would change the values on the wire).
 */
export default defineFixer({
  ruleId: 'platform-schema-pascal-case',
  usualEffect: 'documentation',
  fix(context) {
    const { path, source, at } = context;
    if (path.length !== 3 || path[0] !== 'components' || path[1] !== 'schemas') return undefined;
    const name = String(path[2]);
    const renamed = toPascalCase(name);
    const schemas = at(['components', 'schemas']);
    if (
      !PASCAL_CASE.test(renamed) ||
      renamed === name ||
      !isObject(schemas) ||
      Object.prototype.hasOwnProperty.call(schemas, renamed) ||
      // Two names that become one (`user_profile`, `userProfile`): each rename is right alone and
      // --fix would apply both, writing the key twice. Which schema keeps the name is the author's call.
      Object.keys(schemas).some((other) => other !== name && toPascalCase(other) === renamed)
    )
      return undefined;
    if ([...context.loaded.files.values()].some((file) => file.text.includes('discriminator'))) return undefined;
    const edits = allEdits([source.renameKey(path, renamed), ...refEdits(context, source.uri, path, renamed)]);
    return (
      edits && {
        title: `Rename the schema \`${name}\` to \`${renamed}\`${edits.length > 1 ? ` (and ${edits.length - 1} $ref${edits.length === 2 ? '' : 's'} to it)` : ''}`,
        edits,
      }
    );
  },
});
