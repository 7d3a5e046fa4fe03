// Refreshes docs/img/report.png: the HTML report of `vottur check` on the bundled reference
// service, as a reviewer sees it, rendered by Debian's Chromium. Run after `npm run build`:
//   node scripts/screenshot-report.mjs [--fault <name>]...
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const html = join(mkdtempSync(join(tmpdir(), 'vottur-shot-')), 'report.html');
try {
  execFileSync(
    process.execPath,
    [
      join(root, 'dist/cli/main.js'),
      'check',
      '--quiet',
      '--format',
      'html',
      '--output',
      html,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit' },
  );
} catch (error) {
  if (error.status !== 1) throw error; // 1 = findings, still a report to show
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(pathToFileURL(html).href);
await page.screenshot({ path: join(root, 'docs/img/report.png'), fullPage: true });
await browser.close();
console.log(`docs/img/report.png from ${html}`);
