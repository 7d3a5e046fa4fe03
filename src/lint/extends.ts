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
import { dirname, join, relative } from 'node:path';
import { CouldNotRunError } from '../errors.js';
import type { RuleMeta } from '../report/finding.js';
import type { Linter, RuleResult, RunSettings } from './engine.js';
import type { LoadedDescription } from './load.js';
import type { DataExtension } from './data-ruleset.js';
import { cwdOf } from '../runtime/process-defaults.js';

/** A Spectral ruleset as `extends:` names it: `spectral:oas`, a file, a package, or `[ruleset, all | recommended | off]`. */
export type RulesetReference = string | [string, 'all' | 'recommended' | 'off'];

/** What a document's configuration extends, and where that configuration is (relative entries start there). */
export interface ExtendsSetting {
  configFile: string;
  entries: RulesetReference[];
  /**
   * Under an operator policy: each entry as the data the policy's loader built (src/policy/ruleset.ts),
   * in the order of `entries`. Spectral is then given only this data, never a path or a package
   * name, and its own loader (which runs JavaScript) is not used.
   */
  data?: DataExtension[];
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
    setting.cwd ?? null,
    setting.run ?? null,
  ]);
}

/** The linter for a configuration's `extends`: every entry's rules, each finding labelled with its entry. Made once per configuration. */
export function extendedLinter(setting: ExtendsSetting): Promise<Linter> {
  const id = key(setting);
  let linter = linters.get(id);
  if (!linter) {
    const { data } = setting;
    linter = Promise.all(
      setting.entries.map((entry, i) => {
        const built = data?.[i];
        return data ? dataLinter(entry, built) : entryLinter(setting.configFile, entry, cwdOf(setting));
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

async function entryLinter(configFile: string, entry: RulesetReference, cwd: string): Promise<Linter> {
  const name = rulesetName(entry);
  const shown = `\`extends: ${name}\` in ${relative(cwd, configFile) || configFile}`;
  if (/^https?:\/\//i.test(name))
    throw new CouldNotRunError(
      `${shown}: vottur does not fetch rulesets; download it next to the configuration and name the file`,
    );
  // The entry as the only `extends` of a ruleset that lives (in memory only) beside the
  // configuration, so relative paths and packages resolve from there as Spectral resolves them.
  const virtualFile = join(dirname(configFile), '.vottur-extends.json');
  const virtualText = JSON.stringify({ extends: [entry] });
  const io = {
    fs: {
      promises: {
        readFile: (file: string, encoding: BufferEncoding) =>
          file === virtualFile ? Promise.resolve(virtualText) : fsPromises.readFile(file, encoding),
      },
    },
    fetch: (url: string) =>
      Promise.reject(
        new Error(`vottur does not fetch rulesets (${url}); download it next to the configuration and name the file`),
      ),
  };
  const [{ bundleAndLoadRuleset }, { builtins }, { commonjs }, { spectralLinter }] = await Promise.all([
    import(BUNDLER) as Promise<{ bundleAndLoadRuleset: BundleAndLoad }>,
    import(BUNDLER_PLUGINS[0]) as Promise<{ builtins: () => unknown }>,
    import(BUNDLER_PLUGINS[1]) as Promise<{ commonjs: () => unknown }>,
    import('./spectral.js'),
  ]);
  // The bundler (rollup) prints its warnings; a run says one line, so they are kept for the error.
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  let ruleset;
  try {
    ruleset = await bundleAndLoadRuleset(virtualFile, io, [builtins(), commonjs()]);
  } catch (error) {
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
