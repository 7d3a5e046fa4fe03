/** Initialisation and settings: what the client can do, which workspace, and vottur's settings. */
import {
  CodeActionKind,
  MessageType,
  ShowMessageNotification,
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
  let folderChanges = false;
  connection.onInitialize((params: InitializeParams) => {
    // Only the client, at start-up, says a workspace is trusted: never a setting the workspace
    // itself can write (didChangeConfiguration carries workspace settings).
    store.workspaceTrusted =
      (params.initializationOptions as { trustedWorkspace?: unknown } | null | undefined)?.trustedWorkspace === true;
    client.snippetEdits = Boolean(params.capabilities.workspace?.workspaceEdit?.snippetEditSupport);
    client.watchRegistration = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    folderChanges = Boolean(params.capabilities.workspace?.workspaceFolders);
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
        // Told of folders added later, to say they are not trusted (trust is given at start-up only).
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'vottur' },
    };
  });

  connection.onInitialized(async () => {
    if (folderChanges)
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        // Trust is the client's word at start-up, for the folders it named then: a folder added
        // later stays untrusted (its rulesets read as data only), and the user is told how to trust it.
        if (!store.workspaceTrusted) return;
        const added = event.added
          .filter((folder) => folder.uri.startsWith('file:'))
          .map((folder) => toPath(folder.uri))
          .filter((path) => !store.trustedFolders.includes(path));
        // A notification (window/showMessage): shown without waiting for an answer the user owes nothing.
        if (added.length > 0)
          void connection.sendNotification(ShowMessageNotification.type, {
            type: MessageType.Warning,
            message: addedUntrusted(added),
          });
      });
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

/** What the user is told of workspace folders added after start-up in a trusted workspace. */
export function addedUntrusted(folders: readonly string[]): string {
  return `vottur: ${folders.join(', ')} ${folders.length === 1 ? 'was' : 'were'} added to the workspace after the language server started, so ${folders.length === 1 ? 'it is' : 'they are'} not trusted: ${folders.length === 1 ? 'its' : 'their'} rulesets are read as data only (no JavaScript, custom functions or packages). To trust ${folders.length === 1 ? 'it' : 'them'}, restart the vottur language server with ${folders.length === 1 ? 'it' : 'them'} in the workspace (docs/editors.md#workspace-trust).`;
}
