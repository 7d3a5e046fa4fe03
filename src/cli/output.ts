/**
 * `--format`, `--output` and `--max-problems` as every command takes them: `--format` may repeat,
 * and each `--output` belongs to the `--format` before it (`--format sarif --output out.sarif
 * --format stylish`). What the targets mean and how a report is written to them is the run's
 * (src/run/output.ts).
 */
import type { Command } from 'commander';
import { CouldNotRunError } from '../errors.js';
import { FORMAT_NAMES, isFormatName } from '../report/formatters/names.js';
import { DEFAULT_MAX_PROBLEMS, type OutputState } from '../run/output.js';

export { type OutputState, type OutputTarget } from '../run/output.js';

function parseMaxProblems(value: string): number {
  const max = Number(value);
  if (!Number.isInteger(max) || max < 0)
    throw new CouldNotRunError(`--max-problems ${value}: give a whole number, 0 or more (0 lists every finding)`);
  return max;
}

/** Adds `--format`, `--output` and `--max-problems` to a command; read the result with `outputTargets(state)`. */
export function addOutputOptions(command: Command, state: OutputState): Command {
  const names = FORMAT_NAMES.join(', ');
  return command
    .option(
      '-f, --format <name>',
      `output format (${names}); repeat for several, each followed by its own --output`,
      (value: string) => {
        if (!isFormatName(value)) throw new CouldNotRunError(`unknown format "${value}": use one of ${names}`);
        state.targets.push({ format: value });
        return value;
      },
    )
    .option(
      '-o, --output <file>',
      'write the preceding --format to this file instead of standard output (alone: the format its name implies, .json .sarif .xml .html .md, else stylish)',
      (value: string) => {
        const last = state.targets[state.targets.length - 1];
        if (last && last.output === undefined && last.format !== undefined) last.output = value;
        else state.targets.push({ output: value });
        return value;
      },
    )
    .option(
      '--max-problems <n>',
      `stylish lists at most n findings, most severe first (default ${DEFAULT_MAX_PROBLEMS}; 0: all); the summary counts all, and the other formats carry all`,
      (value: string) => {
        state.maxProblems = parseMaxProblems(value);
        return state.maxProblems;
      },
    );
}
