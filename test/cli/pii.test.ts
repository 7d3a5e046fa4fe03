/**
 * File names are personal data too when they hold a national identifier: the
 * stylish header and a could-not-run line mask them, `--show-pii` shows them.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess as vottur } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-pii-'));
mkdirSync(join(dir, 'apis'));
copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'apis/0101302989-profile.yaml'));
writeFileSync(join(dir, 'apis/1403552329-broken.yaml'), 'openapi: [\n');
writeFileSync(
  join(dir, 'hints.yaml'),
  'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\ncomponents:\n  schemas:\n    U:\n      type: object\n      properties:\n        nationalId: {type: string, example: "010130-2989"}\n        spouseNationalId: {type: string, example: 101302989}\n',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('national identifiers in file names', () => {
  it('are masked in the stylish header', async () => {
    const result = await vottur(['lint', 'apis/0101302989-profile.yaml'], { cwd: dir });
    expect(result.stdout.split('\n')[0]).toBe('apis/010130****-profile.yaml');
    expect(`${result.stdout}${result.stderr}`).not.toContain('0101302989');
  });

  it('are masked in the one line of a run that could not run, and shown with --show-pii', async () => {
    const masked = await vottur(['lint', 'apis/1403552329-broken.yaml'], { cwd: dir });
    expect(masked.code).toBe(2);
    expect(masked.stderr).toMatch(/^vottur: apis\/140355\*\*\*\*-broken\.yaml:2:1: not valid YAML/);
    const shown = await vottur(['lint', 'apis/1403552329-broken.yaml', '--show-pii'], { cwd: dir });
    expect(shown.stderr).toMatch(/^vottur: apis\/1403552329-broken\.yaml:2:1/);
    const missing = await vottur(['lint', 'apis/2412694349.yaml'], { cwd: dir });
    expect(missing.stderr).toBe('vottur: cannot read apis/241269****.yaml: no such file; check the path\n');
  });

  it('fix hints suggest a valid synthetic identifier that can be copied, never a masked one', async () => {
    const result = await vottur(['lint', 'hints.yaml', '-f', 'json'], { cwd: dir });
    const hints = (
      JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> }
    ).findings.filter((f) => f.ruleId === 'platform-national-id-format' && /example/.test(f.message));
    expect(hints).toHaveLength(2);
    for (const hint of hints) {
      expect(hint.message).toMatch(/as in `'?0101003059'?`/);
      // The only masked text is the user's own value, quoted as found.
      expect(hint.message.split('as in')[1]).not.toContain('*');
    }
  });
});
