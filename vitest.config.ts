import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.js';
import { LEFT_OUT_OF_QUICK, QUICK_ENV } from './test/suites.js';

// `vitest run --mode quick` (npm run test:quick): everything but the browser, editor, corpus and
// external-tool suites, listed with their reasons in test/suites.ts.
export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: mode === 'quick' ? [...configDefaults.exclude, ...Object.keys(LEFT_OUT_OF_QUICK)] : configDefaults.exclude,
    env: mode === 'quick' ? { [QUICK_ENV]: '1' } : {},
    // VOTTUR_TEST_CPU=<file>: each test file appends the CPU seconds it cost (test/cpu-time.ts).
    setupFiles: process.env.VOTTUR_TEST_CPU ? ['test/cpu-time.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Servers, browsers and the Spectral CLI run in child processes. One test file per core (Vitest's
    // default is one fewer than the cores: one file at a time on a 2-core machine).
    pool: 'forks',
    maxWorkers: '100%',
    // Each worker keeps its module cache from one test file to the next: src/ and its libraries
    // (Spectral, ajv, the rulesets) are evaluated once per worker, not once per file (a third of
    // the CPU time of the CLI, policy, configuration and report suites). Test files restore what
    // they change (environment variables in finally, servers and folders after each test); a shared
    // helper's top level runs for the first file only, so helpers register clean-ups per test
    // (onTestFinished), and spies are restored after each test.
    isolate: false,
    restoreMocks: true,
    // The longest files start first also where Vitest has no record of the last run (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
}));
