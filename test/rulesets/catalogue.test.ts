/**
 * The rule catalogue is complete and consistent: every rule the platform document asks for
 * exists with the severity and category the catalogue gives, is registered, documented, and has
 * fixtures; the generated index and the docs table are up to date.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules, rulesMarkdown } from '../../src/cli/commands/rules.js';
import { RULES } from '../../rulesets/rules/index.js';
import ruleset from '../../rulesets/vottur.js';
import { describeSource, docsUrl, type RuleDefinition } from '../../rulesets/lib/rule.js';
import { createLinter } from '../../src/lint/lint.js';

const ROOT = join(import.meta.dirname, '../..');

// The catalogue of issue #2: id → [severity, category].
const CATALOGUE: Record<string, [RuleDefinition['severity'], RuleDefinition['category']]> = {
  'platform-openapi-3': ['error', 'documentation'],
  'platform-xroad-registrable': ['error', 'documentation'],
  'platform-openapi-valid': ['error', 'documentation'],
  'platform-info-title': ['error', 'documentation'],
  'platform-info-description': ['error', 'documentation'],
  'platform-info-version-semver': ['error', 'documentation'],
  'platform-info-contact': ['error', 'documentation'],
  'platform-info-x-category': ['error', 'documentation'],
  'platform-info-x-pricing': ['error', 'documentation'],
  'platform-info-x-links': ['error', 'documentation'],
  'platform-operation-description': ['error', 'documentation'],
  'platform-parameter-description': ['error', 'documentation'],
  'platform-schema-property-description': ['error', 'documentation'],
  'platform-parameter-example': ['error', 'documentation'],
  'platform-request-body-example': ['error', 'documentation'],
  'platform-response-body-example': ['error', 'documentation'],
  'platform-response-success': ['error', 'methods'],
  'platform-response-errors': ['error', 'errors'],
  'platform-response-auth-errors': ['warn', 'security'],
  'platform-content-type': ['error', 'documentation'],
  'platform-parameters-required-first': ['warn', 'documentation'],
  'platform-security-declared': ['error', 'security'],
  'platform-national-id-name': ['error', 'naming'],
  'platform-national-id-format': ['error', 'data-format'],
  'platform-date-time-format': ['error', 'data-format'],
  'platform-language-code': ['warn', 'data-format'],
  'platform-currency-code': ['warn', 'data-format'],
  'platform-amount-format': ['warn', 'data-format'],
  'platform-created-timestamp': ['warn', 'data-format'],
  'platform-no-bare-array': ['error', 'data-format'],
  'platform-charset-utf8': ['error', 'data-format'],
  'platform-field-camel-case': ['error', 'naming'],
  'platform-schema-pascal-case': ['error', 'naming'],
  'platform-enum-value-upper-case': ['error', 'naming'],
  // Design-guide rules: `warn` at most (the seed does not state these conventions).
  'platform-path-kebab-case': ['warn', 'naming'],
  'platform-path-plural-collection': ['warn', 'naming'],
  'platform-query-param-camel-case': ['warn', 'naming'],
  'platform-path-version': ['error', 'naming'],
  'platform-version-match': ['warn', 'naming'],
  'platform-no-404': ['error', 'errors'],
  'platform-get-204': ['warn', 'methods'],
  'platform-http-method-semantics': ['error', 'methods'],
  'platform-pagination': ['warn', 'methods'],
  'platform-sensitive-param': ['info', 'security'],
  'platform-problem-content-type': ['error', 'errors'],
  'platform-problem-schema': ['error', 'errors'],
  'platform-oauth-scope-name': ['warn', 'security'],
  // Structural validity: a description that breaks these cannot score 100.
  'platform-path-parameters': ['error', 'documentation'],
  'platform-operation-id-unique': ['error', 'documentation'],
  'platform-example-valid': ['error', 'documentation'],
};

describe('the rule catalogue', () => {
  it('has every rule of the catalogue, with its severity and category, and no other', () => {
    const actual = Object.fromEntries(RULES.map((rule) => [rule.id, [rule.severity, rule.category]]));
    expect(actual).toEqual(CATALOGUE);
  });

  it('registers every rule in the Spectral ruleset with its documentation URL and category', async () => {
    const { rules } = await createLinter(ruleset);
    expect(rules.map((rule) => rule.id).sort()).toEqual(Object.keys(CATALOGUE).sort());
    for (const rule of rules) {
      expect(rule.docsUrl).toBe(docsUrl(rule.id));
      expect(rule.category).toBe(CATALOGUE[rule.id][1]);
    }
  });

  it.each(Object.keys(CATALOGUE))(
    '%s has a documentation page with why, a failing and a passing snippet, and fixtures',
    (id) => {
      const page = join(ROOT, 'docs/rules', `${id}.md`);
      expect(existsSync(page), `docs/rules/${id}.md`).toBe(true);
      const text = readFileSync(page, 'utf8');
      expect(text.startsWith(`# ${id}\n`)).toBe(true);
      expect(text).toMatch(/^## Why$/m);
      expect(text).toMatch(/^## Failing$/m);
      expect(text).toMatch(/^## Passing$/m);
      expect(text).toMatch(/```(yaml|json)\n[\s\S]+?```[\s\S]*```(yaml|json)\n[\s\S]+?```/);
      const fixtures = readdirSync(join(ROOT, 'fixtures/rules', id));
      expect(fixtures.some((name) => name.startsWith('pass'))).toBe(true);
      expect(fixtures.some((name) => name.startsWith('fail'))).toBe(true);
    },
  );

  it.each(RULES.map((rule) => [rule.id, rule]))(
    '%s states its source, and a design-guide rule is a warning at most that says so',
    (id, rule) => {
      expect(['seed', 'design guide']).toContain(rule.source.document);
      expect(rule.source.section.length).toBeGreaterThan(3);
      const page = readFileSync(join(ROOT, 'docs/rules', `${id}.md`), 'utf8');
      expect(page).toContain(`**Source:** ${describeSource(rule.source)}`);
      if (rule.source.document === 'design guide') {
        expect(['warn', 'info', 'hint']).toContain(rule.severity);
        expect(page).toContain("the platform's design guide recommends");
      }
    },
  );

  it('keeps the generated rule index in step with the rule files', () => {
    const index = join(ROOT, 'rulesets/rules/index.ts');
    const before = readFileSync(index, 'utf8');
    execFileSync(process.execPath, [join(ROOT, 'scripts/generate-rule-index.mjs')], { stdio: 'ignore' });
    expect(readFileSync(index, 'utf8'), 'run `npm run rules:index` and commit the result').toBe(before);
  });

  it('keeps docs/rules/README.md in step with the rules (vottur rules --format markdown)', async () => {
    const expected = rulesMarkdown(await allRules());
    expect(
      readFileSync(join(ROOT, 'docs/rules/README.md'), 'utf8'),
      'regenerate with `vottur rules --format markdown > docs/rules/README.md`',
    ).toBe(expected);
  });
});
