/**
 * The VS Code extension (editors/vscode/) as one file: its source and its one dependency,
 * vscode-languageclient, bundled by rollup into editors/vscode/dist/extension.js (CommonJS, as VS
 * Code loads extensions; `vscode` itself is the editor's). Packed with
 * `npx vsce package --no-dependencies` in editors/vscode (test/editors/vscode.test.ts does both).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'editors/vscode');
const bundle = await rollup({
  input: join(folder, 'src/extension.js'),
  external: ['vscode'],
  plugins: [nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }), commonjs()],
  onwarn(warning, warn) {
    // vscode-languageserver-protocol's modules import each other in cycles; harmless once bundled.
    if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
    warn(warning);
  },
});
await bundle.write({ file: join(folder, 'dist/extension.js'), format: 'cjs', exports: 'auto', sourcemap: false });
await bundle.close();
