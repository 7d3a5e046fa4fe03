#!/usr/bin/env node
/**
 * The `vottur` command: a thin layer over the library. Every failure to run becomes one line on
 * stderr and exit code 2; findings decide between 0 and 1.
 */
import { Command, CommanderError } from 'commander';
import { toolInfo } from '../version.js';
import { registerLint } from './commands/lint.js';
import { registerReport } from './commands/report.js';
import { registerRules } from './commands/rules.js';
import { registerServe } from './commands/serve.js';
import { CouldNotRunError, EXIT_COULD_NOT_RUN } from './errors.js';

export function buildProgram(): Command {
  const program = new Command('vottur')
    .description('Conformance checks for the island.is API catalogue')
    .version(toolInfo().version)
    .showHelpAfterError('(run vottur --help for usage)')
    .exitOverride();
  registerLint(program);
  registerReport(program);
  registerRules(program);
  registerServe(program);
  for (const command of program.commands) command.exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
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
