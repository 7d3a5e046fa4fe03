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

/**
 * A description (a document under check, not the operator's input) reached one of vottur's bounds
 * on reading it: aliases expanding past their limit, nesting, a file over the size limit. A run
 * that checks descriptions reports it as a `vottur-read-limit` finding on that document, which no
 * one can hold back, and the verdict fails (issue 34: every limit reached is a finding, never
 * silence); where nothing is checked it ends the run as any CouldNotRunError does.
 */
export class LimitError extends CouldNotRunError {}

/** The message of a thrown value, whatever was thrown: an `Error`'s message, else the value as text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/** The system error code of a thrown value (`ENOENT`, `EACCES`, …), where it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Why a file could not be read or written, in words where the system error code is a common one. */
export function fileErrorReason(error: unknown): string {
  switch (errorCode(error)) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return errorCode(error) ?? errorMessage(error);
  }
}
