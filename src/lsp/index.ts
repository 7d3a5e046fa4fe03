/**
 * The language server library (`vottur lsp` is its command): diagnostics, hover, navigation,
 * completion and quick fixes for OpenAPI descriptions in any editor that speaks LSP.
 */
export { serveConnection, startLanguageServer, type ServerOptions } from './server.js';
export { DEFAULT_SETTINGS, isDescriptionText, type BaselinedDisplay, type ServerSettings } from './store.js';
export { ADD_TO_BASELINE, addToBaseline } from './handlers/actions.js';
export { lintDescriptionText, type LintOutcome, type LintRequest } from './linting.js';
export { engineFixes, fixActionsFor, type FixProvider, type FixRequest } from './fixes.js';
