/**
 * Every contract setting a repository's configuration may set (issue 34, Why 17): bounded, listed
 * in the configuration record of every report format, and under a policy used only where the
 * policy lists it (`contract.settings`), else a `policy-setting-refused` finding naming the key.
 * `--rate` on the command line has the same bounds (`--rate 0.000001` made a run that never ends).
 * Over the built CLI against a real HTTP server.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { reportValidator } from '../../src/report/schema.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-settings-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

write(
  'api.yaml',
  [
    'openapi: 3.0.3',
    'info: { title: Settings, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      operationId: listThings',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema: { type: object, properties: { data: { type: array, items: { type: string } } } }',
    '              example: { data: [a] }',
    '',
  ].join('\n'),
);

let server: Server;
let url: string;
beforeAll(async () => {
  // Every answer takes 40 ms: over a response-time budget of 1 ms, well within the default 2000 ms.
  server = createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"data":["a"]}');
    }, 40);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface JsonReport {
  findings: Array<{ ruleId: string; message: string }>;
  configuration?: {
    settings?: Array<{ key: string; value: string | number; file: string; honoured: boolean; overridden?: boolean }>;
  };
}

const args = () => ['test', 'api.yaml', '--server', url, '--phases', 'examples', '--no-dredd', '--quiet'];

async function json(extra: string[]): Promise<{ code: number | null; report: JsonReport }> {
  const result = await votturInProcess([...args(), ...extra, '-f', 'json'], { cwd: dir });
  let report: JsonReport;
  try {
    report = JSON.parse(result.stdout) as JsonReport;
  } catch {
    throw new Error(`no JSON report (exit ${result.code}): ${result.stdout.slice(0, 300)} ${result.stderr}`);
  }
  expect(reportValidator()(report), JSON.stringify(reportValidator().errors)).toBe(true);
  return { code: result.code, report };
}

const ids = (report: JsonReport) => report.findings.map((finding) => finding.ruleId);

describe("the configuration's contract settings", () => {
  it('without a policy apply, and every format lists them with their value', async () => {
    write('vottur.config.yaml', 'contract:\n  maxResponseTime: 1\n  concurrency: 2\n');
    const outputs = ['markdown', 'html', 'sarif', 'junit', 'github'].flatMap((format) => [
      '--format',
      format,
      '--output',
      `out.${format}`,
    ]);
    const result = await votturInProcess([...args(), '--format', 'json', '--output', 'out.json', ...outputs], {
      cwd: dir,
    });
    expect(result.stderr).not.toMatch(/unexpected/);
    const report = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as JsonReport;
    expect(ids(report)).toContain('contract-response-time');
    expect(report.configuration?.settings).toEqual([
      { key: 'concurrency', value: 2, file: 'vottur.config.yaml', honoured: true },
      { key: 'maxResponseTime', value: 1, file: 'vottur.config.yaml', honoured: true },
    ]);
    for (const format of ['markdown', 'html', 'sarif', 'junit', 'github']) {
      const text = readFileSync(join(dir, `out.${format}`), 'utf8');
      expect(text, format).toMatch(/contract\.maxResponseTime: 1 set by vottur\.config\.yaml|maxResponseTime: 1/);
    }
    // SARIF: a notification per setting, and the record in the run's properties.
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')) as {
      runs: Array<{
        properties: { configuration?: JsonReport['configuration'] };
        invocations: Array<{ toolConfigurationNotifications?: Array<{ message: { text: string } }> }>;
      }>;
    };
    expect(sarif.runs[0]?.properties.configuration?.settings?.map((s) => s.key)).toEqual([
      'concurrency',
      'maxResponseTime',
    ]);
    expect(
      sarif.runs[0]?.invocations[0]?.toolConfigurationNotifications?.map((n) => n.message.text).join('\n'),
    ).toContain('contract.maxResponseTime: 1 set by vottur.config.yaml');
  });

  it('under --gate are refused, named in a policy finding and listed as not honoured; the defaults apply', async () => {
    write('vottur.config.yaml', 'contract:\n  maxResponseTime: 1\n  timeout: 120000\n  data: data.yaml\n');
    write('data.yaml', 'listThings: {}\n');
    const { report } = await json(['--gate']);
    expect(ids(report)).not.toContain('contract-response-time');
    const refusals = report.findings.filter((f) => f.ruleId === 'policy-setting-refused').map((f) => f.message);
    expect(refusals).toEqual([
      expect.stringContaining('`contract.timeout: 120000` in vottur.config.yaml was not used'),
      expect.stringContaining('`contract.maxResponseTime: 1` in vottur.config.yaml was not used'),
      expect.stringContaining('`contract.data: data.yaml` in vottur.config.yaml was not used'),
    ]);
    expect(report.configuration?.settings).toEqual([
      { key: 'timeout', value: 120000, file: 'vottur.config.yaml', honoured: false },
      { key: 'maxResponseTime', value: 1, file: 'vottur.config.yaml', honoured: false },
      { key: 'data', value: 'data.yaml', file: 'vottur.config.yaml', honoured: false },
    ]);
  });

  it('under a policy that lists a setting (contract.settings) it applies; the others are still refused', async () => {
    write('vottur.config.yaml', 'contract:\n  maxResponseTime: 1\n  rate: 500\n');
    write('policy.yaml', 'contract:\n  settings: [maxResponseTime]\n');
    const { report } = await json(['--policy', 'policy.yaml']);
    expect(ids(report)).toContain('contract-response-time');
    expect(report.findings.filter((f) => f.ruleId === 'policy-setting-refused').map((f) => f.message)).toEqual([
      expect.stringContaining('`contract.rate: 500` in vottur.config.yaml was not used'),
    ]);
    expect(report.configuration?.settings).toEqual([
      { key: 'maxResponseTime', value: 1, file: 'vottur.config.yaml', honoured: true },
      { key: 'rate', value: 500, file: 'vottur.config.yaml', honoured: false },
    ]);
  });

  it('a setting the command line also gives is listed as overridden, and refused by no policy', async () => {
    write('vottur.config.yaml', 'contract:\n  maxResponseTime: 1\n');
    const { report } = await json(['--max-response-time', '5000']);
    expect(ids(report)).not.toContain('contract-response-time');
    expect(report.configuration?.settings).toEqual([
      { key: 'maxResponseTime', value: 1, file: 'vottur.config.yaml', honoured: true, overridden: true },
    ]);
  });

  it('a policy listing an unknown setting is refused in one line', async () => {
    write('vottur.config.yaml', '');
    write('bad-policy.yaml', 'contract:\n  settings: [server]\n');
    const result = await votturInProcess([...args(), '--policy', 'bad-policy.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/the policy bad-policy\.yaml: `contract\.settings\.0`/);
  });
});

describe('rates are bounded wherever they come from', () => {
  for (const rate of ['0.000001', '5000']) {
    it(`--rate ${rate} is refused in one line, exit 2, before any request`, async () => {
      write('vottur.config.yaml', '');
      const result = await votturInProcess([...args(), '--rate', rate], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `vottur: --rate "${rate}" is outside 0.1 to 1000 requests per second; give a rate within them, or leave --rate out for no limit\n`,
      );
    });
  }

  it('contract.rate: 0.000001 in the configuration is refused in one line, exit 2', async () => {
    write('vottur.config.yaml', 'contract:\n  rate: 0.000001\n');
    const result = await votturInProcess(args(), { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/contract\.rate/);
  });
});
