/**
 * An on-disk cache of V8's compiled code for the CommonJS packages a run loads (Spectral's core
 * and its dependencies: ~300 modules whose compiling is a good part of `vottur lint`'s start-up).
 * Node 22.1+ has this built in (`module.enableCompileCache()`, used when present); on older
 * Node the cache is kept here, as the `v8-compile-cache` package does, but
 *
 * - the code is serialised after the run (`script.createCachedData()`), so it includes every
 *   function the run compiled, not only the top-level code;
 * - one cache file per purpose (`name`: the CLI keeps one per command, so each holds exactly
 *   what that command loads and no run reads code it will not use), in the OS temp folder, keyed by Node's V8 version and
 *   each file's content hash, whatever the working directory; rewritten only when something new
 *   was compiled, whole and atomically (temp file and rename), so parallel runs never read a
 *   torn or mismatched file;
 * - only CommonJS files under `node_modules` are cached, and none that uses `import()` (a
 *   `vm.Script` cannot resolve it on Node 20), has a shebang line or does not compile as a
 *   CommonJS function (an ES module that `require` loads): those compile as usual.
 *
 * `VOTTUR_NO_COMPILE_CACHE=1` turns it off; `VOTTUR_COMPILE_CACHE_DIR` puts it elsewhere. Any failure to read or write the cache only means
 * compiling as usual.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

interface NodeModule {
  exports: unknown;
  require(id: string): unknown;
}

interface ModuleInternals {
  enableCompileCache?: () => unknown;
  wrap(content: string): string;
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: unknown): string[] | null;
  _extensions: unknown;
  _cache: unknown;
  prototype: { _compile(this: NodeModule, content: string, filename: string): unknown };
}

interface Entry {
  hash: string;
  offset: number;
  length: number;
}

let enabled = false;

export function enableCompileCache(name: string): void {
  if (enabled || process.env.VOTTUR_NO_COMPILE_CACHE) return;
  enabled = true;
  const nodeModule = Module as unknown as ModuleInternals;
  if (typeof nodeModule.enableCompileCache === 'function') {
    nodeModule.enableCompileCache();
    return;
  }
  const folder = join(process.env.VOTTUR_COMPILE_CACHE_DIR || join(tmpdir(), `vottur-compile-cache-${process.getuid?.() ?? 'user'}`), `${process.arch}-${process.versions.v8}`);
  // One file, renamed into place whole: a 4-byte index length, the JSON index, the code. One per
  // installation too (by where this module is): two checkouts or versions of vottur on one machine
  // would otherwise rewrite each other's file on every run.
  const installation = createHash('sha1').update(fileURLToPath(import.meta.url)).digest('hex').slice(0, 8);
  const file = join(folder, `${name}-${installation}.bin`);
  let index: Record<string, Entry> = {};
  let blob: Buffer = Buffer.alloc(0);
  try {
    const content = readFileSync(file);
    const length = content.readUInt32LE(0);
    index = JSON.parse(content.subarray(4, 4 + length).toString('utf8')) as Record<string, Entry>;
    blob = content.subarray(4 + length);
  } catch {
    index = {};
  }
  /** Everything to keep: reused entries as they were, new scripts to serialise at exit. */
  const keep = new Map<string, { hash: string; data?: Buffer; script?: vm.Script }>();
  let changed = false;
  const marker = `${sep}node_modules${sep}`;
  const original = nodeModule.prototype._compile;

  nodeModule.prototype._compile = function compile(this: NodeModule, content: string, filename: string) {
    if (!filename.includes(marker) || !filename.endsWith('.js') && !filename.endsWith('.cjs') || content.startsWith('#!') || content.includes('import(')) {
      return original.call(this, content, filename);
    }
    const hash = createHash('sha1').update(content).digest('base64');
    const known = index[filename];
    const cached = known && known.hash === hash && known.offset + known.length <= blob.length ? blob.subarray(known.offset, known.offset + known.length) : undefined;
    let script: vm.Script;
    try {
      script = new vm.Script(nodeModule.wrap(content), { filename, cachedData: cached });
    } catch {
      // Not CommonJS after all (an ES module that `require` loads on newer Node): Node knows what to do.
      return original.call(this, content, filename);
    }
    if (cached && !script.cachedDataRejected) keep.set(filename, { hash, data: cached });
    else {
      keep.set(filename, { hash, script });
      changed = true;
    }
    const mod = this;
    const require = Object.assign((id: string) => mod.require(id), {
      resolve: Object.assign((request: string, options?: unknown) => nodeModule._resolveFilename(request, mod, false, options), {
        paths: (request: string) => nodeModule._resolveLookupPaths(request, mod),
      }),
      main: process.mainModule,
      extensions: nodeModule._extensions,
      cache: nodeModule._cache,
    });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(mod.exports, mod.exports, require, mod, filename, dirname(filename));
  };

  save = () => {
    if (!changed) return;
    changed = false;
    try {
      const parts: Buffer[] = [];
      const next: Record<string, Entry> = {};
      let offset = 0;
      for (const [filename, entry] of keep) {
        const data = entry.data ?? entry.script!.createCachedData();
        next[filename] = { hash: entry.hash, offset, length: data.length };
        parts.push(data);
        offset += data.length;
      }
      mkdirSync(folder, { recursive: true });
      const header = Buffer.from(JSON.stringify(next), 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(header.length, 0);
      const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
      writeFileSync(temporary, Buffer.concat([length, header, ...parts]));
      renameSync(temporary, file);
    } catch {
      // No cache this time.
    }
  };
  process.once('exit', save);
}

let save: (() => void) | undefined;

/**
 * Writes the cache now if anything new was compiled (otherwise at exit). Worker threads call it
 * after their first task: a terminated worker never sees its 'exit' event.
 */
export function flushCompileCache(): void {
  save?.();
}
