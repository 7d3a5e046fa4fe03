/**
 * A person's kennitala is masked in every format, whatever field of the report holds it (issue 34,
 * o34r6 M02): a repository ruleset's rule id (`kt-0101302989`), its description and ruleset name,
 * and a finding's message, on findings in a description and on findings of a live run. Stylish
 * printed its rule-id column from the unmasked report while the other seven masked it; every
 * format now reads its text from one masked view (`visibleReport`).
 */
import { describe, expect, it } from 'vitest';
import type { Finding, Report, RuleMeta } from '../../src/report/finding.js';
import { FORMATTERS } from '../../src/report/formatters/index.js';
import { FORMAT_NAMES } from '../../src/report/formatters/names.js';
import type { FormatContext } from '../../src/report/formatters/types.js';
import { CWD, docsUrl, sampleReport } from './sample.js';

/** A person's kennitala (01.01.1930, valid check digit), as a rule id may write it. */
const IDS = ['kt-0101302989', 'kt-010130-2989-b', 'kt 010130 2989', 'regla_0101302989'];
/** The kennitala shown whole: its ten digits, with one separator or none (JSON may escape a space as none). */
const UNMASKED = /010130[\s\-–.]?2989|010130\\u00[0-9a-f]{2}2989/;

function reportWithIdsInRules(): Report {
  const report = sampleReport();
  const rules: RuleMeta[] = IDS.map((id, i) => ({
    id,
    severity: i % 2 === 0 ? 'error' : 'warn',
    category: 'naming',
    source: 'lint',
    description: `Rule ${id}: no field names a person like 0101302989.`,
    docsUrl: docsUrl(id),
    ruleset: `./house-${id}.yaml`,
  }));
  const findings: Finding[] = report.findings.map((finding, index) => {
    const id = IDS[index % IDS.length];
    return {
      ...finding,
      ruleId: id,
      ruleset: `./house-${id}.yaml`,
      docsUrl: docsUrl(id),
      message: `${id}: ${finding.message}`,
    };
  });
  return { ...report, rules: [...report.rules, ...rules], findings };
}

const contexts: Array<[string, Partial<FormatContext>]> = [
  ['every finding listed', {}],
  ['one listed, the rest counted by rule', { maxProblems: 1 }],
  ['errors only', { quiet: true }],
];

describe('a kennitala in a rule id, a rule name or a message is masked in every format (o34r6 M02)', () => {
  it.each(FORMAT_NAMES.flatMap((format) => contexts.map(([how, extra]) => [format, how, extra] as const)))(
    '%s (%s)',
    (format, _how, extra) => {
      const report = reportWithIdsInRules();
      const out = FORMATTERS[format](report, { cwd: CWD, color: false, showPii: false, ...extra });
      expect(out).toContain('010130');
      expect(out.match(UNMASKED)).toBeNull();
      // --show-pii shows them: the rule ids are in the report, and the test sees them when unmasked.
      const shown = FORMATTERS[format](report, { cwd: CWD, color: false, showPii: true, ...extra });
      expect(shown).toMatch(UNMASKED);
    },
  );
});
