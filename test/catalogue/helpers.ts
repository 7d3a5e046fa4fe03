/** A development security server for a test, and a fresh folder to harvest into. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import {
  startDevSecurityServer,
  type DevSecurityServer,
  type DevSecurityServerOptions,
} from '../../src/catalogue/dev-server.js';

export async function devServer(options: DevSecurityServerOptions): Promise<DevSecurityServer> {
  const server = await startDevSecurityServer(options);
  // Per test, not a module-level afterEach: with the workers' module cache shared between test
  // files (vitest.config.ts, isolate: false) a helper's top level runs for the first file only.
  onTestFinished(() => server.close());
  return server;
}

/** A temporary folder, removed after the test; `out` names a not-yet-existing folder in it. */
export function tempFolder(): { root: string; out: (name?: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'vottur-catalogue-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  return { root, out: (name = 'harvest') => join(root, name) };
}

export const CLIENT = 'IS-DEV/GOV/10000/vottur';
