/**
 * The CLI's on-disk compile cache (src/runtime/compile-cache.ts) changes how fast `vottur lint`
 * starts, never what it finds: a cold run
 * (writing the cache), warm runs (reading it), a run without it and the library write the same
 * report.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lintFiles } from '../../src/lint/files.js';
import { ROOT, vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-compile-cache-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('finds the same with a cold cache, a warm cache and none', { timeout: 120_000 }, async () => {
  const cache = join(dir, 'cache');
  const reports: unknown[] = [];
  const runs: Array<[string, NodeJS.ProcessEnv]> = [
    ['cold', { VOTTUR_COMPILE_CACHE_DIR: cache }],
    ['warm', { VOTTUR_COMPILE_CACHE_DIR: cache }],
    ['warm again', { VOTTUR_COMPILE_CACHE_DIR: cache }],
    ['none', { VOTTUR_NO_COMPILE_CACHE: '1' }],
  ];
  for (const [name, env] of runs) {
    const output = join(dir, `${name}.json`);
    const result = await vottur(
      ['lint', 'fixtures/rules/platform-openapi-valid/*.yaml', '--jobs', '1', '--format', 'json', '--output', output],
      { env },
    );
    expect(result.stderr, name).toMatch(/^(vottur: (passed|failed): [^\n]*\n)?$/); // every format to a file: the verdict line at most
    expect(result.code, name).toBe(1);
    const report = JSON.parse(readFileSync(output, 'utf8')) as { createdTimestamp?: string };
    delete report.createdTimestamp;
    reports.push(report);
    if (name === 'cold') {
      // Written at exit, one file per purpose (and installation).
      expect(existsSync(cache)).toBe(true);
      const [version] = readdirSync(cache);
      expect(readdirSync(join(cache, version))).toEqual([expect.stringMatching(/^cli-lint-[0-9a-f]{8}\.bin$/)]);
    }
  }
  for (const report of reports.slice(1)) expect(report).toEqual(reports[0]);
  // And the same as the library in this process, which does not cache code.
  const library = await lintFiles(['fixtures/rules/platform-openapi-valid/*.yaml'], { cwd: ROOT });
  expect(JSON.parse(JSON.stringify({ ...library, createdTimestamp: undefined, tool: undefined }))).toMatchObject({
    documents: (reports[0] as { documents: unknown[] }).documents,
    findings: (reports[0] as { findings: unknown[] }).findings,
  });
});

it(
  'is used by the next run, also after a run that collected garbage before a big report',
  { timeout: 120_000 },
  async () => {
    // 2,500 enum values that are not ALL_CAPS: a report of thousands of findings, which makes the
    // CLI collect garbage first (runtime/memory.ts, a V8 flag set for it and then unset).
    const values = Array.from({ length: 2500 }, (_, i) => `value${i}`);
    const description = {
      openapi: '3.0.3',
      info: { title: 'Big', version: '1.0.0' },
      paths: {},
      components: { schemas: { Thing: { type: 'string', enum: values } } },
    };
    const document = join(dir, 'big.json');
    writeFileSync(document, JSON.stringify(description));
    const cache = join(dir, 'cache-big');
    const cacheFile = () => {
      const [version] = readdirSync(cache);
      const [file] = readdirSync(join(cache, version));
      return readFileSync(join(cache, version, file));
    };
    const contents: Buffer[] = [];
    for (let run = 0; run < 3; run++) {
      const result = await vottur(['lint', document, '--format', 'json', '--output', join(dir, 'big-report.json')], {
        env: { VOTTUR_COMPILE_CACHE_DIR: cache },
      });
      expect(result.code).toBe(1);
      contents.push(cacheFile());
    }
    expect(JSON.parse(readFileSync(join(dir, 'big-report.json'), 'utf8')).findings.length).toBeGreaterThanOrEqual(2500);
    // Written by the first run, then read as it is: every module was found in it, nothing compiled again.
    expect(contents[1].equals(contents[0])).toBe(true);
    expect(contents[2].equals(contents[0])).toBe(true);
  },
);
