/**
 * A person's kennitala in an X-Road code (a member of class PERS, a subsystem or service code
 * carrying one) is masked in harvest.json unless --show-pii (issue 34 left-overs, item 2): the
 * dashboard masked it, harvest.json wrote it as given, in its keys (service names, subsystem ids,
 * files) and values (the codes). Masked the same way in keys, values and the folders the
 * descriptions are written to, so the catalogue's keying (report, dashboard, next harvest) works on
 * the masked form. Over a real socket.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { reportCatalogue } from '../../src/catalogue/report.js';
import { CLIENT, tempFolder } from './helpers.js';

/** People's kennitölur, born the same day (valid check digits). */
const PERSON = '0101302989';
const SAME_DAY = '0101303019';
/** An organisation's kennitala: public, shown. */
const ORGANISATION = '5402696029';

const DESCRIPTION = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'T', version: '1.0.0' },
  paths: {},
});

let server: Server;
let baseUrl: string;
/** The getOpenAPI requests, by the service code asked for: the server is asked by the real codes. */
const asked: string[] = [];

const subsystem = (memberClass: string, memberCode: string, subsystemCode: string) => ({
  id: {
    object_type: 'SUBSYSTEM',
    xroad_instance: 'IS-DEV',
    member_class: memberClass,
    member_code: memberCode,
    subsystem_code: subsystemCode,
  },
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/listClients') {
      response.end(
        JSON.stringify({
          member: [
            subsystem('PERS', PERSON, 'main'),
            subsystem('PERS', SAME_DAY, 'main'),
            subsystem('GOV', ORGANISATION, `svc-${PERSON}`),
          ],
        }),
      );
      return;
    }
    if (url.pathname.endsWith('/listMethods')) {
      response.end(JSON.stringify({ service: [{ service_code: `user-${PERSON}`, service_type: 'OPENAPI' }] }));
      return;
    }
    if (url.pathname.endsWith('/getOpenAPI')) {
      asked.push(`${url.pathname} ${url.searchParams.get('serviceCode') ?? ''}`);
      response.end(DESCRIPTION);
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("people's kennitölur in X-Road codes", () => {
  it('are masked in harvest.json, keys and values alike, and in the folders; the report keys by the masked form', async () => {
    const temp = tempFolder();
    asked.length = 0;
    const manifest = await harvestCatalogue({
      securityServer: baseUrl,
      client: CLIENT,
      concurrency: 1,
      out: temp.out(),
    });
    const text = readFileSync(join(temp.out(), 'harvest.json'), 'utf8');
    expect(text).not.toContain(PERSON);
    expect(text).not.toContain(SAME_DAY);
    // The organisation's code stays: a public registry number.
    expect(text).toContain(ORGANISATION);
    // The server was asked by the real codes.
    expect(asked).toContain(`/r1/IS-DEV/PERS/${PERSON}/main/getOpenAPI user-${PERSON}`);

    const names = manifest.services.map((s) => s.name).sort();
    expect(names).toEqual([
      `xroad://IS-DEV/GOV/${ORGANISATION}/svc-010130xxxx/user-010130xxxx`,
      'xroad://IS-DEV/PERS/010130xxxx/main/user-010130xxxx',
    ]);
    const person = manifest.services.find((s) => s.memberClass === 'PERS');
    expect(person).toMatchObject({ memberCode: '010130xxxx', serviceCode: 'user-010130xxxx' });
    expect(person?.file).toBe('IS-DEV/PERS/010130xxxx/main/user-010130xxxx.openapi.json');
    for (const service of manifest.services) expect(existsSync(join(temp.out(), service.file ?? '?'))).toBe(true);
    expect(manifest.subsystems.map((s) => s.id).sort()).toContain('IS-DEV/PERS/010130xxxx/main');

    // Two people born the same day with the same codes would share one key and one file: the
    // second is left out, said (never written over the first).
    const clash = manifest.problems?.filter((p) => p.kind === 'invalid-identifier') ?? [];
    expect(clash).toHaveLength(1);
    expect(clash[0]?.reason).toBe(
      "listMethods of IS-DEV/PERS/010130xxxx/main: with people's national identifiers masked its name is xroad://IS-DEV/PERS/010130xxxx/main/user-010130xxxx, another service's too; harvest with --show-pii to record both",
    );

    // The catalogue keys by the masked name: each harvested description is linted as its service.
    const run = await reportCatalogue({ folder: temp.out(), cwd: temp.root });
    expect(run.services.map((s) => s.name).sort()).toEqual(names);
    const documents = new Set(run.report.findings.map((f) => f.document));
    expect([...documents].every((d) => names.includes(d) || d.endsWith('harvest.json'))).toBe(true);
    expect(run.report.findings.some((f) => f.document === names[1])).toBe(true);
  });

  it('are kept as given with --show-pii, each service its own', async () => {
    const temp = tempFolder();
    const manifest = await harvestCatalogue({
      securityServer: baseUrl,
      client: CLIENT,
      concurrency: 1,
      out: temp.out(),
      showPii: true,
    });
    const text = readFileSync(join(temp.out(), 'harvest.json'), 'utf8');
    expect(text).toContain(`xroad://IS-DEV/PERS/${PERSON}/main/user-${PERSON}`);
    expect(text).toContain(`xroad://IS-DEV/PERS/${SAME_DAY}/main/user-${PERSON}`);
    expect(manifest.services).toHaveLength(3);
    expect(manifest.problems ?? []).toEqual([]);
  });
});
