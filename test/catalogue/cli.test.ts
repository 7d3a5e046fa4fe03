/**
 * The commands as a user runs them: `vottur serve --xroad` in its own process, `vottur catalogue
 * <url>` harvesting and reporting against it twice (the second run compares with the first),
 * the subcommands, `vottur test` reaching the reference service through the security server,
 * and a security server that cannot be reached (exit 2, one line).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, votturInProcess } from '../cli/run.js';
import { tempFolder } from './helpers.js';

interface Served {
  securityServer: string;
  xroadClient: string;
  referenceServiceUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

let child: ChildProcess;
let served: Served;

beforeAll(async () => {
  child = spawn(process.execPath, [CLI, 'serve', '--xroad', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  served = await new Promise<Served>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]) as Served);
    });
    child.once('exit', (code) => reject(new Error(`vottur serve --xroad exited with ${code}`)));
  });
}, 30_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('vottur catalogue (CLI)', () => {
  it('harvests and reports the sample catalogue in one go, and compares the second harvest with the first', async () => {
    const { root } = tempFolder();
    const first = await votturInProcess(
      [
        'catalogue',
        served.securityServer,
        '--xroad-client',
        served.xroadClient,
        '--out',
        'catalogue',
        '--format',
        'json',
        '--output',
        'first.json',
        '--jobs',
        '1',
      ],
      { cwd: root },
    );
    // The sample has a service with findings and one without a description: the gate fails.
    expect(first.stderr).toMatch(/harvested 3 of 4 REST service descriptions from 6 subsystems/);
    expect(first.stderr).toMatch(/4 services, 2 passing the gate \(50%\)/);
    expect(first.code).toBe(1);
    const harvests = readdirSync(join(root, 'catalogue'));
    expect(harvests).toHaveLength(1);
    const folder = join(root, 'catalogue', harvests[0]);
    for (const file of [
      'harvest.json',
      'catalogue.json',
      'catalogue.html',
      'IS-DEV/GOV/10000/island-is/user-profile-v2.openapi.yaml',
    ])
      expect(existsSync(join(folder, file)), file).toBe(true);
    const report = JSON.parse(readFileSync(join(root, 'first.json'), 'utf8'));
    expect(report.documents.map((d: { path: string }) => d.path)).toContain(
      'xroad://IS-DEV/GOV/10000/island-is/user-profile-v2',
    );

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await votturInProcess(
      [
        'catalogue',
        served.securityServer,
        '--xroad-client',
        served.xroadClient,
        '--out',
        'catalogue',
        '--jobs',
        '1',
        '--max-problems',
        '1',
      ],
      { cwd: root },
    );
    expect(second.code).toBe(1);
    const dashboards = readdirSync(join(root, 'catalogue'))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(root, 'catalogue', name, 'catalogue.json'), 'utf8')));
    expect(dashboards).toHaveLength(2);
    expect(dashboards[1].previous.createdTimestamp).toBe(dashboards[0].harvest.createdTimestamp);
    expect(dashboards[1].trend).toHaveLength(2);
    expect(
      dashboards[1].services.find((s: { serviceCode: string }) => s.serviceCode === 'user-profile-v2').change,
    ).toMatchObject({ status: 'unchanged' });
  }, 60_000);

  it('harvests and reports as two steps, the gate taken from the options, and a baseline that holds what is known', async () => {
    const { root } = tempFolder();
    const harvest = await votturInProcess(
      [
        'catalogue',
        'harvest',
        served.securityServer,
        '--xroad-client',
        served.xroadClient,
        '--out',
        'h1',
        '--concurrency',
        '2',
        '--subsystem',
        '*-registry',
      ],
      { cwd: root },
    );
    expect(harvest.code).toBe(0);
    expect(harvest.stderr).toContain('harvested 1 of 1 REST service descriptions from 2 subsystems into h1');
    const report = await votturInProcess(
      ['catalogue', 'report', 'h1', '--format', 'sarif', '--output', 'r.sarif', '--dashboard', 'board.html'],
      { cwd: root },
    );
    expect(report.code).toBe(0);
    expect(existsSync(join(root, 'board.html'))).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'r.sarif'), 'utf8')).runs[0].results).toEqual([]);

    const full = await votturInProcess(
      ['catalogue', 'harvest', served.securityServer, '--xroad-client', served.xroadClient, '--out', 'h2'],
      { cwd: root },
    );
    expect(full.code).toBe(0);
    expect(
      (await votturInProcess(['catalogue', 'report', 'h2', '--no-dashboard', '--update-baseline'], { cwd: root }))
        .stderr,
    ).toMatch(/wrote vottur-baseline\.json: \d+ entries/);
    const held = await votturInProcess(
      ['catalogue', 'report', 'h2', '--previous', 'h1', '--no-dashboard', '--baseline', 'vottur-baseline.json'],
      { cwd: root },
    );
    expect(held.code).toBe(0);
    expect(existsSync(join(root, 'h2', 'catalogue.html'))).toBe(false);

    // Shards of the report step, merged by vottur report into the whole.
    for (const shard of ['1/2', '2/2'])
      expect(
        (
          await votturInProcess(
            ['catalogue', 'report', 'h2', '--shard', shard, '--format', 'json', '--output', `shard-${shard[0]}.json`],
            { cwd: root },
          )
        ).code,
      ).not.toBe(2);
    expect(existsSync(join(root, 'h2', 'catalogue.html'))).toBe(false);
    await votturInProcess(
      ['catalogue', 'report', 'h2', '--no-dashboard', '--format', 'json', '--output', 'whole.json'],
      {
        cwd: root,
      },
    );
    const merged = await votturInProcess(
      ['report', 'shard-1.json', 'shard-2.json', '--format', 'json', '--output', 'merged.json'],
      { cwd: root },
    );
    expect(merged.code).toBe(1);
    const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
    expect(read('merged.json').findings).toEqual(read('whole.json').findings);
    expect(read('merged.json').score.score).toBe(read('whole.json').score.score);
  }, 60_000);

  it('lets vottur test reach the reference service through the security server with X-Road-Client', async () => {
    const result = await votturInProcess([
      'test',
      'assets/reference/user-profile.openapi.yaml',
      '--server',
      served.referenceServiceUrl,
      '--xroad-client',
      served.xroadClient,
      '--token-url',
      served.tokenUrl,
      '--client-id',
      served.clientId,
      '--client-secret',
      served.clientSecret,
      '--phases',
      'examples',
      '--no-dredd',
    ]);
    expect(result.stdout).toContain('4 of 4 operations tested');
    expect(result.code).toBe(0);
  }, 60_000);

  it('reports a bound of the harvest reached (--max-services) as catalogue-limit-reached, which fails the gate', async () => {
    const { root } = tempFolder();
    const harvest = await votturInProcess(
      [
        'catalogue',
        'harvest',
        served.securityServer,
        '--xroad-client',
        served.xroadClient,
        '--out',
        'h',
        '--max-services',
        '2',
        '--subsystem',
        '*-registry',
      ],
      { cwd: root },
    );
    expect(harvest.code).toBe(0);
    expect(harvest.stderr).toContain('1 bound of the harvest reached (catalogue-limit-reached)');
    const report = await votturInProcess(
      ['catalogue', 'report', 'h', '--no-dashboard', '--format', 'json', '--output', 'r.json', '--jobs', '1'],
      { cwd: root },
    );
    expect(report.code).toBe(1);
    const findings = (
      JSON.parse(readFileSync(join(root, 'r.json'), 'utf8')) as {
        findings: Array<{ ruleId: string; document: string; message: string }>;
      }
    ).findings.filter((f) => f.ruleId === 'catalogue-limit-reached');
    expect(findings).toEqual([
      expect.objectContaining({
        document: 'harvest.json',
        message: expect.stringContaining('its limit (--max-services 2)') as string,
      }),
    ]);
  }, 60_000);

  it('ends with one line and exit 2 when the security server cannot be reached', async () => {
    const { root } = tempFolder();
    const result = await votturInProcess(
      ['catalogue', 'http://127.0.0.1:9', '--xroad-client', served.xroadClient, '--out', 'catalogue'],
      { cwd: root },
    );
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'vottur: cannot reach the security server at http://127.0.0.1:9/: the connection was refused (nothing listens there); check the address',
    ]);
    expect(existsSync(join(root, 'catalogue'))).toBe(false);
  });
});
