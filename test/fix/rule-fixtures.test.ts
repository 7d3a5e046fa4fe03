/**
 * Every fix computed for the rules' own failing fixtures (fixtures/rules/<rule>/fail*), applied
 * alone: it removes its finding, adds no finding of any rule, and the class it says it has is the
 * class `vottur diff` (on files) gives the change. (That each fixer fixes something is
 * fixers.test.ts's: some rules' fixtures hold only findings a fix cannot be computed for.)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeFixes, fixableRules } from '../../src/fix/index.js';
import { loadDescription } from '../../src/lint/load.js';
import { applied, countByRule, diffClass, findingsOf } from './support.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'rules');

describe.each(fixableRules())('fixes of %s on its failing fixtures', (ruleId) => {
  const files = readdirSync(join(FIXTURES, ruleId)).filter((name) => /^fail.*\.(ya?ml|json)$/.test(name));
  it.each(files)(
    '%s',
    async (name) => {
      const file = join(FIXTURES, ruleId, name);
      const loaded = await loadDescription(file);
      const before = await findingsOf(loaded);
      const fixes = (await computeFixes({ file, loaded, findings: before })).filter((fix) => fix.ruleId === ruleId);
      for (const fix of fixes) {
        const after = await applied(loaded, fix);
        const afterFindings = await findingsOf(after);
        expect(
          afterFindings.some((finding) => finding.ruleId === ruleId && finding.fingerprint === fix.finding.fingerprint),
          `${fix.title} leaves its finding`,
        ).toBe(false);
        const was = countByRule(before);
        for (const [rule, count] of countByRule(afterFindings))
          expect(count, `${fix.title}: findings of ${rule}`).toBeLessThanOrEqual(
            (was.get(rule) ?? 0) - (rule === ruleId ? 1 : 0),
          );
        const text = (l: typeof loaded) => l.files.get(l.rootUri)!.text;
        expect(fix.effect, `${fix.title}: ${fix.effectDetail?.join('; ')}`).toBe(
          await diffClass(name, text(loaded), text(after)),
        );
      }
    },
    60_000,
  );
});
