/**
 * The one allOf walk (rulesets/lib/openapi/flatten.ts) that lint, diff and the contract tests
 * share: the layers come outermost first, depth first, each once, with `$ref`s followed and an
 * OpenAPI 3.1 `$ref`'s siblings kept; `flatten` and the contract's `flattenSchema` read the same.
 */
import { describe, expect, it } from 'vitest';
import { allOfLayers, collectProperties, flatten } from '../../rulesets/lib/openapi/flatten.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';
import { flattenSchema } from '../../src/contract/generate/schema.js';

const Base = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 2 } } };
const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      Base,
      Named: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: { type: 'string' } } }] },
      // A cycle through allOf: each layer once.
      Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, { properties: { next: { type: 'string' } } }] },
    },
  },
} as unknown as Document;

describe('allOfLayers', () => {
  it('gives the schema, then its parts depth first, each after its $ref', () => {
    const layers = allOfLayers(document, { $ref: '#/components/schemas/Named' }, ['root']);
    expect(layers.map((layer) => layer.path.join('/'))).toEqual([
      'components/schemas/Named',
      'components/schemas/Base',
      'components/schemas/Named/allOf/1',
    ]);
  });

  it("keeps an OpenAPI 3.1 $ref's sibling keywords as the outermost layer", () => {
    const node = { $ref: '#/components/schemas/Base', maxLength: 9 };
    const layers = allOfLayers(document, node, ['here']);
    expect(layers.map((layer) => layer.schema)).toEqual([node, Base]);
  });

  it('visits each schema once in a cycle, and stops at the depth asked', () => {
    expect(allOfLayers(document, { $ref: '#/components/schemas/Loop' }, [])).toHaveLength(2);
    const deep = { allOf: [{ allOf: [{ allOf: [{ properties: { x: {} } }] }] }] };
    expect(allOfLayers(document, deep, [], 1)).toHaveLength(2);
    expect(allOfLayers(document, deep, [])).toHaveLength(4);
    expect(allOfLayers(document, 'not a schema', [])).toEqual([]);
  });
});

describe('lint, diff and contract read one merge', () => {
  it('the same properties and required names, wherever they are written', () => {
    const named = { $ref: '#/components/schemas/Named' };
    const flat = flatten(document, named, []);
    expect([...(flat?.properties.keys() ?? [])].sort()).toEqual(['id', 'name']);
    expect([...(flat?.required ?? [])]).toEqual(['id']);
    expect([...collectProperties(document, named, []).keys()].sort()).toEqual(['id', 'name']);
    const contract = flattenSchema(document, named);
    expect([...contract.properties.keys()].sort()).toEqual(['id', 'name']);
    expect(contract.required).toEqual(['id']);
    expect(contract.properties.get('id')).toMatchObject({ types: ['string'], minLength: 2 });
  });
});

describe('a conditional with a true or false branch is read as what it stands for', () => {
  const X = { type: 'object', properties: { name: { type: 'string' } } };
  it('{if: X, else: false} is X (its if/then/else are not kept as keywords)', () => {
    const flat = flatten(document, { if: X, else: false }, ['s'])!;
    expect([...flat.properties.keys()]).toEqual(['name']);
    expect(flat.keywords.get('type')?.value).toBe('object');
    expect(flat.keywords.has('if')).toBe(false);
    expect(flat.keywords.has('else')).toBe(false);
  });
  it('{if: {not: X}, then: {not: {}}} is X; {if: true, then: X} is X', () => {
    expect([...flatten(document, { if: { not: X }, then: { not: {} } }, [])!.properties.keys()]).toEqual(['name']);
    expect([...flatten(document, { if: true, then: X }, [])!.properties.keys()]).toEqual(['name']);
  });
  it('{if: X, then: false} is not X, kept as a not where the if is', () => {
    const flat = flatten(document, { if: X, then: false }, ['s'])!;
    expect(flat.keywords.get('not')).toEqual({ value: X, path: ['s', 'if'] });
    expect(flat.keywords.has('if')).toBe(false);
  });
  it('beside another not, both negations are kept (not A and not B: not anyOf [A, B]); two real branches stay a conditional', () => {
    const withNot = flatten(document, { not: { const: 1 }, allOf: [{ if: X, then: false }] }, ['s'])!;
    expect(withNot.keywords.get('not')).toEqual({ value: { anyOf: [{ const: 1 }, X] }, path: ['s', 'not'] });
    expect(withNot.keywords.has('if')).toBe(false);
    const general = flatten(document, { if: X, then: { required: ['a'] }, else: { required: ['b'] } }, [])!;
    expect(general.keywords.has('if')).toBe(true);
    expect(general.properties.size).toBe(0);
  });
});

describe('collectProperties, asked again about one schema', () => {
  it('gives each caller its own map, and the paths of the place asked about', () => {
    const shared = { type: 'object', properties: { id: { type: 'string' } } };
    const document = { openapi: '3.0.3', components: { schemas: { A: shared } } } as unknown as Document;
    const first = collectProperties(document, shared, ['components', 'schemas', 'A']);
    first.delete('id');
    const again = collectProperties(document, shared, ['components', 'schemas', 'A']);
    expect([...again.keys()]).toEqual(['id']);
    expect(again.get('id')?.path).toEqual(['components', 'schemas', 'A', 'properties', 'id']);
    // The same object read as if it stood elsewhere (an example's schema, read with no path).
    expect(collectProperties(document, shared, []).get('id')?.path).toEqual(['properties', 'id']);
  });
});
