import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The folder holding vottur's package.json, whether running from `src/` (tests) or `dist/src/`. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('vottur: cannot find its own package.json');
    dir = parent;
  }
  root = dir;
  return dir;
}

/** A file shipped with vottur, by its path from the package root (e.g. `assets/reference/profiles.json`). */
export function packageFile(relativePath: string): string {
  return join(packageRoot(), relativePath);
}

/** The names of vottur's configuration file, looked for in this order. */
export const CONFIG_FILE_NAMES = ['vottur.config.yaml', 'vottur.config.yml', 'vottur.config.json'] as const;

/** The baseline's file name when `--baseline` names none. */
export const DEFAULT_BASELINE_FILE = 'vottur-baseline.json';

/** The names docs/diff.md gives the file of changes accepted on purpose (`--accept vottur-accept.yaml`). */
export const ACCEPT_FILE_NAMES = ['vottur-accept.yaml', 'vottur-accept.yml', 'vottur-accept.json'] as const;

/**
 * vottur's own files, which live beside the descriptions (`vottur lint '*.json'` in a folder that
 * holds `vottur-baseline.json`, `vottur lint '**\/*.yaml'` beside `vottur-accept.yaml`): a glob
 * never takes them for a description.
 */
export const VOTTUR_OWN_FILES: ReadonlySet<string> = new Set([
  ...CONFIG_FILE_NAMES,
  DEFAULT_BASELINE_FILE,
  ...ACCEPT_FILE_NAMES,
]);
