/**
 * The fix model: a fix is a set of minimal text edits, computed from node positions, that removes
 * one finding; its effect on callers is what `vottur diff` says of the document before and after.
 * The editor (code actions) and `vottur lint --fix` both read it.
 */
import type { JsonPath } from '../../rulesets/lib/openapi/types.js';

/** Replace `[start, end)` (UTF-16 offsets into the file's original text) with `newText`. */
export interface TextEdit {
  /** The file holding the node: an absolute path (or a URL), as `LoadedDescription.files` keys it. */
  file: string;
  start: number;
  end: number;
  newText: string;
}

/**
 * What a fix does to callers, by `vottur diff` of before and after: `documentation` when the diff
 * finds only documentation changes (or none), `review` when some change cannot be judged from the
 * description alone. Only `non-breaking` and `documentation` fixes are applied by `vottur lint --fix`.
 */
export type FixEffect = 'non-breaking' | 'documentation' | 'review' | 'breaking';

export interface Fix {
  ruleId: string;
  /** The finding it removes, by its identity (see `Finding.fingerprint`) and place. */
  finding: { document: string; pointer: string; fingerprint?: string; line?: number; column?: number };
  /** What the fix does, in the imperative: "Write `1.0.0` as `info.version`". */
  title: string;
  edits: TextEdit[];
  /** Set by `classifyFix` (computeFixes classifies unless told not to). */
  effect?: FixEffect;
  /** The diff's findings between before and after, one line each: what callers see change. */
  effectDetail?: string[];
}

/** What a fixer is given: the finding's node in the file that holds it. */
export interface FixRequest {
  ruleId: string;
  /** The file holding the node (a key of `LoadedDescription.files`). */
  uri: string;
  /** The node's path in that file. */
  path: JsonPath;
}

/** The label an editor appends to a fix's title. */
export const EFFECT_LABEL: Record<FixEffect, string> = {
  'non-breaking': '(non-breaking)',
  documentation: '(documentation only)',
  review: '(needs review: the change cannot be judged from the description alone)',
  breaking: '(breaking: callers must change; needs a new major version)',
};

/** Whether `vottur lint --fix` applies a fix of this effect (never a breaking one, nor one that needs review). */
export function appliesOnCommandLine(effect: FixEffect | undefined): boolean {
  return effect === 'non-breaking' || effect === 'documentation';
}
