/**
 * Issue 34: trust in a workspace folder covers the code inside it, not what its configuration names
 * outside it. A trusted folder whose `vottur.config.yaml` extends `../hostile/evil2.js`, a link in
 * the folder leading out, a package installed in a `node_modules` above the folder, or a ruleset in
 * the folder that extends code outside ran that code. Now each such entry is read by the data-only
 * loader, and what it refuses is a diagnostic naming the file outside and how to trust it; the
 * folder's own code still runs. Over the LSP protocol, in process (the server's own handlers).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run.js';
import { LspClient, uriOf } from './client.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-lsp-trust-outside-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** JavaScript that leaves a file behind when it runs: whether a ruleset's code ran. */
const leaves = (sentinel: string) =>
  `require('node:fs').writeFileSync(${JSON.stringify(sentinel)}, 'ran');\nmodule.exports = { rules: {} };\n`;

describe('issue 34: trust in a folder covers code whose real path is inside it', () => {
  it('a trusted folder naming code outside it (a path, a link, a package above, a nested extends) runs none of it, and says so', async () => {
    const base = join(top, 'outside');
    const hostile = join(base, 'hostile');
    const folder = join(base, 'mine');
    mkdirSync(hostile, { recursive: true });
    mkdirSync(join(folder, '.git'), { recursive: true });
    const sentinels = {
      path: join(base, 'SENTINEL-path'),
      link: join(base, 'SENTINEL-link'),
      nested: join(base, 'SENTINEL-nested'),
      above: join(base, 'SENTINEL-above'),
      own: join(base, 'SENTINEL-own'),
      ownFunction: join(base, 'SENTINEL-own-function'),
    };
    writeFileSync(join(hostile, 'evil2.js'), leaves(sentinels.path));
    writeFileSync(join(hostile, 'evil3.js'), leaves(sentinels.link));
    writeFileSync(join(hostile, 'evil4.js'), leaves(sentinels.nested));
    // A package in a node_modules above the folder: Node's resolution from the folder finds it.
    mkdirSync(join(base, 'node_modules/abovepkg'), { recursive: true });
    writeFileSync(join(base, 'node_modules/abovepkg/package.json'), '{"name":"abovepkg","main":"index.js"}\n');
    writeFileSync(join(base, 'node_modules/abovepkg/index.js'), leaves(sentinels.above));
    // The folder's own code, which trust covers.
    writeFileSync(join(folder, 'own.js'), leaves(sentinels.own));
    // A ruleset of the folder with a custom function of the folder's: code inside, run.
    mkdirSync(join(folder, 'functions'));
    writeFileSync(
      join(folder, 'functions/mine.js'),
      `module.exports = () => { require('node:fs').writeFileSync(${JSON.stringify(sentinels.ownFunction)}, 'ran'); return []; };\n`,
    );
    writeFileSync(
      join(folder, 'functions.yaml'),
      'functions: [mine]\nrules:\n  mine:\n    given: $.info\n    severity: warn\n    then: { function: mine }\n',
    );
    symlinkSync(join(hostile, 'evil3.js'), join(folder, 'link.js'));
    writeFileSync(join(folder, 'nested.yaml'), 'extends: [../hostile/evil4.js]\nrules: {}\n');
    writeFileSync(
      join(folder, 'house.yaml'),
      'rules:\n  house-title:\n    given: $.info\n    severity: warn\n    message: house rule ran\n    then: { field: x-house, function: truthy }\n',
    );
    writeFileSync(
      join(folder, 'vottur.config.yaml'),
      'extends: [../hostile/evil2.js, ./link.js, abovepkg, ./nested.yaml, ./own.js, ./functions.yaml, ./house.yaml]\n',
    );
    const api = join(folder, 'api.yaml');
    writeFileSync(api, readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml')));
    const lsp = await LspClient.startInProcess({ rootPath: folder, initializationOptions: { trustedWorkspace: true } });
    try {
      await lsp.open(api);
      const diagnostics = await lsp.waitFor(api, (list) => list.some((d) => d.message === 'house rule ran'));
      expect(existsSync(sentinels.own)).toBe(true);
      expect(existsSync(sentinels.ownFunction)).toBe(true);
      for (const sentinel of [sentinels.path, sentinels.link, sentinels.nested, sentinels.above])
        expect(existsSync(sentinel), sentinel).toBe(false);
      const refused = diagnostics.filter((d) => d.code === 'policy-extends-refused').map((d) => d.message);
      const real = (path: string) => realpathSync(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const outside = (name: string, file: string) =>
        new RegExp(
          `^\`extends: ${name.replace(/\./g, '\\.')}\` in vottur\\.config\\.yaml was not loaded: .*; it brings ${real(file)}, which is outside the trusted workspace folders, so it was read as data only; to run its code, trust that folder too`,
        );
      expect(refused).toEqual(
        expect.arrayContaining([
          expect.stringMatching(outside('../hostile/evil2.js', join(hostile, 'evil2.js'))),
          expect.stringMatching(outside('./link.js', join(hostile, 'evil3.js'))),
          expect.stringMatching(outside('abovepkg', join(base, 'node_modules/abovepkg/index.js'))),
          expect.stringMatching(outside('./nested.yaml', join(hostile, 'evil4.js'))),
        ]),
      );
      expect(refused).toHaveLength(4);
      // Each refusal is where the description starts: an error the editor shows on the file.
      expect(diagnostics.find((d) => d.code === 'policy-extends-refused')!.severity).toBe(1);
    } finally {
      await lsp.stop();
    }
  }, 90_000);

  it('a workspace folder added after start-up is not trusted, and the user is told how to trust it', async () => {
    const base = join(top, 'added');
    const mine = join(base, 'mine');
    const later = join(base, 'later');
    mkdirSync(join(mine, '.git'), { recursive: true });
    mkdirSync(join(later, '.git'), { recursive: true });
    const sentinel = join(base, 'SENTINEL-later');
    writeFileSync(join(later, 'rules.js'), leaves(sentinel));
    writeFileSync(join(later, 'vottur.config.yaml'), 'extends: [./rules.js]\n');
    const api = join(later, 'api.yaml');
    writeFileSync(api, readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml')));
    const lsp = await LspClient.startInProcess({
      rootPath: mine,
      initializationOptions: { trustedWorkspace: true },
      capabilities: { workspaceFolders: true },
    });
    const messages: Array<{ type: number; message: string }> = [];
    lsp.connection.onNotification('window/showMessage', (params: { type: number; message: string }) => {
      messages.push(params);
    });
    try {
      await lsp.connection.sendNotification('workspace/didChangeWorkspaceFolders', {
        event: { added: [{ uri: uriOf(later), name: 'later' }], removed: [] },
      });
      await lsp.open(api);
      const diagnostics = await lsp.waitFor(api, (list) => list.some((d) => d.code === 'policy-extends-refused'));
      expect(existsSync(sentinel)).toBe(false);
      expect(diagnostics.find((d) => d.code === 'policy-extends-refused')!.message).toMatch(
        /^`extends: \.\/rules\.js` in vottur\.config\.yaml was not loaded: .*; this document or its configuration is outside the workspace folders trusted at start-up, so it is not trusted and its rulesets are loaded as data only; a folder added to the workspace later is trusted once the language server restarts with it \(docs\/editors\.md#workspace-trust\)\.$/,
      );
      // Told once, as a warning (type 2), naming the folder and what to do.
      expect(messages).toEqual([
        {
          type: 2,
          message: `vottur: ${later} was added to the workspace after the language server started, so it is not trusted: its rulesets are read as data only (no JavaScript, custom functions or packages). To trust it, restart the vottur language server with it in the workspace (docs/editors.md#workspace-trust).`,
        },
      ]);
    } finally {
      await lsp.stop();
    }
  }, 90_000);
});
