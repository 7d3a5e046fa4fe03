/** `vottur rules`: the catalogue for people (grouped, linked, 100 columns) and for machines (JSON). */
import { describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';

interface Rule {
  id: string;
  severity: string;
  category: string;
  description: string;
  docsUrl: string;
  source: string;
  convention?: { document: string; section: string };
}

describe('vottur rules', () => {
  it('--format json lists every rule a configuration may name, each with its documentation link', async () => {
    const result = await vottur(['rules', '--format', 'json']);
    expect(result.code).toBe(0);
    const { rules } = JSON.parse(result.stdout) as { rules: Rule[] };
    // Every rule id the configuration's schema knows: lint, the run's own, contract, diff and versioning rules.
    const { allRuleIds } = await import('../../src/run/rule-catalogue.js');
    // (and vottur-unreadable, which no configuration may turn off).
    // The operator policy's rules are listed too, though no configuration may level them.
    const { POLICY_RULES } = await import('../../src/policy/index.js');
    // And the checks' statements that they could not judge, which no configuration levels either.
    const { CHECK_LIMIT_RULES } = await import('../../src/lint/limits.js');
    expect(rules.map((rule) => rule.id).sort()).toEqual(
      [
        ...(await allRuleIds()),
        'vottur-unreadable',
        'vottur-findings-limit',
        'vottur-rule-failed',
        'vottur-walk-limit',
        'vottur-ruleset-limit',
        'vottur-read-limit',
        ...POLICY_RULES.map((rule) => rule.id),
        ...CHECK_LIMIT_RULES.map((rule) => rule.id),
      ].sort(),
    );
    expect(rules.map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['policy-extends-refused', 'policy-secret-refused', 'policy-accept-refused']),
    );
    const page = (rule: Rule) =>
      rule.id.startsWith('policy-')
        ? `https://github.com/vottur/vottur/blob/main/docs/gate.md#${rule.id}`
        : rule.source === 'diff'
          ? `https://github.com/vottur/vottur/blob/main/docs/diff/${rule.id}.md`
          : rule.id.startsWith('vottur-suppression-')
            ? expect.stringMatching(/^https:\/\/github\.com\/vottur\/vottur\/blob\/main\/docs\/suppressions\.md#/)
            : rule.id === 'vottur-unreadable'
              ? expect.stringMatching(/^https:\/\/github\.com\/vottur\/vottur\/blob\/main\/README\.md#/)
              : [
                    'vottur-findings-limit',
                    'vottur-rule-failed',
                    'vottur-walk-limit',
                    'vottur-ruleset-limit',
                    'vottur-read-limit',
                  ].includes(rule.id)
                ? 'https://github.com/vottur/vottur/blob/main/docs/security.md#limits'
                : `https://github.com/vottur/vottur/blob/main/docs/rules/${rule.id}.md`;
    for (const rule of rules) expect(rule.docsUrl, rule.id).toEqual(page(rule));
  });

  it('as text: a header per source, lint rules first, grouped by category, each with its link, in 100 columns', async () => {
    const [text, json] = await Promise.all([vottur(['rules']), vottur(['rules', '--format', 'json'])]);
    const { rules } = JSON.parse(json.stdout) as { rules: Rule[] };
    const lines = text.stdout.trimEnd().split('\n');
    // A link cannot be broken across lines; everything else fits 100 columns.
    for (const line of lines) if (!/^\s+https:\/\/\S+$/.test(line)) expect(line.length, line).toBeLessThanOrEqual(100);
    const lintHeader = lines.findIndex((line) => line.startsWith('Lint rules'));
    const policyHeader = lines.findIndex((line) => line.startsWith("Rules of the operator's policy"));
    const contractHeader = lines.findIndex((line) => line.startsWith('Contract rules'));
    const diffHeader = lines.findIndex((line) => line.startsWith('Diff checks'));
    expect(lintHeader).toBe(0);
    expect(policyHeader).toBeGreaterThan(lintHeader);
    expect(contractHeader).toBeGreaterThan(policyHeader);
    expect(diffHeader).toBeGreaterThan(contractHeader);
    for (const rule of rules) {
      const at = lines.indexOf(`  ${rule.id}  (${rule.severity})`);
      expect(at, rule.id).toBeGreaterThan(-1);
      // The policy's rules under their own header, whichever command finds them (lint, contract, diff).
      const policy = rule.id.startsWith('policy-');
      expect(at > policyHeader && at < contractHeader, rule.id).toBe(policy);
      expect(at > contractHeader, rule.id).toBe(rule.source !== 'lint' && !policy);
      expect(at > diffHeader, rule.id).toBe(rule.source === 'diff' && !policy);
      // Its link follows its description, before the next rule.
      const next = lines.findIndex((line, i) => i > at && /^\S|^ {2}\S/.test(line));
      expect(lines.slice(at, next < 0 ? undefined : next)).toContain(`    ${rule.docsUrl}`);
      // A platform lint rule says where its convention is stated: the seed, or only the design guide.
      if (rule.source === 'lint' && rule.id.startsWith('platform-')) {
        expect(rule.convention, rule.id).toBeDefined();
        expect(lines.slice(at, next < 0 ? undefined : next).join(' '), rule.id).toMatch(
          / Source: (seed|design guide) \(/,
        );
      }
    }
    expect(lines).toContain('Data formats');
    expect(lines).toContain('Naming');
  });

  it('says which diff rules come from the seed and which only from the design guide (deprecation, sunset)', async () => {
    const [text, json] = await Promise.all([vottur(['rules']), vottur(['rules', '--format', 'json'])]);
    const { rules } = JSON.parse(json.stdout) as { rules: Rule[] };
    const sourceOf = (id: string) => rules.find((rule) => rule.id === id)?.convention;
    const guide = { document: 'design guide', section: 'versioning.md' };
    for (const id of [
      'diff-removed-before-sunset',
      'diff-sunset-moved-earlier',
      'diff-sunset-removed',
      'diff-sunset-invalid',
      'diff-deprecated-sunset-too-soon',
      'diff-deprecated-operation-removed',
      'platform-version-deprecated-removed',
      'platform-version-removed-without-deprecation',
    ])
      expect(sourceOf(id), id).toEqual(guide);
    for (const id of ['platform-version-breaking-without-major', 'platform-version-invalid'])
      expect(sourceOf(id), id).toEqual({ document: 'seed', section: 'Versioning 2' });
    const lines = text.stdout.split('\n');
    const at = lines.indexOf('  diff-removed-before-sunset  (error)');
    expect(lines.slice(at, at + 6).join(' ')).toContain('Source: design guide (versioning.md)');
  });
});
