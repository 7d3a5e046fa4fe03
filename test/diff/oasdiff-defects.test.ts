/**
 * Pairs where vottur and oasdiff once disagreed through a defect of vottur's
 * (fixtures/diff/oasdiff-defects/<pair>/, written for vottur): each gives exactly the findings in
 * its expected.json (rule, severity, pointer, class).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDescriptions } from '../../src/diff/index.js';

const FOLDER = join(import.meta.dirname, '../../fixtures/diff/oasdiff-defects');

interface Row {
  ruleId: string;
  severity: string;
  pointer: string;
  changeClass?: string;
}
const order = (a: Row, b: Row) => (a.ruleId + a.pointer < b.ruleId + b.pointer ? -1 : 1);

describe('pairs of former disagreements with oasdiff', () => {
  it.each(readdirSync(FOLDER).sort())('%s gives exactly the expected findings', async (pair) => {
    const report = await diffDescriptions(join(FOLDER, pair, 'base.yaml'), join(FOLDER, pair, 'revision.yaml'));
    const got: Row[] = report.findings
      .filter((f) => f.ruleId.startsWith('diff-'))
      .map((f) => ({
        ruleId: f.ruleId,
        severity: f.severity,
        pointer: f.pointer,
        ...(f.changeClass ? { changeClass: f.changeClass } : {}),
      }))
      .sort(order);
    expect(got).toEqual(JSON.parse(readFileSync(join(FOLDER, pair, 'expected.json'), 'utf8')));
    // A message never says a thing moved or changed from a value to the same value.
    for (const finding of report.findings) expect(finding.message).not.toMatch(/\bfrom (.+?) to \1\b/);
  });
});
