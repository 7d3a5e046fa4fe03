/**
 * `vottur.config.yaml` (also `.yml`, `.json`): how a team tunes the gate for its descriptions —
 * a rule off or at another severity, overrides for some files or for a part of a description
 * (`legacy/*.yaml`, `api.yaml#/paths/~1v1~1orders`), the baseline to use, and the contract
 * settings a pipeline would otherwise repeat (secrets only by the name of an environment
 * variable). Found from each document's folder upward to the repository root; validated against
 * `assets/config.schema.json`, the schema editors complete from.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CouldNotRunError } from '../errors.js';
import { linearGlobMatcher } from '../runtime/glob.js';
import {
  isInside,
  namedFileRoot,
  parseErrorWithoutContent,
  readNamedFile,
  repositoryRoot,
} from '../runtime/safe-read.js';
import { packageFile } from '../paths.js';
import type { Severity } from '../report/finding.js';
import type { ValidateFunction } from 'ajv';
import type { VocabularyAdditions } from '../../rulesets/lib/vocabulary.js';
import { decodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { isArray, isObject } from '../../rulesets/lib/openapi/types.js';

export { CONFIG_FILE_NAMES } from '../paths.js';
import { CONFIG_FILE_NAMES } from '../paths.js';
export const CONFIG_SCHEMA_FILE = 'assets/config.schema.json';

export type RuleLevel = Severity | 'off';

export interface ContractSettings {
  server?: string;
  tokenUrl?: string;
  clientId?: string;
  /** The environment variable holding the client secret (never the secret itself). */
  clientSecretEnv?: string;
  /** The environment variable holding a bearer token. */
  bearerEnv?: string;
  scope?: string;
  xroadClient?: string;
  data?: string;
  timeout?: number;
  concurrency?: number;
  maxResponseTime?: number;
  rate?: number;
  /** Seconds the fuzz phase generates for (--budget). */
  budget?: number;
  /** The client certificate and private CA (`--cert`, `--key`, `--ca`), paths relative to the working directory. */
  tls?: ContractTlsSettings;
}

export interface ContractTlsSettings {
  cert?: string;
  key?: string;
  ca?: string | string[];
  /** The environment variable holding the passphrase of the key or PKCS#12 file (never the passphrase itself). */
  passphraseEnv?: string;
}

/** A Spectral ruleset to run beside vottur's, as Spectral's `extends` names one. */
export type { RulesetReference } from '../lint/extends.js';
import type { RulesetReference } from '../lint/extends.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { parseYamlData } from '../runtime/yaml-lines.js';

export interface VotturConfig {
  rules?: Record<string, RuleLevel>;
  extends?: string | RulesetReference[];
  vocabulary?: VocabularyAdditions;
  overrides?: Array<{ files: string[]; rules: Record<string, RuleLevel> }>;
  baseline?: string;
  contract?: ContractSettings;
}

export interface LoadedConfig {
  /** The file, absolute. */
  file: string;
  /** How messages name it (relative to the working directory). */
  shown: string;
  config: VotturConfig;
}

let validator: ValidateFunction | undefined;

async function validate(data: unknown): Promise<ValidateFunction['errors']> {
  if (!validator) {
    const { Ajv } = await import('ajv');
    const schema = JSON.parse(readFileSync(packageFile(CONFIG_SCHEMA_FILE), 'utf8')) as object;
    validator = new Ajv({ allErrors: false, strict: false }).compile(schema);
  }
  const compiled = validator;
  return compiled(data) ? null : compiled.errors;
}

/** `rules.platform-x` rather than `/rules/platform-x`: the key as the user wrote it. */
function keyPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** The value at an ajv instance path (`/rules/platform-pagination`), for messages. */
function valueAt(data: unknown, instancePath: string): unknown {
  let node = data;
  for (const key of decodePointer(instancePath))
    node = isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  return node;
}

