import { defineRule, type JsonPath, type Problem } from '../lib/rule.js';
import { operations, type OperationInfo } from '../lib/openapi/views.js';

export default defineRule({
  id: 'platform-operation-id-unique',
  severity: 'error',
  category: 'documentation',
  source: {
    document: 'seed',
    section: 'Documentation requirements 1 (an OpenAPI 3 description: operation ids are unique in it)',
  },
  description:
    'Every `operationId` is unique in the description (OpenAPI: "The id MUST be unique among all operations described in the API"); tools and generated clients name operations by it.',
  check(document) {
    const problems: Problem[] = [];
    const first = new Map<string, OperationInfo>();
    // A path item shared through `$ref` lists the same operation under several paths: that is one operation, not two.
    const seen = new Set<object>();
    const taken = new Set(
      operations(document)
        .map((op) => op.operation.operationId)
        .filter((id): id is string => typeof id === 'string'),
    );
    const unique = operations(document).filter((op) => !seen.has(op.operation) && seen.add(op.operation));
    // Every operation of an id: which of them is "first" follows the key order, so each finding stands
    // for all of them. One array of their places per id, shared by its findings (`Problem.also`):
    // n operations sharing an id are n places, not n² (issue 34, B12).
    const holders = new Map<string, JsonPath[]>();
    for (const op of unique) {
      const id = op.operation.operationId;
      if (typeof id !== 'string') continue;
      const places = holders.get(id);
      if (places) places.push([...op.path, 'operationId']);
      else holders.set(id, [[...op.path, 'operationId']]);
    }
    // The next number to try for an id's suggestions, so the k-th duplicate does not try k numbers.
    const next = new Map<string, number>();
    for (const op of unique) {
      const id = op.operation.operationId;
      if (typeof id !== 'string') continue;
      const earlier = first.get(id);
      if (!earlier) {
        first.set(id, op);
        continue;
      }
      const name = `${op.method}${op.pathKey
        .split('/')
        .filter((segment) => segment !== '' && !/^v[0-9]+$/.test(segment))
        .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
        .map((segment) => segment.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()))
        .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
        .join('')}`;
      // A suggestion no other operation has, nor an earlier suggestion.
      let suggestion = taken.has(name) ? `${id}${op.method.charAt(0).toUpperCase()}${op.method.slice(1)}` : name;
      if (taken.has(suggestion)) {
        let n = next.get(id) ?? 2;
        while (taken.has((suggestion = `${id}${n}`))) n++;
        next.set(id, n + 1);
      }
      taken.add(suggestion);
      problems.push({
        message: `\`operationId: ${id}\` of \`${op.method.toUpperCase()} ${op.pathKey}\` is already the id of \`${earlier.method.toUpperCase()} ${earlier.pathKey}\`; give this operation its own id, e.g. \`${suggestion}\`.`,
        path: [...op.path, 'operationId'],
        also: holders.get(id) ?? [],
      });
    }
    return problems;
  },
});
