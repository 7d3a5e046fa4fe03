import { READ_LIMIT_RULE, UNREADABLE_RULE, type RuleMeta, type Severity } from '../report/finding.js';

/**
 * Findings kept of one rule in one document (issue 34, B10): a rule that matches everything
 * (`given: $..*` in a data-only ruleset) made 150,000 findings of a 200 KB description.
 */
export const MAX_FINDINGS_PER_RULE = 10_000;

/**
 * Findings kept of all rules together in one document: a ruleset of 499 rules each matching
 * everything kept 10,000 findings of each (1.6 GB for 100 such rules; 4 GB for 499 before the
 * bound was applied inside Spectral). Past it, each rule's rest is counted in its limit finding.
 */
export const MAX_FINDINGS_PER_DOCUMENT = 100_000;

/**
 * Fingerprints a finding that stands for several places keeps besides its own (issue 34, B12):
 * its identity is the least of the whole group's, computed once per group; these few more only
 * match baselines written by earlier versions.
 */
export const MAX_ALSO_FINGERPRINTS = 16;

/** The rule the bound on a rule's findings is reported under, as reports list rules. */
export const FINDINGS_LIMIT_META: RuleMeta = {
  id: 'vottur-findings-limit',
  severity: 'error',
  category: 'documentation',
  description: `A rule found more than ${MAX_FINDINGS_PER_RULE.toLocaleString('en')} problems in one document: the rest are counted, not reported. The finding takes the severity of the worst it stands for.`,
  docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits',
  source: 'lint',
};

/**
 * The rule a rule's own failure is reported under (issue 34, B14): a check that throws on a
 * document (a 2,000-long `$ref` chain overflowed the stack of a walk) is one error finding for that
 * rule, and the other rules' findings stand. What the failed rule would have found is unknown, so
 * the document never passes; before, the whole run ended in "unexpected failure" (exit 2) and the
 * language server published no diagnostics at all.
 */
export const RULE_FAILED_META: RuleMeta = {
  id: 'vottur-rule-failed',
  severity: 'error',
  category: 'documentation',
  description:
    "A rule could not check the document (vottur's defect, to be reported): what it would have found is unknown, so the document does not pass; the other rules' findings stand.",
  docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits',
  source: 'lint',
};

/**
 * The rule a shared walk's bound is reported under (issue 34, "no silent limits"): a `$ref` chain
 * past 64 hops, `allOf` nested past 64, an example deeper than the walk reads. What lies beyond was
 * not checked, so the document never passes unseen: before, a violation under a 65-long chain
 * passed `lint --gate`. One finding per place (rulesets/lib/openapi/limits.ts).
 */
export const WALK_LIMIT_META: RuleMeta = {
  id: 'vottur-walk-limit',
  severity: 'error',
  category: 'documentation',
  description:
    "A walk over the description's schemas stopped at one of vottur's bounds ($ref chains, allOf nesting, example depth): what lies beyond was not checked, so the document does not pass.",
  docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits',
  source: 'lint',
};

/**
 * The work Spectral may do on one document for a repository's rulesets under a policy (o34r6 R05):
 * each `then` entry of the repository's own rules (not a built-in ruleset's) run where its rule's
 * `given` matches counts one, and each call of its function (once per place its `field` matches)
 * one more, ten when the `field` scans deep (`$..*`, ~10 times the work). A ruleset within every
 * bound of the strict reader (src/policy/ruleset.ts) still scales with the document; past this
 * budget the run is cut off, after some seconds of Spectral's work, and says so in a
 * `vottur-ruleset-limit` error. A house ruleset of four rules (`$..properties[*]`, `$.paths[*][*]`,
 * `$..description`) used 1.5 million on Stripe's 4 MB description, 0.7 million on Cloudflare's.
 */
export const MAX_RULESET_WORK = 5_000_000;

/**
 * Seconds the `then` entries of a repository's rules may take on one document under a policy
 * (their `field` walked, their function called), whatever the work counted: a backstop for work no
 * count sees (a function slow on a large value, a `field` that walks a large subtree and matches
 * nothing). A built-in ruleset's rules are not timed: their work is fixed by vottur's installation
 * (`spectral:oas` takes a minute on Cloudflare's 4 MB description).
 */
export const MAX_RULESET_SECONDS = 15;

