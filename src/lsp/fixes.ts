/**
 * Quick fixes computed from the document: the fix engine proposes minimal text edits for a
 * finding, each with what it does to the API's callers (the class `vottur diff` gives the
 * document before and after); the title says it, so an author sees a breaking fix for what it is.
 */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver/node';
import type { Finding } from '../report/finding.js';

export type CallerEffect = 'non-breaking' | 'documentation' | 'breaking';

/** What each class reads as in a title. */
export const EFFECT_LABEL: Record<CallerEffect, string> = {
  'non-breaking': '(non-breaking)',
  documentation: '(documentation only)',
  breaking: '(breaking: callers must change; needs a new major version)',
};

export interface ProposedFix {
  title: string;
  effect: CallerEffect;
  /** Edits by absolute file path, as offsets into that file's current text. */
  edits: Array<{ file: string; start: number; end: number; newText: string }>;
}

export interface FixRequest {
  file: string;
  uri: string;
  version: number;
  text: string;
  finding: Finding;
  diagnostic: Diagnostic;
  root: string;
  overlay: (path: string) => string | undefined;
}

/** Proposes the fixes for one finding (none when the fix cannot be computed from the document). */
export type FixProvider = (request: FixRequest) => Promise<ProposedFix[]>;

export async function fixActionsFor(provider: FixProvider, request: FixRequest): Promise<CodeAction[]> {
  const fixes = await provider(request);
  return fixes.map((fix) => {
    const byFile = new Map<string, ProposedFix['edits']>();
    for (const edit of fix.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
    const changes: Record<string, Array<{ range: Diagnostic['range']; newText: string }>> = {};
    for (const [file, edits] of byFile) {
      const text = file === request.file ? request.text : (request.overlay(file) ?? '');
      const position = positionIn(text);
      changes[file === request.file ? request.uri : new URL(`file://${file}`).href] = edits.map((edit) => ({ range: { start: position(edit.start), end: position(edit.end) }, newText: edit.newText }));
    }
    return {
      title: `${fix.title} ${EFFECT_LABEL[fix.effect]}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [request.diagnostic],
      isPreferred: fix.effect !== 'breaking',
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
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: offset - starts[low]! };
  };
}
