/**
 * OpenAPI Overlays (1.0.0) applied before checking (`--overlay` on lint, diff, test, attest and
 * catalogue report): the description as its consumer will use it, with their patch on it. An
 * overlay is input like a configuration: read bounded (a regular file inside the repository, at
 * most 16 MB, `src/runtime/safe-read.ts`), at most `MAX_OVERLAY_ACTIONS` actions, and every target
 * compiled by the one safe JSONPath evaluator (RFC 9535 without filter selectors,
 * `src/runtime/jsonpath.ts`), so an overlay selects nodes and writes data, and never evaluates
 * anything. An application touches at most `MAX_OVERLAY_NODES` nodes; past any limit the run stops
 * in one line (exit 2) rather than check a description only half patched.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { JSONPathQuery } from 'json-p3';
import { CouldNotRunError } from '../errors.js';
import { compileSafeJsonPath } from '../runtime/jsonpath.js';
import { namedFileRoot, parseErrorWithoutContent, readNamedFile } from '../runtime/safe-read.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { parseYamlData } from '../runtime/yaml-lines.js';

export interface OverlayAction {
  target: string;
  description?: string;
  update?: unknown;
  remove?: boolean;
}

export interface OverlayDocument {
  overlay: '1.0.0';
  info: { title: string; version: string };
  extends?: string;
  actions: OverlayAction[];
}

/** The most actions one overlay may hold. */
export const MAX_OVERLAY_ACTIONS = 10_000;
/** The most nodes the overlays of a run may change in one description (a `$..*` on a large document). */
export const MAX_OVERLAY_NODES = 100_000;

/** An overlay read and checked, every target compiled: what a run applies and its report names. */
export interface LoadedOverlay {
  /** As the command line named it. */
  shown: string;
  sha256: string;
  title: string;
  actions: Array<OverlayAction & { query: JSONPathQuery }>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Segment = string | number;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a value is not an Overlay 1.0.x document, or undefined. */
export function overlayProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'it is not a YAML or JSON object';
  if (typeof value.overlay !== 'string' || !/^1\.0\.\d+$/.test(value.overlay))
    return `its overlay version is ${JSON.stringify(value.overlay)}, not 1.0.x`;
  if (!isObject(value.info) || typeof value.info.title !== 'string') return 'it has no info.title';
  if (!Array.isArray(value.actions) || value.actions.length === 0) return 'it has no actions';
  for (const [index, action] of (value.actions as unknown[]).entries()) {
    if (!isObject(action) || typeof action.target !== 'string') return `action ${index + 1} has no target`;
    if (action.remove !== true && !('update' in action)) return `action ${index + 1} neither updates nor removes`;
  }
  return undefined;
}

/** Checks an overlay document and compiles its targets; a one-line refusal naming the overlay otherwise. */
export async function compileOverlay(value: unknown, shown: string, sha256: string): Promise<LoadedOverlay> {
  const problem = overlayProblem(value);
  if (problem !== undefined)
    throw new CouldNotRunError(`the overlay ${shown} is not an Overlay 1.0.0 document: ${problem}`);
  const document = value as OverlayDocument;
  if (document.actions.length > MAX_OVERLAY_ACTIONS)
    throw new CouldNotRunError(
      `the overlay ${shown} has ${document.actions.length} actions, over the limit of ${MAX_OVERLAY_ACTIONS}; split it`,
    );
  const actions: LoadedOverlay['actions'] = [];
  for (const [index, action] of document.actions.entries()) {
    const compiled = await compileSafeJsonPath(action.target);
    if ('refusal' in compiled)
      throw new CouldNotRunError(
        `the overlay ${shown}: action ${index + 1}'s target ${JSON.stringify(action.target)} ${compiled.refusal}; targets select by name, wildcard, index and ..`,
      );
    actions.push({ ...action, query: compiled.query });
  }
  return { shown, sha256, title: document.info.title, actions };
}

/** Reads each `--overlay` file (YAML or JSON) bounded, and compiles it; in the order given. */
export async function readOverlays(
  files: readonly string[],
  options: { cwd?: string; root?: string } = {},
): Promise<LoadedOverlay[]> {
  const overlays: LoadedOverlay[] = [];
  for (const file of files) {
    const text = await readNamedFile(resolve(cwdOf(options), file), {
      what: 'the overlay',
      shown: file,
      root: options.root ?? namedFileRoot(cwdOf(options)),
    });
    let value: unknown;
    try {
      value = await parseYamlData(text);
    } catch (error) {
      throw new CouldNotRunError(`the overlay ${file} is not YAML or JSON (${parseErrorWithoutContent(error)})`);
    }
    overlays.push(await compileOverlay(value, file, createHash('sha256').update(text).digest('hex')));
  }
  return overlays;
}

