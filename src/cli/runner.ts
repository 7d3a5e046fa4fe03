/**
 * The one way a command ends: render the report to every `--format`/`--output` target, say why the
 * gate failed when it did, and return the exit code. Every command (`lint`, `test`, `check`,
 * `report`, `diff`) ends here, so colour, quiet, PII masking and the gate follow one rule.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CouldNotRunError, EXIT_COULD_NOT_RUN, errorCode, errorLine, errorMessage } from '../errors.js';
import { UNREADABLE_RULE, type Report, type Severity } from '../report/finding.js';
import type { DocumentSettings } from '../lint/files.js';
import type { GateRun } from '../policy/enforce.js';
import { gateExit } from '../report/gate.js';
import { outputTargets, verdictLine, writeReports, type OutputState, type OutputTarget } from './output.js';

/** Where a command writes; tests pass their own. */
export interface CliIo {
  /** Paths in reports are shown relative to this folder (default: the working directory). */
  cwd?: string;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  /** Colour on standard output; default: see `colorWanted`. */
  color?: boolean;
}

/** What every command's options say about its report and its gate. */
export interface FinishOptions {
  showPii?: boolean;
  quiet?: boolean;
  failSeverity?: Severity;
  minScore?: number;
  minCoverage?: number;
}

/**
 * Colour on standard output: with `FORCE_COLOR` set and not empty, `0` or `false`, always (a CI log
 * that shows colours is not a terminal; Node gives it precedence over `NO_COLOR`); otherwise when
 * it is a terminal and `NO_COLOR` is unset or empty (no-color.org: "when present and not an empty
 * string"); never when a test captures the output.
 */
export function colorWanted(io: CliIo = {}): boolean {
  if (io.color !== undefined) return io.color;
  if (io.stdout !== undefined) return false;
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
}

export function stdoutOf(io: CliIo): (text: string) => void {
  return io.stdout ?? ((text) => void process.stdout.write(text));
}

export function stderrOf(io: CliIo): (text: string) => void {
  return io.stderr ?? ((text) => void process.stderr.write(text));
}

/**
 * The targets the command line named, read once: the state is emptied so a program parsed again (a
 * test, a watch loop) starts from none. Call it before the run, so a bad `--output` is refused
 * before any work is done.
 */
export function takeOutputTargets(state: OutputState): OutputTarget[] {
  try {
    return outputTargets(state);
  } finally {
    state.targets = [];
    delete state.maxProblems;
  }
}

/** Writes the report to every target and returns the exit code (0, or 1 when the gate fails). */
export async function finishRun(
  report: Report,
  targets: readonly OutputTarget[],
  options: FinishOptions,
  io: CliIo = {},
): Promise<number> {
  await writeReports(report, [...targets], {
    cwd: io.cwd ?? process.cwd(),
    showPii: Boolean(options.showPii),
    quiet: Boolean(options.quiet),
    color: colorWanted(io),
    stdout: stdoutOf(io),
  });
  const exit = gateExit(
    report,
    { failSeverity: options.failSeverity ?? 'error', minScore: options.minScore, minCoverage: options.minCoverage },
    stderrOf(io),
  );
  // Every format went to a file: standard output is empty, so one line says how the run ended.
  if (targets.length > 0 && targets.every((target) => target.output !== undefined))
    stderrOf(io)(`${errorLine(verdictLine(report, exit, targets))}\n`);
  // Documents that could not be read: every other report is written, then one line each and exit 2.
  const unreadable = report.findings.filter((finding) => finding.ruleId === UNREADABLE_RULE);
  for (const finding of unreadable) stderrOf(io)(`${errorLine(finding.message)}\n`);
  return unreadable.length > 0 ? EXIT_COULD_NOT_RUN : exit;
}

/**
 * `--baseline`, `--update-baseline`, `--prune-baseline`: the report with each finding marked new or
 * unchanged, after writing the baseline file when asked. A note on standard error says what was
 * written. With a run's record (`run`), the baseline is listed in the report, and under a policy a
 * baseline the repository names holds back only what the policy allows.
 */
export async function withBaseline(
  report: Report,
  options: { baseline?: string; updateBaseline?: boolean; pruneBaseline?: boolean },
  io: CliIo = {},
  run?: GateRun,
  given: 'command line' | 'configuration' = 'command line',
): Promise<Report> {
  if (!options.baseline && !options.updateBaseline && !options.pruneBaseline) return report;
  const {
    applyBaseline,
    baselineExists,
    baselineFor,
    DEFAULT_BASELINE_FILE,
    pruneBaseline,
    readBaseline,
    serializeBaseline,
  } = await import('../baseline/index.js');
  const cwd = io.cwd ?? process.cwd();
  const file = options.baseline ?? DEFAULT_BASELINE_FILE;
  const path = resolve(cwd, file);
  // Read and written only inside the repository (or the working folder): src/runtime/safe-read.ts.
  const { assertWritableInside, namedFileRoot } = await import('../runtime/safe-read.js');
  const root = namedFileRoot(cwd);
  if (options.updateBaseline) {
    const previous = baselineExists(file, cwd) ? await readBaseline(path, file, root) : undefined;
    const written = baselineFor(report, file, previous, { cwd });
    assertWritableInside(path, { what: 'the baseline', shown: file, root });
    writeFileAtomically(path, serializeBaseline(written), file);
    stderrOf(io)(
      `${errorLine(`wrote ${file}: ${written.entries.length} entr${written.entries.length === 1 ? 'y' : 'ies'}`)}\n`,
    );
    return applyBaseline(report, written, file, { cwd });
  }
  const baseline = await readBaseline(path, file, root);
  run?.recordFile(path, 'baseline');
  const judge = run?.baselineJudge(file, given);
  const applied = applyBaseline(report, baseline, file, { cwd, ...(judge ?? {}) });
  if (options.pruneBaseline) {
    const summary = applied.baseline;
    if (!summary) throw new Error('applying the baseline gave a report without its baseline summary');
    const pruned = pruneBaseline(baseline, summary.absent);
    assertWritableInside(path, { what: 'the baseline', shown: file, root });
    writeFileAtomically(path, serializeBaseline(pruned), file);
    stderrOf(io)(
      `${errorLine(`pruned ${file}: ${baseline.entries.length - pruned.entries.length} entr${baseline.entries.length - pruned.entries.length === 1 ? 'y' : 'ies'} removed, ${pruned.entries.length} kept`)}\n`,
    );
    return { ...applied, baseline: { ...summary, absent: [] } };
  }
  return applied;
}

