/**
 * Bounds the shared walks reached on one document (issue 34: "every limit a run reaches is a
 * finding, never silence"). A walk that stops at its bound (a `$ref` chain past MAX_REF_HOPS, an
 * `allOf` nested past MAX_ALLOF_DEPTH, an example deeper than the walk reads) leaves the rules
 * blind to what lies beyond; before, that was a silent pass, so a violation 65 `$ref`s deep passed
 * `lint --gate`. Each stop is noted here, on the document, whichever rule's walk met it; the engine
 * reports each place once as a `vottur-walk-limit` error (src/lint/engine.ts), so the document
 * never passes unseen. Under stock Spectral the notes are kept and nothing reads them.
 *
 * Kept per document data object for its lifetime, never cleared: the memoised views a later run
 * on the same object reuses do not walk again, and the document's limits are the same each time.
 */
import { encodePointer } from './pointer.js';
import type { Document, JsonPath } from './types.js';

export interface LimitReached {
  /** Where the walk stopped: the node it did not read through. */
  path: JsonPath;
  /** What bound it was, in words a finding can quote ("a chain of 64 `$ref`s"). */
  what: string;
  /**
   * Set when the walk stopped at a reference it cannot read statically (a `$dynamicRef`), not at a
   * bound: what to do instead of "flatten the nesting".
   */
  advice?: string;
}

/** The bound every shared schema walk stops at, in schema levels (nesting, `allOf`, `$ref` hops). */
export const MAX_SCHEMA_DEPTH = 64;

/** Places noted per document: one note per place and bound, however many walks meet it. */
const MAX_NOTES = 100;

const notes = new WeakMap<object, Map<string, LimitReached>>();

/** Notes that a walk over `document` stopped at `path` (`what`: the bound, in words; `advice`: see LimitReached). */
export function noteLimit(document: Document, path: JsonPath, what: string, advice?: string): void {
  let found = notes.get(document);
  if (!found) notes.set(document, (found = new Map<string, LimitReached>()));
  if (found.size >= MAX_NOTES) return;
  const key = `${what}\u0000${encodePointer(path)}`;
  if (!found.has(key)) found.set(key, { path: [...path], what, ...(advice !== undefined ? { advice } : {}) });
}

/** The bounds reached on `document` so far, in the order first met. */
export function limitsReached(document: unknown): LimitReached[] {
  return typeof document === 'object' && document !== null ? [...(notes.get(document)?.values() ?? [])] : [];
}
