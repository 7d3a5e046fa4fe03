/**
 * `vottur lsp`: the language server over standard input and output, until the editor ends it.
 * `--stdio` is accepted (editors pass it); the transport is always standard input and output.
 */
import type { Command } from 'commander';

export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description(
      'run the language server (LSP over standard input and output) for editors: diagnostics, hover, navigation, completion and quick fixes',
    )
    .option('--stdio', 'talk LSP over standard input and output (the default, and the only transport)')
    .action(async () => {
      // Heap sized for memory while the open descriptions are small (src/lsp/heap.ts says why).
      (await import('../../lsp/heap.js')).manageHeapSizing();
      const { startLanguageServer } = await import('../../lsp/index.js');
      const connection = startLanguageServer();
      // The server runs until the editor sends `exit` (vscode-languageserver then ends the process) or closes the pipe.
      await new Promise<void>((ended) => connection.onExit(() => ended()));
    });
}
