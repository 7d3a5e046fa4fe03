import type { RuleMeta } from '../report/finding.js';

/**
 * Findings kept of one rule in one document (issue 34, B10): a rule that matches everything
 * (`given: $..*` in a data-only ruleset) made 150,000 findings of a 200 KB description.
 */
export const MAX_FINDINGS_PER_RULE = 10_000;

/** The rule the bound on a rule's findings is reported under, as reports list rules. */
export const FINDINGS_LIMIT_META: RuleMeta = {
  id: 'vottur-findings-limit',
  severity: 'error',
  category: 'documentation',
  description: `A rule found more than ${MAX_FINDINGS_PER_RULE.toLocaleString('en')} problems in one document: the rest are counted, not reported. The finding takes the severity of the worst it stands for.`,
  docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits',
  source: 'lint',
};
