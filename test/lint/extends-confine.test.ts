/**
 * Issue 34: Spectral's loader confined to the trusted folders (src/lint/extends.ts). `codeOutside`
 * decides which entries of a trusted workspace load as code; the same guard holds while an entry
 * chosen as code loads, so a file swapped for a link out between the two does not run either.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CouldNotRunError } from '../../src/errors.js';
import { codeOutside, extendedLinter } from '../../src/lint/extends.js';

const top = realpathSync(mkdtempSync(join(tmpdir(), 'vottur-extends-confine-')));
afterAll(() => rmSync(top, { recursive: true, force: true }));

const folder = join(top, 'mine');
const outside = join(top, 'theirs');
mkdirSync(folder);
mkdirSync(outside);
const sentinel = join(top, 'SENTINEL');
const leaves = `require('node:fs').writeFileSync(${JSON.stringify(sentinel)}, 'ran');\nmodule.exports = { rules: {} };\n`;
writeFileSync(join(outside, 'evil.js'), leaves);
writeFileSync(join(folder, 'own.js'), 'module.exports = { rules: {} };\n');
writeFileSync(join(folder, 'data.yaml'), 'extends: [../theirs/data.yaml]\nrules: {}\n');
writeFileSync(join(outside, 'data.yaml'), 'rules: {}\n');
const config = join(folder, 'vottur.config.yaml');

describe('codeOutside', () => {
  it('is undefined for an entry wholly inside, and names the first file outside otherwise', async () => {
    expect(await codeOutside(config, './own.js', [folder])).toBeUndefined();
    // Spectral's own rulesets are vottur's installation, not the folder's.
    expect(await codeOutside(config, 'spectral:oas', [folder])).toBeUndefined();
    expect(await codeOutside(config, '../theirs/evil.js', [folder])).toBe(join(outside, 'evil.js'));
    // A YAML ruleset of the folder that extends one outside: data outside is outside too.
    expect(await codeOutside(config, './data.yaml', [folder])).toBe(join(outside, 'data.yaml'));
    expect(existsSync(sentinel)).toBe(false);
  });
});

describe('an entry chosen as code loads confined', () => {
  it('a file swapped for a link out after the decision is refused, naming it, and does not run', async () => {
    writeFileSync(join(folder, 'swapped.js'), 'module.exports = { rules: {} };\n');
    expect(await codeOutside(config, './swapped.js', [folder])).toBeUndefined();
    unlinkSync(join(folder, 'swapped.js'));
    symlinkSync(join(outside, 'evil.js'), join(folder, 'swapped.js'));
    const loading = extendedLinter({
      configFile: config,
      entries: ['./swapped.js'],
      data: [null],
      confine: [folder],
      cwd: folder,
      run: 'swapped',
    });
    await expect(loading).rejects.toBeInstanceOf(CouldNotRunError);
    await expect(loading).rejects.toThrow(
      `\`extends: ./swapped.js\` in vottur.config.yaml cannot be loaded: it brings ${join(outside, 'evil.js')}, outside the trusted workspace folders; trust that folder too, or copy the ruleset into the workspace (docs/editors.md#workspace-trust)`,
    );
    expect(existsSync(sentinel)).toBe(false);
  });
});
