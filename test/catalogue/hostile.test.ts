/**
 * A security server is not ours: over real HTTP against the development security server, its
 * answers cannot be turned against the harvester. An identifier that is not a valid X-Road code
 * fails that entry alone (never the harvest), and every bound of the harvest (subsystems,
 * services, total bytes, total time) holds and is a `catalogue-limit-reached` finding when reached.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harvestCatalogue, manifestChunks, MAX_RECORDED_TEXT } from '../../src/catalogue/harvest.js';
import { escapeJsonText } from '../../src/runtime/escape.js';
import { readManifest } from '../../src/catalogue/manifest.js';
import { reportCatalogue } from '../../src/catalogue/report.js';
import { sampleCatalogue, type DevCatalogue, type DevSubsystem } from '../../src/catalogue/sample.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const DESCRIPTION = 'openapi: 3.0.3\ninfo: { title: Small, version: 1.0.0 }\npaths: {}\n';

function subsystem(codes: Partial<DevSubsystem>, services: DevSubsystem['services'] = []): DevSubsystem {
  return {
    instance: 'IS-DEV',
    memberClass: 'GOV',
    memberCode: '5402696029',
    subsystemCode: 'hostile',
    memberName: 'Hostile agency',
    ...codes,
    services,
  };
}

/** Every file under a folder, with its size. */
function filesUnder(folder: string): Array<{ file: string; size: number }> {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(folder, file)).isFile())
    .map((file) => ({ file, size: statSync(join(folder, file)).size }));
}

