/**
 * Spectral's core loads, at start-up, two packages that a `vottur lint` run never calls:
 *
 * - `@stoplight/spectral-ref-resolver` (with `json-ref-resolver`, `json-ref-readers`,
 *   `node-fetch`, `urijs`): Spectral's default `$ref` resolver, used only when no resolver is
 *   given; vottur always gives its own;
 * - `es-aggregate-error` (with ~200 small modules of `es-abstract`): a polyfill of the
 *   `AggregateError` that Node has built in, used only to throw ruleset validation errors.
 *
 * Together they are ~200 module files to read and compile on every run (~30–60 ms on the
 * benchmark machine). `deferSpectralModules()` puts a stand-in for each in Node's module cache
 * that loads the real package the first time anything is actually used from it, so nothing
 * changes if it ever is. Only the CLI and the lint workers call this, before Spectral loads; the
 * library does not touch other programs' module cache.
 */
import Module, { createRequire } from 'node:module';

type Loader = () => unknown;

interface CjsModule {
  exports: unknown;
  loaded: boolean;
  filename: string;
}

const cache = (Module as unknown as { _cache: Record<string, CjsModule> })._cache;

/** A stand-in object whose every property comes from the real module, loaded on first use. */
function lazyNamespace(load: Loader): object {
  const real = () => load() as Record<PropertyKey, unknown>;
  return new Proxy(
    {},
    {
      get: (_target, key) => real()[key],
      has: (_target, key) => key in real(),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_target, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
        return descriptor ? { ...descriptor, configurable: true } : undefined;
      },
    },
  );
}

/** A stand-in constructor: `new` it and the real one builds the object. */
function lazyConstructor(load: Loader, name: string): object {
  const stand = {
    [name]: function (this: unknown, ...args: unknown[]) {
      const Real = load() as new (...args: unknown[]) => unknown;
      return new Real(...args);
    },
  }[name]!;
  return stand;
}

function defer(from: NodeRequire, specifier: string, make: (load: Loader) => object): void {
  let file: string;
  try {
    file = from.resolve(specifier);
  } catch {
    return; // Not installed where expected: nothing to defer.
  }
  if (cache[file]) return; // Already loaded: nothing to save.
  const stand: CjsModule = { exports: undefined, loaded: true, filename: file };
  let real: unknown;
  let loaded = false;
  const load = () => {
    if (!loaded) {
      loaded = true;
      if (cache[file] === stand) delete cache[file];
      real = from(file);
    }
    return real;
  };
  stand.exports = make(load);
  cache[file] = stand;
}

let done = false;

export function deferSpectralModules(): void {
  if (done) return;
  done = true;
  let core: NodeRequire;
  try {
    core = createRequire(createRequire(import.meta.url).resolve('@stoplight/spectral-core'));
  } catch {
    return;
  }
  defer(core, '@stoplight/spectral-ref-resolver', lazyNamespace);
  defer(core, 'es-aggregate-error', (load) => lazyConstructor(load, 'AggregateError'));
}
