/**
 * A baseline's `expires` is a day of the calendar, not only its shape (issue 34): `2027-02-30`
 * passed the YYYY-MM-DD check and, compared as text, held a finding back past every real day of
 * February. Now a run stops with one line naming the entry (exit 2), and a saved report's record
 * with such an expiry is refused under a policy (`baselineRefusal`). A property holds the check to
 * the calendar for every day of years 1900–2100.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { isCalendarDate } from '../../src/runtime/calendar.js';
import { baselineRefusal } from '../../src/policy/enforce.js';
import { gatePolicy } from '../../src/policy/index.js';
import { propertyRuns } from '../suites.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-expiry-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'api.yaml'),
  'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /v1/items:\n    get:\n      responses:\n        "200": {description: ok}\n',
);

describe("a baseline entry's expiry", () => {
  it('that is no day of the calendar stops the run with one line naming the entry', async () => {
    const written = await votturInProcess(['lint', 'api.yaml', '--update-baseline', '--baseline', 'base.json'], {
      cwd: dir,
    });
    expect(written.code, written.stderr).toBe(0);
    const baseline = JSON.parse(readFileSync(join(dir, 'base.json'), 'utf8')) as {
      entries: Array<{ rule: string; expires?: string }>;
    };
    const [first] = baseline.entries;
    if (!first) throw new Error('the baseline has no entry');
    first.expires = '2027-02-30';
    writeFileSync(join(dir, 'base.json'), JSON.stringify(baseline));
    const result = await votturInProcess(['lint', 'api.yaml', '--baseline', 'base.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(
      `entry 0 (${first.rule}) has expires "2027-02-30"; write a date of the calendar as YYYY-MM-DD`,
    );
    first.expires = '2028-02-29';
    writeFileSync(join(dir, 'base.json'), JSON.stringify(baseline));
    const leap = await votturInProcess(['lint', 'api.yaml', '--baseline', 'base.json'], { cwd: dir });
    expect(leap.code, leap.stderr).not.toBe(2);
  });

  it('in a saved record is refused under a policy that allows the rule', () => {
    const policy = { ...gatePolicy(), baselineRules: ['*'] };
    expect(baselineRefusal(policy, { rule: 'platform-x', expires: '2027-02-30' })).toBe(
      'its expiry (2027-02-30) is no day of the calendar',
    );
    expect(baselineRefusal(policy, { rule: 'platform-x', expires: '2027-02-28' })).toBeUndefined();
  });

  it('is a day exactly when the calendar has it (a property over 1900–2100)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
          expect(isCalendarDate(text), text).toBe(real);
        },
      ),
      { numRuns: propertyRuns(2000) },
    );
    for (const shape of ['2027-2-28', '2027-02-28T00:00:00Z', ' 2027-02-28', '２０２７-02-28'])
      expect(isCalendarDate(shape)).toBe(false);
  });
});
