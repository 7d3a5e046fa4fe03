/**
 * A language client for the tests: talks to vottur's language server with `vscode-jsonrpc`,
 * keeping the diagnostics the server publishes per file. `LspClient.start` starts the built
 * `vottur lsp --stdio` as an editor would; `LspClient.startInProcess` serves the same handlers
 * (`serveConnection`, what `vottur lsp` runs) in this process over a pair of in-memory streams:
 * no process to start (about half a second of CPU each), for tests whose subject is what the
 * server answers, not the process it runs in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { createConnection, type WatchDog } from 'vscode-languageserver';
import { createProtocolConnection } from 'vscode-languageserver/node';
import { serveConnection } from '../../src/lsp/server.js';
import { CLI } from '../cli/run.js';

/** What the client talks to: the server's input and output, and how to wait for its end. */
interface ServerEnd {
  input: NodeJS.WritableStream;
  output: NodeJS.ReadableStream;
  stderr?: NodeJS.ReadableStream;
  /** Resolves when the server has ended after `exit` (a child is killed if it has not within 5 s). */
  ended(): Promise<void>;
}

/** Options of the `initialize` request (and the child's working folder). */
export interface StartOptions {
  rootPath?: string;
  initializationOptions?: unknown;
  capabilities?: Record<string, unknown>;
  cwd?: string;
}

function childEnd(child: ChildProcess): ServerEnd {
  return {
    input: child.stdin!,
    output: child.stdout!,
    stderr: child.stderr!,
    ended: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/**
 * The server in this process. The connection is the one `vottur lsp` makes, less what ties it to a
 * process of its own: `exit` (and the editor's process going away) ends the connection here, where
 * vscode-languageserver's stdio connection ends the process.
 */
function inProcessEnd(): ServerEnd {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  let exited: () => void = () => undefined;
  const exitedPromise = new Promise<void>((resolve) => (exited = resolve));
  const watchDog: WatchDog = {
    shutdownReceived: false,
    initialize: () => undefined,
    // The connection is left as it is, not disposed: a lint still in flight may publish after
    // `exit` (a child's would die with its process), and a disposed connection would throw then.
    exit: () => exited(),
  };
  const connection = createConnection(
    (logger) =>
      createProtocolConnection(new StreamMessageReader(toServer), new StreamMessageWriter(fromServer), logger),
    watchDog,
  );
  serveConnection(connection);
  return {
    input: toServer,
    output: fromServer,
    ended: () =>
      new Promise<void>((resolve) => {
        // As for a child: a server that does not end within 5 s is ended.
        const timer = setTimeout(resolve, 5000);
        void exitedPromise.then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

export interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  tags?: number[];
  data?: unknown;
}

export const uriOf = (path: string) => pathToFileURL(path).href;

export class LspClient {
  readonly connection: MessageConnection;
  readonly diagnostics = new Map<string, Diagnostic[]>();
  /** Every publication, in order: [uri, diagnostics]. */
  readonly publications: Array<[string, Diagnostic[]]> = [];
  private readonly waiters: Array<() => void> = [];
  private readonly versions = new Map<string, number>();
  stderr = '';

  private constructor(private readonly server: ServerEnd) {
    this.connection = createMessageConnection(
      new StreamMessageReader(server.output),
      new StreamMessageWriter(server.input),
    );
    server.stderr?.on('data', (chunk) => (this.stderr += String(chunk)));
    this.connection.onNotification(
      'textDocument/publishDiagnostics',
      (params: { uri: string; diagnostics: Diagnostic[] }) => {
        this.diagnostics.set(params.uri, params.diagnostics);
        this.publications.push([params.uri, params.diagnostics]);
        for (const waiter of this.waiters.splice(0)) waiter();
      },
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/configuration', () => []);
    this.connection.onNotification('window/showMessage', () => undefined);
    this.connection.onNotification('window/logMessage', () => undefined);
    this.connection.listen();
  }

  /** The built `vottur lsp --stdio` in a child process, as an editor starts it. */
  static start(options: StartOptions = {}): Promise<LspClient> {
    const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], {
      cwd: options.cwd ?? process.cwd(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return LspClient.initialize(new LspClient(childEnd(child)), options);
  }

  /** The same server in this process (its working folder is this process's: no `cwd`). */
  static startInProcess(options: Omit<StartOptions, 'cwd'> = {}): Promise<LspClient> {
    return LspClient.initialize(new LspClient(inProcessEnd()), options);
  }

  private static async initialize(client: LspClient, options: StartOptions): Promise<LspClient> {
    await client.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.rootPath ? uriOf(options.rootPath) : null,
      workspaceFolders: options.rootPath ? [{ uri: uriOf(options.rootPath), name: 'test' }] : null,
      capabilities: {
        textDocument: { publishDiagnostics: { codeDescriptionSupport: true } },
        workspace: { didChangeWatchedFiles: { dynamicRegistration: false }, ...(options.capabilities ?? {}) },
      },
      initializationOptions: options.initializationOptions ?? null,
    });
    await client.connection.sendNotification('initialized', {});
    return client;
  }

  /** Opens a file with its text on disk (or the text given). */
  async open(path: string, text = readFileSync(path, 'utf8')): Promise<string> {
    const uri = uriOf(path);
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: path.endsWith('.json') ? 'json' : 'yaml', version: 1, text },
    });
    return uri;
  }

  /** One incremental change: `text` replaces the range. */
  async change(path: string, range: Diagnostic['range'], text: string): Promise<void> {
    const uri = uriOf(path);
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text }],
    });
  }

  async close(path: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf(path) } });
  }

  /** Resolves when `test` holds of a file's diagnostics (checked after each publication). */
  async waitFor(path: string, test: (diagnostics: Diagnostic[]) => boolean, timeoutMs = 30_000): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = this.diagnostics.get(uri);
      if (current && test(current)) return current;
      if (Date.now() > deadline)
        throw new Error(
          `no matching diagnostics for ${path} within ${timeoutMs} ms; last: ${JSON.stringify(current?.map((d) => d.code))}\n${this.stderr}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next publication for a file after now. */
  async nextPublication(path: string, timeoutMs = 30_000): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    const seen = this.publications.length;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.publications.slice(seen).find(([published]) => published === uri);
      if (found) return found[1];
      if (Date.now() > deadline) throw new Error(`no publication for ${path} within ${timeoutMs} ms\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.connection.sendRequest<T>(method, params);
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // Already gone.
    }
    await this.server.ended();
    this.connection.dispose();
  }
}
