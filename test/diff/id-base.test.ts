/**
 * Issue 34, attack B16: a `$id` was ignored by the loader that lint, diff and contract share. A
 * schema `{$id: 'sub/w.json'}` makes `sub/w.json` the base URI of the `$ref`s under it (OpenAPI
 * 3.1, JSON Schema 2020-12), so `$ref: d.json` there means `sub/d.json`; vottur read `./d.json`. An
 * embedded `{$id: 'pet.json'}` resource is what `$ref: pet.json` names; vottur read `./pet.json`
 * from the disk. Either way a type change in the document meant passed `diff --gate`. Now the
 * loader resolves every `$ref` against the base URI where it stands, and a resource the description
 * embeds is that resource (src/lint/load.ts). Over the CLI, with decoy files on disk.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-id-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function description(v: object, schemas: Record<string, unknown>): string {
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
              content: { 'application/json': { schema: { type: 'object', required: ['v'], properties: { v } } } },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

/** Writes each side's files (path → JSON) and diffs base/api.json against rev/api.json under the gate. */
async function diff(sides: Record<'base' | 'rev', Record<string, unknown>>) {
  const dir = mkdtempSync(join(folder, 'case-'));
  for (const side of ['base', 'rev'] as const)
    for (const [path, content] of Object.entries(sides[side])) {
      mkdirSync(join(dir, side, path, '..'), { recursive: true });
      writeFileSync(join(dir, side, path), typeof content === 'string' ? content : JSON.stringify(content));
    }
  return votturInProcess(['diff', 'base/api.json', 'rev/api.json', '--gate', '-f', 'json'], { cwd: dir });
}

const breaking = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Array<{ ruleId: string }> }).findings.filter((f) =>
    f.ruleId.startsWith('diff-response-body-type'),
  );

describe('$id sets the base URI of the references under it (B16)', () => {
  it('a relative $id: `$ref: d.json` under `$id: sub/w.json` is sub/d.json, not ./d.json', async () => {
    const side = (type: string) => ({
      'api.json': description(
        { $ref: '#/components/schemas/W' },
        { W: { $id: 'sub/w.json', type: 'object', properties: { w: { $ref: 'd.json' } } } },
      ),
      'd.json': { type: 'string' },
      'sub/d.json': { type },
    });
    const result = await diff({ base: side('string'), rev: side('integer') });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(breaking(result.stdout).length).toBeGreaterThan(0);
  });

  it('an embedded resource `{$id: pet.json}` is what `$ref: pet.json` names, not a file of that name', async () => {
    const side = (type: string) => ({
      'api.json': description({ $ref: 'pet.json' }, { Pet: { $id: 'pet.json', type } }),
      'pet.json': { type: 'string' },
    });
    const result = await diff({ base: side('string'), rev: side('integer') });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(breaking(result.stdout).length).toBeGreaterThan(0);
  });

  it('a `#/…` reference inside an embedded resource is relative to that resource', async () => {
    const side = (type: string) => ({
      'api.json': description(
        { $ref: '#/components/schemas/R' },
        {
          R: { $id: 'r.json', type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type } } },
          // What the pointer names from the document's root: a decoy.
          $defs: { a: { type: 'string' } },
        },
      ),
    });
    const result = await diff({ base: side('string'), rev: side('integer') });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(breaking(result.stdout).length).toBeGreaterThan(0);
  });
});
