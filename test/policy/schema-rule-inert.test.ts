/**
 * A repository ruleset's `schema` rule with a remote `$ref`, `$async` or `$data` loaded under
 * `--gate` and checked nothing (issue 34, W4, an outside attack): ajv never fetches a URL, does
 * not run `$data` without its option, and Spectral's schema function does not wait for an
 * asynchronous validation, so the rule was silently inert while the configuration listed it as
 * honoured. The loader now refuses such a rule: a `policy-extends-refused` error naming the file
 * and the key, and the gated run fails. A `$ref` into the schema itself still loads and works.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-schema-inert-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

const API = 'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\n';

function repository(name: string, schema: string): string {
  const dir = join(top, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.yaml'), API);
  writeFileSync(join(dir, 'vottur.config.yaml'), 'extends: [./house.yaml]\n');
  writeFileSync(
    join(dir, 'house.yaml'),
    `rules:\n  house-title:\n    given: $.info\n    severity: error\n    then:\n      field: title\n      function: schema\n      functionOptions:\n        schema: ${schema}\n`,
  );
  return dir;
}

interface JsonReport {
  findings: Array<{ ruleId: string; message: string; severity: string }>;
}

async function gate(dir: string): Promise<{ code: number | null; report: JsonReport }> {
  const result = await vottur(['lint', 'api.yaml', '--gate', '-f', 'json'], { cwd: dir });
  return { code: result.code, report: JSON.parse(result.stdout) as JsonReport };
}

describe('a schema rule that would check nothing is refused under --gate', () => {
  for (const [name, schema, key] of [
    ['remote', '{ $ref: "https://example.com/title.json" }', 'schema.$ref'],
    ['file', '{ $ref: "./title.json#/x" }', 'schema.$ref'],
    ['async', '{ $async: true, type: string, minLength: 100 }', 'schema.$async'],
    ['data', '{ type: string, const: { $data: "1/x" } }', 'schema.const.$data'],
  ] as const) {
    it(`${name}: a policy-extends-refused error naming the key, and the gated run fails`, async () => {
      const { code, report } = await gate(repository(name, schema));
      expect(code).toBe(1);
      const refused = report.findings.filter((finding) => finding.ruleId === 'policy-extends-refused');
      expect(refused).toHaveLength(1);
      expect(refused[0]?.severity).toBe('error');
      expect(refused[0]?.message).toContain('house.yaml');
      expect(refused[0]?.message).toContain(`\`rules.house-title.then.functionOptions.${key}\``);
      expect(refused[0]?.message).toMatch(/check nothing/);
    });
  }

  it('a $ref into the schema itself loads, and the rule checks', async () => {
    const { report } = await gate(
      repository('local', '{ $ref: "#/definitions/long", definitions: { long: { type: string, minLength: 100 } } }'),
    );
    expect(report.findings.some((finding) => finding.ruleId === 'policy-extends-refused')).toBe(false);
    expect(report.findings.some((finding) => finding.ruleId === 'house-title')).toBe(true);
  });
});
