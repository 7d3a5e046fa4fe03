/**
 * The depth vottur checks a live answer to is a finding when an answer passes it (issue 34,
 * item 6): a `snake_case` member 70 levels down used to pass unseen (the walks stopped at 32 and
 * 64 levels, silently). Over the built CLI against a real HTTP server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-answer-depth-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'api.yaml'),
  [
    'openapi: 3.0.3',
    'info: { title: Depth, version: 1.0.0 }',
    'paths:',
    '  /v1/tree:',
    '    get:',
    '      operationId: getTree',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    // A schema the deep answer breaks at its top: the schema error shows the value it found.
    '              schema: { type: object, properties: { data: { type: object, properties: { node: { type: string } } } } }',
    '              example: { data: {} }',
    '',
  ].join('\n'),
);

let levels = 70;
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_request, response) => {
    // Written as text: JSON.stringify itself recurses, and 10,000 levels overflow its stack.
    const body = `${'{"node":'.repeat(levels)}{"created_at":"soon"}${'}'.repeat(levels)}`;
    response.writeHead(200, { 'content-type': 'application/json' }).end(`{"data":${body}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function ruleIds(): Promise<{ code: number | null; ids: string[] }> {
  const result = await votturInProcess(
    ['test', 'api.yaml', '--server', url, '--phases', 'examples', '--no-dredd', '--quiet', '-f', 'json'],
    { cwd: dir },
  );
  const report = JSON.parse(result.stdout) as {
    findings: Array<{ ruleId: string; related?: Array<{ ruleId?: string }> }>;
  };
  return {
    code: result.code,
    ids: report.findings.flatMap((f) => [f.ruleId, ...(f.related ?? []).map((r) => r.ruleId ?? '')]),
  };
}

describe('an answer nested deeper than vottur checks', () => {
  it('is a contract-limit-reached error, and the run fails', async () => {
    levels = 70;
    const { code, ids } = await ruleIds();
    expect(ids).toContain('contract-limit-reached');
    expect(code).toBe(1);
  });

  it('10,000 levels deep (the schema check recursed and the run crashed, an outside attack found) is the same finding, not a crash', async () => {
    levels = 10_000;
    const { code, ids } = await ruleIds();
    expect(ids).toContain('contract-limit-reached');
    expect(code).toBe(1);
  });

  it('within the bound, the deep member is checked (contract-field-case) and no limit is reported', async () => {
    levels = 40;
    const { ids } = await ruleIds();
    expect(ids).not.toContain('contract-limit-reached');
    expect(ids).toContain('contract-field-case');
  });
});
