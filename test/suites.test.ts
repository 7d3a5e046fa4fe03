/**
 * `npm run test:quick` leaves out exactly the browser, editor, corpus and external-tool suites
 * that test/suites.ts lists, each with its reason, and nothing else.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { configDefaults } from 'vitest/config';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.js';
import { LongestFirst, longestFirst } from './sequencer.js';
import { LEFT_OUT_OF_QUICK, LONGEST_FILES, QUICK_ENV, type SlowKind } from './suites.js';

const ROOT = join(import.meta.dirname, '..');
const files = (await glob(['test/**/*.test.ts'], { cwd: ROOT })).sort();
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The test files that do what each kind names, found by what they run. */
const DOES: Record<SlowKind, (file: string) => boolean> = {
  browser: (file) => file.endsWith('.browser.test.ts'),
  editor: (file) => file.startsWith('test/editors/') || /\bNVIM_PATH\b/.test(text(file)),
  // The suites whose every test lints the corpus (others only skip their corpus parts, test/corpus.ts).
  corpus: (file) => /\bcorpus\b/.test(file.replace(/^test\//, '')) || /^test\/lsp\/equivalence/.test(file),
  'external tool': (file) => /node_modules\/\.bin\/(spectral|redocly)|@redocly\/cli/.test(text(file)),
};

const resolved = (mode: string) => {
  const fn = config as unknown as (env: { mode: string; command: 'serve' | 'build' }) => {
    test: { exclude: string[]; env: Record<string, string>; maxWorkers: unknown; sequence: { sequencer: unknown } };
  };
  return fn({ mode, command: 'serve' }).test;
};

describe('npm run test:quick', () => {
  it('lists only existing test files, each with a kind and a reason', () => {
    for (const [file, { kind, why }] of Object.entries(LEFT_OUT_OF_QUICK)) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      expect(files, file).toContain(file);
      expect(Object.keys(DOES), file).toContain(kind);
      expect(why.length, file).toBeGreaterThan(10);
    }
  });

  it.each(Object.keys(DOES) as SlowKind[])('leaves out exactly the %s suites', (kind) => {
    const listed = Object.entries(LEFT_OUT_OF_QUICK)
      .filter(([, entry]) => entry.kind === kind)
      .map(([file]) => file)
      .sort();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual(files.filter(DOES[kind]));
  });

  it('is the same configuration with those files excluded and the partial suites told (QUICK)', () => {
    const quick = resolved('quick');
    const full = resolved('test');
    expect(full.exclude).toEqual(configDefaults.exclude);
    expect(quick.exclude).toEqual([...configDefaults.exclude, ...Object.keys(LEFT_OUT_OF_QUICK)]);
    expect(quick.env).toEqual({ [QUICK_ENV]: '1' });
    expect(full.env).toEqual({});
    // Both cores, in either mode.
    expect(quick.maxWorkers).toBe('100%');
    expect(full.maxWorkers).toBe('100%');
    const scripts = (JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:quick']).toBe('vitest run --mode quick');
    // npm test's Vitest (test:vitest, after the build) runs the full set: no --mode.
    expect(scripts['test:vitest']).toMatch(/&& vitest run$/);
  });
});

describe('the order test files start in without a record of the last run', () => {
  it('names existing test files, each with its seconds', () => {
    expect(Object.keys(LONGEST_FILES).length).toBeGreaterThan(5);
    for (const [file, seconds] of Object.entries(LONGEST_FILES)) {
      expect(files, file).toContain(file);
      expect(seconds, file).toBeGreaterThan(0);
    }
  });

  it('starts the listed files first, longest first, and keeps the order of the rest', () => {
    const [longest, second] = Object.entries(LONGEST_FILES).sort(([, a], [, b]) => b - a);
    const ordered = ['test/a.test.ts', second[0], 'test/b.test.ts', longest[0], 'test/c.test.ts'];
    expect(longestFirst(ordered, (file) => file)).toEqual([
      longest[0],
      second[0],
      'test/a.test.ts',
      'test/b.test.ts',
      'test/c.test.ts',
    ]);
  });

  it('is the sequencer of both modes', () => {
    expect(resolved('test').sequence.sequencer).toBe(LongestFirst);
    expect(resolved('quick').sequence.sequencer).toBe(LongestFirst);
  });
});
