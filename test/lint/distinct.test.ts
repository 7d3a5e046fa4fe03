/**
 * The engine reports each of a rule's problems once: `distinctProblems` is `uniqueProblems`, then
 * the path cut back and the message trimmed, then each JSON path and message once, computed
 * without a key per problem. Held here to that reading on generated problems.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestPath, distinctProblems } from '../../src/lint/engine.js';
import { uniqueProblems, type Problem } from '../../rulesets/lib/rule.js';

function reference(data: unknown, problems: Problem[]) {
  const out: Array<{ problem: Problem; path: Array<string | number>; message: string }> = [];
  const seen = new Set<string>();
  for (const problem of uniqueProblems(problems)) {
    const path = closestPath(data, problem.path);
    const message = problem.message.trim();
    const key = `${JSON.stringify(path)}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ problem, path, message });
  }
  return out;
}

function kept(problems: Problem[]) {
  const out: Array<{ problem: Problem; path: Array<string | number>; message: string }> = [];
  distinctProblems(data, problems, (problem, path, message) => out.push({ problem, path, message }));
  return out;
}

const data = { a: { '': [1, { b: 2 }], '0': 'x', 'c\u0000d': true }, '': { e: null } };

describe('distinctProblems', () => {
  it('keeps exactly the problems uniqueProblems and the key set keep, in order (property)', () => {
    const segment = fc.oneof(fc.constantFrom('a', '', '0', 'b', 'c\u0000d', 'e', 'zz', 'c'), fc.constantFrom(0, 1, 2));
    const message = fc.constantFrom('m', ' m', 'm ', 'n', '', ' ', 'm\u0000', 'x\u0000y');
    const problem = fc.record({ path: fc.array(segment, { maxLength: 4 }), message });
    fc.assert(
      fc.property(fc.array(problem, { maxLength: 12 }), (problems) => {
        expect(kept(problems)).toEqual(reference(data, problems));
      }),
      { numRuns: 5000 },
    );
  });

  it('takes a path that joins as another does for the same (uniqueProblems joins paths)', () => {
    const problems: Problem[] = [
      { path: [], message: 'm' },
      { path: [''], message: 'm' },
      { path: ['a', 0], message: 'n' },
      { path: ['a', '0'], message: 'n' },
    ];
    expect(kept(problems).map((p) => p.problem)).toEqual([problems[0], problems[2]]);
  });
});
