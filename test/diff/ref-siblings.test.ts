/**
 * Issue 34, N3: in OpenAPI 3.1 a `$ref` with sibling keywords is the target and the siblings
 * together. A chain that passed through such a `$ref` (`v → A`, `A = {$ref: B,
 * unevaluatedProperties: false}`) was followed to its end, the siblings dropped, and removing
 * `unevaluatedProperties: false` read as "0 changes". Now a chain stops at the siblings
 * (resolve.ts `resolveToSiblings`), for the allOf merge and the diff's fingerprint alike. Over the CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-siblings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function description(a: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'P', version: '1.0.0', description: 'x' },
    paths: {
      '/v1/p': {
        get: {
          operationId: 'g',
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { v: { $ref: '#/components/schemas/A' } } },
                },
              },
            },
          },
        },
      },
    },
    components: { schemas: { A: a, B: { type: 'object', properties: { n: { type: 'string' } } } } },
  });
}

async function diff(base: string, revision: string) {
  const dir = mkdtempSync(join(folder, 'case-'));
  writeFileSync(join(dir, 'base.json'), base);
  writeFileSync(join(dir, 'rev.json'), revision);
  const result = await votturInProcess(['diff', 'base.json', 'rev.json', '-f', 'json'], { cwd: dir });
  expect(result.code, result.stderr).not.toBe(2);
  return (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> }).findings;
}

describe('a $ref with siblings reached through another $ref (N3)', () => {
  it('removing unevaluatedProperties: false beside the $ref is listed', async () => {
    const found = await diff(
      description({ $ref: '#/components/schemas/B', unevaluatedProperties: false }),
      description({ $ref: '#/components/schemas/B' }),
    );
    expect(found.map((f) => f.ruleId)).toContain('diff-response-body-unevaluated-properties-relaxed');
  });

  it('a type change beside the $ref is listed too', async () => {
    const found = await diff(
      description({ $ref: '#/components/schemas/B', properties: { m: { type: 'string' } } }),
      description({ $ref: '#/components/schemas/B', properties: { m: { type: 'integer' } } }),
    );
    expect(found.some((f) => f.ruleId.includes('type'))).toBe(true);
  });

  it('a description beside the $ref, added or removed, is still no schema change', async () => {
    const found = await diff(
      description({ $ref: '#/components/schemas/B', description: 'one' }),
      description({ $ref: '#/components/schemas/B' }),
    );
    expect(found.filter((f) => !f.ruleId.includes('description') && !f.ruleId.startsWith('platform-version'))).toEqual(
      [],
    );
  });
});
