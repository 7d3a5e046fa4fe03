/**
 * A finding's identity across runs, whatever the formatting: its rule, the pointer to where it is
 * with array positions replaced by what the element is (a parameter by `in` and `name`, a tag or
 * server by its name or URL, a `$ref` by its target, a string item by its value), and the value
 * found there when it is a single value. Never a line number: re-indenting, reordering keys or
 * writing the description as JSON instead of YAML keeps every fingerprint.
 */
import * as crypto from 'node:crypto';

type Path = ReadonlyArray<string | number>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an array element is, for a pointer that does not move when the array is reordered. */
function elementKey(element: unknown, index: number): string {
  if (typeof element === 'string' || typeof element === 'number' || typeof element === 'boolean')
    return `=${String(element)}`;
  if (isRecord(element)) {
    if (typeof element.name === 'string')
      return typeof element.in === 'string' ? `${element.in}:${element.name}` : `name:${element.name}`;
    if (typeof element.$ref === 'string') return `ref:${element.$ref}`;
    if (typeof element.url === 'string') return `url:${element.url}`;
    if (typeof element.rule === 'string') return `rule:${element.rule}`;
  }
  return `#${index}`;
}

/** A key as a JSON pointer writes it. */
function escapeSegment(segment: string): string {
  return segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}

/** The pointer with every array position replaced by its element's key (`/paths/~1x/get/parameters/[query:limit]`), and the node found there. */
function walk(document: unknown, path: Path): { pointer: string; node: unknown } {
  let node: unknown = document;
  let pointer = '';
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') {
      pointer += `/[${elementKey(node[segment], segment)}]`;
      node = node[segment];
    } else {
      pointer += `/${escapeSegment(String(segment))}`;
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[String(segment)] : undefined;
    }
  }
  return { pointer, node };
}

/**
 * The first 20 hex digits of the text's SHA-256: one call where Node has `crypto.hash` (20.12 on),
 * measured several times faster than a `Hash` object per finding; the same digest either way.
 */
const sha256Hex: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) =>
        (crypto as unknown as { hash(algorithm: string, data: string, encoding: 'hex'): string }).hash(
          'sha256',
          text,
          'hex',
        )
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** The fingerprint of a finding of `rule` at `path` in `document`. */
export function fingerprint(rule: string, document: unknown, path: Path): string {
  const { pointer, node } = walk(document, path);
  const type = typeof node;
  const value =
    node === null || type === 'string' || type === 'number' || type === 'boolean' ? JSON.stringify(node) : '';
  return sha256Hex(`${rule}\u0000${pointer}\u0000${value}`).slice(0, 20);
}

/** For findings with no place in a description (a live response): rule, operation and place. */
export function fingerprintWithoutDocument(rule: string, operation: string | undefined, pointer: string): string {
  return sha256Hex(`${rule}\u0000${operation ?? ''}\u0000${pointer}`).slice(0, 20);
}
