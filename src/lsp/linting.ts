/**
 * One lint of one description as the language server runs it: the editor's unsaved text in
 * place of the files on disk, then the project's configuration and baseline applied exactly as
 * `vottur lint` applies them (rule levels and overrides, inline suppressions, the baseline named
 * by the configuration). Findings keep the CLI's shape; the server turns them into diagnostics.
 */
import { lstatSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CouldNotRunError } from '../errors.js';
import { DEFAULT_BASELINE_FILE } from '../paths.js';
import type { Finding, Report } from '../report/finding.js';
import type { DocumentSettings } from '../lint/files.js';
import type { DataExtension } from '../lint/data-ruleset.js';
import { lintLoadedDescription } from '../lint/files.js';
import { isRemote, loadDescription } from '../lint/load.js';
import { platformRulesetLinter, type Linter } from '../lint/lint.js';
import { applyConfig, ConfigResolver, findConfigFile, type LoadedConfig } from '../config/index.js';
import { applyBaseline, readBaseline } from '../baseline/index.js';

export interface LintRequest {
  /** The description's root file, absolute. */
  root: string;
  /** Texts the editor holds (unsaved changes included), by absolute path; other files are read from disk. */
  texts: ReadonlyMap<string, string>;
  /** A baseline file named by the editor's settings, used when the configuration names none. */
  baseline?: string;
  /** Skip configuration files (the editor's `vottur.useConfig: false`). */
  noConfig?: boolean;
  /**
   * The client said the workspace is trusted: its configuration's rulesets load as on the command
   * line without a policy. Otherwise (the default) they go through the gate's loader, as data only.
   */
  trusted?: boolean;
  /** The linter (the server's incremental one, which keeps each description's previous version); the platform ruleset's otherwise. */
  linter?: Linter;
}

export interface LintOutcome {
  root: string;
  /** The folder paths in findings are relative to. */
  cwd: string;
  /** Every local file the description was built from, absolute. */
  files: string[];
  /** Findings with `document` made absolute. */
  findings: Finding[];
  /** The configuration that applied, if any. */
  config?: LoadedConfig;
  /** The baseline file applied (absolute), if any. */
  baseline?: string;
  /** Why the description could not be linted (a syntax error, an unreadable configuration...). */
  failure?: { message: string; line?: number; column?: number; file?: string };
}

/**
 * The folder a run is "from": the configuration's folder when there is one (so its relative
 * paths, overrides and baseline mean what they mean on the command line run from there), else
 * the description's.
 */
export function runFolder(root: string, noConfig?: boolean): { cwd: string; configFile?: string } {
  const configFile = noConfig ? undefined : findConfigFile(dirname(root));
  return { cwd: configFile ? dirname(configFile) : dirname(root), ...(configFile ? { configFile } : {}) };
}

export async function lintDescriptionText(request: LintRequest): Promise<LintOutcome> {
  const { cwd, configFile } = runFolder(request.root, request.noConfig);
  const outcome: LintOutcome = { root: request.root, cwd, files: [request.root], findings: [] };
  try {
    const resolver = new ConfigResolver({ cwd, noConfig: request.noConfig ?? false });
    const config = configFile ? await resolver.forDocument(request.root) : undefined;
    if (config) outcome.config = config;
    const loaded = await loadDescription(request.root, { texts: request.texts });
    outcome.files = [...loaded.files.keys()].filter((file) => !isRemote(file));
    const refusals: Finding[] = [];
    const settings = config
      ? await settingsOf(config, request.trusted ?? false, cwd, request.root, refusals)
      : undefined;
    let report: Report = await lintLoadedDescription(loaded, {
      cwd,
      linter: request.linter ?? (await platformRulesetLinter()),
      ...(settings ? { settings } : {}),
    });
    report = await applyConfig(report, resolver, cwd);
    const baselineName =
      config?.config.baseline ??
      request.baseline ??
      (present(resolve(cwd, DEFAULT_BASELINE_FILE)) ? DEFAULT_BASELINE_FILE : undefined);
    if (baselineName !== undefined) {
      const file = resolve(cwd, baselineName);
      if (present(file) || baselineName !== DEFAULT_BASELINE_FILE) {
        report = applyBaseline(report, await readBaseline(file, baselineName, cwd), baselineName, { cwd });
        outcome.baseline = file;
      }
    }
    outcome.findings = [...refusals, ...report.findings].map((finding) => ({
      ...finding,
      document: isRemote(finding.document) ? finding.document : resolve(cwd, finding.document),
    }));
  } catch (error) {
    if (!(error instanceof CouldNotRunError)) throw error;
    outcome.failure = failureOf(error.message);
  }
  return outcome;
}

/**
 * What a configuration adds to linting a document: its vocabulary and the rulesets it extends.
 * In a workspace the client has not said it trusts, each ruleset is read by the gate's loader
 * (src/policy/ruleset.ts) under the built-in strict policy: Spectral gets only the data it
 * built, and an entry it refuses is a `policy-extends-refused` finding on the description.
 */
async function settingsOf(
  loaded: LoadedConfig,
  trusted: boolean,
  cwd: string,
  root: string,
  refusals: Finding[],
): Promise<DocumentSettings | undefined> {
  const { vocabulary, extends: extended } = loaded.config;
  let entries = extended === undefined ? [] : typeof extended === 'string' ? [extended] : extended;
  let data: DataExtension[] | undefined;
  if (!trusted && entries.length > 0) {
    const [{ loadUnderPolicy, MAX_RULESET_RULES }, { gatePolicy, policyFinding, POLICY_EXTENDS }] = await Promise.all([
      import('../policy/ruleset.js'),
      import('../policy/index.js'),
    ]);
    const allowed: typeof entries = [];
    data = [];
    const budget = { left: MAX_RULESET_RULES };
    for (const entry of entries) {
      const load = await loadUnderPolicy(entry, loaded.file, gatePolicy(), cwd, budget);
      if (load.ok) {
        allowed.push(entry);
        data.push(load.extension);
      } else {
        const name = Array.isArray(entry) ? entry[0] : entry;
        refusals.push(
          policyFinding(
            POLICY_EXTENDS,
            `\`extends: ${name}\` in ${loaded.shown} was not loaded: ${load.why}; the workspace is not trusted, so its rulesets are loaded as data only (docs/editors.md#workspace-trust).`,
            root,
          ),
        );
      }
    }
    entries = allowed;
  }
  if (!vocabulary && entries.length === 0) return undefined;
  return {
    ...(vocabulary ? { vocabulary } : {}),
    ...(entries.length > 0 ? { extends: { configFile: loaded.file, entries, ...(data ? { data } : {}) } } : {}),
  };
}

/** A one-line reason; `file:line:column:` at its start (a syntax error, the file named from the working directory) places it. */
function failureOf(message: string): NonNullable<LintOutcome['failure']> {
  const match = /^(.+?):(\d+):(\d+): /.exec(message);
  if (!match) return { message };
  return {
    message: message.slice(match[0].length),
    file: resolve(match[1] ?? ''),
    line: Number(match[2]),
    column: Number(match[3]),
  };
}

/**
 * Whether a file is there, a symbolic link counting as there wherever it leads: following it would
 * tell a link to a missing file outside the folder from one to a present file (the reader refuses
 * both alike, src/runtime/safe-read.ts).
 */
function present(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}
