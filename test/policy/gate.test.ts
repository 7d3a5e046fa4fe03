/**
 * The gate belongs to its operator: over the built CLI, each way a gated repository could turn
 * the gate (code in its configuration, rules off, secrets sent to its server, acceptances and
 * suppressions of its own, its baseline) is refused under `--gate` or a policy file, named in the
 * report, and fails the run; without a policy a developer's own configuration works as before.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, vottur, votturInProcess, votturWhereItRuns } from '../cli/run.js';
import { reportValidator } from '../../src/report/schema.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-gate-'));
mkdirSync(join(dir, '.git'));
copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'bad.yaml'));
copyFileSync(join(ROOT, 'assets/reference/user-profile.openapi.yaml'), join(dir, 'reference.yaml'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const config = (text: string) => write('vottur.config.yaml', text);

interface JsonReport {
  score: { score: number; byDocument: Array<{ document: string; score: number }> };
  findings: Array<{
    ruleId: string;
    severity: string;
    message: string;
    suppressions?: Array<{ justification?: string }>;
    baselineState?: string;
  }>;
  configuration?: {
    policy?: { name: string };
    files: Array<{ path: string; kind: string; sha256: string }>;
    rules: Array<{ rule: string; level: string; honoured: boolean }>;
    extends: Array<{ ruleset: string; honoured: boolean }>;
    suppressions: Array<{ rule: string; reason: string; honoured: boolean }>;
    baseline?: { file: string; given: string; entries: Array<{ rule: string; expires?: string; honoured: boolean }> };
    accepted: Array<{ rule: string; by: string; honoured: boolean }>;
  };
}

async function json(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; report: JsonReport; stderr: string }> {
  const result = await votturWhereItRuns([...args, '-f', 'json'], { cwd: dir, env });
  let report: JsonReport;
  try {
    report = JSON.parse(result.stdout) as JsonReport;
  } catch {
    throw new Error(`no JSON report (exit ${result.code}): ${result.stdout.slice(0, 300)} ${result.stderr}`);
  }
  expect(reportValidator()(report), JSON.stringify(reportValidator().errors)).toBe(true);
  return { code: result.code, report, stderr: result.stderr };
}

const ruleIds = (report: JsonReport) => report.findings.map((finding) => finding.ruleId);
const policyMessages = (report: JsonReport, rule: string) =>
  report.findings.filter((finding) => finding.ruleId === rule).map((finding) => finding.message);

/** A JavaScript ruleset that takes over the process: it silences standard output and forces exit 0. */
const HOSTILE_RULESET = [
  'process.stdout.write = () => true;',
  "process.on('exit', () => { process.exitCode = 0; });",
  'module.exports = { rules: {} };',
  '',
].join('\n');

