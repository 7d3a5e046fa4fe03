import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/finding.js';
import { escapeData, escapeProperty, formatGithub } from '../../src/report/formatters/github.js';
import { CONTEXT, DOCUMENT, lintReport, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from './sample.js';

interface Annotation {
  command: string;
  properties: Record<string, string>;
  message: string;
}

/** Reads workflow commands back as the runner does: `::name key=value,key=value::message`, unescaping. */
function unescape(text: string): string {
  return text.replace(
    /%(25|0D|0A|3A|2C)/g,
    (_m, code: string) => ({ '25': '%', '0D': '\r', '0A': '\n', '3A': ':', '2C': ',' })[code]!,
  );
}

function parse(output: string): { annotations: Annotation[]; other: string[] } {
  const annotations: Annotation[] = [];
  const other: string[] = [];
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const match = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) {
      other.push(line);
      continue;
    }
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1));
    }
    annotations.push({ command: match[1], properties, message: unescape(match[3]) });
  }
  return { annotations, other };
}

describe('github format', () => {
  it('writes one annotation per finding: error, warning or notice, with file, line, col and the rule as title', () => {
    const { annotations, other } = parse(formatGithub(sampleReport(), CONTEXT));
    expect(annotations).toHaveLength(9);
    expect(annotations.map((a) => a.command).sort()).toEqual([
      'error',
      'error',
      'error',
      'error',
      'notice',
      'warning',
      'warning',
      'warning',
      'warning',
    ]);
    const id = annotations.find((a) => a.properties.title === 'platform-national-id-format')!;
    expect(id.command).toBe('error');
    expect(id.properties).toEqual({
      file: DOCUMENT,
      line: '17',
      col: '13',
      endLine: '17',
      endColumn: '33',
      title: 'platform-national-id-format',
    });
    expect(id.message).toBe(
      '`example` is `010130-****`, a national identifier with a hyphen; write ten digits: `010130****`.\nRule documentation: https://github.com/vottur/vottur/blob/main/docs/rules/platform-national-id-format.md',
    );
    expect(annotations.find((a) => a.properties.title === 'platform-security-schemes')!.command).toBe('notice');
    expect(other).toEqual([
      'vottur: Score 25/100 (F), 1 of 3 operations pass; 4 errors, 4 warnings, 0 info, 1 hint in 1 document.',
    ]);
  });

  it('places contract findings on their operation in the description file', () => {
    const { annotations } = parse(formatGithub(sampleReport(), CONTEXT));
    const status = annotations.find((a) => a.properties.title === 'contract-status-code')!;
    expect(status.properties).toEqual({ file: DOCUMENT, line: '28', col: '7', title: 'contract-status-code' });
    expect(
      status.message.startsWith(
        'GET /v2/actor-profiles: Expected one of the documented statuses (200), got 500.\nRule documentation: ',
      ),
    ).toBe(true);
    const contentType = annotations.find((a) => a.properties.title === 'response-content-type')!;
    expect(contentType.properties).toMatchObject({ file: DOCUMENT, line: '26', col: '5' });
  });

  it('gives contract findings on a remote description no file', () => {
    const report: Report = sampleReport();
    const url = 'https://api.example.org/openapi.json';
    report.documents = [{ path: url }];
    report.findings = report.findings.filter((f) => f.source !== 'lint').map((f) => ({ ...f, document: url }));
    const { annotations } = parse(formatGithub(report, CONTEXT));
    expect(annotations).toHaveLength(3);
    for (const annotation of annotations) expect(Object.keys(annotation.properties)).toEqual(['title']);
  });

  it('escapes %, CR and LF in messages, and : and , in properties', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%d\n')).toBe('a%3Ab%2Cc%25d%0A');
    const report = lintReport();
    const document = 'apis/v1,v2:beta/100%.yaml';
    report.documents = [{ path: document }];
    report.findings = [
      {
        ...report.findings[1],
        document,
        ruleId: 'rule,with:odd',
        message: 'line one\r\nline two: 50% off, ::error::',
      },
    ];
    const output = formatGithub(report, CONTEXT);
    // Exactly two lines: the annotation (no raw line break leaks) and the summary.
    expect(output.trimEnd().split('\n')).toHaveLength(2);
    const { annotations } = parse(output);
    expect(annotations).toHaveLength(1);
    expect(annotations[0].properties.file).toBe(document);
    expect(annotations[0].properties.title).toBe('rule,with:odd');
    expect(annotations[0].message.split('\nRule documentation: ')[0]).toBe('line one\r\nline two: 50% off, ::error::');
  });

  it('says when GitHub will not show every annotation', () => {
    const report = lintReport();
    const base = report.findings[1];
    report.findings = Array.from({ length: 11 }, (_, i) => ({ ...base, line: i + 1 }));
    const { annotations, other } = parse(formatGithub(report, CONTEXT));
    expect(annotations).toHaveLength(11);
    expect(other[0]).toMatch(
      /GitHub shows only the first 10 annotations of each kind per step; every finding is in the log above\.$/,
    );
    report.findings = report.findings.slice(0, 10);
    expect(parse(formatGithub(report, CONTEXT)).other[0]).not.toContain('GitHub shows only');
  });

  it('masks national identifiers unless --show-pii', () => {
    const output = formatGithub(sampleReport(), CONTEXT);
    expect(output).not.toContain(NATIONAL_ID);
    expect(output).not.toContain(NATIONAL_ID_HYPHEN);
    expect(output).toContain(MASKED);
    expect(formatGithub(sampleReport(), { ...CONTEXT, showPii: true })).toContain(NATIONAL_ID);
  });
});
