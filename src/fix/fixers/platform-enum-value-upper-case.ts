import { isAllCapsValue, toAllCapsValue } from '../../../rulesets/lib/conventions.js';
import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { compileSafePattern } from '../../../rulesets/lib/patterns.js';
import { allEdits, defineFixer } from '../fixer.js';
import type { TextEdit } from '../types.js';
import { givenValues } from './schema-values.js';

/** An enum value written ALL_CAPS (`firstParty` → `FIRST_PARTY`), with the schema's examples and default that use it. */
export default defineFixer({
  ruleId: 'platform-enum-value-upper-case',
  usualEffect: 'breaking',
  fix({ path, value, source, at }) {
    if (path.at(-2) !== 'enum' || typeof value !== 'string') return undefined;
    const schemaPath = path.slice(0, -2);
    const values = at([...schemaPath, 'enum']);
    const upper = toAllCapsValue(value);
    if (!isAllCapsValue(upper) || upper === value || !isArray(values) || values.includes(upper)) return undefined;
    // A value that starts with a digit is no name (`15m` → `15M`, `100 CONTINUE` → `100_CONTINUE`): its author names it.
    if (/^[0-9]/.test(upper)) return undefined;
    // A value the schema's own pattern refuses would leave an enum no value can satisfy: no fix.
    const pattern = at([...schemaPath, 'pattern']);
    if (typeof pattern === 'string') {
      const compiled = compileSafePattern(pattern);
      if (!compiled.ok || !compiled.regex.test(upper)) return undefined;
    }
    const edits: Array<TextEdit | undefined> = [source.replaceValue(path, upper)];
    for (const given of givenValues(at, schemaPath)) {
      if (given.path.at(-2) === 'enum') continue;
      if (given.value === value) edits.push(source.replaceValue(given.path, upper));
    }
    const whole = allEdits(edits);
    return whole && { title: `Write the enum value \`${value}\` as \`${upper}\``, edits: whole };
  },
});
