/** Every fixer, by the id of the rule whose findings it fixes (one file each, named by that id). */
import type { FixerDefinition } from '../fixer.js';
import charsetUtf8 from './platform-charset-utf8.js';
import dateTimeFormat from './platform-date-time-format.js';
import enumValueUpperCase from './platform-enum-value-upper-case.js';
import fieldCamelCase from './platform-field-camel-case.js';
import get204 from './platform-get-204.js';
import infoVersionSemver from './platform-info-version-semver.js';
import infoXCategory from './platform-info-x-category.js';
import infoXLinks from './platform-info-x-links.js';
import infoXPricing from './platform-info-x-pricing.js';
import nationalIdFormat from './platform-national-id-format.js';
import nationalIdName from './platform-national-id-name.js';
import parametersRequiredFirst from './platform-parameters-required-first.js';
import problemContentType from './platform-problem-content-type.js';
import queryParamCamelCase from './platform-query-param-camel-case.js';
import schemaPascalCase from './platform-schema-pascal-case.js';
import versionMatch from './platform-version-match.js';

export const FIXERS: readonly FixerDefinition[] = [
  charsetUtf8,
  dateTimeFormat,
  enumValueUpperCase,
  fieldCamelCase,
  get204,
  infoVersionSemver,
  infoXCategory,
  infoXLinks,
  infoXPricing,
  nationalIdFormat,
  nationalIdName,
  parametersRequiredFirst,
  problemContentType,
  queryParamCamelCase,
  schemaPascalCase,
  versionMatch,
];

export const FIXER_BY_RULE: ReadonlyMap<string, FixerDefinition> = new Map(
  FIXERS.map((fixer) => [fixer.ruleId, fixer]),
);
