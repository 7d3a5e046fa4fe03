/**
 * Fixes as an OpenAPI Overlay (1.0.0): the actions that, applied to the description, give what
 * `--fix` writes, for consumers who patch a description they do not own. Each action targets the
 * node a fix changes (an RFC 9535 normalized path), never the whole document. Applying an overlay
 * (`--overlay`) is the linter's (src/lint/overlay.ts), re-exported here.
 */
import { isDeepStrictEqual } from 'node:util';
import type { OverlayAction, OverlayDocument } from '../lint/overlay.js';
import { EFFECT_LABEL, type Fix } from './types.js';

export { applyOverlay, overlayProblem, type OverlayAction, type OverlayDocument } from '../lint/overlay.js';

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
