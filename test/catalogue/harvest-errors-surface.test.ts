/**
 * Every failure a harvest records is a finding of the catalogue report (issue 34, items 6 and 7;
 * attack C3): a subsystem whose listMethods answer was refused (nested 4 MB deep, or over 16 MB)
 * used to vanish from the catalogue: "No problems found … 100/100 (A)", exit 0, with the error
 * in harvest.json alone. Over a real socket, a hostile security server makes the harvest record
 * every kind of error it can (per subsystem, per service, harvest-wide); `vottur catalogue --gate`
 * must report each record of harvest.json as a finding, and the kinds recorded must cover every
 * kind the code declares, so a new kind cannot be silent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueDashboard } from '../../src/catalogue/dashboard.js';
import type { HarvestManifest } from '../../src/catalogue/manifest.js';
import { HARVEST_DOCUMENT, HARVEST_FAILURE_RULE, HARVEST_PROBLEM_RULE } from '../../src/catalogue/rules.js';
import type { Report } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';
import { tempFolder } from './helpers.js';

const ORG = '5402696029';
const DEPTH = 200_000;
const OK = JSON.stringify({ openapi: '3.0.3', info: { title: 'Ok', version: '1.0.0' }, paths: {} });

const id = (subsystem: string) => ({
  object_type: 'SUBSYSTEM',
  xroad_instance: 'IS',
  member_class: 'GOV',
  member_code: ORG,
  subsystem_code: subsystem,
});

/** Services of subsystem `a-good`, one per kind of description failure. */
const SERVICES: Record<string, { type: string }> = {
  ok: { type: 'OPENAPI' },
  missing: { type: 'REST' },
  refused: { type: 'OPENAPI' },
  broken: { type: 'OPENAPI' },
  'not-openapi': { type: 'OPENAPI' },
  slow: { type: 'OPENAPI' },
  big: { type: 'OPENAPI' },
  'bad/code': { type: 'OPENAPI' },
};

let server: Server;
let baseUrl: string;
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    const json = (body: string) => send(200, body);
    const later = (then: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) then();
      }, 1500);
      timers.add(timer);
    };
    if (url.pathname === '/listClients')
      return json(
        JSON.stringify({
          member: ['a-good', 'deep-list', 'refused-list', 'broken-list', 'slow-list', 'odd-list'].map((s) => ({
            id: id(s),
            name: s,
          })),
        }),
      );
    if (url.pathname.endsWith('/deep-list/listMethods')) return json('['.repeat(DEPTH) + ']'.repeat(DEPTH));
    if (url.pathname.endsWith('/refused-list/listMethods')) return send(403, '{"message":"no"}');
    if (url.pathname.endsWith('/broken-list/listMethods')) return send(500, '{}');
    if (url.pathname.endsWith('/slow-list/listMethods')) return later(() => json('{"service":[]}'));
    if (url.pathname.endsWith('/odd-list/listMethods')) return json('{"service":"not a list"}');
    if (url.pathname.endsWith('/a-good/listMethods'))
      return json(
        JSON.stringify({
          service: Object.entries(SERVICES).map(([code, { type }]) => ({
            ...id('a-good'),
            object_type: 'SERVICE',
            service_code: code,
            service_type: type,
          })),
        }),
      );
    const code = url.searchParams.get('serviceCode') ?? '';
    if (!url.pathname.endsWith('/a-good/getOpenAPI')) return send(404, '{}');
    if (code === 'ok') return json(OK);
    if (code === 'missing') return send(500, '{}');
    if (code === 'refused') return send(403, '{}');
    if (code === 'broken') return send(502, '{}');
    if (code === 'not-openapi') return json('{"hello":"world"}');
    if (code === 'slow') return later(() => json(OK));
    if (code === 'big') return json(JSON.stringify({ ...JSON.parse(OK), x: 'x'.repeat(300_000) }));
    return send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  for (const timer of timers) clearTimeout(timer);
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

async function catalogue(extra: string[]) {
  const temp = tempFolder();
  const run = await votturInProcess(
    [
      'catalogue',
      baseUrl,
      '--xroad-client',
      `IS/GOV/${ORG}/client`,
      '--out',
      'out',
      '--gate',
      '--timeout',
      '500',
      '--retries',
      '0',
      '--max-size',
      '100KB',
      '-f',
      'json',
      '-o',
      'report.json',
      ...extra,
    ],
    { cwd: temp.root },
  );
  const [stamp] = readdirSync(join(temp.root, 'out'));
  const folder = join(temp.root, 'out', stamp ?? '');
  const manifest = JSON.parse(readFileSync(join(folder, 'harvest.json'), 'utf8')) as HarvestManifest;
  const report = JSON.parse(readFileSync(join(temp.root, 'report.json'), 'utf8')) as Report;
  const dashboard = readFileSync(join(folder, 'catalogue.html'), 'utf8');
  const dashboardJson = JSON.parse(readFileSync(join(folder, 'catalogue.json'), 'utf8')) as CatalogueDashboard;
  return { run, manifest, report, dashboard, dashboardJson };
}

