/**
 * `vottur lsp`: the language server over standard input and output, until the editor ends it.
 * `--stdio` is accepted (editors pass it); the transport is always standard input and output.
 */
import { setFlagsFromString } from 'node:v8';
import type { Command } from 'commander';

export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description(
      'run the language server (LSP over standard input and output) for editors: diagnostics, hover, navigation, completion and quick fixes',
    )
    .option('--stdio', 'talk LSP over standard input and output (the default, and the only transport)')
    .action(async () => {
      // A server lints after every keystroke, each lint leaving short-lived garbage behind; by
      // default V8 lets the heap grow to several times what is live before collecting it in full,
      // and keeps the pages (measured: 90 → 180 MB resident over 500 edits of a 30 kB description,
      // live heap ~20 MB throughout). Sizing the heap for memory instead keeps a long editing
      // session's footprint near where it started (bench/lsp-results.md), for a few ms of
      // collection per edit. Set before the server allocates anything.
      setFlagsFromString('--optimize-for-size');
      const { startLanguageServer } = await import('../../lsp/index.js');
      const connection = startLanguageServer();
      // The server runs until the editor sends `exit` (vscode-languageserver then ends the process) or closes the pipe.
      await new Promise<void>((ended) => connection.onExit(() => ended()));
    });
}