/** Writes a file whole or not at all: a temporary file beside it, renamed over it. */
export function writeFileAtomically(path: string, text: string, shown: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CouldNotRunError(
      `cannot write ${shown}: ${errorCode(error) ?? errorMessage(error)}; nothing was written`,
    );
  }
}

/** What `--config <file>` and `--no-config` arrive as: a path, `false`, or the default `true`. */
export interface ConfigCommandOptions {
  config?: string | boolean;
}

/** What `--policy <file>` and `--gate` arrive as. */
export interface PolicyCommandOptions {
  policy?: string;
  gate?: boolean;
}

/** The configuration files the command line allows (`--config`, `--no-config`, or found upward). */
export async function configResolverFor(options: ConfigCommandOptions, io: CliIo = {}) {
  const { ConfigResolver } = await import('../config/index.js');
  return new ConfigResolver({
    ...(typeof options.config === 'string' ? { config: options.config } : {}),
    noConfig: options.config === false,
    cwd: io.cwd ?? process.cwd(),
  });
}

/**
 * The run's one resolution of configuration and policy: every document's configuration is read
 * once, judged by the policy (`--policy`, `VOTTUR_POLICY`, `--gate`), and recorded for the report.
 */
export async function gateRunFor(
  options: ConfigCommandOptions & PolicyCommandOptions,
  io: CliIo = {},
): Promise<GateRun> {
  const cwd = io.cwd ?? process.cwd();
  const [{ GateRun }, { policyFor }] = await Promise.all([
    import('../policy/enforce.js'),
    import('../policy/index.js'),
  ]);
  const policy = await policyFor(options, cwd);
  return new GateRun(options.config === false ? undefined : await configResolverFor(options, io), policy, cwd);
}

/**
 * What each document's configuration adds to linting it: its `vocabulary`, the Spectral rulesets
 * it `extends` (relative entries start at the configuration's folder), and the rules it turns off.
 */
export async function documentSettingsFor(
  options: ConfigCommandOptions & PolicyCommandOptions,
  io: CliIo = {},
  run?: GateRun,
): Promise<(file: string) => Promise<DocumentSettings | undefined>> {
  const gate = run ?? (await gateRunFor(options, io));
  return (file) => gate.settingsFor(file);
}

/** A report with vottur.config.yaml's rule levels applied, as the policy allows, and recorded. */
export async function configured(
  report: Report,
  options: ConfigCommandOptions & PolicyCommandOptions,
  io: CliIo = {},
  run?: GateRun,
): Promise<Report> {
  const gate = run ?? (await gateRunFor(options, io));
  return gate.finish(gate.judgeSuppressions(await gate.applyLevels(report)));
}

/**
 * A report as the team configured it and the policy allows: rules off or at other severities
 * (vottur.config.yaml), suppressions, then the baseline (`--baseline`, or the configuration's
 * `baseline`); with the record of all of it (`configuration`) and the policy's findings.
 */
export async function settle(
  report: Report,
  options: ConfigCommandOptions &
    PolicyCommandOptions & { baseline?: string; updateBaseline?: boolean; pruneBaseline?: boolean },
  io: CliIo = {},
  run?: GateRun,
): Promise<Report> {
  const gate = run ?? (await gateRunFor(options, io));
  const levelled = gate.judgeSuppressions(await gate.applyLevels(report));
  const first = report.documents[0]?.path;
  const fromConfig =
    options.baseline === undefined && first !== undefined ? (await gate.configFor(first))?.config.baseline : undefined;
  const baseline = options.baseline ?? fromConfig;
  const settled = await withBaseline(
    levelled,
    { ...options, ...(baseline !== undefined ? { baseline } : {}) },
    io,
    gate,
    fromConfig !== undefined ? 'configuration' : 'command line',
  );
  return gate.finish(settled);
}

/**
 * The `--overlay` files, read bounded and compiled (src/lint/overlay.ts), and named in the run's
 * record so every format says the findings are about the description as patched.
 */
export async function overlaysFor(
  options: { overlay?: string[] },
  run: GateRun | undefined,
  io: CliIo = {},
): Promise<import('../lint/overlay.js').LoadedOverlay[]> {
  if (!options.overlay || options.overlay.length === 0) return [];
  const { readOverlays } = await import('../lint/overlay.js');
  const { namedFileRoot } = await import('../runtime/safe-read.js');
  const cwd = io.cwd ?? process.cwd();
  const overlays = await readOverlays(options.overlay, { cwd, root: namedFileRoot(cwd) });
  run?.recordOverlays(overlays);
  return overlays;
}
