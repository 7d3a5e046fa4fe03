/**
 * Documents the benchmark makes: large descriptions cut to a share of their paths (keeping only
 * the components those paths still reach, so the size shrinks with them), and a folder of many
 * descriptions for the pool.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

type Json = Record<string, unknown>;

/** The value's members when it is an object (not an array), else none. */
function members(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** Every local `#/components/...` reference inside a value. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) into.add(item);
    else collectRefs(item, into);
  }
}

function decode(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The description with the first `share` of its paths, and of its components only those the
 * kept paths (and security schemes) reach, directly or through other components.
 */
export function cutDocument(document: Json, share: number): Json {
  const allPaths = members(document.paths);
  const sourceComponents = members(document.components);
  const pathKeys = Object.keys(allPaths);
  const kept = pathKeys.slice(0, Math.max(1, Math.round(pathKeys.length * share)));
  const paths: Json = {};
  for (const key of kept) paths[key] = allPaths[key];
  const components: Record<string, Json> = {};
  const pending = new Set<string>();
  collectRefs(paths, pending);
  const done = new Set<string>();
  for (const ref of pending) {
    if (done.has(ref)) continue;
    done.add(ref);
    const [, , section = '', name = ''] = ref.split('/').map(decode);
    const value = members(sourceComponents[section])[name];
    if (value === undefined) continue;
    (components[section] ??= {})[name] = value;
    const more = new Set<string>();
    collectRefs(value, more);
    for (const next of more) pending.add(next);
  }
  // Components that are not referenced by `$ref` but by name.
  if (sourceComponents.securitySchemes) components.securitySchemes = members(sourceComponents.securitySchemes);
  const cut: Json = { ...document, paths };
  if (document.components) cut.components = components;
  return cut;
}

export interface CutFile {
  source: string;
  share: number;
  file: string;
  bytes: number;
  paths: number;
}

/** Writes each large JSON description cut to each share into `folder`. */
export function writeCuts(sources: readonly string[], shares: readonly number[], folder: string): CutFile[] {
  mkdirSync(folder, { recursive: true });
  const files: CutFile[] = [];
  for (const source of sources) {
    const document = JSON.parse(readFileSync(source, 'utf8')) as Json;
    for (const share of shares) {
      const cut = share >= 1 ? document : cutDocument(document, share);
      const file = join(folder, `${basename(source, extname(source))}-${Math.round(share * 100)}.json`);
      const text = JSON.stringify(cut, null, 2);
      writeFileSync(file, text);
      files.push({
        source,
        share,
        file,
        bytes: Buffer.byteLength(text),
        paths: Object.keys(members(cut.paths)).length,
      });
    }
  }
  return files;
}

/**
 * `count` descriptions in `folder` for the pool benchmark: every large description once, the
 * rest copies of the `real/` descriptions, round-robin.
 */
export function writePoolDocuments(corpus: string, count: number, folder: string): string[] {
  mkdirSync(folder, { recursive: true });
  const list = (sub: string) =>
    readdirSync(join(corpus, sub))
      .filter((name) => /\.(ya?ml|json)$/.test(name) && statSync(join(corpus, sub, name)).isFile())
      .sort()
      .map((name) => join(corpus, sub, name));
  const large = list('large');
  const real = list('real');
  const sources = [
    ...large,
    ...Array.from({ length: Math.max(0, count - large.length) }, (_, i) => real[i % real.length]).filter(
      (source) => source !== undefined,
    ),
  ].slice(0, count);
  return sources.map((source, i) => {
    const file = join(folder, `${String(i).padStart(3, '0')}-${basename(source)}`);
    copyFileSync(source, file);
    return file;
  });
}
