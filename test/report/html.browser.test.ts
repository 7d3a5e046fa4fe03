/**
 * The HTML report in a real browser (Debian's Chromium, driven by playwright-core): it loads with
 * no network request at all, its filters show the right rows, and a screenshot is kept as an
 * artifact (`test-artifacts/report.png`; with UPDATE_SCREENSHOT=1 also `docs/img/report.png`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { browserSuiteTitle, launchChromium, RUN_IN_BROWSER } from '../browser.js';
import type { Report } from '../../src/report/finding.js';
import { formatHtml } from '../../src/report/formatters/html.js';
import { CONTEXT, CWD, emptyReport, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from './sample.js';

const TITLE = browserSuiteTitle('html format in a browser');

const ARTIFACTS = join(CWD, 'test-artifacts');

let browser: Browser;

interface Loaded {
  page: Page;
  requests: string[];
  problems: string[];
}

/** Writes the report to test-artifacts/ and opens it, recording every request and console error. */
async function open(report: Report, name: string): Promise<Loaded> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, name);
  writeFileSync(file, formatHtml(report, CONTEXT));
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const url = pathToFileURL(file).href;
  await page.goto(url, { waitUntil: 'load' });
  // Only the page itself: no style sheet, script, font, image or favicon fetched.
  expect(requests).toEqual([url]);
  return { page, requests, problems };
}

async function visibleRows(
  page: Page,
): Promise<Array<{ severity: string; category: string; rule: string; text: string }>> {
  return page.$$eval('#findings-table tbody tr.finding', (rows) =>
    rows
      .filter((row) => (row as HTMLElement).offsetParent !== null)
      .map((row) => ({
        severity: row.getAttribute('data-severity')!,
        category: row.getAttribute('data-category')!,
        rule: row.getAttribute('data-rule')!,
        text: (row as HTMLElement).innerText,
      })),
  );
}

