/**
 * What `npm run test:quick` (vitest run --mode quick) leaves out, in one place: the suites that
 * drive a browser or an editor, lint the shared corpus, or run an external tool. `npm test` runs
 * everything. test/suites.test.ts holds this list to exactly the files that do those things.
 *
 * Whole files are listed below. Files that only partly need the corpus, a browser, the SARIF
 * validator or Docker run in the quick set with those parts skipped, visibly (their titles say
 * "SKIPPED: npm run test:quick …"): test/corpus.ts, test/browser.ts,
 * test/report/sarif-validator.ts, test/ci/integrations.test.ts's image build and
 * test/config/vocabulary-extends.test.ts's comparison with the stock Spectral CLI read QUICK.
 */

/** The kinds of suite the quick run leaves out. */
export type SlowKind = 'browser' | 'editor' | 'corpus' | 'external tool';

/** Every test file the quick run leaves out whole: its kind and why. */
export const LEFT_OUT_OF_QUICK: Record<string, { kind: SlowKind; why: string }> = {
  'test/report/html.browser.test.ts': { kind: 'browser', why: 'drives the HTML report in Chromium' },
  'test/report/html-diff.browser.test.ts': { kind: 'browser', why: 'drives the diff HTML report in Chromium' },
  'test/catalogue/dashboard.browser.test.ts': { kind: 'browser', why: 'drives the catalogue dashboard in Chromium' },
  'test/lsp/neovim.test.ts': { kind: 'editor', why: 'runs the language server under Neovim' },
  'test/editors/vscode.test.ts': { kind: 'editor', why: 'bundles the VS Code extension and packs it with vsce' },
  'test/lsp/equivalence.test.ts': {
    kind: 'corpus',
    why: 'lints every fixture and corpus description through the CLI and the language server (and the corpus smoke checks)',
  },
  'test/lsp/equivalence-edits.test.ts': { kind: 'corpus', why: 'edits a corpus description in the language server' },
  'test/diff/corpus.test.ts': {
    kind: 'corpus',
    why: 'compares every catalogue and real corpus description with itself, reordered',
  },
  'test/fix/corpus.test.ts': { kind: 'corpus', why: 'runs vottur lint --fix over the catalogue corpus' },
  'test/rulesets/spectral-cli.test.ts': {
    kind: 'external tool',
    why: 'runs the stock Spectral CLI on every rule fixture',
  },
};

/** The environment variable the quick run sets (vitest.config.ts), for the partly skipped suites. */
export const QUICK_ENV = 'VOTTUR_TEST_QUICK';

/** True in `npm run test:quick`. */
export const QUICK = process.env[QUICK_ENV] === '1';

/** A title's suffix naming why a part is skipped in the quick run. */
export const QUICK_SKIP_REASON = '(SKIPPED: npm run test:quick leaves it out; npm test runs it)';

/**
 * The number of runs of an expensive property test: all of them in `npm test`, a fifth (at least
 * 10) in `npm run test:quick`, where the everyday loop wants an answer in a minute. A seeded
 * property runs the first runs of the same sequence; `npm test` keeps every run.
 */
export function propertyRuns(full: number): number {
  return QUICK ? Math.max(10, Math.ceil(full / 5)) : full;
}

/**
 * The longest test files, with the seconds of CPU each took in one measured `npm test` (its own
 * and its child processes', VOTTUR_TEST_CPU, test/cpu-time.ts): without Vitest's record of the last
 * run (a fresh clone, CI) these start first, longest first (test/sequencer.ts), so that no long
 * file starts last while the other core has nothing left to run. An estimate that is out of date
 * costs only order; test/suites.test.ts holds the list to existing files.
 */
export const LONGEST_FILES: Record<string, number> = {
  'test/lsp/equivalence.test.ts': 69.5,
  'test/lint/engine.test.ts': 24.1,
  'test/contract/reference-faults-1.test.ts': 19.7,
  'test/config/vocabulary-extends.test.ts': 19.4,
  'test/catalogue/dashboard.browser.test.ts': 16.0,
  'test/lint/incremental.test.ts': 15.1,
  'test/rulesets/spectral-cli.test.ts': 13.9,
  'test/contract/reference-faults-2.test.ts': 13.9,
  'test/lint/example-interpreter.test.ts': 13.6,
  'test/docs/first-hour.test.ts': 13.1,
  'test/lint/bundle.test.ts': 10.8,
  'test/contract/token-renewal.test.ts': 10.3,
  'test/lint/pool.test.ts': 9.5,
  'test/contract/cli.test.ts': 8.6,
  'test/contract/reference.test.ts': 8.3,
  'test/contract/verified-values.test.ts': 8.0,
};
