/**
 * The catalogue dashboard in a real browser (Debian's Chromium, driven by playwright-core), for
 * the sample catalogue and for one of 1,000 services: it loads with no network request and no
 * script or policy error, every figure on the page equals the JSON dashboard's, the table sorts
 * and filters, each service has a page with its findings, and nothing a hostile catalogue
 * carries runs. Screenshots are kept in test-artifacts/ (UPDATE_SCREENSHOT=1: docs/img/ too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { browserSuiteTitle, launchChromium, RUN_IN_BROWSER } from '../browser.js';
import { buildDashboard, type CatalogueDashboard } from '../../src/catalogue/dashboard.js';
import { renderDashboardHtml } from '../../src/catalogue/dashboard-html.js';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { reportCatalogue } from '../../src/catalogue/report.js';
import { catalogueAsset, generatedCatalogue, sampleCatalogue, type DevCatalogue } from '../../src/catalogue/sample.js';
import { counts } from '../../src/report/finding.js';
import { packageFile } from '../../src/paths.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const TITLE = browserSuiteTitle('the catalogue dashboard in a browser');
const ARTIFACTS = packageFile('test-artifacts');

let browser: Browser;

/**
 * Harvests the catalogue and reports it; with `change`, harvests it a second time after the
 * change and reports that against the first (the dashboard then has a previous harvest and a trend).
 */
async function dashboardOf(
  catalogue: DevCatalogue,
  concurrency = 4,
  change?: (server: Awaited<ReturnType<typeof devServer>>) => void,
) {
  const server = await devServer({ catalogue });
  const { root, out } = tempFolder();
  await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out(), concurrency });
  let run = await reportCatalogue({ folder: out(), cwd: root });
  let dashboard = buildDashboard(run, run.report);
  if (change) {
    change(server);
    await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out('second'), concurrency });
    run = await reportCatalogue({ folder: out('second'), previous: out(), cwd: root });
    dashboard = buildDashboard(run, run.report, { previous: dashboard });
  }
  const html = renderDashboardHtml(dashboard, run.report, {
    endpoints: new Map(run.manifest.services.map((s) => [s.name, s.endpoints.map((e) => `${e.method} ${e.path}`)])),
  });
  return { run, dashboard, html };
}

async function open(html: string, name: string): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, name);
  writeFileSync(file, html);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, problems, requests };
}

/** What the page shows: the summary's figures and each visible row's cells. */
async function shown(page: Page) {
  const figure = (id: string) => page.textContent(`#${id} .figure`);
  const rows = await page.$$eval('#services tbody tr.service', (trs) =>
    trs
      .filter((tr) => !(tr as HTMLElement).hidden)
      .map((tr) => {
        const cells = Array.from((tr as HTMLTableRowElement).cells).map((c) => (c as HTMLElement).dataset.value ?? '');
        return {
          code: cells[2],
          score: Number(cells[4]),
          grade: cells[5],
          errors: Number(cells[6]),
          warnings: Number(cells[7]),
          status: cells[10],
          name: decodeURIComponent(
            (tr.querySelector('a.service-link') as HTMLAnchorElement).hash.replace('#service=', ''),
          ),
        };
      }),
  );
  return {
    services: await figure('summary-services'),
    passing: await figure('summary-passing'),
    score: await figure('summary-score'),
    notHarvested: await figure('summary-not-harvested'),
    breaking: await figure('summary-breaking'),
    rows,
  };
}

