/** `pushTo` groups in place, in the order values come, as filtering by key would. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushTo } from '../../src/runtime/group.js';

describe('pushTo', () => {
  it('keeps every value under its key, in order (a property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer())), (pairs) => {
        const grouped = new Map<string, number[]>();
        for (const [key, value] of pairs) pushTo(grouped, key, value);
        for (const key of new Set(pairs.map(([key]) => key)))
          expect(grouped.get(key)).toEqual(pairs.filter(([k]) => k === key).map(([, value]) => value));
        expect([...grouped.keys()]).toEqual([...new Set(pairs.map(([key]) => key))]);
      }),
    );
  });
});
