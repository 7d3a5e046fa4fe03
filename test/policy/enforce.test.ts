/**
 * The configuration resolved once, before the run: one resolution gives the engine the rules to
 * skip (a rule turned off does not run at all), the gate the levels the policy allows, and the
 * report its record. And the policy's own judgements, one by one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigResolver } from '../../src/config/index.js';
import { runRules } from '../../src/lint/engine.js';
import { GateRun } from '../../src/policy/enforce.js';
import {
  gatePolicy,
  isLoopback,
  levelUnderPolicy,
  plainHttpRefusal,
  readPolicy,
  secretEnvAllowed,
} from '../../src/policy/index.js';
import type { RuleDefinition } from '../../rulesets/lib/rule.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-enforce-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one resolution per document, feeding the engine', () => {
  it('a rule off in `rules:` (and not turned back on by an override) is skipped; under a policy it runs', async () => {
    writeFileSync(
      join(dir, 'vottur.config.yaml'),
      'rules:\n  platform-no-404: off\n  platform-get-204: off\noverrides:\n  - files: [legacy/*.yaml]\n    rules: { platform-get-204: warn }\n',
    );
    const own = new GateRun(new ConfigResolver({ cwd: dir }), undefined, dir);
    expect(await own.settingsFor('api.yaml')).toEqual({ skip: ['platform-no-404'] });
    // The same promise for the same document: resolved once.
    expect(own.settingsFor('api.yaml')).toBe(own.settingsFor('api.yaml'));
    const gated = new GateRun(new ConfigResolver({ cwd: dir }), gatePolicy(), dir);
    expect(await gated.settingsFor('api.yaml')).toBeUndefined();
    expect(own.configuration.files).toEqual([
      { path: 'vottur.config.yaml', kind: 'config', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('the engine does not call a skipped rule', () => {
    let calls = 0;
    const rule = (id: string): RuleDefinition => ({
      id,
      severity: 'error',
      category: 'documentation',
      source: { document: 'seed', section: 'a test rule' },
      description: id,
      check: () => (calls++, [{ message: id, path: [] }]),
    });
    const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };
    const results = runRules([rule('a'), rule('b')], document, { skip: new Set(['a']) });
    expect(results.map((r) => r.code)).toEqual(['b']);
    expect(calls).toBe(1);
  });
});

describe("the policy's judgements", () => {
  it('levels: raising is allowed, lowering and off keep the rule at its own severity or the floor', () => {
    const policy = { ...gatePolicy(), floor: { 'platform-x': 'warn' as const } };
    expect(levelUnderPolicy(policy, 'platform-y', 'warn', 'error')).toEqual({ level: 'error', honoured: true });
    expect(levelUnderPolicy(policy, 'platform-y', 'error', 'off')).toEqual({ level: 'error', honoured: false });
    expect(levelUnderPolicy(policy, 'platform-y', 'error', 'hint')).toEqual({ level: 'error', honoured: false });
    expect(levelUnderPolicy(policy, 'platform-x', 'error', 'warn')).toEqual({ level: 'warn', honoured: true });
    expect(levelUnderPolicy(policy, 'platform-x', 'error', 'info')).toEqual({ level: 'error', honoured: false });
    expect(levelUnderPolicy({ ...policy, mayLower: ['*'] }, 'platform-y', 'error', 'off')).toEqual({
      level: 'off',
      honoured: true,
    });
  });

  it('secrets and hosts', () => {
    expect(secretEnvAllowed('bearerEnv', 'VOTTUR_TOKEN', undefined)).toBe(true);
    expect(secretEnvAllowed('bearerEnv', 'CI_DEPLOY_SECRET', undefined)).toBe(false);
    // Under a policy: only the exact variable listed for the exact key, VOTTUR_ ones included.
    expect(secretEnvAllowed('bearerEnv', 'VOTTUR_TOKEN', gatePolicy())).toBe(false);
    const listing = {
      ...gatePolicy(),
      secretEnv: { bearerEnv: ['CI_DEPLOY_SECRET'], clientSecretEnv: [], passphraseEnv: [] },
    };
    expect(secretEnvAllowed('bearerEnv', 'CI_DEPLOY_SECRET', listing)).toBe(true);
    expect(secretEnvAllowed('clientSecretEnv', 'CI_DEPLOY_SECRET', listing)).toBe(false);
    for (const url of ['http://localhost:3000', 'http://127.0.0.1/x', 'http://[::1]:8080', 'http://0x7f.1/'])
      expect(isLoopback(url), url).toBe(true);
    // A name under .localhost goes to the system's resolver, which may ask DNS.
    for (const url of [
      'http://10.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://api.localhost',
    ])
      expect(isLoopback(url), url).toBe(false);
    expect(plainHttpRefusal('https://api.example.is')).toBeUndefined();
    expect(plainHttpRefusal('http://api.example.is')).toMatch(/plain HTTP/);
  });

  it('a policy file starts from the strict defaults and keeps its hash', async () => {
    writeFileSync(join(dir, 'policy.json'), JSON.stringify({ suppressions: { rules: ['platform-pagination'] } }));
    const policy = await readPolicy('policy.json', dir);
    expect(policy.suppressionRules).toEqual(['platform-pagination']);
    expect(policy.mayLower).toEqual([]);
    expect(policy.extendsPackages).toEqual([]);
    expect(policy.sha256).toMatch(/^[0-9a-f]{64}$/);
    await expect(readPolicy('missing.yaml', dir)).rejects.toThrow(/cannot read the policy missing\.yaml: no such file/);
  });
});
