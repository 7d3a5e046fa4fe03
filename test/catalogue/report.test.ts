/**
 * The catalogue report over harvests made against the development security server: each
 * service's findings under its `xroad://` name in every format, harvest failures and Swagger 2.0
 * as findings, a second harvest with a breaking change reported as such, shards that merge back
 * into the whole, and the dashboard's figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { buildDashboard } from '../../src/catalogue/dashboard.js';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { reportCatalogue } from '../../src/catalogue/report.js';
import { CATALOGUE_RULES, UNCHECKED_RULES } from '../../src/catalogue/rules.js';
import { ConfigResolver } from '../../src/config/index.js';
import { GateRun } from '../../src/policy/enforce.js';
import { catalogueAsset, sampleCatalogue, type DevCatalogue } from '../../src/catalogue/sample.js';
import { mergeReports, parseJsonReport } from '../../src/report/merge.js';
import { FORMATTERS } from '../../src/report/formatters/index.js';
import { HARVEST_FAILURE_RULES, scoreReport } from '../../src/report/score.js';
import { packageFile } from '../../src/paths.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const VEHICLES = 'xroad://IS-DEV/GOV/10001/vehicle-registry/vehicles-v1';
const PERMITS = 'xroad://IS-DEV/GOV/10002/fishing-permits/permits-v1';
const PROFILE = 'xroad://IS-DEV/GOV/10000/island-is/user-profile-v2';
const ORDERS = 'xroad://IS-DEV/COM/10003/orders/orders-v1';

async function sampleHarvest(catalogue: DevCatalogue = sampleCatalogue()) {
  const server = await devServer({ catalogue });
  const temp = tempFolder();
  await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: temp.out('first') });
  return { server, temp, folder: temp.out('first') };
}

describe('vottur catalogue report', () => {
  it('lints every harvested description under its service name, and reports what could not be harvested', async () => {
    const { folder, temp } = await sampleHarvest();
    const { report } = await reportCatalogue({ folder, cwd: temp.root, jobs: 1 });
    expect(report.documents.map((d) => d.path)).toEqual([ORDERS, PROFILE, VEHICLES, PERMITS]);
    expect(new Set(report.findings.map((f) => f.document))).toEqual(new Set([ORDERS, PERMITS]));
    const orders = report.findings.filter((f) => f.document === ORDERS);
    expect(orders.map((f) => f.ruleId)).toEqual(['catalogue-description-missing']);
    expect(orders[0].source).toBe('catalogue');
    // Lint findings keep their place in the harvested file.
    const camel = report.findings.find((f) => f.ruleId === 'platform-field-camel-case' && f.document === PERMITS)!;
    expect(camel).toMatchObject({
      line: 45,
      pointer: '/components/schemas/permit/properties/permit_id',
      source: 'lint',
    });
    const scores = new Map(scoreReport(report).byDocument.map((d) => [d.document, d.score]));
    expect(scores.get(ORDERS)).toBe(0);
    expect(scores.get(PROFILE)).toBe(100);
    expect(scores.get(VEHICLES)).toBe(100);
    expect(scores.get(PERMITS)).toBeLessThan(60);
    // Every catalogue rule is listed as checked, with its page.
    for (const rule of CATALOGUE_RULES) expect(report.rules).toContainEqual(rule);
    expect([...UNCHECKED_RULES].sort()).toEqual([...HARVEST_FAILURE_RULES].sort());
    for (const rule of CATALOGUE_RULES)
      expect(readFileSync(packageFile(`docs/rules/${rule.id}.md`), 'utf8')).toContain(`# ${rule.id}`);
  });

  it('renders in every existing format with the services as documents', async () => {
    const { folder, temp } = await sampleHarvest();
    const { report } = await reportCatalogue({ folder, cwd: temp.root, jobs: 1 });
    const context = { cwd: temp.root, color: false, showPii: false };
    const json = parseJsonReport(JSON.parse(FORMATTERS.json(report, { ...context, showPii: true })));
    expect(json.findings).toEqual(report.findings);
    const sarif = JSON.parse(FORMATTERS.sarif(report, context));
    // A finding with a line is located in the service's document; one on the whole service names it.
    type Result = {
      locations?: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
      properties: { document: string };
    };
    const uris = new Set(
      sarif.runs[0].results.map(
        (r: Result) => r.locations?.[0]?.physicalLocation.artifactLocation.uri ?? r.properties.document,
      ),
    );
    expect(uris).toEqual(new Set([ORDERS, PERMITS]));
    const junit = new XMLParser({ ignoreAttributes: false }).parse(FORMATTERS.junit(report, context));
    expect(JSON.stringify(junit)).toContain(ORDERS);
    for (const format of ['stylish', 'markdown', 'html', 'github', 'gitlab'] as const)
      expect(FORMATTERS[format](report, context), format).toContain('orders-v1');
  });

  it('converts a Swagger 2.0 description and lints it, and reports each harvest failure under its rule', async () => {
    const catalogue: DevCatalogue = {
      subsystems: [
        {
          instance: 'IS-TEST',
          memberClass: 'GOV',
          memberCode: '1',
          subsystemCode: 'mixed',
          memberName: 'Mixed agency',
          services: [
            {
              serviceCode: 'old-swagger-v1',
              serviceType: 'OPENAPI',
              answer: { body: readFileSync(packageFile('fixtures/swagger2/fail-islykill.yaml'), 'utf8') },
            },
            { serviceCode: 'crashes-v1', serviceType: 'OPENAPI', answer: { status: 502 } },
            { serviceCode: 'broken-v1', serviceType: 'OPENAPI', answer: { body: '{"openapi": "3.0.3", ' } },
            { serviceCode: 'huge-v1', serviceType: 'OPENAPI', answer: { bytes: 64 * 1024 } },
          ],
        },
      ],
    };
    const server = await devServer({ catalogue });
    const temp = tempFolder();
    await harvestCatalogue({
      securityServer: server.baseUrl,
      client: CLIENT,
      out: temp.out(),
      maxBytes: 32 * 1024,
      backoffMs: 5,
    });
    const { report } = await reportCatalogue({ folder: temp.out(), cwd: temp.root, jobs: 1 });
    const rulesOf = (code: string) =>
      report.findings.filter((f) => f.document === `xroad://IS-TEST/GOV/1/mixed/${code}`).map((f) => f.ruleId);
    expect(rulesOf('old-swagger-v1')).toContain('platform-openapi-3');
    // Converted in memory and checked by the other rules too, at the Swagger 2.0 document's lines.
    expect(rulesOf('old-swagger-v1').filter((id) => id !== 'platform-openapi-3').length).toBeGreaterThan(3);
    expect(rulesOf('crashes-v1')).toEqual(['catalogue-unreachable']);
    expect(rulesOf('broken-v1')).toEqual(['catalogue-not-openapi']);
    expect(rulesOf('huge-v1')).toEqual(['catalogue-too-large']);
  });

  it('reports a breaking change without a new major version in the second harvest, on that service only', async () => {
    const { server, temp, folder } = await sampleHarvest();
    const first = await reportCatalogue({ folder, cwd: temp.root, jobs: 1 });
    const original = readFileSync(catalogueAsset('vehicle-registry-v1.openapi.yaml'), 'utf8');
    // `make` leaves the response (callers that read it break), and the version says only "patch".
    const changed = original
      .replace(/\n {8}- make\n/, '\n')
      .replace(/\n {8}make:\n {10}type: string\n {10}description: The manufacturer.\n {10}example: Toyota/, '')
      .replace(/\n {16}make: Toyota/, '')
      .replace('version: 1.2.0', 'version: 1.2.1');
    expect(changed).not.toContain('make:');
    server.publish(VEHICLES, changed);
    await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: temp.out('second') });
    const second = await reportCatalogue({ folder: temp.out('second'), previous: folder, cwd: temp.root, jobs: 1 });
    const breaking = second.report.findings.filter((f) => f.ruleId === 'catalogue-breaking-change');
    expect(breaking).toHaveLength(1);
    expect(breaking[0]).toMatchObject({ document: VEHICLES, severity: 'error', source: 'catalogue' });
    expect(breaking[0].message).toMatch(
      /^1 breaking change since the previous harvest without a new major version \(info\.version 1\.2\.0 → 1\.2\.1\): .*make.*vehicles-v2/,
    );
    expect(second.changes.get(VEHICLES)).toMatchObject({
      status: 'changed',
      breaking: 1,
      versionBefore: '1.2.0',
      versionAfter: '1.2.1',
      newMajor: false,
    });
    expect(second.changes.get(PROFILE)).toMatchObject({ status: 'unchanged' });
    expect(second.changes.get(ORDERS)).toMatchObject({ status: 'not-compared' });

    const dashboard = buildDashboard(second, second.report, { previous: buildDashboard(first, first.report) });
    const vehicles = dashboard.services.find((s) => s.name === VEHICLES)!;
    expect(vehicles).toMatchObject({ passes: false, errors: 1, change: { status: 'changed', breaking: 1 } });
    expect(vehicles.trend.map((p) => p.score)).toEqual([100, 90]);
    expect(dashboard.summary).toMatchObject({
      services: 4,
      passing: 1,
      passingShare: 25,
      breakingWithoutMajor: 1,
      changed: 1,
      new: 0,
      removed: 0,
    });
    expect(dashboard.trend.map((p) => p.passing)).toEqual([2, 1]);
    expect(dashboard.summary.score).toBe(scoreReport(second.report).score);
  });

  it('reports a service no longer listed as removed', async () => {
    const { server, temp, folder } = await sampleHarvest();
    await server.close();
    const catalogue = sampleCatalogue();
    catalogue.subsystems = catalogue.subsystems.filter((s) => s.subsystemCode !== 'vehicle-registry');
    const again = await devServer({ catalogue });
    await harvestCatalogue({ securityServer: again.baseUrl, client: CLIENT, out: temp.out('second') });
    const second = await reportCatalogue({ folder: temp.out('second'), previous: folder, cwd: temp.root, jobs: 1 });
    expect(second.removed).toEqual([VEHICLES]);
    expect(
      second.report.findings.filter((f) => f.ruleId === 'catalogue-service-removed').map((f) => f.document),
    ).toEqual([VEHICLES]);
  });

  it('splits the services into shards that merge back into the whole report', async () => {
    const { folder, temp } = await sampleHarvest();
    const whole = await reportCatalogue({ folder, cwd: temp.root, jobs: 1 });
    const shards = await Promise.all(
      [1, 2, 3].map((index) => reportCatalogue({ folder, cwd: temp.root, jobs: 1, shard: { index, count: 3 } })),
    );
    expect(shards.map((s) => s.report.documents.length).reduce((a, b) => a + b, 0)).toBe(4);
    const merged = mergeReports(shards.map((s) => s.report));
    expect(merged.findings).toEqual(whole.report.findings);
    expect(new Set(merged.documents.map((d) => d.path))).toEqual(new Set(whole.report.documents.map((d) => d.path)));
    expect(scoreReport(merged).score).toBe(scoreReport(whole.report).score);
  });
});

describe('vottur catalogue report with a configuration', () => {
  it('applies overrides that name services by their xroad:// names', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const temp = tempFolder();
    await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: temp.out() });
    writeFileSync(
      join(temp.root, 'vottur.config.yaml'),
      "overrides:\n  - files: ['xroad://IS-DEV/GOV/10002/**']\n    rules:\n      platform-field-camel-case: 'off'\n",
    );
    const { report } = await reportCatalogue({ folder: temp.out(), cwd: temp.root, jobs: 1 });
    expect(report.findings.some((f) => f.ruleId === 'platform-field-camel-case')).toBe(true);
    const configured = await new GateRun(new ConfigResolver({ cwd: temp.root }), undefined, temp.root).applyLevels(
      report,
    );
    expect(configured.findings.some((f) => f.ruleId === 'platform-field-camel-case')).toBe(false);
    expect(configured.findings.length).toBe(
      report.findings.length - report.findings.filter((f) => f.ruleId === 'platform-field-camel-case').length,
    );
  });
});
