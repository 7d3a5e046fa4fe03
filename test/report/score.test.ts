import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { Command } from 'commander';
import { CouldNotRunError } from '../../src/errors.js';
import type { Finding, Report } from '../../src/report/finding.js';
import { belowMinScore, reportExitCode } from '../../src/report/gate.js';
import { addFailSeverityOption, addMinScoreOption, parseMinScore } from '../../src/cli/options.js';
import { gradeFor, rulePenalty, scoreForPenalty, scoreReport } from '../../src/report/score.js';
import { DOCUMENT, emptyReport, LINT_FINDINGS, lintReport, sampleReport } from './sample.js';

function findingOf(
  ruleId: string,
  severity: Finding['severity'],
  document = DOCUMENT,
  category: Finding['category'] = 'data-format',
): Finding {
  return {
    ruleId,
    severity,
    category,
    message: 'm',
    document,
    pointer: '',
    path: [],
    line: 1,
    column: 1,
    docsUrl: 'https://example.org/r',
    source: 'lint',
  };
}

function reportOf(findings: Finding[], documents = [DOCUMENT]): Report {
  return {
    tool: { name: 'vottur', version: '0.1.0' },
    createdTimestamp: '2026-01-01T00:00:00.000Z',
    documents: documents.map((path) => ({ path })),
    rules: [],
    findings,
  };
}

