/**
 * A contract score means what the gate means (issue 36, item 5): scored per operation and
 * category, "N of M operations pass" in every format that shows the score, no passing grade on a
 * failing run; a server that is down reported as down; the fuzz phase naming what a value breaks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { runContractTests } from '../../src/contract/index.js';
import { fuzzRequest } from '../../src/contract/phases/fuzz.js';
import { operationInputs } from '../../src/contract/phases/inputs.js';
import type { Credentials } from '../../src/contract/auth.js';
import { FORMATTERS } from '../../src/report/formatters/index.js';
import { parseJsonReport } from '../../src/report/merge.js';
import type { Finding, OperationResult, Report } from '../../src/report/finding.js';
import { scoreReport } from '../../src/report/score.js';
import { closedPort, THINGS_DESCRIPTION, type TestServer } from './fixtures/servers.js';
import { describeYaml, operation } from './probes/helpers.js';

async function check(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await votturInProcess(['check', ...args]);
  return { ...result, code: result.code ?? 2 };
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const context = { cwd: process.cwd(), color: false, showPii: false };

describe('vottur check --fault server-error (every operation answers 500)', () => {
  it('scores 0 (F), not 83 (B), and every format says 0 of 4 operations pass', async () => {
    const result = await check([
      '--fault',
      'server-error',
      '--no-dredd',
      '--seed',
      '4242',
      '--format',
      'json',
      '--quiet',
    ]);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as { score: ReturnType<typeof scoreReport> };
    expect(json.score).toMatchObject({ score: 0, grade: 'F', operations: { passed: 0, total: 4 } });
    expect(json.score.byDocument[0]).toMatchObject({ score: 0, grade: 'F', operations: { passed: 0, total: 4 } });
    expect(json.score.byCategory.errors).toMatchObject({ score: 0, grade: 'F' });
    const report = parseJsonReport(JSON.parse(result.stdout));
    const stylish = FORMATTERS.stylish(report, context);
    expect(stylish).toContain('Score 0/100 (F), 0 of 4 operations pass.');
    expect(FORMATTERS.markdown(report, context)).toContain('**Score 0/100 (F), 0 of 4 operations pass**');
    const html = FORMATTERS.html(report, context);
    expect(html).toContain('data-score="0" data-grade="F"');
    expect(html).toContain('Score 0/100 (F), 0 of 4 operations pass');
    const junit = FORMATTERS.junit(report, context);
    expect(junit).toContain('<property name="vottur.grade" value="F"/>');
    expect(junit).toContain('<property name="vottur.operations.passed" value="0"/>');
    expect(junit).toContain('<property name="vottur.operations.total" value="4"/>');
    expect(FORMATTERS.github(report, context)).toContain('Score 0/100 (F), 0 of 4 operations pass');
  }, 180_000);
});

describe('the contract score, per operation and category', () => {
  const operations: OperationResult[] = ['GET /a', 'GET /b', 'GET /c', 'GET /d'].map((operation) => ({
    document: 'api.yaml',
    operation,
    requests: 1,
    findings: 0,
  }));
  const finding = (operation: string, severity: Finding['severity'], category: Finding['category']): Finding =>
    ({
      ruleId: `contract-${category}-${severity}`,
      severity,
      category,
      message: 'm',
      document: 'api.yaml',
      pointer: '',
      operation,
      docsUrl: '',
      source: 'contract',
      fingerprint: `${operation}-${severity}-${category}`,
    }) as unknown as Finding;
  const report = (findings: Finding[]): Pick<Report, 'documents' | 'findings' | 'rules' | 'operations'> => ({
    documents: [{ path: 'api.yaml' }] as Report['documents'],
    findings,
    rules: [],
    operations,
  });

  it('one operation of four failing an error-level check leaves at most 75, graded F as the gate fails', () => {
    const score = scoreReport(report([finding('GET /a', 'error', 'errors')]));
    expect(score).toMatchObject({ score: 75, grade: 'F', operations: { passed: 3, total: 4 } });
    expect(score.byCategory.errors).toMatchObject({ score: 75, grade: 'F' });
    expect(score.byCategory.naming).toMatchObject({ score: 100, grade: 'A' });
  });

  it('warnings cost the operation that has them, as in lint, and fail nothing', () => {
    const score = scoreReport(report([finding('GET /a', 'warn', 'naming')]));
    // One warning on one of four operations: (97.04 + 3 × 100) / 4.
    expect(score).toMatchObject({ score: 99, grade: 'A', operations: { passed: 4, total: 4 } });
  });
});

describe('a server that is down', () => {
  it('is reported as unreachable, not as missing credentials', async () => {
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: `http://127.0.0.1:${await closedPort()}`,
      dredd: false,
      phases: ['examples'],
      allowUnsafeMethods: true,
    });
    expect(report.findings.map((f) => f.ruleId)).toEqual(['contract-unreachable']);
    expect(report.operations!.map((op) => op.notTested)).toEqual(
      report.operations!.map(() => 'the server could not be reached'),
    );
    expect(FORMATTERS.stylish(report, context)).not.toContain('no credentials were given');
  });
});

describe('the fuzz phase names what a value breaks', () => {
  it('a national identifier of the right form with a wrong check digit breaks the check digit, not "its schema"', async () => {
    const description = await describeYaml(`openapi: 3.0.3
info: { title: People, version: 1.0.0 }
paths:
  /people/{nationalId}:
    get:
      operationId: getPerson
      parameters:
        - { name: nationalId, in: path, required: true, schema: { type: string, pattern: '^[0-9]{10}$' } }
      responses:
        '200': { description: ok }
`);
    const op = operation(description, 'getPerson');
    const inputs = operationInputs(description, op, undefined);
    const credentials = { full: {}, hasCredentials: false } as unknown as Credentials;
    const server = new URL('http://127.0.0.1:1/');
    const tagged = (value: string) =>
      fuzzRequest(
        { server, credentials },
        op,
        inputs,
        { values: { 'path:nationalId': value }, invalid: 'path:nationalId' },
        false,
      );
    // 120160-3389 is valid; 3399 has a wrong check digit and still matches the pattern.
    expect(tagged('1201603399').detail).toEqual({ input: 'path:nationalId', constraint: 'check digit' });
    expect(tagged('12016033').detail).toEqual({ input: 'path:nationalId', constraint: 'pattern ^[0-9]{10}$' });
  });
});