describe.skipIf(!RUN_IN_BROWSER)(TITLE, () => {
  if (!RUN_IN_BROWSER) it('is skipped: Chromium is not installed', () => undefined);
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no network request and no script or policy error', async () => {
    const { page, requests, problems } = await open(sampleReport(), 'report.html');
    // Let the script run and anything lazy try its luck.
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(1);
    expect(problems).toEqual([]);
    expect(await page.textContent('#filter-count')).toBe('Showing 9 of 9 findings');
    expect(await page.getAttribute('#overall-score', 'data-score')).toBe('25');
    const html = await page.content();
    expect(html).not.toContain(NATIONAL_ID);
    expect(html).not.toContain(NATIONAL_ID_HYPHEN);
    await page.close();
  }, 60_000);

  it('filters the table by severity, category, rule and text', async () => {
    const { page, problems } = await open(sampleReport(), 'report.html');
    expect(await visibleRows(page)).toHaveLength(9);

    await page.selectOption('#filter-severity', 'error');
    let rows = await visibleRows(page);
    expect(rows.map((r) => r.rule).sort()).toEqual([
      'contract-status-code',
      'platform-date-format',
      'platform-national-id-format',
      'response-national-id-format',
    ]);
    expect(await page.textContent('#filter-count')).toBe('Showing 4 of 9 findings');

    await page.selectOption('#filter-category', 'data-format');
    rows = await visibleRows(page);
    expect(rows.map((r) => r.rule).sort()).toEqual([
      'platform-date-format',
      'platform-national-id-format',
      'response-national-id-format',
    ]);

    await page.click('button[type="reset"]');
    await page.waitForFunction(
      () => document.getElementById('filter-count')!.textContent === 'Showing 9 of 9 findings',
    );
    await page.selectOption('#filter-rule', 'response-content-type');
    rows = await visibleRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toContain('Content-Type is text/plain; send application/json.');

    await page.click('button[type="reset"]');
    await page.fill('#filter-text', 'SNAKE_case');
    rows = await visibleRows(page);
    expect(rows.map((r) => r.rule)).toEqual(['platform-property-camel-case']);
    expect(await page.isVisible('#no-match')).toBe(false);

    await page.fill('#filter-text', 'no finding says this');
    expect(await visibleRows(page)).toEqual([]);
    expect(await page.isVisible('#no-match')).toBe(true);
    expect(await page.textContent('#filter-count')).toBe('Showing 0 of 9 findings');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('filters from the chart and from the contract results', async () => {
    const { page } = await open(sampleReport(), 'report.html');
    await page.click('#category-chart [data-filter-category="documentation"]');
    expect(await page.inputValue('#filter-category')).toBe('documentation');
    expect((await visibleRows(page)).map((r) => r.rule).sort()).toEqual([
      'platform-description-markdown',
      'platform-operation-summary',
    ]);

    await page.click('tr.operation[data-operation="GET /v2/actor-profiles"] button.show-operation');
    expect(await page.inputValue('#filter-category')).toBe('');
    const rows = await visibleRows(page);
    expect(rows.map((r) => r.rule).sort()).toEqual([
      'contract-status-code',
      'platform-operation-summary',
      'response-content-type',
    ]);
    expect(rows.every((r) => r.text.includes('GET /v2/actor-profiles'))).toBe(true);
    expect(
      await page.$$eval('#operations-table tbody tr', (trs) =>
        trs.map((tr) => (tr as HTMLElement).innerText.split('\t').map((c) => c.trim())),
      ),
    ).toEqual([
      ['GET /v2/users/{nationalId}\ngetUserProfile', '2', '25 ms', '1', '0', '0', '0', 'failed', 'Show findings'],
      ['GET /v2/actor-profiles\ngetActorProfiles', '1', '40 ms', '1', '1', '0', '0', 'failed', 'Show findings'],
      ['DELETE /v2/users/{nationalId}\ndeleteUser', '0', '', '0', '0', '0', '0', 'not exercised', ''],
    ]);
    await page.close();
  }, 60_000);

  it('shows the source around a finding, masked, and keeps a screenshot', async () => {
    const { page } = await open(sampleReport(), 'report.html');
    const row = page.locator('tr.finding[data-rule="platform-national-id-format"]');
    expect(await row.locator('pre.excerpt').isVisible()).toBe(false);
    await row.locator('summary').click();
    const excerpt = row.locator('pre.excerpt');
    expect(await excerpt.isVisible()).toBe(true);
    const lines = (await excerpt.innerText()).split('\n');
    expect(lines[0]).toMatch(/^14\s+required: true$/);
    expect(lines).toContain('17             example: 010130-****');
    expect(lines.some((line) => /^\s+\^$/.test(line))).toBe(true);
    expect(await row.locator('.line.hit').innerText()).toBe('17             example: 010130-****');

    await page.click('#toggle-excerpts');
    expect(await page.locator('details.source[open]').count()).toBe(9);
    await page.click('#toggle-excerpts');
    expect(await page.locator('details.source[open]').count()).toBe(0);
    await row.locator('summary').click();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
    if (process.env.UPDATE_SCREENSHOT === '1') {
      mkdirSync(join(CWD, 'docs', 'img'), { recursive: true });
      await page.screenshot({ path: join(CWD, 'docs', 'img', 'report.png'), fullPage: true });
    }
    expect(existsSync(join(ARTIFACTS, 'report.png'))).toBe(true);
    await page.close();
  }, 60_000);

  it('says every rule passed, and nothing about filters, when there is no finding', async () => {
    const { page } = await open(emptyReport(), 'empty.html');
    expect(await page.isVisible('#no-findings')).toBe(true);
    expect(await page.isVisible('#no-match')).toBe(false);
    await page.fill('#filter-text', 'anything');
    expect(await page.isVisible('#no-match')).toBe(false);
    await page.close();
  }, 60_000);

  it("groups many documents' findings by rule, with counts, and keeps every table within a 1280-px page", async () => {
    const base = sampleReport();
    const documents = Array.from(
      { length: 11 },
      (_, i) =>
        `/work/shared/corpus/real/a-rather-long-folder-name/and-another-one/service-number-${i}-with-a-long-name.openapi.yaml`,
    );
    const findings = documents.flatMap((document, d) =>
      Array.from({ length: 12 }, (_, i) => ({
        ...base.findings[i % base.findings.length],
        document,
        line: undefined,
        path: [
          'paths',
          `/v1/a-very-long-path-segment-${d}/{someIdentifierParameterWithALongName}/sub-resources/${i}`,
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
        ],
        request: {
          method: 'GET',
          url: `http://127.0.0.1:4010/v1/a-very-long-path-segment-${d}/${'x'.repeat(120)}?query=${'y'.repeat(80)}`,
          status: 500,
        },
      })),
    );
    const report = { ...base, documents: documents.map((path) => ({ path })), findings, operations: undefined };
    const { page, problems } = await open(report, 'report-many.html');
    const rules = new Set(findings.map((f) => f.ruleId));
    // More findings than open at first: every group is closed, and says how many it holds.
    const groups = await page.$$eval('details.rule-group', (els) =>
      els.map((el) => ({
        rule: el.getAttribute('data-rule'),
        open: (el as HTMLDetailsElement).open,
        count: el.querySelector('.rule-count')!.textContent,
      })),
    );
    expect(groups.map((g) => g.rule).sort()).toEqual([...rules].sort());
    expect(groups.every((g) => !g.open)).toBe(true);
    for (const group of groups)
      expect(Number(group.count), group.rule!).toBe(findings.filter((f) => f.ruleId === group.rule).length);
    // A filter opens the groups it leaves.
    await page.selectOption('#filter-rule', 'response-content-type');
    expect(
      await page.$$eval('details.rule-group[open]', (els) => els.map((el) => el.getAttribute('data-rule'))),
    ).toEqual(['response-content-type']);
    await page.click('button[type="reset"]');
    // Everything open, then measured: no table and no page wider than the window.
    await page.$$eval('details', (els) => els.forEach((el) => (el.open = true)));
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      tables: Array.from(document.querySelectorAll('#findings-table table')).map(
        (t) => t.getBoundingClientRect().right,
      ),
      wraps: Array.from(document.querySelectorAll('#findings-table .table-wrap')).map(
        (w) => w.scrollWidth - w.clientWidth,
      ),
    }));
    expect(widths.page).toBeLessThanOrEqual(1280);
    for (const right of widths.tables) expect(right).toBeLessThanOrEqual(1280);
    for (const overflow of widths.wraps) expect(overflow).toBeLessThanOrEqual(0);
    // Paths as given: absolute, not ../work/….
    expect(await page.textContent('#findings-table')).toContain(documents[0]);
    expect(await page.textContent('body')).not.toContain('../work/');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('runs nothing a hostile report carries', async () => {
    const report = sampleReport();
    report.documents[0].title = '</title><script>window.__pwned = 1</script>';
    report.findings[0] = {
      ...report.findings[0],
      message: '<img src="https://evil.example/x.png" onerror="window.__pwned = 2"><script>window.__pwned = 3</script>',
      docsUrl: 'javascript:window.__pwned = 4',
    };
    const { page, requests, problems } = await open(report, 'report-hostile.html');
    await page.waitForTimeout(300);
    await page.fill('#filter-text', 'evil');
    const rows = await visibleRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toContain('<img src="https://evil.example/x.png"');
    await page.locator('tr.finding:not([hidden]) a, tr.finding:not([hidden]) td:nth-child(3)').first().click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#findings-table img').count()).toBe(0);
    expect(requests).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
