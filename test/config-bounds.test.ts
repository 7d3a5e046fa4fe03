/**
 * The repository's contract knobs are bounded (issue 34, Why 17): `rate: 0.000001` made a run
 * that never ends; now a value outside the documented bounds is refused in one line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';

const work = mkdtempSync(join(tmpdir(), 'vottur-config-bounds-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('contract knobs in vottur.config.yaml are bounded', () => {
  for (const [key, value] of [
    ['rate', 0.000001],
    ['rate', 100000],
    ['timeout', 86_400_000],
    ['maxResponseTime', 86_400_000],
    ['concurrency', 100000],
  ] as const) {
    it(`refuses contract.${key}: ${value} in one line naming the key`, async () => {
      const file = join(work, `${key}-${value}.yaml`);
      writeFileSync(file, `contract:\n  ${key}: ${value}\n`);
      const error: unknown = await readConfig(file, work, work).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(key);
      expect((error as Error).message.split('\n')).toHaveLength(1);
    });
  }

  it('accepts values within the bounds', async () => {
    const file = join(work, 'within.yaml');
    writeFileSync(file, 'contract:\n  rate: 5\n  timeout: 10000\n  maxResponseTime: 2000\n  concurrency: 4\n');
    await expect(readConfig(file, work, work)).resolves.toBeDefined();
  });
});
