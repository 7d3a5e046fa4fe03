/** Initialisation and settings: what the client can do, which workspace, and vottur's settings. */
import {
  CodeActionKind,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
} from 'vscode-languageserver/node';
import { toPath, type ClientCapabilities, type DocumentStore, type ServerSettings } from '../store.js';
import { ADD_TO_BASELINE } from './actions.js';

export function readSettings(value: unknown): Partial<ServerSettings> {
  if (typeof value !== 'object' || value === null) return {};
  const given = value as Record<string, unknown>;
  return {
    ...(given.baselined === 'hint' || given.baselined === 'hide' ? { baselined: given.baselined } : {}),
    ...(typeof given.baseline === 'string' && given.baseline !== '' ? { baseline: given.baseline } : {}),
    ...(typeof given.useConfig === 'boolean' ? { useConfig: given.useConfig } : {}),
  };
}

export function registerLifecycle(connection: Connection, store: DocumentStore, client: ClientCapabilities): void {
  connection.onInitialize((params: InitializeParams) => {
    // Only the client, at start-up, says a workspace is trusted: never a setting the workspace
    // itself can write (didChangeConfiguration carries workspace settings).
    store.workspaceTrusted =
      (params.initializationOptions as { trustedWorkspace?: unknown } | null | undefined)?.trustedWorkspace === true;
    client.snippetEdits = Boolean(params.capabilities.workspace?.workspaceEdit?.snippetEditSupport);
    client.watchRegistration = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    if (folder) store.workspaceFolder = toPath(folder);
    // Trust, when given, covers these folders only; documents elsewhere are read as untrusted.
    store.trustedFolders = [
      ...(params.workspaceFolders ?? []).map((each) => each.uri),
      ...(params.rootUri ? [params.rootUri] : []),
    ]
      .filter((uri) => uri.startsWith('file:'))
      .map(toPath);
    store.settings = { ...store.settings, ...readSettings(params.initializationOptions) };
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        completionProvider: { triggerCharacters: ['#', '/', ' ', '-', '"', "'", '['] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [ADD_TO_BASELINE] },
      },
      serverInfo: { name: 'vottur' },
    };
  });

  connection.onInitialized(async () => {
    if (client.watchRegistration) {
      await connection.client.register(
        (await import('vscode-languageserver/node')).DidChangeWatchedFilesNotification.type,
        {
          watchers: [{ globPattern: '**/*.{yaml,yml,json}' }],
        },
      );
    }
  });

  connection.onDidChangeConfiguration((change) => {
    const vottur = (change.settings as { vottur?: unknown } | undefined)?.vottur;
    if (vottur === undefined) return;
    store.settings = { ...store.settings, ...readSettings(vottur) };
    store.scheduleAll();
  });
}
