/**
 * What a command is given to run with: the run's io (src/run/io.ts) and where its exit code goes.
 * `main(argv, io)` makes one per call, so two runs in one process each have their own output and
 * code; only the entry point (main.ts) hands the process's own streams in.
 */
import type { EventEmitter } from 'node:events';
import type { RunIo } from '../run/io.js';

export interface MainIo extends RunIo {
  /**
   * The process's own streams, for what needs a stream rather than text: the language server's
   * transport, the reference service's log, the progress bar. Absent in-process (a test).
   */
  streams?: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream; stderr: NodeJS.WriteStream };
  /** Emits `SIGINT`/`SIGTERM` (`serve`, `lint --watch`); default: none, so a run in a test stops only when told. */
  signals?: EventEmitter;
  /** A merged report's `createdTimestamp` (`vottur report`; default: now). */
  now?: Date;
  /** Where the reference service logs (`serve`); default: `streams.stderr`. */
  log?: NodeJS.WritableStream;
}

export interface CommandIo extends MainIo {
  /** Sets the run's exit code (a command that never calls it ends with 0). */
  exit(code: number): void;
}
