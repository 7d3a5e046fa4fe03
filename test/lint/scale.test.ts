/**
 * Issue 34: every limit reached is a finding, never silence, and nothing hangs.
 * - B5: one schema of many properties lints in time linear in their number (a rule that scanned a
 *   property's siblings for each property took 65 s on 20,000 and over 420 s on 40,000).
 * - B10: a ruleset whose rule matches everything gives its findings, bounded, never a stack overflow.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { combineLinters } from '../../src/lint/extends.js';
import { FINDINGS_LIMIT_META, MAX_FINDINGS_PER_RULE } from '../../src/lint/limits.js';
import type { Linter, RuleResult } from '../../src/lint/engine.js';
import type { RuleMeta } from '../../src/report/finding.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-scale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function oneSchema(file: string, properties: Record<string, unknown>): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'S', version: '1.0.0', description: 'x' },
      paths: {},
      components: { schemas: { S: { type: 'object', properties } } },
    }),
  );
  return path;
}

describe('one schema of many properties (B5)', () => {
  // Speed is the benchmark's (bench/scaling.ts --properties fits the growth); here a quadratic rule
  // (over 25 s on these 12,000 names) runs into the test's own timeout, where linear ones take ~5 s.
  it('lints 12,000 properties named as dates, amounts, codes and moments', async () => {
    // Names that reach the date-time rule's moment check and the amount rule's sibling checks.
    const words = [
      'Date',
      'Time',
      'Closed',
      'Created',
      'Amount',
      'Price',
      'CurrencyCode',
      'LanguageCode',
      'Unit',
      'Id',
    ];
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 12_000; i++)
      properties[`x${i}${words[i % words.length]}`] = { type: i % 3 === 0 ? 'integer' : 'string' };
    properties.closed = { type: 'string' };
    properties.created = { type: 'string', format: 'date-time' };
    const file = oneSchema('many.json', properties);
    const { findings } = await lintDocument(file, { cwd: dir });
    expect(findings.some((finding) => finding.ruleId === 'platform-amount-format')).toBe(true);
    expect(findings.some((finding) => finding.ruleId === 'platform-date-time-format')).toBe(true);
  });
});

describe('a rule with very many findings (B10)', () => {
  const meta: RuleMeta = {
    id: 'team-everything',
    severity: 'hint',
    category: 'documentation',
    description: 'matches everything',
    docsUrl: 'https://example.invalid',
    source: 'lint',
  };
  const many = (count: number): RuleResult[] =>
    Array.from({ length: count }, (_, i) => ({ code: meta.id, message: `m${i}`, path: ['info'], severity: 'hint' }));

  it('combines linters of 200,000 results each without overflowing the stack', async () => {
    const part: Linter = { rules: [meta], run: () => many(200_000) };
    const combined = combineLinters([part, part]);
    const results = await combined.run({} as never);
    expect(results).toHaveLength(400_000);
  });

  it('keeps the first MAX_FINDINGS_PER_RULE findings of a rule and says how many more there were', async () => {
    const file = oneSchema('small.json', { a: { type: 'string' } });
    const results = many(MAX_FINDINGS_PER_RULE + 25);
    results.push({ code: meta.id, message: 'worse', path: ['info'], severity: 'warn' });
    const linter: Linter = { rules: [meta], run: () => results };
    const { findings } = await lintDocument(file, { cwd: dir, linter });
    expect(findings.filter((finding) => finding.ruleId === meta.id)).toHaveLength(MAX_FINDINGS_PER_RULE);
    const limit = findings.filter((finding) => finding.ruleId === FINDINGS_LIMIT_META.id);
    expect(limit).toHaveLength(1);
    expect(limit[0]?.message).toContain('`team-everything`');
    expect(limit[0]?.message).toContain('26 more');
    // The worst severity of the findings it stands for: a bound never lowers a verdict.
    expect(limit[0]?.severity).toBe('warn');
  });

  it('adds no limit finding at the bound', async () => {
    const file = oneSchema('exact.json', { a: { type: 'string' } });
    const linter: Linter = { rules: [meta], run: () => many(MAX_FINDINGS_PER_RULE) };
    const { findings } = await lintDocument(file, { cwd: dir, linter });
    expect(findings.filter((finding) => finding.ruleId === FINDINGS_LIMIT_META.id)).toHaveLength(0);
  });
});
