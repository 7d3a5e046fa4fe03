/**
 * `x-vottur-ignore`: a suppression with a reason holds its rule's findings back on
 * that node and below, uncounted in the score, the gate and the summary, and carried in JSON and
 * SARIF; one without a reason, or one that holds nothing back, is itself an info finding.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-suppress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = [
  'openapi: 3.0.3',
  'info:',
  '  title: T',
  '  version: "1.0.0"',
  '  description: Test.',
  '  x-category: [open]',
  '  x-pricing: [free]',
  '  x-links: {responsibleParty: "https://www.skra.is/"}',
];

async function lint(name: string, lines: string[], ...args: string[]) {
  writeFileSync(join(dir, name), [...lines, 'paths: {}', ''].join('\n'));
  return votturInProcess(['lint', name, ...args], { cwd: dir });
}

describe('x-vottur-ignore', () => {
  it('holds back the named finding on its node, with the reason, and the run passes', async () => {
    const without = await lint('plain.yaml', BASE, '-f', 'json');
    expect(without.code).toBe(1);
    expect(
      (JSON.parse(without.stdout) as { findings: Array<{ ruleId: string }> }).findings.map((f) => f.ruleId),
    ).toEqual(['platform-info-contact']);

    const lines = [
      ...BASE,
      '  x-vottur-ignore:',
      '    - rule: platform-info-contact',
      '      reason: The contact is in the catalogue entry, maintained by the registry.',
    ];
    const result = await lint('suppressed.yaml', lines);
    expect(result.code).toBe(0);
    // Beside the score: the absolute one, and the suppression as what changed the verdict.
    expect(result.stdout).toMatch(
      /^Not counted: 1 suppressed with a reason \(x-vottur-ignore\); absolute score \d+\/100 \([A-F]\) with every held-back finding counted\.\nConfiguration: 1 suppression\.\n✔ No problems found in 1 document\. Score 100\/100 \(A\)\.\n$/,
    );
    const report = JSON.parse((await lint('suppressed.yaml', lines, '-f', 'json')).stdout) as {
      findings: Array<Record<string, unknown>>;
      summary: Record<string, number>;
      score: { score: number };
    };
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      ruleId: 'platform-info-contact',
      suppressions: [
        { kind: 'inSource', justification: 'The contact is in the catalogue entry, maintained by the registry.' },
      ],
    });
    expect(report.summary.error).toBe(0);
    expect(report.score.score).toBe(100);
  });

  it('takes the map form too, on an enclosing node', async () => {
    const lines = ['x-vottur-ignore: {platform-info-contact: "Published in the catalogue entry."}', ...BASE];
    expect((await lint('map.yaml', lines)).code).toBe(0);
  });

  it('an entry without a reason suppresses nothing and is an info finding; a stale one too', async () => {
    const lines = [
      ...BASE,
      '  x-vottur-ignore:',
      '    - rule: platform-info-contact',
      '    - rule: platform-pagination',
      '      reason: No collections here any more.',
    ];
    const result = await lint('reasonless.yaml', lines, '-f', 'json');
    expect(result.code).toBe(1);
    const findings = (
      JSON.parse(result.stdout) as {
        findings: Array<{ ruleId: string; severity: string; pointer: string; suppressions?: unknown }>;
      }
    ).findings;
    expect(findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([
      ['platform-info-contact', 'error', '/info'],
      ['vottur-suppression-reason', 'info', '/info/x-vottur-ignore/0'],
      ['vottur-suppression-unused', 'info', '/info/x-vottur-ignore/1'],
    ]);
    expect(findings[0].suppressions).toBeUndefined();
  });

  it('leaves entries for diff and contract rules to those commands', async () => {
    const lines = [
      ...BASE,
      '  x-vottur-ignore:',
      '    - rule: platform-info-contact',
      '      reason: In the catalogue entry.',
      '    - rule: diff-response-property-removed',
      '      reason: Accepted in v2.',
      '    - rule: contract-timeout',
      '      reason: A slow report.',
    ];
    const result = await lint('others.yaml', lines, '-f', 'json');
    expect(
      (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string }> }).findings.map((f) => f.ruleId),
    ).toEqual(['platform-info-contact']);
  });
});
