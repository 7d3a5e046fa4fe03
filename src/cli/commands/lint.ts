import { Command, Option } from 'commander';
import { lintFiles } from '../../lint/index.js';
import { atLeast, SEVERITIES, type Report, type Severity } from '../../report/finding.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { addOutputOptions, outputTargets, writeReports, type OutputState } from '../output.js';

export interface LintCommandOptions {
  failSeverity: Severity;
  quiet?: boolean;
  allowRemoteRefs?: boolean;
  showPii?: boolean;
}

/** `--quiet` keeps only errors in the output; the exit code still follows `--fail-severity`. */
export function applyQuiet(report: Report, quiet: boolean | undefined): Report {
  return quiet ? { ...report, findings: report.findings.filter((f) => f.severity === 'error') } : report;
}

export function exitCodeFor(report: Report, failSeverity: Severity): number {
  return report.findings.some((finding) => atLeast(finding.severity, failSeverity)) ? EXIT_FINDINGS : EXIT_OK;
}

export function failSeverityOption(): Option {
  return new Option('--fail-severity <level>', 'exit 1 when a finding is at or above this severity').choices([...SEVERITIES]).default('error');
}

export function registerLint(program: Command): void {
  const state: OutputState = { targets: [] };
  const command = program
    .command('lint')
    .description('lint OpenAPI descriptions against the platform conventions')
    .argument('<files...>', 'description files or glob patterns (quote globs: "apis/**/*.yaml")')
    .addOption(failSeverityOption())
    .option('-q, --quiet', 'show errors only')
    .option('--allow-remote-refs', 'fetch http(s) $refs (off by default: a linter in CI must not reach the network)')
    .option('--show-pii', 'show national identifiers unmasked in the output');
  addOutputOptions(command, state);
  command.action(async (files: string[], options: LintCommandOptions) => {
    const targets = outputTargets(state);
    const report = await lintFiles(files, { allowRemoteRefs: options.allowRemoteRefs });
    writeReports(applyQuiet(report, options.quiet), targets, {
      cwd: process.cwd(),
      showPii: Boolean(options.showPii),
      color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
      stdout: (text) => process.stdout.write(text),
    });
    process.exitCode = exitCodeFor(report, options.failSeverity);
  });
}
