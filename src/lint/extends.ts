/**
 * `extends:` in vottur.config.yaml: Spectral rulesets run beside vottur's own rules, the way a
 * Spectral ruleset's own `extends` names them (`spectral:oas`, a ruleset file, an npm package,
 * `[ruleset, all | recommended | off]`). Spectral's ruleset bundler reads them, exactly as the
 * Spectral CLI does, so custom functions and nested `extends` work as they do there; Spectral's
 * core runs them. Nothing here is loaded unless a configuration extends something.
 *
 * Each entry is its own ruleset, so each finding says which entry it came from (`ruleset` on the
 * finding and the rule). Rulesets are read from the disk only: a URL is refused rather than
 * fetched (a linter in CI must not reach the network unless told to, as with `$ref`s).
 */
import { promises as fsPromises } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { CouldNotRunError } from '../errors.js';
import type { RuleMeta } from '../report/finding.js';
import type { Linter, RuleResult, RunSettings } from './engine.js';
import type { LoadedDescription } from './load.js';
import type { DataExtension } from './data-ruleset.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { insideRealFolders, realPathOf } from '../runtime/safe-read.js';

/** A Spectral ruleset as `extends:` names it: `spectral:oas`, a file, a package, or `[ruleset, all | recommended | off]`. */
export type RulesetReference = string | [string, 'all' | 'recommended' | 'off'];

/** What a document's configuration extends, and where that configuration is (relative entries start there). */
export interface ExtendsSetting {
  configFile: string;
  entries: RulesetReference[];
  /**
   * Under an operator policy: each entry as the data the policy's loader built (src/policy/ruleset.ts),
   * in the order of `entries`. Spectral is then given only this data, never a path or a package
   * name, and its own loader (which runs JavaScript) is not used. `null` only with `confine`: an
   * entry loaded by Spectral's loader, every file and package it brings inside those folders.
   */
  data?: Array<DataExtension | null>;
  /**
   * The folders whose code a trusted workspace may run (the language server's trust,
   * docs/editors.md#workspace-trust): Spectral's loader reads an entry of `data` that is `null` only
   * from them (real paths), and a package only from them or vottur's own installation.
   */
  confine?: readonly string[];
  /** Messages name the configuration relative to this folder (the run's; default: the working directory). */
  cwd?: string;
  /**
   * The run the setting is for: a linter is built once per run and configuration, never reused
   * by a later run in the same process (the language server, `--watch`, `main` called again),
   * which must see a ruleset file as it is now.
   */
  run?: string;
}

/** The name a finding gives its ruleset: the entry as the configuration wrote it. */
export function rulesetName(entry: RulesetReference): string {
  return Array.isArray(entry) ? entry[0] : entry;
}

/**
 * Spectral's ruleset bundler, named by a variable so that TypeScript does not read its type
 * declarations: they pull in the DOM's, which hide Node's own `Headers` and `fetch` types.
 */
const BUNDLER = '@stoplight/spectral-ruleset-bundler/with-loader';
type BundleAndLoad = (rulesetFile: string, io: unknown, plugins: unknown[]) => Promise<unknown>;
/** The plugins the Spectral CLI adds: Spectral's own modules shared with the host, CommonJS rulesets and packages. */
const BUNDLER_PLUGINS = [
  '@stoplight/spectral-ruleset-bundler/plugins/builtins',
  '@stoplight/spectral-ruleset-bundler/plugins/commonjs',
] as const;

const linters = new Map<string, Promise<Linter>>();
/** Linters kept for the configurations of recent runs (a run with more configurations builds the rest again). */
const MAX_CACHED_LINTERS = 64;

/** The key two documents share when their configurations extend the same rulesets from the same place. */
function key(setting: ExtendsSetting): string {
  return JSON.stringify([
    dirname(setting.configFile),
    setting.entries,
    setting.data ?? null,
    setting.confine ?? null,
    setting.cwd ?? null,
    setting.run ?? null,
  ]);
}

