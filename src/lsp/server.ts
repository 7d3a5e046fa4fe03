/**
 * vottur's language server: the linter, its configuration, suppressions and baseline, as the
 * editor's diagnostics, with hover, navigation over `$ref`s, completion and quick fixes. Built
 * on Microsoft's `vscode-languageserver`; `startLanguageServer` speaks LSP over any pair of
 * streams (the CLI passes standard input and output).
 *
 * The rooms: ./store.ts holds the open documents, their lints and what was published from them;
 * ./handlers/ has one module per group of LSP methods (lifecycle and settings, text
 * synchronisation, hover, navigation, completion, code actions and commands), each given the
 * connection, the store and what else it needs.
 */
import { createConnection, type Connection } from 'vscode-languageserver/node';
import type { LintOutcome } from './linting.js';
import type { FixProvider } from './fixes.js';
import { DocumentStore, type ClientCapabilities } from './store.js';
import { registerActions } from './handlers/actions.js';
import { registerCompletion } from './handlers/completion.js';
import { registerHover } from './handlers/hover.js';
import { registerLifecycle } from './handlers/lifecycle.js';
import { registerNavigation } from './handlers/navigation.js';
import { registerSync } from './handlers/sync.js';

export interface ServerOptions {
  /** Fixes computed from the document, turned into quick fixes (default: the fix engine's). */
  fixes?: FixProvider;
}

/** Wires vottur's handlers to a connection (the caller has created it) and starts listening. */
export function serveConnection(connection: Connection, options: ServerOptions = {}): void {
  const store = new DocumentStore(connection);
  const client: ClientCapabilities = { snippetEdits: false, watchRegistration: false };
  registerLifecycle(connection, store, client);
  registerSync(connection, store);
  registerHover(connection, store);
  registerNavigation(connection, store);
  registerCompletion(connection, store);
  registerActions(connection, store, client, options);
  store.documents.listen(connection);
  connection.listen();
  // Tests and the benchmarks hear each published lint.
  serverHooks.set(connection, { onLinted: (listener) => store.onLinted(listener) });
}

/** For in-process callers (the benchmarks): a hook on each lint the server publishes. */
export const serverHooks = new WeakMap<
  Connection,
  { onLinted(listener: (root: string, outcome: LintOutcome) => void): void }
>();

/** `vottur lsp`: the server over two streams (standard input and output by default). */
export function startLanguageServer(
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {},
  options: ServerOptions = {},
): Connection {
  const connection = createConnection(streams.input ?? process.stdin, streams.output ?? process.stdout);
  serveConnection(connection, options);
  return connection;
}
