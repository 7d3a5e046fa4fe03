/**
 * Attack o34r18 B15, over `vottur diff --gate` in-process: in OpenAPI 3.0 `nullable` widens only
 * the schema it is written in, so a nullable property that gains an `allOf` part with a `type` and
 * without `nullable` (or is rewritten as the common `{nullable: true, allOf: [{$ref}]}` to a
 * non-nullable schema) no longer accepts `null`. The merge carried the own schema's `nullable: true`
 * over as if every part had it: 0 changes, exit 0.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-nullable-allof-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

function description(currency: Json): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/invoices': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', properties: { currency } },
              },
            },
          },
          responses: { '201': { description: 'made' } },
        },
      },
    },
    components: { schemas: { Cur: { type: 'string', pattern: '^[A-Z]{3}$' } } },
  };
}

let files = 0;
async function gate(base: Json, revision: Json) {
  const names = [base, revision].map((document) => {
    const name = `d${files++}.json`;
    writeFileSync(join(dir, name), JSON.stringify(document));
    return name;
  });
  const result = await vottur(['diff', ...names, '--gate', '-f', 'json'], { cwd: dir });
  expect(result.code, result.stderr).not.toBe(2);
  const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string }> };
  return { code: result.code, rules: report.findings.map((f) => f.ruleId).filter((id) => id.startsWith('diff-')) };
}

const NULLABLE: Json = { type: 'string', nullable: true, pattern: '^[A-Z]{3}$' };

describe('a 3.0 nullable property and its allOf parts (o34r18 B15)', () => {
  it('gaining a part with a type and without nullable no longer takes null: breaking', async () => {
    const { code, rules } = await gate(
      description(NULLABLE),
      description({ ...NULLABLE, allOf: [{ type: 'string' }] }),
    );
    expect(code).toBe(1);
    expect(rules).toContain('diff-request-body-nullable-removed');
  });

  it('rewritten as {nullable: true, allOf: [{$ref}]} to a non-nullable schema no longer takes null: breaking', async () => {
    const { code, rules } = await gate(
      description(NULLABLE),
      description({ nullable: true, allOf: [{ $ref: '#/components/schemas/Cur' }] }),
    );
    expect(code).toBe(1);
    expect(rules).toContain('diff-request-body-nullable-removed');
  });

  it('a part that is nullable too, or has no type, keeps null: no nullable change', async () => {
    for (const part of [{ type: 'string', nullable: true }, { maxLength: 3 }]) {
      const { rules } = await gate(description(NULLABLE), description({ ...NULLABLE, allOf: [part] }));
      expect(rules).not.toContain('diff-request-body-nullable-removed');
    }
  });
});
