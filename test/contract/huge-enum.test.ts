/**
 * Generation from a huge enum (issue 34 left-overs, item 6): a parameter of 300,000 enum values
 * made the fuzz phase report a stack overflow as a contract-generation-limit — the values were
 * spread into one call (`fc.constantFrom(...values)`). Values are picked by index, without a call
 * per value; the run fuzzes the parameter, sends values of the enum, and reports no limit.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coverageCases, MAX_COVERAGE_CASES } from '../../src/contract/generate/cases.js';
import { validArbitrary } from '../../src/contract/generate/arbitraries.js';
import { flattenSchema } from '../../src/contract/generate/schema.js';
import { votturInProcess } from '../cli/run.js';

// Answers 200 `{}` to anything, and keeps each request's URL.
const server = { url: '', folder: '', requests: [] as string[] };
let listening: Server;
beforeAll(async () => {
  server.folder = await mkdtemp(join(tmpdir(), 'vottur-huge-enum-'));
  listening = createServer((request, response) => {
    server.requests.push(request.url ?? '');
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((done) => listening.listen(0, '127.0.0.1', () => done()));
  server.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
});
afterAll(async () => {
  listening.closeAllConnections();
  await new Promise<void>((done) => listening.close(() => done()));
  await rm(server.folder, { recursive: true, force: true });
});

const VALUES = Array.from({ length: 300_000 }, (_, i) => `v${i}`);

describe('an enum of 300,000 values', () => {
  it('is fuzzed without a stack overflow or a generation limit, sending values of the enum', async () => {
    const file = join(server.folder, 'huge-enum.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1.0.0' },
        paths: {
          '/v1/x': {
            get: {
              parameters: [{ name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: VALUES } }],
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'object' }, example: {} } },
                },
              },
            },
          },
        },
      }),
    );
    const result = await votturInProcess([
      'test',
      file,
      '--server',
      server.url,
      '--no-dredd',
      '--phases',
      'coverage,fuzz',
      '--max-examples',
      '10',
      '-f',
      'json',
    ]);
    expect(result.stderr).not.toContain('unexpected failure');
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> };
    const limits = report.findings.filter((f) => f.ruleId === 'contract-generation-limit');
    expect(limits.map((f) => f.message)).toEqual([]);
    expect(JSON.stringify(report.findings)).not.toMatch(/call stack|stack size/i);
    // The values sent are the enum's, past its first few: picked from the whole list.
    const sent = server.requests.map((url) => new URL(url, 'http://x').searchParams.get('kind'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((v) => v !== null && VALUES.includes(v)).length).toBeGreaterThan(0);
    // The coverage phase's value outside the enum is sent: the enum's values do not take its room.
    expect(sent).toContain('NOT_AN_ENUM_VALUE');
  }, 60_000);

  it('gives valid values from the whole list, by index', () => {
    const flat = flattenSchema({}, { type: 'string', enum: VALUES });
    const values = fc.sample(validArbitrary(flat), { numRuns: 200, seed: 1 });
    expect(values.every((v) => typeof v === 'string' && VALUES.includes(v))).toBe(true);
    // From past the first thousand too (a draw by index over all of them).
    expect(values.some((v) => Number(String(v).slice(1)) > 1_000)).toBe(true);
  });

  it('keeps room in the coverage cases for the values outside the enum, named in a short text', () => {
    const cases = coverageCases(flattenSchema({}, { type: 'string', enum: VALUES }));
    expect(cases).toHaveLength(MAX_COVERAGE_CASES);
    const invalid = cases.filter((c) => !c.valid);
    expect(invalid.map((c) => c.value)).toEqual(['NOT_AN_ENUM_VALUE', expect.any(String)]);
    expect(invalid[0]?.constraint).toBe(
      'not one of the enum values "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", … (300,000 in all)',
    );
  });
});