describe('code from the repository', () => {
  it('a JavaScript ruleset the configuration extends runs on main; under --gate it is not loaded, the run fails and the report names it', async () => {
    write('rules.js', HOSTILE_RULESET);
    config('extends: [./rules.js]\n');
    // Without a policy the developer's own extends is loaded as before (here: it takes the run over).
    // A child process: the ruleset takes over the process it runs in (its stdout and exit code).
    const own = await vottur(['lint', 'bad.yaml', '--min-score', '99'], { cwd: dir });
    expect(own.code).toBe(0);
    const { code, report } = await json(['lint', 'bad.yaml', '--min-score', '99', '--gate']);
    expect(code).toBe(1);
    expect(policyMessages(report, 'policy-extends-refused')).toEqual([
      expect.stringContaining(
        '`extends: ./rules.js` in vottur.config.yaml was not loaded: rules.js: `extends: ./rules.js` is not a .json, .yaml or .yml file; under a policy a ruleset is data, never a module',
      ),
    ]);
    expect(report.configuration!.extends).toEqual([
      { ruleset: './rules.js', file: 'vottur.config.yaml', honoured: false },
    ]);
    expect(ruleIds(report)).toContain('platform-no-404');
  });

  it('in the worker pool too: no worker loads the JavaScript ruleset under --gate', async () => {
    write('rules.js', HOSTILE_RULESET);
    config('extends: [./rules.js]\n');
    mkdirSync(join(dir, 'many'), { recursive: true });
    for (let i = 0; i < 4; i++) copyFileSync(join(dir, 'bad.yaml'), join(dir, 'many', `api-${i}.yaml`));
    const { code, report } = await json(['lint', 'many/*.yaml', '--jobs', '2', '--min-score', '99', '--gate']);
    expect(code).toBe(1);
    expect(policyMessages(report, 'policy-extends-refused')).toHaveLength(1);
    expect(report.score.byDocument).toHaveLength(4);
  });

  it('a YAML ruleset with `functions:`, a package from a committed node_modules, and a ruleset extending one of them are refused; one without code is loaded', async () => {
    mkdirSync(join(dir, 'functions'), { recursive: true });
    write('functions/evil.js', 'module.exports = () => [];\n');
    write('with-functions.yaml', 'functions: [evil]\nrules:\n  house-x:\n    given: $\n    then: { function: evil }\n');
    mkdirSync(join(dir, 'node_modules/house-rules'), { recursive: true });
    write('node_modules/house-rules/package.json', JSON.stringify({ name: 'house-rules', main: 'index.js' }));
    write('node_modules/house-rules/index.js', HOSTILE_RULESET);
    write('nested.yaml', 'extends: [house-rules]\n');
    write(
      'plain.yaml',
      'rules:\n  house-title:\n    given: $.info\n    severity: warn\n    then: { field: title, function: truthy }\n',
    );
    config('extends: [./with-functions.yaml, house-rules, ./nested.yaml, ./plain.yaml, spectral:oas]\n');
    const { code, report } = await json(['lint', 'bad.yaml', '--gate']);
    expect(code).toBe(1);
    const refused = policyMessages(report, 'policy-extends-refused');
    expect(refused).toHaveLength(3);
    expect(refused.join('\n')).toMatch(/with-functions\.yaml must NOT have additional properties `functions`/);
    expect(refused.join('\n')).toMatch(
      /`extends: house-rules` in vottur.config.yaml was not loaded: vottur.config.yaml: `extends: house-rules` names the package house-rules, which the policy does not list/,
    );
    expect(refused.join('\n')).toMatch(/nested\.yaml: `extends: house-rules` names the package house-rules/);
    expect(report.configuration!.extends.map((e) => `${e.ruleset} ${e.honoured}`)).toEqual([
      './with-functions.yaml false',
      'house-rules false',
      './nested.yaml false',
      './plain.yaml true',
      'spectral:oas true',
    ]);
  });

  it("a policy file may name a package, but one in the repository's node_modules is not the operator's: refused", async () => {
    write(
      'node_modules/house-rules/index.js',
      "module.exports = { rules: { 'house-always': { given: '$', severity: 'warn', message: 'house rule ran', then: { function: () => [{ message: 'house rule ran' }] } } } };\n",
    );
    config('extends: [house-rules]\n');
    write('policy.yaml', 'extends:\n  packages: [house-rules]\n');
    const { report } = await json(['lint', 'bad.yaml', '--policy', 'policy.yaml']);
    expect(policyMessages(report, 'policy-extends-refused')).toEqual([
      expect.stringMatching(
        /`extends: house-rules` resolves to .*node_modules\/house-rules\/index\.js, inside the repository under check/,
      ),
    ]);
    expect(report.findings.map((finding) => finding.message)).not.toContain('house rule ran');
    expect(report.configuration!.policy).toEqual({
      name: 'policy.yaml',
      file: 'policy.yaml',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(report.configuration!.files.map((f) => f.kind).sort()).toEqual(['config', 'policy']);
  });
});

describe('the configuration switches rules off', () => {
  it('every rule that fires set to off gives 100 on main; under --gate the levels are refused, named, and the run fails', async () => {
    const { report: plain } = await json(['lint', 'bad.yaml', '--no-config']);
    const firing = [...new Set(ruleIds(plain))];
    config(`rules:\n${firing.map((rule, i) => `  ${rule}: ${i % 2 === 0 ? 'off' : 'hint'}`).join('\n')}\n`);
    const own = await json(['lint', 'bad.yaml', '--min-score', '100']);
    expect(own.code).toBe(0);
    expect(own.report.score.score).toBe(100);
    // Without a policy the record still shows what the configuration did.
    expect(own.report.configuration!.rules.map((r) => r.rule)).toEqual(firing);
    expect(own.report.configuration!.rules.every((r) => r.honoured)).toBe(true);
    const { code, report } = await json(['lint', 'bad.yaml', '--min-score', '100', '--gate']);
    expect(code).toBe(1);
    expect(report.score.score).toBeLessThan(50);
    expect(policyMessages(report, 'policy-level-refused')).toHaveLength(firing.length);
    expect(report.configuration!.rules.every((r) => !r.honoured)).toBe(true);
  });

  it('a policy may let a configuration lower a rule it names; raising is always allowed', async () => {
    // A 404 where 204 belongs is platform-no-404's finding alone (one cause, one finding), so the
    // raised warning comes from a second document where platform-get-204 fires on its own.
    copyFileSync(join(ROOT, 'fixtures/rules/platform-get-204/fail.yaml'), join(dir, 'get-204.yaml'));
    config('rules:\n  platform-no-404: off\n  platform-get-204: error\n');
    write('policy.yaml', 'rules:\n  mayLower: [platform-no-404]\n');
    const { report } = await json(['lint', 'bad.yaml', 'get-204.yaml', '--policy', 'policy.yaml']);
    expect(ruleIds(report)).not.toContain('platform-no-404');
    const raised = report.findings.filter((f) => f.ruleId === 'platform-get-204');
    expect(raised).toHaveLength(4);
    expect(raised.every((f) => f.severity === 'error')).toBe(true);
    expect(policyMessages(report, 'policy-level-refused')).toEqual([]);
  });

  it('VOTTUR_POLICY names the policy when --policy is not given', async () => {
    config('rules:\n  platform-no-404: off\n');
    write('strict.json', '{}');
    const { code, report } = await json(['lint', 'bad.yaml'], { VOTTUR_POLICY: 'strict.json' });
    expect(code).toBe(1);
    expect(report.configuration!.policy!.name).toBe('strict.json');
    expect(ruleIds(report)).toContain('platform-no-404');
  });

  it('a policy file that does not follow its schema is one line and exit 2', async () => {
    write('bad-policy.yaml', 'rules:\n  mayLowr: [x]\n');
    const result = await votturInProcess(['lint', 'bad.yaml', '--policy', 'bad-policy.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: the policy bad-policy.yaml: `rules` must NOT have additional properties `mayLowr`/,
    );
  });

  it('contract-unreachable off does not make an unreachable server pass under --gate', async () => {
    config('rules:\n  contract-unreachable: off\n  contract-probe-skipped: off\n');
    // A port nothing listens on (the server is closed before the run).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const args = [
      'test',
      'reference.yaml',
      '--server',
      `http://127.0.0.1:${port}`,
      '--phases',
      'examples',
      '--no-dredd',
      '--quiet',
      '--timeout',
      '2000',
    ];
    const { code, report } = await json([...args, '--gate']);
    expect(code).toBe(1);
    expect(ruleIds(report)).toContain('contract-unreachable');
    expect(policyMessages(report, 'policy-level-refused').join('\n')).toMatch(/contract-unreachable: off/);
  });
});

describe("secrets sent to the repository's server", () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers.authorization ?? ''}`);
      if (request.url?.startsWith('/token')) {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          seen.push(`token body ${body}`);
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: 'x', token_type: 'Bearer', expires_in: 60 }));
        });
        return;
      }
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const secret = 'ci-deploy-secret-4711';
  const env = { CI_DEPLOY_SECRET: secret, AWS_SECRET_ACCESS_KEY: secret };
  const args = ['reference.yaml', '--phases', 'examples', '--no-dredd', '--quiet', '--timeout', '2000'];

  it('bearerEnv naming a CI secret is not read (only VOTTUR_ names), and the report says so', async () => {
    seen.length = 0;
    config(`contract:\n  server: ${url}\n  bearerEnv: CI_DEPLOY_SECRET\n`);
    const { report } = await json(['test', ...args], env);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).not.toContain(secret);
    expect(policyMessages(report, 'policy-secret-refused')).toEqual([
      expect.stringContaining('`contract.bearerEnv: CI_DEPLOY_SECRET` in vottur.config.yaml was not read'),
    ]);
  });

  it("under --gate the configuration's server is not contacted at all: requests go only to the server the operator names", async () => {
    seen.length = 0;
    config(`contract:\n  server: ${url}\n  bearerEnv: VOTTUR_TOKEN\n`);
    const result = await votturInProcess(['test', ...args, '--gate'], {
      cwd: dir,
      env: { ...env, VOTTUR_TOKEN: secret },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/contract\.server: http:\/\/127\.0\.0\.1:\d+` in vottur\.config\.yaml was not used/);
    expect(seen).toEqual([]);
  });

  it("under --gate clientSecretEnv with the repository's tokenUrl posts nothing to it", async () => {
    seen.length = 0;
    config(
      `contract:\n  tokenUrl: ${url.replace('127.0.0.1', 'localhost')}/token\n  clientId: ci\n  clientSecretEnv: AWS_SECRET_ACCESS_KEY\n`,
    );
    const { code, report } = await json(['test', ...args, '--server', url, '--gate'], env);
    expect(code).toBe(1);
    expect(seen.join('\n')).not.toContain(secret);
    expect(seen.some((line) => line.startsWith('token body'))).toBe(false);
    expect(policyMessages(report, 'policy-server-refused').join('\n')).toMatch(
      /contract\.tokenUrl: http:\/\/localhost:\d+\/token` in vottur\.config\.yaml was not used/,
    );
    expect(policyMessages(report, 'policy-secret-refused').join('\n')).toMatch(/AWS_SECRET_ACCESS_KEY/);
  });

  it("under --gate a VOTTUR_ variable is not the repository's to pick: bearerEnv: VOTTUR_CERT_PASSPHRASE is not read", async () => {
    seen.length = 0;
    config('contract:\n  bearerEnv: VOTTUR_CERT_PASSPHRASE\n');
    const { report } = await json(['test', ...args, '--server', url, '--gate'], { VOTTUR_CERT_PASSPHRASE: secret });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).not.toContain(secret);
    expect(policyMessages(report, 'policy-secret-refused')).toEqual([
      expect.stringContaining('`contract.bearerEnv: VOTTUR_CERT_PASSPHRASE` in vottur.config.yaml was not read'),
    ]);
    // A policy that lists the exact variable for the exact key lets it through.
    seen.length = 0;
    write('secret-policy.yaml', 'secrets:\n  bearerEnv: [VOTTUR_TOKEN]\n');
    config('contract:\n  bearerEnv: VOTTUR_TOKEN\n');
    await json(['test', ...args, '--server', url, '--policy', 'secret-policy.yaml'], { VOTTUR_TOKEN: secret });
    expect(seen.join('\n')).toContain(`Bearer ${secret}`);
    seen.length = 0;
    config('contract:\n  clientSecretEnv: VOTTUR_TOKEN\n  tokenUrl: https://example.invalid/token\n');
    const other = await json(['test', ...args, '--server', url, '--policy', 'secret-policy.yaml'], {
      VOTTUR_TOKEN: secret,
    });
    expect(policyMessages(other.report, 'policy-secret-refused').join('\n')).toContain('clientSecretEnv: VOTTUR_TOKEN');
  }, 120_000);

  it("under --gate the operator's client secret goes to no token URL of the configuration, not even on the --server host", async () => {
    seen.length = 0;
    config(`contract:\n  tokenUrl: ${url}/token\n  clientId: ci\n`);
    const { report } = await json(['test', ...args, '--server', url, '--gate'], { VOTTUR_CLIENT_SECRET: secret });
    expect(seen.join('\n')).not.toContain(secret);
    expect(seen.some((line) => line.startsWith('token body'))).toBe(false);
    expect(policyMessages(report, 'policy-server-refused').join('\n')).toMatch(
      /contract\.tokenUrl: http:\/\/127\.0\.0\.1:\d+\/token` in vottur\.config\.yaml was not used/,
    );
  });

  it('under --gate contract.tls is not used: TLS files come from the command line', async () => {
    config('contract:\n  tls:\n    ca: /dev/zero\n');
    const { report } = await json(['test', ...args, '--server', url, '--gate']);
    expect(policyMessages(report, 'policy-secret-refused')).toEqual([
      expect.stringContaining('`contract.tls` in vottur.config.yaml was not used'),
    ]);
    // Without a policy the file is read as every named file: one outside the repository is refused in one line.
    const own = await votturInProcess(['test', ...args, '--server', url], { cwd: dir });
    expect(own.code).toBe(2);
    expect(own.stderr).toMatch(
      /^vottur: cannot read the CA certificate \(--ca\) \/dev\/zero: it is outside the repository/,
    );
  }, 120_000);

  it('credentials never go over plain HTTP to another machine', async () => {
    const result = await votturInProcess(
      ['test', 'bad.yaml', '--server', 'http://api.example.invalid', '--bearer', 'x', '--no-config'],
      { cwd: dir },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: http:\/\/api\.example\.invalid is plain HTTP to a host that is not this machine/,
    );
  });
});

