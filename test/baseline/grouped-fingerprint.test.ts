/**
 * A finding reported once for several media types of one body ("also as …") keeps its place when
 * the document's keys are reordered, so a baseline entry for it still matches.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-grouped-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const description = (types: string[]) =>
  [
    'openapi: 3.0.3',
    'info: { title: Grouped, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    ...types.map((type) => `            ${type}: { schema: { type: object } }`),
    '',
  ].join('\n');

describe('a grouped finding and the baseline', () => {
  it('still matches after the media types are reordered', async () => {
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'api.yaml'), description(['text/plain', 'application/json', 'text/json']));
    const written = await votturInProcess(['lint', 'api.yaml', '--update-baseline', '--format', 'json'], { cwd: dir });
    const grouped = (
      JSON.parse(written.stdout) as { findings: Array<{ ruleId: string; message: string }> }
    ).findings.filter((f) => f.ruleId === 'platform-response-body-example');
    expect(grouped).toHaveLength(1);
    expect(grouped[0].message).toMatch(/also as/);
    writeFileSync(join(dir, 'api.yaml'), description(['text/json', 'text/plain', 'application/json']));
    const again = await votturInProcess(
      ['lint', 'api.yaml', '--baseline', 'vottur-baseline.json', '--format', 'json'],
      {
        cwd: dir,
      },
    );
    const report = JSON.parse(again.stdout) as {
      findings: Array<{ ruleId: string; baselineState?: string }>;
      baseline: { absent: unknown[] };
    };
    expect(report.findings.filter((f) => f.baselineState === 'new').map((f) => f.ruleId)).toEqual([]);
    expect(report.baseline.absent).toEqual([]);
  });
});
