/**
 * `vottur diff <base> <revision>`: what changed between two versions of a description, what it
 * breaks, and whether the version number says so. Exit 1 when a finding reaches
 * `--fail-severity` (breaking changes are errors), 0 otherwise, 2 when it cannot run.
 */
import type { Command } from 'commander';
import type { Severity } from '../../report/finding.js';
import { addOverlayOption, addPolicyOptions, failSeverityOption } from '../options.js';
import { addOutputOptions, type OutputState } from '../output.js';
import type { CommandIo } from '../io.js';
import {
  cwdOf,
  finishRun,
  gateRunFor,
  overlaysFor,
  settle,
  takeOutputTargets,
  type PolicyCommandOptions,
} from '../../run/index.js';

interface DiffCommandOptions extends PolicyCommandOptions {
  failSeverity: Severity;
  quiet?: boolean;
  accept?: string;
  allowRemoteRefs?: boolean;
  showPii?: boolean;
  config?: string | boolean;
  overlay?: string[];
}

export function registerDiff(program: Command, io: CommandIo): void {
  const state: OutputState = { targets: [] };
  const command = program
    .command('diff')
    .description(
      'compare two versions of a description: breaking changes, changelog, and the platform versioning rules',
    )
    .argument('<base>', 'the old version: a file, or REF:path read from git (origin/main:apis/users.yaml)')
    .argument('<revision>', 'the new version: a file, or REF:path')
    .addOption(failSeverityOption())
    .option(
      '-q, --quiet',
      'stylish lists errors only (the counts, the exit code and the other formats keep every change)',
    )
    .option(
      '--accept <file>',
      'JSON or YAML list of changes accepted on purpose: { rule, pointer or operation, reason }',
    )
    .option('--allow-remote-refs', 'fetch http(s) $refs (off by default)')
    .option('--show-pii', 'show national identifiers unmasked in the output')
    .option(
      '--config <file>',
      "the configuration file (default: vottur.config.yaml found from the revision's folder up to the repository root)",
    )
    .option('--no-config', 'use no configuration file');
  // The consumer's patch applies to both versions: the diff is between the descriptions as they will use them.
  addOverlayOption(command);
  addPolicyOptions(command);
  addOutputOptions(command, state);
  command.action(async (base: string, revision: string, options: DiffCommandOptions) => {
    const targets = takeOutputTargets(state);
    const [{ diffDescriptionsDetailed, readAcceptFile, parseGitSpec }, { acceptedBy }, { levelFor }] =
      await Promise.all([
        import('../../diff/index.js'),
        import('../../diff/accept.js'),
        import('../../config/index.js'),
      ]);
    const run = await gateRunFor(options, io);
    const overlays = await overlaysFor(options, run, io);
    const cwd = cwdOf(io);
    // Named from the run's working folder, as every file the command line names.
    const accept = options.accept ? await readAcceptFile(options.accept, cwd) : undefined;
    if (options.accept) run.recordFile(options.accept, 'accept');
    // vottur.config.yaml's levels (found from the revision's folder), as the policy allows them, go
    // into the diff itself, so the counts, the version findings, the verdict and the exit code all
    // see the same levels.
    const loaded = await run.configFor(parseGitSpec(revision)?.path ?? revision);
    const level = loaded
      ? (ruleId: string, document: string, pointer: string, own: Severity) =>
          run.allowedLevel(ruleId, own, levelFor(loaded, ruleId, document, pointer, cwd))
      : undefined;
    const { report, accepted } = await diffDescriptionsDetailed(base, revision, {
      accept,
      cwd,
      ...(io.stdin ? { stdin: io.stdin } : {}),
      allowRemoteRefs: options.allowRemoteRefs,
      ...(overlays.length > 0 ? { overlays } : {}),
      ...(level ? { level } : {}),
      // An acceptance the policy refuses counts inside the diff, so its classes and verdict agree with the exit code.
      ...(run.policy ? { mayAccept: (ruleId: string) => run.mayAccept(ruleId) } : {}),
    });
    // Every acceptance is listed; under a policy, one it does not allow counts again.
    const judged = run.judgeAcceptances(report, acceptedBy(accepted, accept));
    // The levels went into the diff above: settling judges them under the policy, and applies them no second time.
    const settled = await settle(judged, run, { levelsApplied: true, withoutBaseline: true }, io);
    io.exit(await finishRun(settled, targets, options, io));
  });
}
