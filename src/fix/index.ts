/**
 * Fixes as a library: for the findings of a description, the minimal text edits that remove them,
 * each classified by what it does to callers (`vottur diff` of before and after). The editor offers
 * every fix with its class in the title; `vottur lint --fix` applies only the non-breaking and
 * documentation-only ones (`fixDescription`).
 */
import { isAbsolute, resolve } from 'node:path';
import type { JsonPath } from '../../rulesets/lib/openapi/types.js';
import { loadDescription, type LoadedDescription, type LoadOptions } from '../lint/load.js';
import { counts, type Finding } from '../report/finding.js';
import { shownPath } from '../report/source.js';
import { classifyFix, textsOf } from './classify.js';
import { applyFileEdits, overlaps } from './edits.js';
import { valueAt, type FixContext } from './fixer.js';
import { FIXER_BY_RULE } from './fixers/index.js';
import { EditableSource } from './source.js';
import { appliesOnCommandLine, type Fix, type TextEdit } from './types.js';

export { applyEdits, applyFileEdits, overlaps } from './edits.js';
export { classifyChange, classifyFix, reload, textsOf, type FixClass } from './classify.js';
export { EditableSource, isPlainSafe } from './source.js';
export { appliesOnCommandLine, EFFECT_LABEL, type Fix, type FixEffect, type TextEdit } from './types.js';
export { FIXERS } from './fixers/index.js';

/** The ids of the rules that have a fixer. */
export function fixableRules(): string[] {
  return [...FIXER_BY_RULE.keys()].sort();
}

export interface ComputeFixesInput extends LoadOptions {
  /** The description's root file (the file `lintDocument` was given). */
  file: string;
  /** Its findings, as `lintDocument`/`lintFiles` give them (others' documents are ignored). */
  findings: readonly Finding[];
  /** The description already loaded (else it is loaded from `file`, with `texts` standing for files). */
  loaded?: LoadedDescription;
  /** Folder that findings' document paths are relative to (default: the working directory). */
  cwd?: string;
  /** Classify each fix by diffing before and after (default true; an editor may defer it). */
  classify?: boolean;
}

/** The file a finding's `document` names, among the description's files. */
function fileOf(loaded: LoadedDescription, finding: Finding, cwd: string): string | undefined {
  for (const uri of loaded.files.keys()) {
    if (uri === finding.document || (!/^https?:/i.test(uri) && shownPath(cwd, uri) === finding.document)) return uri;
  }
  const absolute = isAbsolute(finding.document) ? finding.document : resolve(cwd, finding.document);
  return loaded.files.has(absolute) ? absolute : undefined;
}

/**
 * The fixes for a description's findings: one per finding that a fixer can fix, with edits in the
 * files that hold the nodes (offsets into their current texts), each classified unless told not to.
 * Suppressed findings get none (the author chose to keep them).
 */
export async function computeFixes(input: ComputeFixesInput): Promise<Fix[]> {
  const cwd = input.cwd ?? process.cwd();
  const loaded = input.loaded ?? (await loadDescription(input.file, input));
  const sources = new Map<string, EditableSource>();
  const sourceOf = (uri: string): EditableSource => {
    let source = sources.get(uri);
    if (!source) {
      const file = loaded.files.get(uri);
      if (!file) throw new Error(`${uri} is not a file of the description`);
      sources.set(uri, (source = new EditableSource(uri, file.text, file.kind)));
    }
    return source;
  };
  const fixes: Fix[] = [];
  for (const finding of input.findings) {
    const fixer = FIXER_BY_RULE.get(finding.ruleId);
    if (!fixer || (finding.suppressions && finding.suppressions.length > 0)) continue;
    const uri = fileOf(loaded, finding, cwd);
    if (!uri) continue;
    const data = loaded.files.get(uri)!.parsed.data;
    const path = finding.path as JsonPath;
    const context: FixContext = { source: sourceOf(uri), path, value: valueAt(data, path), at: (at) => valueAt(data, at), loaded, sourceOf };
    let proposed;
    try {
      proposed = fixer.fix(context);
    } catch {
      // A node the fixer did not expect (an alias, a merge key): no fix rather than a wrong one.
      proposed = undefined;
    }
    if (!proposed || proposed.edits.length === 0) continue;
    fixes.push({
      ruleId: finding.ruleId,
      finding: { document: finding.document, pointer: finding.pointer, ...(finding.fingerprint !== undefined ? { fingerprint: finding.fingerprint } : {}), ...(finding.line !== undefined ? { line: finding.line, column: finding.column } : {}) },
      title: proposed.title,
      edits: proposed.edits,
    });
  }
  if (input.classify !== false) {
    for (const fix of fixes) {
      try {
        const { effect, detail } = await classifyFix(loaded, fix.edits, input);
        fix.effect = effect;
        fix.effectDetail = detail;
      } catch {
        // The edited copy could not be read or compared: the fix is not offered as safe.
        fix.effect = 'review';
        fix.effectDetail = ['the description with this fix applied could not be compared with the original'];
      }
    }
  }
  return fixes;
}

export interface FixDescriptionOptions extends LoadOptions {
  cwd?: string;
  /** The findings of a loaded description, as the command line lints and configures them. */
  findingsOf(file: string, loaded: LoadedDescription): Promise<Finding[]>;
  /** Passes at most (a fix can uncover another finding a later pass fixes; default 5). */
  maxPasses?: number;
}

export interface FixOutcome {
  /** Every file of the description before, by URI. */
  original: Map<string, string>;
  /** The files the applied fixes changed, with their new text. */
  changed: Map<string, string>;
  applied: Fix[];
  /** Fixes not applied on the command line: breaking, or needing review (an editor offers them). */
  withheld: Fix[];
}

/**
 * Applies the non-breaking and documentation-only fixes of a description in memory, pass after
 * pass until no such fix is left, so that fixing again changes nothing. Nothing is written.
 */
export async function fixDescription(file: string, options: FixDescriptionOptions): Promise<FixOutcome> {
  let loaded = await loadDescription(file, options);
  const original = textsOf(loaded);
  const current = new Map(original);
  const applied: Fix[] = [];
  const withheld = new Map<string, Fix>();
  for (let pass = 0; pass < (options.maxPasses ?? 5); pass++) {
    const findings = (await options.findingsOf(file, loaded)).filter(counts);
    const fixes = await computeFixes({ ...options, file, loaded, findings });
    const chosen: TextEdit[] = [];
    const taken: Fix[] = [];
    for (const fix of fixes) {
      if (!appliesOnCommandLine(fix.effect)) {
        withheld.set(`${fix.ruleId} ${fix.finding.document} ${fix.finding.pointer} ${fix.title}`, fix);
        continue;
      }
      // Fixes that touch the same text wait for the next pass, computed afresh on the result.
      if (fix.edits.some((edit) => chosen.some((other) => other.file === edit.file && overlaps(edit, other)))) continue;
      chosen.push(...fix.edits);
      taken.push(fix);
    }
    if (taken.length === 0) break;
    for (const [uri, text] of applyFileEdits(current, chosen)) current.set(uri, text);
    applied.push(...taken);
    loaded = await loadDescription(file, { ...options, texts: current });
  }
  const changed = new Map([...current].filter(([uri, text]) => original.get(uri) !== text));
  return { original, changed, applied, withheld: [...withheld.values()] };
}
