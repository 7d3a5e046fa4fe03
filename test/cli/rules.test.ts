/** `vottur rules`: the catalogue for people (grouped, linked, 100 columns) and for machines (JSON). */
import { describe, expect, it } from 'vitest';
import { vottur } from './run.js';

interface Rule {
  id: string;
  severity: string;
  category: string;
  description: string;
  docsUrl: string;
  source: string;
}

describe('vottur rules', () => {
  it('--format json lists every rule with its documentation link, lint rules and contract rules', async () => {
    const result = await vottur(['rules', '--format', 'json']);
    expect(result.code).toBe(0);
    const { rules } = JSON.parse(result.stdout) as { rules: Rule[] };
    expect(rules.length).toBeGreaterThan(40);
    expect(rules.some((rule) => rule.source === 'lint')).toBe(true);
    expect(rules.some((rule) => rule.source !== 'lint')).toBe(true);
    for (const rule of rules) expect(rule.docsUrl, rule.id).toBe(`https://github.com/vottur/vottur/blob/main/docs/rules/${rule.id}.md`);
  });

  it('as text: a header per source, lint rules first, grouped by category, each with its link, in 100 columns', async () => {
    const [text, json] = await Promise.all([vottur(['rules']), vottur(['rules', '--format', 'json'])]);
    const { rules } = JSON.parse(json.stdout) as { rules: Rule[] };
    const lines = text.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    const lintHeader = lines.findIndex((line) => line.startsWith('Lint rules'));
    const contractHeader = lines.findIndex((line) => line.startsWith('Contract rules'));
    expect(lintHeader).toBe(0);
    expect(contractHeader).toBeGreaterThan(lintHeader);
    for (const rule of rules) {
      const at = lines.indexOf(`  ${rule.id}  (${rule.severity})`);
      expect(at, rule.id).toBeGreaterThan(-1);
      expect(at > contractHeader, rule.id).toBe(rule.source !== 'lint');
      // Its link follows its description, before the next rule.
      const next = lines.findIndex((line, i) => i > at && /^\S|^ {2}\S/.test(line));
      expect(lines.slice(at, next < 0 ? undefined : next)).toContain(`    ${rule.docsUrl}`);
    }
    expect(lines).toContain('Data formats');
    expect(lines).toContain('Naming');
  });
});
