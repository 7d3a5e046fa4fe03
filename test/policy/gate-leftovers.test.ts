/**
 * The gate against a hostile repository, through the commands and files the first round left
 * open: `vottur lint --fix` under a policy, the policy file itself (the operator's, but still a
 * named file with limits), a ruleset file the configuration extends that is not a regular file,
 * and the `Configuration: …` line of stylish and GitHub output, which prints the repository's
 * file names. Over the built CLI.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, vottur, votturInProcess } from '../cli/run.js';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { startDevSecurityServer } from '../../src/catalogue/dev-server.js';
import { sampleCatalogue } from '../../src/catalogue/sample.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-gate-leftovers-'));
mkdirSync(join(dir, '.git'));
copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'bad.yaml'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

describe('vottur lint --fix under a policy', () => {
  it('is refused before anything is written: a gate judges the repository as committed', async () => {
    const fixable = readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), 'utf8').replace(
      /version: .*/,
      'version: v1',
    );
    write('fixable.yaml', fixable);
    for (const policy of [['--gate'], ['--policy', join(dir, 'empty-policy.yaml')]]) {
      write('empty-policy.yaml', '{}\n');
      const result = await votturInProcess(['lint', 'fixable.yaml', '--fix', ...policy], { cwd: dir });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(
        /^vottur: --fix writes to the repository, and a gated run .* Nothing was written\n$/,
      );
      expect(readFileSync(join(dir, 'fixable.yaml'), 'utf8')).toBe(fixable);
    }
    const byEnv = await votturInProcess(['lint', 'fixable.yaml', '--fix'], {
      cwd: dir,
      env: { VOTTUR_POLICY: join(dir, 'empty-policy.yaml') },
    });
    expect(byEnv.code).toBe(2);
    expect(readFileSync(join(dir, 'fixable.yaml'), 'utf8')).toBe(fixable);
    // --fix-dry-run writes nothing, so a gate may show it.
    const dry = await votturInProcess(['lint', 'fixable.yaml', '--fix-dry-run', '--gate'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(readFileSync(join(dir, 'fixable.yaml'), 'utf8')).toBe(fixable);
  });
});

describe('the policy file is read with the limits of a named file', () => {
  const outside = mkdtempSync(join(tmpdir(), 'vottur-policy-outside-'));
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  it("may be outside the repository (it is the operator's)", async () => {
    writeFileSync(join(outside, 'policy.yaml'), 'rules: { mayLower: ["*"] }\n');
    const result = await votturInProcess(['lint', 'bad.yaml', '--policy', join(outside, 'policy.yaml'), '-f', 'json'], {
      cwd: dir,
    });
    expect(result.code, result.stderr).toBe(1);
    expect(
      (JSON.parse(result.stdout) as { configuration: { policy: { name: string } } }).configuration.policy.name,
    ).toBe(join(outside, 'policy.yaml'));
  });

  it('a FIFO, a device and a file over 16 MB are refused in one line, exit 2, without hanging', async () => {
    execFileSync('mkfifo', [join(outside, 'fifo.yaml')]);
    symlinkSync('/dev/zero', join(outside, 'zero.yaml'));
    writeFileSync(join(outside, 'big.yaml'), Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    const cases: Array<[string, RegExp]> = [
      ['fifo.yaml', /it is a FIFO, not a regular file/],
      // A link to a device: refused without being opened, as a link leading out of the folder
      // read from (issue 34's rule for links: the same answer whatever is at the other end).
      ['zero.yaml', /(it is a device, not a regular file|it is outside the repository)/],
      ['big.yaml', /over the limit of 16 MB/],
    ];
    for (const [name, why] of cases) {
      const result = await votturInProcess(['lint', 'bad.yaml', '--policy', join(outside, name)], {
        cwd: dir,
        timeoutMs: 20_000,
      });
      expect(result.code, name).toBe(2);
      expect(result.stderr, name).toMatch(new RegExp(`^vottur: cannot read the policy .*${name}: .*${why.source}`));
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stdout).toBe('');
    }
  });

  it('a file that is not a policy is refused without quoting it', async () => {
    writeFileSync(join(outside, 'env.json'), 'CI_DEPLOY_SECRET=s3cr3t-value-1234\n');
    writeFileSync(join(outside, 'env.yaml'), 'CI_DEPLOY_SECRET: [s3cr3t-value-1234\n');
    for (const name of ['env.json', 'env.yaml']) {
      const result = await votturInProcess(['lint', 'bad.yaml', '--policy', join(outside, name)], { cwd: dir });
      expect(result.code, name).toBe(2);
      expect(result.stderr, name).toMatch(/^vottur: the policy .* is not valid (JSON|YAML)/);
      expect(result.stderr, name).not.toMatch(/s3cr3t|CI_DEPLOY/);
    }
  });
});

describe('a ruleset file the configuration extends, under --gate', () => {
  it('a link to /dev/zero or a FIFO is refused, not read (the run ends, and fails)', async () => {
    const folder = join(dir, 'extends');
    mkdirSync(folder);
    copyFileSync(join(dir, 'bad.yaml'), join(folder, 'bad.yaml'));
    symlinkSync('/dev/zero', join(folder, 'zero.yaml'));
    execFileSync('mkfifo', [join(folder, 'fifo.yaml')]);
    writeFileSync(join(folder, 'vottur.config.yaml'), 'extends: [./zero.yaml, ./fifo.yaml]\n');
    const result = await votturInProcess(['lint', 'extends/bad.yaml', '--gate', '-f', 'json'], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> };
    const refused = report.findings
      .filter((finding) => finding.ruleId === 'policy-extends-refused')
      .map((finding) => finding.message);
    // The link resolves outside the repository; the FIFO is in it but not a regular file.
    expect(refused).toEqual([
      expect.stringContaining('cannot read the ruleset extends/zero.yaml: it is outside the repository'),
      expect.stringContaining('cannot read the ruleset extends/fifo.yaml: it is a FIFO, not a regular file'),
    ]);
  });
});

