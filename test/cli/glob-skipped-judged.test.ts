/**
 * A file a pattern matched and the run did not lint is a document of the run all the same (issue
 * 34, attack r6 G01): a failing description committed as `apis/bad.yaml -> ../other/bad.yaml`
 * (inside the repository, outside the pattern's folder) was skipped with one line on standard
 * error, and `lint 'apis/**\/*.yaml' --gate` said "No problems found in 1 document", exit 0, with
 * neither JSON nor SARIF naming it. Now it is a `vottur-unreadable` finding on that document in
 * every format, the headline counts it, and the run ends in exit 2, with or without a policy.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from './run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-glob-skipped-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const repo = join(top, 'repo');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(join(repo, 'apis'));
mkdirSync(join(repo, 'other'));
writeFileSync(join(repo, 'apis/good.yaml'), readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml')));
writeFileSync(
  join(repo, 'other/bad.yaml'),
  'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /v1/items:\n    get:\n      responses:\n        "200": {description: ok}\n',
);
symlinkSync('../other/bad.yaml', join(repo, 'apis/bad.yaml'));

const SKIPPED =
  'skipped apis/bad.yaml, not judged: it leads outside apis (a symbolic link); lint the file it leads to by its own path';

interface JsonReport {
  documents: Array<{ path: string }>;
  findings: Array<{ ruleId: string; document: string; severity: string; message: string }>;
}

describe('a file a pattern matched and the run did not lint', () => {
  it.each([
    ['--gate', ['--gate']],
    ['no policy', ['--no-config']],
  ])('is a vottur-unreadable finding in JSON and SARIF, and fails the run (%s)', async (_name, policy) => {
    const result = await votturInProcess(
      ['lint', 'apis/**/*.yaml', ...policy, '-f', 'json', '-o', 'out.json', '-f', 'sarif', '-o', 'out.sarif'],
      { cwd: repo, timeoutMs: 60_000 },
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`vottur: ${SKIPPED}\n`);
    const json = JSON.parse(readFileSync(join(repo, 'out.json'), 'utf8')) as JsonReport;
    expect(json.documents.map((document) => document.path).sort()).toEqual(['apis/bad.yaml', 'apis/good.yaml']);
    expect(json.findings.filter((finding) => finding.document === 'apis/bad.yaml')).toEqual([
      expect.objectContaining({ ruleId: 'vottur-unreadable', severity: 'error', message: SKIPPED }),
    ]);
    const sarif = readFileSync(join(repo, 'out.sarif'), 'utf8');
    expect(sarif).toContain('vottur-unreadable');
    expect(sarif).toContain('apis/bad.yaml');
  });

  it('is counted in the headline of stylish under --gate', async () => {
    const result = await votturInProcess(['lint', 'apis/**/*.yaml', '--gate', '-f', 'stylish'], {
      cwd: repo,
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).not.toMatch(/No problems found/);
    expect(result.stdout).toMatch(/in 2 documents/);
    expect(result.stdout).toContain('vottur-unreadable');
    expect(result.stdout).toContain('apis/bad.yaml');
  });

  it('the file it leads to, named by its own path, is linted', async () => {
    const result = await votturInProcess(['lint', 'other/bad.yaml', 'apis/good.yaml', '--gate', '-f', 'json'], {
      cwd: repo,
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(1);
    const json = JSON.parse(result.stdout) as JsonReport;
    expect(json.findings.some((finding) => finding.ruleId === 'vottur-unreadable')).toBe(false);
    expect(json.findings.some((finding) => finding.document === 'other/bad.yaml')).toBe(true);
  });
});
