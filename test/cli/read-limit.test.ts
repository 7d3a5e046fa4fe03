/**
 * Issue 34: every limit reached is a finding, never "could not run". A description whose YAML
 * aliases expand past their bound (or that nests too deep, or is over the size bound) ended
 * `vottur lint`, `--gate`, `check` and `test` with one line and exit 2: under a gate the repository
 * chose the verdict's kind. Now it is a `vottur-read-limit` error on that document, which fails the
 * verdict (exit 1) and no one can hold back; the operator's own inputs (configuration, policy) past
 * the alias bound still end the run in one line with exit 2. In process, through `main(argv, io)`.
 */
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/lint/load.js';
import { vottur, votturInProcess } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-read-limit-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAD = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n';

/** Ten levels of ten aliases each: 10^10 values when expanded. */
function aliasBomb(): string {
  let text = 'x-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
  for (let i = 1; i < 10; i++)
    text += `x-a${i}: &a${i} [${Array(10)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`;
  return `${text}x-bomb: *a9\n`;
}

writeFileSync(join(dir, 'bomb.yaml'), `${HEAD}${aliasBomb()}`);
writeFileSync(
  join(dir, 'long-alias.yaml'),
  `openapi: 3.0.3\ninfo: {title: T, version: "1", description: &d "${'word '.repeat(40_000)}"}\npaths: {}\nx-copies: [${Array(100).fill('*d').join(', ')}]\n`,
);
writeFileSync(
  join(dir, 'deep.json'),
  `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "x": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
);
writeFileSync(join(dir, 'big.yaml'), 'openapi: 3.0.3\n');
truncateSync(join(dir, 'big.yaml'), MAX_FILE_BYTES + 1);
writeFileSync(join(dir, 'ok.yaml'), HEAD);

interface JsonFinding {
  ruleId: string;
  severity: string;
  document: string;
  message: string;
  pointer: string;
}

async function lintJson(args: string[]): Promise<{ code: number; findings: JsonFinding[]; stderr: string }> {
  const result = await votturInProcess([...args, '--format', 'json'], { cwd: dir });
  const report = JSON.parse(result.stdout || '{"findings": []}') as { findings: JsonFinding[] };
  return { code: result.code ?? -1, findings: report.findings, stderr: result.stderr };
}

describe('a description past a bound on reading it is a finding, not exit 2', () => {
  it.each([
    ['bomb.yaml', /^bomb\.yaml: its aliases \(`\*name`\) expand to more than 100,000 values \(an "alias bomb"\)/],
    ['long-alias.yaml', /^long-alias\.yaml: its aliases \(`\*name`\) expand to more than 10,000,000 characters/],
    ['deep.json', /^deep\.json: it is nested deeper than 1000 levels/],
    ['big.yaml', /^cannot read big\.yaml: it is 64 MB, over the limit of 64 MB$/],
  ])('vottur lint %s: a vottur-read-limit error on it, exit 1', async (file, message) => {
    for (const gate of [[], ['--gate']]) {
      const { code, findings, stderr } = await lintJson(['lint', ...gate, file]);
      expect(code).toBe(1);
      expect(stderr).toBe('');
      expect(findings).toEqual([
        expect.objectContaining({ ruleId: 'vottur-read-limit', severity: 'error', document: file, pointer: '' }),
      ]);
      expect(findings[0].message).toMatch(message);
    }
  });

  it('among other documents, the others are linted and the run is not "could not run"', async () => {
    const { code, findings, stderr } = await lintJson(['lint', 'ok.yaml', 'bomb.yaml']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(findings.filter((f) => f.document === 'bomb.yaml').map((f) => f.ruleId)).toEqual(['vottur-read-limit']);
    expect(findings.some((f) => f.document === 'ok.yaml')).toBe(true);
  });

  it('in the worker pool (a child process: the pool runs from the build), the same finding', async () => {
    const result = await vottur(['lint', '--jobs', '2', 'ok.yaml', 'bomb.yaml', 'deep.json', '--format', 'json'], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const { findings } = JSON.parse(result.stdout) as { findings: JsonFinding[] };
    expect(findings.filter((f) => f.ruleId === 'vottur-read-limit').map((f) => f.document)).toEqual([
      'bomb.yaml',
      'deep.json',
    ]);
    expect(findings.some((f) => f.document === 'ok.yaml')).toBe(true);
  }, 90_000);

  it('a URL document over the 20 MB of one document: the same finding on it', async () => {
    // It says it is larger than the bound: refused before its body is read.
    const server = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/yaml', 'content-length': String(30 * 1024 * 1024) });
      response.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.yaml`;
      const { code, findings, stderr } = await lintJson(['lint', url]);
      expect(code).toBe(1);
      expect(stderr).toBe('');
      expect(findings.map((f) => [f.ruleId, f.document])).toEqual([['vottur-read-limit', url]]);
      expect(findings[0].message).toBe(
        `cannot read ${url}: ${url} is larger than 20 MB, the most read for one document, so it is not read`,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('vottur check and vottur test: the same finding is the verdict, nothing sent', async () => {
    const check = await lintJson(['check', 'bomb.yaml', '--gate']);
    expect(check.code).toBe(1);
    expect(check.findings.map((f) => [f.ruleId, f.document])).toEqual([['vottur-read-limit', 'bomb.yaml']]);
    // A server nothing listens on: were a request sent, the run would say it could not connect.
    const test = await lintJson(['test', 'bomb.yaml', '--server', 'http://127.0.0.1:9']);
    expect(test.code).toBe(1);
    expect(test.findings.map((f) => [f.ruleId, f.document])).toEqual([['vottur-read-limit', 'bomb.yaml']]);
  });

  it("no configuration turns it off: it is one of the run's own rules, as vottur-walk-limit is", async () => {
    const folder = join(dir, 'held');
    mkdirSync(folder);
    writeFileSync(join(folder, 'bomb.yaml'), `${HEAD}${aliasBomb()}`);
    writeFileSync(join(folder, 'vottur.config.yaml'), 'rules:\n  vottur-read-limit: off\n');
    const result = await votturInProcess(['lint', 'bomb.yaml'], { cwd: folder });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'vottur: vottur.config.yaml: `rules.vottur-read-limit` is not a rule vottur knows; `vottur rules` lists them\n',
    );
  });
});

describe("vottur's own inputs past the alias bound still end the run: one line, exit 2", () => {
  const bomb = aliasBomb();
  it.each([
    ['the configuration', 'vottur.config.yaml', [], /^vottur: vottur\.config\.yaml is not valid YAML: /],
    ['the policy', 'policy.yaml', ['--policy', 'policy.yaml'], /^vottur: the policy policy\.yaml is not valid YAML: /],
  ])('%s', async (_, name, args, start) => {
    const folder = join(dir, `own-${name}`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'ok.yaml'), HEAD);
    writeFileSync(join(folder, name), bomb);
    const result = await votturInProcess(['lint', ...args, 'ok.yaml'], { cwd: folder });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(start);
    expect(lines[0]).toMatch(/its aliases \(\*name\) expand more than a hundred times; write the repeated parts out$/);
  });
});
