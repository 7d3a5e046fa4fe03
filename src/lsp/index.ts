/**
 * The language server library (`vottur lsp` is its command): diagnostics, hover, navigation,
 * completion and quick fixes for OpenAPI descriptions in any editor that speaks LSP.
 */
export {
  ADD_TO_BASELINE,
  addToBaseline,
  DEFAULT_SETTINGS,
  isDescriptionText,
  serveConnection,
  startLanguageServer,
  type BaselinedDisplay,
  type ServerOptions,
  type ServerSettings,
} from './server.js';
export { lintDescriptionText, type LintOutcome, type LintRequest } from './linting.js';
export { engineFixes, fixActionsFor, type FixProvider, type FixRequest } from './fixes.js';
