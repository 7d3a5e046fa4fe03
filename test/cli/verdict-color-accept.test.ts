/**
 * Small things a CI user meets: when every format goes to a file, one line on standard error says
 * the verdict; `FORCE_COLOR` gives colours without a terminal; `vottur-accept.yaml` beside the
 * descriptions is never linted by a glob.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-small-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'api.yaml'),
  [
    'openapi: 3.0.3',
    'info: { title: Small, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      responses:',
    "        '200': { description: ok }",
    '',
  ].join('\n'),
);

describe('the verdict when every format goes to a file', () => {
  it('is one line on standard error, and standard output stays empty', async () => {
    const result = await vottur(
      ['lint', 'api.yaml', '--format', 'json', '--output', 'out.json', '--format', 'sarif', '--output', 'out.sarif'],
      { cwd: dir },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^vottur: failed: \d+ problems \(\d+ errors?, \d+ warnings?, \d+ info, \d+ hints?\) in 1 document, score \d+\/100 \([A-F]\); reports in out\.json, out\.sarif\n$/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).findings.length).toBeGreaterThan(0);
  });

  it('for a diff, counts the changes as the report does, the versioning findings apart', async () => {
    // The line said "3 changes (0 errors, 2 warnings, 1 info)" where the report said "2 changes"
    // and one versioning finding (issue 40).
    const base = readFileSync(join(dir, 'api.yaml'), 'utf8');
    writeFileSync(
      join(dir, 'v2.yaml'),
      `${base}  /v1/others:\n    get:\n      responses:\n        '200': { description: ok }\n`,
    );
    const result = await vottur(['diff', 'api.yaml', 'v2.yaml', '--format', 'json', '--output', 'diff.json'], {
      cwd: dir,
    });
    const report = JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8')) as {
      findings: Array<{ changeClass?: string }>;
    };
    const changes = report.findings.filter((finding) => finding.changeClass !== undefined).length;
    const versioning = report.findings.length - changes;
    // The other tests glob *.yaml in this folder.
    rmSync(join(dir, 'v2.yaml'));
    expect(versioning).toBeGreaterThan(0);
    expect(result.stderr).toMatch(
      new RegExp(
        `^vottur: (passed|failed): ${changes} changes?: \\d+ breaking, \\d+ needing review, \\d+ non-breaking, \\d+ documentation only; ${versioning} versioning findings? \\([^)]+\\); version 1\\.0\\.0 → 1\\.0\\.0[^\\n]*; report in diff\\.json\\n$`,
      ),
    );
  });

  it('is not written when a format goes to standard output', async () => {
    const result = await vottur(
      ['lint', 'api.yaml', '--format', 'json', '--output', 'out2.json', '--format', 'stylish'],
      { cwd: dir },
    );
    expect(result.stderr).toBe('');
  });
});

describe('the documents of a run outside the working directory', () => {
  it('are all named by their absolute path, the one that cannot be read too', async () => {
    // `vottur lint '/work/shared/corpus/catalogue/*'` named SOURCES.md `../../work/…` and the
    // descriptions `/work/…` (issue 40).
    const inner = mkdtempSync(join(tmpdir(), 'vottur-elsewhere-'));
    try {
      writeFileSync(join(dir, 'NOTES.md'), '# Notes\n\nnot: [a description\n');
      const result = await vottur(['lint', join(dir, 'api.yaml'), join(dir, 'NOTES.md'), '--format', 'json'], {
        cwd: inner,
      });
      const report = JSON.parse(result.stdout) as { documents: Array<{ path: string }> };
      expect(report.documents.map((d) => d.path).sort()).toEqual([join(dir, 'NOTES.md'), join(dir, 'api.yaml')].sort());
      expect(result.stderr).toContain(`${join(dir, 'NOTES.md')}:`);
      expect(result.stderr).not.toContain('../');
    } finally {
      rmSync(inner, { recursive: true, force: true });
    }
  });
});

describe('FORCE_COLOR', () => {
  it('colours stylish output that goes to a pipe', async () => {
    const coloured = await vottur(['lint', 'api.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    expect(coloured.stdout).toContain('\u001b[');
    const plain = await vottur(['lint', 'api.yaml'], { cwd: dir });
    expect(plain.stdout).not.toContain('\u001b[');
    const off = await vottur(['lint', 'api.yaml'], { cwd: dir, env: { FORCE_COLOR: '0' } });
    expect(off.stdout).not.toContain('\u001b[');
  });
});

describe('vottur-accept.yaml', () => {
  it('is never taken for a description by a glob', async () => {
    writeFileSync(
      join(dir, 'vottur-accept.yaml'),
      '- rule: diff-path-removed\n  pointer: /paths/~1v1~1things\n  reason: retired\n',
    );
    const result = await vottur(['lint', '*.yaml', '--format', 'json'], { cwd: dir });
    const report = JSON.parse(result.stdout) as { documents: Array<{ path: string }> };
    expect(report.documents.map((d) => d.path)).toEqual(['api.yaml']);
    expect(result.code).toBe(1);
  });
});
