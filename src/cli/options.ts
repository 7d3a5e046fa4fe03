/**
 * The options every command that ends in a gate shares: `--fail-severity` and `--min-score`.
 * What they decide is the library's (`report/gate.ts`); how they are spelt is the CLI's.
 */
import { Option, type Command } from 'commander';
import { CouldNotRunError } from '../errors.js';
import { SEVERITIES } from '../report/finding.js';

/** Parses `--min-score`: a number from 0 to 100. */
export function parseMinScore(value: string): number {
  const text = value.trim();
  const number = Number(text);
  if (text === '' || !Number.isFinite(number) || number < 0 || number > 100) {
    throw new CouldNotRunError(`--min-score must be a number from 0 to 100, not "${value}"`);
  }
  return number;
}

/** `--min-score <n>`; the parsed value arrives as `minScore` (a number). */
export function minScoreOption(
  effect = 'exit 1 when the conformance score (0-100, see docs/score.md) of any document is below this (the worst document decides, not the mean)',
): Option {
  return new Option('--min-score <n>', effect).argParser(parseMinScore);
}

/** `--fail-severity <level>` (default error), as `vottur lint` has it; arrives as `failSeverity`. */
export function failSeverityOption(effect = 'exit 1 when a finding is at or above this severity'): Option {
  return new Option('--fail-severity <level>', effect).choices([...SEVERITIES]).default('error');
}

/** Adds `--min-score <n>` to a command. */
export function addMinScoreOption(command: Command): Command {
  return command.addOption(minScoreOption());
}

/** Adds `--fail-severity <level>` to a command. */
export function addFailSeverityOption(command: Command): Command {
  return command.addOption(failSeverityOption());
}

/**
 * `--policy <file>` and `--gate`: the operator's policy over what the repository under check may
 * change (docs/gate.md). Every command that ends in a gate adds them with this one call.
 */
export function addPolicyOptions(command: Command): Command {
  return command
    .option(
      '--policy <file>',
      "the operator's policy: what the repository's configuration, suppressions and baseline may change (default: $VOTTUR_POLICY; see docs/gate.md)",
    )
    .option(
      '--gate',
      'apply the built-in strict policy: no code from the repository, no lowered levels, suppressions and its baseline listed but not counted (see docs/gate.md)',
    );
}

/** Parses `--min-coverage`: a percentage from 0 to 100. */
export function parseMinCoverage(value: string): number {
  const text = value.trim().replace(/%$/, '');
  const number = Number(text);
  if (text === '' || !Number.isFinite(number) || number < 0 || number > 100) {
    throw new CouldNotRunError(`--min-coverage must be a percentage from 0 to 100, not "${value}"`);
  }
  return number;
}

/** `--min-coverage <percent>`; arrives as `minCoverage` (a number). */
export function minCoverageOption(): Option {
  return new Option(
    '--min-coverage <percent>',
    'exit 1 when the coverage of the generated phases (documented statuses and inputs exercised) is below this',
  ).argParser(parseMinCoverage);
}

/** What the baseline options arrive as. */
export interface BaselineCommandOptions {
  config?: string | boolean;
  baseline?: string;
  updateBaseline?: boolean;
  pruneBaseline?: boolean;
}

/** `--baseline <file>`, `--update-baseline`, `--prune-baseline` (docs/baseline.md), and `--config`/`--no-config`. */
export function addBaselineOptions(command: Command): Command {
  return command
    .option(
      '--config <file>',
      "the configuration file (default: vottur.config.yaml found from each document's folder up to the repository root; see docs/config.md)",
    )
    .option('--no-config', 'use no configuration file')
    .option(
      '--baseline <file>',
      'findings in this baseline are not counted; only new ones fail the gate (see docs/baseline.md)',
    )
    .option(
      '--update-baseline',
      'write the baseline (--baseline, default vottur-baseline.json) from this run, keeping hand-written fields',
    )
    .option(
      '--prune-baseline',
      'remove the baseline entries nothing matched any more (fixed since), keeping every other entry as it is',
    );
}

/** `--overlay <file>`, repeatable; arrives as `overlay` (the files in the order given). */
export function addOverlayOption(command: Command): Command {
  return command.option(
    '--overlay <file>',
    'apply this OpenAPI Overlay 1.0.0 document to the description before checking (repeatable, applied in order; the report names it; see docs/fix.md)',
    (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
  );
}
