/**
 * Fixes as a library: for the findings of a description, the minimal text edits that remove them,
 * each classified by what it does to callers (`vottur diff` of before and after). The editor offers
 * every fix with its class in the title; `vottur lint --fix` applies only the non-breaking and
 * documentation-only ones (`fixDescription`).
 */
import { isAbsolute, resolve } from 'node:path';
import { loadDescription, type LoadedDescription, type LoadOptions } from '../lint/load.js';
import { counts, type Finding } from '../report/finding.js';
import { shownPath } from '../report/source.js';
import { classifyFix, textsOf, type FixClass } from './classify.js';
import { applyFileEdits, conflicts } from './edits.js';
import { valueAt, type FixContext } from './fixer.js';
import { FIXER_BY_RULE } from './fixers/index.js';
import { EditableSource } from './source.js';
import { appliesOnCommandLine, type Fix, type FixEffect, type TextEdit } from './types.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { pushTo } from '../runtime/group.js';

export { applyEdits, applyFileEdits, conflicts, overlaps } from './edits.js';
export { classifyChange, classifyFix, reload, textsOf, type FixClass } from './classify.js';
export { EditableSource, isPlainSafe } from './source.js';
export { appliesOnCommandLine, EFFECT_LABEL, type Fix, type FixEffect, type TextEdit } from './types.js';
export { FIXERS } from './fixers/index.js';

/**
 * The last files parsed for editing, by URI: an editor asks for the fixes of one text again and
 * again (every code-action request), and parsing a large file costs more than computing its fixes.
 */
const recentSources = new Map<string, EditableSource>();
const RECENT_SOURCES = 8;

function editableSource(uri: string, text: string, kind: 'json' | 'yaml'): EditableSource {
  const cached = recentSources.get(uri);
  if (cached && cached.text === text && cached.kind === kind) return cached;
  const source = new EditableSource(uri, text, kind);
  recentSources.delete(uri);
  recentSources.set(uri, source);
  const oldest = recentSources.keys().next().value;
  if (recentSources.size > RECENT_SOURCES && oldest !== undefined) recentSources.delete(oldest);
  return source;
}

const EFFECT_RANK: Record<FixEffect, number> = { documentation: 0, 'non-breaking': 1, review: 2, breaking: 3 };

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
  /**
   * Classify at most this many fixes (default: all), the likely-safe first (by their fixer's
   * `usualEffect`); the rest are returned without an effect. A diff of a large description for
   * each of thousands of findings would take minutes.
   */
  classifyLimit?: number;
  /** Effects already known, by `fixKey` (a later pass of `fixDescription`): not computed again. */
  known?: ReadonlyMap<string, FixClass>;
}

