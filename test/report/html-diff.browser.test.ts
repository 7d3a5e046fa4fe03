/**
 * The HTML report of a `vottur diff` in a real browser (Debian's Chromium, driven by playwright-core):
 * one card for the compared pair, the version verdict the diff computed at the top, the changes
 * grouped by class and within a class by operation (a shared component's change under every
 * operation it reaches), and no score or grade by lint category. Read back from the page's DOM; a
 * screenshot is kept as `test-artifacts/diff-report.png`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser } from 'playwright-core';
import { browserSuiteTitle, launchChromium, RUN_IN_BROWSER } from '../browser.js';
import { parse, stringify } from 'yaml';
import { diffDescriptions } from '../../src/diff/index.js';
import { formatHtml } from '../../src/report/formatters/html.js';
import { CONTEXT, CWD } from './sample.js';

const TITLE = browserSuiteTitle('html diff report in a browser');
const ARTIFACTS = join(CWD, 'test-artifacts');
const PAIR = join(ARTIFACTS, 'diff-pair');
const FIXTURE = join(CWD, 'fixtures/diff/diff-response-body-property-removed');

/**
 * The fixture pair with its shared response used by a second operation (PUT), a new path in the
 * revision (non-breaking) and a reworded API description (documentation only).
 */
function writePair(): [string, string] {
  mkdirSync(PAIR, { recursive: true });
  const write = (side: 'base' | 'revision') => {
    const doc = parse(readFileSync(join(FIXTURE, `${side}.yaml`), 'utf8'));
    doc.paths['/v2/users/{nationalId}'].put = {
      operationId: 'replaceUserProfile',
      responses: { '200': { $ref: '#/components/responses/UserProfileFound' } },
    };
    if (side === 'revision') {
      doc.info.description = 'Read access to the profiles of users.';
      doc.paths['/v2/users/{nationalId}/settings'] = {
        get: {
          operationId: 'getUserSettings',
          parameters: [{ $ref: '#/components/parameters/NationalIdPath' }],
          responses: { '204': { description: 'No settings.' } },
        },
      };
    }
    const file = join(PAIR, `${side}.yaml`);
    writeFileSync(file, stringify(doc));
    return file;
  };
  return [write('base'), write('revision')];
}

let browser: Browser;

describe.skipIf(!RUN_IN_BROWSER)(TITLE, () => {
  if (!RUN_IN_BROWSER) it('is skipped: Chromium is not installed', () => undefined);
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows one card for the pair, the computed verdict first, changes by class then operation, no grades', async () => {
    const [base, revision] = writePair();
    const report = await diffDescriptions(base, revision, { cwd: CWD });
    const file = join(ARTIFACTS, 'diff-report.html');
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
    await page.waitForTimeout(200);
    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);

    // The title names the pair, not "2 documents".
    expect(await page.title()).toBe('vottur report: User Profile 2.0.0 → 2.0.0');

    // The verdict is the one the diff computed, shown first, and repeated on the pair's card.
    const outcome = report.diff!;
    expect(outcome.allowed).toBe(false);
    const top = await page.$eval('#diff-verdict', (el) => ({
      ok: el.getAttribute('data-version-ok'),
      text: (el as HTMLElement).innerText,
    }));
    expect(top.ok).toBe('false');
    expect(top.text).toContain(outcome.verdict);
    const cards = await page.$$('article.diff-pair');
    expect(cards).toHaveLength(1);
    const card = await page.$eval('article.diff-pair', (el) => ({
      base: el.getAttribute('data-base'),
      revision: el.getAttribute('data-revision'),
      verdict: (el.querySelector('.pair-verdict') as HTMLElement).innerText,
    }));
    expect(card.base).toBe('test-artifacts/diff-pair/base.yaml');
    expect(card.revision).toBe('test-artifacts/diff-pair/revision.yaml');
    expect(card.verdict.toLowerCase()).toContain(outcome.verdict.toLowerCase());

    // Class totals are the diff's counts.
    const totals = await page.$$eval('.totals .total', (els) =>
      els.map((el) => [el.getAttribute('data-class'), Number(el.querySelector('b')!.textContent)]),
    );
    expect(Object.fromEntries(totals)).toEqual(outcome.counts);

    // Classes most severe first; within each, the operations; every change in its finding's class.
    const groups = await page.$$eval('article.diff-pair section.change-class', (sections) =>
      sections.map((section) => ({
        cls: section.getAttribute('data-class'),
        operations: Array.prototype.map.call(section.querySelectorAll('.change-operation'), (op: Element) => ({
          operation: op.getAttribute('data-operation'),
          changes: Array.prototype.map.call(op.querySelectorAll('li.change'), (li: Element) => ({
            rule: li.getAttribute('data-rule'),
            cls: li.getAttribute('data-class'),
          })),
        })) as Array<{ operation: string; changes: Array<{ rule: string; cls: string }> }>,
      })),
    );
    const classes = groups.map((g) => g.cls).filter((c) => c !== 'version');
    expect(classes).toEqual(['breaking', 'non-breaking', 'documentation']);
    for (const group of groups)
      for (const op of group.operations) for (const change of op.changes) expect(change.cls).toBe(group.cls);
    const breaking = groups.find((g) => g.cls === 'breaking')!;
    // The shared response's change is listed under both operations that use it.
    const removed = breaking.operations
      .filter((op) => op.changes.some((c) => c.rule === 'diff-response-body-property-removed'))
      .map((op) => op.operation);
    expect(removed).toEqual(['GET /v2/users/{nationalId}', 'PUT /v2/users/{nationalId}']);
    const nonBreaking = groups.find((g) => g.cls === 'non-breaking')!;
    expect(nonBreaking.operations.flatMap((op) => op.changes.map((c) => c.rule))).toContain('diff-path-added');
    const documentation = groups.find((g) => g.cls === 'documentation')!;
    expect(documentation.operations.map((op) => op.operation)).toEqual(['Whole API']);
    expect(documentation.operations[0].changes.map((c) => c.rule)).toEqual(['diff-api-description-changed']);

    // Changes, not conformance: no score ring, no lint category chart or filter, no grade.
    expect(await page.$('#overall-score')).toBeNull();
    expect(await page.$('#categories')).toBeNull();
    expect(await page.$('#filter-category')).toBeNull();
    expect(await page.$('svg.ring')).toBeNull();
    expect(await page.innerText('body')).not.toMatch(/Data formats|grade|score/i);

    await page.screenshot({ path: join(ARTIFACTS, 'diff-report.png'), fullPage: true });
    await page.close();
  }, 60_000);
});
