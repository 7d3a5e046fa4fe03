import { isObject, isRef, type Document } from '../../../rulesets/lib/openapi/types.js';
import { collectProperties } from '../../../rulesets/lib/openapi/flatten.js';
import { statusClass } from '../../../rulesets/lib/openapi/views.js';
import { decodePointer, encodePointer } from '../../../rulesets/lib/openapi/pointer.js';
import { defineFixer, type FixContext } from '../fixer.js';
import type { TextEdit } from '../types.js';

const PROBLEM_JSON = 'application/problem+json';

/** The media type with its base type made Problem Details, parameters kept (`application/json; charset=utf-8` → `application/problem+json; charset=utf-8`). */
function problemMediaType(mediaType: string): string {
  const semicolon = mediaType.indexOf(';');
  return semicolon === -1 ? PROBLEM_JSON : `${PROBLEM_JSON}${mediaType.slice(semicolon)}`;
}

const isError = (status: string) => ['4', '5', 'default'].includes(statusClass(status) ?? '');

/** Members of Problem Details (RFC 7807); a body with none of them is not one, whatever its media type says. */
const PROBLEM_MEMBERS = ['type', 'title', 'status', 'detail', 'instance'];

/**
 * Renames the media type key at `path` (`[..., 'content', <type>]`), unless the response already
 * has Problem Details or its body is not shaped as Problem Details (then the media type alone
 * would be a wrong promise: platform-problem-schema asks the author to reshape the body first).
 */
function rename(context: FixContext, path: Array<string | number>): TextEdit | undefined {
  const content = context.at(path.slice(0, -1));
  const mediaType = String(path.at(-1));
  if (
    !isObject(content) ||
    Object.keys(content).some((key) => (key.split(';')[0] ?? '').trim().toLowerCase() === PROBLEM_JSON)
  )
    return undefined;
  // Several media types for one error body: renaming one leaves the others, and removing them is
  // the author's call (callers may ask for them), so no fix is offered.
  if (Object.keys(content).length > 1) return undefined;
  const media = context.at(path);
  if (isObject(media) && media.schema !== undefined) {
    const members = collectProperties(context.at([]) as Document, media.schema, [...path, 'schema']);
    if (!PROBLEM_MEMBERS.some((member) => members.has(member))) return undefined;
  }
  return context.source.renameKey(path, problemMediaType(mediaType));
}

/**
 * An error response's body declared as `application/json` (or another type) → `application/problem+json`.
 * On a shared error schema (the finding at the schema), every error response of the file that
 * sends that schema under another type.
 */
export default defineFixer({
  ruleId: 'platform-problem-content-type',
  usualEffect: 'breaking',
  fix(context) {
    const { path, source } = context;
    if (path.at(-2) === 'content') {
      const edit = rename(context, path);
      return edit && { title: `Declare the error body as \`${PROBLEM_JSON}\``, edits: [edit] };
    }
    // A shared schema: the responses of this file that send it.
    const target = encodePointer(path);
    const edits: TextEdit[] = [];
    for (const { path: at } of source.walk()) {
      if (at.length < 4 || at.at(-2) !== 'content' || at.at(-4) === undefined) continue;
      const status = String(at.at(-3));
      if (at.at(-4) !== 'responses' || !isError(status)) continue;
      const media = context.at(at);
      if (
        !isObject(media) ||
        !isRef(media.schema) ||
        !media.schema.$ref.startsWith('#') ||
        encodePointer(decodePointer(media.schema.$ref)) !== target
      )
        continue;
      if ((String(at.at(-1)).split(';')[0] ?? '').trim().toLowerCase() === PROBLEM_JSON) continue;
      // Every response that sends the schema, or none: a part-done fix leaves the finding.
      const edit = rename(context, at);
      if (!edit) return undefined;
      edits.push(edit);
    }
    if (edits.length === 0) return undefined;
    edits.sort((a, b) => a.start - b.start);
    return {
      title: `Declare the error responses that send \`${String(path.at(-1))}\` as \`${PROBLEM_JSON}\` (${edits.length})`,
      edits,
    };
  },
});