describe('acceptances the revision writes for itself', () => {
  beforeAll(() => {
    copyFileSync(join(ROOT, 'fixtures/diff/diff-path-removed/base.yaml'), join(dir, 'base.yaml'));
    const revision = readFileSync(join(ROOT, 'fixtures/diff/diff-path-removed/revision.yaml'), 'utf8');
    write(
      'revision.yaml',
      revision.replace(
        'paths: {}',
        'x-vottur-ignore:\n  diff-path-removed: ok\n  platform-version-removed-without-deprecation: ok\npaths: {}',
      ),
    );
    write('plain-revision.yaml', revision);
  });

  it('a root-level x-vottur-ignore gives "0 changes" and exit 0 on main; under --gate the changes count and the report names the acceptances', async () => {
    config('');
    const own = await json(['diff', 'base.yaml', 'revision.yaml']);
    expect(own.code).toBe(0);
    expect(own.report.configuration!.accepted.map((a) => `${a.rule} ${a.by} ${a.honoured}`)).toEqual([
      'diff-path-removed x-vottur-ignore true',
      'platform-version-removed-without-deprecation x-vottur-ignore true',
    ]);
    const { code, report } = await json(['diff', 'base.yaml', 'revision.yaml', '--gate']);
    expect(code).toBe(1);
    expect(ruleIds(report)).toEqual(
      expect.arrayContaining([
        'diff-path-removed',
        'platform-version-removed-without-deprecation',
        'policy-accept-refused',
      ]),
    );
    expect(report.configuration!.accepted.every((a) => !a.honoured)).toBe(true);
  });

  it('a refused acceptance counts in the headline of every format: breaking, and the version does not allow it', async () => {
    config('');
    write('accept-all.yaml', '- { rule: diff-path-removed, pointer: /paths, reason: ok }\n');
    for (const args of [
      ['diff', 'base.yaml', 'revision.yaml', '--gate'],
      ['diff', 'base.yaml', 'plain-revision.yaml', '--accept', 'accept-all.yaml', '--gate'],
    ]) {
      const { code, report } = await json(args);
      expect(code).toBe(1);
      const outcome = (
        report as unknown as { diff: { counts: { breaking: number }; allowed: boolean; verdict: string } }
      ).diff;
      expect(outcome.counts.breaking).toBe(1);
      expect(outcome.allowed).toBe(false);
      // The major-version rule sees the change it was told was accepted.
      expect(ruleIds(report)).toContain('platform-version-breaking-without-major');
      const stylish = await votturInProcess(args, { cwd: dir });
      expect(stylish.stdout).toMatch(/✖ 1 change: 1 breaking, .*does not allow these changes/);
      expect(stylish.stdout).not.toMatch(/allows these changes|0 breaking/);
      const markdown = await votturInProcess([...args, '-f', 'markdown'], { cwd: dir });
      expect(markdown.stdout).toMatch(/does not allow these changes.*\*\* 1 breaking/);
      const html = await votturInProcess([...args, '-f', 'html'], { cwd: dir });
      expect(html.stdout).toMatch(/id="diff-verdict" data-breaking="1" data-version-ok="false"/);
    }
  });

  it('an accept entry with pointer "" (every node) is refused: a rule is never accepted everywhere', async () => {
    write('accept.yaml', '- { rule: diff-path-removed, pointer: "", reason: ok }\n');
    const result = await votturInProcess(['diff', 'base.yaml', 'plain-revision.yaml', '--accept', 'accept.yaml'], {
      cwd: dir,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/pointer "" is the whole description, and a rule is never accepted everywhere/);
  });

  it("accept-file entries are listed as the accept file's; under --gate they do not hold the change back", async () => {
    config('');
    write(
      'accept-paths.yaml',
      '- { rule: diff-path-removed, pointer: /paths, reason: The v2 path moved to the new service. }\n',
    );
    const own = await json(['diff', 'base.yaml', 'plain-revision.yaml', '--accept', 'accept-paths.yaml']);
    // An accepted change stays listed, suppressed with its reason, and does not count.
    const removed = (report: typeof own.report) => report.findings.filter((f) => f.ruleId === 'diff-path-removed');
    expect(removed(own.report).length).toBeGreaterThan(0);
    expect(
      removed(own.report).every((f) => f.suppressions?.[0]?.justification === 'The v2 path moved to the new service.'),
    ).toBe(true);
    expect(own.report.configuration!.accepted).toEqual([
      expect.objectContaining({ rule: 'diff-path-removed', by: 'accept file', honoured: true }),
    ]);
    expect(own.report.configuration!.files.map((f) => `${f.kind} ${f.path}`)).toEqual([
      'accept accept-paths.yaml',
      'config vottur.config.yaml',
    ]);
    const { report } = await json([
      'diff',
      'base.yaml',
      'plain-revision.yaml',
      '--accept',
      'accept-paths.yaml',
      '--gate',
    ]);
    expect(removed(report).some((f) => !f.suppressions?.length)).toBe(true);
    expect(policyMessages(report, 'policy-accept-refused')).toEqual([
      expect.stringMatching(/^An accept entry accepting diff-path-removed at \/paths is listed, not honoured/),
    ]);
  });

  it('a diff check set to off in the configuration is refused under --gate', async () => {
    config('rules:\n  diff-path-removed: off\n  platform-version-removed-without-deprecation: off\n');
    const { code, report } = await json(['diff', 'base.yaml', 'plain-revision.yaml', '--gate']);
    expect(code).toBe(1);
    expect(ruleIds(report)).toContain('diff-path-removed');
    expect(policyMessages(report, 'policy-level-refused')).toHaveLength(2);
  });
});

describe('suppressions and baselines the repository writes', () => {
  it('a root x-vottur-ignore naming every firing rule with reason "ok" gives 100 on main; under --gate the findings count and each suppression is listed', async () => {
    config('');
    const { report: plain } = await json(['lint', 'bad.yaml']);
    const firing = [...new Set(ruleIds(plain))];
    const text = readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), 'utf8');
    write(
      'suppressed.yaml',
      `${text.trimEnd()}\nx-vottur-ignore:\n${firing.map((rule) => `  ${rule}: ok`).join('\n')}\n`,
    );
    const own = await json(['lint', 'suppressed.yaml', '--min-score', '100']);
    expect(own.code).toBe(0);
    expect(own.report.configuration!.suppressions.length).toBeGreaterThanOrEqual(firing.length);
    expect(own.report.configuration!.suppressions.every((s) => s.reason === 'ok' && s.honoured)).toBe(true);
    const { code, report } = await json(['lint', 'suppressed.yaml', '--min-score', '100', '--gate']);
    expect(code).toBe(1);
    expect(report.findings.filter((f) => f.suppressions).length).toBe(0);
    expect(policyMessages(report, 'policy-suppression-refused')).toHaveLength(firing.length);
    expect(report.configuration!.suppressions.every((s) => !s.honoured)).toBe(true);
  });

  it('a policy may let the repository suppress a rule it names', async () => {
    write('policy.yaml', 'suppressions:\n  rules: [platform-no-404]\n');
    const { report } = await json(['lint', 'suppressed.yaml', '--policy', 'policy.yaml']);
    expect(report.configuration!.suppressions.filter((s) => s.honoured).map((s) => s.rule)).toEqual([
      'platform-no-404',
      'platform-no-404',
    ]);
    expect(policyMessages(report, 'policy-suppression-refused').join('\n')).not.toMatch(/platform-no-404/);
  });

  it('a hand-edited baseline named by the configuration (expires 9999-12-31, count 1e300) holds back on main; under --gate it is listed and does not', async () => {
    config('');
    const update = await votturInProcess(
      ['lint', 'bad.yaml', '--update-baseline', '--baseline', 'team-baseline.json'],
      {
        cwd: dir,
      },
    );
    expect(update.code).toBe(0);
    const baseline = JSON.parse(readFileSync(join(dir, 'team-baseline.json'), 'utf8')) as {
      entries: Array<Record<string, unknown>>;
    };
    for (const entry of baseline.entries) Object.assign(entry, { expires: '9999-12-31' });
    write('team-baseline.json', JSON.stringify(baseline, null, 2));
    config('baseline: team-baseline.json\n');
    const own = await json(['lint', 'bad.yaml', '--min-score', '100']);
    expect(own.code).toBe(0);
    expect(own.report.configuration!.baseline).toMatchObject({ file: 'team-baseline.json', given: 'configuration' });
    expect(own.report.configuration!.baseline!.entries[0]).toMatchObject({ expires: '9999-12-31', honoured: true });
    const { code, report } = await json(['lint', 'bad.yaml', '--min-score', '100', '--gate']);
    expect(code).toBe(1);
    expect(report.findings.some((f) => f.baselineState === 'unchanged')).toBe(false);
    expect(policyMessages(report, 'policy-baseline-refused').length).toBeGreaterThan(0);
    expect(report.configuration!.baseline!.entries.every((e) => !e.honoured)).toBe(true);
    expect(report.configuration!.files.map((f) => f.kind)).toEqual(expect.arrayContaining(['config', 'baseline']));
  });

  it('over several documents, each baseline refusal is filed against its own document, none lost', async () => {
    config('');
    copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'first.yaml'));
    copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'second.yaml'));
    const update = await votturInProcess(
      ['lint', 'first.yaml', 'second.yaml', '--update-baseline', '--baseline', 'two-baseline.json'],
      { cwd: dir },
    );
    expect(update.code).toBe(0);
    config('baseline: two-baseline.json\n');
    const refusals = (report: JsonReport) =>
      report.findings.filter((f) => f.ruleId === 'policy-baseline-refused') as Array<
        JsonReport['findings'][number] & { document: string }
      >;
    const alone = await Promise.all(
      ['first.yaml', 'second.yaml'].map(async (file) => refusals((await json(['lint', file, '--gate'])).report)),
    );
    const { report } = await json(['lint', 'first.yaml', 'second.yaml', '--gate']);
    const together = refusals(report);
    expect(alone[0].length).toBeGreaterThan(0);
    expect(together).toHaveLength(alone[0].length + alone[1].length);
    for (const [index, file] of ['first.yaml', 'second.yaml'].entries()) {
      const own = together.filter((f) => f.document === file);
      expect(own.map((f) => f.message).sort()).toEqual(alone[index].map((f) => f.message).sort());
      expect(own.every((f) => f.message.includes(` in ${file} of two-baseline.json`))).toBe(true);
    }
    // Each document's score counts its own refusals: the two identical documents score the same.
    const [first, second] = report.score.byDocument;
    expect(first.score).toBe(second.score);
  });

  it('the same baseline passed by the operator on the command line counts under --gate', async () => {
    config('');
    const { code, report } = await json(['lint', 'bad.yaml', '--baseline', 'team-baseline.json', '--gate']);
    expect(code).toBe(0);
    expect(report.configuration!.baseline).toMatchObject({ given: 'command line' });
    expect(report.configuration!.baseline!.entries.every((e) => e.honoured)).toBe(true);
  });

  it("a policy may allow the repository's baseline for some rules, with a maximum expiry", async () => {
    config('baseline: team-baseline.json\n');
    write('policy.yaml', "baseline:\n  rules: ['*']\n  maxExpiryDays: 90\n");
    const { code, report } = await json(['lint', 'bad.yaml', '--policy', 'policy.yaml']);
    expect(code).toBe(1);
    expect(policyMessages(report, 'policy-baseline-refused').join('\n')).toMatch(
      /its expiry \(9999-12-31\) is further than the policy's 90 days ahead/,
    );
  });
});

