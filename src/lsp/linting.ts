/**
 * One lint of one description as the language server runs it: the editor's unsaved text in
 * place of the files on disk, then settled by the run's one `settle` (src/run/settle.ts), as
 * `vottur lint` run from the configuration's folder settles it: rule levels and overrides, inline
 * suppressions, the baseline the configuration names. Findings keep the CLI's shape; the server
 * turns them into diagnostics.
 */
import { lstatSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CouldNotRunError, errorMessage, LimitError } from '../errors.js';
import { DEFAULT_BASELINE_FILE } from '../paths.js';
import { READ_LIMIT_RULE, type Finding, type Report } from '../report/finding.js';
import { lintLoadedDescription } from '../lint/files.js';
import { isRemote, loadDescription } from '../lint/load.js';
import { platformRulesetLinter, type Linter } from '../lint/lint.js';
import { findConfigFile, type LoadedConfig } from '../config/index.js';
import { gatePolicy } from '../policy/index.js';
import { gateRunFor, settle } from '../run/settle.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { insideRealFolders } from '../runtime/safe-read.js';

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
   * The workspace folders the client said it trusts (`initializationOptions.trustedWorkspace`,
   * with its `workspaceFolders`/`rootUri`). A description inside one of them, whose configuration
   * is inside one too, loads its rulesets as on the command line without a policy. Anything else
   * (the default: none) goes through the gate's loader, as data only: trust in one folder is not
   * trust in a document the editor opens from another (issue 34, B2).
   */
  trustedFolders?: readonly string[];
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
  /**
   * Why the description could not be linted (a syntax error, an unreadable configuration...);
   * `rule`: the run's own rule it is shown under (`vottur-read-limit` for a bound the description
   * reached; `vottur-unreadable` otherwise).
   */
  failure?: { message: string; line?: number; column?: number; file?: string; rule?: string };
}

/**
 * The folder a run is "from": the configuration's folder when there is one (so its relative
 * paths, overrides and baseline mean what they mean on the command line run from there), else
 * the description's.
 */
export function runFolder(root: string, noConfig?: boolean): { cwd: string; configFile?: string } {
  const configFile = noConfig ? undefined : findConfigFile(dirname(root), cwdOf({}));
  return { cwd: configFile ? dirname(configFile) : dirname(root), ...(configFile ? { configFile } : {}) };
}

/** Why a configuration's rulesets are read as data only in a workspace the client has not said it trusts. */
const UNTRUSTED =
  'the workspace is not trusted, so its rulesets are loaded as data only (docs/editors.md#workspace-trust)';

/**
 * Why, in a trusted workspace, a document or its configuration outside the folders trusted at
 * start-up is read as data only: a folder added later included, which the user can trust only by
 * restarting the server with it.
 */
const OUTSIDE_TRUSTED =
  'this document or its configuration is outside the workspace folders trusted at start-up, so it is not trusted and its rulesets are loaded as data only; a folder added to the workspace later is trusted once the language server restarts with it (docs/editors.md#workspace-trust)';

export async function lintDescriptionText(request: LintRequest): Promise<LintOutcome> {
  const { cwd, configFile } = runFolder(request.root, request.noConfig);
  const folders = request.trustedFolders ?? [];
  // The document and the configuration that applies to it must both be inside a trusted folder:
  // a configuration found above the folder is the parent's, not the workspace's.
  const trusted =
    folders.length > 0 &&
    insideRealFolders(request.root, folders) &&
    (configFile === undefined || insideRealFolders(configFile, folders));
  const outcome: LintOutcome = { root: request.root, cwd, files: [request.root], findings: [] };
  try {
    // The editor's environment names no operator policy: an editor is not a gate.
    const io = { cwd, env: {}, stderr: () => undefined };
    const run = await gateRunFor(
      request.noConfig ? { config: false } : {},
      io,
      // Trusted, the folders' own code runs and anything outside them is still read as data only.
      {
        policy: gatePolicy(),
        why: folders.length > 0 ? OUTSIDE_TRUSTED : UNTRUSTED,
        ...(trusted ? { trustedFolders: folders } : {}),
      },
    );
    const config = await run.configFor(request.root);
    if (config) outcome.config = config;
    const loaded = await loadDescription(request.root, { texts: request.texts });
    outcome.files = [...loaded.files.keys()].filter((file) => !isRemote(file));
    const settings = await run.settingsFor(request.root);
    const report: Report = await lintLoadedDescription(loaded, {
      cwd,
      linter: request.linter ?? (await platformRulesetLinter()),
      ...(settings ? { settings } : {}),
    });
    // The editor's setting, else vottur-baseline.json when it is there: used when the configuration names none.
    const fallback =
      request.baseline ?? (present(resolve(cwd, DEFAULT_BASELINE_FILE)) ? DEFAULT_BASELINE_FILE : undefined);
    const settled = await settle(
      report,
      run,
      { ...(fallback !== undefined ? { fallbackBaseline: fallback } : {}), absentIsEmpty: true },
      io,
    );
    const baseline = settled.configuration.baseline;
    if (baseline) outcome.baseline = resolve(cwd, baseline.file);
    outcome.findings = settled.findings.map((finding) => ({
      ...finding,
      document: isRemote(finding.document) ? finding.document : resolve(cwd, finding.document),
    }));
  } catch (error) {
    // Any failure is a diagnostic on the document, never only a log line: an editor showing no
    // diagnostics shows a clean file (issue 34, B14: a failure not of the "could not run" kind
    // published nothing).
    outcome.failure =
      error instanceof LimitError
        ? { ...failureOf(error.message), rule: READ_LIMIT_RULE }
        : error instanceof CouldNotRunError
          ? failureOf(error.message)
          : {
              message: `vottur could not lint this document: ${errorMessage(error)} (vottur's defect: please report it)`,
            };
  }
  return outcome;
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
