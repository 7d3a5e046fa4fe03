/**
 * `vottur lint --fix` on the shared catalogue corpus (15 real descriptions), then `vottur lint`:
 * the findings the fixes can remove without changing the API are gone (nothing safe is left to
 * fix), no rule finds more than before, `vottur diff original fixed` reports no breaking change,
 * and the files were edited, not rewritten: YAML comments are the same, byte for byte, and JSON
 * lines outside the edits are untouched. Skipped, visibly, where the corpus is absent.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffLines } from 'diff';
import { Lexer } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, diffDescriptions } from '../../src/diff/index.js';
import { appliesOnCommandLine, computeFixes } from '../../src/fix/index.js';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';
import type { Finding } from '../../src/report/finding.js';
import { vottur } from '../cli/run.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { countByRule } from './support.js';

const present = CORPUS_DIR !== undefined;
const CATALOGUE = join(CORPUS_DIR ?? '', 'catalogue');
const documents = present
  ? readdirSync(CATALOGUE)
      .filter((name) => /\.(ya?ml|json)$/.test(name))
      .sort()
  : [];
const BREAKING = new Set<string>(CHECKS.filter((check) => check.class === 'breaking').map((check) => check.id));

/** Comments of a YAML text, in order, as the yaml package's lexer reads them. */
function comments(text: string): string[] {
  return [...new Lexer().lex(text)].filter((token) => token.startsWith('#'));
}

describe.skipIf(!present)(corpusTitle('vottur lint --fix on the catalogue corpus'), () => {
  reportMissingCorpus();
  let original = '';
  let fixed = '';
  let fixRun = { code: 0 as number | null, stdout: '', stderr: '' };

  beforeAll(async () => {
    original = mkdtempSync(join(tmpdir(), 'vottur-fix-corpus-original-'));
    fixed = mkdtempSync(join(tmpdir(), 'vottur-fix-corpus-fixed-'));
    for (const name of documents) {
      cpSync(join(CATALOGUE, name), join(original, name));
      cpSync(join(CATALOGUE, name), join(fixed, name));
    }
    fixRun = await vottur(['lint', '--fix', '--format', 'json', '--jobs', '1', ...documents], {
      cwd: fixed,
      timeoutMs: 300_000,
    });
  }, 300_000);

  afterAll(() => {
    for (const dir of [original, fixed]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fixes something, and exits as lint does (1: findings are left)', () => {
    expect(fixRun.stderr).toMatch(/fixed \S+: \d+ fix/);
    expect(fixRun.code).toBe(1);
  });

  it.each(documents)('%s', { timeout: 120_000 }, async (name) => {
    const before = readFileSync(join(original, name), 'utf8');
    const after = readFileSync(join(fixed, name), 'utf8');
    const lint = async (dir: string): Promise<Finding[]> =>
      (await lintDocument(join(dir, name), { cwd: dir })).findings;
    const [was, now] = await Promise.all([lint(original), lint(fixed)]);
    // No rule finds more than before.
    const counts = countByRule(was);
    for (const [rule, count] of countByRule(now)) expect(count, rule).toBeLessThanOrEqual(counts.get(rule) ?? 0);
    // Nothing --fix may apply is left: a further run would change nothing.
    const left = (
      await computeFixes({
        file: join(fixed, name),
        cwd: fixed,
        findings: now,
        loaded: await loadDescription(join(fixed, name)),
      })
    ).filter((fix) => appliesOnCommandLine(fix.effect));
    expect(left.map((fix) => `${fix.ruleId}: ${fix.title}`)).toEqual([]);
    // Callers see no breaking change.
    const diff = await diffDescriptions(join(original, name), join(fixed, name));
    expect(diff.findings.filter((finding) => BREAKING.has(finding.ruleId)).map((finding) => finding.message)).toEqual(
      [],
    );
    if (before === after) return;
    if (name.endsWith('.json')) {
      // Edited in place: only the lines of the edits differ, and added lines are indented as the file is.
      const changes = diffLines(before, after);
      const removed = changes.filter((change) => change.removed).reduce((sum, change) => sum + (change.count ?? 0), 0);
      const fixesApplied = now.length < was.length ? was.length - now.length : 1;
      expect(removed).toBeLessThanOrEqual(3 * fixesApplied + 2);
      const indent = /\n([ \t]+)\S/.exec(before)?.[1]?.[0];
      for (const change of changes.filter((c) => c.added)) {
        for (const line of change.value.split('\n').filter((l) => /^\s+\S/.test(l))) expect(line[0], line).toBe(indent);
      }
    } else {
      expect(comments(after)).toEqual(comments(before));
    }
  });
});