/** The linter for a configuration's `extends`: every entry's rules, each finding labelled with its entry. Made once per configuration. */
export function extendedLinter(setting: ExtendsSetting): Promise<Linter> {
  const id = key(setting);
  let linter = linters.get(id);
  if (!linter) {
    const { data, confine } = setting;
    linter = Promise.all(
      setting.entries.map((entry, i) => {
        const built = data?.[i];
        if (built === null && confine) return entryLinter(setting.configFile, entry, cwdOf(setting), confine);
        return data ? dataLinter(entry, built ?? undefined) : entryLinter(setting.configFile, entry, cwdOf(setting));
      }),
    ).then(combineLinters);
    // A ruleset that cannot be read fails this run, not every later one in the same process (watch mode).
    linter.catch(() => linters.delete(id));
    linters.set(id, linter);
    // The runs of a long-lived process (the language server, --watch) each add theirs: the oldest go.
    for (const old of linters.keys()) {
      if (linters.size <= MAX_CACHED_LINTERS) break;
      linters.delete(old);
    }
  }
  return linter;
}

/** One linter running several in turn; their rules listed together. */
export function combineLinters(parts: readonly Linter[]): Linter {
  const only = parts[0];
  if (parts.length === 1 && only !== undefined) return only;
  return {
    rules: parts.flatMap((part) => part.rules),
    async run(loaded: LoadedDescription, settings?: RunSettings) {
      const results: RuleResult[] = [];
      // One by one: a spread of a part's results passes each as an argument, and 150,000 findings of
      // a data-only ruleset overflowed the stack (issue 34, B10).
      for (const part of parts) for (const result of await part.run(loaded, settings)) results.push(result);
      return results;
    },
  };
}

const combined = new WeakMap<Linter, WeakMap<Linter, Linter>>();

/**
 * `base` (vottur's rules) and what a configuration extends, as one linter: the same object for the
 * same pair, so a run over many documents of one configuration reads each rule's metadata once.
 */
export async function withExtended(base: Linter, setting: ExtendsSetting | undefined): Promise<Linter> {
  if (!setting || setting.entries.length === 0) return base;
  const extended = await extendedLinter(setting);
  let byExtended = combined.get(base);
  if (!byExtended) combined.set(base, (byExtended = new WeakMap()));
  let linter = byExtended.get(extended);
  if (!linter) byExtended.set(extended, (linter = combineLinters([base, extended])));
  return linter;
}

/**
 * The rules a data extension defines itself (a `then` of its own), in any file it extends: the
 * repository's, whose work a policy bounds. A built-in ruleset's rules (`spectral:oas`), and a
 * file's severities for them, are not: their work is fixed by vottur's installation.
 */
function repositoryRules(data: DataExtension): Set<string> {
  const names = new Set<string>();
  const visit = (extension: DataExtension) => {
    if (typeof extension === 'string') return;
    const { ruleset } = extension;
    const groups = [
      ruleset.rules,
      ...((Array.isArray(ruleset.overrides) ? ruleset.overrides : []) as Array<{ rules?: unknown }>).map(
        (override) => override.rules,
      ),
    ];
    for (const rules of groups)
      for (const [name, rule] of Object.entries((rules ?? {}) as Record<string, unknown>))
        if (typeof rule === 'object' && rule !== null && 'then' in rule) names.add(name);
    for (const item of ruleset.extends ?? []) visit(Array.isArray(item) ? item[0] : item);
  };
  visit(data);
  return names;
}

/** An entry the policy's loader built: Spectral's ruleset made from that data alone. */
async function dataLinter(entry: RulesetReference, data: DataExtension | undefined): Promise<Linter> {
  // The loader never hands over an entry without its data; refusing here keeps it so.
  if (data === undefined) throw new CouldNotRunError(`\`extends: ${rulesetName(entry)}\` was not loaded by the policy`);
  const [{ materialize }, { spectralLinter, POLICY_SPECTRAL_BUDGET }] = await Promise.all([
    import('./data-ruleset.js'),
    import('./spectral.js'),
  ]);
  // The repository's rules, under a policy: each document's run within a work and time budget (o34r6 R05).
  const own = repositoryRules(data);
  const linter = spectralLinter(await materialize(data, Array.isArray(entry) ? entry[1] : 'recommended'), {
    ...POLICY_SPECTRAL_BUDGET,
    counts: (rule) => own.has(rule),
  });
  const name = rulesetName(entry);
  return {
    rules: linter.rules.map((rule) => ({ ...rule, ruleset: name })),
    run: (loaded, settings) => linter.run(loaded, settings),
  };
}

