/**
 * platform-example-valid compiles one validator per distinct schema text, not one per place
 * (rulesets/rules/platform-example-valid.ts `exampleValidators`): Cloudflare's 1,881 failing
 * examples have 90 distinct schemas. Places share only where a reference cannot resolve
 * differently: not under an `$id`.
 */
import { describe, expect, it } from 'vitest';
import type { Document } from '../../rulesets/lib/openapi/types.js';
import { exampleValidators } from '../../rulesets/rules/platform-example-valid.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

describe('example validators shared by schema text', () => {
  it('compiles one validator for places whose schema is written the same, with the same verdicts and errors', () => {
    const inline = { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/Id' } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { responses: { '200': json(inline) } } },
        '/b': { get: { responses: { '200': json(structuredClone(inline)) } } },
        '/c': { get: { responses: { '200': json({ ...inline, required: [] }) } } },
      },
      components: { schemas: { Id: { type: 'integer' } } },
    } as unknown as Document;
    const at = (path: string) => ['paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    const validatorAt = exampleValidators(document);
    const a = validatorAt(at('/a'));
    const b = validatorAt(at('/b'));
    const c = validatorAt(at('/c'));
    expect(a).toBeTypeOf('function');
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(b?.({ id: 'x' })).toBe(false);
    expect(b?.errors?.map((error) => [error.instancePath, error.keyword])).toEqual([['/id', 'type']]);
    expect(c?.({})).toBe(true);
    expect(a?.({})).toBe(false);
  });

  it('does not share a place under an $id, where the same reference points elsewhere', () => {
    const property = { $ref: '#/components/schemas/N' };
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          // Under A's $id, `#/components/schemas/N` is looked up in A itself, where there is none.
          A: { $id: 'https://example.com/a', type: 'object', properties: { v: property } },
          B: { type: 'object', properties: { v: structuredClone(property) } },
          N: { type: 'integer' },
        },
      },
    } as unknown as Document;
    const validatorAt = exampleValidators(document);
    expect(validatorAt(['components', 'schemas', 'A', 'properties', 'v'])).toBeUndefined();
    const b = validatorAt(['components', 'schemas', 'B', 'properties', 'v']);
    expect(b).toBeTypeOf('function');
    expect(b?.('x')).toBe(false);
    expect(b?.(1)).toBe(true);
  });
});
