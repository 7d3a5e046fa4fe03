import { describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/index.js';
import { referenceDescriptionPath } from '../../src/reference/description.js';

describe("the reference description under vottur's own ruleset", () => {
  it('has no error and no warning', async () => {
    const { findings } = await lintDocument(referenceDescriptionPath());
    const serious = findings.filter((finding) => finding.severity === 'error' || finding.severity === 'warn');
    expect(
      serious.map((finding) => `${finding.severity} ${finding.ruleId} ${finding.pointer}: ${finding.message}`),
    ).toEqual([]);
  });

  it('has no info or hint either', async () => {
    const { findings } = await lintDocument(referenceDescriptionPath());
    expect(
      findings.map((finding) => `${finding.severity} ${finding.ruleId} ${finding.pointer}: ${finding.message}`),
    ).toEqual([]);
  });
});