/** Sets an own property, even `__proto__` (an assignment would change the object's prototype instead). */
function setOwn(object: Record<Segment, unknown>, key: Segment, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

function merge(target: unknown, update: unknown): unknown {
  if (Array.isArray(target))
    return [...(target as unknown[]), ...(Array.isArray(update) ? (update as unknown[]) : [update])];
  if (isObject(target) && isObject(update)) {
    const result: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(update))
      setOwn(result, key, Object.hasOwn(target, key) ? merge(target[key], value) : value);
    return result;
  }
  return update;
}

/**
 * Removes every selected node. The containers are found before anything is removed, and each
 * array's indexes are removed highest first, whatever order the selector listed them in
 * (`$.tags[1,0]`, `$.tags[2:0:-1]`), each once. The root itself is never removed.
 */
function removeAll(root: Json, places: readonly Segment[][]): void {
  const chosen = new Map<object, Set<Segment>>();
  for (const place of places) {
    const key = place[place.length - 1];
    if (key === undefined) continue;
    const parent = place.slice(0, -1).reduce<unknown>((value, at) => (value as Record<Segment, unknown>)[at], root);
    if (typeof parent !== 'object' || parent === null) continue;
    let keys = chosen.get(parent);
    if (!keys) chosen.set(parent, (keys = new Set()));
    keys.add(key);
  }
  for (const [parent, keys] of chosen) {
    if (Array.isArray(parent)) {
      const indexes = [...keys].map(Number).sort((a, b) => b - a);
      for (const index of indexes) parent.splice(index, 1);
    } else for (const key of keys) delete (parent as Record<Segment, unknown>)[key];
  }
}

/**
 * The document with the overlays' actions applied in order (a copy; the input is not changed):
 * `update` merges objects and appends to arrays, `remove` deletes the node, as Overlay 1.0.0 says.
 * Returns, per overlay, how many actions selected nothing.
 */
export function applyOverlays(
  document: unknown,
  overlays: readonly LoadedOverlay[],
): { document: unknown; unused: number[] } {
  let root = structuredClone(document) as Json;
  let touched = 0;
  const unused = overlays.map((overlay) => {
    let none = 0;
    for (const action of overlay.actions) {
      const nodes = action.query.query(root).nodes;
      if (nodes.length === 0) none += 1;
      touched += nodes.length;
      if (touched > MAX_OVERLAY_NODES)
        throw new CouldNotRunError(
          `the overlay ${overlay.shown} selects more than ${MAX_OVERLAY_NODES} nodes in one description, the limit; narrow its targets`,
        );
      const places = nodes.map((node) => node.location as Segment[]);
      if (action.remove === true) {
        removeAll(root, places);
        continue;
      }
      // Deepest first, so an update of a node inside another selected node is merged before its container.
      for (const place of places.reverse()) {
        // A copy per node: one value shared by several nodes would take a later action on one of them to all.
        const update = structuredClone(action.update);
        if (place.length === 0) {
          root = merge(root, update) as Json;
          continue;
        }
        const parent = place
          .slice(0, -1)
          .reduce<unknown>((value, key) => (value as Record<Segment, unknown>)[key], root);
        const key = place[place.length - 1];
        if (key === undefined) continue;
        setOwn(parent as Record<Segment, unknown>, key, merge((parent as Record<Segment, unknown>)[key], update));
      }
    }
    return none;
  });
  return { document: root, unused };
}

/** One overlay document applied (vottur's own application, as `--overlay` runs it). */
export async function applyOverlay(
  document: unknown,
  overlay: OverlayDocument,
  shown: string,
): Promise<{ document: unknown; unused: number }> {
  // `--fix-overlay` with nothing to fix writes no action: applied, it changes nothing.
  if (overlay.actions.length === 0) return { document: structuredClone(document), unused: 0 };
  const compiled = await compileOverlay(overlay, shown, '');
  const { document: result, unused } = applyOverlays(document, [compiled]);
  return { document: result, unused: unused[0] ?? 0 };
}
