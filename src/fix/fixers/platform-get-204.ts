import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, defineFixer } from '../fixer.js';

/** What the platform's 204 means on a read of one resource. */
export const NO_CONTENT_DESCRIPTION = 'No such resource, or it is not accessible to the caller.';

/** A GET of one resource without a 204: `'204': { description: ... }` added to its responses. */
export default defineFixer({
  ruleId: 'platform-get-204',
  usualEffect: 'review',
  fix({ source, path, value }) {
    if (path.at(-1) !== 'responses' || !isObject(value) || Object.prototype.hasOwnProperty.call(value, '204'))
      return undefined;
    const edits = allEdits([source.insertMember(path, '204', { description: NO_CONTENT_DESCRIPTION })]);
    return edits && { title: 'Add a 204 response (no such resource, or not accessible to the caller)', edits };
  },
});
