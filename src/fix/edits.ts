/** Applying text edits: the whole of what `--fix` writes, and what the diff of a fix reads. */
import type { TextEdit } from './types.js';
import { pushTo } from '../runtime/group.js';

/** Whether two edits touch the same text (two insertions at one offset also collide: their order would be a guess). */
export function overlaps(a: Pick<TextEdit, 'start' | 'end'>, b: Pick<TextEdit, 'start' | 'end'>): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

/**
 * Whether two fixes' edits may not go together: they overlap, or one inserts at an edge of text the
 * other replaces. Apart, an insertion at the end of a node is inside it; beside a replacement of
 * that node's text (a list reordered) it lands at the edge of whatever the replacement wrote, in
 * another node (a `pattern` meant for one parameter's schema written into the one moved there).
 * The later one waits for the next pass, computed on the new text.
 */
export function conflicts(a: Pick<TextEdit, 'start' | 'end'>, b: Pick<TextEdit, 'start' | 'end'>): boolean {
  if (overlaps(a, b)) return true;
  const edge = (insert: Pick<TextEdit, 'start' | 'end'>, other: Pick<TextEdit, 'start' | 'end'>) =>
    insert.start === insert.end &&
    other.start < other.end &&
    (insert.start === other.start || insert.start === other.end);
  return edge(a, b) || edge(b, a);
}

/**
 * Applies edits of one file to its text. Offsets are into `text` as given; edits must not overlap
 * (throws when two do: a fix set that collides is a defect of the caller, not something to guess at).
 */
export function applyEdits(text: string, edits: ReadonlyArray<Pick<TextEdit, 'start' | 'end' | 'newText'>>): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const [i, edit] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous && overlaps(previous, edit)) throw new Error(`overlapping edits at ${edit.start}`);
  }
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at || edit.end > text.length || edit.start > edit.end)
      throw new Error(`edit out of range: ${edit.start}-${edit.end}`);
    out += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** Applies edits over several files: the new text of every file an edit touches. */
export function applyFileEdits(texts: ReadonlyMap<string, string>, edits: readonly TextEdit[]): Map<string, string> {
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of edits) pushTo(byFile, edit.file, edit);
  const out = new Map<string, string>();
  for (const [file, fileEdits] of byFile) {
    const text = texts.get(file);
    if (text === undefined) throw new Error(`no text for ${file}`);
    out.set(file, applyEdits(text, fileEdits));
  }
  return out;
}
