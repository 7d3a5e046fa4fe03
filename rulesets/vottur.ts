/**
 * vottur's platform ruleset: the island.is API conventions as a Spectral ruleset.
 *
 * - `vottur lint` loads it directly.
 * - The stock Spectral CLI loads the built file: `spectral lint -r node_modules/vottur/dist/rulesets/vottur.js api.yaml`.
 * - Your own Spectral ruleset can extend it: `import vottur from 'vottur/ruleset'; export default { extends: [vottur], rules: {...} }`.
 *
 * It imports only its own files and Spectral's packages, which Spectral's ruleset bundler
 * provides, and has a default export only (the bundler turns it into a CommonJS module).
 */
import { toSpectralRule } from './lib/spectral-rule.js';
import { RULES } from './rules/index.js';

export default {
  documentationUrl: 'https://github.com/vottur/vottur/blob/main/docs/rules/README.md',
  rules: Object.fromEntries(RULES.map((rule) => [rule.id, toSpectralRule(rule)])),
};