/** Reads and validates one configuration file; a problem is one line naming the key and the file. */
export async function readConfig(file: string, cwd: string, root = namedFileRoot(cwd)): Promise<LoadedConfig> {
  const shown = relative(cwd, file) || file;
  // A regular file inside the repository, of bounded size, read with a deadline (src/runtime/safe-read.ts).
  const text = await readNamedFile(file, { what: 'the configuration', shown, root });
  let data: unknown;
  try {
    data = file.endsWith('.json') ? JSON.parse(text) : await parseYamlData(text);
  } catch (error) {
    // Where, and the parser's wording when it quotes nothing: never the file's text.
    throw new CouldNotRunError(
      `${shown} is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${parseErrorWithoutContent(error)}`,
    );
  }
  if (data === null || data === undefined) data = {};
  const error = (await validate(data))?.[0];
  if (error) {
    const at = keyPath(error.instancePath);
    if (error.keyword === 'additionalProperties') {
      const key = String(error.params.additionalProperty);
      throw new CouldNotRunError(
        `${shown}: \`${at ? `${at}.` : ''}${key}\` is not a configuration key vottur knows (see ${CONFIG_SCHEMA_FILE} and docs/config.md)`,
      );
    }
    if (
      error.keyword === 'propertyNames' ||
      (error.keyword === 'enum' && /^\/(rules|overrides\/\d+\/rules)$/.test(error.instancePath))
    ) {
      const name = String((error as { propertyName?: string }).propertyName ?? error.params.propertyName ?? '');
      throw new CouldNotRunError(`${shown}: \`${at}.${name}\` is not a rule vottur knows; \`vottur rules\` lists them`);
    }
    if (/Env$/.test(at) || error.keyword === 'not') {
      throw new CouldNotRunError(
        `${shown}: \`${at}\` ${error.message}; give secrets only as the name of an environment variable (e.g. clientSecretEnv: VOTTUR_CLIENT_SECRET)`,
      );
    }
    if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
      throw new CouldNotRunError(
        `${shown}: \`${at || '(top level)'}\` is ${JSON.stringify(valueAt(data, error.instancePath))}; write one of ${error.params.allowedValues.map((value: unknown) => String(value)).join(', ')}`,
      );
    }
    throw new CouldNotRunError(`${shown}: \`${at || '(top level)'}\` ${error.message}`);
  }
  const config = data as VotturConfig;
  // An entry given twice is one ruleset: loaded and run once, its findings not repeated (o34r10 B7).
  if (Array.isArray(config.extends)) {
    const seen = new Set<string>();
    config.extends = config.extends.filter((entry) => {
      const key = JSON.stringify(entry);
      return !seen.has(key) && Boolean(seen.add(key));
    });
  }
  // A JSON pointer after `#` starts with `/` (`api.yaml#/paths/~1v1~1users`): one that does not would match nothing, silently.
  for (const [index, override] of (config.overrides ?? []).entries()) {
    for (const entry of override.files ?? []) {
      const hash = entry.indexOf('#');
      const pointer = hash === -1 ? undefined : entry.slice(hash + 1);
      if (pointer !== undefined && pointer !== '' && !pointer.startsWith('/')) {
        throw new CouldNotRunError(
          `${shown}: \`overrides.${index}.files\` has ${JSON.stringify(entry)}, whose part after # is not a JSON pointer; write it from the root, starting with /: ${JSON.stringify(`${entry.slice(0, hash)}#/${pointer}`)}`,
        );
      }
    }
  }
  return { file, shown, config };
}

/**
 * The folder configuration discovery for a document in `startFolder` stops at: its repository's
 * root; without a repository, the working folder when the document is inside it, else the
 * document's own folder. Never above: a `vottur.config.yaml` in `/tmp` or a home folder is not
 * the repository's.
 */
export function discoveryRoot(startFolder: string, cwd: string): string {
  const folder = resolve(startFolder);
  return repositoryRoot(folder) ?? (isInside(folder, resolve(cwd)) ? resolve(cwd) : folder);
}

/** The configuration file for a document: the nearest up from its folder, stopping at `discoveryRoot`. */
export function findConfigFile(startFolder: string, cwd: string): string | undefined {
  const root = discoveryRoot(startFolder, cwd);
  let folder = resolve(startFolder);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(folder, name);
      // A symbolic link counts as there, wherever it leads: following it here would make a link to
      // an absent file outside the repository "no configuration" and one to a present file a
      // refusal, telling which files outside exist. The reader refuses every link that leads out.
      if (lstatSync(candidate, { throwIfNoEntry: false })) return candidate;
    }
    const parent = dirname(folder);
    if (folder === root || parent === folder) return undefined;
    folder = parent;
  }
}

export interface ConfigOptions {
  /** `--config <file>`: this file for every document. */
  config?: string;
  /** `--no-config`: no file at all. */
  noConfig?: boolean;
  cwd?: string;
  /**
   * A folder of hostile data (a catalogue harvest: what security servers sent): no configuration
   * is ever read from inside it. A document inside it takes the operator's configuration, found
   * from the working folder (or, when that is inside it, from the folder above it) upward.
   */
  untrustedFolder?: string;
}

