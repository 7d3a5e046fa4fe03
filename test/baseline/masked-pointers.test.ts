/**
 * The baseline is committed: a national identifier inside a finding's JSON pointer (a path key, a
 * schema name) is written masked, and the baseline still matches its findings on the next run.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-baseline-pii-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--update-baseline and national identifiers in pointers', () => {
  it('writes them masked, and the baseline still holds the findings', async () => {
    mkdirSync(join(dir, '.git'));
    writeFileSync(
      join(dir, 'api.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: Users, version: 1.0.0 }',
        'paths:',
        '  /v1/users/0101302989:',
        '    get:',
        '      responses:',
        "        '200': { description: ok }",
        'components:',
        '  schemas:',
        '    P0101302989: { type: object }',
        '',
      ].join('\n'),
    );
    const written = await votturInProcess(['lint', 'api.yaml', '--update-baseline'], { cwd: dir });
    expect(written.stderr).toMatch(/wrote vottur-baseline\.json/);
    const text = readFileSync(join(dir, 'vottur-baseline.json'), 'utf8');
    const entries = (JSON.parse(text) as { entries: Array<{ pointer: string }> }).entries;
    expect(entries.some((entry) => entry.pointer.includes('010130****'))).toBe(true);
    expect(text).not.toContain('0101302989');
    const again = await votturInProcess(
      ['lint', 'api.yaml', '--baseline', 'vottur-baseline.json', '--format', 'json'],
      {
        cwd: dir,
      },
    );
    const report = JSON.parse(again.stdout) as { findings: Array<{ baselineState?: string }> };
    expect(report.findings.filter((f) => f.baselineState === 'new')).toEqual([]);
    expect(again.code).toBe(0);
  });
});
