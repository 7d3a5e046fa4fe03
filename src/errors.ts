import { escapeLine } from './runtime/escape.js';

/** Exit codes shared by every command. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_COULD_NOT_RUN = 2;

/** The one prefix of every line vottur writes about a run (errors, notes, the gate's verdict). */
export const MESSAGE_PREFIX = 'vottur: ';

/**
 * `message` as vottur prints it on standard error: one line, whatever a file name, a document or a
 * server put in it (control characters shown as `\u001b`, line breaks as `\n`).
 */
export function errorLine(message: string): string {
  return `${MESSAGE_PREFIX}${escapeLine(message)}`;
}

/**
 * The tool could not do its job (bad option, unreadable file, not YAML/JSON, invalid description):
 * the CLI prints the message as one line on stderr and exits 2, with no stack trace.
 */
export class CouldNotRunError extends Error {
  override readonly name = 'CouldNotRunError';
}
