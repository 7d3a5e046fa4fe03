/**
 * A ruleset's `overrides` under the gate's loader: Spectral applies them only as a document is
 * linted, so one it would fail on is tried while loading and refused there, as a
 * `policy-extends-refused` finding, never a failure of the run (attack o34r15 B6).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatePolicy } from '../../src/policy/index.js';
import { loadUnderPolicy } from '../../src/policy/ruleset.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-override-probe-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'vottur.config.yaml');

async function why(name: string, text: string): Promise<string | undefined> {
  writeFileSync(join(dir, name), text);
  const load = await loadUnderPolicy(`./${name}`, config, gatePolicy(), dir);
  return load.ok ? undefined : load.why;
}

const RULE = 'rules:\n  house:\n    given: $.info\n    then: { field: title, function: truthy }\n';

describe('overrides a ruleset brings under the gate', () => {
  it('a level for a rule not in scope is refused at its override', async () => {
    expect(
      await why('a.yaml', "rules: {}\noverrides:\n  - files: ['**']\n    rules: { platform-info-x-pricing: 'off' }\n"),
    ).toBe(
      'a.yaml: `overrides.0` cannot be applied: Spectral refuses it: Cannot extend non-existing rule: "platform-info-x-pricing" (an override may set the level of a rule this ruleset or the rulesets it extends define, or define its own rule)',
    );
    // Any name, any level, boolean too, and an override after a good one.
    expect(
      await why(
        'b.yaml',
        `${RULE}overrides:\n  - files: ['*.yaml']\n    rules: { house: warn }\n  - files: ['x/**']\n    rules: { other: true }\n`,
      ),
    ).toMatch(/^b\.yaml: `overrides\.1` cannot be applied: .*non-existing rule: "other"/);
    // A level for a rule only an earlier override defines: fails on a document only the later one matches.
    expect(
      await why(
        'c.yaml',
        `rules: {}\noverrides:\n  - files: ['a/**']\n${RULE.replace('rules:', '    rules:').replace(/\n {2}/g, '\n      ')}  - files: ['b/**']\n    rules: { house: 'off' }\n`,
      ),
    ).toMatch(/^c\.yaml: `overrides\.1` cannot be applied/);
  });

  it('overrides of rules in scope load: its own rules, the rulesets it extends, a pointer', async () => {
    expect(
      await why(
        'ok1.yaml',
        `${RULE}overrides:\n  - files: ['**']\n    rules: { house: 'off' }\n  - files: ['x.yaml#/info']\n    rules: { house: hint }\n`,
      ),
    ).toBeUndefined();
    expect(
      await why(
        'ok2.yaml',
        `extends: [spectral:oas]\nrules: {}\noverrides:\n  - files: ['**']\n    rules: { info-contact: 'off' }\n`,
      ),
    ).toBeUndefined();
    expect(
      await why(
        'ok3.yaml',
        `rules: {}\noverrides:\n  - files: ['**']\n${RULE.replace('rules:', '    rules:').replace(/\n {2}/g, '\n      ')}`,
      ),
    ).toBeUndefined();
  });

  it('the attacker\'s configuration: a finding, the other rules still run, exit 1 (not "unexpected failure")', async () => {
    const repo = join(dir, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    writeFileSync(
      join(repo, 'r.yaml'),
      "rules: {}\noverrides:\n  - files: ['**']\n    rules: { platform-info-x-pricing: 'off' }\n",
    );
    writeFileSync(join(repo, 'vottur.config.yaml'), 'extends: [./r.yaml]\n');
    writeFileSync(join(repo, 'bad.yaml'), 'openapi: 3.0.3\ninfo: { title: T, version: 1.0.0 }\npaths: {}\n');
    const result = await votturInProcess(['lint', 'bad.yaml', '--gate', '--format', 'json'], { cwd: repo });
    expect(result.stderr).not.toMatch(/unexpected failure/);
    expect(result.code).toBe(1);
    const rules = (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string }> }).findings.map((f) => f.ruleId);
    expect(rules).toContain('policy-extends-refused');
    expect(rules).toContain('platform-info-x-pricing');
  });
});
