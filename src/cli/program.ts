/**
 * The `vottur` command as a function: `main(argv, io)` parses the arguments, runs the command
 * through the one run (src/run/) and returns the exit code, as ESLint's `cli.execute` does. It
 * writes only through `io`: every failure to run becomes one line on `io.stderr` and exit code 2;
 * findings decide between 0 and 1. Two calls in one process share nothing but loaded modules.
 */
import type { Command } from 'commander';
import type { CommandIo, MainIo } from './io.js';
import { CouldNotRunError, EXIT_COULD_NOT_RUN, errorLine, errorMessage } from '../errors.js';
import { maskNationalIds } from '../pii.js';
import { commandSafeWriter } from '../runtime/escape.js';
import { envOf } from '../runtime/process-defaults.js';
import { oneLine } from '../runtime/text.js';

/**
 * Each command's module is imported only when that command runs (`vottur lint` must not load
 * the reference service's web server or the contract tester: start-up is part of every lint).
 * Add a command here, in the order `--help` lists them, not as a static import.
 */
const COMMANDS: Record<string, () => Promise<(program: Command, io: CommandIo) => unknown>> = {
  check: async () => (await import('./commands/check.js')).registerCheck,
  lint: async () => (await import('./commands/lint.js')).registerLint,
  test: async () => (await import('./commands/test.js')).registerTest,
  report: async () => (await import('./commands/report.js')).registerReport,
  diff: async () => (await import('./commands/diff.js')).registerDiff,
  bundle: async () => (await import('./commands/bundle.js')).registerBundle,
  catalogue: async () => (await import('./commands/catalogue.js')).registerCatalogue,
  attest: async () => (await import('./commands/attest.js')).registerAttest,
  verify: async () => (await import('./commands/attest.js')).registerVerify,
  rules: async () => (await import('./commands/rules.js')).registerRules,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  init: async () => (await import('./commands/init.js')).registerInit,
  lsp: async () => (await import('./commands/lsp.js')).registerLsp,
};

/**
 * What `vottur --help` lists for each command, so the overview needs no command's module (each
 * pulls in Spectral, the contract tester or the web server). A command missing here is loaded
 * for the overview instead; `vottur <command> --help` always loads its own command.
 */
const SUMMARIES: Record<string, { usage: string; description: string }> = {
  check: {
    usage: '[options] [description]',
    description:
      'lint a description and contract-test its server in one run (no arguments: the bundled reference service)',
  },
  lint: { usage: '[options] <files...>', description: 'lint OpenAPI descriptions against the platform conventions' },
  test: {
    usage: '[options] <description>',
    description: 'contract-test a live server against its OpenAPI description and the platform conventions',
  },
  diff: {
    usage: '[options] <base> <revision>',
    description:
      'compare two versions of a description: breaking changes, changelog, and the platform versioning rules',
  },
  bundle: {
    usage: '[options] <description>',
    description:
      'write a multi-file description as one self-contained document, for registering with an X-Road security server',
  },
  catalogue: {
    usage: '[options] <security-server-url> | harvest | report',
    description:
      'harvest every OpenAPI description from an X-Road security server, lint and diff them all, and write the catalogue dashboard',
  },
  attest: {
    usage: '[options] <description>',
    description:
      'lint a description under the gate and write a signed record of the verdict (an in-toto Statement in a DSSE envelope)',
  },
  verify: {
    usage: '[options] <attestation> <description>',
    description: 'check a vottur attestation: signature, the description bytes, tool and ruleset versions',
  },
  report: {
    usage: '[options] <results.json...>',
    description: 're-render saved JSON reports (--format json) in any format, merging several into one',
  },
  rules: {
    usage: '[options]',
    description: 'list the rules vottur checks, with severity, category and documentation link',
  },
  serve: {
    usage: '[options]',
    description: 'run the reference user-profile service (with a development token issuer) until interrupted',
  },
  init: { usage: '[options]', description: 'write a commented starter vottur.config.yaml in the current folder' },
  lsp: {
    usage: '[--stdio]',
    description: 'run the language server for editors (diagnostics, hover, navigation, completion, quick fixes)',
  },
};

const has = (record: object, key: string | undefined): key is string =>
  key !== undefined && Object.prototype.hasOwnProperty.call(record, key);

/** vottur's version, read from its package.json without loading anything else. */
async function version(): Promise<string> {
  return (await import('../version.js')).toolInfo().version;
}

