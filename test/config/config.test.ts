/**
 * vottur.config.yaml, over the built CLI: found upward to the repository root,
 * named with --config or turned off with --no-config; rules off or at another severity, for a
 * file or a part of one; a bad key is one line and exit 2; `vottur init` writes one that works.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { allRuleIds } from '../../src/run/rule-catalogue.js';
import { closedPort } from '../contract/fixtures/servers.js';
import { ROOT, votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-config-'));
mkdirSync(join(dir, '.git'));
mkdirSync(join(dir, 'apis/legacy'), { recursive: true });
copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'apis/api.yaml'));
copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'apis/legacy/old.yaml'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Json {
  findings: Array<{ ruleId: string; severity: string; document: string; pointer: string }>;
  summary: Record<string, number>;
  score: { score: number };
}
const config = (text: string, name = 'vottur.config.yaml') => writeFileSync(join(dir, name), text);
const lintJson = async (...args: string[]) =>
  JSON.parse((await vottur(['lint', ...args, '-f', 'json'], { cwd: dir })).stdout) as Json;
const ruleIds = (report: Json, document?: string) =>
  report.findings.filter((f) => !document || f.document === document).map((f) => f.ruleId);

describe('the configuration file', () => {
  it('ships a schema that lists every rule vottur has, the one it reads and the one docs point to alike (regenerate: npm run build && npm run config:schema)', async () => {
    const expected = configSchema(await allRuleIds());
    expect(JSON.parse(readFileSync(join(ROOT, 'assets/config.schema.json'), 'utf8'))).toEqual(expected);
    expect(JSON.parse(readFileSync(join(ROOT, 'docs/config.schema.json'), 'utf8'))).toEqual(expected);
  });

  it('is found from the document folder upward, turns a rule off and changes a severity, in every format alike', async () => {
    const before = await lintJson('apis/api.yaml');
    expect(ruleIds(before)).toContain('platform-info-contact');
    config('rules:\n  platform-info-contact: off\n  platform-no-404: info\n');
    const after = await lintJson('apis/api.yaml');
    expect(ruleIds(after)).not.toContain('platform-info-contact');
    expect(after.findings.filter((f) => f.ruleId === 'platform-no-404').every((f) => f.severity === 'info')).toBe(true);
    expect(after.score.score).toBeGreaterThan(before.score.score);
    // The exit code, the stylish summary and SARIF agree with the JSON.
    const stylish = await vottur(['lint', 'apis/api.yaml', '--fail-severity', 'error'], { cwd: dir });
    expect(stylish.stdout).toContain(`Score ${after.score.score}/100`);
    const sarif = JSON.parse((await vottur(['lint', 'apis/api.yaml', '-f', 'sarif'], { cwd: dir })).stdout) as {
      runs: Array<{ results: Array<{ ruleId: string; level: string }>; properties: { score: number } }>;
    };
    expect(sarif.runs[0].properties.score).toBe(after.score.score);
    expect(sarif.runs[0].results.filter((r) => r.ruleId === 'platform-no-404').every((r) => r.level === 'note')).toBe(
      true,
    );
    expect(sarif.runs[0].results.some((r) => r.ruleId === 'platform-info-contact')).toBe(false);
  });

  it('overrides apply to the files a glob names, and to a part of a description by JSON pointer', async () => {
    config(
      [
        'overrides:',
        "  - files: ['legacy/**']",
        '    rules: { platform-info-contact: off }',
        "  - files: ['api.yaml#/paths/~1v1~1users~1{userId}/delete']",
        '    rules: { platform-no-404: off }',
        '',
      ].join('\n'),
      'apis/vottur.config.yaml',
    );
    try {
      const report = await lintJson('apis/api.yaml', 'apis/legacy/old.yaml');
      expect(ruleIds(report, 'apis/legacy/old.yaml')).not.toContain('platform-info-contact');
      expect(ruleIds(report, 'apis/api.yaml')).toContain('platform-info-contact');
      const no404 = report.findings.filter((f) => f.ruleId === 'platform-no-404');
      expect(
        no404.filter(
          (f) => f.document === 'apis/api.yaml' && f.pointer.startsWith('/paths/~1v1~1users~1{userId}/delete'),
        ),
      ).toEqual([]);
      expect(no404.some((f) => f.document === 'apis/legacy/old.yaml')).toBe(true);
    } finally {
      rmSync(join(dir, 'apis/vottur.config.yaml'));
    }
  });

  it('--config names another file, --no-config uses none', async () => {
    config('rules: { platform-info-contact: off }\n');
    config('rules: { platform-info-description: off }\n', 'other.yaml');
    const named = await lintJson('apis/api.yaml', '--config', 'other.yaml');
    expect(ruleIds(named)).toContain('platform-info-contact');
    expect(ruleIds(named)).not.toContain('platform-info-description');
    const none = await lintJson('apis/api.yaml', '--no-config');
    expect(ruleIds(none)).toContain('platform-info-contact');
    expect(ruleIds(none)).toContain('platform-info-description');
  });

  it('a bad key, an unknown rule, a bad level or a secret in the file is one line and exit 2', async () => {
    const cases: Array<[string, RegExp]> = [
      ['rulez: {}\n', /^vottur: vottur\.config\.yaml: `rulez` is not a configuration key vottur knows/],
      [
        'rules: { platform-nope: off }\n',
        /^vottur: vottur\.config\.yaml: `rules\.platform-nope` is not a rule vottur knows/,
      ],
      // The levels it takes, named (not "must be equal to one of the allowed values").
      [
        'rules: { platform-no-404: warning }\n',
        /^vottur: vottur\.config\.yaml: `rules\.platform-no-404` is "warning"; write one of off, hint, info, warn, error\n$/,
      ],
      // A pointer that does not start at the root would match nothing, silently.
      [
        "overrides: [{ files: ['apis/api.yaml#paths/v1'], rules: { platform-no-404: off } }]\n",
        /^vottur: vottur\.config\.yaml: `overrides\.0\.files` has "apis\/api\.yaml#paths\/v1", whose part after # is not a JSON pointer; write it from the root, starting with \/: "apis\/api\.yaml#\/paths\/v1"\n$/,
      ],
      [
        'contract: { clientSecret: hunter2 }\n',
        /^vottur: vottur\.config\.yaml: `contract\.clientSecret` is not a configuration key vottur knows/,
      ],
      ['rules: [\n', /^vottur: vottur\.config\.yaml is not valid YAML: .* at line \d+, column \d+\n$/],
    ];
    for (const [text, expected] of cases) {
      config(text);
      const result = await vottur(['lint', 'apis/api.yaml'], { cwd: dir });
      expect(result.code, text).toBe(2);
      expect(result.stderr, text).toMatch(expected);
      expect(result.stderr.trim().split('\n'), text).toHaveLength(1);
    }
    rmSync(join(dir, 'vottur.config.yaml'));
  });

  it('vottur init writes a starter that validates against the schema and that vottur reads', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-init-'));
    try {
      expect((await vottur(['init'], { cwd: folder })).code).toBe(0);
      const text = readFileSync(join(folder, 'vottur.config.yaml'), 'utf8');
      // The raw file, which editors can read (a GitHub blob/ page is HTML).
      expect(text).toMatch(
        /^# yaml-language-server: \$schema=https:\/\/raw\.githubusercontent\.com\/vottur\/vottur\/main\/docs\/config\.schema\.json\n/,
      );
      const validate = new Ajv({ strict: false }).compile(
        JSON.parse(readFileSync(join(ROOT, 'assets/config.schema.json'), 'utf8')) as object,
      );
      expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
      const again = await vottur(['init'], { cwd: folder });
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/exists already/);
      copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(folder, 'api.yaml'));
      expect((await vottur(['lint', 'api.yaml'], { cwd: folder })).stderr).toBe('');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives vottur test its server from contract settings; a named secret variable must be set', async () => {
    const port = await closedPort();
    config(`contract:\n  server: http://127.0.0.1:${port}\n`);
    const result = await vottur(['test', 'apis/api.yaml', '--no-dredd', '-f', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(ruleIds(JSON.parse(result.stdout) as Json)).toContain('contract-unreachable');
    config(
      `contract:\n  server: http://127.0.0.1:${port}\n  tokenUrl: http://127.0.0.1:${port}/token\n  clientId: c\n  clientSecretEnv: VOTTUR_TEST_UNSET_SECRET\n`,
    );
    const unset = await vottur(['test', 'apis/api.yaml', '--no-dredd'], {
      cwd: dir,
      env: { VOTTUR_TEST_UNSET_SECRET: '' },
    });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/VOTTUR_TEST_UNSET_SECRET for the client secret, and it is not set/);
    rmSync(join(dir, 'vottur.config.yaml'));
  });

  it('applies to vottur diff too: a check set to another level changes the exit code', async () => {
    const pair = join(dir, 'pair');
    mkdirSync(pair, { recursive: true });
    copyFileSync(join(ROOT, 'fixtures/diff/diff-response-body-property-removed/base.yaml'), join(pair, 'base.yaml'));
    copyFileSync(
      join(ROOT, 'fixtures/diff/diff-response-body-property-removed/revision.yaml'),
      join(pair, 'revision.yaml'),
    );
    const breaking = await vottur(['diff', 'pair/base.yaml', 'pair/revision.yaml', '-f', 'json'], { cwd: dir });
    expect(breaking.code).toBe(1);
    const ids = ruleIds(JSON.parse(breaking.stdout) as Json).filter(
      (id) => id.startsWith('diff-') || id.startsWith('platform-version-'),
    );
    config(`rules:\n${ids.map((id) => `  ${id}: info`).join('\n')}\n`);
    try {
      const accepted = await vottur(['diff', 'pair/base.yaml', 'pair/revision.yaml', '-f', 'json'], { cwd: dir });
      expect(accepted.code).toBe(0);
      // The level is the class the team gives the change, before the version is judged: a non-breaking
      // change now, so the version rule asks for a minor bump instead of a major.
      const findings = (JSON.parse(accepted.stdout) as Json).findings as Array<{
        ruleId: string;
        severity: string;
        changeClass?: string;
      }>;
      expect(findings.map((f) => [f.ruleId, f.severity, f.changeClass ?? null]).sort()).toEqual([
        ['diff-response-body-property-removed', 'info', 'non-breaking'],
        ['platform-version-minor-required', 'warn', null],
      ]);
      expect((await vottur(['diff', 'pair/base.yaml', 'pair/revision.yaml', '--no-config'], { cwd: dir })).code).toBe(
        1,
      );
    } finally {
      rmSync(join(dir, 'vottur.config.yaml'));
    }
  });
});
