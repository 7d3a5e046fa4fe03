/**
 * `vottur diff` as CI runs it: exit codes, every format (parsed back), accepting changes, git
 * `REF:path` sides and multi-file descriptions. Runs the built command (npm test builds it).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { marked } from 'marked';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { reportValidator } from '../../src/report/schema.js';
import { ROOT, votturInProcess } from '../cli/run.js';
import { MULTITOOL, problems, validate } from '../report/sarif-validator.js';

const BREAKING = 'fixtures/diff/diff-response-body-property-removed';
const ADDITIVE = 'fixtures/diff/non-breaking/new-optional-parameter';
const work = mkdtempSync(join(tmpdir(), 'vottur-diff-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const pair = (folder: string) => [`${folder}/base.yaml`, `${folder}/revision.yaml`];

describe('vottur diff: exit codes and stylish', () => {
  it('exits 1 on a breaking change without a new major, and stylish shows the counts and the verdict', async () => {
    const result = await votturInProcess(['diff', ...pair(BREAKING)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('diff-response-body-property-removed');
    expect(result.stdout).toContain('1 change: 1 breaking, 0 needing review, 0 non-breaking, 0 documentation only.');
    expect(result.stdout).toContain(
      'Version 2.0.0 → 2.0.0: does not allow these changes (platform-version-breaking-without-major, 1 change reported as error)',
    );
  });

  it('exits 0 on an additive change, 1 with --fail-severity warn (the missing minor bump is a warning)', async () => {
    const plain = await votturInProcess(['diff', ...pair(ADDITIVE)]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('0 breaking, 0 needing review, 1 non-breaking');
    expect((await votturInProcess(['diff', '--fail-severity', 'warn', ...pair(ADDITIVE)])).code).toBe(1);
  });

  it('exits 0 when the version allows the change', async () => {
    const revision = parse(readFileSync(join(ROOT, ADDITIVE, 'revision.yaml'), 'utf8'));
    revision.info.version = '2.1.0';
    writeFileSync(join(work, 'bumped.yaml'), stringify(revision));
    const result = await votturInProcess([
      'diff',
      '--fail-severity',
      'warn',
      `${ADDITIVE}/base.yaml`,
      join(work, 'bumped.yaml'),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Version 2.0.0 → 2.1.0: allows these changes');
  });

  it('exits 2 with one line when a side cannot be read', async () => {
    const result = await votturInProcess(['diff', `${BREAKING}/base.yaml`, 'no/such/file.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('no/such/file.yaml');
  });

  it('exits 2 for a file that is neither OpenAPI 3 nor Swagger 2.0', async () => {
    writeFileSync(join(work, 'not-openapi.yaml'), 'asyncapi: "2.6.0"\ninfo: {title: x, version: "1"}\nchannels: {}\n');
    const result = await votturInProcess(['diff', `${BREAKING}/base.yaml`, join(work, 'not-openapi.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is neither an OpenAPI 3 description .* nor Swagger 2\.0/);
  });

  // A gate must not pass a description it cannot read: with its paths at the top level (not under
  // `paths:`) the diff compared nothing and said "0 changes … allows these changes".
  it('exits 2 with one line for a description with no paths object, naming the stray paths', async () => {
    const broken = join(work, 'no-paths.yaml');
    writeFileSync(
      broken,
      'openapi: 3.0.3\ninfo: {title: x, version: 2.0.0}\n/v2/users:\n  get:\n    responses:\n      "200": {description: ok}\n',
    );
    for (const sides of [
      [`${ADDITIVE}/base.yaml`, broken],
      [broken, `${ADDITIVE}/base.yaml`],
    ]) {
      const result = await votturInProcess(['diff', ...sides]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(
        'no-paths.yaml: has no `paths` (/v2/users sits at the top level: indent it under `paths:`)',
      );
    }
  });
});

describe('vottur diff: formats', () => {
  it('json validates against the report schema, with source diff and the base as a related location', async () => {
    const result = await votturInProcess(['diff', '--format', 'json', ...pair(BREAKING)]);
    const report = JSON.parse(result.stdout);
    const validate = reportValidator();
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    const finding = report.findings.find((f: { ruleId: string }) => f.ruleId === 'diff-response-body-property-removed');
    expect(finding).toMatchObject({
      source: 'diff',
      severity: 'error',
      document: `${BREAKING}/revision.yaml`,
      pointer: '/components/schemas/UserProfile/properties',
    });
    expect(finding.line).toBeGreaterThan(1);
    expect(finding.related[0]).toMatchObject({
      document: `${BREAKING}/base.yaml`,
      pointer: '/components/schemas/UserProfile/properties/b',
    });
    expect(finding.message).toContain(`base: ${BREAKING}/base.yaml:${finding.related[0].line}`);
    expect(report.documents.map((d: { path: string }) => d.path)).toEqual(pair(BREAKING));
    // The base is compared, not judged: the score is the revision's alone (a clean base at 100 beside it lifted the average).
    expect(report.score.byDocument.map((d: { document: string }) => d.document)).toEqual([`${BREAKING}/revision.yaml`]);
    expect(report.score.score).toBe(report.score.byDocument[0].score);
  });

  it('html heads a diff with its changes and the version verdict, not a conformance score', async () => {
    const html = (await votturInProcess(['diff', '--format', 'html', ...pair(BREAKING)])).stdout;
    expect(html).toMatch(/id="diff-verdict" data-breaking="[1-9]\d*" data-version-ok="false"/);
    expect(html).toMatch(
      /<strong>\d+ breaking, \d+ needing review, \d+ non-breaking, \d+ documentation only<\/strong>/,
    );
    expect(html).not.toContain('id="overall-score"');
    expect(html).not.toContain('Conformance to the island.is API conventions');
  });

  it(
    'sarif carries the base as relatedLocations (checked by the SARIF validator where installed)',
    { timeout: 180_000 },
    async () => {
      const result = await votturInProcess(['diff', '--format', 'sarif', ...pair(BREAKING)]);
      const log = JSON.parse(result.stdout);
      const sarifResult = log.runs[0].results.find(
        (r: { ruleId: string }) => r.ruleId === 'diff-response-body-property-removed',
      );
      expect(sarifResult.relatedLocations[0]).toMatchObject({
        id: 1,
        physicalLocation: { artifactLocation: { uri: `${BREAKING}/base.yaml`, uriBaseId: 'SRCROOT' } },
        message: { text: 'in the base version' },
      });
      expect(sarifResult.relatedLocations[0].physicalLocation.region.startLine).toBeGreaterThan(1);
      if (MULTITOOL) expect(problems(validate(result.stdout))).toEqual([]);
    },
  );

  it('markdown is a changelog: verdict, the version section, then operations with breaking changes first', async () => {
    const base = readFileSync(join(ROOT, BREAKING, 'base.yaml'), 'utf8');
    const revision = parse(readFileSync(join(ROOT, BREAKING, 'revision.yaml'), 'utf8'));
    revision.paths['/v2/users/{nationalId}'].get.summary = 'Read a profile';
    revision.paths['/v2/users/{nationalId}'].delete = {
      operationId: 'deleteUserProfile',
      responses: { '204': { description: 'Deleted.' } },
    };
    writeFileSync(join(work, 'md-base.yaml'), base);
    writeFileSync(join(work, 'md-revision.yaml'), stringify(revision));
    const result = await votturInProcess([
      'diff',
      '--format',
      'markdown',
      join(work, 'md-base.yaml'),
      join(work, 'md-revision.yaml'),
    ]);
    const headings = marked
      .lexer(result.stdout)
      .filter((t) => t.type === 'heading')
      .map((t) => (t as { text: string }).text);
    expect(headings).toEqual([
      'API changes: User Profile 2.0.0 → 2.0.0',
      'Version',
      '`GET /v2/users/{nationalId}`',
      '`DELETE /v2/users/{nationalId}`',
    ]);
    const get = result.stdout.slice(result.stdout.indexOf('## `GET'));
    expect(get.indexOf('**Breaking**')).toBeLessThan(get.indexOf('**Documentation only**'));
    expect(result.stdout).toContain('🔴 **Version 2.0.0 → 2.0.0: does not allow these changes');
  });

  it(
    'junit, github and html render the same findings, and the exit code is the same in every format',
    { timeout: 120_000 },
    async () => {
      for (const format of ['junit', 'github', 'html', 'stylish', 'json', 'sarif', 'markdown']) {
        const result = await votturInProcess(['diff', '--format', format, ...pair(BREAKING)]);
        expect(result.code, format).toBe(1);
        expect(result.stdout, format).toContain('diff-response-body-property-removed');
      }
      const junit = await votturInProcess(['diff', '--format', 'junit', ...pair(BREAKING)]);
      expect(() => new XMLParser().parse(junit.stdout)).not.toThrow();
    },
  );
});

describe('vottur diff: accepting a change on purpose', () => {
  const acceptedRevision = (ignore: unknown) => {
    const revision = parse(readFileSync(join(ROOT, BREAKING, 'revision.yaml'), 'utf8'));
    revision.components.schemas.UserProfile['x-vottur-ignore'] = ignore;
    revision.info.version = '2.1.0';
    const file = join(work, `ignored-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, stringify(revision));
    return file;
  };

  it('x-vottur-ignore on the node (list or map form) accepts that rule there, with its reason', async () => {
    for (const ignore of [
      [{ rule: 'diff-response-body-property-removed', reason: 'b was never sent (ticket API-1)' }],
      { 'diff-response-body-property-removed': 'b was never sent' },
    ]) {
      const result = await votturInProcess(['diff', `${BREAKING}/base.yaml`, acceptedRevision(ignore)]);
      // Listed as accepted, with its reason, and not counted.
      expect(result.stdout).toMatch(/accepted: diff-response-body-property-removed .*because: b was never sent/);
      expect(result.stdout).toContain('0 breaking, 0 needing review, 0 non-breaking, 0 documentation only; 1 accepted');
      expect(result.code).toBe(0);
    }
  });

  it('x-vottur-ignore naming another rule accepts nothing', async () => {
    const result = await votturInProcess([
      'diff',
      `${BREAKING}/base.yaml`,
      acceptedRevision({ 'diff-response-body-property-added-optional': 'not this one' }),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('diff-response-body-property-removed');
  });

  it('an x-vottur-ignore entry without a reason cannot run (exit 2)', async () => {
    const result = await votturInProcess([
      'diff',
      `${BREAKING}/base.yaml`,
      acceptedRevision([{ rule: 'diff-response-body-property-removed' }]),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/has no reason/);
  });

  it('--accept takes entries by operation or pointer; each needs a reason and a place', async () => {
    const accept = join(work, 'accept.yaml');
    writeFileSync(
      accept,
      stringify([
        {
          rule: 'diff-response-body-property-removed',
          pointer: '/components/schemas/UserProfile',
          reason: 'agreed with callers',
        },
        { rule: 'platform-version-breaking-without-major', operation: 'GET /nowhere', reason: 'unrelated' },
      ]),
    );
    // An accept file is read only inside the working folder's repository (or the folder itself): run from `work`.
    const breaking = pair(join(ROOT, BREAKING));
    const result = await votturInProcess(['diff', '--accept', accept, '--format', 'json', ...breaking], { cwd: work });
    const report = JSON.parse(result.stdout);
    expect(report.findings.map((f: { ruleId: string; suppressions?: unknown }) => [f.ruleId, f.suppressions])).toEqual([
      ['diff-response-body-property-removed', [{ kind: 'external', justification: 'agreed with callers' }]],
    ]);
    expect(report.diff).toMatchObject({ counts: { breaking: 0 }, accepted: 1, allowed: true });
    expect(result.code).toBe(0);
    writeFileSync(accept, stringify([{ rule: 'diff-response-body-property-removed', reason: 'everywhere' }]));
    const everywhere = await votturInProcess(['diff', '--accept', accept, ...breaking], { cwd: work });
    expect(everywhere.code).toBe(2);
    expect(everywhere.stderr).toMatch(/never accepted everywhere/);
  });
});

describe('vottur diff: git REF:path and multi-file descriptions', () => {
  it(
    'reads REF:path with git show, a multi-file description included, and points into the referenced file',
    { timeout: 60_000 },
    async () => {
      const repo = join(work, 'repo');
      mkdirSync(join(repo, 'apis/schemas'), { recursive: true });
      const root = parse(readFileSync(join(ROOT, BREAKING, 'base.yaml'), 'utf8'));
      const schema = root.components.schemas.UserProfile;
      root.components.schemas.UserProfile = { $ref: 'schemas/user-profile.yaml' };
      writeFileSync(join(repo, 'apis/users.yaml'), stringify(root));
      writeFileSync(join(repo, 'apis/schemas/user-profile.yaml'), stringify(schema));
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
          cwd: repo,
          stdio: 'pipe',
        });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-qm', 'base');
      delete schema.properties.b;
      writeFileSync(join(repo, 'apis/schemas/user-profile.yaml'), stringify(schema));
      const result = await votturInProcess(['diff', '--format', 'json', 'HEAD:apis/users.yaml', 'apis/users.yaml'], {
        cwd: repo,
      });
      expect(result.stderr).toBe('');
      const report = JSON.parse(result.stdout);
      const finding = report.findings.find(
        (f: { ruleId: string }) => f.ruleId === 'diff-response-body-property-removed',
      );
      expect(finding).toMatchObject({
        document: 'apis/schemas/user-profile.yaml',
        description: 'apis/users.yaml',
        pointer: '/properties',
      });
      expect(finding.related[0].document).toBe('HEAD:apis/schemas/user-profile.yaml');
      expect(result.code).toBe(1);
      const missing = await votturInProcess(['diff', 'HEAD:apis/nothing.yaml', 'apis/users.yaml'], { cwd: repo });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/cannot read HEAD:apis\/nothing.yaml from git/);
    },
  );

  it('refuses a $ref outside the description folder, as lint does (exit 2)', async () => {
    const dir = join(work, 'outside/api');
    mkdirSync(dir, { recursive: true });
    cpSync(join(ROOT, BREAKING, 'base.yaml'), join(dir, 'base.yaml'));
    const revision = parse(readFileSync(join(ROOT, BREAKING, 'revision.yaml'), 'utf8'));
    revision.components.schemas.UserProfile = { $ref: '../secret.yaml' };
    writeFileSync(join(work, 'outside/secret.yaml'), 'type: object\n');
    writeFileSync(join(dir, 'revision.yaml'), stringify(revision));
    const result = await votturInProcess(['diff', join(dir, 'base.yaml'), join(dir, 'revision.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/outside/);
  });
});

describe('vottur check --base', () => {
  it('adds the changes since the base to the lint report: one document scored, the gate fails on a breaking change', async () => {
    const [base, revision] = pair(BREAKING);
    const result = await votturInProcess(['check', revision, '--base', base, '--format', 'json', '-q']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      documents: Array<{ path: string }>;
      findings: Array<{ ruleId: string; source: string; document: string }>;
    };
    expect(reportValidator()(report)).toBe(true);
    expect(report.documents.map((d) => d.path)).toEqual([revision]);
    const diffFindings = report.findings.filter((f) => f.source === 'diff');
    expect(diffFindings.map((f) => f.ruleId).sort()).toEqual([
      'diff-response-body-property-removed',
      'platform-version-breaking-without-major',
    ]);
    expect(diffFindings.every((f) => f.document === revision)).toBe(true);
    expect(report.findings.some((f) => f.source === 'lint')).toBe(true);
    // Without --base the same description has no diff finding.
    const alone = JSON.parse((await votturInProcess(['check', revision, '--format', 'json', '-q'])).stdout) as {
      findings: Array<{ source: string }>;
    };
    expect(alone.findings.filter((f) => f.source === 'diff')).toEqual([]);
  });

  it('accepts a change on purpose with --accept, and refuses --accept without --base', async () => {
    const [base, revision] = pair(join(ROOT, BREAKING));
    const first = JSON.parse(
      (await votturInProcess(['check', revision, '--base', base, '--format', 'json', '-q'], { cwd: work })).stdout,
    ) as { findings: Array<{ ruleId: string; source: string; pointer: string }> };
    const accept = join(work, 'accept-check.yaml');
    writeFileSync(
      accept,
      stringify(
        first.findings
          .filter((f) => f.source === 'diff')
          .map((f) => ({ rule: f.ruleId, pointer: f.pointer, reason: 'clients were told in the 2.0 notice' })),
      ),
    );
    const accepted = await votturInProcess(
      ['check', revision, '--base', base, '--accept', accept, '--format', 'json', '-q'],
      {
        cwd: work,
      },
    );
    const report = JSON.parse(accepted.stdout) as {
      findings: Array<{ source: string; suppressions?: Array<{ justification: string }> }>;
    };
    const diffFindings = report.findings.filter((f) => f.source === 'diff');
    expect(diffFindings.length).toBeGreaterThan(0);
    expect(
      diffFindings.every((f) => f.suppressions?.[0]?.justification === 'clients were told in the 2.0 notice'),
    ).toBe(true);
    const refused = await votturInProcess(['check', revision, '--accept', accept], { cwd: work });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^vottur: --accept applies to the changes --base finds/);
  });
});
