#!/usr/bin/env node
/**
 * The `vottur` command: a thin layer over the library. Every failure to run becomes one line on
 * stderr and exit code 2; findings decide between 0 and 1.
 */
import { Command, CommanderError } from 'commander';
import { enableCompileCache } from '../lint/compile-cache.js';
import { toolInfo } from '../version.js';
import { CouldNotRunError, EXIT_COULD_NOT_RUN } from './errors.js';

/**
 * Each command's module is imported only when that command runs (`vottur lint` must not load
 * the reference service's web server or the contract tester: start-up is part of every lint),
 * or all of them for `--help`, `help` and unknown commands. Add a command here, in the order
 * `--help` lists them, not as a static import.
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => unknown>> = {
  check: async () => (await import('./commands/check.js')).registerCheck,
  lint: async () => (await import('./commands/lint.js')).registerLint,
  test: async () => (await import('./commands/test.js')).registerTest,
  report: async () => (await import('./commands/report.js')).registerReport,
  diff: async () => (await import('./commands/diff.js')).registerDiff,
  rules: async () => (await import('./commands/rules.js')).registerRules,
  serve: async () => (await import('./commands/serve.js')).registerServe,
};

// Before any dependency loads: their compiled code is cached on disk between runs, per command.
const commandName = process.argv[2];
enableCompileCache(`cli-${commandName !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, commandName) ? commandName : 'other'}`);

export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command('vottur')
    .description('Conformance checks for the island.is API catalogue')
    .version(toolInfo().version)
    .showHelpAfterError('(run vottur --help for usage)')
    .exitOverride();
  const first = argv[0];
  const names = first !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, first) ? [first] : Object.keys(COMMANDS);
  for (const name of names) (await COMMANDS[name]!())(program);
  for (const command of program.commands) command.exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage mistakes were already printed by commander.
      return error.exitCode === 0 ? 0 : EXIT_COULD_NOT_RUN;
    }
    const message = error instanceof CouldNotRunError ? error.message : `unexpected failure: ${(error as Error)?.message ?? String(error)} (please report this)`;
    process.stderr.write(`vottur: ${message}\n`);
    if (process.env.VOTTUR_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return EXIT_COULD_NOT_RUN;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
