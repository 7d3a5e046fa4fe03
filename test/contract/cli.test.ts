/**
 * `vottur test` and `vottur check` as a user runs them: options, output formats, exit codes
 * (0 / 1 / 2), one-line failures, masking, and the bundled reference check. The commands run
 * in-process (the bin's own `main`, with its output captured: test/cli/run.ts) against real
 * servers.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import type { FaultName } from '../../src/reference/faults.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import {
  closedPort,
  startThingsServer,
  THINGS_DESCRIPTION,
  THINGS_TOKEN,
  type TestServer,
} from './fixtures/servers.js';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** `vottur …` through the bin's own `main`, in this process, from `cwd` (default: this repository). */
async function vottur(args: string[], options: { cwd?: string } = {}): Promise<Result> {
  return votturInProcess(args, options) as Promise<Result>;
}

let folder: string;
const servers: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-cli-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function things(options: Parameters<typeof startThingsServer>[0] = {}): Promise<TestServer> {
  const server = await startThingsServer(options);
  servers.push(server);
  return server;
}

async function reference(faults: FaultName[] = []): Promise<RunningReferenceService> {
  const service = await startReferenceService({ port: 0, auth: 'dev', faults });
  servers.push(service);
  return service;
}

describe('vottur test', () => {
  it('exits 0 on a conforming server, with progress on stderr and the report on stdout', async () => {
    const server = await things();
    const result = await vottur([
      'test',
      THINGS_DESCRIPTION,
      '--server',
      server.url,
      '--bearer',
      THINGS_TOKEN,
      '--no-dredd',
    ]);
    expect(result.code).toBe(0);
    // The POST is not sent without --allow-unsafe-methods: a warning, never "✔ No problems found" (issue 34).
    expect(result.stdout).toMatch(/POST \S+ was not tested: POST is not sent without --allow-unsafe-methods/);
    expect(result.stdout).toMatch(/✖ 1 problem \(0 errors, 1 warning/);
    expect(result.stdout).not.toContain('No problems found');
    expect(result.stderr).toMatch(
      /^vottur: testing 2 operations of test\/contract\/fixtures\/things\.openapi\.yaml at http:\/\/127\.0\.0\.1:\d+\/: 4 requests\n/,
    );
    // The seed is printed on every run, so the generated requests can be sent again.
    expect(result.stderr).toMatch(
      /vottur: generated \d+ requests \(seed (\d+); --seed \1 sends the same ones\); coverage \d+%\n/,
    );
    // The progress lines and the summary give the same total.
    const total = /vottur: (\d+) requests in all: (\d+) planned, (\d+) generated, (\d+) by Dredd\n$/.exec(
      result.stderr,
    );
    expect(total, result.stderr).not.toBeNull();
    const [, all, planned, generated, dredd] = total!.map(Number);
    expect(planned + generated + dredd).toBe(all);
    expect(result.stderr).toContain(`: ${planned} requests\n`);
    expect(result.stderr).toContain(`vottur: generated ${generated} requests`);
    // POST /v1/things is not sent without --allow-unsafe-methods (issue 36, V3): not tested.
    expect(result.stdout).toContain(`1 of 2 operations tested with ${all} requests`);
    expect(`${result.stdout}${result.stderr}`).not.toContain(THINGS_TOKEN);
    // A check that needs --allow-unsafe-methods says that it was not run, rather than pass in silence.
    expect(result.stderr).toContain('vottur: coverage: the undocumented-method check (405 with Allow) was not run');
    const unsafe = await vottur([
      'test',
      THINGS_DESCRIPTION,
      '--server',
      server.url,
      '--bearer',
      THINGS_TOKEN,
      '--no-dredd',
      '--allow-unsafe-methods',
    ]);
    expect(unsafe.stderr).not.toContain('undocumented-method check');
  });

  it('exits 1 with contract-unreachable, not a stack trace, when the server is down; --quiet keeps stderr empty', async () => {
    const port = await closedPort();
    const result = await vottur(['test', THINGS_DESCRIPTION, '--server', `http://127.0.0.1:${port}`, '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /contract-unreachable\s+cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/: connection refused/,
    );
    expect(result.stderr).not.toMatch(/cannot read/);
    expect(result.stdout).not.toMatch(/\n\s+at /);
  });

  it('exits 2 with one line for a description that cannot be read, parsed or has nothing to test', async () => {
    const broken = join(folder, 'broken.yaml');
    await writeFile(broken, 'openapi: 3.0.3\npaths: {\n');
    const swagger = join(folder, 'swagger.yaml');
    await writeFile(swagger, 'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths: {}\n');
    for (const file of [broken, swagger, join(folder, 'missing.yaml')]) {
      const result = await vottur(['test', file, '--server', 'http://127.0.0.1:9']);
      expect(result.code, file).toBe(2);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stdout).toBe('');
    }
    // Swagger 2.0 is taken as lint takes it (issue 36): this one is read, and has no operation to test.
    expect((await vottur(['test', swagger, '--server', 'http://127.0.0.1:9'])).stderr).toMatch(
      /swagger\.yaml describes no operations under paths, so there is nothing to test/,
    );
  });

  it('exits 2 on inconsistent options', async () => {
    expect((await vottur(['test', THINGS_DESCRIPTION])).code).toBe(2);
    const cases: Array<[string[], RegExp]> = [
      [['--client-id', 'x'], /--client-id needs --token-url/],
      [['--timeout', '0'], /--timeout "0" is not a whole number/],
      [['--concurrency', 'many'], /--concurrency "many" is not a whole number/],
      [['--header', 'nocolon'], /--header must look like "Name: value"/],
    ];
    for (const [extra, message] of cases) {
      const result = await vottur(['test', THINGS_DESCRIPTION, '--server', 'http://127.0.0.1:9', ...extra]);
      expect(result.code, extra.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('masks national identifiers in every format unless --show-pii', async () => {
    const service = await reference(['hyphen-national-id']);
    const base = [
      'test',
      service.descriptionPath,
      '--server',
      service.baseUrl,
      '--token-url',
      service.tokenUrl!,
      '--client-id',
      service.clientId!,
      '--client-secret',
      service.clientSecret!,
      '--no-dredd',
    ];
    // One run gives the masked JSON report (to a file) and the stylish one (on standard output): the
    // same findings in both formats, one contract suite fewer (issue 35).
    const maskedFile = join(folder, 'masked.json');
    const stylish = await vottur([...base, '--format', 'json', '--output', maskedFile, '--format', 'stylish']);
    const masked = { code: stylish.code, stdout: await readFile(maskedFile, 'utf8'), stderr: stylish.stderr };
    expect(masked.code).toBe(1);
    expect(masked.stdout).toContain('010130-****');
    expect(masked.stdout).not.toMatch(/0101302989|010130-2989|1403552329/);
    expect(stylish.stdout).toContain('contract-national-id');
    expect(`${stylish.stdout}${stylish.stderr}`).not.toMatch(/0101302989|010130-2989|1403552329/);
    const shown = await vottur([...base, '--format', 'json', '--show-pii']);
    expect(shown.stdout).toContain('010130-2989');
    // Secrets never, with or without --show-pii.
    expect(`${masked.stdout}${masked.stderr}${shown.stdout}${shown.stderr}`).not.toContain(service.clientSecret!);
    const report = JSON.parse(masked.stdout) as { findings: Array<{ request?: { url: string } }> };
    // The token never appears; a reproducing curl names it as $VOTTUR_TOKEN.
    expect(report.findings.every((f) => !f.request || !/Bearer (?!\$VOTTUR_TOKEN)|eyJ/.test(JSON.stringify(f)))).toBe(
      true,
    );
  });

  it('uses --data values and follows --fail-severity', async () => {
    const known = '22222222-2222-4222-8222-222222222222';
    const server = await things({ known: [known] });
    const data = join(folder, 'things-data.yaml');
    await writeFile(
      data,
      `getThing:\n  positive:\n    thingId: ${known}\n  notFound:\n    thingId: 44444444-4444-4444-8444-444444444444\n`,
    );
    // A data file is read only inside the working folder's repository (or the folder itself): run from `folder`.
    const result = await vottur(
      [
        'test',
        THINGS_DESCRIPTION,
        '--server',
        server.url,
        '--bearer',
        THINGS_TOKEN,
        '--data',
        data,
        '--no-dredd',
        '--format',
        'json',
      ],
      { cwd: folder },
    );
    expect(result.stderr).not.toMatch(/cannot read/);
    expect(result.code).toBe(0);
    expect(server.requests.some((r) => r.url === `/v1/things/${known}`)).toBe(true);
    expect(server.requests.some((r) => r.url === '/v1/things/44444444-4444-4444-8444-444444444444')).toBe(true);
    expect(server.requests.some((r) => r.url === '/v1/things/11111111-1111-4111-8111-111111111111')).toBe(false);

    // A warning-only run: exit 0 by default, 1 with --fail-severity warn.
    const noExample = join(folder, 'no-example.yaml');
    await writeFile(
      noExample,
      (await readFile(THINGS_DESCRIPTION, 'utf8')).replace(
        '          example: 11111111-1111-4111-8111-111111111111\n',
        '',
      ),
    );
    const warnOnly = ['test', noExample, '--server', server.url, '--bearer', THINGS_TOKEN, '--no-dredd'];
    const lenient = await vottur(warnOnly);
    expect(lenient.stdout).toMatch(/warning\s+contract-missing-example/);
    expect(lenient.code).toBe(0);
    expect((await vottur([...warnOnly, '--fail-severity', 'warn'])).code).toBe(1);
    expect((await vottur([...warnOnly, '--quiet'])).stdout).not.toContain('contract-missing-example');
  });

  it('writes a report file with --format/--output', async () => {
    const server = await things();
    const out = join(folder, 'report.json');
    const result = await vottur([
      'test',
      THINGS_DESCRIPTION,
      '--server',
      server.url,
      '--bearer',
      THINGS_TOKEN,
      '--no-dredd',
      '--format',
      'json',
      '--output',
      out,
      '--format',
      'stylish',
    ]);
    expect(result.code).toBe(0);
    const report = JSON.parse(await readFile(out, 'utf8')) as { rules: Array<{ id: string }>; operations: unknown[] };
    expect(report.rules.map((r) => r.id)).toContain('contract-auth-required');
    expect(report.operations).toHaveLength(2);
    expect(result.stdout).toMatch(/✖ 1 problem \(0 errors, 1 warning/);
  });
});

describe('vottur check', () => {
  it('with no arguments lints and tests the bundled reference service, and passes', async () => {
    const result = await vottur(['check']);
    expect(result.stdout).toMatch(/✔ No problems found in 1 document\./);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/checking the bundled reference service at http:\/\/127\.0\.0\.1:\d+/);
    expect(result.stderr).toMatch(/dredd: \d+ transactions, \d+ passed, 0 failed/);
  });

  it('shows a fault of the reference service, and merges lint and contract results in one report', async () => {
    const result = await vottur(['check', '--fault', 'bare-array', '--no-dredd', '--format', 'json', '--quiet']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      documents: unknown[];
      rules: Array<{ id: string; source: string }>;
      findings: Array<{ ruleId: string }>;
      operations: unknown[];
    };
    expect(report.documents).toHaveLength(1);
    expect(report.rules.some((r) => r.source === 'lint')).toBe(true);
    expect(report.rules.some((r) => r.id === 'contract-no-bare-array')).toBe(true);
    expect(report.findings.some((f) => f.ruleId === 'contract-no-bare-array')).toBe(true);
    expect(report.operations).toHaveLength(4);
    expect(result.stderr).not.toMatch(/cannot read/);
  });

  // Every fault mode's `vottur check --fault` (one cause, one finding: exactly the errors the fault
  // table lists) is in test/contract/reference.test.ts, beside the library run it shares.

  it('vottur check on the clean reference service gives no finding', async () => {
    const result = await vottur(['check', '--seed', '4242', '--format', 'json', '--quiet']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { findings: unknown[] }).findings).toEqual([]);
  }, 60_000);

  it('checks a named description against a named server', async () => {
    const server = await things();
    const result = await vottur([
      'check',
      THINGS_DESCRIPTION,
      '--server',
      server.url,
      '--bearer',
      THINGS_TOKEN,
      '--no-dredd',
      '--format',
      'json',
    ]);
    const report = JSON.parse(result.stdout) as {
      documents: Array<{ path: string }>;
      findings: Array<{ source: string; ruleId: string; severity: string }>;
      rules: Array<{ source: string }>;
    };
    expect(report.documents.map((d) => d.path)).toEqual(['test/contract/fixtures/things.openapi.yaml']);
    expect(report.rules.some((r) => r.source === 'lint')).toBe(true);
    expect(report.rules.some((r) => r.source === 'response')).toBe(true);
    // The fixture breaks lint conventions, but the server keeps its contract.
    expect(report.findings.some((f) => f.source === 'lint')).toBe(true);
    // Only the POST held back (no --allow-unsafe-methods) is said.
    expect(report.findings.filter((f) => f.source !== 'lint').map((f) => [f.ruleId, f.severity])).toEqual([
      ['contract-operation-untested', 'warn'],
    ]);
  });

  it('lints only, and says so, without --server', async () => {
    const result = await vottur(['check', THINGS_DESCRIPTION, '--format', 'json']);
    expect(result.stderr).toMatch(/no --server given, so only the description was linted/);
    const report = JSON.parse(result.stdout) as { rules: Array<{ source: string }> };
    expect(report.rules.every((r) => r.source === 'lint')).toBe(true);
  });

  it('refuses options that do not fit, in one line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['check', THINGS_DESCRIPTION, '--fault', 'slow'], /--fault applies to the bundled reference service only/],
      [['check', '--server', 'http://127.0.0.1:9'], /--server needs the description/],
      [['check', '--bearer', 'x'], /--bearer applies to a server you name/],
      [['check', '--fault', 'nonsense'], /unknown fault "nonsense"/],
    ];
    for (const [args, message] of cases) {
      const result = await vottur(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
