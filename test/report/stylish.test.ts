import { describe, expect, it } from 'vitest';
import { formatStylish } from '../../src/report/formatters/stylish.js';
import { CONTEXT, DOCUMENT, emptyReport, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from './sample.js';

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
      'GET /v2/actor-profiles',
      'warning',
      'response-content-type',
      'Content-Type is `text/plain`; send `application/json`.',
      'GET http://127.0.0.1:4010/v2/actor-profiles?from=010130****',
    ]);
  });

  it('ends with a summary line that gives the score and grade', () => {
    const lines = formatStylish(sampleReport(), CONTEXT).trimEnd().split('\n');
    expect(lines.at(-1)).toBe('✖ 9 problems (4 errors, 4 warnings, 0 info, 1 hint) in 1 document. Score 59/100 (F).');
    expect(formatStylish(emptyReport(), CONTEXT).trimEnd()).toBe('✔ No problems found in 1 document. Score 100/100 (A).');
  });

  it('says, for a contract run, how many operations and requests were tested', () => {
    const report = sampleReport();
    const lines = formatStylish(report, CONTEXT).trimEnd().split('\n');
    const requests = report.operations!.reduce((sum, op) => sum + op.requests, 0);
    const failing = report.operations!.filter((op) => op.findings > 0).length;
    expect(lines.at(-2)).toBe(`${report.operations!.length} operations tested with ${requests} requests, ${failing} with findings; ${report.rules.length} rules checked.`);
    expect(formatStylish({ ...report, findings: [], operations: report.operations!.map((op) => ({ ...op, findings: 0 })) }, CONTEXT)).toMatch(/all as described/);
    expect(formatStylish(emptyReport(), CONTEXT)).not.toMatch(/operations? tested/);
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
});