/** The rule the budget on a repository's rulesets is reported under: never silence, never minutes. */
export const RULESET_LIMIT_META: RuleMeta = {
  id: 'vottur-ruleset-limit',
  severity: 'error',
  category: 'documentation',
  description: `The repository's rulesets used the work budget of one document under a policy (${MAX_RULESET_WORK.toLocaleString('en')} checks, or ${MAX_RULESET_SECONDS} s): the run was cut off, what the rest would have found is unknown, so the document does not pass.`,
  docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits',
  source: 'lint',
};

/**
 * The rule a description that reached one of the bounds on reading it is reported under (issue 34):
 * YAML aliases expanding past 100,000 values or 10 million characters, nesting past the depth read,
 * a file over 64 MB. Before, the run ended in one line and exit 2 ("could not run") for a document
 * the repository wrote; now it is a finding on that document, no one can hold it back, and the
 * document does not pass. The operator's own inputs (configuration, policy, baseline) past a bound
 * still end the run with exit 2.
 */
export const READ_LIMIT_META: RuleMeta = {
  id: READ_LIMIT_RULE,
  severity: 'error',
  category: 'documentation',
  description:
    "A description reached one of vottur's bounds on reading it (YAML aliases expanding too far, nesting too deep, a file too large): it was not checked, so it does not pass.",
  docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits',
  source: 'lint',
};

/** The run's own rules about its bounds, which no configuration turns off. */
export const RUN_LIMIT_RULES: readonly RuleMeta[] = [
  FINDINGS_LIMIT_META,
  RULE_FAILED_META,
  WALK_LIMIT_META,
  RULESET_LIMIT_META,
  READ_LIMIT_META,
];

/**
 * The other checks' statements that they could not judge: a live answer nested past the depth the
 * contract tests check, an input a generator could not make, a comparison stopped at a bound, a
 * bound of a harvest. Their checks own them (src/contract/rules.ts, src/diff/checks/,
 * src/catalogue/rules.ts; a test holds the severities equal); listed here, by id and the severity a
 * saved report cannot lower, because no hold may hide one either (attack o34r10 B2: a baseline
 * written under the gate held back `contract-limit-reached`, and deep answers were never checked
 * again). `varies`: the check may report it as a warning, so a saved one keeps its level unless a
 * policy is in force.
 */
export const CHECK_LIMIT_RULES: ReadonlyArray<{ id: string; severity: Severity; varies?: true }> = [
  { id: 'contract-limit-reached', severity: 'error' },
  { id: 'contract-generation-limit', severity: 'error', varies: true },
  // A pattern no value of at most 10,000 characters was sampled from: the same bound (o34r11 A5a).
  { id: 'contract-pattern-unsampled', severity: 'error' },
  { id: 'diff-schema-limit-reached', severity: 'error' },
  { id: 'diff-ref-limit-reached', severity: 'error' },
  { id: 'catalogue-limit-reached', severity: 'error' },
  // The run-wide budget of test/check spent (o34r12 B12): what was not sent is unknown.
  { id: 'contract-run-budget', severity: 'error' },
  // An operation no request reached (o34r12 B3): an error under a policy, a warning without one.
  { id: 'contract-operation-untested', severity: 'error', varies: true },
];

/**
 * The run's own statements that it could not judge (a document not read, a bound reached, a rule
 * that failed): the one list of the rules nothing holds back, with or without a policy. No
 * configuration levels them (the rule catalogue's `configurable: false`, src/run/rule-catalogue.ts),
 * no baseline entry (src/baseline/index.ts), `x-vottur-ignore` (src/lint/suppress.ts), acceptance
 * or saved record (src/policy/enforce.ts) holds one back: what lay beyond the bound is unknown, and
 * a hold of the statement would hide it and every later change there (attack o34r7 L02).
 */
export const RUN_OWN_RULE_IDS: ReadonlySet<string> = new Set([
  UNREADABLE_RULE,
  ...RUN_LIMIT_RULES.map((rule) => rule.id),
  ...CHECK_LIMIT_RULES.map((rule) => rule.id),
]);

/** Whether a rule is one of the run's own statements that it could not judge (`RUN_OWN_RULE_IDS`). */
export function isRunOwnRule(ruleId: string): boolean {
  return RUN_OWN_RULE_IDS.has(ruleId);
}
