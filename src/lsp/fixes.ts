/**
 * Quick fixes computed from the document: the fix engine (`src/fix/`) proposes minimal text edits
 * for a finding, each with what it does to the API's callers (`vottur diff` of the description
 * before and after, on an in-memory copy); the action's title says it, so an author sees a
 * breaking fix for what it is before applying it.
 */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver/node';
import type { Finding } from '../report/finding.js';
import { EFFECT_LABEL, type Fix } from '../fix/index.js';
import { readInsideFolder } from './store.js';
import { pushTo } from '../runtime/group.js';

export interface FixRequest {
  /** The file the action is asked for, absolute, with its client URI and current text. */
  file: string;
  uri: string;
  text: string;
  finding: Finding;
  diagnostic: Diagnostic;
  /** The description's root file, absolute, and the folder its findings were made relative to. */
  root: string;
  cwd: string;
  /** Texts the editor holds, by absolute path. */
  texts: ReadonlyMap<string, string>;
  /** The client's URI for a file. */
  uriOf: (path: string) => string;
}

/** Proposes the fixes for one finding (none when the fix cannot be computed from the document). */
export type FixProvider = (request: FixRequest) => Promise<Fix[]>;

/** The fix engine's fixes for one finding, classified by `vottur diff`. */
export const engineFixes: FixProvider = async (request) => {
  const { computeFixes } = await import('../fix/index.js');
  return computeFixes({
    file: request.root,
    findings: [request.finding],
    texts: request.texts,
    cwd: request.cwd,
    classify: true,
  });
};

export async function fixActionsFor(provider: FixProvider, request: FixRequest): Promise<CodeAction[]> {
  const fixes = await provider(request);
  return fixes.map((fix) => {
    const byFile = new Map<string, Fix['edits']>();
    for (const edit of fix.edits) pushTo(byFile, edit.file, edit);
    const changes: Record<string, Array<{ range: Diagnostic['range']; newText: string }>> = {};
    for (const [file, edits] of byFile) {
      const text =
        request.texts.get(file) ?? (file === request.file ? request.text : readInsideFolder(file, request.cwd));
      if (text === undefined) continue;
      const position = positionIn(text);
      changes[file === request.file ? request.uri : /^https?:/i.test(file) ? file : request.uriOf(file)] = edits.map(
        (edit) => ({ range: { start: position(edit.start), end: position(edit.end) }, newText: edit.newText }),
      );
    }
    const effect = fix.effect ?? 'review';
    return {
      title: `${fix.title} ${EFFECT_LABEL[effect]}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [request.diagnostic],
      isPreferred: effect === 'non-breaking' || effect === 'documentation',
      edit: { changes },
    };
  });
}

/** Offset → LSP position (UTF-16 code units, as JavaScript strings count). */
export function positionIn(text: string): (offset: number) => { line: number; character: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? Infinity) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: offset - (starts[low] ?? 0) };
  };
}
