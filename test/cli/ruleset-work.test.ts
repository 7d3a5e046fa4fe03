/**
 * o34r6 R05: the work a repository's rulesets can cause under a policy is bounded by what drives
 * it, never by the rule count alone. 10 rules of 400 `then` entries (`field: $..*` under
 * `given: $..*`), within the 500-rule bound, kept `lint --gate` busy past 300 s with no finding.
 * The strict reader now refuses it (`then` entries, given × then checks, deep scans), and a
 * ruleset within those bounds that still asks for too much is cut off by a work and time budget on
 * Spectral's run: one `vottur-ruleset-limit` error, and the gate fails (src/lint/spectral.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAX_RULESET_SECONDS, MAX_RULESET_WORK, RULESET_LIMIT_META } from '../../src/lint/limits.js';
import { POLICY_SPECTRAL_BUDGET } from '../../src/lint/spectral.js';
import type { Finding } from '../../src/report/finding.js';
import { votturInProcess } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-ruleset-work-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => Object.assign(POLICY_SPECTRAL_BUDGET, { work: MAX_RULESET_WORK, seconds: MAX_RULESET_SECONDS }));

/** The report's description: 1,500 schemas (117 KB). */
function description(schemas: number): string {
  let yaml = 'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n';
  for (let i = 0; i < schemas; i++)
    yaml += `    S${i}: {type: object, properties: {a: {type: string}, b: {type: integer}}}\n`;
  return yaml;
}

/** A ruleset of `rules` rules, each `given` with `thens` entries of `field`, as JSON. */
function ruleset(rules: number, given: string, thens: number, field: string): string {
  const then = Array.from({ length: thens }, () => ({ field, function: 'truthy' }));
  return JSON.stringify({
    rules: Object.fromEntries(Array.from({ length: rules }, (_, i) => [`r${i}`, { given, severity: 'hint', then }])),
  });
}

async function gate(folder: string, rules: string) {
  const at = join(dir, folder);
  mkdirSync(at, { recursive: true });
  writeFileSync(join(at, 'api.yaml'), description(1500));
  writeFileSync(join(at, 'rules.json'), rules);
  writeFileSync(join(at, 'vottur.config.yaml'), 'extends: [./rules.json]\n');
  const started = performance.now();
  const result = await votturInProcess(['lint', 'api.yaml', '--gate', '-f', 'json'], { cwd: at });
  const seconds = (performance.now() - started) / 1000;
  const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings;
  return { code: result.code, stderr: result.stderr, findings, seconds };
}

describe('the work a repository ruleset can cause under a policy (o34r6 R05)', () => {
  it("the report's ruleset (10 rules × 400 `then`s of `$..*` under `$..*`) is refused in seconds, and the gate fails", async () => {
    const run = await gate('attack', ruleset(10, '$..*', 400, '$..*'));
    expect(run.code, run.stderr).toBe(1);
    expect(run.seconds).toBeLessThan(30);
    const refused = run.findings.filter((finding) => finding.ruleId === 'policy-extends-refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.severity).toBe('error');
    expect(refused[0]?.message).toMatch(/past 1,000 `then` entries in all/);
  }, 60_000);

  it("within the reader's bounds but past the work budget: cut off, one vottur-ruleset-limit error, and the gate fails", async () => {
    // 1 rule, 150 `then`s of `$..*` on the root: 150 deep scans (the bound is 200), ~1.8 million calls.
    POLICY_SPECTRAL_BUDGET.work = 200_000;
    const run = await gate('work', ruleset(1, '$', 150, '$..*'));
    expect(run.code, run.stderr).toBe(1);
    const limits = run.findings.filter((finding) => finding.ruleId === RULESET_LIMIT_META.id);
    expect(limits).toHaveLength(1);
    expect(limits[0]?.severity).toBe('error');
    expect(limits[0]?.message).toMatch(/asked for more than 200,000 checks on this document .* cut off at rule `r0`/);
  }, 60_000);

  it('past the time budget: cut off, and said so', async () => {
    POLICY_SPECTRAL_BUDGET.seconds = 0;
    const run = await gate('time', ruleset(1, '$..properties', 2, '@key'));
    expect(run.code, run.stderr).toBe(1);
    const limits = run.findings.filter((finding) => finding.ruleId === RULESET_LIMIT_META.id);
    expect(limits.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/took more than 0 s on this document/),
    ]);
  }, 60_000);

  it('a house ruleset well within the budget runs whole: no limit finding', async () => {
    const run = await gate('house', ruleset(3, '$..properties[*]', 2, 'type'));
    expect(run.findings.filter((finding) => finding.ruleId === RULESET_LIMIT_META.id)).toEqual([]);
    expect(run.findings.filter((finding) => finding.ruleId === 'policy-extends-refused')).toEqual([]);
  }, 60_000);

  /** A ruleset of one `schema` rule on `field`, and a description whose `x-big` is `items` empty objects. */
  async function schemaGate(folder: string, field: string, schema: object, items: number) {
    const at = join(dir, folder);
    mkdirSync(at, { recursive: true });
    const big = Array.from({ length: items }, () => '{}').join(',');
    writeFileSync(
      join(at, 'api.yaml'),
      `openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths: {}\nx-big: [${big}]\n`,
    );
    const rule = { given: '$', severity: 'error', then: { field, function: 'schema', functionOptions: { schema } } };
    writeFileSync(join(at, 'rules.json'), JSON.stringify({ rules: { 'schema-check': rule } }));
    writeFileSync(join(at, 'vottur.config.yaml'), 'extends: [./rules.json]\n');
    const result = await votturInProcess(['lint', 'api.yaml', '--gate', '-f', 'json'], { cwd: at });
    return { ...result, findings: (JSON.parse(result.stdout) as { findings: Finding[] }).findings };
  }

  it("a `schema` check's validation over a large value is counted before ajv runs (o34r10 B5): cut off, not run", async () => {
    // The attack's shape at full budget: 300 `anyOf` branches (every item tries 299 that fail, then
    // one that passes) over 20,000 `{}` is about 6,000,000 checks in one call, all inside ajv.
    const branches = [...Array.from({ length: 299 }, () => ({ minProperties: 1 })), { type: 'object' }];
    const run = await schemaGate('schema-work', 'x-big', { type: 'array', items: { anyOf: branches } }, 20_000);
    expect(run.code, run.stderr).toBe(1);
    const limits = run.findings.filter((finding) => finding.ruleId === RULESET_LIMIT_META.id);
    expect(limits).toHaveLength(1);
    expect(limits[0]?.severity).toBe('error');
    expect(limits[0]?.message).toMatch(
      /a `schema` check of rule `schema-check` would apply its schema's nodes to more values than were left/,
    );
  }, 60_000);

  it('a `schema` check within the budget runs whole: its findings, no limit finding', async () => {
    const run = await schemaGate('schema-small', 'info', { type: 'object', required: ['x-owner'] }, 1_000);
    expect(run.findings.filter((finding) => finding.ruleId === RULESET_LIMIT_META.id)).toEqual([]);
    expect(run.findings.filter((finding) => finding.ruleId === 'schema-check')).toHaveLength(1);
  }, 60_000);

  it('the default budgets are the documented ones', () => {
    expect(MAX_RULESET_WORK).toBe(5_000_000);
    expect(MAX_RULESET_SECONDS).toBe(15);
  });
});
