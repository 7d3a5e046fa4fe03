/**
 * An on-disk cache of V8's compiled code for the CommonJS packages a run loads (Spectral's core
 * and its dependencies: ~300 modules whose compiling is a good part of `vottur lint`'s start-up).
 * Node 22.1+ has this built in (`module.enableCompileCache()`, used when present); on older
 * Node the cache is kept here, as the `v8-compile-cache` package does, but
 *
 * - the code is serialised after the run (`script.createCachedData()`), so it includes every
 *   function the run compiled, not only the top-level code;
 * - one cache file per purpose (`name`: the CLI keeps one per command, so each holds exactly
 *   what that command loads and no run reads code it will not use), in the user's cache folder
 *   (`$XDG_CACHE_HOME/vottur/compile-cache`, else `~/.cache/vottur/compile-cache`; never a fixed
 *   path in a shared temp folder, where another user could plant code), kept `0700` and used only
 *   when the user owns it; keyed by Node's V8 version and
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
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

interface NodeModule {
  exports: unknown;
  require(id: string): unknown;
}

interface ModuleInternals {
  enableCompileCache?: (directory?: string) => unknown;
  wrap(content: string): string;
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: unknown): string[] | null;
  _extensions: unknown;
  _cache: unknown;
  prototype: { _compile: (this: NodeModule, content: string, filename: string) => unknown };
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
  const root = cacheRoot();
  if (root === undefined || !ownPrivateFolder(root)) return;
  if (typeof nodeModule.enableCompileCache === 'function') {
    nodeModule.enableCompileCache(root);
    return;
  }
  const folder = join(root, `${process.arch}-${process.versions.v8}`);
  // One file, renamed into place whole: a 4-byte index length, the JSON index, the code. One per
  // installation too (by where this module is): two checkouts or versions of vottur on one machine
  // would otherwise rewrite each other's file on every run.
  const installation = createHash('sha1')
    .update(fileURLToPath(import.meta.url))
    .digest('hex')
    .slice(0, 8);
  const file = join(folder, `${name}-${installation}.bin`);
  let index: Record<string, Entry> = {};
  let blob: Buffer = Buffer.alloc(0);
  try {
    const content = readFileSync(file);
    const length = content.readUInt32LE(0);
    index = JSON.parse(content.subarray(4, 4 + length).toString('utf8')) as Record<string, Entry>;
    blob = content.subarray(4 + length);
  } catch {
    // No cache yet, or one that cannot be read: everything compiles as usual and is cached at exit.
    index = {};
  }
  /** Everything to keep: reused entries as they were, new scripts to serialise at exit. */
  const keep = new Map<string, { hash: string; data: Buffer } | { hash: string; script: vm.Script }>();
  let changed = false;
  const marker = `${sep}node_modules${sep}`;
  const original = nodeModule.prototype._compile;

  nodeModule.prototype._compile = function compile(this: NodeModule, content: string, filename: string) {
    if (
      !filename.includes(marker) ||
      (!filename.endsWith('.js') && !filename.endsWith('.cjs')) ||
      content.startsWith('#!') ||
      content.includes('import(')
    ) {
      return original.call(this, content, filename);
    }
    const hash = createHash('sha1').update(content).digest('base64');
    const known = index[filename];
    const cached =
      known && known.hash === hash && known.offset + known.length <= blob.length
        ? blob.subarray(known.offset, known.offset + known.length)
        : undefined;
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
    const require = Object.assign((id: string) => this.require(id), {
      resolve: Object.assign(
        (request: string, options?: unknown) => nodeModule._resolveFilename(request, this, false, options),
        {
          paths: (request: string) => nodeModule._resolveLookupPaths(request, this),
        },
      ),
      main: process.mainModule,
      extensions: nodeModule._extensions,
      cache: nodeModule._cache,
    });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };

  save = () => {
    if (!changed) return;
    changed = false;
    try {
      const parts: Buffer[] = [];
      const next: Record<string, Entry> = {};
      let offset = 0;
      for (const [filename, entry] of keep) {
        const data = 'data' in entry ? entry.data : entry.script.createCachedData();
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

/** The cache's folder: `VOTTUR_COMPILE_CACHE_DIR`, else the user's cache folder (XDG), or undefined without a home. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.VOTTUR_COMPILE_CACHE_DIR) return env.VOTTUR_COMPILE_CACHE_DIR;
  // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
  const xdg = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  let home: string | undefined;
  try {
    home = homedir();
  } catch {
    // No home folder (a service account without one): no cache there.
    home = undefined;
  }
  const base = xdg ?? (process.platform === 'win32' ? env.LOCALAPPDATA : home ? join(home, '.cache') : undefined);
  return base ? join(base, 'vottur', 'compile-cache') : undefined;
}

/**
 * True when `folder` exists (made if not, `0700`), is a real folder (not a link), is owned by this
 * user and open to no one else (made so when it is ours). Otherwise the cache is not used: code
 * another user could write must never be run.
 */
export function ownPrivateFolder(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const info = lstatSync(folder);
    if (!info.isDirectory()) return false;
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) return false;
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      chmodSync(folder, 0o700);
      if ((lstatSync(folder).mode & 0o077) !== 0) return false;
    }
    return true;
  } catch {
    // Cannot be made or inspected: not a folder whose code could be trusted.
    return false;
  }
}

/**
 * Writes the cache now if anything new was compiled (otherwise at exit). Worker threads call it
 * after their first task: a terminated worker never sees its 'exit' event.
 */
export function flushCompileCache(): void {
  save?.();
}
