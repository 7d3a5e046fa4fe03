/**
 * A fixer: given the node a finding points at (in the file that holds it), the edits that remove
 * the finding, or nothing when the fix cannot be computed from the document. One per rule, in
 * `./fixers/<rule-id>.ts`, found by the rule's id.
 */
import type { JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { LoadedDescription } from '../lint/load.js';
import type { EditableSource } from './source.js';
import type { FixEffect, TextEdit } from './types.js';

export interface FixContext {
  /** The file that holds the node. */
  source: EditableSource;
  /** The node's path in that file, and its value there. */
  path: JsonPath;
  value: unknown;
  /** The value at a path of the same file. */
  at: (path: JsonPath) => unknown;
  /** The whole description (every file), for fixes that update references elsewhere. */
  loaded: LoadedDescription;
  /** Any file of the description, to edit. */
  sourceOf: (uri: string) => EditableSource;
}

export interface ProposedFix {
  title: string;
  edits: TextEdit[];
}

export interface FixerDefinition {
  ruleId: string;
  /**
   * What its fixes usually do to callers: only the order in which a run with a limit classifies
   * fixes (likely-safe first). Each fix's class is always the diff's.
   */
  usualEffect?: FixEffect;
  fix(context: FixContext): ProposedFix | undefined;
}

export function defineFixer(definition: FixerDefinition): FixerDefinition {
  return definition;
}

/** The value at `path` in parsed data (own members only). */
export function valueAt(data: unknown, path: JsonPath): unknown {
  let node = data;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, segment))
      node = (node as Record<string, unknown>)[segment];
    else return undefined;
  }
  return node;
}

/** Keeps only defined edits; undefined when any is missing (a fix is whole or not offered). */
export function allEdits(edits: ReadonlyArray<TextEdit | undefined>): TextEdit[] | undefined {
  return edits.every((edit): edit is TextEdit => edit !== undefined) ? [...edits] : undefined;
}