function expectSameFigures(page: Awaited<ReturnType<typeof shown>>, dashboard: CatalogueDashboard): void {
  const s = dashboard.summary;
  expect(page.services).toBe(String(s.services));
  expect(page.passing).toBe(`${s.passingShare}%`);
  expect(page.score).toBe(`${s.score} (${s.grade})`);
  expect(page.notHarvested).toBe(String(s.notHarvested));
  expect(page.breaking).toBe(String(s.breakingWithoutMajor));
  const byName = new Map(dashboard.services.map((x) => [x.name, x]));
  expect(page.rows).toHaveLength(dashboard.services.length);
  for (const row of page.rows) {
    const service = byName.get(row.name)!;
    expect({ score: row.score, grade: row.grade, errors: row.errors, warnings: row.warnings }, row.name).toEqual({
      score: service.score,
      grade: service.grade,
      errors: service.errors,
      warnings: service.warnings,
    });
    expect(row.status).toBe(service.status === 'harvested' ? (service.passes ? 'passing' : 'failing') : service.status);
  }
}

describe.skipIf(!RUN_IN_BROWSER)(TITLE, () => {
  if (!RUN_IN_BROWSER) it('is skipped: Chromium is not installed', () => undefined);
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the sample catalogue with the JSON dashboard's figures, sorts, filters, and opens a page per service", async () => {
    // The second harvest: vehicles-v1 drops a response field under a patch version.
    const vehicles = 'xroad://IS-DEV/GOV/10001/vehicle-registry/vehicles-v1';
    const changed = readFileSync(catalogueAsset('vehicle-registry-v1.openapi.yaml'), 'utf8')
      .replace(/\n {8}- make\n/, '\n')
      .replace(/\n {8}make:\n {10}type: string\n {10}description: The manufacturer.\n {10}example: Toyota/, '')
      .replace(/\n {16}make: Toyota/, '')
      .replace('version: 1.2.0', 'version: 1.2.1');
    const { dashboard, html, run } = await dashboardOf(sampleCatalogue(), 4, (server) =>
      server.publish(vehicles, changed),
    );
    expect(dashboard.summary).toMatchObject({ breakingWithoutMajor: 1, changed: 1 });
    const { page, problems, requests } = await open(html, 'catalogue.html');
    await page.waitForTimeout(200);
    expect(requests).toHaveLength(1);
    expect(problems).toEqual([]);
    expectSameFigures(await shown(page), dashboard);
    expect(await page.textContent('#filter-count')).toBe('Showing 4 of 4 services');
    expect(await page.$$eval('#top-rules tbody tr', (trs) => trs.length)).toBe(dashboard.summary.topRules.length);

    await page.selectOption('#filter-status', 'failing');
    expect((await shown(page)).rows.map((r) => r.code).sort()).toEqual(['permits-v1', 'vehicles-v1']);
    await page.selectOption('#filter-status', 'breaking');
    expect((await shown(page)).rows.map((r) => r.code)).toEqual(['vehicles-v1']);
    expect(await page.textContent('#services tbody tr:not([hidden]) td.breaking')).toContain(
      'changed: 1 breaking (1.2.0 → 1.2.1)',
    );
    await page.selectOption('#filter-status', 'not-harvested');
    expect((await shown(page)).rows.map((r) => r.code)).toEqual(['orders-v1']);
    await page.click('button[type="reset"]');
    await page.waitForFunction(
      () => document.getElementById('filter-count')!.textContent === 'Showing 4 of 4 services',
    );
    await page.fill('#filter-text', 'samgöngustofa');
    expect((await shown(page)).rows.map((r) => r.code)).toEqual(['vehicles-v1']);
    await page.fill('#filter-text', 'platform-field-camel-case');
    expect((await shown(page)).rows.map((r) => r.code)).toEqual(['permits-v1']);
    await page.fill('#filter-text', '');

    await page.click('#services th:nth-child(5) button');
    expect((await shown(page)).rows.map((r) => r.score)).toEqual(
      dashboard.services.map((x) => x.score).sort((a, b) => a - b),
    );
    expect(await page.getAttribute('#services th:nth-child(5)', 'aria-sort')).toBe('ascending');
    await page.click('#services th:nth-child(5) button');
    const descending = (await shown(page)).rows.map((r) => r.score);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(await page.getAttribute('#services th:nth-child(5)', 'aria-sort')).toBe('descending');

    await page.click('a.service-link:text("permits-v1")');
    await page.waitForSelector('#service-page:not([hidden])');
    expect(await page.isVisible('#overview')).toBe(false);
    const permits = 'xroad://IS-DEV/GOV/10002/fishing-permits/permits-v1';
    const findings = run.report.findings.filter((f) => f.document === permits && counts(f));
    expect(await page.$$eval('#service-findings tbody tr', (trs) => trs.length)).toBe(findings.length);
    expect(await page.textContent('#service-page')).toContain('Fiskistofa (sample)');
    await page.screenshot({ path: join(ARTIFACTS, 'catalogue-service.png'), fullPage: false });
    await page.click('#back');
    await page.waitForSelector('#overview:not([hidden])');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, 'catalogue.png'), fullPage: true });
    if (process.env.UPDATE_SCREENSHOT === '1')
      await page.screenshot({ path: packageFile('docs/img/catalogue.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows each attestation state of the sample catalogue: attested, attested for an earlier version, not attested', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const { root, out } = tempFolder();
    await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out(), concurrency: 4 });
    const manifest = (await reportCatalogue({ folder: out(), cwd: root })).manifest;
    const of = (code: string) => manifest.services.find((s) => s.serviceCode === code)!;
    // Records as the catalogue keeps them once verified (test/catalogue/attestations.test.ts signs and verifies real ones).
    const record = (digest: string, title: string | undefined, version: string) => ({
      source: `${version}.json`,
      keyId: 'a'.repeat(64),
      key: 'trusted.pub.pem',
      signedAt: '2026-11-01T12:00:00.000Z',
      verdict: 'pass' as const,
      score: 97,
      grade: 'A',
      root: digest,
      ...(title !== undefined ? { title } : {}),
      version,
    });
    const vehicles = of('vehicles-v1');
    const permits = of('permits-v1');
    const run = await reportCatalogue({
      folder: out(),
      cwd: root,
      attestations: [record(vehicles.sha256!, vehicles.title, '1.2.0'), record('0'.repeat(64), permits.title, '0.9.0')],
    });
    const dashboard = buildDashboard(run, run.report);
    const html = renderDashboardHtml(dashboard, run.report);
    const { page, problems, requests } = await open(html, 'catalogue-attestations.html');
    expect(requests).toHaveLength(1);
    expectSameFigures(await shown(page), dashboard);
    const states = await page.$$eval('#services tbody tr.service', (trs) =>
      Object.fromEntries(
        trs.map((tr) => [
          (tr.querySelector('a.service-link') as HTMLElement).textContent,
          (tr.querySelector('td[data-attestation]') as HTMLElement).innerText,
        ]),
      ),
    );
    expect(states['vehicles-v1']).toMatch(
      /^attested\s+key aaaaaaaaaaaa \(trusted\.pub\.pem\), 2026-11-01T12:00:00\.000Z: gate pass, score 97/,
    );
    expect(states['permits-v1']).toMatch(/^attested for an earlier version\s+key .*attested version 0\.9\.0/);
    expect(states['user-profile-v2']).toBe('not attested');
    expect(states['orders-v1']).toBe('—');
    expect(await page.textContent('#summary-attested .figure')).toBe('1 / 1 / 1');
    expect(await page.textContent('#attestation-legend')).toContain('attested for an earlier version');
    expect(await page.$$eval('#trend tbody tr td:last-child', (tds) => tds.map((td) => td.textContent))).toEqual(['1']);
    await page.fill('#filter-text', 'not attested');
    expect((await shown(page)).rows.map((r) => r.code)).toEqual(['user-profile-v2']);
    await page.fill('#filter-text', '');
    await page.screenshot({ path: join(ARTIFACTS, 'catalogue-attestations.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows a catalogue of 1,000 services with the same figures as its JSON', async () => {
    const { dashboard, html } = await dashboardOf(generatedCatalogue(1000), 8);
    expect(dashboard.summary.services).toBe(1000);
    const { page, problems, requests } = await open(html, 'catalogue-1000.html');
    expect(requests).toHaveLength(1);
    expectSameFigures(await shown(page), dashboard);
    await page.selectOption('#filter-status', 'failing');
    expect((await shown(page)).rows).toHaveLength(
      dashboard.services.filter((s) => s.status === 'harvested' && !s.passes).length,
    );
    await page.click('button[type="reset"]');
    await page.click('#services th:nth-child(5) button');
    const scores = (await shown(page)).rows.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    await page.click('a.service-link >> nth=0');
    await page.waitForSelector('#service-page:not([hidden])');
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it("masks people's identifiers and escapes control and bidirectional characters in every text from the security server or a description, and shows organisations' kennitölur", async () => {
    const catalogue = sampleCatalogue();
    const vehicles = catalogue.subsystems.find((s) => s.subsystemCode === 'vehicle-registry')!;
    vehicles.memberCode = '5402696029';
    vehicles.memberName = 'Agency of 0101302989 \u001b[31mred\u001b[0m \u202eevil';
    vehicles.services[0].endpoints = [{ method: 'GET', path: '/v1/owners/010130-2989' }];
    vehicles.services[0].description = {
      text: [
        'openapi: 3.0.3',
        'info:',
        '  title: "Vehicles of 010130\u20102989 \u202e\u001b]8;;https://example.com\u0007"',
        '  version: 1.0.0',
        'paths:',
        '  /v1/owners/0101302989:',
        '    get:',
        "      responses: { '200': { description: ok } }",
        '',
      ].join('\n'),
    };
    vehicles.services.push({
      serviceCode: 'forbidden-v1',
      serviceType: 'OPENAPI',
      endpoints: [{ method: 'GET', path: '/v1/x/\uff10\uff11\uff10\uff11\uff13\uff10\uff12\uff19\uff18\uff19' }],
      answer: { status: 403, body: '{"message":"denied for 0101302989\\u001b[2J\\u202e"}' },
    });
    const { html, dashboard } = await dashboardOf(catalogue);
    // A person's identifier in any form, or a raw control or bidirectional character.
    const raw =
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      /0101302989|010130.2989|\uff12\uff19\uff18\uff19|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    expect(html).not.toMatch(raw);
    const { page, problems } = await open(html, 'catalogue-pii.html');
    const visible = () => page.evaluate(() => document.body.innerText);
    // The organisation's kennitala (an X-Road member code) is shown, on the overview and its pages.
    expect(await visible()).toContain('IS-DEV/GOV/5402696029');
    expect(await visible()).not.toMatch(raw);
    expect(await visible()).toContain('Agency of 010130**** \\u001b[31mred\\u001b[0m \\u202eevil');
    const pages: string[] = [];
    for (const service of dashboard.services.filter((s) => s.memberCode === '5402696029')) {
      await page.evaluate((name) => (location.hash = `#service=${encodeURIComponent(name)}`), service.name);
      await page.waitForSelector('#service-page:not([hidden])');
      const text = await visible();
      expect(text, service.name).not.toMatch(raw);
      expect(text).toContain('5402696029');
      pages.push(text);
    }
    expect(pages).toHaveLength(2);
    expect(pages.join('\n')).toContain('denied for 010130****\\u001b[2J\\u202e');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows code spans of messages as code, and wraps JSON pointers only between their segments', async () => {
    const { html, run } = await dashboardOf(sampleCatalogue());
    const { page, problems } = await open(html, 'catalogue-messages.html');
    await page.setViewportSize({ width: 720, height: 900 });
    const permits = 'xroad://IS-DEV/GOV/10002/fishing-permits/permits-v1';
    const withCode = run.report.findings.filter(
      (f) => f.document === permits && counts(f) && /`[^`]+`/.test(f.message),
    );
    expect(withCode.length).toBeGreaterThan(0);
    await page.evaluate((name) => (location.hash = `#service=${encodeURIComponent(name)}`), permits);
    await page.waitForSelector('#service-findings');
    const messages = await page.$$eval('#service-findings td.message', (tds) =>
      tds.map((td) => ({ text: td.textContent ?? '', codes: td.querySelectorAll('code').length })),
    );
    expect(messages.filter((m) => m.codes > 0).length).toBe(withCode.length);
    expect(messages.filter((m) => m.text.includes('`'))).toEqual([]);
    // Where each pointer's lines break: only right after a "/", never inside a segment.
    const breaks = await page.$$eval('#service-findings code.pointer', (codes) =>
      codes.flatMap((code) => {
        const text = code.textContent ?? '';
        const range = document.createRange();
        const tops: number[] = [];
        let offset = 0;
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        const found: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            const before = tops.at(-1);
            if (before !== undefined && top > before && text[offset + i - 1] !== '/')
              found.push(`${text} at ${offset + i}`);
            tops.push(top);
          }
          offset += (node.textContent ?? '').length;
        }
        return [{ wrapped: new Set(tops).size > 1, found }];
      }),
    );
    expect(breaks.some((b) => b.wrapped)).toBe(true);
    expect(breaks.flatMap((b) => b.found)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'catalogue-service-narrow.png'), fullPage: false });
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('draws the trend of two harvests with axes, dates and each score', async () => {
    const vehicles = 'xroad://IS-DEV/GOV/10001/vehicle-registry/vehicles-v1';
    const { dashboard, html } = await dashboardOf(sampleCatalogue(), 4, (server) =>
      server.publish(
        vehicles,
        readFileSync(catalogueAsset('vehicle-registry-v1.openapi.yaml'), 'utf8').replace(
          'version: 1.2.0',
          'version: 1.2.1',
        ),
      ),
    );
    expect(dashboard.trend).toHaveLength(2);
    const { page, problems } = await open(html, 'catalogue-trend.html');
    const chart = await page.$eval('#trend svg.trend-chart', (svg) => ({
      axes: svg.querySelectorAll('line.axis').length,
      ticks: Array.from(svg.querySelectorAll('text.tick')).map((t) => t.textContent),
      dates: Array.from(svg.querySelectorAll('text.date')).map((t) => t.textContent),
      values: Array.from(svg.querySelectorAll('text.value')).map((t) => Number(t.textContent)),
      points: svg.querySelectorAll('circle').length,
      box: svg.getBoundingClientRect().height,
    }));
    expect(chart.axes).toBe(2);
    expect(chart.ticks).toEqual(['0', '25', '50', '75', '100']);
    // Both harvests are of today: each date carries its time.
    expect(chart.dates).toEqual(dashboard.trend.map((p) => p.harvested.slice(0, 16).replace('T', ' ')));
    expect(chart.values).toEqual(dashboard.trend.map((p) => p.score));
    expect(chart.points).toBe(2);
    expect(chart.box).toBeGreaterThan(100);
    await (await page.$('#trend'))!.screenshot({ path: join(ARTIFACTS, 'catalogue-trend.png') });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('runs nothing a hostile catalogue carries', async () => {
    const catalogue = sampleCatalogue();
    catalogue.subsystems[2].memberName = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    catalogue.subsystems[2].services[0].description = {
      text: 'openapi: 3.0.3\ninfo:\n  title: "</script><script>window.__pwned=3</script>"\n  version: 1.0.0\npaths: {}\n',
    };
    const { html } = await dashboardOf(catalogue);
    const { page, problems, requests } = await open(html, 'catalogue-hostile.html');
    await page.click('a.service-link:text("vehicles-v1")');
    await page.waitForSelector('#service-page:not([hidden])');
    expect(await page.textContent('#service-page')).toContain('</script><script>window.__pwned=3</script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
