/**
 * Every rule id a configuration may name: the lint rules, the rules about suppressions, the
 * contract rules, the diff checks, the platform's versioning rules and the catalogue's rules. Loaded only to build or
 * check the configuration's schema (each list costs a module load).
 */
export async function allRuleIds(): Promise<string[]> {
  const [{ RULES }, { SUPPRESSION_RULES }, { CONTRACT_RULE_IDS }, { CHECKS, VERSION_RULES }, { CATALOGUE_RULES }] =
    await Promise.all([
      import('../../rulesets/rules/index.js'),
      import('../lint/suppress.js'),
      import('../contract/rules.js'),
      import('../diff/checks.js'),
      import('../catalogue/rules.js'),
    ]);
  return [
    ...new Set([
      ...RULES.map((rule) => rule.id),
      ...SUPPRESSION_RULES.map((rule) => rule.id),
      ...CONTRACT_RULE_IDS,
      ...CHECKS.map((check) => check.id),
      ...VERSION_RULES.map((rule) => rule.id),
      ...CATALOGUE_RULES.map((rule) => rule.id),
    ]),
  ].sort();
}
