/**
 * A file-system failure is one entry's failure, never the harvest's: a service code whose file
 * names would pass the file system's 255-byte limit is an invalid identifier (listed, not fetched),
 * and any other failure to write one description (here a full disk, injected) is that service's
 * error. The harvest and its report are whole either way, and no `.part` file is left.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { getToFile } from '../../src/catalogue/fetch.js';
import { sampleCatalogue, type DevSubsystem } from '../../src/catalogue/sample.js';
import { MAX_SERVICE_CODE_BYTES } from '../../src/catalogue/xroad.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

// A disk that is full for one description (`full-disk-v1`), as any file-system failure would be.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const rename: typeof actual.rename = async (from, to) => {
    if (/full-disk-v1\.openapi\.(?:yaml|json)$/.test(String(to)))
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return actual.rename(from, to);
  };
  return { ...actual, rename, default: { ...actual, rename } };
});

const DESCRIPTION = 'openapi: 3.0.3\ninfo: { title: Small, version: 1.0.0 }\npaths: {}\n';

describe('per-entry file-system failures of a harvest', () => {
  it('a too-long service code is an invalid identifier and a failed write is that service’s error; the harvest reports', async () => {
    const catalogue = sampleCatalogue();
    const longest = 'c'.repeat(MAX_SERVICE_CODE_BYTES);
    const services: DevSubsystem['services'] = [
      { serviceCode: 'a'.repeat(250), serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
      { serviceCode: `${'b'.repeat(247)}.json`, serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
      { serviceCode: 'd'.repeat(MAX_SERVICE_CODE_BYTES + 1), serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
      { serviceCode: longest, serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
      { serviceCode: 'full-disk-v1', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
      { serviceCode: 'ok-v1', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
    ];
    catalogue.subsystems.push({
      instance: 'IS-DEV',
      memberClass: 'GOV',
      memberCode: '5402696029',
      subsystemCode: 'long',
      memberName: 'Long codes',
      services,
    });
    const server = await devServer({ catalogue });
    const { root } = tempFolder();
    // Test files share a worker's module cache (isolate: false): the CLI is loaded afresh here, so
    // its file writes go through the mocked `rename` whatever an earlier file loaded.
    vi.resetModules();
    const { votturInProcess } = await import('../cli/run.js');
    const result = await votturInProcess(
      [
        'catalogue',
        server.baseUrl,
        '--xroad-client',
        CLIENT,
        '--out',
        'h',
        '-f',
        'json',
        '-o',
        'r.json',
        '--jobs',
        '1',
      ],
      { cwd: root },
    );
    expect(result.stderr).not.toMatch(/ENAMETOOLONG|\n\s+at |triggerUncaught|unexpected failure/);
    expect(result.code, result.stderr).toBe(1);
    const [harvest] = readdirSync(join(root, 'h'));
    const folder = join(root, 'h', harvest);
    const manifest = JSON.parse(readFileSync(join(folder, 'harvest.json'), 'utf8')) as {
      services: Array<{ serviceCode: string; file?: string; error?: { kind: string; reason: string } }>;
      problems?: Array<{ kind: string; reason: string; identifier?: string }>;
    };
    const invalid = (manifest.problems ?? []).filter((p) => p.kind === 'invalid-identifier');
    expect(invalid).toHaveLength(3);
    expect(invalid.every((p) => /255-byte name limit/.test(p.reason))).toBe(true);
    const byCode = new Map(manifest.services.map((s) => [s.serviceCode, s]));
    expect(byCode.get(longest)?.file).toBe(`IS-DEV/GOV/5402696029/long/${longest}.openapi.yaml`);
    expect(byCode.get('ok-v1')?.file).toBe('IS-DEV/GOV/5402696029/long/ok-v1.openapi.yaml');
    expect(byCode.get('full-disk-v1')?.error).toEqual({
      kind: 'unreachable',
      reason: 'its description could not be written: ENOSPC',
    });
    // The report names the failed service, and nothing half-written is left.
    const report = JSON.parse(readFileSync(join(root, 'r.json'), 'utf8')) as {
      findings: Array<{ ruleId: string; document: string }>;
    };
    expect(report.findings).toContainEqual(
      expect.objectContaining({ document: 'xroad://IS-DEV/GOV/5402696029/long/full-disk-v1' }),
    );
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.part'))).toEqual([]);
  });

  it('a file the system refuses to write (a name over 255 bytes) is a failed fetch, never an unhandled rejection', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const { root } = tempFolder();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const outcome = await getToFile(
        new URL('/r1/IS-DEV/GOV/10000/island-is/getOpenAPI?serviceCode=user-profile-v2', server.baseUrl),
        { 'X-Road-Client': CLIENT },
        join(root, `${'a'.repeat(250)}.download`),
        { timeoutMs: 5000, maxBytes: 1_000_000, retries: 0 },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outcome).toMatchObject({ ok: false, kind: 'unreachable' });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
