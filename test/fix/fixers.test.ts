/**
 * Each fixer on documents written for it (fixtures/fix/<rule-id>/<name>.{yaml,json}): its fixes,
 * applied pass after pass, give exactly `<name>.fixed.<ext>` (so nothing outside the edited nodes
 * changes: comments, quoting, indentation, key order), remove every finding of the rule, add no
 * finding; each fix's class is the one expected and the one `vottur diff` gives on files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyFileEdits,
  computeFixes,
  fixableRules,
  conflicts,
  reload,
  textsOf,
  type Fix,
  type FixEffect,
  type TextEdit,
} from '../../src/fix/index.js';
import { loadDescription } from '../../src/lint/load.js';
import { applied, countByRule, diffClass, findingsOf } from './support.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'fix');

/** What each fixture's fixes do to callers (the classes of its fixes, in order of severity). */
const EXPECTED: Record<string, FixEffect[]> = {
  'platform-charset-utf8/latin1.yaml': ['review'],
  'platform-enum-value-upper-case/lower.yaml': ['breaking'],
  'platform-field-camel-case/snake.json': ['breaking'],
  'platform-query-param-camel-case/snake.yaml': ['review'],
  'platform-schema-pascal-case/snake.yaml': ['documentation'],
  'platform-version-match/major.yaml': ['documentation'],
  'platform-date-time-format/response.yaml': ['non-breaking'],
  'platform-date-time-format/request.json': ['breaking'],
  'platform-get-204/missing.json': ['review'],
  'platform-get-204/missing.yaml': ['review'],
  'platform-info-version-semver/date.json': ['documentation'],
  'platform-info-version-semver/v-prefix.yaml': ['documentation'],
  'platform-info-x-category/case.json': ['documentation'],
  'platform-info-x-category/variants.yaml': ['documentation'],
  'platform-info-x-links/underscore.json': ['documentation'],
  'platform-info-x-pricing/string.yaml': ['documentation'],
  'platform-national-id-format/pattern.yaml': ['non-breaking', 'review'],
  'platform-national-id-format/lengths.yaml': ['review', 'breaking'],
  'platform-national-id-name/rename.yaml': ['breaking'],
  'platform-parameters-required-first/order.json': ['documentation'],
  'platform-parameters-required-first/order.yaml': ['documentation'],
  'platform-problem-content-type/json.yaml': ['breaking'],
};

const cases = readdirSync(FIXTURES).flatMap((rule) =>
  readdirSync(join(FIXTURES, rule))
    .filter((name) => !name.includes('.fixed.'))
    .map((name) => ({ rule, name })),
);

describe('fixers on their fixtures', () => {
  it('every rule with a fixer has fixtures here', () => {
    expect([...new Set(cases.map(({ rule }) => rule))].sort()).toEqual(fixableRules());
  });

  it('every fixture has its expected class, and every expectation a fixture', () => {
    expect(cases.map(({ rule, name }) => `${rule}/${name}`).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(cases)(
    '$rule: $name',
    async ({ rule, name }) => {
      const file = join(FIXTURES, rule, name);
      const expected = readFileSync(join(FIXTURES, rule, name.replace(/\.(ya?ml|json)$/, '.fixed.$1')), 'utf8');
      let loaded = await loadDescription(file);
      const original = await findingsOf(loaded);
      expect(original.some((finding) => finding.ruleId === rule)).toBe(true);
      const seen: Fix[] = [];
      for (let pass = 0; pass < 5; pass++) {
        const before = await findingsOf(loaded);
        const fixes = (await computeFixes({ file, loaded, findings: before })).filter((fix) => fix.ruleId === rule);
        const chosen: TextEdit[] = [];
        for (const fix of fixes) {
          // Each fix alone: its class is what vottur diff says of the change.
          const after = await applied(loaded, fix);
          expect(fix.effect, `${fix.title}: ${fix.effectDetail?.join('; ')}`).toBe(
            await diffClass(name, loaded.files.get(loaded.rootUri)!.text, after.files.get(after.rootUri)!.text),
          );
          if (fix.edits.some((edit) => chosen.some((other) => edit.file === other.file && conflicts(edit, other))))
            continue;
          chosen.push(...fix.edits);
          seen.push(fix);
        }
        if (chosen.length === 0) break;
        loaded = await reload(loaded, applyFileEdits(textsOf(loaded), chosen));
      }
      expect(seen.length).toBeGreaterThan(0);
      const order: FixEffect[] = ['documentation', 'non-breaking', 'review', 'breaking'];
      expect(order.filter((effect) => seen.some((fix) => fix.effect === effect))).toEqual(EXPECTED[`${rule}/${name}`]);
      expect(loaded.files.get(loaded.rootUri)!.text).toBe(expected);
      const final = await findingsOf(loaded);
      expect(final.filter((finding) => finding.ruleId === rule)).toEqual([]);
      const was = countByRule(original);
      for (const [other, count] of countByRule(final)) expect(count, other).toBeLessThanOrEqual(was.get(other) ?? 0);
    },
    60_000,
  );
});

describe('platform-enum-value-upper-case fixes', () => {
  it('never writes a value that starts with a digit (tenth round: `15m`, `100 low`)', async () => {
    const file = join(FIXTURES, '..', 'rules', 'platform-enum-value-upper-case', 'fail-leading-digit.yaml');
    const loaded = await loadDescription(file);
    const findings = await findingsOf(loaded);
    expect(findings.filter((finding) => finding.ruleId === 'platform-enum-value-upper-case').length).toBe(4);
    const fixes = (await computeFixes({ file, loaded, findings })).filter(
      (fix) => fix.ruleId === 'platform-enum-value-upper-case',
    );
    expect(fixes.map((fix) => fix.title)).toEqual([]);
  });
});
