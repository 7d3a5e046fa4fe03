/**
 * The catalogue reformatted (issue 35): every description written the other way round (JSON as
 * YAML and YAML as JSON), re-indented, its keys shuffled at every level, then linted against the
 * baseline written before. Matched by the fingerprint of the place each finding is reported at
 * (the matching before issue 35) some findings "also as" several media types move with the key
 * order and count as new; matched as the baseline matches now, none does.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { applyBaseline, baselineFor } from '../../src/baseline/index.js';
import { lintFiles } from '../../src/lint/index.js';
import type { Finding, Report } from '../../src/report/finding.js';
import { fingerprint } from '../../src/report/fingerprint.js';
import { decodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { reformat } from './reformat.js';

const BASELINE = 'vottur-baseline.json';
const SEEDS = [1, 2, 3];

/** The path of a pointer in `data`, array positions as numbers (as the rules report them). */
function pathOf(data: unknown, pointer: string): Array<string | number> {
  let node = data;
  return decodePointer(pointer).map((segment) => {
    const key = Array.isArray(node) ? Number(segment) : segment;
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    return key;
  });
}

/** Each finding's fingerprint at the place it is reported, as the baseline matched before issue 35. */
function placeFingerprints(report: Report, data: ReadonlyMap<string, unknown>): Map<string, string[]> {
  const byDocument = new Map<string, string[]>();
  for (const finding of report.findings) {
    const name = basename(finding.document, extname(finding.document));
    const place = fingerprint(finding.ruleId, data.get(name), pathOf(data.get(name), finding.pointer));
    byDocument.set(name, [...(byDocument.get(name) ?? []), place]);
  }
  return byDocument;
}

/** How many of `after`'s fingerprints `before` does not hold (as a multiset), by document. */
function unmatched(before: Map<string, string[]>, after: Map<string, string[]>): Map<string, number> {
  const left = new Map<string, number>();
  for (const [document, prints] of after) {
    const pool = [...(before.get(document) ?? [])];
    for (const print of prints) {
      const at = pool.indexOf(print);
      if (at >= 0) pool.splice(at, 1);
      else left.set(document, (left.get(document) ?? 0) + 1);
    }
  }
  return left;
}

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

describe.skipIf(!CORPUS_DIR)(corpusTitle('the catalogue reformatted against its baseline'), () => {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-reformat-catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('matches every finding, where matching by the reported place alone missed some', async () => {
    const original = join(dir, 'original');
    cpSync(join(CORPUS_DIR!, 'catalogue'), original, { recursive: true, filter: (src) => !src.endsWith('.md') });
    const names = readdirSync(original).filter((name) => /\.(json|ya?ml)$/.test(name));
    const before = await lintFiles(names, { cwd: original, jobs: 1 });
    const baseline = baselineFor(before, BASELINE, undefined, { cwd: original });
    const data = new Map(
      names.map((name) => [
        basename(name, extname(name)),
        parse(readFileSync(join(original, name), 'utf8')) as unknown,
      ]),
    );
    const beforePrints = placeFingerprints(before, data);
    const figures: string[] = [];
    let missedByPlace = 0;
    for (const seed of SEEDS) {
      const folder = join(dir, `seed-${seed}`);
      cpSync(original, folder, { recursive: true });
      const renamed: string[] = [];
      const reformatted = new Map<string, unknown>();
      for (const name of names) {
        const ext = extname(name);
        const toJson = ext !== '.json';
        const text = reformat(readFileSync(join(original, name), 'utf8'), { seed, toJson, indent: 1 + (seed % 4) });
        rmSync(join(folder, name));
        const other = `${basename(name, ext)}${toJson ? '.json' : '.yaml'}`;
        writeFileSync(join(folder, other), text);
        renamed.push(other);
        reformatted.set(basename(name, ext), parse(text) as unknown);
      }
      const after = await lintFiles(renamed, { cwd: folder, jobs: 1 });
      expect(after.findings).toHaveLength(before.findings.length);
      const byPlace = unmatched(beforePrints, placeFingerprints(after, reformatted));
      missedByPlace += sum(byPlace);
      const applied = applyBaseline(after, baseline, BASELINE, { cwd: folder });
      const fresh = applied.findings.filter((finding: Finding) => finding.baselineState === 'new');
      figures.push(
        `seed ${seed}: by the reported place ${sum(byPlace)} findings of ${byPlace.size} descriptions new; as matched now ${fresh.length}`,
      );
      expect(fresh.map((finding) => `${finding.document} ${finding.ruleId} ${finding.pointer}`)).toEqual([]);
      expect(applied.baseline?.absent).toEqual([]);
    }
    // The reformatting moved some grouped finding in some seed, or this test would show nothing.
    expect(missedByPlace, figures.join('\n')).toBeGreaterThan(0);
    console.info(
      `${before.findings.length} findings of ${names.length} catalogue descriptions reformatted:\n${figures.join('\n')}`,
    );
  }, 300_000);

  reportMissingCorpus();
});
