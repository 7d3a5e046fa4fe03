/**
 * `vottur bundle <description>`: the multi-file description as one self-contained document, for
 * registering with an X-Road security server (one description URL, at most 10 MiB). Reads exactly
 * what `vottur lint` reads; a refused `$ref` is one line and exit 2, with nothing written.
 */
import { extname, relative, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { CouldNotRunError, errorLine } from '../../errors.js';
import type { CommandIo } from '../io.js';
import { cwdOf, writeFileAtomically } from '../../run/index.js';

interface BundleCommandOptions {
  output?: string;
  format?: 'yaml' | 'json';
  allowRemoteRefs?: boolean;
}

const mib = (characters: number) => `${(characters / (1024 * 1024)).toFixed(2)} MiB`;

export function registerBundle(program: Command, io: CommandIo): void {
  program
    .command('bundle')
    .description(
      'write a multi-file description as one self-contained document, for registering with an X-Road security server',
    )
    .argument('<description>', 'the root document: a file, an http(s) URL, or - for standard input')
    .option('-o, --output <file>', 'write the bundle to this file (default: standard output)')
    .addOption(
      new Option('--format <format>', "yaml or json (default: the --output file's extension, else the root's)").choices(
        ['yaml', 'json'],
      ),
    )
    .option('--allow-remote-refs', 'fetch http(s) $refs (off by default)')
    .action(async (description: string, options: BundleCommandOptions) => {
      const { bundleDescription } = await import('../../lint/bundle.js');
      const extension = options.output ? extname(options.output).toLowerCase() : '';
      const format =
        options.format ??
        (extension === '.json' ? 'json' : extension === '.yaml' || extension === '.yml' ? 'yaml' : undefined);
      if (options.output !== undefined && options.output.trim() === '')
        throw new CouldNotRunError('--output needs a file name');
      const cwd = cwdOf(io);
      const result = await bundleDescription(description, {
        cwd,
        ...(io.stdin ? { stdin: io.stdin } : {}),
        allowRemoteRefs: options.allowRemoteRefs,
        format,
      });
      if (options.output) {
        const target = resolve(cwd, options.output);
        writeFileAtomically(target, result.text, options.output, cwd);
      } else (io.stdoutData ?? io.stdout)(result.text);
      const where = options.output
        ? `wrote ${relative(cwd, resolve(cwd, options.output)) || options.output}`
        : 'bundled';
      const fits =
        result.characters <= result.limit
          ? 'within'
          : 'OVER; the security server will refuse it (split the API into services, or shorten descriptions and examples)';
      io.stderr(
        `${errorLine(
          `${where} from ${result.files.length} file${result.files.length === 1 ? '' : 's'}: ${mib(result.characters)} (${result.characters} characters), ${fits} the X-Road security server's limit of ${mib(result.limit)} (${result.limit} characters)`,
        )}\n`,
      );
    });
}
