import { isPlatformDateTime, suggestPlatformDateTime } from '../../../rulesets/lib/conventions.js';
import { isObject, type JsonPath } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, defineFixer, type FixContext } from '../fixer.js';
import type { TextEdit } from '../types.js';
import { givenValues } from './schema-values.js';

/** An RFC 3339 date-time: date, time and zone (`2021-11-24T10:00:00Z`, `2021-11-24T10:00:00.5+00:00`). */
const RFC3339_DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * The edits that make every string value of the schema at `schemaPath` a date-time in the platform
 * form, or undefined when some value is not an RFC 3339 date-time (a date alone, free text): then
 * `format: date-time` would make the examples wrong, and the author must decide.
 */
function valueEdits(context: FixContext, schemaPath: JsonPath): TextEdit[] | undefined {
  const edits: TextEdit[] = [];
  for (const given of givenValues(context.at, schemaPath)) {
    if (given.value === null) continue;
    if (typeof given.value !== 'string' || !RFC3339_DATE_TIME.test(given.value)) return undefined;
    if (isPlatformDateTime(given.value)) continue;
    const platform = suggestPlatformDateTime(given.value);
    const edit = platform ? context.source.replaceValue(given.path, platform) : undefined;
    if (!edit) return undefined;
    edits.push(edit);
  }
  return edits;
}

function hasValues(context: FixContext, schemaPath: JsonPath): boolean {
  return givenValues(context.at, schemaPath).some((given) => typeof given.value === 'string');
}

const isTimestampName = (name: unknown) => typeof name === 'string' && /timestamp$/i.test(name);

/**
 * `format: date-time` on a string whose every example is an RFC 3339 date-time (or on a
 * `*Timestamp` field), with the examples written in the platform's form; an example alone written
 * in the platform's form (`2024-05-02T09:30:00Z` → `2024-05-02T09:30:00.000Z`).
 */
export default defineFixer({
  ruleId: 'platform-date-time-format',
  usualEffect: 'non-breaking',
  fix(context) {
    const { path, value, source, at } = context;
    // A value (example, default, enum member) of a date-time schema.
    if (typeof value === 'string') {
      if (path.at(-1) === 'format') {
        // `format: date` (or another) where a date-time is meant: only when every value is a date-time already.
        const schemaPath = path.slice(0, -1);
        const values = valueEdits(context, schemaPath);
        if (!values || (!hasValues(context, schemaPath) && !isTimestampName(schemaPath.at(-1)))) return undefined;
        const edits = allEdits([source.replaceValue(path, 'date-time'), ...values]);
        return edits && { title: 'Write `format: date-time`', edits };
      }
      const platform =
        RFC3339_DATE_TIME.test(value) || /^\d{4}-\d{2}-\d{2}/.test(value) ? suggestPlatformDateTime(value) : undefined;
      if (!platform || platform === value) return undefined;
      const edits = allEdits([source.replaceValue(path, platform)]);
      return edits && { title: `Write the date-time as \`${platform}\``, edits };
    }
    if (!isObject(value)) return undefined;
    // A schema: the property's or parameter's name is the key before it (or the parameter's `name`).
    const holder = path.at(-1) === 'schema' ? at(path.slice(0, -1)) : undefined;
    const name = isObject(holder) ? holder.name : path.at(-2) === 'properties' ? path.at(-1) : undefined;
    const edits: Array<TextEdit | undefined> = [];
    if (value.format === undefined) {
      if (value.type !== undefined && value.type !== 'string') return undefined;
      // A pattern (digits only, `^[0-9]{8}$`, or a date's own shape) would contradict the format: the
      // lint asks for it to go, which changes what the schema accepts, so the author decides (issue 37, D1).
      if (value.pattern !== undefined) return undefined;
      if (!hasValues(context, path) && !isTimestampName(name)) return undefined;
      const values = valueEdits(context, path);
      if (!values) return undefined;
      edits.push(source.insertMember(path, 'format', 'date-time'), ...values);
      if (value.type === undefined) edits.push(...[source.insertMember(path, 'type', 'string')]);
    } else if (value.format === 'date-time' && value.type === undefined) {
      edits.push(source.insertMember(path, 'type', 'string'));
    } else return undefined;
    // Two insertions at one place are one edit (their order would otherwise be a guess).
    const whole = allEdits(edits);
    if (!whole) return undefined;
    const merged = mergeInsertions(whole);
    return { title: value.format === undefined ? 'Add `format: date-time`' : 'Add `type: string`', edits: merged };
  },
});

/** Insertions at the same offset of the same file, joined in the order given. */
export function mergeInsertions(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const edit of edits) {
    const same = out.find(
      (other) =>
        other.file === edit.file && other.start === edit.start && other.end === edit.start && edit.start === edit.end,
    );
    if (same) same.newText += edit.newText;
    else out.push({ ...edit });
  }
  return out;
}
