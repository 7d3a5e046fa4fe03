/**
 * A baseline written before a reformatting matches every finding after it (issue 35): the keys
 * shuffled at every level, the text re-indented, YAML written as JSON and JSON as YAML. Property-
 * based (fast-check) over the descriptions of every rule's fixtures, which between them hold a
 * finding of every rule, including those reported once for several media types ("also as …"),
 * whose place follows the key order.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { applyBaseline, baselineFor, type BaselineFile } from '../../src/baseline/index.js';
import { lintFiles } from '../../src/lint/index.js';
import type { Report } from '../../src/report/finding.js';
import { reformat } from './reformat.js';
import { propertyRuns } from '../suites.js';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'fixtures/rules');

/** Every one-file fixture description that reads as plain data (a `$ref` to another file would not follow a renamed file). */
const SOURCES = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .map((name) => join(FIXTURES, name))
  .filter((file) => {
    const text = readFileSync(file, 'utf8');
    if (/\$ref['"]?\s*:\s*['"]?(?!#)[^'"\s]/.test(text)) return false;
    const document = parseDocument(text, { uniqueKeys: true });
    return document.errors.length === 0 && document.warnings.length === 0 && /^(openapi|swagger)\b/m.test(text);
  });

const dir = mkdtempSync(join(tmpdir(), 'vottur-reformat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASELINE = 'vottur-baseline.json';
const written = new Map<string, { baseline: BaselineFile; findings: number }>();

async function lintOne(folder: string, name: string): Promise<Report> {
  return lintFiles([name], { cwd: folder, jobs: 1 });
}

/** The baseline of the fixture as it is, written once per fixture. */
async function baselineOf(source: string): Promise<{ baseline: BaselineFile; findings: number }> {
  let found = written.get(source);
  if (!found) {
    const folder = mkdtempSync(join(dir, 'original-'));
    writeFileSync(join(folder, basename(source)), readFileSync(source, 'utf8'));
    const report = await lintOne(folder, basename(source));
    found = { baseline: baselineFor(report, BASELINE, undefined, { cwd: folder }), findings: report.findings.length };
    written.set(source, found);
  }
  return found;
}

describe('a baseline and a reformatted description', () => {
  it('has fixtures to reformat', () => {
    expect(SOURCES.length).toBeGreaterThan(200);
  });

  it('matches every finding after the keys are shuffled, the text re-indented and written as JSON or YAML', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SOURCES),
        fc.integer(),
        fc.boolean(),
        fc.integer({ min: 1, max: 8 }),
        async (source, seed, otherFormat, indent) => {
          const { baseline, findings } = await baselineOf(source);
          const ext = extname(source);
          const toJson = otherFormat ? ext !== '.json' : ext === '.json';
          const name = `${basename(source, ext)}${toJson ? '.json' : '.yaml'}`;
          const folder = mkdtempSync(join(dir, 'reformatted-'));
          writeFileSync(join(folder, name), reformat(readFileSync(source, 'utf8'), { seed, toJson, indent }));
          const report = applyBaseline(await lintOne(folder, name), baseline, BASELINE, { cwd: folder });
          rmSync(folder, { recursive: true, force: true });
          const fresh = report.findings.filter((finding) => finding.baselineState === 'new');
          expect(fresh.map((finding) => `${finding.ruleId} ${finding.pointer}`)).toEqual([]);
          expect(report.findings).toHaveLength(findings);
          expect(report.baseline?.absent).toEqual([]);
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  }, 300_000);
});
