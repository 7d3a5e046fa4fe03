/**
 * Settling: what happens to a report between the engine and its rendering, once for every way
 * vottur runs (each CLI command, the language server, the library API). The configuration and the
 * policy are resolved once per run (`GateRun`); the configured rule levels, the inline
 * suppressions, the baseline (the command line's, else the one the configuration names) and the
 * policy's refusals are applied in that order, and what the run read is recorded in the report.
 */
import { resolve } from 'node:path';
import { CouldNotRunError, errorLine } from '../errors.js';
import { writeFileAtomically } from '../runtime/safe-write.js';
import type { Report, RunConfiguration } from '../report/finding.js';
import type { DocumentSettings } from '../lint/files.js';
import type { GateRun } from '../policy/enforce.js';
import type { Policy } from '../policy/index.js';
import { cwdOf, envOf, type RunIo } from './io.js';

/**
 * `--baseline`, `--update-baseline`, `--prune-baseline`: the report with each finding marked new or
 * unchanged, after writing the baseline file when asked. A note on standard error says what was
 * written. With a run's record (`run`), the baseline is listed in the report, and under a policy a
 * baseline the repository names holds back only what the policy allows.
 */
export async function withBaseline(
  report: Report,
  options: { baseline?: string; updateBaseline?: boolean; pruneBaseline?: boolean; absentIsEmpty?: boolean },
  io: Pick<RunIo, 'cwd' | 'stderr'>,
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
  const cwd = cwdOf(io);
  const file = options.baseline ?? DEFAULT_BASELINE_FILE;
  const path = resolve(cwd, file);
  // Read and written only inside the repository (or the working folder): src/runtime/safe-read.ts.
  const { assertWritableInside, namedFileRoot } = await import('../runtime/safe-read.js');
  const root = namedFileRoot(cwd);
  if (options.updateBaseline) {
    // Where it may be written is decided first: a target outside the repository is refused in the
    // same line whether or not a file is there (reading the existing one first refused it as "cannot read").
    assertWritableInside(path, { what: 'the baseline', shown: file, root });
    const previous = baselineExists(file, cwd) ? await readBaseline(path, file, root) : undefined;
    const written = baselineFor(report, file, previous, { cwd });
    writeFileAtomically(path, serializeBaseline(written), file, cwd);
    io.stderr(
      `${errorLine(`wrote ${file}: ${written.entries.length} entr${written.entries.length === 1 ? 'y' : 'ies'}`)}\n`,
    );
    // Listed in the run's record like a baseline read: the report says what held its findings back.
    run?.recordFile(path, 'baseline');
    const judge = run?.baselineJudge(file, given);
    return applyBaseline(report, written, file, { cwd, ...(judge ?? {}) });
  }
  // The editor before its first "add to the baseline": a baseline named but not written yet holds nothing back.
  if (options.absentIsEmpty && !baselineExists(file, cwd)) return report;
  const baseline = await readBaseline(path, file, root);
  run?.recordFile(path, 'baseline');
  const judge = run?.baselineJudge(file, given);
  const applied = applyBaseline(report, baseline, file, { cwd, ...(judge ?? {}) });
  if (options.pruneBaseline) {
    const summary = applied.baseline;
    if (!summary) throw new Error('applying the baseline gave a report without its baseline summary');
    const pruned = pruneBaseline(baseline, summary.absent);
    assertWritableInside(path, { what: 'the baseline', shown: file, root });
    writeFileAtomically(path, serializeBaseline(pruned), file, cwd);
    io.stderr(
      `${errorLine(`pruned ${file}: ${baseline.entries.length - pruned.entries.length} entr${baseline.entries.length - pruned.entries.length === 1 ? 'y' : 'ies'} removed, ${pruned.entries.length} kept`)}\n`,
    );
    return { ...applied, baseline: { ...summary, absent: [] } };
  }
  return applied;
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
export async function configResolverFor(
  options: ConfigCommandOptions,
  io: Pick<RunIo, 'cwd'>,
  untrustedFolder?: string,
) {
  const { ConfigResolver } = await import('../config/index.js');
  return new ConfigResolver({
    ...(typeof options.config === 'string' ? { config: options.config } : {}),
    noConfig: options.config === false,
    cwd: cwdOf(io),
    ...(untrustedFolder !== undefined ? { untrustedFolder } : {}),
  });
}

/**
 * The run's one resolution of configuration and policy: every document's configuration is read
 * once, judged by the policy (`--policy`, `VOTTUR_POLICY`, `--gate`), and recorded for the report.
 * `untrusted`: with no policy, rulesets a configuration extends are still read as data only, under
 * this policy's loader (the language server in a workspace its client has not said it trusts);
 * with `trustedFolders`, an entry whose every file and package is inside them loads as code.
 * `untrustedFolder`: a folder of hostile data (a catalogue harvest) no configuration is read from.
 */
export async function gateRunFor(
  options: ConfigCommandOptions & PolicyCommandOptions,
  io: Pick<RunIo, 'cwd' | 'env'>,
  untrusted?: { policy: Policy; why: string; trustedFolders?: readonly string[] },
  untrustedFolder?: string,
): Promise<GateRun> {
  const cwd = cwdOf(io);
  const [{ GateRun }, { policyFor }] = await Promise.all([
    import('../policy/enforce.js'),
    import('../policy/index.js'),
  ]);
  const policy = await policyFor(options, cwd, envOf(io));
  return new GateRun(
    options.config === false ? undefined : await configResolverFor(options, io, untrustedFolder),
    policy,
    cwd,
    untrusted,
  );
}

/**
 * What each document's configuration adds to linting it: its `vocabulary`, the Spectral rulesets
 * it `extends` (relative entries start at the configuration's folder), and the rules it turns off.
 */
export function documentSettingsFor(run: GateRun): (file: string) => Promise<DocumentSettings | undefined> {
  return (file) => run.settingsFor(file);
}

export interface SettleOptions {
  /** `--baseline`: the operator's baseline, before the one the configuration names. */
  baseline?: string;
  updateBaseline?: boolean;
  pruneBaseline?: boolean;
  /** A baseline for when neither the command line nor the configuration names one (the editor's setting). */
  fallbackBaseline?: string;
  /** A baseline named that does not exist (yet) holds nothing back, rather than stopping the run. */
  absentIsEmpty?: boolean;
  /** No baseline at all, whatever the configuration names (a diff's changes are held back by acceptances). */
  withoutBaseline?: boolean;
  /**
   * The findings already carry the configuration's levels (the diff applies them inside, so its
   * counts and verdict see them): the levels are judged under the policy, not applied again.
   */
  levelsApplied?: boolean;
}

/**
 * A report as the team configured it and the policy allows: rules off or at other severities
 * (vottur.config.yaml), suppressions, then the baseline (`--baseline`, or the configuration's
 * `baseline`); with the record of all of it (`configuration`) and the policy's findings.
 */
export async function settle(
  report: Report,
  run: GateRun,
  options: SettleOptions,
  io: Pick<RunIo, 'cwd' | 'stderr'>,
): Promise<Report & { configuration: RunConfiguration }> {
  const levelled = run.judgeSuppressions(await run.applyLevels(report, !options.levelsApplied));
  if (options.withoutBaseline) return run.finish(levelled);
  const first = report.documents[0]?.path;
  const fromConfig =
    options.baseline === undefined && first !== undefined ? (await run.configFor(first))?.config.baseline : undefined;
  const baseline = options.baseline ?? fromConfig ?? options.fallbackBaseline;
  // Under a policy a baseline is written only where the operator says: the command line's
  // `--baseline`, never a path the repository's configuration chose (o34r10 B11: it named
  // .github/workflows/new.yml, and the run then reported no problems).
  if ((options.updateBaseline || options.pruneBaseline) && run.policy && options.baseline === undefined)
    throw new CouldNotRunError(
      `--${options.updateBaseline ? 'update' : 'prune'}-baseline under a policy writes only the baseline --baseline <file> names on the command line${fromConfig !== undefined ? ', never the one the configuration names' : ''}; give --baseline`,
    );
  const settled = await withBaseline(
    levelled,
    { ...options, ...(baseline !== undefined ? { baseline } : {}) },
    io,
    run,
    fromConfig !== undefined ? 'configuration' : 'command line',
  );
  return run.finish(settled);
}

/**
 * The `--overlay` files, read bounded and compiled (src/lint/overlay.ts), and named in the run's
 * record so every format says the findings are about the description as patched.
 */
export async function overlaysFor(
  options: { overlay?: string[] },
  run: GateRun | undefined,
  io: Pick<RunIo, 'cwd'> = {},
): Promise<import('../lint/overlay.js').LoadedOverlay[]> {
  if (!options.overlay || options.overlay.length === 0) return [];
  const { readOverlays } = await import('../lint/overlay.js');
  const { namedFileRoot } = await import('../runtime/safe-read.js');
  const cwd = cwdOf(io);
  const overlays = await readOverlays(options.overlay, { cwd, root: namedFileRoot(cwd) });
  run?.recordOverlays(overlays);
  return overlays;
}
