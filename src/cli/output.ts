/**
 * `--format` and `--output` as every command takes them: `--format` may repeat, and each
 * `--output` belongs to the `--format` before it (`--format sarif --output out.sarif --format stylish`).
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Report } from '../report/finding.js';
import { FORMATTERS, isFormatName, type FormatName } from '../report/formatters/index.js';
import { CouldNotRunError } from '../errors.js';

export interface OutputTarget {
  format: FormatName;
  /** A file path, or undefined for standard output. */
  output?: string;
  /** stylish: the most findings listed (0: all); the other formats always carry every finding. */
  maxProblems: number;
}

export interface OutputState {
  targets: Array<{ format?: FormatName; output?: string }>;
  maxProblems?: number;
}

/**
 * stylish lists this many findings by default, as Redocly CLI does: a terminal or CI log with
 * thousands of lines helps nobody (Stripe's description has 23,000 findings), and the summary line
 * still counts them all. The machine formats and the HTML report carry every finding.
 */
export const DEFAULT_MAX_PROBLEMS = 100;

function parseMaxProblems(value: string): number {
  const max = Number(value);
  if (!Number.isInteger(max) || max < 0) throw new CouldNotRunError(`--max-problems ${value}: give a whole number, 0 or more (0 lists every finding)`);
  return max;
}

/** Adds `--format`, `--output` and `--max-problems` to a command; read the result with `outputTargets(state)`. */
export function addOutputOptions(command: Command, state: OutputState): Command {
  const names = Object.keys(FORMATTERS).join(', ');
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
    .option('-o, --output <file>', 'write the preceding --format to this file instead of standard output', (value: string) => {
      const last = state.targets[state.targets.length - 1];
      if (last && last.output === undefined && last.format !== undefined) last.output = value;
      else state.targets.push({ output: value });
      return value;
    })
    .option('--max-problems <n>', `stylish lists at most n findings, most severe first (default ${DEFAULT_MAX_PROBLEMS}; 0: all); the summary counts all, and the other formats carry all`, (value: string) => {
      state.maxProblems = parseMaxProblems(value);
      return state.maxProblems;
    });
}

export function outputTargets(state: OutputState, defaultFormat: FormatName = 'stylish'): OutputTarget[] {
  const maxProblems = state.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  if (state.targets.length === 0) return [{ format: defaultFormat, maxProblems }];
  const targets = state.targets.map((t) => ({ format: t.format ?? defaultFormat, output: t.output, maxProblems }));
  const toStdout = targets.filter((t) => t.output === undefined);
  if (toStdout.length > 1) throw new CouldNotRunError(`only one format can go to standard output; give the others an --output file`);
  return targets;
}

export interface WriteOptions {
  cwd: string;
  showPii: boolean;
  /** Colour on standard output (true on a TTY unless NO_COLOR is set). */
  color: boolean;
  stdout: (text: string) => void;
}

/**
 * Renders every target. Files are written whole or not at all: each is rendered to a temporary
 * file beside the target, then renamed over it.
 */
export function writeReports(report: Report, targets: OutputTarget[], options: WriteOptions): void {
  const rendered = targets.map((target) => ({
    target,
    text: FORMATTERS[target.format](report, { cwd: options.cwd, color: target.output === undefined && options.color, showPii: options.showPii, maxProblems: target.maxProblems }),
  }));
  for (const { target, text } of rendered) {
    if (target.output === undefined) {
      options.stdout(text);
      continue;
    }
    const file = resolve(options.cwd, target.output);
    let temp: string | undefined;
    try {
      temp = mkdtempSync(join(dirname(file), `.${basename(file)}-`));
      writeFileSync(join(temp, 'report'), text);
      renameSync(join(temp, 'report'), file);
    } catch (error) {
      throw new CouldNotRunError(`cannot write ${target.output}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; check that its folder exists and is writable`);
    } finally {
      if (temp) rmSync(temp, { recursive: true, force: true });
    }
  }
}
