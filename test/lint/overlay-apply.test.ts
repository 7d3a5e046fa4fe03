/**
 * `--overlay`'s own application (src/lint/overlay.ts) on what an outside try of issue 41 broke:
 * one update shared by every node it went to, and removals in the order a selector lists them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOverlay, type OverlayDocument } from '../../src/fix/overlay.js';

const overlay = (actions: OverlayDocument['actions']): OverlayDocument => ({
  overlay: '1.0.0',
  info: { title: 'test', version: '1.0.0' },
  actions,
});

async function applied(document: unknown, actions: OverlayDocument['actions']): Promise<unknown> {
  return (await applyOverlay(document, overlay(actions), 'test.yaml')).document;
}

describe('applyOverlay', () => {
  it('gives each node an update selected several times its own copy: a later remove on one leaves the others', async () => {
    const document = { components: { schemas: { A: { properties: {} }, B: { properties: {} } } } };
    const result = (await applied(document, [
      {
        target: "$.components.schemas['A','B'].properties",
        update: { nested: { properties: { bad_name: { type: 'string' } } } },
      },
      { target: '$.components.schemas.A.properties.nested.properties.bad_name', remove: true },
    ])) as typeof document & { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(result.components.schemas.A?.properties).toEqual({ nested: { properties: {} } });
    expect(result.components.schemas.B?.properties).toEqual({
      nested: { properties: { bad_name: { type: 'string' } } },
    });
  });

  it('removes the elements a selector lists in descending order ($.tags[1,0])', async () => {
    expect(await applied({ tags: ['A', 'B', 'C', 'D'] }, [{ target: '$.tags[1,0]', remove: true }])).toEqual({
      tags: ['C', 'D'],
    });
  });

  it('removes the elements of a negative-step slice ($.tags[2:0:-1])', async () => {
    expect(await applied({ tags: ['A', 'B', 'C', 'D'] }, [{ target: '$.tags[2:0:-1]', remove: true }])).toEqual({
      tags: ['A', 'D'],
    });
  });

  it('removes exactly the listed indexes of an array, in any order and with repeats', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 12 })
          .chain((length) =>
            fc.tuple(
              fc.constant(length),
              fc.array(fc.integer({ min: 0, max: length - 1 }), { minLength: 1, maxLength: 8 }),
            ),
          ),
        async ([length, indexes]) => {
          const tags = Array.from({ length }, (_, i) => `t${i}`);
          const result = (await applied({ tags }, [{ target: `$.tags[${indexes.join(',')}]`, remove: true }])) as {
            tags: string[];
          };
          expect(result.tags).toEqual(tags.filter((_, i) => !indexes.includes(i)));
        },
      ),
    );
  });
});
