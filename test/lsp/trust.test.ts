/**
 * Issue 34, Why 8: `vottur lsp` opened on a hostile folder ran the folder's `extends` code on
 * `didOpen` (Neovim, Helix and Emacs have no workspace trust; the VS Code extension said nothing).
 * Now a workspace is untrusted unless the client says so at start-up: its rulesets go through the
 * gate's loader as data only, and what it refuses is a diagnostic. Over a real LSP client.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run.js';
import { LspClient } from './client.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-lsp-trust-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** A folder as a hostile repository would be: a description, and a configuration extending JavaScript. */
function hostileFolder(name: string): { folder: string; api: string; sentinel: string; packageSentinel: string } {
  const folder = join(top, name);
  mkdirSync(join(folder, '.git'), { recursive: true });
  const sentinel = join(folder, 'SENTINEL');
  const api = join(folder, 'api.yaml');
  writeFileSync(api, readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml')));
  writeFileSync(
    join(folder, 'evil.js'),
    `require('node:fs').writeFileSync(${JSON.stringify(sentinel)}, 'ran');\nmodule.exports = { rules: {} };\n`,
  );
  writeFileSync(
    join(folder, 'house.yaml'),
    'rules:\n  house-title:\n    given: $.info\n    severity: warn\n    message: house rule ran\n    then: { field: x-house, function: truthy }\n',
  );
  // A committed package: Spectral's loader would require it from the folder's node_modules.
  const packageSentinel = join(folder, 'SENTINEL-pkg');
  mkdirSync(join(folder, 'node_modules/evilpkg'), { recursive: true });
  writeFileSync(join(folder, 'node_modules/evilpkg/package.json'), '{"name":"evilpkg","main":"index.js"}\n');
  writeFileSync(
    join(folder, 'node_modules/evilpkg/index.js'),
    `require('node:fs').writeFileSync(${JSON.stringify(packageSentinel)}, 'ran');\nmodule.exports = { rules: {} };\n`,
  );
  writeFileSync(join(folder, 'vottur.config.yaml'), 'extends: [./evil.js, evilpkg, ./house.yaml]\n');
  return { folder, api, sentinel, packageSentinel };
}

describe('issue 34, Why 8: the language server trusts no workspace unless the client says so', () => {
  it('untrusted (no initialization option): the JavaScript ruleset never runs, is a diagnostic, and the data ruleset works', async () => {
    const { folder, api, sentinel } = hostileFolder('untrusted');
    const lsp = await LspClient.start({ rootPath: folder, cwd: folder });
    try {
      await lsp.open(api);
      const diagnostics = await lsp.waitFor(api, (list) => list.some((d) => d.code === 'policy-extends-refused'));
      expect(existsSync(sentinel)).toBe(false);
      expect(diagnostics.find((d) => d.code === 'policy-extends-refused')!.message).toMatch(
        /`extends: \.\/evil\.js` in vottur\.config\.yaml was not loaded: .*the workspace is not trusted/,
      );
      expect(diagnostics.map((d) => d.message)).toContain('house rule ran');
      // A workspace setting (didChangeConfiguration) cannot make it trusted.
      await lsp.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { vottur: { trustedWorkspace: true } },
      });
      await lsp.nextPublication(api);
      expect(existsSync(sentinel)).toBe(false);
    } finally {
      await lsp.stop();
    }
  }, 90_000);

  it('trusted (initializationOptions.trustedWorkspace): the configuration loads as on the command line', async () => {
    const { folder, api, sentinel } = hostileFolder('trusted');
    const lsp = await LspClient.start({
      rootPath: folder,
      cwd: folder,
      initializationOptions: { trustedWorkspace: true },
    });
    try {
      await lsp.open(api);
      const diagnostics = await lsp.waitFor(api, (list) => list.some((d) => d.message === 'house rule ran'));
      expect(existsSync(sentinel)).toBe(true);
      expect(diagnostics.map((d) => d.code)).not.toContain('policy-extends-refused');
    } finally {
      await lsp.stop();
    }
  }, 90_000);

  // Issue 34, B2: trust given for one folder ran the JavaScript of a document opened from another.
  /** Opens a document trusted for `trustedRoot` and expects it linted untrusted: nothing ran, each code entry refused. */
  async function expectUntrusted(trustedRoot: string, api: string, sentinels: string[]): Promise<void> {
    const lsp = await LspClient.start({
      rootPath: trustedRoot,
      cwd: trustedRoot,
      initializationOptions: { trustedWorkspace: true },
    });
    try {
      await lsp.open(api);
      const diagnostics = await lsp.waitFor(api, (list) => list.some((d) => d.code === 'policy-extends-refused'));
      for (const sentinel of sentinels) expect(existsSync(sentinel)).toBe(false);
      const refused = diagnostics.filter((d) => d.code === 'policy-extends-refused').map((d) => d.message);
      expect(refused).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/`extends: \.\/evil\.js` in vottur\.config\.yaml was not loaded: .*not trusted/),
          expect.stringMatching(/`extends: evilpkg` in vottur\.config\.yaml was not loaded: .*not trusted/),
        ]),
      );
    } finally {
      await lsp.stop();
    }
  }

  it('trusted for one folder: a document opened from another folder is linted untrusted', async () => {
    const mine = join(top, 'mine');
    mkdirSync(join(mine, '.git'), { recursive: true });
    const { api, sentinel, packageSentinel } = hostileFolder('elsewhere');
    await expectUntrusted(mine, api, [sentinel, packageSentinel]);
  }, 90_000);

  it('trusted for one folder: a symbolic link in it to a hostile folder is not trust in that folder', async () => {
    const mine = join(top, 'mine-linked');
    mkdirSync(join(mine, '.git'), { recursive: true });
    const { folder, sentinel, packageSentinel } = hostileFolder('linked-to');
    symlinkSync(folder, join(mine, 'theirs'));
    await expectUntrusted(mine, join(mine, 'theirs/api.yaml'), [sentinel, packageSentinel]);
  }, 90_000);

  it("trusted for a subfolder: the configuration above it (not the workspace's) is loaded untrusted", async () => {
    const { folder, sentinel, packageSentinel } = hostileFolder('above');
    const sub = join(folder, 'apis');
    mkdirSync(sub);
    writeFileSync(join(sub, 'api.yaml'), readFileSync(join(folder, 'api.yaml')));
    await expectUntrusted(sub, join(sub, 'api.yaml'), [sentinel, packageSentinel]);
  }, 90_000);
});
