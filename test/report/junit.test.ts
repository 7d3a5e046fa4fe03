import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Report } from '../../src/report/finding.js';
import { formatJunit } from '../../src/report/formatters/junit.js';
import {
  CONTEXT,
  COUNTS,
  DOCUMENT,
  emptyReport,
  lintReport,
  MASKED,
  NATIONAL_ID,
  NATIONAL_ID_HYPHEN,
  sampleReport,
} from './sample.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ['testsuite', 'testcase', 'property', 'failure', 'skipped'].includes(name),
});

interface Case {
  name: string;
  classname: string;
  file?: string;
  time: string;
  failure?: Array<{ message: string; type: string; '#text': string }>;
  skipped?: Array<{ message: string }>;
  'system-out'?: string;
}
interface Suite {
  name: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  time: string;
  properties: { property: Array<{ name: string; value: string }> };
  testcase: Case[];
}

function parse(report: Report, showPii = false): { root: Record<string, string>; suites: Suite[]; xml: string } {
  const xml = formatJunit(report, { ...CONTEXT, showPii });
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml);
  const { testsuite, ...root } = doc.testsuites;
  return { root, suites: testsuite ?? [], xml };
}

const property = (suite: Suite, name: string) => suite.properties.property.find((p) => p.name === name)?.value;

