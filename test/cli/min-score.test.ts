/** `--min-score` fails a run whose conformance score is below the bar, whatever the severities. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vottur } from './run.js';

describe('--min-score', () => {
  it('fails vottur lint below the bar even when no finding is at --fail-severity', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-min-score-'));
    const doc = join(dir, 'api.yaml');
    // Only warnings: the paths say v1 where info.version says 2 (platform-version-match).
    writeFileSync(doc, readFileSync('fixtures/conformant/catalogue-api.yaml', 'utf8').replace('version: 1.4.0', 'version: 2.0.0'));
    const plain = await vottur(['lint', doc, '--format', 'json']);
    const report = JSON.parse(plain.stdout);
    expect(report.summary.error).toBe(0);
    expect(report.score.score).toBeLessThan(100);
    expect(plain.code).toBe(0);
    expect((await vottur(['lint', doc, '--min-score', String(report.score.score + 1)])).code).toBe(1);
    expect((await vottur(['lint', doc, '--min-score', String(report.score.score)])).code).toBe(0);
  });

  it('lets the clean reference service through vottur check at 100', { timeout: 120_000 }, async () => {
    const result = await vottur(['check', '--no-dredd', '--quiet', '--min-score', '100']);
    expect(result.stdout).toMatch(/Score 100\/100 \(A\)/);
    expect(result.code).toBe(0);
  });

  it('is refused, with exit 2, when it is not a number from 0 to 100', async () => {
    for (const command of ['lint', 'check']) {
      const result = await vottur([command, ...(command === 'lint' ? ['fixtures/conformant/catalogue-api.yaml'] : []), '--min-score', '120']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--min-score must be a number from 0 to 100/);
    }
  });
});
