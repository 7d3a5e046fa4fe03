/**
 * The browser the HTML tests drive: Debian's Chromium (CHROMIUM_PATH to name another), through
 * playwright-core. In CI (CI=true) a browser that cannot start fails those tests; elsewhere they
 * are skipped, and the suite's title says why.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { QUICK, QUICK_SKIP_REASON } from './suites.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const RUN_IN_BROWSER = !QUICK && (HAS_CHROMIUM || process.env.CI === 'true');

/** A browser suite's title, naming why it is skipped when it is. */
export function browserSuiteTitle(what: string): string {
  if (QUICK) return `${what} ${QUICK_SKIP_REASON}`;
  return RUN_IN_BROWSER ? what : `${what} (SKIPPED: no Chromium at ${CHROMIUM}; apt-get install -y chromium)`;
}

/** Chromium, headless, with nothing of its own going to the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
}