describe('a hostile security server', () => {
  it('fails an entry whose identifier is not a valid X-Road code, never the harvest (harvest.json, .., separators, control characters)', async () => {
    const catalogue = sampleCatalogue();
    const bad: DevSubsystem[] = [
      subsystem({ instance: 'harvest.json' }, [{ serviceCode: 'x-v1', serviceType: 'OPENAPI' }]),
      subsystem({ instance: 'catalogue.html' }),
      subsystem({ subsystemCode: '..' }),
      subsystem({ memberClass: 'GOV/../../..' }),
      subsystem({ subsystemCode: 'a\\b' }),
      subsystem({ subsystemCode: 'esc\u001b[2Jhere' }),
      subsystem({ subsystemCode: 'bidi\u202eevil' }),
    ];
    catalogue.subsystems.push(...bad);
    // A valid subsystem whose listing names services by invalid codes, beside a valid one.
    catalogue.subsystems.push(
      subsystem({ subsystemCode: 'mixed' }, [
        { serviceCode: 'ok-v1', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
        { serviceCode: '../../escape', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
        { serviceCode: 'a/b', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
        { serviceCode: '..', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
        { serviceCode: 'line\nbreak', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
      ]),
    );
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    const out = temp.out();
    const manifest = await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out });

    // The sample is harvested as ever, and the valid service beside the invalid ones too.
    expect(manifest.summary).toMatchObject({ harvested: 4 });
    expect(manifest.services.map((s) => s.name)).toContain('xroad://IS-DEV/GOV/5402696029/mixed/ok-v1');
    expect(readManifest(out)).toEqual(manifest);
    const problems = manifest.problems ?? [];
    expect(problems.every((p) => p.kind === 'invalid-identifier')).toBe(true);
    expect(problems).toHaveLength(bad.length + 4);
    expect(problems.map((p) => p.identifier)).toEqual(
      expect.arrayContaining([
        '["harvest.json","GOV","5402696029","hostile"]',
        '["IS-DEV","GOV","5402696029","esc\\u001b[2Jhere"]',
        '["IS-DEV","GOV","5402696029","mixed","line\\nbreak"]',
        '["IS-DEV","GOV","5402696029","bidi\\u202eevil"]',
      ]),
    );
    // Nothing was written outside the sample's folders, and nothing under an invalid name.
    const top = readdirSync(out).sort();
    expect(top).toEqual(['IS-DEV', 'harvest.json']);
    expect(statSync(join(out, 'harvest.json')).isFile()).toBe(true);
    expect(server.requests.get('/r1/harvest.json/GOV/5402696029/hostile/listMethods')).toBeUndefined();

    // Each is a finding of the report, on the harvest, saying which entry and why.
    const { report } = await reportCatalogue({ folder: out, cwd: temp.root, jobs: 1 });
    const invalid = report.findings.filter((f) => f.ruleId === 'catalogue-invalid-identifier');
    expect(invalid).toHaveLength(problems.length);
    expect(invalid.every((f) => f.document === 'harvest.json' && f.severity === 'error')).toBe(true);
    expect(invalid.map((f) => f.message)).toContainEqual(
      expect.stringMatching(
        /^\["harvest\.json",.*its instance is not a valid X-Road code: it is the name of one of the harvest's own files$/,
      ),
    );
    expect(report.documents.map((d) => d.path)).toContain('harvest.json');
  });

  it('records at most --max-subsystems subsystems and --max-services services, and says so', async () => {
    const catalogue: DevCatalogue = {
      subsystems: [
        ...Array.from({ length: 5 }, (_, i) => subsystem({ subsystemCode: `small-${i}` }, [])),
        subsystem(
          { subsystemCode: 'a-huge' },
          Array.from({ length: 3000 }, (_, i) => ({
            serviceCode: `s-${i}-v1`,
            serviceType: 'OPENAPI' as const,
            answer: { body: DESCRIPTION },
          })),
        ),
      ],
    };
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    const out = temp.out();
    const manifest = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out,
      maxSubsystems: 3,
      maxServices: 20,
    });
    expect(manifest.subsystems.map((s) => s.id)).toEqual([
      'IS-DEV/GOV/5402696029/a-huge',
      'IS-DEV/GOV/5402696029/small-0',
      'IS-DEV/GOV/5402696029/small-1',
    ]);
    expect(manifest.services).toHaveLength(20);
    expect(server.requests.get('/r1/IS-DEV/GOV/5402696029/a-huge/getOpenAPI')).toBe(20);
    expect(manifest.limits).toMatchObject({ maxSubsystems: 3, maxServices: 20 });
    expect(manifest.problems?.map((p) => [p.kind, p.reason])).toEqual([
      [
        'limit',
        'listClients listed 6 subsystems; the harvest asked the first 3 (by identifier) for their services and left 3 out (--max-subsystems 3)',
      ],
      [
        'limit',
        'the harvest recorded 20 services, its limit (--max-services 20), and left 2980 more listed by 1 subsystem out',
      ],
    ]);
    const { report } = await reportCatalogue({ folder: out, cwd: temp.root, jobs: 1 });
    const reached = report.findings.filter((f) => f.ruleId === 'catalogue-limit-reached');
    expect(reached.map((f) => [f.document, f.pointer, f.severity])).toEqual([
      ['harvest.json', '/problems/0', 'error'],
      ['harvest.json', '/problems/1', 'error'],
    ]);
  });

  it('records at most --max-service-endpoints endpoints of a service and --max-endpoints in all, and says so (attack o34r15 B7)', async () => {
    // Three subsystems, each listing one service of 50 endpoints: 150 listed, 20 a service and 50 in all recorded.
    const catalogue: DevCatalogue = {
      subsystems: Array.from({ length: 3 }, (_, n) =>
        subsystem({ subsystemCode: `wide-${n}` }, [
          {
            serviceCode: 'wide-v1',
            serviceType: 'OPENAPI' as const,
            answer: { body: DESCRIPTION },
            endpoints: Array.from({ length: 50 }, (_, i) => ({ method: 'GET', path: `/v1/e${i}` })),
          },
        ]),
      ),
    };
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    const out = temp.out();
    const manifest = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out,
      maxServiceEndpoints: 20,
      maxEndpoints: 50,
    });
    const counts = manifest.services.map((s) => s.endpoints.length).sort();
    expect(counts).toEqual([10, 20, 20]);
    expect(manifest.limits).toMatchObject({ maxServiceEndpoints: 20, maxEndpoints: 50 });
    expect(manifest.problems?.map((p) => [p.kind, p.reason])).toEqual([
      [
        'limit',
        '3 services listed more endpoints than the harvest records for one (--max-service-endpoints 20); 90 more endpoints were left out',
      ],
      [
        'limit',
        'the harvest recorded 50 endpoints, its limit (--max-endpoints 50), and left 10 more listed for 1 service out',
      ],
    ]);
    expect(readManifest(out)).toEqual(manifest);
    const { report } = await reportCatalogue({ folder: out, cwd: temp.root, jobs: 1 });
    expect(
      report.findings.filter((f) => f.ruleId === 'catalogue-limit-reached').map((f) => [f.pointer, f.severity]),
    ).toEqual([
      ['/problems/0', 'error'],
      ['/problems/1', 'error'],
    ]);
  });

  it('records a text the server gave cut at MAX_RECORDED_TEXT characters, a member name copied onto each service included', async () => {
    const catalogue: DevCatalogue = {
      subsystems: [
        subsystem({ subsystemCode: 'verbose', memberName: 'N'.repeat(50_000) }, [
          ...Array.from({ length: 3 }, (_, i) => ({
            serviceCode: `svc-${i}`,
            serviceType: 'OPENAPI' as const,
            answer: { body: DESCRIPTION },
            endpoints: [{ method: 'GET', path: `/${'p'.repeat(i === 0 ? 10_000 : 10)}` }],
          })),
        ]),
      ],
    };
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    const out = temp.out();
    const manifest = await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out });
    const cut = `${'N'.repeat(MAX_RECORDED_TEXT - 1)}…`;
    expect(manifest.subsystems[0]?.memberName).toBe(cut);
    expect(manifest.services.map((s) => s.memberName)).toEqual([cut, cut, cut]);
    expect(manifest.services.map((s) => s.endpoints[0]?.path.length)).toEqual([MAX_RECORDED_TEXT, 11, 11]);
    expect(manifest.problems?.map((p) => p.reason)).toEqual([
      `2 texts the security server gave (names, endpoints' methods and paths, titles, versions) were longer than ${MAX_RECORDED_TEXT} characters and are recorded cut short`,
    ]);
    expect(statSync(join(out, 'harvest.json')).size).toBeLessThan(20 * MAX_RECORDED_TEXT);
  });

  it('writes harvest.json entry by entry: the same text as one JSON.stringify, never held whole', () => {
    const service = (i: number) => ({
      name: `xroad://IS/GOV/1/s/svc-${i}`,
      instance: 'IS',
      memberClass: 'GOV',
      memberCode: '1',
      subsystemCode: 's',
      serviceCode: `svc-${i}`,
      serviceType: 'REST' as const,
      endpoints: [{ method: 'GET', path: `/v1/\u001b[2J${i}` }],
      title: undefined,
    });
    const manifest = {
      harvestFormat: 1 as const,
      tool: { name: 'vottur', version: '0' },
      createdTimestamp: 't',
      durationMs: 1,
      securityServer: 'http://x',
      client: 'IS/GOV/1/me',
      method: 'listMethods' as const,
      subsystems: [{ id: 'IS/GOV/1/s', services: 2000 }],
      services: Array.from({ length: 2000 }, (_, i) => service(i)),
      problems: [],
      summary: { subsystems: 1, services: 2000, harvested: 0, failed: 0, wsdlSkipped: 0, bytes: 0 },
    };
    const chunks = [...manifestChunks(manifest)];
    expect(chunks.join('')).toBe(`${escapeJsonText(JSON.stringify(manifest, null, 2))}\n`);
    // No piece is more than one entry and what comes before it.
    const whole = chunks.join('').length;
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(whole / 100);
  });

  it('stops taking bytes at --max-total-size over the whole harvest, and marks what it did not fetch', async () => {
    const catalogue: DevCatalogue = {
      subsystems: [
        subsystem(
          { subsystemCode: 'big' },
          Array.from({ length: 12 }, (_, i) => ({
            serviceCode: `big-${String(i).padStart(2, '0')}-v1`,
            serviceType: 'OPENAPI' as const,
            answer: { bytes: 64 * 1024 },
          })),
        ),
      ],
    };
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    const out = temp.out();
    const maxTotalBytes = 200 * 1024;
    const manifest = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out,
      concurrency: 1,
      maxTotalBytes,
    });
    const onDisk = filesUnder(out).filter((f) => f.file !== 'harvest.json');
    expect(onDisk.reduce((sum, f) => sum + f.size, 0)).toBeLessThanOrEqual(maxTotalBytes);
    const limited = manifest.services.filter((s) => s.error?.kind === 'limit');
    expect(limited.length).toBeGreaterThanOrEqual(12 - 3);
    expect(limited[0]?.error?.reason).toContain("the harvest's total size limit of 204800 bytes (--max-total-size)");
    // Not even asked for, once the bound was reached.
    expect(server.requests.get('/r1/IS-DEV/GOV/5402696029/big/getOpenAPI')).toBeLessThanOrEqual(4);
    expect(manifest.problems?.map((p) => p.kind)).toEqual(['limit']);
    const { report } = await reportCatalogue({ folder: out, cwd: temp.root, jobs: 1 });
    expect(report.findings.filter((f) => f.ruleId === 'catalogue-limit-reached')).toHaveLength(limited.length + 1);
  });

  it('ends at --max-duration over the whole harvest, however slowly the server answers', async () => {
    const catalogue: DevCatalogue = {
      subsystems: [
        subsystem(
          { subsystemCode: 'slow' },
          Array.from({ length: 6 }, (_, i) => ({
            serviceCode: `slow-${i}-v1`,
            serviceType: 'OPENAPI' as const,
            answer: { delayMs: 60_000, body: DESCRIPTION },
          })),
        ),
      ],
    };
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    const manifest = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out: temp.out(),
      // Each request alone could wait a minute; the harvest as a whole may not.
      timeoutMs: 60_000,
      maxDurationMs: 300,
    });
    expect(manifest.services.map((s) => s.error?.kind)).toEqual(Array.from({ length: 6 }, () => 'limit'));
    expect(manifest.services[0]?.error?.reason).toContain("the harvest's time limit of 0.3 s (--max-duration)");
    expect(manifest.problems?.map((p) => p.reason)).toEqual([
      "the harvest's time limit of 0.3 s (--max-duration) was reached: 6 service descriptions were not fetched and 0 subsystems were not asked for their services",
    ]);
  });
});
