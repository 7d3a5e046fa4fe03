/**
 * Under a policy a baseline is written only where the operator says, and never inside `.git`
 * (issue 34, attack r10 B11): `baseline: .github/workflows/new.yml` (or `.git/hooks/pre-commit`) in
 * the repository's configuration, with `lint --gate --update-baseline` and no `--baseline`, wrote
 * the baseline's JSON there, then reported "No problems found, 100/100", exit 0, and the run's
 * record listed no baseline.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/finding.js';
import { votturInProcess as vottur } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-baseline-where-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const API =
  "openapi: 3.0.3\ninfo: {title: Bad, version: 1.0.0}\npaths:\n  /Users:\n    get:\n      responses:\n        '200': {description: ok}\n";

/** A repository with a `.git/hooks` and `.github/workflows` folder, the description, and `config`. */
function repository(name: string, config?: string): string {
  const repo = join(top, name);
  mkdirSync(join(repo, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(repo, '.github', 'workflows'), { recursive: true });
  writeFileSync(join(repo, 'api.yaml'), API);
  if (config !== undefined) writeFileSync(join(repo, 'vottur.config.yaml'), config);
  return repo;
}

describe('--update-baseline under a policy', () => {
  for (const target of ['.github/workflows/new.yml', '.git/hooks/pre-commit']) {
    it(`refuses the configuration's \`baseline: ${target}\` in one line, exit 2, writing nothing`, async () => {
      const repo = repository(target.replace(/\W/g, '-'), `baseline: ${target}\n`);
      for (const args of [['--update-baseline'], ['--prune-baseline']]) {
        const result = await vottur(['lint', 'api.yaml', '--gate', ...args], { cwd: repo });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `vottur: ${args[0]} under a policy writes only the baseline --baseline <file> names on the command line, never the one the configuration names; give --baseline\n`,
        );
      }
      expect(existsSync(join(repo, target))).toBe(false);
    });
  }

  it("writes the operator's --baseline, and the run's record lists it", async () => {
    const repo = repository('operator', 'baseline: .github/workflows/new.yml\n');
    const result = await vottur(
      ['lint', 'api.yaml', '--gate', '--update-baseline', '--baseline', 'operator.json', '-f', 'json'],
      { cwd: repo },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(repo, 'operator.json'))).toBe(true);
    expect(existsSync(join(repo, '.github/workflows/new.yml'))).toBe(false);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.configuration?.baseline).toMatchObject({ file: 'operator.json', given: 'command line' });
    expect(report.configuration?.baseline?.entries.length).toBeGreaterThan(0);
  });
});

describe('a baseline is never written inside .git', () => {
  it('refuses it with or without a policy, named by the configuration, the command line or through a link', async () => {
    const repo = repository('git', 'baseline: .git/hooks/pre-commit\n');
    symlinkSync('.git/hooks', join(repo, 'hooks'));
    for (const args of [
      ['--update-baseline'],
      ['--update-baseline', '--baseline', '.git/hooks/pre-commit'],
      ['--update-baseline', '--baseline', 'hooks/pre-commit'],
      ['--gate', '--update-baseline', '--baseline', '.git/hooks/pre-commit'],
    ]) {
      const result = await vottur(['lint', 'api.yaml', ...args], { cwd: repo });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(
        /^vottur: cannot write the baseline (\.git\/)?hooks\/pre-commit: it is inside the repository's \.git folder, which vottur never writes; nothing was written\n$/,
      );
    }
    expect(existsSync(join(repo, '.git/hooks/pre-commit'))).toBe(false);
  });
});