export async function buildProgram(argv: readonly string[], io: CommandIo): Promise<Command> {
  const { Command } = await import('commander');
  // The command the line names (`vottur lint …`, `vottur help lint`) is loaded; the others are summaries.
  const named = argv.find((arg) => has(COMMANDS, arg));
  // A mistake in `vottur lint …` is answered by `vottur lint --help`, which lists lint's options.
  const usage = named === undefined ? 'vottur --help' : `vottur ${named} --help`;
  const program = new Command('vottur')
    .description('Conformance checks for the island.is API catalogue')
    .version(await version())
    .configureOutput({
      // commander's "error: …" and its hint become vottur's one line: same prefix as every other message.
      outputError: (text, write) =>
        write(`${errorLine(oneLine(text.replace(/^error:\s*/i, '').trim()))} (run ${usage} for usage)\n`),
    })
    .configureHelp({
      subcommandTerm: (command) => `${command.name()} ${SUMMARIES[command.name()]?.usage ?? command.usage()}`,
    })
    .exitOverride();
  for (const [name, load] of Object.entries(COMMANDS)) {
    const summary = has(SUMMARIES, name) ? SUMMARIES[name] : undefined;
    if (name === named || summary === undefined) (await load())(program, io);
    else program.command(name).description(summary.description);
  }
  // Help, usage and commander's errors go through io too.
  const output = { writeOut: io.stdout, writeErr: io.stderr };
  program.configureOutput(output);
  for (const command of program.commands) command.exitOverride().configureOutput(output);
  // The overview lists the commands in the order of COMMANDS, placeholders or not.
  const order = Object.keys(COMMANDS);
  (program.commands as Command[]).sort((a, b) => order.indexOf(a.name()) - order.indexOf(b.name()));
  return program;
}

/**
 * The name the compiled code of this command line is cached under between runs (`cli-lint`), or
 * none (help, `--version`): the bin enables Node's compile cache with it before `main` loads the
 * command's dependencies. A process-wide switch, so the bin's, never `main`'s.
 */
export function compileCacheName(argv: readonly string[]): string | undefined {
  const named = argv.find((arg) => has(COMMANDS, arg));
  if (named === undefined || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return undefined;
  return `cli-${named}`;
}

/** `--version` as the whole command line: answered before commander or any command loads. */
function isVersionOnly(argv: readonly string[]): boolean {
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');
}

export async function main(argv: readonly string[], given: MainIo): Promise<number> {
  let code = 0;
  // Every text on standard output passes one neutraliser of workflow commands (issue 34, attack B9):
  // a report, a --fix-dry-run patch, a bundle, help; the github format's own annotations go through
  // `stdoutCommands`. What a command leaves without a final line break is written when it ends.
  // Every line vottur writes passes one mask of national identifiers, unless --show-pii asks
  // (o34r15 B10: `attest` and `verify` printed a file named 0101302989.yaml as it is). The user's
  // own data (a bundle, a --fix-dry-run patch) is written byte for byte through `stdoutData`.
  const showPii = argv.includes('--show-pii');
  const masked =
    (write: (text: string) => void): ((text: string) => void) =>
    (text) =>
      write(maskNationalIds(text));
  const stdout = commandSafeWriter(given.stdout);
  const givenCommands = given.stdoutCommands ?? given.stdout;
  const io: CommandIo = {
    ...given,
    stderr: showPii ? given.stderr : masked(given.stderr),
    stdout: showPii ? stdout.write : masked(stdout.write),
    stdoutData: stdout.write,
    stdoutCommands: (text) => {
      stdout.flush();
      givenCommands(showPii ? text : maskNationalIds(text));
    },
    exit: (value) => void (code = value),
  };
  try {
    if (isVersionOnly(argv)) {
      io.stdout(`${await version()}\n`);
      return 0;
    }
    const program = await buildProgram(argv, io);
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    const { CommanderError } = await import('commander');
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage mistakes were already printed by commander.
      return error.exitCode === 0 ? 0 : EXIT_COULD_NOT_RUN;
    }
    const message =
      error instanceof CouldNotRunError
        ? error.message
        : `unexpected failure: ${errorMessage(error)} (please report this)`;
    // A file name or a value in the message may hold a national identifier: masked unless asked.
    io.stderr(`${errorLine(argv.includes('--show-pii') ? message : maskNationalIds(message))}\n`);
    if (envOf(io).VOTTUR_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`);
    return EXIT_COULD_NOT_RUN;
  } finally {
    stdout.flush();
  }
}
