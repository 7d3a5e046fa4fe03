/**
 * Issue 34: `$dynamicRef` (JSON Schema 2020-12, OpenAPI 3.1) was read as a `$ref`. Its target
 * depends on the dynamic scope when it names a `$dynamicAnchor`; under an embedded `$id` its
 * fragment names that resource's anchors; in another file of a multi-file description its
 * fragment names that file's schemas. vottur followed each to the document's schema of that
 * name (another schema), silently. Now it follows a `$dynamicRef` only where it names what a `$ref`
 * would, and otherwise notes the place (`vottur-walk-limit`), never reading another schema, never
 * fetching anything.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { flatten } from '../../rulesets/lib/openapi/flatten.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-dynamic-ref-'));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

const head = `openapi: 3.1.0
info: {title: Trees, version: 1.0.0}
paths: {}
`;

/** A `Tree` resource with its own `$id`, recursing through `$dynamicRef: '#node'`, and a document-level `Node` of that anchor name. */
const embedded = `${head}components:
  schemas:
    Node:
      $dynamicAnchor: node
      type: object
      properties:
        label: {type: string}
    Tree:
      $id: https://example.is/tree
      $dynamicAnchor: node
      type: object
      properties:
        data: {type: string}
        children:
          type: array
          items: {$dynamicRef: '#node'}
`;

/** One resource, the generic list: the anchor `item` is declared by the list and by a stricter list that extends it. */
const generic = `${head}components:
  schemas:
    Fixed:
      type: array
      items: {$dynamicRef: '#/components/schemas/Item'}
    Item:
      type: object
      properties:
        name: {type: string}
    List:
      $dynamicAnchor: item
      type: object
      properties:
        entries:
          type: array
          items: {$dynamicRef: '#item'}
    Single:
      $dynamicAnchor: once
      type: object
      properties:
        next: {$dynamicRef: '#once'}
    Strict:
      $id: https://example.is/strict
      $dynamicAnchor: item
      $ref: https://example.is/list
`;

const walkLimits = async (file: string) =>
  (await lintDocument(file)).findings
    .filter((finding) => finding.ruleId === 'vottur-walk-limit')
    .map((finding) => ({ message: finding.message, pointer: finding.pointer }));

describe('$dynamicRef is not read as $ref', () => {
  it('under an embedded $id, `#node` is not followed to the document schema of that anchor', async () => {
    const loaded = await loadDescription(write('embedded.yaml', embedded));
    const document = loaded.data as Record<string, unknown>;
    const at = ['components', 'schemas', 'Tree', 'properties', 'children', 'items'];
    const items = (
      (document.components as Record<string, Record<string, Record<string, unknown>>>).schemas?.Tree
        ?.properties as Record<string, Record<string, unknown>>
    ).children.items;
    const resolved = resolve(document, items, at);
    // Before: `Node` (components.schemas.Node), another schema than the one the reference means.
    expect(resolved.value).toBeUndefined();
    expect(resolved.limitReached).toBe(true);
    expect(flatten(document, items, at)?.properties).toBeUndefined();
    expect(await walkLimits(write('embedded-lint.yaml', embedded))).toEqual([
      {
        message:
          'vottur did not follow `$dynamicRef: "#node"` under a schema with its own `$id` (its fragment names that resource\'s anchors, which vottur does not resolve); what lies beyond is not checked, so the document does not pass. Where the schema it means is fixed, write a `$ref` to it; vottur reads a `$dynamicRef` only where it names what a `$ref` would.',
        pointer: '/components/schemas/Tree/properties/children/items/$dynamicRef',
      },
    ]);
  });

  it('an anchor two schemas declare depends on the dynamic scope: noted; a pointer or a single anchor is followed as a $ref', async () => {
    const file = write('generic.yaml', generic);
    const document = (await loadDescription(file)).data as Record<string, Record<string, Record<string, unknown>>>;
    const schemas = document.components?.schemas as Record<string, Record<string, unknown>>;
    const entries = (schemas.List.properties as Record<string, Record<string, unknown>>).entries;
    const listed = resolve(document, entries.items, [
      'components',
      'schemas',
      'List',
      'properties',
      'entries',
      'items',
    ]);
    // Before: `List` itself, though under `Strict` the items are `Strict`'s.
    expect(listed.value).toBeUndefined();
    expect(listed.limitReached).toBe(true);
    // A JSON pointer fragment, and an anchor only one schema declares, name what a `$ref` would.
    const fixed = schemas.Fixed;
    expect(resolve(document, fixed.items, ['components', 'schemas', 'Fixed', 'items']).value).toBe(schemas.Item);
    const single = (schemas.Single as Record<string, Record<string, unknown>>).properties;
    expect(resolve(document, single.next, ['components', 'schemas', 'Single', 'properties', 'next']).value).toBe(
      schemas.Single,
    );
    const limits = await walkLimits(file);
    expect(limits).toHaveLength(1);
    expect(limits[0]?.pointer).toBe('/components/schemas/List/properties/entries/items/$dynamicRef');
    expect(limits[0]?.message).toContain(
      'vottur did not follow `$dynamicRef: "#item"`, whose target depends on the schema evaluated (2 schemas declare `$dynamicAnchor: "item"`)',
    );
  });

  it("in another file, a $dynamicRef keeps naming that file's schema, and nothing is fetched or followed", async () => {
    write(
      'tree-file.yaml',
      `Tree:
  type: object
  properties:
    children:
      type: array
      items: {$dynamicRef: '#/components/schemas/Leaf'}
    remote: {$dynamicRef: 'https://example.invalid/schema.json#/x'}
components:
  schemas:
    Leaf: {type: object, properties: {leaf: {type: string}}}
`,
    );
    const root = write(
      'root.yaml',
      `${head}components:
  schemas:
    Forest: {$ref: 'tree-file.yaml#/Tree'}
    Leaf: {type: object, properties: {other: {type: integer}}}
`,
    );
    const loaded = await loadDescription(root);
    const document = loaded.data as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    const forest = document.components?.schemas?.Forest as Record<string, Record<string, Record<string, unknown>>>;
    const children = forest.properties?.children;
    // Before: `#/components/schemas/Leaf`, read in the root as the root's `Leaf` (`other: integer`).
    expect(children.items).toEqual({ $dynamicRef: 'tree-file.yaml#/components/schemas/Leaf' });
    const at = ['components', 'schemas', 'Forest', 'properties', 'children', 'items'];
    expect(resolve(document, children.items, at).value).toBeUndefined();
    // Placed where they are written, in the other file.
    const limits = await walkLimits(root);
    expect(limits.map((limit) => limit.pointer).sort()).toEqual([
      '/Tree/properties/children/items/$dynamicRef',
      '/Tree/properties/remote/$dynamicRef',
    ]);
    expect(limits.find((limit) => limit.pointer.includes('children'))?.message).toContain(
      'vottur did not follow `$dynamicRef: "tree-file.yaml#/components/schemas/Leaf"`, which names another document (not read)',
    );
  });
});
