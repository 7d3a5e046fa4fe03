/**
 * Every file a glob matches is judged or said to be skipped (attack o34r15 B3): a description
 * named like one of vottur's own files is linted (a real configuration, baseline or accept file
 * is still left out), and a FIFO, which the glob's walker does not list, is a skipped match.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandPatterns } from '../../src/lint/files.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-glob-every-match-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

const DESCRIPTION = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n';

describe("a glob and vottur's own file names", () => {
  it('a description named like an own file is linted; the real own files are not', async () => {
    write('apis/payments/vottur-accept.yaml', DESCRIPTION);
    write('apis/sw/vottur.config.json', '{"swagger": "2.0", "info": {"title": "T", "version": "1"}, "paths": {}}');
    write('apis/merged/vottur-accept.yml', 'base: &d {openapi: 3.0.3}\n<<: *d\n');
    write('apis/real/vottur-accept.yaml', 'accepted:\n  - rule: x\n');
    write('apis/list/vottur-accept.yml', '- rule: diff-path-removed\n  pointer: /paths\n  reason: retired\n');
    write('apis/real/vottur.config.yaml', 'rules: {}\n');
    write('apis/real/vottur-baseline.json', '{"version": 1, "findings": []}');
    write('apis/good.yaml', DESCRIPTION);
    const skipped: string[] = [];
    expect(await expandPatterns(['apis/**/*.{yaml,yml,json}'], dir, (file) => skipped.push(file))).toEqual([
      'apis/good.yaml',
      'apis/merged/vottur-accept.yml',
      'apis/payments/vottur-accept.yaml',
      'apis/sw/vottur.config.json',
    ]);
    expect(skipped).toEqual([]);
    const result = await votturInProcess(['lint', 'apis/payments/**/*.yaml', '--gate', '--format', 'json'], {
      cwd: dir,
    });
    const report = JSON.parse(result.stdout) as {
      documents: Array<{ path: string }>;
      findings: Array<{ ruleId: string }>;
    };
    expect(report.documents.map((d) => d.path)).toEqual(['apis/payments/vottur-accept.yaml']);
    expect(report.findings.map((f) => f.ruleId)).toContain('platform-info-x-pricing');
    expect(result.code).toBe(1);
  }, 30_000);

  it('a FIFO a glob matches is a skipped match, with its finding and exit 2, even when it is the only match', async () => {
    write('pipes/a.yaml', DESCRIPTION);
    execFileSync('mkfifo', [join(dir, 'pipes/p.yaml')]);
    mkdirSync(join(dir, 'pipes/deep/er'), { recursive: true });
    execFileSync('mkfifo', [join(dir, 'pipes/deep/er/q.yaml')]);
    execFileSync('mkfifo', [join(dir, 'pipes/deep/er/q.txt')]);
    const skipped: Array<[string, string]> = [];
    expect(await expandPatterns(['pipes/**/*.yaml'], dir, (file, why) => skipped.push([file, why]))).toEqual([
      'pipes/a.yaml',
    ]);
    expect(skipped).toEqual([
      ['pipes/deep/er/q.yaml', 'it is a FIFO, not a regular file'],
      ['pipes/p.yaml', 'it is a FIFO, not a regular file'],
    ]);
    const only: string[] = [];
    expect(await expandPatterns(['pipes/deep/*/*.yaml'], dir, (file) => only.push(file))).toEqual([]);
    expect(only).toEqual(['pipes/deep/er/q.yaml']);
    const result = await votturInProcess(['lint', 'pipes/*.yaml', '--gate'], { cwd: dir });
    expect(result.stdout).toMatch(/vottur-unreadable\s+skipped pipes\/p\.yaml, not judged: it is a FIFO/);
    expect(result.code).toBe(2);
  }, 30_000);
});