/** Every error record of harvest.json has its finding in the report; returns the kinds seen. */
function audit(manifest: HarvestManifest, report: Report) {
  const seen = { service: new Set<string>(), subsystem: new Set<string>(), problem: new Set<string>() };
  const has = (where: string, predicate: (f: Report['findings'][number]) => boolean) =>
    expect(report.findings.some(predicate), where).toBe(true);
  for (const service of manifest.services) {
    if (!service.error) continue;
    seen.service.add(service.error.kind);
    has(service.name, (f) => f.document === service.name && f.ruleId === HARVEST_FAILURE_RULE[service.error!.kind]);
  }
  for (const [i, subsystem] of manifest.subsystems.entries()) {
    if (!subsystem.error) continue;
    seen.subsystem.add(subsystem.error.kind);
    has(
      subsystem.id,
      (f) =>
        f.document === HARVEST_DOCUMENT &&
        f.pointer === `/subsystems/${i}` &&
        f.ruleId === HARVEST_FAILURE_RULE[subsystem.error!.kind] &&
        f.message.includes(subsystem.id),
    );
  }
  for (const [i, problem] of (manifest.problems ?? []).entries()) {
    seen.problem.add(problem.kind);
    has(
      `problem ${i}`,
      (f) =>
        f.document === HARVEST_DOCUMENT &&
        f.pointer === `/problems/${i}` &&
        f.ruleId === HARVEST_PROBLEM_RULE[problem.kind],
    );
  }
  return seen;
}

describe('every failure a harvest records is a finding of the catalogue report', () => {
  it('reports each error record of harvest.json, shows it in the dashboard, and fails the gated run', async () => {
    const first = await catalogue(['--max-services', '7']);
    const second = await catalogue(['--concurrency', '1', '--max-total-size', '3KB']);
    const seen = { service: new Set<string>(), subsystem: new Set<string>(), problem: new Set<string>() };
    for (const { run, manifest, report, dashboard, dashboardJson } of [first, second]) {
      expect(run.stderr).not.toMatch(/unexpected failure/i);
      expect(run.code).toBe(1);
      const kinds = audit(manifest, report);
      for (const key of ['service', 'subsystem', 'problem'] as const) for (const k of kinds[key]) seen[key].add(k);
      // The dashboard lists the harvest's own problems, subsystems not listed among them.
      // catalogue.json lists every finding on harvest.json, subsystems not listed among them.
      const onHarvest = report.findings.filter((f) => f.document === HARVEST_DOCUMENT);
      expect(dashboardJson.harvestProblems?.map((p) => p.pointer).sort()).toEqual(
        onHarvest.map((f) => f.pointer).sort(),
      );
      for (const [i, subsystem] of manifest.subsystems.entries())
        if (subsystem.error) {
          expect(dashboard).toContain(subsystem.id);
          expect(onHarvest.some((f) => f.pointer === `/subsystems/${i}`)).toBe(true);
        }
    }
    // The hostile server made the harvest record every kind the code declares: a new kind must be added here.
    expect([...seen.service].sort()).toEqual(Object.keys(HARVEST_FAILURE_RULE).sort());
    expect([...seen.subsystem].sort()).toEqual(['limit', 'refused', 'timeout', 'unreachable']);
    expect([...seen.problem].sort()).toEqual(Object.keys(HARVEST_PROBLEM_RULE).sort());
  });

  it('a subsystem whose listMethods answer is nested without end is not "No problems, 100 (A)" (C3)', async () => {
    const { run, manifest, report } = await catalogue([]);
    const deep = manifest.subsystems.findIndex((s) => s.id.endsWith('/deep-list'));
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        ruleId: 'catalogue-unreachable',
        document: HARVEST_DOCUMENT,
        pointer: `/subsystems/${deep}`,
      }),
    );
    expect(report.documents.map((d) => d.path)).toContain(HARVEST_DOCUMENT);
    expect(run.stdout + run.stderr).not.toContain('No problems found');
    expect(run.stderr).toMatch(/\d+ subsystems whose services could not be listed/);
    expect(run.code).toBe(1);
  });
});
