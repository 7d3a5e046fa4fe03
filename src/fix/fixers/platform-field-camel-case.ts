import { isStrictCamelCase, toCamelCase } from '../../../rulesets/lib/conventions.js';
import { defineFixer } from '../fixer.js';
import { renameProperty } from './rename.js';

/** A property renamed camelCase (`user_name` → `userName`, `profileURL` → `profileUrl`), with `required`, example members and `$ref`s into it. */
export default defineFixer({
  ruleId: 'platform-field-camel-case',
  usualEffect: 'breaking',
  fix(context) {
    const name = context.path.at(-1);
    if (typeof name !== 'string') return undefined;
    const renamed = toCamelCase(name);
    return isStrictCamelCase(renamed) && renamed !== name ? renameProperty(context, context.path, renamed) : undefined;
  },
});