describe('score', () => {
  it('is 100 (A) with no findings', () => {
    const score = scoreReport(emptyReport());
    expect(score).toMatchObject({ score: 100, grade: 'A' });
    expect(score.byDocument).toEqual([
      expect.objectContaining({ document: DOCUMENT, score: 100, grade: 'A', findings: 0 }),
    ]);
    expect(Object.values(score.byCategory).every((c) => c.score === 100)).toBe(true);
  });

  it('weighs an error 10 and a warning 3, info and hints nothing', () => {
    expect(scoreReport(reportOf([findingOf('a', 'error')])).score).toBe(90); // 100·e^-0.1 = 90.48
    expect(scoreReport(reportOf([findingOf('a', 'warn')])).score).toBe(97); // 97.04
    expect(scoreReport(reportOf([findingOf('a', 'info'), findingOf('b', 'hint'), findingOf('c', 'hint')])).score).toBe(
      100,
    );
    expect(scoreReport(reportOf([findingOf('a', 'error'), findingOf('b', 'error')])).score).toBe(82); // e^-0.2
  });

  it('halves each repetition of a rule, so one noisy rule cannot sink a document', () => {
    expect(rulePenalty([{ severity: 'error' }])).toBe(10);
    expect(rulePenalty([{ severity: 'error' }, { severity: 'error' }])).toBe(15);
    expect(rulePenalty([{ severity: 'error' }, { severity: 'error' }, { severity: 'error' }])).toBe(17.5);
    // Heaviest first: a warning then an error counts the error in full.
    expect(rulePenalty([{ severity: 'warn' }, { severity: 'error' }])).toBe(11.5);
    const noisy = Array.from({ length: 1000 }, () => findingOf('noisy', 'error'));
    expect(rulePenalty(noisy)).toBeLessThanOrEqual(20);
    const score = scoreReport(reportOf(noisy));
    expect(score.score).toBe(82); // 100·e^-0.2: the cap, not zero
    expect(score.grade).toBe('B');
  });

  it("counts a rule's findings to the same sum as sorting their weights and adding every term (fast-check)", () => {
    // The definition, term by term: what rulePenalty computed before it counted weights.
    const bySorting = (severities: readonly Finding['severity'][]) => {
      const weights = severities.map((severity) => ({ error: 10, warn: 3, info: 0, hint: 0 })[severity]);
      let total = 0;
      let factor = 1;
      for (const weight of weights.sort((a, b) => b - a)) {
        total += weight * factor;
        factor *= 0.5;
      }
      return total;
    };
    const severity = fc.constantFrom<Finding['severity']>('error', 'warn', 'info', 'hint');
    fc.assert(
      fc.property(fc.array(severity, { maxLength: 3000 }), (severities) => {
        expect(rulePenalty(severities.map((s) => ({ severity: s })))).toBe(bySorting(severities));
      }),
      { numRuns: 200 },
    );
  });

  it('never reaches 0 and never goes below it', () => {
    const many = Array.from({ length: 60 }, (_, i) => findingOf(`rule-${i}`, 'error'));
    const score = scoreReport(reportOf(many));
    expect(score.score).toBe(0); // 100·e^-6 = 0.25 rounds to 0 …
    expect(scoreForPenalty(600)).toBeGreaterThan(0); // … but the raw score stays positive
    expect(score.grade).toBe('F');
  });

  it('grades A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, F below', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeFor)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'F',
      'F',
    ]);
  });

  it('scores the sample report per document, per category and overall', () => {
    const score = scoreReport(sampleReport());
    // A contract report, scored per operation (docs/score.md): of its 3 operations, GET
    // /v2/users/{nationalId} and GET /v2/actor-profiles each fail an error-level check (in
    // data-format and in methods); DELETE passes. The findings tied to no operation (lint) cost as
    // in a lint run: P = 29, e^-0.29 = 74.8.
    expect(score.byCategory['data-format']).toMatchObject({
      score: 54,
      grade: 'F',
      rules: 4,
      findings: 4,
      summary: { error: 3, warn: 1, info: 0, hint: 0 },
    });
    expect(score.byCategory.documentation).toMatchObject({ score: 94, grade: 'A', findings: 2 });
    expect(score.byCategory.naming.score).toBe(97);
    expect(score.byCategory.methods).toMatchObject({ score: 67, grade: 'F' }); // (1 + 0 + 1) / 3
    expect(score.byCategory.security).toMatchObject({ score: 100, findings: 1, summary: { hint: 1 } });
    expect(score.byCategory.errors).toMatchObject({ score: 100, rules: 1, findings: 0 });
    expect(score.score).toBe(25); // 74.8 (lint) × 1 of 3 operations passing = 24.9
    expect(score.grade).toBe('F');
    expect(score.operations).toEqual({ passed: 1, total: 3 });
    expect(score.byDocument).toHaveLength(1);
    expect(score.byDocument[0]).toMatchObject({
      document: DOCUMENT,
      score: 25,
      findings: 9,
      summary: { error: 4, warn: 4, info: 0, hint: 1 },
      operations: { passed: 1, total: 3 },
    });
    expect(score.byDocument[0].byCategory['data-format']).toEqual({ score: 54, grade: 'F' });
  });

  it('scores a lint report of the same description as one list of findings, as before', () => {
    // Two errors and three warnings of five rules, a hint: P = 29, 100·e^-0.29 = 74.8.
    const score = scoreReport(lintReport());
    expect(score).toMatchObject({ score: 75, grade: 'C' });
    expect(score.operations).toBeUndefined();
    expect(score.byCategory['data-format']).toMatchObject({ score: 82, grade: 'B' }); // two errors: e^-0.2
  });

  it('averages documents, and counts a rule separately in each document', () => {
    const report = reportOf(
      [findingOf('a', 'error', 'a.yaml'), findingOf('a', 'error', 'b.yaml'), findingOf('a', 'error', 'b.yaml')],
      ['a.yaml', 'b.yaml', 'c.yaml'],
    );
    const score = scoreReport(report);
    expect(score.byDocument.map((d) => [d.document, d.score])).toEqual([
      ['a.yaml', 90],
      ['b.yaml', 86], // 100·e^-0.15
      ['c.yaml', 100],
    ]);
    // (90.48 + 86.07 + 100) / 3 = 92.18
    expect(score.score).toBe(92);
    expect(score.byCategory['data-format'].score).toBe(92);
    expect(score.byCategory.naming.score).toBe(100);
  });

  it('includes documents that only findings name', () => {
    const report = reportOf([findingOf('a', 'error', 'https://api.example.org/openapi.json')], [DOCUMENT]);
    expect(scoreReport(report).byDocument.map((d) => d.document)).toEqual([
      DOCUMENT,
      'https://api.example.org/openapi.json',
    ]);
  });
});

describe('exit code gate', () => {
  it('parses --min-score', () => {
    expect(parseMinScore('80')).toBe(80);
    expect(parseMinScore('72.5')).toBe(72.5);
    for (const bad of ['', 'abc', '-1', '101', 'NaN']) expect(() => parseMinScore(bad)).toThrow(CouldNotRunError);
  });

  it('fails below the minimum score and at the fail severity', () => {
    const report = sampleReport(); // score 25, has errors
    expect(belowMinScore(report, undefined)).toBe(false);
    expect(belowMinScore(report, 25)).toBe(false);
    expect(belowMinScore(report, 26)).toBe(true);
    expect(reportExitCode(report)).toBe(1);
    const warningsOnly: Report = { ...report, findings: LINT_FINDINGS.filter((f) => f.severity !== 'error') };
    expect(reportExitCode(warningsOnly, { failSeverity: 'error' })).toBe(0);
    expect(reportExitCode(warningsOnly, { failSeverity: 'warn' })).toBe(1);
    expect(reportExitCode(warningsOnly, { failSeverity: 'error', minScore: 95 })).toBe(1); // 3 warnings + hint: 91
    expect(reportExitCode(warningsOnly, { failSeverity: 'error', minScore: 90 })).toBe(0);
    expect(reportExitCode(emptyReport(), { minScore: 100 })).toBe(0);
  });

  it('adds --min-score and --fail-severity to a command', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const program = new Command().exitOverride();
    const command = program
      .command('x')
      .exitOverride()
      .action((options: Record<string, unknown>) => void seen.push(options));
    addMinScoreOption(command);
    addFailSeverityOption(command);
    await program.parseAsync(['x', '--min-score', '75'], { from: 'user' });
    await program.parseAsync(['x', '--fail-severity', 'warn'], { from: 'user' });
    expect(seen[0]).toMatchObject({ minScore: 75, failSeverity: 'error' });
    expect(seen[1]).toMatchObject({ failSeverity: 'warn' });
    await expect(program.parseAsync(['x', '--min-score', 'high'], { from: 'user' })).rejects.toThrow(CouldNotRunError);
  });
});

