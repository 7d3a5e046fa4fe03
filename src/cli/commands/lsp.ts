/**
 * `vottur lsp`: the language server over standard input and output, until the editor ends it.
 * `--stdio` is accepted (editors pass it); the transport is always standard input and output.
 */
import type { Command } from 'commander';
import { CouldNotRunError } from '../../errors.js';
import type { CommandIo } from '../io.js';

export function registerLsp(program: Command, io: CommandIo): void {
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
      // The transport is the process's own standard input and output: only the bin hands them in.
      if (!io.streams)
        throw new CouldNotRunError('vottur lsp talks over the standard input and output of its own process');
      const connection = startLanguageServer({ input: io.streams.stdin, output: io.streams.stdout });
      // The server runs until the editor sends `exit` (vscode-languageserver then ends the process) or closes the pipe.
      await new Promise<void>((ended) => connection.onExit(() => ended()));
    });
}
