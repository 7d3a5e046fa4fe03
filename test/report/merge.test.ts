import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CouldNotRunError } from '../../src/errors.js';
import { sortFindings, type Report } from '../../src/report/finding.js';
import { formatJson } from '../../src/report/formatters/json.js';
import { mergeReports, readJsonReport } from '../../src/report/merge.js';
import { CONTEXT, contractReport, DOCUMENT, lintReport, sampleReport } from './sample.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-merge-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

function otherDocument(): Report {
  const report = lintReport();
  const document = 'apis/vacancies.yaml';
  report.documents = [{ path: document, title: 'Vacancies', version: '2' }];
  report.findings = report.findings.slice(0, 2).map((f) => ({ ...f, document }));
  return report;
}

describe('mergeReports', () => {
  const now = new Date('2026-11-03T08:00:00.000Z');

  it('merges a lint and a test run into the check report', () => {
    const merged = mergeReports([lintReport(), contractReport()], { now });
    const check = sampleReport();
    expect(merged.createdTimestamp).toBe('2026-11-03T08:00:00.000Z');
    expect(merged.tool).toEqual(check.tool);
    // Deduplicated by path; the lint report's title and version are kept.
    expect(merged.documents).toEqual([{ path: DOCUMENT, title: 'User Profile Service', version: '2.1.0' }]);
    expect(merged.rules.map((r) => r.id).sort()).toEqual(check.rules.map((r) => r.id).sort());
    expect(merged.findings).toEqual(sortFindings(check.findings));
    expect(merged.operations).toEqual(check.operations);
  });

  it('sorts findings by document, line, column and rule', () => {
    const merged = mergeReports([otherDocument(), lintReport(), contractReport()], { now });
    const keys = merged.findings.map((f) => [f.document, f.line ?? 0]);
    expect(keys[0]).toEqual(['apis/vacancies.yaml', 1]);
    const sorted = [...merged.findings].sort(
      (a, b) =>
        a.document.localeCompare(b.document) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0) ||
        a.ruleId.localeCompare(b.ruleId) ||
        a.pointer.localeCompare(b.pointer),
    );
    expect(merged.findings).toEqual(sorted);
    expect(merged.documents.map((d) => d.path)).toEqual(['apis/vacancies.yaml', DOCUMENT]);
  });

  it('keeps identical findings once, so merging a report with itself changes nothing but the time', () => {
    const report = sampleReport();
    const merged = mergeReports([report, sampleReport()], { now });
    expect(merged.findings).toHaveLength(report.findings.length);
    expect(merged.operations).toEqual(report.operations);
  });

  it('adds up the same operation from different shards', () => {
    const a = contractReport();
    const b = contractReport();
    b.operations = [
      {
        document: DOCUMENT,
        operation: 'GET /v2/actor-profiles',
        operationId: 'getActorProfiles',
        requests: 4,
        findings: 0,
        durationMs: 60,
      },
    ];
    b.findings = [];
    const merged = mergeReports([a, b], { now });
    expect(merged.operations!.find((o) => o.operation === 'GET /v2/actor-profiles')).toEqual({
      document: DOCUMENT,
      operation: 'GET /v2/actor-profiles',
      operationId: 'getActorProfiles',
      requests: 5,
      findings: 2,
      durationMs: 100,
    });
  });

  it('keeps the first description of a rule and takes the tool given', () => {
    const a = lintReport();
    const b = lintReport();
    b.rules = b.rules.map((r) => ({ ...r, description: 'changed' }));
    const merged = mergeReports([a, b], { now, tool: { name: 'vottur', version: '9.9.9' } });
    expect(merged.rules).toEqual(a.rules);
    expect(merged.tool.version).toBe('9.9.9');
    expect(merged.operations).toBeUndefined();
  });

  it('refuses to merge nothing', () => {
    expect(() => mergeReports([])).toThrow(CouldNotRunError);
  });
});

describe('readJsonReport', () => {
  it('reads what --format json wrote', () => {
    const file = write('check.json', formatJson(sampleReport(), { ...CONTEXT, showPii: true }));
    expect(readJsonReport(file)).toEqual(sampleReport());
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not-json.json', '{"tool": ', /not-json\.json is not a vottur JSON report: not JSON \(/],
    ['array.json', '[]', /array\.json is not a vottur JSON report: expected an object written by --format json/],
    [
      'spectral.json',
      JSON.stringify([{ code: 'x', message: 'y', path: [], severity: 0 }]),
      /spectral\.json is not a vottur JSON report/,
    ],
    [
      'missing.json',
      JSON.stringify({ tool: { name: 'vottur', version: '1' } }),
      /missing\.json is not a vottur JSON report: \(top level\): must have required property 'createdTimestamp'/,
    ],
  ];
  for (const [name, text, message] of bad) {
    it(`refuses ${name} with one line naming the file`, () => {
      const file = write(name, text);
      let error: unknown;
      try {
        readJsonReport(file);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CouldNotRunError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).not.toContain('\n');
    });
  }

  it('says which finding is wrong', () => {
    const json = JSON.parse(formatJson(sampleReport(), CONTEXT));
    json.findings[3].severity = 'fatal';
    const file = write('fatal.json', JSON.stringify(json));
    expect(() => readJsonReport(file)).toThrow(
      /fatal\.json is not a vottur JSON report: \/findings\/3\/severity: must be equal to one of the allowed values \("error", "warn", "info", "hint"\)/,
    );
  });

  it('says when the file cannot be read', () => {
    expect(() => readJsonReport(join(dir, 'nope.json'))).toThrow(/cannot read .*nope\.json: no such file/);
    mkdirSync(join(dir, 'folder.json'));
    expect(() => readJsonReport(join(dir, 'folder.json'))).toThrow(/cannot read .*folder\.json: it is a folder/);
  });
});
