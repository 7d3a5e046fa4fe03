import { beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import type { ReportingDescriptor, Result } from 'sarif';
import type { Report } from '../../src/report/finding.js';
import { artifactLocation, formatSarif, pascalName, SARIF_SCHEMA_URI } from '../../src/report/formatters/sarif.js';
import { MULTITOOL, problems, validateAll, validatorTitle, type ValidatorResult } from './sarif-validator.js';
import { CONTEXT, CWD, DOCUMENT, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, RULES, sampleReport } from './sample.js';

function sarifOf(report: Report, showPii = false) {
  return JSON.parse(formatSarif(report, { ...CONTEXT, showPii }));
}

describe('sarif format', () => {
  it('is a SARIF 2.1.0 log with one run and the rules that ran', () => {
    const log = sarifOf(sampleReport());
    expect(log.$schema).toBe(SARIF_SCHEMA_URI);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0].tool.driver;
    expect(driver).toMatchObject({
      name: 'vottur',
      version: '0.1.0',
      semanticVersion: '0.1.0',
      informationUri: 'https://github.com/vottur/vottur',
    });
    expect(driver.rules.map((r: { id: string }) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(driver.rules[0]).toMatchObject({
      id: 'platform-national-id-format',
      name: 'PlatformNationalIdFormat',
      shortDescription: { text: RULES[0].description },
      helpUri: RULES[0].docsUrl,
      defaultConfiguration: { level: 'error' },
      properties: { category: 'data-format' },
    });
    const levels = Object.fromEntries(
      driver.rules.map((r: ReportingDescriptor) => [r.id, r.defaultConfiguration?.level]),
    );
    expect(levels).toMatchObject({
      'platform-property-camel-case': 'warning',
      'platform-security-schemes': 'note',
      'contract-status-code': 'error',
    });
    expect(log.runs[0].properties).toMatchObject({
      score: 25,
      grade: 'F',
      summary: { error: 4, warn: 4, info: 0, hint: 1 },
    });
  });

  it('points lint results at the file, relative to SRCROOT, with line and column', () => {
    const run = sarifOf(sampleReport()).runs[0];
    expect(run.originalUriBaseIds.SRCROOT.uri).toBe(pathToFileURL(`${CWD}/`).href);
    expect(run.originalUriBaseIds.SRCROOT.uri.endsWith('/')).toBe(true);
    const result = run.results.find((r: Result) => r.ruleId === 'platform-national-id-format');
    expect(result.level).toBe('error');
    expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: DOCUMENT, uriBaseId: 'SRCROOT' },
      region: { startLine: 17, startColumn: 13, endLine: 17, endColumn: 33 },
    });
    expect(result.locations[0].logicalLocations).toBeUndefined();
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
    const levels = run.results.map((r: Result) => r.level);
    expect(levels.filter((l: string) => l === 'error')).toHaveLength(4);
    expect(levels.filter((l: string) => l === 'warning')).toHaveLength(4);
    expect(levels.filter((l: string) => l === 'note')).toHaveLength(1);
  });

  it('gives contract results the operation as a logical location, placed on it in the description', () => {
    const run = sarifOf(sampleReport()).runs[0];
    const result = run.results.find((r: Result) => r.ruleId === 'contract-status-code');
    expect(result.locations[0].logicalLocations).toEqual([
      { name: 'getActorProfiles', fullyQualifiedName: 'GET /v2/actor-profiles', kind: 'function' },
    ]);
    // The pointer /paths/~1v2~1actor-profiles/get/responses lands on `responses:` (line 28).
    expect(result.locations[0].physicalLocation.region).toEqual({ startLine: 28, startColumn: 7 });
    const response = run.results.find((r: Result) => r.ruleId === 'response-national-id-format');
    // A pointer into the payload (/nationalId) is not followed; the operation's `get:` is (line 8).
    expect(response.locations[0].physicalLocation.region).toEqual({ startLine: 8, startColumn: 5 });
    expect(response.properties).toMatchObject({
      source: 'response',
      operationId: 'getUserProfile',
      request: { method: 'GET', status: 200 },
    });
  });

  it('masks national identifiers unless --show-pii', () => {
    const text = formatSarif(sampleReport(), CONTEXT);
    expect(text).not.toContain(NATIONAL_ID);
    expect(text).not.toContain(NATIONAL_ID_HYPHEN);
    expect(text).toContain(MASKED);
    expect(formatSarif(sampleReport(), { ...CONTEXT, showPii: true })).toContain(NATIONAL_ID);
  });

  it('writes URLs and paths outside the working directory as absolute URIs', () => {
    expect(artifactLocation('https://api.example.org/v2/users/{nationalId}', CWD)).toEqual({
      uri: 'https://api.example.org/v2/users/%7BnationalId%7D',
    });
    expect(artifactLocation('../elsewhere/api.yaml', '/work/project')).toEqual({
      uri: 'file:///work/elsewhere/api.yaml',
    });
    expect(artifactLocation('apis/my api.yaml', '/work/project')).toEqual({
      uri: 'apis/my%20api.yaml',
      uriBaseId: 'SRCROOT',
    });
    expect(pascalName('platform-national-id-format')).toBe('PlatformNationalIdFormat');
    expect(pascalName('3xx-redirects')).toBe('Rule3xxRedirects');
  });

  it('names only the operation for contract findings on a remote description', () => {
    const report = sampleReport();
    const url = 'https://api.example.org/user-profile/openapi.json';
    report.documents = [{ path: url }];
    report.findings = report.findings
      .filter((f) => f.source !== 'lint')
      .map((f) => ({
        ...f,
        document: url,
        ...(f.related ? { related: f.related.map((r) => ({ ...r, document: url })) } : {}),
      }));
    const run = sarifOf(report).runs[0];
    expect(run.originalUriBaseIds).toBeUndefined();
    for (const result of run.results) {
      expect(result.locations).toHaveLength(1);
      expect(result.locations[0].physicalLocation).toBeUndefined();
      expect(result.locations[0].logicalLocations[0].fullyQualifiedName).toMatch(/^GET \/v2\//);
      expect(result.properties.document).toBe(url);
    }
  });

  it('describes rules that only findings name, so every ruleIndex is valid', () => {
    const report = sampleReport();
    report.rules = [];
    const run = sarifOf(report).runs[0];
    expect(run.tool.driver.rules).toHaveLength(new Set(report.findings.map((f) => f.ruleId)).size);
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
  });

  describe.skipIf(!MULTITOOL)(validatorTitle("Microsoft's SARIF validator"), () => {
    // Every log of this block, validated in one start of the validator (several seconds each).
    const remoteReport = () => {
      const remote = sampleReport();
      const url = 'https://api.example.org/user-profile/openapi.json';
      remote.documents = [{ path: url }];
      remote.findings = remote.findings.filter((f) => f.source !== 'lint').map((f) => ({ ...f, document: url }));
      return remote;
    };
    const suppressedReport = () => {
      const report = sampleReport();
      const third = report.findings[2];
      report.findings = report.findings.map((f, i) => ({
        ...f,
        fingerprint: `fp${i}`,
        baselineState: i === 1 ? ('unchanged' as const) : ('new' as const),
      }));
      report.findings[0] = {
        ...report.findings[0],
        suppressions: [{ kind: 'inSource', justification: 'A legacy endpoint, replaced in v3.' }],
      };
      report.baseline = {
        file: 'vottur-baseline.json',
        unchanged: 1,
        expired: 0,
        absent: [{ rule: third.ruleId, document: third.document, pointer: third.pointer, fingerprint: 'gone' }],
      };
      return report;
    };
    const brokenLog = () => {
      const log = sarifOf(sampleReport());
      delete log.$schema;
      delete log.runs[0].tool.driver.version;
      delete log.runs[0].tool.driver.semanticVersion;
      log.runs[0].results[0].ruleIndex = 99;
      return log;
    };
    const SUPPRESSED = sarifOf(suppressedReport());
    const LOGS = {
      sample: { sarif: formatSarif(sampleReport(), CONTEXT) },
      sampleGh: { sarif: formatSarif(sampleReport(), CONTEXT), ruleKinds: 'Sarif;Gh' },
      remote: { sarif: formatSarif(remoteReport(), CONTEXT) },
      empty: { sarif: formatSarif({ ...sampleReport(), findings: [] }, CONTEXT) },
      suppressed: { sarif: JSON.stringify(SUPPRESSED) },
      suppressedGh: { sarif: JSON.stringify(SUPPRESSED), ruleKinds: 'Sarif;Gh' },
      broken: { sarif: JSON.stringify(brokenLog()) },
    };
    const found = {} as Record<keyof typeof LOGS, ValidatorResult[]>;
    beforeAll(() => {
      const names = Object.keys(LOGS) as (keyof typeof LOGS)[];
      const results = validateAll(names.map((name) => LOGS[name]));
      names.forEach((name, i) => (found[name] = results[i]));
    }, 180_000);

    it('reports no error and no warning for a report with lint and contract findings', () => {
      expect(problems(found.sample)).toEqual([]);
    });

    it("reports no error and no warning under GitHub code scanning's rules either", () => {
      expect(problems(found.sampleGh)).toEqual([]);
    });

    it('reports no error and no warning for contract findings on a remote description, nor for an empty run', () => {
      expect(problems(found.remote)).toEqual([]);
      expect(problems(found.empty)).toEqual([]);
    });

    it('reports no error and no warning with suppressions, baseline states and fixed entries', () => {
      const results = SUPPRESSED.runs[0].results as Result[];
      expect(results[0].suppressions).toEqual([
        { kind: 'inSource', status: 'accepted', justification: 'A legacy endpoint, replaced in v3.' },
      ]);
      expect(results.map((r) => r.baselineState)).toContain('unchanged');
      expect(results.at(-1)).toMatchObject({
        baselineState: 'absent',
        kind: 'pass',
        partialFingerprints: { 'vottur/v1': 'gone' },
      });
      expect(problems(found.suppressed)).toEqual([]);
      expect(problems(found.suppressedGh)).toEqual([]);
    });

    it('does find problems in a broken log (the check can fail)', () => {
      const problemsFound = problems(found.broken);
      expect(problemsFound.some((p) => p.startsWith('SARIF2008'))).toBe(true); // no $schema
      expect(problemsFound.some((p) => p.startsWith('SARIF2005'))).toBe(true); // no tool version
      expect(problemsFound.some((p) => p.startsWith('SARIF1009'))).toBe(true); // ruleIndex out of range
      // The rule kinds are the log's own: GitHub's rules only where asked for.
      expect(found.broken.filter((r) => r.ruleId.startsWith('GH'))).toEqual([]);
    });
  });
});

describe('evidence of the same cause', () => {
  it('becomes relatedLocations naming the rule', async () => {
    const { formatSarif } = await import('../../src/report/formatters/sarif.js');
    const { contractReport, CONTEXT } = await import('./sample.js');
    const log = JSON.parse(formatSarif(contractReport(), CONTEXT)) as {
      runs: Array<{
        results: Array<{ message: { text: string }; relatedLocations?: Array<{ message?: { text: string } }> }>;
      }>;
    };
    const result = log.runs[0].results.find((r) =>
      r.message.text.startsWith('Expected one of the documented statuses'),
    )!;
    expect(result.relatedLocations?.map((r) => r.message?.text)).toEqual([
      'contract-dredd: Dredd transaction "/v2/actor-profiles > 200" failed: statusCode 500.',
    ]);
  });
});