describe("without a policy, a developer's own configuration works as today", () => {
  it('extends of a ruleset file with functions and inline suppressions apply', async () => {
    mkdirSync(join(dir, 'own/functions'), { recursive: true });
    write('own/functions/always.js', "module.exports = () => [{ message: 'own function ran' }];\n");
    write(
      'own/house.yaml',
      "functions: [always]\nrules:\n  house-always:\n    given: $.info\n    severity: warn\n    message: '{{error}}'\n    then: { function: always }\n",
    );
    write('own/vottur.config.yaml', 'extends: [./house.yaml]\nrules:\n  platform-get-204: off\n');
    const text = readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), 'utf8');
    write(
      'own/api.yaml',
      `${text.trimEnd()}\nx-vottur-ignore:\n  platform-no-404: We answer 404 until v2 (ticket API-1).\n`,
    );
    const { report } = await json(['lint', 'own/api.yaml']);
    expect(ruleIds(report)).toContain('house-always');
    expect(ruleIds(report)).not.toContain('platform-get-204');
    expect(report.findings.filter((f) => f.ruleId === 'platform-no-404').every((f) => f.suppressions)).toBe(true);
    expect(report.configuration!.policy).toBeUndefined();
    expect(report.configuration!.extends).toEqual([
      { ruleset: './house.yaml', file: 'own/vottur.config.yaml', honoured: true },
    ]);
  });
});

describe('check and report take the policy too', () => {
  it('vottur check --gate refuses the JavaScript ruleset as lint does', async () => {
    write('rules.js', HOSTILE_RULESET);
    config('extends: [./rules.js]\n');
    const { code, report } = await json(['check', 'bad.yaml', '--gate', '-q']);
    expect(code).toBe(1);
    expect(policyMessages(report, 'policy-extends-refused')).toHaveLength(1);
  });

  it('vottur report --gate: the suppressions of a saved report count again, and the policy is named', async () => {
    config('');
    const saved = await votturInProcess(['lint', 'suppressed.yaml', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    expect(saved.code).toBe(0);
    const plain = await json(['report', 'saved.json']);
    expect(plain.code).toBe(0);
    const { code, report } = await json(['report', 'saved.json', '--gate']);
    expect(code).toBe(1);
    expect(report.configuration!.policy).toEqual({ name: 'gate' });
    expect(report.configuration!.suppressions.every((s) => !s.honoured)).toBe(true);
    expect(policyMessages(report, 'policy-suppression-refused').length).toBeGreaterThan(0);
  });
});
