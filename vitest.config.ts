import { configDefaults, defineConfig } from 'vitest/config';
import { LEFT_OUT_OF_QUICK, QUICK_ENV } from './test/suites.js';

// `vitest run --mode quick` (npm run test:quick): everything but the browser, editor, corpus and
// external-tool suites, listed with their reasons in test/suites.ts.
export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: mode === 'quick' ? [...configDefaults.exclude, ...Object.keys(LEFT_OUT_OF_QUICK)] : configDefaults.exclude,
    env: mode === 'quick' ? { [QUICK_ENV]: '1' } : {},
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Servers, browsers and the Spectral CLI run in child processes. One test file per core (Vitest's
    // default is one fewer than the cores: one file at a time on a 2-core machine).
    pool: 'forks',
    maxWorkers: '100%',
  },
}));
