// vottur for VS Code: starts `vottur lsp --stdio` for YAML and JSON files and leaves the rest to
// the language server (which lints only OpenAPI 3.x / Swagger 2.0 documents). Bundled with its one
// dependency, vscode-languageclient, into dist/extension.js (scripts/bundle-vscode-extension.mjs).
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function settings() {
  const config = vscode.workspace.getConfiguration('vottur');
  return {
    baselined: config.get('baselined'),
    baseline: config.get('baseline'),
    useConfig: config.get('useConfig'),
    // VS Code's workspace trust: untrusted, the server loads the workspace's rulesets as data only.
    trustedWorkspace: vscode.workspace.isTrusted,
  };
}

/** The command to run: the user's setting only (a workspace's value is never the program the editor starts). */
function serverCommand() {
  const path = vscode.workspace.getConfiguration('vottur').inspect('path');
  return (path && path.globalValue) || 'vottur';
}

async function activate(context) {
  await start(context);
  // Trust granted while open: the server starts again, told so.
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      if (client) await client.stop();
      await start(context);
    }),
  );
}

async function start(context) {
  const command = serverCommand();
  // TransportKind.stdio: the client adds `--stdio`, which `vottur lsp` accepts.
  const serverOptions = {
    command,
    args: ['lsp'],
    transport: TransportKind.stdio,
    // Started from the extension's own folder, never the workspace's: on Windows the command runs
    // through cmd.exe, which looks in the working folder first, and an untrusted repository could
    // commit a vottur.cmd there. The server takes the workspace from the LSP initialize request.
    options: { shell: process.platform === 'win32', cwd: context.extensionPath },
  };
  const clientOptions = {
    documentSelector: ['yaml', 'json', 'jsonc'].map((language) => ({ scheme: 'file', language })),
    initializationOptions: settings(),
    synchronize: {
      configurationSection: 'vottur',
      // The server lints the root again when a referenced file, the configuration or the baseline changes on disk.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml,json}'),
    },
  };
  client = new LanguageClient('vottur', 'vottur', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