/** Resolves the configuration of each document, reading each file once. */
export class ConfigResolver {
  private readonly cwd: string;
  private readonly cache = new Map<string, Promise<LoadedConfig | undefined>>();
  /** The configuration file found for each folder: findings are many, folders few. */
  private readonly found = new Map<string, string | undefined>();
  constructor(private readonly options: ConfigOptions = {}) {
    this.cwd = cwdOf(options);
    if (options.untrustedFolder !== undefined)
      this.options = { ...options, untrustedFolder: resolve(this.cwd, options.untrustedFolder) };
  }

  /** Where the operator's configuration is looked for: the working folder, or above the hostile folder that holds it. */
  private operatorFolder(): string {
    const untrusted = this.options.untrustedFolder;
    return untrusted !== undefined && isInside(this.cwd, untrusted) ? dirname(untrusted) : this.cwd;
  }

  /** The configuration for a document path (as findings name it, relative to the working directory). */
  async forDocument(document: string): Promise<LoadedConfig | undefined> {
    if (this.options.noConfig) return undefined;
    // A URL, standard input or a named service (`xroad://…`, vottur catalogue) has no folder: the working directory's configuration.
    const untrusted = this.options.untrustedFolder;
    const folder =
      /^[a-z][a-z0-9+.-]*:\/\//i.test(document) || /^https?:/.test(document) || document === '-'
        ? this.operatorFolder()
        : untrusted !== undefined && isInside(resolve(this.cwd, document), untrusted)
          ? this.operatorFolder()
          : dirname(resolve(this.cwd, document));
    if (this.options.config === undefined && !this.found.has(folder)) {
      const found = findConfigFile(folder, this.cwd);
      // Never a file inside the hostile folder, however discovery came to it.
      this.found.set(
        folder,
        found !== undefined && untrusted !== undefined && isInside(found, untrusted) ? undefined : found,
      );
    }
    const file = this.options.config !== undefined ? resolve(this.cwd, this.options.config) : this.found.get(folder);
    if (file === undefined) return undefined;
    let loaded = this.cache.get(file);
    // `--config` is inside the working folder's repository; a file found is inside the root its discovery stopped at.
    const root = this.options.config !== undefined ? namedFileRoot(this.cwd) : discoveryRoot(folder, this.cwd);
    if (!loaded) this.cache.set(file, (loaded = readConfig(file, this.cwd, root)));
    return loaded;
  }
}

/** Compiled globs of overrides: a run asks about every finding, and the globs are few. */
const matchers = new Map<string, (path: string) => boolean>();
/**
 * picomatch (with RE2, in linear time: src/runtime/glob.ts) and the YAML parser are loaded only
 * for a configuration that needs them: most runs have none, and loading both was ~10 ms of every
 * `vottur lint`'s start-up.
 */
function globMatcher(glob: string, where: string): (path: string) => boolean {
  let matcher = matchers.get(glob);
  if (!matcher) matchers.set(glob, (matcher = linearGlobMatcher(glob, where)));
  return matcher;
}

/** The level a configuration gives a rule for a finding in `document` (relative to cwd) at `pointer`. */
export function levelFor(
  loaded: LoadedConfig,
  rule: string,
  document: string,
  pointer: string,
  cwd: string,
): RuleLevel | undefined {
  let level = loaded.config.rules?.[rule];
  const folder = dirname(loaded.file);
  // A document named by a URL (`xroad://IS/GOV/…/service-v1`) is matched as written.
  const fromConfig = /^[a-z][a-z0-9+.-]*:\/\//i.test(document)
    ? document
    : relative(folder, isAbsolute(document) ? document : resolve(cwd, document))
        .split(sep)
        .join('/');
  for (const override of loaded.config.overrides ?? []) {
    if (override.rules[rule] === undefined) continue;
    const applies = override.files.some((entry) => {
      const hash = entry.indexOf('#');
      const glob = hash < 0 ? entry : entry.slice(0, hash);
      const at = hash < 0 ? undefined : entry.slice(hash + 1);
      if (!globMatcher(glob, `${loaded.shown}: overrides`)(fromConfig)) return false;
      return at === undefined || at === '' || pointer === at || pointer.startsWith(`${at}/`);
    });
    if (applies) level = override.rules[rule];
  }
  return level;
}
