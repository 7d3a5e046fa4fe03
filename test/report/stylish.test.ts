import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/finding.js';
import { formatCount, formatStylish, listedFindings } from '../../src/report/formatters/stylish.js';
import {
  CONTEXT,
  DOCUMENT,
  emptyReport,
  lintReport,
  MASKED,
  NATIONAL_ID,
  NATIONAL_ID_HYPHEN,
  sampleReport,
} from './sample.js';

// eslint-disable-next-line no-control-regex -- an escape character starts every colour code
const ANSI = /\u001b\[[0-9;]*m/;

describe('stylish format', () => {
  it('groups findings by document as `line:col  severity  rule  message  path`', () => {
    const lines = formatStylish(sampleReport(), CONTEXT).split('\n');
    expect(lines[0]).toBe(DOCUMENT);
    const id = lines.find((l) => l.includes('platform-national-id-format'))!;
    expect(id.trim().split(/\s{2,}/)).toEqual([
      '17:13',
      'error',
      'platform-national-id-format',
      '`example` is `010130-****`, a national identifier with a hyphen; write ten digits: `010130****`.',
      'paths./v2/users/{nationalId}.get.parameters.0.schema.example',
    ]);
    const contract = lines.find((l) => l.includes('response-content-type'))!;
    expect(contract.trim().split(/\s{2,}/)).toEqual([
      'warning',
      'response-content-type',
      'Content-Type is `text/plain`; send `application/json`.',
      '500 GET http://127.0.0.1:4010/v2/actor-profiles?from=010130****',
    ]);
  });

  it('lists contract findings under their operation, said once, in columns as wide as they need', () => {
    const lines = formatStylish(sampleReport(), CONTEXT).split('\n');
    const heading = lines.indexOf('  GET /v2/actor-profiles');
    expect(heading).toBeGreaterThan(0);
    const rows = lines.slice(heading + 1, lines.indexOf('', heading));
    expect(rows.map((row) => row.trim().split(/\s{2,}/)[1])).toEqual(['contract-status-code', 'response-content-type']);
    for (const row of rows) {
      expect(row.startsWith('    ')).toBe(true);
      // The operation is the heading; a row names it at most once more, in its request URL.
      expect(row.split('/v2/actor-profiles').length - 1, row).toBeLessThanOrEqual(1);
      expect(row).not.toMatch(/paths\./);
    }
    // The severity column is as wide as its longest label, not as the longest operation.
    expect(rows[0]).toMatch(/^ {4}error {4}contract-status-code {3}Expected/);
  });

  it('starts a run over several documents with one line each (score, errors, warnings, info), worst first, adding up to the summary', () => {
    const report = lintReport();
    const other = 'test/report/fixtures/other.yaml';
    const clean = 'test/report/fixtures/clean.yaml';
    report.documents.push({ path: other }, { path: clean });
    // One warning and one info finding in `other`: better than the sample document, worse than `clean`.
    report.findings.push(
      { ...report.findings[0], document: other, severity: 'warn' },
      { ...report.findings[0], document: other, severity: 'info', pointer: '/info' },
    );
    const lines = formatStylish(report, CONTEXT).split('\n');
    const rows = lines.slice(0, 3);
    expect(rows.map((row) => row.trim().split(/\s+/).at(-1))).toEqual([DOCUMENT, other, clean]);
    const counts = rows.map((row) => /(\d+) errors?\s+(\d+) warnings?\s+(\d+) info/.exec(row)!.slice(1).map(Number));
    expect(counts[1]).toEqual([0, 1, 1]);
    expect(counts[2]).toEqual([0, 0, 0]);
    const total = counts.reduce((sum, [e, w, i]) => [sum[0] + e, sum[1] + w, sum[2] + i], [0, 0, 0]);
    expect(lines.at(-2)).toContain(
      `(${total[0]} error${total[0] === 1 ? '' : 's'}, ${total[1]} warning${total[1] === 1 ? '' : 's'}, ${total[2]} info,`,
    );
    expect(rows[0]).toMatch(/^ *\d+\/100 [A-F] /);
  });

  it('over many documents, lists findings of every document in the order of the table above, the cut shared', () => {
    // Fifteen documents, each with more errors than a fair share of 100: before, the first two
    // documents in alphabetical order took the whole list while the table put the worst first.
    const report = lintReport();
    const template = report.findings.find((f) => f.severity === 'error')!;
    const names = Array.from({ length: 15 }, (_, i) => `apis/api-${String(i).padStart(2, '0')}.yaml`);
    report.documents = names.map((path) => ({ path }));
    report.findings = names.flatMap((document, i) =>
      // Later documents are worse: more errors.
      Array.from({ length: 20 + i * 3 }, (_, n) => ({ ...template, document, pointer: `/paths/p${n}`, line: n + 1 })),
    );
    const text = formatStylish(report, { ...CONTEXT, maxProblems: 100 });
    const lines = text.split('\n');
    const tableOrder = lines.slice(0, 15).map((row) => row.trim().split(/\s+/).at(-1));
    expect(tableOrder).toEqual([...names].reverse());
    const headings = lines.filter((line) => names.includes(line));
    expect(headings).toEqual(tableOrder);
    // Every document gets its share (100 over 15: 6 or 7 each), the worst documents the extra ones.
    const perDocument = headings.map((heading) => {
      const start = lines.indexOf(heading) + 1;
      return lines.slice(start, lines.indexOf('', start)).length;
    });
    expect(perDocument.reduce((a, b) => a + b, 0)).toBe(100);
    expect(perDocument).toEqual([...Array<number>(10).fill(7), ...Array<number>(5).fill(6)]);
    expect(text).toContain('Listed: the most severe of each document, in the order of the table above.');
  });

  it('ends with a summary line that gives the score and grade', () => {
    const lines = formatStylish(sampleReport(), CONTEXT).trimEnd().split('\n');
    expect(lines.at(-1)).toBe(
      '✖ 9 problems (4 errors, 4 warnings, 0 info, 1 hint) in 1 document. Score 25/100 (F), 1 of 3 operations pass.',
    );
    expect(formatStylish(emptyReport(), CONTEXT).trimEnd()).toBe(
      '✔ No problems found in 1 document. Score 100/100 (A).',
    );
  });

  it("says which of the requests were Dredd's, so the total and the coverage line's add up", () => {
    // `npm start` printed "tested with 911 requests" and "891 requests of the phases" (issue 40).
    const report = sampleReport();
    const requests = report.operations!.reduce((sum, op) => sum + op.requests, 0);
    const coverage = { percent: 50, operations: [], requests: requests - 1, phases: ['examples'], seed: 7 };
    const text = formatStylish({ ...report, coverage }, CONTEXT);
    expect(text).toContain(`tested with ${requests} requests (1 of them by Dredd)`);
    expect(text).toContain(`${requests - 1} requests of the phases examples`);
  });

  it('says, for a contract run, how many operations and requests were tested', () => {
    const report = sampleReport();
    const lines = formatStylish(report, CONTEXT).trimEnd().split('\n');
    const requests = report.operations!.reduce((sum, op) => sum + op.requests, 0);
    const failing = report.operations!.filter((op) => op.findings > 0).length;
    // "77 rules checked" matched no count in the docs: it says which kinds they are (issue 40).
    const lint = report.rules.filter((rule) => rule.source === 'lint').length;
    expect(lint).toBeGreaterThan(0);
    expect(lines.at(-2)).toBe(
      `${report.operations!.length} of ${report.operations!.length} operations tested with ${requests} requests, ${failing} with findings; ${report.rules.length} rules checked (${lint} lint, ${report.rules.length - lint} contract).`,
    );
    expect(
      formatStylish(
        { ...report, findings: [], operations: report.operations!.map((op) => ({ ...op, findings: 0 })) },
        CONTEXT,
      ),
    ).toMatch(/all as described/);
    expect(formatStylish(emptyReport(), CONTEXT)).not.toMatch(/operations? tested/);
  });

  it('lists the operations that were not tested, and scores them as not passed', () => {
    const report = sampleReport();
    const operations = report.operations!.map((op, index) =>
      index === 0 ? { ...op, notTested: 'no answer: connection refused' } : op,
    );
    const text = formatStylish({ ...report, operations }, CONTEXT);
    expect(text).toContain(`${operations.length - 1} of ${operations.length} operations tested`);
    expect(text).toContain(
      `1 operation not tested, counted against the score: ${operations[0].operation} (no answer: connection refused).`,
    );
    const all = formatStylish(
      {
        ...report,
        findings: [],
        operations: operations.map((op) => ({ ...op, findings: 0, notTested: 'the server could not be reached' })),
      },
      CONTEXT,
    );
    expect(all).toContain(`0 of ${operations.length} operations tested with`);
    expect(all).toMatch(/Score 0\/100 \(F\), 0 of \d+ operations pass\.\n$/);
  });

  it('colours only when asked', () => {
    expect(formatStylish(sampleReport(), CONTEXT)).not.toMatch(ANSI);
    expect(formatStylish(sampleReport(), { ...CONTEXT, color: true })).toMatch(ANSI);
  });

  it('masks national identifiers unless --show-pii', () => {
    const text = formatStylish(sampleReport(), CONTEXT);
    expect(text).not.toContain(NATIONAL_ID);
    expect(text).not.toContain(NATIONAL_ID_HYPHEN);
    expect(text).toContain(MASKED);
    expect(formatStylish(sampleReport(), { ...CONTEXT, showPii: true })).toContain(NATIONAL_ID);
  });

  it('lists at most --max-problems findings, the most severe first, in report order, and says what it left out', () => {
    const report = sampleReport();
    const bySeverity = (severity: string) => report.findings.filter((f) => f.severity === severity);
    const errors = bySeverity('error');
    const warnings = bySeverity('warn');
    expect(errors.length).toBe(4);
    expect(warnings.length).toBe(4);
    // All errors and the first two warnings, in the report's order.
    const listed = listedFindings(report.findings, 6);
    expect(listed).toEqual(report.findings.filter((f) => f.severity === 'error' || warnings.slice(0, 2).includes(f)));
    expect(listedFindings(report.findings, 3)).toEqual(errors.slice(0, 3));
    expect(listedFindings(report.findings, 0)).toBe(report.findings);
    expect(listedFindings(report.findings, undefined)).toBe(report.findings);
    expect(listedFindings(report.findings, report.findings.length)).toBe(report.findings);

    const text = formatStylish(report, { ...CONTEXT, maxProblems: 6 });
    // Finding rows, not the headings that name a contract finding's operation.
    const rows = text.split('\n').filter((line) => /^\s+\S/.test(line) && !/^ {2}[A-Z]+ \//.test(line));
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => /\berror\b/.test(row))).toHaveLength(4);
    expect(text).not.toMatch(/\bhint\b {2}/);
    const hidden = [...warnings.slice(2), ...bySeverity('hint')];
    const line = text.split('\n').find((l) => l.startsWith('… and'))!;
    expect(line).toMatch(new RegExp(`^… and ${hidden.length} more problems not listed \\(most: `));
    for (const f of hidden) expect(line).toContain(f.ruleId);
    expect(line).toContain('--max-problems 0');
    // The summary still counts every finding.
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '✖ 9 problems (4 errors, 4 warnings, 0 info, 1 hint) in 1 document. Score 25/100 (F), 1 of 3 operations pass.',
    );
    expect(formatStylish(report, { ...CONTEXT, maxProblems: 9 })).not.toContain('… and');
  });

  it('names the three rules it left out most, with counts, in the line on the rest', () => {
    const base = sampleReport().findings[0];
    const make = (ruleId: string, n: number): Finding[] =>
      Array.from({ length: n }, (_, i) => ({ ...base, ruleId, severity: 'warn' as const, line: i + 1 }));
    const findings = [...make('rule-a', 1200), ...make('rule-b', 30), ...make('rule-c', 20), ...make('rule-d', 10)];
    const text = formatStylish(
      { ...sampleReport(), findings, operations: undefined },
      { ...CONTEXT, maxProblems: 100 },
    );
    expect(text).toContain('… and 1,160 more problems not listed (most: rule-a 1,100, rule-b 30, rule-c 20, …).');
  });
});

describe('formatCount', () => {
  it('writes a count as Intl.NumberFormat en-US does', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const count of [
      0,
      1,
      12,
      123,
      999,
      1000,
      9999,
      22850,
      100000,
      999999,
      1000000,
      1234567,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(formatCount(count)).toBe(intl.format(count));
    }
  });
});