describe('junit format', () => {
  it('has one suite per document and per operation, one case per rule checked', () => {
    const { suites } = parse(sampleReport());
    expect(suites.map((s) => s.name)).toEqual([
      DOCUMENT,
      'GET /v2/users/{nationalId}',
      'GET /v2/actor-profiles',
      'DELETE /v2/users/{nationalId}',
    ]);
    const [lint, users, actors, del] = suites as [Suite, Suite, Suite, Suite];
    expect(lint.testcase.map((c) => c.name)).toEqual([
      'platform-national-id-format',
      'platform-property-camel-case',
      'platform-operation-summary',
      'platform-date-format',
      'platform-description-markdown',
      'platform-security-schemes',
      'platform-problem-details',
    ]);
    expect(lint.testcase).toHaveLength(COUNTS.lintRules);
    for (const suite of [users, actors, del])
      expect(suite.testcase.map((c) => c.name)).toEqual([
        'response-national-id-format',
        'response-content-type',
        'contract-status-code',
      ]);
    expect(lint.testcase.every((c) => c.classname === DOCUMENT && c.file === DOCUMENT)).toBe(true);
    expect(actors.testcase.every((c) => c.classname === 'GET /v2/actor-profiles')).toBe(true);
  });

  it('fails a case per rule with errors or warnings, carrying each message and location', () => {
    const { suites } = parse(sampleReport());
    const lint = suites[0];
    const byName = Object.fromEntries(lint.testcase.map((c) => [c.name, c]));
    const idFormat = byName['platform-national-id-format'];
    expect(idFormat.failure).toHaveLength(1);
    expect(idFormat.failure![0].type).toBe('platform-national-id-format');
    expect(idFormat.failure![0].message).toBe(
      '`example` is `010130-****`, a national identifier with a hyphen; write ten digits: `010130****`.',
    );
    expect(idFormat.failure![0]['#text']).toContain(`at ${DOCUMENT}:17:13`);
    expect(idFormat.failure![0]['#text']).toContain(
      'docs: https://github.com/vottur/vottur/blob/main/docs/rules/platform-national-id-format.md',
    );
    // Markup in a message survives the round trip exactly.
    expect(byName['platform-description-markdown'].failure![0].message).toBe(
      'The description uses the HTML tag `<b>` & a "quoted | piped" phrase; write Markdown (`**When**`).',
    );
    // A rule with only a hint passes and shows it; a rule with nothing passes bare.
    expect(byName['platform-security-schemes'].failure).toBeUndefined();
    expect(byName['platform-security-schemes']['system-out']).toContain('hint: No `securitySchemes`');
    expect(byName['platform-problem-details'].failure).toBeUndefined();
    expect(byName['platform-problem-details']['system-out']).toBeUndefined();

    const actors = suites[2];
    const status = actors.testcase.find((c) => c.name === 'contract-status-code')!;
    expect(status.failure![0]['#text']).toContain('at GET /v2/actor-profiles');
    expect(status.failure![0]['#text']).toContain(
      'request: GET http://127.0.0.1:4010/v2/actor-profiles?from=010130**** -> 500 (40 ms)',
    );
  });

  it('counts tests, failures, errors, skipped and time right', () => {
    const { root, suites } = parse(sampleReport());
    const [lint, users, actors, del] = suites as [Suite, Suite, Suite, Suite];
    expect([lint.tests, lint.failures, lint.errors, lint.skipped, lint.time]).toEqual(['7', '5', '0', '0', '0.000']);
    expect([users.tests, users.failures, users.skipped, users.time]).toEqual(['3', '1', '0', '0.025']);
    expect([actors.tests, actors.failures, actors.skipped, actors.time]).toEqual(['3', '2', '0', '0.040']);
    // Not exercised: every case skipped, none failed.
    expect([del.tests, del.failures, del.skipped]).toEqual(['3', '0', '3']);
    expect(del.testcase.every((c) => c.skipped?.[0]?.message === 'operation not exercised: no request was made')).toBe(
      true,
    );
    for (const suite of suites) {
      expect(Number(suite.tests)).toBe(suite.testcase.length);
      expect(Number(suite.failures)).toBe(suite.testcase.filter((c) => c.failure).length);
      expect(Number(suite.skipped)).toBe(suite.testcase.filter((c) => c.skipped).length);
    }
    expect(root.name).toBe('vottur');
    expect(Number(root.tests)).toBe(16);
    expect(Number(root.failures)).toBe(8);
    expect(Number(root.errors)).toBe(0);
    expect(Number(root.skipped)).toBe(3);
    expect(Number(root.time)).toBeCloseTo(0.065, 3);
  });

  it('carries the score and grade as suite properties', () => {
    const { suites } = parse(sampleReport());
    expect(property(suites[0], 'vottur.score')).toBe('25');
    expect(property(suites[0], 'vottur.grade')).toBe('F');
    expect(property(suites[0], 'vottur.document.score')).toBe('25');
    expect(property(suites[0], 'vottur.source')).toBe('lint');
    expect(property(suites[2], 'vottur.operationId')).toBe('getActorProfiles');
    expect(property(suites[2], 'vottur.requests')).toBe('1');
  });

  it('passes every case of a clean lint run', () => {
    const { root, suites } = parse(emptyReport());
    expect(suites).toHaveLength(1);
    expect(root.tests).toBe(String(COUNTS.lintRules));
    expect(root.failures).toBe('0');
    expect(suites[0].testcase.every((c) => !c.failure && !c.skipped)).toBe(true);
    expect(property(suites[0], 'vottur.score')).toBe('100');
  });

  it('has no contract suites for a lint run', () => {
    const { suites } = parse(lintReport());
    expect(suites.map((s) => s.name)).toEqual([DOCUMENT]);
  });

  it('masks national identifiers unless --show-pii', () => {
    const { xml } = parse(sampleReport());
    expect(xml).not.toContain(NATIONAL_ID);
    expect(xml).not.toContain(NATIONAL_ID_HYPHEN);
    expect(xml).toContain(MASKED);
    expect(parse(sampleReport(), true).xml).toContain(NATIONAL_ID);
  });

  it('shows control characters escaped (XML cannot carry them) and keeps attributes on one line', () => {
    const report = lintReport();
    report.findings = [{ ...report.findings[1], message: 'bad \u0001byte\nand a second line ]]> <end>' }];
    const { suites } = parse(report);
    const failure = suites[0].testcase.find((c) => c.failure)!.failure![0];
    expect(failure.message).toBe('bad \\u0001byte and a second line ]]> <end>');
    expect(failure['#text']).toContain('bad \\u0001byte\nand a second line ]]> <end>');
  });
});
