import { defineRule, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { operations } from '../lib/openapi/views.js';
import { isIdentifierSegment, isSingleResourcePath, pathSegments } from '../lib/conventions.js';
import { successBodies } from '../lib/collections.js';
import { isActionSegment } from '../lib/vocabulary.js';

/**
 * The static segments after a path's last identifier (`/v1/documents/{id}/body` → `body`), when
 * the path names something that belongs to one resource; undefined for a path that ends in an
 * identifier or has none.
 */
function subResourceSegments(pathKey: string): { identifier: string; rest: string[] } | undefined {
  const segments = pathSegments(pathKey);
  let last = -1;
  segments.forEach((segment, i) => {
    if (isIdentifierSegment(segment)) last = i;
  });
  if (last === -1 || last === segments.length - 1) return undefined;
  const identifier = segments[last];
  return identifier === undefined ? undefined : { identifier, rest: segments.slice(last + 1) };
}

/** An English plural (`addresses`, `periods`), not `status`, `address`, `analysis`. */
const looksPlural = (word: string) => /[^su]s$/i.test(word) && !/is$/i.test(word);

export default defineRule({
  id: 'platform-get-204',
  severity: 'warn',
  category: 'methods',
  source: { document: 'seed', section: 'Method conventions 4' },
  description:
    'A GET on a single resource (the path ends with a template variable or a placeholder such as `.national-id`), or on a part of one (`/documents/{id}/body`), documents 204.',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      if (op.method !== 'get') continue;
      let what: string;
      if (isSingleResourcePath(op.pathKey)) {
        // `GET /v1/vehicles/{ownerId}` answering `{ data: [...] }` lists a collection chosen by the
        // variable: an empty page is a 200, not a missing resource.
        if (successBodies(document, vocabulary, op).collectionLike) continue;
        what = 'reads a single resource';
      } else {
        const sub = subResourceSegments(op.pathKey);
        if (!sub) continue;
        const name = (sub.rest.at(-1) ?? '').replace(/\.[A-Za-z0-9]+$/, '');
        // `GET /v1/reports/{id}/export`, `/search`: an action, which platform-http-method-semantics judges.
        if (isActionSegment(name, vocabulary)) continue;
        // A collection that belongs to the resource (`/users/{id}/addresses`) answers 200 with an empty page.
        const bodies = successBodies(document, vocabulary, op);
        if (bodies.collectionLike) continue;
        if (!bodies.described && looksPlural(name)) continue;
        what = `reads a part of the resource \`${sub.identifier}\` (\`${sub.rest.join('/')}\`)`;
      }
      const list = op.operation.responses;
      if (isObject(list) && Object.prototype.hasOwnProperty.call(list, '204')) continue;
      // A 404 where the 204 belongs is one cause with one owner: platform-no-404 asks to replace it with a 204.
      if (isObject(list) && Object.prototype.hasOwnProperty.call(list, '404')) continue;
      problems.push({
        message: `\`GET ${op.pathKey}\` ${what} but documents no 204; the platform answers a resource that does not exist or is not accessible to the caller with 204 No Content: add \`'204': { description: No such resource, or it is not accessible to the caller. }\`.`,
        path: isObject(list) ? [...op.path, 'responses'] : op.path,
      });
    }
    return problems;
  },
});
