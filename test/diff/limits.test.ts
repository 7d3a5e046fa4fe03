/**
 * The diff's bounds are findings, never silence (issue 34, Why 9): a type change buried under
 * `allOf` wrappers or behind a chain of `$ref`s is either compared (within the bounds, far beyond
 * real descriptions) or reported as `diff-schema-limit-reached`, which fails the run, gated or not.
 * Runs the built command.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { votturInProcess } from '../cli/run.js';
import { miniBase, type Doc } from './cases.js';

const work = mkdtempSync(join(tmpdir(), 'vottur-diff-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The pair with `locale` under `wrappers` one-element allOf wrappers, its type changed in the revision. */
function wrapped(name: string, wrappers: number): string[] {
  const sides = ['string', 'integer'].map((type) => {
    const doc = miniBase();
    let locale: Doc = { type, enum: ['en', 'is'] };
    for (let i = 0; i < wrappers; i++) locale = { allOf: [locale] };
    doc.components.schemas.UserProfile.properties.locale = locale;
    return doc;
  });
  return write(name, sides);
}

/** The pair with `locale` reached through a chain of `hops` `$ref`s, its type changed in the revision. */
function chained(name: string, hops: number): string[] {
  const sides = ['string', 'integer'].map((type) => {
    const doc = miniBase();
    doc.components.schemas.UserProfile.properties.locale = { $ref: '#/components/schemas/L0' };
    for (let i = 0; i < hops - 1; i++) doc.components.schemas[`L${i}`] = { $ref: `#/components/schemas/L${i + 1}` };
    doc.components.schemas[`L${hops - 1}`] = { type, enum: ['en', 'is'] };
    return doc;
  });
  return write(name, sides);
}

function write(name: string, [base, revision]: Doc[]): string[] {
  const files = [join(work, `${name}-base.yaml`), join(work, `${name}-revision.yaml`)];
  writeFileSync(files[0], stringify(base, { lineWidth: 0 }));
  writeFileSync(files[1], stringify(revision, { lineWidth: 0 }));
  return files;
}

describe('vottur diff: no silent limits', () => {
  it('compares a type change under 26 allOf wrappers (once silently dropped at depth 24)', async () => {
    const result = await votturInProcess(['diff', '--gate', '--no-config', ...wrapped('allof26', 26)]);
    expect(result.stdout).toContain('diff-response-body-type-changed');
    expect(result.stdout).not.toContain('0 changes');
    expect(result.code).toBe(1);
  });

  it('compares a type change behind a chain of 40 $refs', async () => {
    const result = await votturInProcess(['diff', '--gate', '--no-config', ...chained('ref40', 40)]);
    expect(result.stdout).toContain('diff-response-body-type-changed');
    expect(result.code).toBe(1);
  });

  for (const [what, files] of [
    ['100 allOf wrappers', () => wrapped('allof100', 100)],
    ['a chain of 100 $refs', () => chained('ref100', 100)],
  ] as const) {
    it(`reports the limit reached under ${what}, as an error that fails the run, gated or not`, async () => {
      const pair = files();
      for (const gate of [['--gate', '--no-config'], []]) {
        const result = await votturInProcess(['diff', ...gate, '-f', 'json', ...pair]);
        const report = JSON.parse(result.stdout) as {
          findings: { ruleId: string; severity: string; message: string }[];
        };
        const limit = report.findings.find((finding) => finding.ruleId === 'diff-schema-limit-reached');
        expect(limit?.severity).toBe('error');
        expect(limit?.message).toMatch(/not compared beyond/);
        expect(result.code).toBe(1);
      }
    });
  }
});
