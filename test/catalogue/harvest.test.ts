/**
 * The harvest over real HTTP against the development security server: the sample catalogue
 * written file by file, each way a description can fail to come recorded with why, the
 * protocol's two field spellings, `allowedMethods`, the filters, and a server that cannot be
 * reached at all.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { readManifest } from '../../src/catalogue/manifest.js';
import { catalogueAsset, sampleCatalogue, type DevCatalogue } from '../../src/catalogue/sample.js';
import { CouldNotRunError } from '../../src/errors.js';
import { packageFile } from '../../src/paths.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function failingCatalogue(): DevCatalogue {
  const service = (serviceCode: string, extra: object) => ({ serviceCode, serviceType: 'OPENAPI' as const, ...extra });
  return {
    subsystems: [
      {
        instance: 'IS-TEST',
        memberClass: 'GOV',
        memberCode: '1',
        subsystemCode: 'failing',
        memberName: 'Failing agency',
        services: [
          service('crashes-v1', { answer: { status: 500 } }),
          service('slow-v1', { answer: { delayMs: 10_000 } }),
          service('huge-v1', { answer: { bytes: 300 * 1024 } }),
          service('broken-yaml-v1', { answer: { body: 'openapi: 3.0.3\ninfo: { title: [unclosed\n' } }),
          service('not-openapi-v1', { answer: { body: 'hello: world\n' } }),
          service('forbidden-v1', {
            answer: { status: 403, body: '{"type":"Client.AccessDenied","message":"Request not allowed"}' },
          }),
          service('old-swagger-v1', {
            answer: { body: readFileSync(packageFile('fixtures/swagger2/fail-islykill.yaml'), 'utf8') },
          }),
          { serviceCode: 'no-description-v1', serviceType: 'REST' as const },
        ],
      },
    ],
  };
}

describe('vottur catalogue harvest', () => {
  it('writes every description of the sample catalogue and a harvest.json that says what each is', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const { out } = tempFolder();
    const manifest = await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out() });
    const folder = out();
    expect(readManifest(folder)).toEqual(manifest);
    expect(manifest.securityServer).toBe(server.baseUrl);
    expect(manifest.client).toBe(CLIENT);
    expect(manifest.method).toBe('listMethods');
    const byName = new Map(manifest.services.map((s) => [s.name, s]));
    expect([...byName.keys()]).toEqual([
      'xroad://IS-DEV/COM/10003/orders/orders-v1',
      'xroad://IS-DEV/GOV/10000/island-is/user-profile-v2',
      'xroad://IS-DEV/GOV/10001/vehicle-registry/vehicles-v1',
      'xroad://IS-DEV/GOV/10002/fishing-permits/permits-v1',
      'xroad://IS-DEV/GOV/10004/soap-registry/getCompany',
      'xroad://IS-DEV/GOV/10004/soap-registry/getPerson',
    ]);
    const profile = byName.get('xroad://IS-DEV/GOV/10000/island-is/user-profile-v2')!;
    expect(profile).toMatchObject({
      file: 'IS-DEV/GOV/10000/island-is/user-profile-v2.openapi.yaml',
      serviceType: 'OPENAPI',
      mediaType: 'application/yaml',
      format: 'openapi-3.0',
      version: '2.0.0',
      memberName: 'Stafrænt Ísland',
      sha256: sha256(packageFile('assets/reference/user-profile.openapi.yaml')),
      size: readFileSync(packageFile('assets/reference/user-profile.openapi.yaml')).length,
    });
    expect(profile.endpoints).toContainEqual({ method: 'GET', path: '/v2/users/{nationalId}' });
    expect(readFileSync(join(folder, profile.file!), 'utf8')).toBe(
      readFileSync(packageFile('assets/reference/user-profile.openapi.yaml'), 'utf8'),
    );
    expect(byName.get('xroad://IS-DEV/GOV/10001/vehicle-registry/vehicles-v1')!.sha256).toBe(
      sha256(catalogueAsset('vehicle-registry-v1.openapi.yaml')),
    );
    expect(byName.get('xroad://IS-DEV/COM/10003/orders/orders-v1')).toMatchObject({
      serviceType: 'REST',
      error: { kind: 'description-missing', status: 500, attempts: 1 },
    });
    expect(byName.get('xroad://IS-DEV/COM/10003/orders/orders-v1')!.file).toBeUndefined();
    expect(byName.get('xroad://IS-DEV/GOV/10004/soap-registry/getPerson')).toMatchObject({ serviceType: 'WSDL' });
    expect(byName.get('xroad://IS-DEV/GOV/10004/soap-registry/getPerson')!.error).toBeUndefined();
    const subsystems = new Map(manifest.subsystems.map((s) => [s.id, s]));
    expect(subsystems.get('IS-DEV/GOV/10004/soap-registry')).toMatchObject({
      services: 2,
      skipped: 'only SOAP (WSDL) services',
    });
    expect(subsystems.get('IS-DEV/GOV/10000/vottur')).toMatchObject({ services: 0, skipped: 'no services' });
    expect(manifest.summary).toMatchObject({ subsystems: 6, services: 4, harvested: 3, failed: 1, wsdlSkipped: 2 });
    // Only descriptions and the manifest: nothing half-written left behind, and no WSDL fetched.
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.includes('.'))
      .sort();
    expect(files).toEqual([
      'IS-DEV/GOV/10000/island-is/user-profile-v2.openapi.yaml',
      'IS-DEV/GOV/10001/vehicle-registry/vehicles-v1.openapi.yaml',
      'IS-DEV/GOV/10002/fishing-permits/permits-v1.openapi.yaml',
      'harvest.json',
    ]);
    expect(server.requests.get('/r1/IS-DEV/GOV/10004/soap-registry/getOpenAPI')).toBeUndefined();
  });

  it('records each way a description fails to come, with why, and carries on', async () => {
    const server = await devServer({ catalogue: failingCatalogue() });
    const { out } = tempFolder();
    const manifest = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out: out(),
      timeoutMs: 300,
      maxBytes: 100 * 1024,
      backoffMs: 10,
    });
    const error = (code: string) => manifest.services.find((s) => s.serviceCode === code)!.error;
    expect(error('crashes-v1')).toMatchObject({ kind: 'unreachable', status: 500, attempts: 3 });
    expect(error('crashes-v1')!.reason).toContain('answered 500');
    expect(error('slow-v1')).toMatchObject({ kind: 'timeout', attempts: 3 });
    expect(error('slow-v1')!.reason).toContain('300 ms');
    expect(error('huge-v1')).toMatchObject({ kind: 'too-large', attempts: 1 });
    expect(error('broken-yaml-v1')).toMatchObject({ kind: 'not-openapi' });
    expect(error('broken-yaml-v1')!.reason).toMatch(/^getOpenAPI's answer:\d+:\d+: not valid YAML \(/);
    expect(error('not-openapi-v1')!.reason).toContain('no "openapi: 3.x"');
    expect(error('forbidden-v1')).toMatchObject({ kind: 'refused', status: 403 });
    expect(error('forbidden-v1')!.reason).toContain('Request not allowed');
    expect(error('no-description-v1')).toMatchObject({ kind: 'description-missing' });
    expect(error('old-swagger-v1')).toBeUndefined();
    expect(manifest.services.find((s) => s.serviceCode === 'old-swagger-v1')).toMatchObject({
      format: 'swagger-2.0',
      file: 'IS-TEST/GOV/1/failing/old-swagger-v1.openapi.yaml',
    });
    // Three tries of the 500 (two retries with backoff), one of the REST service's 500.
    expect(server.requests.get('/r1/IS-TEST/GOV/1/failing/getOpenAPI')).toBe(3 + 3 + 1 + 1 + 1 + 1 + 1 + 1);
    const files = readdirSync(out(), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.includes('.'))
      .sort();
    expect(files).toEqual([
      'IS-TEST/GOV/1/failing/broken-yaml-v1.rejected',
      'IS-TEST/GOV/1/failing/not-openapi-v1.rejected',
      'IS-TEST/GOV/1/failing/old-swagger-v1.openapi.yaml',
      'harvest.json',
    ]);
  });

  it('reads both field spellings of the protocol alike', async () => {
    const snake = await devServer({ catalogue: sampleCatalogue(), fieldCase: 'snake' });
    const camel = await devServer({ catalogue: sampleCatalogue(), fieldCase: 'camel' });
    const { out } = tempFolder();
    const listed = await fetch(`${camel.baseUrl}/listClients`, { headers: { accept: 'application/json' } }).then((r) =>
      r.json(),
    );
    expect(listed.member[0].id).toHaveProperty('memberClass');
    expect(listed.member[0].id).toHaveProperty('xRoadInstance');
    const a = await harvestCatalogue({ securityServer: snake.baseUrl, client: CLIENT, out: out('a') });
    const b = await harvestCatalogue({ securityServer: camel.baseUrl, client: CLIENT, out: out('b') });
    const strip = (m: typeof a) =>
      m.services.map(({ name, sha256: hash, file, endpoints, error }) => ({ name, hash, file, endpoints, error }));
    expect(strip(b)).toEqual(strip(a));
    // The bytes received differ with the spelling (camelCase names are longer); nothing else does.
    expect({ ...b.summary, received: 0 }).toEqual({ ...a.summary, received: 0 });
  });

  it('asks allowedMethods with --allowed-only, and harvests only what the client may call', async () => {
    const catalogue = sampleCatalogue();
    catalogue.subsystems[2].services[0].allowed = false;
    const server = await devServer({ catalogue });
    const { out } = tempFolder();
    const manifest = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out: out(),
      allowedOnly: true,
    });
    expect(manifest.method).toBe('allowedMethods');
    expect(manifest.services.map((s) => s.serviceCode)).not.toContain('vehicles-v1');
    expect(server.requests.get('/r1/IS-DEV/GOV/10001/vehicle-registry/allowedMethods')).toBe(1);
    expect(server.requests.get('/r1/IS-DEV/GOV/10001/vehicle-registry/listMethods')).toBeUndefined();
  });

  it('keeps to one instance and to the subsystems a glob names', async () => {
    const catalogue = sampleCatalogue();
    catalogue.subsystems.push(...failingCatalogue().subsystems);
    const server = await devServer({ catalogue });
    const { out } = tempFolder();
    const only = await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out: out('a'),
      instance: 'IS-DEV',
      subsystem: '*-registry',
    });
    expect(only.subsystems.map((s) => s.id)).toEqual([
      'IS-DEV/GOV/10001/vehicle-registry',
      'IS-DEV/GOV/10004/soap-registry',
    ]);
    expect(only.services.filter((s) => s.file).map((s) => s.serviceCode)).toEqual(['vehicles-v1']);
    expect(server.requests.get('/r1/IS-TEST/GOV/1/failing/listMethods')).toBeUndefined();
  });

  it('keeps to --concurrency requests in flight and to --rate requests a second', async () => {
    const catalogue = sampleCatalogue();
    catalogue.subsystems.push({
      instance: 'IS-DEV',
      memberClass: 'GOV',
      memberCode: '3',
      subsystemCode: 'slow',
      memberName: 'Slow agency',
      services: Array.from({ length: 8 }, (_, i) => ({
        serviceCode: `slow-${i}-v1`,
        serviceType: 'OPENAPI' as const,
        answer: { delayMs: 60, body: 'openapi: 3.0.3\ninfo: { title: Slow, version: 1.0.0 }\npaths: {}\n' },
      })),
    });
    const bounded = await devServer({ catalogue });
    const { out } = tempFolder();
    await harvestCatalogue({ securityServer: bounded.baseUrl, client: CLIENT, out: out('a'), concurrency: 2 });
    expect(bounded.maxInFlight).toBe(2);
    const paced = await devServer({ catalogue: sampleCatalogue() });
    await harvestCatalogue({ securityServer: paced.baseUrl, client: CLIENT, out: out('b'), rate: 20 });
    // 11 requests at 20 a second: no two start closer than the pacing allows, so the last comes at least 0.5 s after the first.
    expect(paced.arrivals).toHaveLength(11);
    expect(paced.arrivals[10] - paced.arrivals[0]).toBeGreaterThanOrEqual(480);
  });

  it('stops with one line when the security server cannot be reached, writing nothing', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const address = server.baseUrl;
    await server.close();
    const { out } = tempFolder();
    const run = harvestCatalogue({ securityServer: address, client: CLIENT, out: out(), timeoutMs: 1000 });
    await expect(run).rejects.toBeInstanceOf(CouldNotRunError);
    await expect(run).rejects.toThrow(
      /^cannot reach the security server at http:\/\/127\.0\.0\.1:\d+\/: the connection was refused/,
    );
    expect(existsSync(out())).toBe(false);
  });

  it('refuses a folder that already holds files, and a client that is not a subsystem identifier', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const { out } = tempFolder();
    await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out() });
    await expect(harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out() })).rejects.toThrow(
      /already holds files/,
    );
    await expect(
      harvestCatalogue({ securityServer: server.baseUrl, client: 'IS-DEV/GOV/10000', out: out('b') }),
    ).rejects.toThrow(/INSTANCE\/CLASS\/MEMBER\/SUBSYSTEM/);
  });
});
