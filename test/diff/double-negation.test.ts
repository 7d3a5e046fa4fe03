/**
 * `not: {not: X}` says what X says, yet the diff compared it as a `not` and filed any change
 * inside as "the schema under not changed", a review warning the version rule allows (issue 34,
 * W1, an outside attack): a type change or an enum value removed inside a double negation passed
 * `vottur diff --gate`. Double negations are now read through, as `allOf` parts are: the change is
 * reported for what it is, and the gated run fails.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-double-negation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function description(name: string, schema: string): string {
  writeFileSync(
    join(dir, name),
    `openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths:\n  /a:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema:\n              $ref: "#/components/schemas/B"\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: "#/components/schemas/B"\ncomponents:\n  schemas:\n    B:\n${schema}\n`,
  );
  return name;
}

async function diff(base: string, revision: string): Promise<{ code: number | null; rules: string[]; stdout: string }> {
  const result = await vottur(['diff', base, revision, '--gate', '-f', 'json'], { cwd: dir });
  const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string }> };
  return {
    code: result.code,
    rules: report.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId),
    stdout: result.stdout,
  };
}

describe('vottur diff reads a double negation as what it negates', () => {
  it('a type change inside not/not is a breaking type change, and the gated run fails', async () => {
    const base = description('t1.yaml', '      not: {not: {type: object, properties: {x: {type: string}}}}');
    const revision = description('t2.yaml', '      not: {not: {type: object, properties: {x: {type: integer}}}}');
    const { code, rules } = await diff(base, revision);
    expect(code).toBe(1);
    expect(rules).toContain('diff-request-body-type-changed');
    expect(rules).toContain('platform-version-breaking-without-major');
  });

  it('an enum value removed inside not/not (through a $ref) is breaking', async () => {
    const base = description(
      'e1.yaml',
      '      not: {not: {$ref: "#/components/schemas/E"}}\n    E: {type: string, enum: [a, b]}',
    );
    const revision = description(
      'e2.yaml',
      '      not: {not: {$ref: "#/components/schemas/E"}}\n    E: {type: string, enum: [a]}',
    );
    const { code, rules } = await diff(base, revision);
    expect(code).toBe(1);
    expect(rules).toContain('diff-request-body-enum-value-removed');
  });

  it('wrapping a schema in not/not changes nothing', async () => {
    const base = description('w1.yaml', '      type: object\n      properties: {x: {type: string}}');
    const revision = description('w2.yaml', '      not: {not: {type: object, properties: {x: {type: string}}}}');
    const { code, rules } = await diff(base, revision);
    expect(rules).toEqual([]);
    expect(code).toBe(0);
  });
});