describe('the Configuration line of stylish and GitHub output', () => {
  it('shows a file name with line breaks and a workflow command escaped, on one line', async () => {
    const hostile = 'b\n::error file=x::forged\n::stop-commands::tok\u001b[2J.json';
    const folder = join(dir, 'escape');
    mkdirSync(folder);
    copyFileSync(join(dir, 'bad.yaml'), join(folder, 'bad.yaml'));
    writeFileSync(
      join(folder, 'vottur.config.yaml'),
      `rules: { platform-no-404: warn }\nbaseline: ${JSON.stringify(hostile)}\n`,
    );
    writeFileSync(join(folder, hostile), JSON.stringify({ vottur: 'baseline', version: 1, entries: [] }));
    for (const format of ['stylish', 'github']) {
      const result = await votturInProcess(['lint', 'bad.yaml', '-f', format], { cwd: folder });
      expect(result.code, result.stderr).toBe(1);
      const lines = result.stdout.split('\n');
      const configuration = lines.filter((line) => line.includes('Configuration:'));
      expect(configuration, format).toHaveLength(1);
      expect(configuration[0], format).toContain('b\\n::error file=x::forged\\n::stop-commands::tok\\u001b[2J.json');
      // No line the runner would take as a command, no raw escape character.
      expect(
        lines.filter((line) => /^\s*::(error file=x|stop-commands)/.test(line)),
        format,
      ).toEqual([]);
      expect(result.stdout, format).not.toContain('\u001b');
    }
  });
});

describe('vottur catalogue report under --gate', () => {
  it("the working folder's vottur.config.yaml (code, every rule off) is refused and named under --gate; without a policy its levels apply and its code still never runs", async () => {
    const server = await startDevSecurityServer({ catalogue: sampleCatalogue() });
    const folder = join(dir, 'catalogue');
    mkdirSync(folder);
    try {
      await harvestCatalogue({
        securityServer: server.baseUrl,
        client: 'IS-DEV/GOV/10000/vottur',
        out: join(folder, 'h'),
      });
    } finally {
      await server.close();
    }
    // The configuration sits above the harvest: a configuration inside it is never read
    // (test/catalogue/harvest-is-data.test.ts), so this is the repository's own, as a gated team would commit it.
    writeFileSync(
      join(folder, 'rules.js'),
      "process.stdout.write = () => true;\nprocess.on('exit', () => { process.exitCode = 0; });\nmodule.exports = { rules: {} };\n",
    );
    const off = [
      'platform-field-camel-case',
      'platform-enum-value-upper-case',
      'platform-schema-property-description',
      'platform-date-time-format',
    ];
    writeFileSync(
      join(folder, 'vottur.config.yaml'),
      `extends: [./rules.js]\nrules:\n${off.map((rule) => `  ${rule}: off\n`).join('')}`,
    );
    const gated = await votturInProcess(['catalogue', 'report', 'h', '--no-dashboard', '--gate', '-f', 'json'], {
      cwd: folder,
    });
    expect(gated.code, gated.stderr).toBe(1);
    const report = JSON.parse(gated.stdout) as {
      findings: Array<{ ruleId: string; message: string }>;
      configuration: {
        extends: Array<{ ruleset: string; honoured: boolean }>;
        rules: Array<{ rule: string; honoured: boolean }>;
      };
    };
    const ids = report.findings.map((finding) => finding.ruleId);
    expect(ids).toContain('policy-extends-refused');
    expect(ids).toContain('policy-level-refused');
    // The rules the configuration turned off still count.
    expect(ids).toContain('platform-field-camel-case');
    expect(report.configuration.extends).toEqual([expect.objectContaining({ ruleset: './rules.js', honoured: false })]);
    expect(report.configuration.rules.filter((rule) => off.includes(rule.rule)).every((rule) => !rule.honoured)).toBe(
      true,
    );
    // Without a policy the levels are the developer's own and apply, but a harvest is what security
    // servers sent, so the JavaScript ruleset is still refused, never run (it would empty stdout and force exit 0).
    // A child process: were the ruleset run, it would take over the process it runs in.
    const own = await vottur(['catalogue', 'report', 'h', '--no-dashboard', '-f', 'json'], { cwd: folder });
    expect(own.stderr).toBe('');
    const ownReport = JSON.parse(own.stdout) as { findings: Array<{ ruleId: string; message: string }> };
    const ownIds = ownReport.findings.map((finding) => finding.ruleId);
    expect(ownReport.findings).toContainEqual(
      expect.objectContaining({
        ruleId: 'policy-extends-refused',
        message: expect.stringMatching(/`extends: \.\/rules\.js` in vottur\.config\.yaml was not loaded/),
      }),
    );
    expect(ownIds).not.toContain('policy-level-refused');
    for (const rule of off) expect(ownIds).not.toContain(rule);
  }, 60_000);
});
