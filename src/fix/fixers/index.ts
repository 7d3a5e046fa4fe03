/**
 * Every fixer, by the id of the rule whose findings it fixes (one file each, named by that id,
 * found by the generated index: generated-index.ts, `npm run indexes`).
 */
import type { FixerDefinition } from '../fixer.js';
import { FIXERS } from './generated-index.js';

export { FIXERS };

export const FIXER_BY_RULE: ReadonlyMap<string, FixerDefinition> = new Map(
  FIXERS.map((fixer) => [fixer.ruleId, fixer]),
);