describe('a document that is not OpenAPI 3', () => {
  it('scores 0 in every category, since no other rule could run on it', async () => {
    const { scoreReport } = await import('../../src/report/score.js');
    const finding = {
      ruleId: 'platform-openapi-3',
      severity: 'error' as const,
      category: 'documentation' as const,
      message: 'This is a Swagger 2.0 description.',
      document: 'swagger.yaml',
      pointer: '/swagger',
      path: ['swagger'],
      docsUrl: 'https://example.org/platform-openapi-3.md',
      source: 'lint' as const,
    };
    const score = scoreReport({
      documents: [{ path: 'swagger.yaml' }, { path: 'clean.yaml' }],
      findings: [finding],
      rules: [],
    });
    expect(score.byDocument[0]).toMatchObject({ document: 'swagger.yaml', score: 0, grade: 'F' });
    expect(Object.values(score.byDocument[0].byCategory).every((c) => c.score === 0)).toBe(true);
    expect(score.byDocument[1]).toMatchObject({ document: 'clean.yaml', score: 100 });
    expect(score.score).toBe(50);
  });
});

describe('a description whose paths cannot be read', () => {
  it('scores 0 when the OpenAPI schema refuses its root or paths, not 61 (D) for the info findings left (through the CLI)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-score-paths-'));
    try {
      writeFileSync(
        join(folder, 'list.yaml'),
        'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0", description: d}\npaths:\n  - /v1/a\n',
      );
      const result = await votturInProcess(['lint', 'list.yaml', '-f', 'json'], { cwd: folder });
      const report = JSON.parse(result.stdout) as {
        findings: Array<{ ruleId: string; pointer: string }>;
        score: { score: number };
      };
      expect(report.findings).toContainEqual(
        expect.objectContaining({ ruleId: 'platform-openapi-valid', pointer: '/paths' }),
      );
      expect(report.score.score).toBe(0);
      expect(result.code).toBe(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('an OpenAPI schema finding deeper in the document does not block', async () => {
    const { isBlocking } = await import('../../src/report/score.js');
    expect(isBlocking({ ruleId: 'platform-openapi-valid', pointer: '/paths/~1v1~1a/get/responses' })).toBe(false);
    expect(isBlocking({ ruleId: 'platform-openapi-valid', pointer: '' })).toBe(true);
    expect(isBlocking({ ruleId: 'platform-openapi-valid', pointer: '/paths' })).toBe(true);
    expect(isBlocking({ ruleId: 'platform-no-404', pointer: '/paths' })).toBe(false);
  });
});

describe('a description split over several files', () => {
  it('is scored as one document: findings in referenced files count against the description', async () => {
    const { scoreReport } = await import('../../src/report/score.js');
    const finding = (document: string, ruleId: string) => ({
      ruleId,
      severity: 'error' as const,
      category: 'documentation' as const,
      message: 'A property has no description.',
      document,
      ...(document === 'api/openapi.yaml' ? {} : { description: 'api/openapi.yaml' }),
      pointer: '/properties/a',
      path: ['properties', 'a'],
      docsUrl: 'https://example.org/rule.md',
      source: 'lint' as const,
    });
    const findings = [
      finding('api/openapi.yaml', 'rule-a'),
      finding('api/schemas/a.yaml', 'rule-b'),
      finding('api/schemas/b.yaml', 'rule-c'),
    ];
    const score = scoreReport({ documents: [{ path: 'api/openapi.yaml' }], findings, rules: [] });
    expect(score.byDocument.map((d) => d.document)).toEqual(['api/openapi.yaml']);
    expect(score.byDocument[0].findings).toBe(3);
    // Three error rules: 100 × e^(−30/100).
    expect(score.score).toBe(74);
  });
});
