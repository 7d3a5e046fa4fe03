/**
 * Real descriptions nobody here wrote (shared/corpus, found by walking up from the repository):
 * each compared with itself, and with itself written as JSON with its keys reordered, shows no
 * change (no false positives). Skipped, visibly, where the corpus is absent.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { diffDescriptions } from '../../src/diff/index.js';

function findCorpus(): string | undefined {
  if (process.env.VOTTUR_CORPUS) return process.env.VOTTUR_CORPUS;
  for (let dir = join(import.meta.dirname, '../..'); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared/corpus'))) return join(dir, 'shared/corpus');
  }
  return undefined;
}

const CORPUS = findCorpus();
const documents = CORPUS
  ? [
      ...readdirSync(join(CORPUS, 'catalogue'))
        .filter((n) => /\.(json|ya?ml)$/.test(n))
        .map((n) => `catalogue/${n}`),
      ...readdirSync(join(CORPUS, 'real'))
        .filter((n) => /\.(json|ya?ml)$/.test(n))
        .map((n) => `real/${n}`),
    ].sort()
  : [];
const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-corpus-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reorder(v)]),
    );
  return value;
}

describe.skipIf(!CORPUS)('diff on the shared corpus', () => {
  it.each(documents)(
    '%s: no change against itself, nor against itself as reordered JSON',
    { timeout: 60_000 },
    async (name) => {
      const file = join(CORPUS!, name);
      const data = parse(readFileSync(file, 'utf8'));
      if (typeof data.openapi !== 'string') {
        // Swagger 2.0 is converted in memory, as lint does: against itself, no change.
        const report = await diffDescriptions(file, file);
        expect(report.findings.filter((f) => f.ruleId.startsWith('diff-'))).toEqual([]);
        return;
      }
      if (name === 'real/it_ipa.yaml') {
        // Its $ref names a file the corpus does not hold: the diff cannot be complete, so it does not run.
        await expect(diffDescriptions(file, file)).rejects.toThrow(/cannot be resolved/);
        return;
      }
      expect((await diffDescriptions(file, file)).findings.filter((f) => f.ruleId.startsWith('diff-'))).toEqual([]);
      const copy = join(folder, `${name.replace(/\W/g, '_')}.json`);
      writeFileSync(copy, JSON.stringify(reorder(data), null, 1));
      const report = await diffDescriptions(file, copy);
      expect(
        report.findings.filter((f) => f.ruleId.startsWith('diff-')).map((f) => `${f.ruleId} ${f.pointer}`),
      ).toEqual([]);
    },
  );
});
it.skipIf(Boolean(CORPUS))(
  'SKIPPED: diff corpus tests need shared/corpus (set VOTTUR_CORPUS or place it above the repository)',
  () => {},
);
