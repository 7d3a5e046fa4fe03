/**
 * Issue 34, Why 8: `vottur lsp` opened on a hostile folder ran the folder's `extends` code on
 * `didOpen` (Neovim, Helix and Emacs have no workspace trust; the VS Code extension said nothing).
 * Now a workspace is untrusted unless the client says so at start-up: its rulesets go through the
 * gate's loader as data only, and what it refuses is a diagnostic. Over a real LSP client.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run.js';
import { LspClient } from './client.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-lsp-trust-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** A folder as a hostile repository would be: a description, and a configuration extending JavaScript. */
function hostileFolder(name: string): { folder: string; api: string; sentinel: string } {
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
  writeFileSync(join(folder, 'vottur.config.yaml'), 'extends: [./evil.js, ./house.yaml]\n');
  return { folder, api, sentinel };
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
});