/**
 * The first file or package outside `confine` that Spectral's loader would read or require for an
 * entry (the ruleset, the rulesets it extends, its functions, the packages they name), found by
 * bundling the entry as the loader does and stopping before any of it runs; `undefined` when all
 * of it is inside (or it cannot be bundled: the load then says why). The language server's trust
 * decides by it which entries run as code (src/policy/enforce.ts).
 */
export async function codeOutside(
  configFile: string,
  entry: RulesetReference,
  confine: readonly string[],
): Promise<string | undefined> {
  if (/^https?:\/\//i.test(rulesetName(entry))) return undefined;
  const guard = trustGuard(virtualFileOf(configFile), confine, true);
  // The bundler's warnings are the load's to report.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    await bundleEntry(configFile, entry, guard);
  } catch {
    // Stopped by the guard (at a file outside, or once bundled), or an entry that cannot be
    // bundled, which its load reports.
  } finally {
    console.warn = warn;
  }
  return guard.outside;
}

/** The file, in memory only, whose one `extends` is the entry: beside the configuration, so relative paths and packages resolve from there. */
function virtualFileOf(configFile: string): string {
  return join(dirname(configFile), '.vottur-extends.json');
}

/** The folder Spectral's loader requires packages from besides the ruleset's (its own, in vottur's installation). */
const LOADER_FOLDER = dirname(createRequire(import.meta.url).resolve(BUNDLER));

/** vottur's own installed packages (the `node_modules` holding Spectral's loader): code the user installed with vottur. */
const OWN_PACKAGES = (() => {
  const real = realPathOf(LOADER_FOLDER) ?? LOADER_FOLDER;
  const at = real.lastIndexOf(`${sep}node_modules${sep}`);
  return at === -1 ? dirname(real) : real.slice(0, at + `${sep}node_modules`.length);
})();

/** Ends a bundling once it is complete, before Spectral's loader runs it. */
class Bundled extends Error {}

interface TrustGuard {
  /** The first file or package found outside the folders. */
  outside?: string;
  /** Throws when `file` is outside the folders (and records it). */
  check(file: string): void;
  /** The rollup plugin that checks every module the bundle reads and every package the bundle will require. */
  plugin: unknown;
}

/**
 * What confines Spectral's loader to the trusted folders: every file read (a ruleset, a function)
 * must be inside them with links resolved, and every package the bundle will require must resolve
 * (as the loader resolves it) inside them or into vottur's own installation. `stop`: end the
 * bundling once complete, so nothing of it runs.
 */
function trustGuard(virtualFile: string, confine: readonly string[], stop: boolean): TrustGuard {
  const guard: TrustGuard = {
    check(file) {
      if (insideRealFolders(file, confine)) return;
      guard.outside ??= realPathOf(file) ?? file;
      throw new Error(`${file} is outside the trusted folders`);
    },
    plugin: {
      name: 'vottur-trust',
      // The bundle leaves packages to be required as it runs (rollup's `external`): each is
      // resolved here as the loader will resolve it, and judged where it is.
      options(raw: { external?: unknown }) {
        const external = raw.external;
        if (typeof external !== 'function') return raw;
        return {
          ...raw,
          external: (id: string, importer: string | undefined, resolved: boolean) => {
            const outside = (external as (...args: unknown[]) => unknown)(id, importer, resolved);
            if (outside === true && !isBuiltin(id)) {
              let file: string | undefined;
              try {
                file = createRequire(virtualFile).resolve(id, { paths: [dirname(virtualFile), LOADER_FOLDER] });
              } catch {
                // Not installed: the loader's own error says so.
              }
              if (file !== undefined && !insideRealFolders(file, [OWN_PACKAGES])) guard.check(file);
            }
            return outside;
          },
        };
      },
      load(id: string) {
        if (!id.startsWith('\0') && isAbsolute(id)) guard.check(id);
        return null;
      },
      buildEnd(error?: Error) {
        if (stop && !error) throw new Bundled();
      },
    },
  };
  return guard;
}

