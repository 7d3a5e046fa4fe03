import { isNationalIdForm, nationalIdTenDigits } from '../../../rulesets/lib/conventions.js';
import { holdsSeveralInText, recogniseNationalId } from '../../../rulesets/lib/national-id.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { DEFAULT_VOCABULARY } from '../../../rulesets/lib/vocabulary.js';
import { allEdits, defineFixer, type FixContext } from '../fixer.js';
import type { TextEdit } from '../types.js';
import { mergeInsertions } from './platform-date-time-format.js';

const PATTERN = '^[0-9]{10}$';

/**
 * The national identifier's schema: `pattern: '^[0-9]{10}$'` (written in, or replacing one that does
 * not mean ten digits), `type: string` where it has none or another; an example written with a
 * hyphen, or as a number, written as the ten-digit string.
 */
export default defineFixer({
  ruleId: 'platform-national-id-format',
  usualEffect: 'non-breaking',
  fix({ path, value, source, at }) {
    const last = path.at(-1);
    // The schema's own example written as ten digits in the same fix: the pattern alone would make
    // the example invalid (platform-example-valid).
    const exampleOf = (schemaPath: Array<string | number>): TextEdit[] => {
      const schema = at(schemaPath);
      if (!isObject(schema) || schema.example === undefined || isNationalIdForm(schema.example)) return [];
      const digits = nationalIdTenDigits(schema.example);
      const edit = digits === undefined ? undefined : source.replaceValue([...schemaPath, 'example'], digits);
      return edit ? [edit] : [];
    };
    // `minLength`/`maxLength` that exclude ten characters would make the schema unsatisfiable
    // beside the pattern (`maxLength: 12` is harmless, `minLength: 12` is not): both written 10.
    const lengthsOf = (schemaPath: Array<string | number>): TextEdit[] => {
      const schema = at(schemaPath);
      if (!isObject(schema)) return [];
      const edits: TextEdit[] = [];
      for (const key of ['minLength', 'maxLength'] as const) {
        const bound = schema[key];
        if (typeof bound !== 'number') continue;
        if (key === 'minLength' ? bound <= 10 : bound >= 10) continue;
        const edit = source.replaceValue([...schemaPath, key], 10);
        if (edit) edits.push(edit);
      }
      return edits;
    };
    const lengthNote = (edits: TextEdit[]) => (edits.length > 0 ? ' with `minLength`/`maxLength` 10' : '');
    if (last === 'pattern') {
      if (value === PATTERN) return undefined;
      const lengths = lengthsOf(path.slice(0, -1));
      const edits = allEdits([source.replaceValue(path, PATTERN), ...lengths, ...exampleOf(path.slice(0, -1))]);
      return edits && { title: `Write \`pattern: '${PATTERN}'\`${lengthNote(lengths)}`, edits };
    }
    if (last === 'type' && typeof value === 'string' && value !== 'string') {
      // With the type, the pattern the rule asks of a string (it asks only once the type is right).
      const schema = at(path.slice(0, -1));
      const pattern =
        isObject(schema) && schema.pattern === undefined
          ? source.insertMember(path.slice(0, -1), 'pattern', PATTERN)
          : null;
      const lengths = pattern === null ? [] : lengthsOf(path.slice(0, -1));
      const edits = allEdits([
        source.replaceValue(path, 'string'),
        ...(pattern === null ? [] : [pattern]),
        ...lengths,
        ...exampleOf(path.slice(0, -1)),
      ]);
      return edits && { title: `Write \`type: string\` (ten digits kept as text)${lengthNote(lengths)}`, edits };
    }
    if (
      isObject(value) &&
      (value.type === undefined || value.type === 'string') &&
      (value.pattern === undefined || value.type === undefined) &&
      !('$ref' in value) &&
      !holdsSeveral({ path, value, at })
    ) {
      const edits: Array<TextEdit | undefined> = [];
      if (value.type === undefined) edits.push(source.insertMember(path, 'type', 'string'));
      if (value.pattern === undefined) edits.push(source.insertMember(path, 'pattern', PATTERN));
      const whole = allEdits(edits);
      if (!whole || whole.length === 0) return undefined;
      const lengths = value.pattern === undefined ? lengthsOf(path) : [];
      return {
        title:
          value.pattern === undefined ? `Add \`pattern: '${PATTERN}'\`${lengthNote(lengths)}` : 'Add `type: string`',
        edits: [...mergeInsertions(whole), ...lengths, ...exampleOf(path)].sort((a, b) => a.start - b.start),
      };
    }
    if (value !== null && !isObject(value) && !Array.isArray(value) && !isNationalIdForm(value)) {
      const digits = nationalIdTenDigits(value);
      if (!digits) return undefined;
      const edits = allEdits([source.replaceValue(path, digits)]);
      // The value is personal data: the title does not quote it.
      return edits && { title: 'Write the national identifier as ten digits, without a hyphen', edits };
    }
    return undefined;
  },
});

/**
 * The schema of a name that holds several identifiers in one text (`holdernationalids: string`): the
 * rule asks for a list there, which no ten-digit pattern gives, so no fix is offered (changing the
 * value to a list is the author's call: it changes what callers send).
 */
function holdsSeveral({ path, value, at }: Pick<FixContext, 'path' | 'value' | 'at'>): boolean {
  const holder = path.at(-1) === 'schema' ? at(path.slice(0, -1)) : undefined;
  const name =
    isObject(holder) && typeof holder.name === 'string'
      ? holder.name
      : path.at(-2) === 'properties'
        ? path.at(-1)
        : undefined;
  const document = at([]);
  if (typeof name !== 'string' || !isObject(document)) return false;
  const found = recogniseNationalId(
    document,
    DEFAULT_VOCABULARY,
    name,
    value,
    path,
    isObject(holder) ? holder : undefined,
  );
  return found !== undefined && holdsSeveralInText(found);
}
