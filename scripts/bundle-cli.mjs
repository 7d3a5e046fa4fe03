/**
 * The `vottur` command as a few files (part of `npm run build`, after `tsc`): `dist/cli/main.js`
 * and the worker threads' `dist/cli/worker.js`, bundled from what tsc wrote to `dist/src/` and
 * `dist/rulesets/`, each command and each part loaded on demand (`import()`) still its own
 * chunk. Node resolves, reads, compiles and links every ES module on its own; a `vottur lint`
 * that loaded ~100 of them spent ~20 ms of its start-up on that (docs/performance.md), which
 * this saves. Dependencies (`node_modules`) stay outside the bundle, as Node's own modules.
 *
 * `dist/src/` stays as tsc wrote it: the library (`import … from 'vottur'`) and
 * `node dist/src/cli/main.js` work as before.
 */
import { rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/cli');
const commands = join(root, 'dist/src/cli/commands') + sep;

const bundle = await rollup({
  input: { main: join(root, 'dist/src/cli/main.js'), worker: join(root, 'dist/src/lint/worker.js') },
  // Only vottur's own modules are bundled: packages and node: modules are imported as they are.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  // Module bodies keep their order and side effects (the CLI's start-up relies on what runs when).
  treeshake: false,
  onwarn(warning, warn) {
    // `this` at the top of tsc's helpers and circular imports between modules are as in dist/src.
    if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
    warn(warning);
  },
  plugins: [
    {
      name: 'shebang',
      // The entry's `#!/usr/bin/env node` line is put back as the banner below.
      transform: (code) => (code.startsWith('#!') ? { code: `//${code.slice(2)}`, map: null } : null),
    },
  ],
});
rmSync(out, { recursive: true, force: true });
await bundle.write({
  dir: out,
  format: 'es',
  entryFileNames: '[name].js',
  // A command's own chunk is named after it (`command-lint.js`): start-up tests check which commands a run loads.
  chunkFileNames: (chunk) =>
    chunk.facadeModuleId?.startsWith(commands)
      ? `command-${relative(commands, chunk.facadeModuleId).replace(/\.js$/, '')}.js`
      : '[name]-[hash].js',
  banner: (chunk) => (chunk.name === 'main' ? '#!/usr/bin/env node' : ''),
  sourcemap: false,
});
await bundle.close();
