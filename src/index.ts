/**
 * vottur as a library: the same functions the CLI calls.
 *
 *   import { lint, runContractTests, scoreReport, FORMATTERS } from 'vottur';
 *   // The run `vottur lint` makes: configuration, suppressions, baseline and policy settled.
 *   const report = await lint(['api.yaml'], { gate: true }, { cwd: '/repo', stderr: console.error });
 *   const sarif = FORMATTERS.sarif(report, { cwd: '/repo', color: false, showPii: false });
 *
 * `lintFiles` is the engine alone: findings as the rules report them, nothing settled.
 */
export {
  lintRun as lint,
  gateRunFor,
  settle,
  type LintRunOptions,
  type RunIo,
  type SettleOptions,
} from './run/index.js';
export {
  lintFiles,
  lintDocument,
  loadDescription,
  createLinter,
  platformRulesetLinter,
  expandPatterns,
} from './lint/index.js';
export type { LintedDocument, LintDocumentOptions, LoadedDescription, LoadOptions, Linter } from './lint/index.js';
export { runContractTests, type ContractTestOptions } from './contract/index.js';
export {
  diffAgainstBase,
  diffDescriptions,
  diffDescriptionsDetailed,
  type DiffOptions,
  type DiffResult,
  type AcceptEntry,
} from './diff/index.js';
export {
  applyEdits,
  classifyFix,
  computeFixes,
  EFFECT_LABEL,
  fixableRules,
  fixDescription,
  type Fix,
  type FixEffect,
  type TextEdit,
} from './fix/index.js';
export { contractRules } from './contract/rules.js';
export {
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from './reference/service.js';
export { FAULTS, type FaultName } from './reference/faults.js';
export * from './report/finding.js';
export { scoreReport, gradeFor, scoreLabel, type ReportScore, type Grade } from './report/score.js';
export { reportExitCode, type GateOptions } from './report/gate.js';
export { mergeReports, readJsonReport } from './report/merge.js';
export {
  FORMATTERS,
  isFormatName,
  type FormatName,
  type Formatter,
  type FormatContext,
} from './report/formatters/index.js';
export { maskNationalIds, maskDeep } from './pii.js';
export { CouldNotRunError, LimitError, EXIT_OK, EXIT_FINDINGS, EXIT_COULD_NOT_RUN } from './errors.js';
export { isPlatformDateTime, isNationalIdForm, PLATFORM_DATE_TIME, NATIONAL_ID } from '../rulesets/lib/conventions.js';
