/**
 * The one catalogue of every rule vottur has: the lint rules of the platform ruleset, the rules of
 * the run itself (suppressions, unreadable documents), the operator policy's rules, the contract
 * rules (their probes and answer checks report under them), the catalogue's rules, the diff checks
 * and the platform's versioning rules; each with its id, severity, category, documentation link and
 * where it comes from. `vottur rules`, the configuration's schema (`npm run config:schema`) and the
 * language server's completion of rule ids read it; test/registry.test.ts holds them in agreement.
 * Loaded only where the whole list is needed (each part costs a module load).
 */
import type { RuleMeta } from '../report/finding.js';

/** What a rule belongs to, in the order `vottur rules` lists them. */
export type RuleKind = 'lint' | 'suppression' | 'unreadable' | 'policy' | 'contract' | 'catalogue' | 'diff';

export interface CatalogueRule extends RuleMeta {
  kind: RuleKind;
  /**
   * A configuration may set its level: every rule but the policy's (the operator's, which the
   * repository under check may not level) and `vottur-unreadable` (a document that cannot be read
   * is never a passing one).
   */
  configurable: boolean;
}

/** Every rule, in the order `vottur rules` lists them: by kind, then by id. */
export async function ruleCatalogue(): Promise<CatalogueRule[]> {
  const [
    linter,
    { SUPPRESSION_RULES },
    { UNREADABLE_META },
    { RUN_LIMIT_RULES, isRunOwnRule },
    { POLICY_RULES },
    { contractRules },
    { CATALOGUE_RULES },
    { diffRules },
  ] = await Promise.all([
    import('../lint/lint.js').then((lint) => lint.platformRulesetLinter()),
    import('../lint/suppress.js'),
    import('../lint/files.js'),
    import('../lint/limits.js'),
    import('../policy/index.js'),
    import('../contract/rules.js'),
    import('../catalogue/rules.js'),
    import('../diff/checks.js'),
  ]);
  const byId = (a: RuleMeta, b: RuleMeta) => a.id.localeCompare(b.id);
  // Not configurable: the operator's policy rules, and the run's own statements that it could not
  // judge (`RUN_OWN_RULE_IDS`, the same list the baseline and suppressions never hold back).
  const part = (kind: RuleKind, rules: readonly RuleMeta[]): CatalogueRule[] =>
    [...rules].sort(byId).map((rule) => ({ ...rule, kind, configurable: kind !== 'policy' && !isRunOwnRule(rule.id) }));
  return [
    ...part('lint', linter.rules),
    ...part('suppression', SUPPRESSION_RULES),
    // The run's own, which no configuration may turn off: a document not read, findings past the bound, a rule that failed, a walk's bound.
    ...part('unreadable', [UNREADABLE_META, ...RUN_LIMIT_RULES]),
    ...part('policy', POLICY_RULES),
    ...part('contract', contractRules()),
    ...part('catalogue', CATALOGUE_RULES),
    ...part('diff', diffRules()),
  ];
}

/** Every rule id a configuration may name (its schema's list), sorted. */
export async function allRuleIds(): Promise<string[]> {
  return (await ruleCatalogue())
    .filter((rule) => rule.configurable)
    .map((rule) => rule.id)
    .sort();
}

/** The catalogue's entries as reports list rules (without the catalogue's own fields). */
export function asRuleMeta(rules: readonly CatalogueRule[]): RuleMeta[] {
  return rules.map(({ kind: _kind, configurable: _configurable, ...meta }) => meta);
}

/** The rules an in-document suppression (`x-vottur-ignore`) may name: the lint rules and the suppressions' own. */
export async function suppressibleRules(): Promise<RuleMeta[]> {
  return asRuleMeta((await ruleCatalogue()).filter((rule) => rule.kind === 'lint' || rule.kind === 'suppression'));
}
