/**
 * The other checks' statements that they could not judge (`contract-limit-reached`,
 * `contract-generation-limit`, `diff-schema-limit-reached`, `diff-ref-limit-reached`,
 * `catalogue-limit-reached`) are held back by nothing, as the linter's are (attack o34r10 B2: a
 * baseline written under `test --gate` held back `contract-limit-reached`, and an answer nested
 * past the depth checked was never checked again; a configuration could turn the rule off). Over
 * real HTTP, in-process.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { CHECK_LIMIT_RULES, isRunOwnRule } from '../../src/lint/limits.js';
import { ruleCatalogue } from '../../src/run/rule-catalogue.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-check-limits-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'api.yaml'),
  [
    'openapi: 3.0.3',
    'info: { title: T, version: 1.0.0 }',
    'paths:',
    '  /v1/nodes:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    "              schema: { type: object, properties: { data: { $ref: '#/components/schemas/Node' } } }",
    'components:',
    '  schemas:',
    '    Node: { type: array, maxItems: 0, items: { $ref: "#/components/schemas/Node" } }',
    '',
  ].join('\n'),
);

let server: Server;
let url: string;
beforeAll(async () => {
  // An answer 100 levels deep: past the 64 the contract tests check.
  const deep = `{"data":${'['.repeat(100)}${']'.repeat(100)}}`;
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(deep);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const run = (...extra: string[]) =>
  votturInProcess(['test', 'api.yaml', '--server', url, '--no-dredd', '--phases', 'examples', '-f', 'json', ...extra], {
    cwd: dir,
  });
const limitFindings = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Array<{ ruleId: string; baselineState?: string }> }).findings.filter(
    (finding) => finding.ruleId === 'contract-limit-reached',
  );

describe("the checks' own statements that they could not judge", () => {
  it('are written into no baseline, and held back by none', async () => {
    const first = await run('--gate');
    expect(first.code).toBe(1);
    expect(limitFindings(first.stdout)).not.toEqual([]);
    const write = await run('--gate', '--baseline', 'base.json', '--update-baseline');
    expect(write.code, write.stderr).not.toBe(2);
    expect(readFileSync(join(dir, 'base.json'), 'utf8')).not.toContain('contract-limit-reached');
    const again = await run('--gate', '--baseline', 'base.json');
    expect(again.code).toBe(1);
    expect(limitFindings(again.stdout).map((finding) => finding.baselineState ?? 'new')).not.toContain('unchanged');
  });

  it('are not turned off by a configuration, with or without a policy', async () => {
    writeFileSync(join(dir, 'vottur.config.yaml'), 'rules:\n  contract-limit-reached: off\n');
    const result = await run();
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/contract-limit-reached/);
    rmSync(join(dir, 'vottur.config.yaml'));
  });

  it('are listed with the severity their checks give them', async () => {
    const catalogue = await ruleCatalogue();
    for (const { id, severity } of CHECK_LIMIT_RULES) {
      expect(isRunOwnRule(id)).toBe(true);
      expect(catalogue.find((rule) => rule.id === id)?.severity, id).toBe(severity);
    }
  });
});
