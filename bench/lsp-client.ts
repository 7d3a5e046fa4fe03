/**
 * A language-server client for the benchmarks (bench/lsp.ts, bench/scaling.ts): `vottur lsp --stdio`
 * as a child process, as an editor runs it, or the server in this process over in-memory streams.
 */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { startLanguageServer } from '../src/lsp/index.js';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../..', 'dist/cli/main.js');

export interface Diagnostic {
  code?: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export class Server {
  private readonly child;
  private readonly connection;
  private waiting: { uri: string; test: (d: Diagnostic[]) => boolean; done: () => void } | undefined;
  private version = 1;
  /** The diagnostics last published, by URI. */
  readonly latest = new Map<string, Diagnostic[]>();

  /** `inProcess`: the server runs in this process over in-memory streams (for the live heap). */
  constructor(inProcess = false) {
    if (inProcess) {
      const toServer = new PassThrough();
      const fromServer = new PassThrough();
      startLanguageServer({ input: toServer, output: fromServer });
      this.child = undefined;
      this.connection = createMessageConnection(new StreamMessageReader(fromServer), new StreamMessageWriter(toServer));
    } else {
      this.child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
      this.connection = createMessageConnection(
        new StreamMessageReader(this.child.stdout),
        new StreamMessageWriter(this.child.stdin),
      );
    }
    this.connection.onNotification(
      'textDocument/publishDiagnostics',
      (params: { uri: string; diagnostics: Diagnostic[] }) => {
        this.latest.set(params.uri, params.diagnostics);
        const waiting = this.waiting;
        if (waiting && waiting.uri === params.uri && waiting.test(params.diagnostics)) {
          this.waiting = undefined;
          waiting.done();
        }
      },
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.listen();
  }

  get pid(): number {
    return this.child?.pid ?? process.pid;
  }

  async start(folder: string): Promise<void> {
    await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      capabilities: {},
    });
    await this.connection.sendNotification('initialized', {});
  }

  /** Resolves when diagnostics for `uri` pass `test`, after `send` runs; the time in ms. */
  async timed(uri: string, test: (d: Diagnostic[]) => boolean, send: () => Promise<void>): Promise<number> {
    const answered = new Promise<void>((done) => (this.waiting = { uri, test, done }));
    const started = performance.now();
    await send();
    await answered;
    return performance.now() - started;
  }

  open(uri: string, text: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'json', version: 1, text },
    });
  }

  change(
    uri: string,
    range: { start: { line: number; character: number }; end: { line: number; character: number } },
    text: string,
  ): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: ++this.version },
      contentChanges: [{ range, text }],
    });
  }

  /** The quick fixes offered for one diagnostic (each titled with its class by `vottur diff`). */
  codeActions(uri: string, diagnostic: Diagnostic): Promise<Array<{ title: string }>> {
    return this.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    });
  }

  async stop(): Promise<void> {
    await this.connection.sendRequest('shutdown');
    const child = this.child;
    if (!child) return this.connection.dispose();
    const exited = new Promise((ended) => (child.exitCode !== null ? ended(undefined) : child.once('exit', ended)));
    await this.connection.sendNotification('exit');
    await exited;
    this.connection.dispose();
  }
}
