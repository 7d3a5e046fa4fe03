/** Every fixer, by the id of the rule whose findings it fixes (one file each, named by that id). */
import type { FixerDefinition } from '../fixer.js';
import infoVersionSemver from './platform-info-version-semver.js';
import infoXCategory from './platform-info-x-category.js';
import infoXLinks from './platform-info-x-links.js';
import infoXPricing from './platform-info-x-pricing.js';

export const FIXERS: readonly FixerDefinition[] = [infoVersionSemver, infoXCategory, infoXLinks, infoXPricing];

export const FIXER_BY_RULE: ReadonlyMap<string, FixerDefinition> = new Map(FIXERS.map((fixer) => [fixer.ruleId, fixer]));
