/**
 * Small things a CI user meets: when every format goes to a file, one line on standard error says
 * the verdict; `FORCE_COLOR` gives colours without a terminal; `vottur-accept.yaml` beside the
 * descriptions is never linted by a glob.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vottur } from './run.js';

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

  it('is not written when a format goes to standard output', async () => {
    const result = await vottur(
      ['lint', 'api.yaml', '--format', 'json', '--output', 'out2.json', '--format', 'stylish'],
      { cwd: dir },
    );
    expect(result.stderr).toBe('');
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
