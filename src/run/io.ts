/**
 * Where a run reads and writes: the working folder, the environment, and the two writers its
 * output goes through. The CLI's entry point (src/cli/main.ts) makes one from the process; a test
 * or an embedding program makes its own, so a run is a value: nothing below the entry point
 * writes to the process's streams or sets its exit code.
 */
import type { Readable } from 'node:stream';
import { envOf } from '../runtime/process-defaults.js';

export type Writer = (text: string) => void;

export interface RunIo {
  /** Paths are resolved and shown relative to this folder (default: the working directory). */
  cwd?: string;
  /** The environment (default: the process's). */
  env?: NodeJS.ProcessEnv;
  stdout: Writer;
  /**
   * Standard output for what vottur means as a CI runner's workflow command (the github format's
   * annotations, escaped as the runner reads them); `main` neutralises every line of `stdout`.
   * Default: `stdout`.
   */
  stdoutCommands?: Writer;
  /**
   * Standard output for the user's own data, byte for byte (a bundle, a --fix-dry-run patch): not
   * masked, where `main` masks national identifiers on `stdout` and `stderr` unless --show-pii.
   * Default: `stdout`.
   */
  stdoutData?: Writer;
  stderr: Writer;
  /** Colour on standard output; default: see `colorWanted`. */
  color?: boolean;
  /** Whether standard output is a terminal (colour's default); false when not said. */
  stdoutIsTTY?: boolean;
  /** What `-` reads (the bin hands in the process's standard input); none: `-` is refused in one line. */
  stdin?: Readable;
  /** Standard error as a stream, for a progress bar (shown only on a terminal); none when not given. */
  progressStream?: NodeJS.WriteStream;
}

export { cwdOf, envOf } from '../runtime/process-defaults.js';

/**
 * Colour on standard output: with `FORCE_COLOR` set and not empty, `0` or `false`, always (a CI log
 * that shows colours is not a terminal; Node gives it precedence over `NO_COLOR`); otherwise when
 * it is a terminal and `NO_COLOR` is unset or empty (no-color.org: "when present and not an empty
 * string").
 */
export function colorWanted(io: RunIo): boolean {
  if (io.color !== undefined) return io.color;
  const env = envOf(io);
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return Boolean(io.stdoutIsTTY) && !env.NO_COLOR;
}
