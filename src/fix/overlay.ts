/**
 * Fixes as an OpenAPI Overlay (1.0.0): the actions that, applied to the description, give what
 * `--fix` writes, for consumers who patch a description they do not own. Each action targets the
 * node a fix changes (an RFC 9535 normalized path), never the whole document. `applyOverlay` is
 * vottur's own application (for `--overlay`), evaluating targets with json-p3 (RFC 9535, no script
 * expressions).
 */
import { isDeepStrictEqual } from 'node:util';
import { jsonpath } from 'json-p3';
import { CouldNotRunError, errorMessage } from '../errors.js';
import { EFFECT_LABEL, type Fix } from './types.js';

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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Segment = string | number;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 9535 normalized path: `$['paths']['/v1/x']`, quotes and backslashes escaped. */
export function normalizedPath(path: readonly Segment[]): string {
  return `$${path
    .map((segment) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : `['${segment
            .replace(/\\/g, '\\\\')
            .replace(/'/g, "\\'")
            // eslint-disable-next-line no-control-regex -- RFC 9535 escapes control characters in a normalized path
            .replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}']`,
    )
    .join('')}`;
}

function pointerOf(path: readonly Segment[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The applied fixes about a place: those whose finding lies at, under or above it. */
function fixesAt(path: readonly Segment[], fixes: readonly Fix[]): Fix[] {
  const pointer = pointerOf(path);
  const near = fixes.filter(
    (fix) =>
      fix.finding.pointer === pointer ||
      fix.finding.pointer.startsWith(`${pointer}/`) ||
      pointer.startsWith(`${fix.finding.pointer}/`) ||
      fix.finding.pointer === '',
  );
  return near.length > 0 ? near : [...fixes];
}

function describe(path: readonly Segment[], fixes: readonly Fix[]): string {
  return fixesAt(path, fixes)
    .map(
      (fix) => `${fix.ruleId} at ${fix.finding.pointer || '/'}: ${fix.title} ${EFFECT_LABEL[fix.effect ?? 'review']}`,
    )
    .join('; ');
}

/**
 * The actions that turn `before` into `after`: keys removed are `remove` actions on them; keys added
 * or whose value changed (a scalar, an array, or another type) are removed first where they were and
 * written by one `update` of their parent object; objects on both sides are compared key by key.
 */
export function overlayActions(before: unknown, after: unknown, fixes: readonly Fix[]): OverlayAction[] {
  const actions: OverlayAction[] = [];
  const walk = (from: Record<string, unknown>, to: Record<string, unknown>, path: Segment[]) => {
    const update: Record<string, unknown> = {};
    for (const key of Object.keys(from)) {
      if (!(key in to)) {
        actions.push({
          target: normalizedPath([...path, key]),
          description: describe([...path, key], fixes),
          remove: true,
        });
      } else if (isObject(from[key]) && isObject(to[key])) {
        walk(from[key], to[key], [...path, key]);
      } else if (!isDeepStrictEqual(from[key], to[key])) {
        // A scalar or array cannot be replaced by an update (it would merge or append): removed, then written.
        actions.push({
          target: normalizedPath([...path, key]),
          description: describe([...path, key], fixes),
          remove: true,
        });
        update[key] = to[key];
      }
    }
    for (const key of Object.keys(to)) if (!(key in from)) update[key] = to[key];
    if (Object.keys(update).length > 0)
      actions.push({ target: normalizedPath(path), description: describe(path, fixes), update });
  };
  if (!isObject(before) || !isObject(after)) throw new Error('an overlay is made between two description objects');
  walk(before, after, []);
  return actions;
}

export function fixOverlay(input: {
  before: unknown;
  after: unknown;
  fixes: readonly Fix[];
  title: string;
  extends?: string;
}): OverlayDocument {
  return {
    overlay: '1.0.0',
    info: { title: input.title, version: '1.0.0' },
    ...(input.extends !== undefined ? { extends: input.extends } : {}),
    actions: overlayActions(input.before, input.after, input.fixes),
  };
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

function merge(target: unknown, update: unknown): unknown {
  if (Array.isArray(target))
    return [...(target as unknown[]), ...(Array.isArray(update) ? (update as unknown[]) : [update])];
  if (isObject(target) && isObject(update)) {
    const result: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(update)) result[key] = key in target ? merge(target[key], value) : value;
    return result;
  }
  return update;
}

/**
 * The document with the overlay's actions applied in order (a copy; the input is not changed).
 * Returns how many actions selected nothing, which the report names.
 */
export function applyOverlay(
  document: unknown,
  overlay: OverlayDocument,
  shown: string,
): { document: unknown; unused: number } {
  let root = structuredClone(document) as Json;
  let unused = 0;
  for (const [index, action] of overlay.actions.entries()) {
    let nodes;
    try {
      nodes = jsonpath.query(action.target, root).nodes;
    } catch (error) {
      throw new CouldNotRunError(
        `${shown}: action ${index + 1}'s target ${action.target} is not an RFC 9535 JSONPath (${errorMessage(error)})`,
      );
    }
    if (nodes.length === 0) unused += 1;
    // Deepest and last first, so removing one node leaves the others' places as they were.
    const places = nodes.map((node) => node.location as Segment[]).reverse();
    for (const place of places) {
      if (place.length === 0) {
        if (action.remove === true) continue;
        root = merge(root, action.update) as Json;
        continue;
      }
      const parent = place.slice(0, -1).reduce<unknown>((value, key) => (value as Record<Segment, unknown>)[key], root);
      const key = place[place.length - 1];
      if (key === undefined) continue;
      if (action.remove === true) {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete (parent as Record<string, unknown>)[key];
      } else {
        (parent as Record<Segment, unknown>)[key] = merge((parent as Record<Segment, unknown>)[key], action.update);
      }
    }
  }
  return { document: root, unused };
}
