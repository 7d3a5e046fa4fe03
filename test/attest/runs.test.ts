/**
 * `vottur attest --server` and `--base` over the built CLI: the contract tests against the
 * reference service and the diff with a base run beside the lint, and the statement records the
 * contract run's target and summary and the diff's base and verdict (and still verifies).
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DsseEnvelope } from '../../src/attest/dsse.js';
import type { Statement } from '../../src/attest/statement.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { ROOT, votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-attest-runs-'));
const repo = join(top, 'repo');
const PRIVATE = join(top, 'key.pem');
const PUBLIC = join(top, 'pub.pem');
const DESCRIPTION = 'user-profile.openapi.yaml';
let service: RunningReferenceService;

beforeAll(async () => {
  mkdirSync(join(repo, '.git'), { recursive: true });
  copyFileSync(join(ROOT, 'assets/reference/user-profile.openapi.yaml'), join(repo, DESCRIPTION));
  // The base: the same description one minor version earlier, without an operation the revision adds.
  writeFileSync(
    join(repo, 'base.yaml'),
    readFileSync(join(repo, DESCRIPTION), 'utf8').replace(/^( {2}version: )(\S+)/m, '$10.9.0'),
  );
  const pair = generateKeyPairSync('ed25519');
  writeFileSync(PRIVATE, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(PUBLIC, pair.publicKey.export({ format: 'pem', type: 'spki' }));
  service = await startReferenceService({ port: 0, auth: 'none' });
});
afterAll(async () => {
  await service?.close();
  rmSync(top, { recursive: true, force: true });
});

const statementOf = (file: string): Statement =>
  JSON.parse(
    Buffer.from((JSON.parse(readFileSync(file, 'utf8')) as DsseEnvelope).payload, 'base64').toString(),
  ) as Statement;

describe('vottur attest --server --base', () => {
  it("records the contract run's target and summary and the diff's base and verdict, and verifies", async () => {
    const output = join(top, 'both.json');
    const result = await votturInProcess(
      [
        'attest',
        DESCRIPTION,
        '--key',
        PRIVATE,
        '-o',
        output,
        '--no-config',
        '--server',
        service.baseUrl,
        '--phases',
        'examples',
        '--no-dredd',
        '--base',
        'base.yaml',
      ],
      { cwd: repo, timeoutMs: 120_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/contract run against http:\/\/127\.0\.0\.1:\d+: \d+ of \d+ operations passed/);
    expect(result.stderr).toMatch(/diff with base\.yaml: version 0\.9\.0 → /);
    const { predicate } = statementOf(output);
    expect(predicate.contract).toMatchObject({ target: service.baseUrl });
    expect(predicate.contract?.operations).toBeGreaterThan(0);
    expect(predicate.contract?.requests).toBeGreaterThan(0);
    expect(predicate.diff).toMatchObject({ base: 'base.yaml', allowed: true, newMajor: false });
    expect(predicate.diff?.verdict).toMatch(/^version 0\.9\.0 → \S+: allows these changes/);
    expect(predicate.gate.lintVerdict).toBe('pass');
    const verified = await votturInProcess(
      ['verify', output, DESCRIPTION, '--key', PUBLIC, '--no-config', '--recheck'],
      {
        cwd: repo,
      },
    );
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/recheck: the verdict holds \(pass/);
  }, 180_000);

  it('a breaking diff against the base makes the attested verdict fail, and the statement says why', async () => {
    writeFileSync(
      join(repo, 'wider.yaml'),
      readFileSync(join(repo, DESCRIPTION), 'utf8').replace(
        /^paths:\n/m,
        'paths:\n  /v1/gone:\n    get:\n      responses:\n        "204":\n          description: nothing\n',
      ),
    );
    const output = join(top, 'breaking.json');
    const result = await votturInProcess(
      ['attest', DESCRIPTION, '--key', PRIVATE, '-o', output, '--no-config', '--base', 'wider.yaml'],
      {
        cwd: repo,
        timeoutMs: 120_000,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const { predicate } = statementOf(output);
    expect(predicate.diff?.allowed).toBe(false);
    expect(predicate.gate).toMatchObject({ verdict: 'fail', lintVerdict: 'pass' });
    expect(predicate.contract).toBeUndefined();
  }, 120_000);

  it('signs the bytes the run parsed: a server under test that rewrites the checkout during the run does not get them signed (C5)', async () => {
    const file = 'rewritten.yaml';
    const judged = readFileSync(join(repo, DESCRIPTION));
    writeFileSync(join(repo, file), judged);
    const other =
      'openapi: 3.0.3\ninfo: {title: Evil, version: 0.0.1}\npaths: {/getUsers: {get: {responses: {"200": {description: x}}}}}\n';
    // In front of the reference service: on its first request, it rewrites the description on disk.
    let rewritten = false;
    const upstream = new URL(service.baseUrl);
    const proxy = createServer((req, res) => {
      if (!rewritten) {
        rewritten = true;
        writeFileSync(join(repo, file), other);
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: `${upstream.pathname.replace(/\/$/, '')}${req.url ?? ''}`,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const output = join(top, 'rewritten.json');
    try {
      const result = await votturInProcess(
        [
          'attest',
          file,
          '--key',
          PRIVATE,
          '-o',
          output,
          '--no-config',
          '--server',
          `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`,
          '--phases',
          'examples',
          '--no-dredd',
        ],
        { cwd: repo, timeoutMs: 120_000 },
      );
      expect(result.code, result.stderr).toBe(0);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
    expect(rewritten).toBe(true);
    expect(readFileSync(join(repo, file), 'utf8')).toBe(other);
    const { subject } = statementOf(output);
    expect(subject).toEqual([{ name: file, digest: { sha256: createHash('sha256').update(judged).digest('hex') } }]);
    const verified = await votturInProcess(['verify', output, file, '--key', PUBLIC, '--no-config'], { cwd: repo });
    expect(verified.code).toBe(1);
    expect(verified.stderr).toMatch(/rewritten\.yaml changed since it was attested/);
  }, 180_000);
});
