/**
 * OpenAPI 3.1 references by plain-name fragment: `$ref: '#pet'` names the schema whose `$anchor`
 * is `pet`, `$dynamicRef: '#node'` the one whose `$dynamicAnchor` is `node` (JSON Schema 2020-12),
 * and the diff compares what they name; a local reference that names nothing (or several
 * anchors) is refused in one line, never compared as nothing ("0 changes").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-anchors-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function description(reference: Record<string, string>, schemas: Record<string, unknown>): string {
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
                  schema: { type: 'object', required: ['v'], properties: { v: reference } },
                },
              },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

async function diff(base: string, revision: string) {
  const dir = mkdtempSync(join(folder, 'case-'));
  writeFileSync(join(dir, 'base.json'), base);
  writeFileSync(join(dir, 'rev.json'), revision);
  return votturInProcess(['diff', 'base.json', 'rev.json', '--gate', '-f', 'json'], { cwd: dir });
}

describe('plain-name fragment references in a diff', () => {
  it.each([
    ['$ref to an $anchor', { $ref: '#pet' }, (type: string) => ({ Pet: { $anchor: 'pet', type } })],
    [
      '$dynamicRef to a $dynamicAnchor',
      { $dynamicRef: '#node' },
      (type: string) => ({ N: { $dynamicAnchor: 'node', type } }),
    ],
    ['$ref to a $dynamicAnchor', { $ref: '#node' }, (type: string) => ({ N: { $dynamicAnchor: 'node', type } })],
  ])('%s: a type change behind it is breaking', async (_, reference, schemas) => {
    const result = await diff(description(reference, schemas('string')), description(reference, schemas('integer')));
    expect(result.code, result.stderr).toBe(1);
    const findings = (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string }> }).findings;
    expect(findings).toContainEqual(
      expect.objectContaining({ ruleId: 'diff-response-body-type-changed', severity: 'error' }),
    );
    // The same schema on both sides is no change.
    expect(
      (await diff(description(reference, schemas('string')), description(reference, schemas('string')))).code,
    ).toBe(0);
  });

  it.each([
    ['an anchor no schema has', { $ref: '#pet' }, { Pet: { $anchor: 'cat', type: 'string' } }],
    [
      'an anchor two schemas have',
      { $ref: '#pet' },
      { A: { $anchor: 'pet', type: 'string' }, B: { $anchor: 'pet', type: 'integer' } },
    ],
    ['a pointer to nothing', { $ref: '#/components/schemas/Missing' }, { Pet: { type: 'string' } }],
    ['a dynamic anchor no schema has', { $dynamicRef: '#node' }, { N: { type: 'string' } }],
  ])('a reference to %s is refused in one line, never read as no change', async (_, reference, schemas) => {
    const text = description(reference, schemas);
    const result = await diff(text, text);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^vottur: base\.json: `\$(?:dynamic)?[rR]ef: ".*"` at \/paths\/~1v1~1p\/.* names nothing in the description.*\n$/,
    );
  });

  it('lint names the schema an $anchor reference stands for', async () => {
    const dir = mkdtempSync(join(folder, 'lint-'));
    writeFileSync(join(dir, 'api.json'), description({ $ref: '#pet' }, { Pet: { $anchor: 'pet', type: 'string' } }));
    const result = await votturInProcess(['lint', 'api.json', '-f', 'json'], { cwd: dir });
    const messages = (JSON.parse(result.stdout) as { findings: Array<{ message: string }> }).findings.map(
      (f) => f.message,
    );
    expect(messages.filter((m) => m.includes('refers to'))).toEqual([
      expect.stringContaining('Property `v` refers to components.schemas.Pet, which has no `description`'),
    ]);
  });
});
