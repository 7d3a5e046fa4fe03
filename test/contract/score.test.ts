/**
 * The score tells the truth about a contract run:
 * nothing tested is not a pass. Real HTTP on loopback: a closed port, a server that drops one
 * method's connections, one that needs a token nobody gave, and one slower than the time limit.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { everything } from './evidence.js';
import { votturInProcess } from '../cli/run.js';
import { runContractTests, type ContractTestOptions } from '../../src/contract/index.js';
import { gateExit } from '../../src/report/gate.js';
import type { Report } from '../../src/report/finding.js';
import { scoreReport } from '../../src/report/score.js';
import {
  closedPort,
  startThingsServer,
  THINGS_DESCRIPTION,
  THINGS_TOKEN,
  type TestServer,
  type ThingsServerOptions,
} from './fixtures/servers.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function things(options: ThingsServerOptions = {}): Promise<TestServer> {
  const server = await startThingsServer(options);
  servers.push(server);
  return server;
}

function run(server: string, options: Partial<ContractTestOptions> = {}): Promise<Report> {
  return runContractTests({
    description: THINGS_DESCRIPTION,
    server,
    auth: { bearer: THINGS_TOKEN },
    dredd: false,
    phases: ['examples'],
    allowUnsafeMethods: true,
    ...options,
  });
}

const errors = (report: Report) => report.findings.filter((f) => f.severity === 'error');

describe('a contract run scores what it tested', () => {
  it('a server that cannot be reached is one finding and a score of 0 (not 90, A)', async () => {
    const report = await run(`http://127.0.0.1:${await closedPort()}`);
    expect(report.findings.map((f) => f.ruleId)).toEqual(['contract-unreachable']);
    expect(report.operations!.every((op) => op.notTested === 'the server could not be reached')).toBe(true);
    expect(scoreReport(report)).toMatchObject({ score: 0, grade: 'F' });
    expect(gateExit(report, { failSeverity: 'error' }, () => undefined)).toBe(1);
  });

  it('an operation no request could be built for is not tested either, on a live server and an unreachable one', async () => {
    // The things description with the path parameter's example taken out: GET /v1/things/{thingId} sends nothing.
    const folder = mkdtempSync(join(tmpdir(), 'vottur-untested-'));
    try {
      const description = join(folder, 'things.openapi.yaml');
      writeFileSync(
        description,
        readFileSync(THINGS_DESCRIPTION, 'utf8').replace(/\n\s+example: 11111111-1111-4111-8111-111111111111/, ''),
      );
      const server = await things();
      const live = await run(server.url, { description });
      const byLabel = new Map(live.operations!.map((op) => [op.operation, op.notTested]));
      expect(byLabel.get('GET /v1/things/{thingId}')).toBe(
        'no request could be built for it (see contract-missing-example)',
      );
      expect(byLabel.get('POST /v1/things')).toBeUndefined();
      expect(live.findings.map((f) => f.ruleId)).toContain('contract-missing-example');
      const down = await run(`http://127.0.0.1:${await closedPort()}`, { description });
      expect(down.operations!.map((op) => op.notTested)).toEqual([
        'the server could not be reached',
        'the server could not be reached',
      ]);
      expect(scoreReport(down)).toMatchObject({ score: 0, grade: 'F' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('an operation that got no answer is not tested, and lowers the score to the share tested', async () => {
    const server = await things({ resetMethods: ['POST'] });
    // One request in flight per operation, so the first of each is all that can be under way when it fails.
    const report = await run(server.url, { concurrency: 2 });
    const [post, get] = [
      report.operations!.find((op) => op.operation.startsWith('POST'))!,
      report.operations!.find((op) => op.operation.startsWith('GET'))!,
    ];
    expect(post.notTested).toMatch(/^no answer: /);
    expect(get.notTested).toBeUndefined();
    // One of two operations tested: at most half of what its findings alone would give.
    const { score } = scoreReport(report);
    expect(score).toBeLessThanOrEqual(50);
    expect(score).toBeGreaterThan(0);
    // The POST's first request got no answer; its other requests were not sent.
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('without credentials: one finding naming the options, the 401 probe only, the rest not run', async () => {
    const server = await things();
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      dredd: false,
      phases: ['examples', 'coverage', 'fuzz'],
      seed: 1,
      maxExamples: 5,
    });
    expect(errors(report).map((f) => f.ruleId)).toEqual(['contract-credentials-missing']);
    // Besides the POST held back without --allow-unsafe-methods (a contract-operation-untested warning).
    const said = report.findings.filter((f) => f.ruleId !== 'contract-operation-untested');
    expect(said.map((f) => f.ruleId)).toEqual(['contract-credentials-missing']);
    expect(said[0]?.message).toMatch(
      /--bearer <token>.*--token-url <url> with --client-id <id>.*VOTTUR_CLIENT_SECRET.*--header/,
    );
    // Only requests without credentials were sent: one 401 probe per secured GET operation (the
    // POST is not sent without --allow-unsafe-methods, issue 36 V3).
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
    expect(report.operations!.map((op) => op.notTested)).toEqual([
      'no credentials were given',
      'POST is not sent without --allow-unsafe-methods',
    ]);
    expect(scoreReport(report).score).toBe(0);
  });

  it('a server slower than the time limit: one wait per operation, score 0, the gate fails', async () => {
    const server = await things({ delayMs: 1500 });
    // One request in flight per operation: a round of waits, not one wait per request.
    const report = await run(server.url, { timeoutMs: 300, concurrency: 2 });
    expect([...new Set(report.findings.map((f) => f.ruleId))]).toEqual(['contract-timeout']);
    // Of the 6 planned requests, only those already under way when the first of their operation
    // failed were sent (at most one round: the operations, plus what the free slots took).
    expect(server.requests.length).toBeLessThanOrEqual(3);
    expect(everything(report)).toHaveLength(server.requests.length);
    expect(
      everything(report).some((f) => /the other \d+ requests? of GET .* (was|were) not sent$/.test(f.message)),
    ).toBe(true);
    expect(scoreReport(report).score).toBe(0);
    expect(gateExit(report, { failSeverity: 'error' }, () => undefined)).toBe(1);
  });

  it('vottur test against a closed port: exit 1 and Score 0/100 (F) on the command line', async () => {
    const { code, stdout } = await votturInProcess([
      'test',
      THINGS_DESCRIPTION,
      '--server',
      `http://127.0.0.1:${await closedPort()}`,
      '--no-dredd',
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/0 of 2 operations tested/);
    expect(stdout).toMatch(/Score 0\/100 \(F\), 0 of 2 operations pass\.\n$/);
  });
});

describe('the response time budget and the request rate', () => {
  it('an answer over --max-response-time is one warning per operation, naming the slowest', async () => {
    const server = await things({ delayMs: 250 });
    const report = await run(server.url, { maxResponseTimeMs: 100, timeoutMs: 5000 });
    const slow = everything(report).filter((f) => f.ruleId === 'contract-response-time');
    expect(slow).toHaveLength(report.operations!.length);
    for (const finding of slow) {
      expect(finding.severity).toBe('warn');
      expect(finding.message).toMatch(
        /^(GET|POST) \S+ took \d+ ms, over the response time budget of 100 ms \(--max-response-time\); \d+ of \d+ answers to .+ were over it$/,
      );
    }
    expect(report.rules.map((r) => r.id)).toContain('contract-response-time');
    const fast = await run(server.url, { maxResponseTimeMs: 4000, timeoutMs: 5000 });
    expect(everything(fast).filter((f) => f.ruleId === 'contract-response-time')).toEqual([]);
  });

  it('--rate spaces the starts of requests 1/n s apart, whoever sends them (fake clock)', async () => {
    const { vi } = await import('vitest');
    const { createPacer } = await import('../../src/contract/http.js');
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const pace = createPacer(10);
      const started: number[] = [];
      const all = Promise.all(Array.from({ length: 5 }, () => pace().then(() => started.push(performance.now()))));
      await vi.advanceTimersByTimeAsync(1000);
      await all;
      expect(started).toHaveLength(5);
      for (let i = 1; i < started.length; i++) expect(started[i] - started[i - 1]).toBeGreaterThanOrEqual(100);
      expect(started.at(-1)! - started[0]).toBeLessThan(500);
    } finally {
      vi.useRealTimers();
    }
  });

  it('--rate takes 10 or 10/s, and refuses 0 in one line', async () => {
    const { ratePerSecond } = await import('../../src/cli/contract-options.js');
    expect(ratePerSecond('10')).toBe(10);
    expect(ratePerSecond('2.5/s')).toBe(2.5);
    expect(() => ratePerSecond('0')).toThrow(/--rate "0" is not a number of requests per second/);
    expect(() => ratePerSecond('fast')).toThrow(/e\.g\. 10 or 10\/s/);
  });
});