/**
 * Spectral's loader on the entry, as the Spectral CLI loads a ruleset; with a guard, confined to
 * the trusted folders (the YAML and JSON rulesets it reads as well as the modules it bundles).
 */
async function bundleEntry(configFile: string, entry: RulesetReference, guard?: TrustGuard): Promise<unknown> {
  const virtualFile = virtualFileOf(configFile);
  const virtualText = JSON.stringify({ extends: [entry] });
  const io = {
    fs: {
      promises: {
        readFile: (file: string, encoding: BufferEncoding) => {
          if (file === virtualFile) return Promise.resolve(virtualText);
          guard?.check(file);
          return fsPromises.readFile(file, encoding);
        },
      },
    },
    fetch: (url: string) =>
      Promise.reject(
        new Error(`vottur does not fetch rulesets (${url}); download it next to the configuration and name the file`),
      ),
  };
  const [{ bundleAndLoadRuleset }, { builtins }, { commonjs }] = await Promise.all([
    import(BUNDLER) as Promise<{ bundleAndLoadRuleset: BundleAndLoad }>,
    import(BUNDLER_PLUGINS[0]) as Promise<{ builtins: () => unknown }>,
    import(BUNDLER_PLUGINS[1]) as Promise<{ commonjs: () => unknown }>,
  ]);
  // The guard first, so it sees every module before another plugin loads it.
  return bundleAndLoadRuleset(virtualFile, io, [...(guard ? [guard.plugin] : []), builtins(), commonjs()]);
}

async function entryLinter(
  configFile: string,
  entry: RulesetReference,
  cwd: string,
  confine?: readonly string[],
): Promise<Linter> {
  const name = rulesetName(entry);
  const shown = `\`extends: ${name}\` in ${relative(cwd, configFile) || configFile}`;
  if (/^https?:\/\//i.test(name))
    throw new CouldNotRunError(
      `${shown}: vottur does not fetch rulesets; download it next to the configuration and name the file`,
    );
  const { spectralLinter } = await import('./spectral.js');
  // Under trust, the same guard that chose this entry as code holds while it loads (a file swapped since).
  const guard = confine ? trustGuard(virtualFileOf(configFile), confine, false) : undefined;
  // The bundler (rollup) prints its warnings; a run says one line, so they are kept for the error.
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  let ruleset;
  try {
    ruleset = await bundleEntry(configFile, entry, guard);
  } catch (error) {
    if (guard?.outside !== undefined)
      throw new CouldNotRunError(
        `${shown} cannot be loaded: it brings ${guard.outside}, outside the trusted workspace folders; trust that folder too, or copy the ruleset into the workspace (docs/editors.md#workspace-trust)`,
      );
    const reason = describeLoadError(error);
    if (!/^[./]/.test(name) && !name.startsWith('spectral:') && /Cannot find module/.test(reason)) {
      throw new CouldNotRunError(
        `${shown} cannot be loaded: no package ${name} is installed for ${relative(cwd, dirname(configFile)) || '.'}; install it (npm install --save-dev ${name}) or name a ruleset file`,
      );
    }
    throw new CouldNotRunError(`${shown} cannot be loaded: ${reason}${warnings.length > 0 ? ` (${warnings[0]})` : ''}`);
  } finally {
    console.warn = warn;
  }
  const linter = spectralLinter(ruleset);
  const rules: RuleMeta[] = linter.rules.map((rule) => ({ ...rule, ruleset: name }));
  return { rules, run: (loaded, settings) => linter.run(loaded, settings) };
}

/** Spectral's error, with its cause (where the real reason is), on one line. */
function describeLoadError(error: unknown): string {
  const parts: string[] = [];
  for (
    let current = error as { message?: string; cause?: unknown; errors?: unknown[] } | undefined;
    current && parts.length < 4;
    current = current.cause as typeof current
  ) {
    if (current.message) parts.push(current.message);
    if (Array.isArray(current.errors) && current.errors.length > 0)
      parts.push(String((current.errors[0] as { message?: string }).message ?? current.errors[0]));
  }
  const text = parts
    .filter((part, i) => parts.indexOf(part) === i)
    .join(': ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text || 'unknown error';
}
