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