/** A fix's identity across passes: its rule, its finding and what it does. */
export function fixKey(fix: Pick<Fix, 'ruleId' | 'finding' | 'title'>): string {
  return `${fix.ruleId}\u0000${fix.finding.fingerprint ?? `${fix.finding.document}#${fix.finding.pointer}`}\u0000${fix.title}`;
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
  const cwd = cwdOf(input);
  const loaded = input.loaded ?? (await loadDescription(input.file, input));
  const sourceOf = (uri: string): EditableSource => {
    const file = loaded.files.get(uri);
    if (!file) throw new Error(`${uri} is not a file of the description`);
    return editableSource(uri, file.text, file.kind);
  };
  const fixes: Fix[] = [];
  const offered = new Set<string>();
  for (const finding of input.findings) {
    const fixer = FIXER_BY_RULE.get(finding.ruleId);
    if (!fixer || (finding.suppressions && finding.suppressions.length > 0)) continue;
    const uri = fileOf(loaded, finding, cwd);
    if (!uri) continue;
    const file = loaded.files.get(uri);
    if (!file) throw new Error(`the finding's file ${uri} is not among the loaded files`);
    const data = file.parsed.data;
    const path = finding.path;
    const context: FixContext = {
      source: sourceOf(uri),
      path,
      value: valueAt(data, path),
      at: (at) => valueAt(data, at),
      loaded,
      sourceOf,
    };
    let proposed;
    try {
      proposed = fixer.fix(context);
    } catch {
      // A node the fixer did not expect (an alias, a merge key): no fix rather than a wrong one.
      proposed = undefined;
    }
    if (!proposed || proposed.edits.length === 0) continue;
    // Two findings at one node (a misspelt key whose value is also wrong) can have the same fix: offered once.
    const identity = `${finding.ruleId}\u0000${JSON.stringify(proposed.edits)}`;
    if (offered.has(identity)) continue;
    offered.add(identity);
    fixes.push({
      ruleId: finding.ruleId,
      finding: {
        document: finding.document,
        pointer: finding.pointer,
        ...(finding.fingerprint !== undefined ? { fingerprint: finding.fingerprint } : {}),
        ...(finding.line !== undefined ? { line: finding.line, column: finding.column } : {}),
      },
      title: proposed.title,
      edits: proposed.edits,
    });
  }
  if (input.classify !== false) {
    const rank = (fix: Fix) => EFFECT_RANK[FIXER_BY_RULE.get(fix.ruleId)?.usualEffect ?? 'review'];
    const order = fixes
      .map((fix, index) => ({ fix, index }))
      .sort((a, b) => rank(a.fix) - rank(b.fix) || a.index - b.index);
    let budget = input.classifyLimit ?? Number.POSITIVE_INFINITY;
    for (const { fix } of order) {
      const known = input.known?.get(fixKey(fix));
      if (known) {
        fix.effect = known.effect;
        fix.effectDetail = known.detail;
        continue;
      }
      if (budget-- <= 0) continue;
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
  /** Diffs run at most per description and run (default 100; see `ComputeFixesInput.classifyLimit`). */
  classifyLimit?: number;
}

export interface FixOutcome {
  /** Every file of the description before, by URI. */
  original: Map<string, string>;
  /** The files the applied fixes changed, with their new text. */
  changed: Map<string, string>;
  applied: Fix[];
  /** Fixes not applied on the command line: breaking, or needing review (an editor offers them). */
  withheld: Fix[];
  /** Fixes left unclassified, over the run's limit (so not applied): another run takes them up. */
  unclassified: number;
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
  // Fixes not applied keep their class across passes: each is diffed once per run.
  const known = new Map<string, FixClass>();
  let budget = options.classifyLimit ?? 100;
  let unclassified = 0;
  const usual = (fix: Fix) => EFFECT_RANK[FIXER_BY_RULE.get(fix.ruleId)?.usualEffect ?? 'review'];

  /**
   * Group testing: the fixes of a group applied together and diffed once. Fixes touch disjoint
   * nodes and the diff judges each node's change on its own, so a group with no change beyond
   * non-breaking holds no fix beyond non-breaking; a group with more is split in two and each half
   * tested, down to the fixes that are not safe. The likely-safe fixes of a large description then
   * cost a few diffs, not one each. (A fix of a safe group carries the group's class.)
   */
  const test = async (group: Fix[]): Promise<void> => {
    if (group.length === 0 || budget <= 0) return;
    budget--;
    const verdict = await classifyFix(
      loaded,
      group.flatMap((fix) => fix.edits),
      options,
    ).catch(() => ({
      effect: 'review' as FixEffect,
      detail: ['the description with this fix applied could not be compared with the original'],
    }));
    if (group.length === 1 || appliesOnCommandLine(verdict.effect)) {
      for (const fix of group) {
        fix.effect = verdict.effect;
        fix.effectDetail = verdict.detail;
      }
      return;
    }
    const half = Math.ceil(group.length / 2);
    await test(group.slice(0, half));
    await test(group.slice(half));
  };

  for (let pass = 0; pass < (options.maxPasses ?? 5); pass++) {
    const findings = (await options.findingsOf(file, loaded)).filter(counts);
    const fixes = await computeFixes({ ...options, file, loaded, findings, classify: false });
    // One set of fixes that touch different text, the likely-safe first; the others wait for the next pass.
    const order = fixes
      .map((fix, index) => ({ fix, index }))
      .sort((a, b) => usual(a.fix) - usual(b.fix) || a.index - b.index);
    const selected: Fix[] = [];
    const byFile = new Map<string, TextEdit[]>();
    for (const { fix } of order) {
      if (fix.edits.some((edit) => (byFile.get(edit.file) ?? []).some((other) => conflicts(edit, other)))) continue;
      for (const edit of fix.edits) pushTo(byFile, edit.file, edit);
      selected.push(fix);
    }
    const fresh: Fix[] = [];
    for (const fix of selected) {
      const was = known.get(fixKey(fix));
      if (was) {
        fix.effect = was.effect;
        fix.effectDetail = was.detail;
      } else fresh.push(fix);
    }
    await test(fresh.filter((fix) => usual(fix) <= EFFECT_RANK['non-breaking']));
    for (const fix of fresh.filter((f) => usual(f) > EFFECT_RANK['non-breaking'])) await test([fix]);
    unclassified = selected.filter((fix) => fix.effect === undefined).length;
    const taken: Fix[] = [];
    for (const fix of selected) {
      if (fix.effect === undefined) continue;
      if (appliesOnCommandLine(fix.effect)) taken.push(fix);
      else {
        withheld.set(fixKey(fix), fix);
        known.set(fixKey(fix), { effect: fix.effect, detail: fix.effectDetail ?? [] });
      }
    }
    if (taken.length === 0) break;
    for (const [uri, text] of applyFileEdits(
      current,
      taken.flatMap((fix) => fix.edits),
    ))
      current.set(uri, text);
    applied.push(...taken);
    loaded = await loadDescription(file, { ...options, texts: current });
  }
  const changed = new Map([...current].filter(([uri, text]) => original.get(uri) !== text));
  return { original, changed, applied, withheld: [...withheld.values()], unclassified };
}
