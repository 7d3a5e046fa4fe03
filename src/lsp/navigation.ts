/**
 * `$ref`s in the editor: where one leads (go to definition, the hover's excerpt), and every `$ref`
 * that leads to a component (find references). Local references and relative files are followed;
 * a URL is not fetched, and a file outside the workspace is not read (the loader's folder rule).
 */
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { decodePointer } from '../../rulesets/lib/openapi/pointer.js';
import type { JsonPath, Range, Syntax } from './syntax.js';

export interface RefTarget {
  file: string;
  pointer: JsonPath;
}

/** What a `$ref` written in `file` points to, or undefined for a URL, a broken escape or a file outside `folder`. */
export function refTarget(ref: string, file: string, folder: string): RefTarget | undefined {
  const hash = ref.indexOf('#');
  const location = hash === -1 ? ref : ref.slice(0, hash);
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) return undefined;
  let target: string;
  try {
    target = location === '' ? file : resolve(dirname(file), decodeURIComponent(location));
  } catch {
    return undefined;
  }
  const inside = relative(folder, target);
  if (inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return { file: target, pointer: hash === -1 ? [] : decodePointer(ref.slice(hash)) };
}

/** The `$ref` under the cursor: its text and range, when the cursor is on the value of a `$ref` key. */
export function refAt(
  syntax: Syntax,
  position: { line: number; character: number },
): { ref: string; range: Range } | undefined {
  const at = syntax.at(position);
  if (!at || at.path[at.path.length - 1] !== '$ref') return undefined;
  const node = syntax.nodeAt(at.path);
  const value = node && 'value' in node ? (node as { value: unknown }).value : undefined;
  if (typeof value !== 'string' || at.onKey || !at.scalar) return undefined;
  return { ref: value, range: at.scalar.range };
}

/** Component containers whose entries are referenced by `$ref` (OpenAPI 3 and Swagger 2.0). */
const CONTAINERS = [['components', '*'], ['definitions'], ['parameters'], ['responses'], ['securityDefinitions']];

/**
 * The component the cursor is on (its key, or anywhere in its name's line): `components/schemas/User`
 * or Swagger's `definitions/User`, as a path; undefined elsewhere.
 */
export function componentAt(syntax: Syntax, position: { line: number; character: number }): JsonPath | undefined {
  const at = syntax.at(position);
  if (!at || !at.onKey) return undefined;
  for (const container of CONTAINERS) {
    const length = container.length + 1;
    if (at.path.length !== length) continue;
    if (container.every((segment, i) => segment === '*' || at.path[i] === segment)) return at.path;
  }
  return undefined;
}

export const samePath = (a: JsonPath, b: JsonPath) =>
  a.length === b.length && a.every((segment, i) => String(segment) === String(b[i]));
