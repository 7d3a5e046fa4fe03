/** A development security server for a test, and a fresh folder to harvest into. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import {
  startDevSecurityServer,
  type DevSecurityServer,
  type DevSecurityServerOptions,
} from '../../src/catalogue/dev-server.js';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

export async function devServer(options: DevSecurityServerOptions): Promise<DevSecurityServer> {
  const server = await startDevSecurityServer(options);
  cleanups.push(() => server.close());
  return server;
}

/** A temporary folder, removed after the test; `out` names a not-yet-existing folder in it. */
export function tempFolder(): { root: string; out: (name?: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'vottur-catalogue-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return { root, out: (name = 'harvest') => join(root, name) };
}

export const CLIENT = 'IS-DEV/GOV/10000/vottur';
