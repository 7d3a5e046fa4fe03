/**
 * One run, from what was asked to the exit code: the configuration and the policy resolved once
 * (`gateRunFor`), the engine configured from them, the findings settled (`settle`: levels,
 * suppressions, baseline, policy, accepted changes), the report rendered (`finishRun`) and the exit
 * code returned as a value. Every CLI command, the language server and the library API go through
 * it; it writes only through the `RunIo` it is given.
 */
export { colorWanted, cwdOf, envOf, type RunIo, type Writer } from './io.js';
export {
  configResolverFor,
  documentSettingsFor,
  gateRunFor,
  overlaysFor,
  settle,
  withBaseline,
  type ConfigCommandOptions,
  type PolicyCommandOptions,
  type SettleOptions,
} from './settle.js';
export { writeFileAtomically } from '../runtime/safe-write.js';
export { finishRun, takeOutputTargets, type FinishOptions } from './finish.js';
export { lintRun, type LintRunOptions } from './lint.js';
