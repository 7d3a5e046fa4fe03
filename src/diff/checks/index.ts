/**
 * Every diff check, one file each: `diff-<id>.ts` a check of paths, operations, parameters, bodies,
 * responses, headers or security; `schema-<change>.ts` a change inside a schema, which exists in each
 * of the four places a schema sits. test/diff/checks.test.ts fails when a file is not listed here.
 */
import type { CheckContext, TreeLevel, TreeLevels } from '../model.js';
import { check as pathRemoved } from './diff-path-removed.js';
import { check as pathAdded } from './diff-path-added.js';
import { check as pathParameterRenamed } from './diff-path-parameter-renamed.js';
import { check as operationRemoved } from './diff-operation-removed.js';
import { check as deprecatedOperationRemoved } from './diff-deprecated-operation-removed.js';
import { check as operationAdded } from './diff-operation-added.js';
import { check as operationDeprecated } from './diff-operation-deprecated.js';
import { check as operationUndeprecated } from './diff-operation-undeprecated.js';
import { check as operationIdChanged } from './diff-operation-id-changed.js';
import { check as operationSummaryChanged } from './diff-operation-summary-changed.js';
import { check as operationDescriptionChanged } from './diff-operation-description-changed.js';
import { check as operationTagsChanged } from './diff-operation-tags-changed.js';
import { check as apiDescriptionChanged } from './diff-api-description-changed.js';
import { check as serverUrlChanged } from './diff-server-url-changed.js';
import { check as requestParameterRemoved } from './diff-request-parameter-removed.js';
import { check as requestParameterAddedRequired } from './diff-request-parameter-added-required.js';
import { check as requestParameterAddedOptional } from './diff-request-parameter-added-optional.js';
import { check as requestParameterBecameRequired } from './diff-request-parameter-became-required.js';
import { check as requestParameterBecameOptional } from './diff-request-parameter-became-optional.js';
import { check as requestParameterLocationChanged } from './diff-request-parameter-location-changed.js';
import { check as requestParameterStyleChanged } from './diff-request-parameter-style-changed.js';
import { check as requestParameterDeprecated } from './diff-request-parameter-deprecated.js';
import { check as requestParameterDescriptionChanged } from './diff-request-parameter-description-changed.js';
import { check as requestBodyAddedRequired } from './diff-request-body-added-required.js';
import { check as requestBodyAddedOptional } from './diff-request-body-added-optional.js';
import { check as requestBodyRemoved } from './diff-request-body-removed.js';
import { check as requestBodyBecameRequired } from './diff-request-body-became-required.js';
import { check as requestBodyBecameOptional } from './diff-request-body-became-optional.js';
import { check as requestBodyMediaTypeRemoved } from './diff-request-body-media-type-removed.js';
import { check as requestBodyMediaTypeAdded } from './diff-request-body-media-type-added.js';
import { check as requestBodySchemaAdded } from './diff-request-body-schema-added.js';
import { check as requestBodySchemaRemoved } from './diff-request-body-schema-removed.js';
import { check as responseStatusRemoved } from './diff-response-status-removed.js';
import { check as responseSuccessStatusRemoved } from './diff-response-success-status-removed.js';
import { check as responseStatusAdded } from './diff-response-status-added.js';
import { check as responseMediaTypeRemoved } from './diff-response-media-type-removed.js';
import { check as responseMediaTypeAdded } from './diff-response-media-type-added.js';
import { check as responseHeaderRemoved } from './diff-response-header-removed.js';
import { check as responseHeaderBecameOptional } from './diff-response-header-became-optional.js';
import { check as responseHeaderAdded } from './diff-response-header-added.js';
import { check as responseDescriptionChanged } from './diff-response-description-changed.js';
import { check as schemaLimitReached } from './diff-schema-limit-reached.js';
import { check as schemaDescriptionChanged } from './diff-schema-description-changed.js';
import { check as securitySchemeRemoved } from './diff-security-scheme-removed.js';
import { check as securitySchemeAdded } from './diff-security-scheme-added.js';
import { check as securityAlternativeAdded } from './diff-security-alternative-added.js';
import { check as securityRemoved } from './diff-security-removed.js';
import { check as securityScopeAdded } from './diff-security-scope-added.js';
import { check as securityScopeRemoved } from './diff-security-scope-removed.js';
import { check as securitySchemeTypeChanged } from './diff-security-scheme-type-changed.js';
import { check as securityTokenUrlChanged } from './diff-security-token-url-changed.js';
import { check as webhookRemoved } from './diff-webhook-removed.js';
import { check as webhookAdded } from './diff-webhook-added.js';
import { check as responseLinkChanged } from './diff-response-link-changed.js';
import { check as operationCallbackChanged } from './diff-operation-callback-changed.js';
import { check as removedBeforeSunset } from './diff-removed-before-sunset.js';
import { check as sunsetMovedEarlier } from './diff-sunset-moved-earlier.js';
import { check as sunsetRemoved } from './diff-sunset-removed.js';
import { check as sunsetInvalid } from './diff-sunset-invalid.js';
import { check as deprecatedSunsetTooSoon } from './diff-deprecated-sunset-too-soon.js';
import { change as schema_typeChanged } from './schema-type-changed.js';
import { change as schema_typeWidened } from './schema-type-widened.js';
import { change as schema_typeNarrowed } from './schema-type-narrowed.js';
import { change as schema_formatAdded } from './schema-format-added.js';
import { change as schema_formatRemoved } from './schema-format-removed.js';
import { change as schema_formatChanged } from './schema-format-changed.js';
import { change as schema_enumValueAdded } from './schema-enum-value-added.js';
import { change as schema_enumValueRemoved } from './schema-enum-value-removed.js';
import { change as schema_enumAdded } from './schema-enum-added.js';
import { change as schema_enumRemoved } from './schema-enum-removed.js';
import { change as schema_constraintTightened } from './schema-constraint-tightened.js';
import { change as schema_constraintRelaxed } from './schema-constraint-relaxed.js';
import { change as schema_patternAdded } from './schema-pattern-added.js';
import { change as schema_patternRemoved } from './schema-pattern-removed.js';
import { change as schema_patternChanged } from './schema-pattern-changed.js';
import { change as schema_nullableAdded } from './schema-nullable-added.js';
import { change as schema_nullableRemoved } from './schema-nullable-removed.js';
import { change as schema_defaultChanged } from './schema-default-changed.js';
import { change as schema_propertyRemoved } from './schema-property-removed.js';
import { change as schema_propertyAddedRequired } from './schema-property-added-required.js';
import { change as schema_propertyAddedOptional } from './schema-property-added-optional.js';
import { change as schema_propertyBecameRequired } from './schema-property-became-required.js';
import { change as schema_propertyBecameOptional } from './schema-property-became-optional.js';
import { change as schema_variantAdded } from './schema-variant-added.js';
import { change as schema_variantRemoved } from './schema-variant-removed.js';
import { change as schema_compositionAdded } from './schema-composition-added.js';
import { change as schema_compositionRemoved } from './schema-composition-removed.js';
import { change as schema_additionalPropertiesForbidden } from './schema-additional-properties-forbidden.js';
import { change as schema_additionalPropertiesAllowed } from './schema-additional-properties-allowed.js';
import { change as schema_additionalPropertiesRestricted } from './schema-additional-properties-restricted.js';
import { change as schema_additionalPropertiesRelaxed } from './schema-additional-properties-relaxed.js';
import { change as schema_constAdded } from './schema-const-added.js';
import { change as schema_constRemoved } from './schema-const-removed.js';
import { change as schema_constChanged } from './schema-const-changed.js';
import { change as schema_itemsAdded } from './schema-items-added.js';
import { change as schema_itemsRemoved } from './schema-items-removed.js';
import { change as schema_prefixItemsAdded } from './schema-prefix-items-added.js';
import { change as schema_prefixItemsRemoved } from './schema-prefix-items-removed.js';
import { change as schema_containsAdded } from './schema-contains-added.js';
import { change as schema_containsRemoved } from './schema-contains-removed.js';
import { change as schema_propertyNamesAdded } from './schema-property-names-added.js';
import { change as schema_propertyNamesRemoved } from './schema-property-names-removed.js';
import { change as schema_patternPropertyAdded } from './schema-pattern-property-added.js';
import { change as schema_patternPropertyRemoved } from './schema-pattern-property-removed.js';
import { change as schema_unevaluatedPropertiesRestricted } from './schema-unevaluated-properties-restricted.js';
import { change as schema_unevaluatedPropertiesRelaxed } from './schema-unevaluated-properties-relaxed.js';
import { change as schema_unevaluatedItemsRestricted } from './schema-unevaluated-items-restricted.js';
import { change as schema_unevaluatedItemsRelaxed } from './schema-unevaluated-items-relaxed.js';
import { change as schema_dependentRequiredAdded } from './schema-dependent-required-added.js';
import { change as schema_dependentRequiredRemoved } from './schema-dependent-required-removed.js';
import { change as schema_dependentSchemaAdded } from './schema-dependent-schema-added.js';
import { change as schema_dependentSchemaRemoved } from './schema-dependent-schema-removed.js';
import { change as schema_conditionalAdded } from './schema-conditional-added.js';
import { change as schema_conditionalRemoved } from './schema-conditional-removed.js';
import { change as schema_conditionChanged } from './schema-condition-changed.js';
import { change as schema_notAdded } from './schema-not-added.js';
import { change as schema_notRemoved } from './schema-not-removed.js';
import { change as schema_notChanged } from './schema-not-changed.js';
import { change as schema_discriminatorAdded } from './schema-discriminator-added.js';
import { change as schema_discriminatorRemoved } from './schema-discriminator-removed.js';
import { change as schema_discriminatorPropertyChanged } from './schema-discriminator-property-changed.js';
import { change as schema_discriminatorMappingAdded } from './schema-discriminator-mapping-added.js';
import { change as schema_discriminatorMappingRemoved } from './schema-discriminator-mapping-removed.js';
import { change as schema_discriminatorMappingChanged } from './schema-discriminator-mapping-changed.js';
import { change as schema_readOnlyAdded } from './schema-read-only-added.js';
import { change as schema_readOnlyRemoved } from './schema-read-only-removed.js';
import { change as schema_readOnlyRemovedRequired } from './schema-read-only-removed-required.js';
import { change as schema_writeOnlyAdded } from './schema-write-only-added.js';
import { change as schema_writeOnlyRemoved } from './schema-write-only-removed.js';
import { change as schema_contentEncodingChanged } from './schema-content-encoding-changed.js';
import { change as schema_contentMediaTypeChanged } from './schema-content-media-type-changed.js';
import { change as schema_contentSchemaAdded } from './schema-content-schema-added.js';
import { change as schema_contentSchemaRemoved } from './schema-content-schema-removed.js';
import { change as schema_deprecationChanged } from './schema-deprecation-changed.js';
import { change as schema_keywordChanged } from './schema-keyword-changed.js';

export const FIXED_CHECKS = [
  pathRemoved,
  pathAdded,
  pathParameterRenamed,
  operationRemoved,
  deprecatedOperationRemoved,
  operationAdded,
  operationDeprecated,
  operationUndeprecated,
  operationIdChanged,
  operationSummaryChanged,
  operationDescriptionChanged,
  operationTagsChanged,
  apiDescriptionChanged,
  serverUrlChanged,
  requestParameterRemoved,
  requestParameterAddedRequired,
  requestParameterAddedOptional,
  requestParameterBecameRequired,
  requestParameterBecameOptional,
  requestParameterLocationChanged,
  requestParameterStyleChanged,
  requestParameterDeprecated,
  requestParameterDescriptionChanged,
  requestBodyAddedRequired,
  requestBodyAddedOptional,
  requestBodyRemoved,
  requestBodyBecameRequired,
  requestBodyBecameOptional,
  requestBodyMediaTypeRemoved,
  requestBodyMediaTypeAdded,
  requestBodySchemaAdded,
  requestBodySchemaRemoved,
  responseStatusRemoved,
  responseSuccessStatusRemoved,
  responseStatusAdded,
  responseMediaTypeRemoved,
  responseMediaTypeAdded,
  responseHeaderRemoved,
  responseHeaderBecameOptional,
  responseHeaderAdded,
  responseDescriptionChanged,
  schemaDescriptionChanged,
  schemaLimitReached,
  securitySchemeRemoved,
  securitySchemeAdded,
  securityAlternativeAdded,
  securityRemoved,
  securityScopeAdded,
  securityScopeRemoved,
  securitySchemeTypeChanged,
  securityTokenUrlChanged,
  webhookRemoved,
  webhookAdded,
  responseLinkChanged,
  operationCallbackChanged,
  removedBeforeSunset,
  sunsetMovedEarlier,
  sunsetRemoved,
  sunsetInvalid,
  deprecatedSunsetTooSoon,
] as const;

export const SCHEMA_CHANGE_LIST = [
  schema_typeChanged,
  schema_typeWidened,
  schema_typeNarrowed,
  schema_formatAdded,
  schema_formatRemoved,
  schema_formatChanged,
  schema_enumValueAdded,
  schema_enumValueRemoved,
  schema_enumAdded,
  schema_enumRemoved,
  schema_constraintTightened,
  schema_constraintRelaxed,
  schema_patternAdded,
  schema_patternRemoved,
  schema_patternChanged,
  schema_nullableAdded,
  schema_nullableRemoved,
  schema_defaultChanged,
  schema_propertyRemoved,
  schema_propertyAddedRequired,
  schema_propertyAddedOptional,
  schema_propertyBecameRequired,
  schema_propertyBecameOptional,
  schema_variantAdded,
  schema_variantRemoved,
  schema_compositionAdded,
  schema_compositionRemoved,
  schema_additionalPropertiesForbidden,
  schema_additionalPropertiesAllowed,
  schema_additionalPropertiesRestricted,
  schema_additionalPropertiesRelaxed,
  schema_constAdded,
  schema_constRemoved,
  schema_constChanged,
  schema_itemsAdded,
  schema_itemsRemoved,
  schema_prefixItemsAdded,
  schema_prefixItemsRemoved,
  schema_containsAdded,
  schema_containsRemoved,
  schema_propertyNamesAdded,
  schema_propertyNamesRemoved,
  schema_patternPropertyAdded,
  schema_patternPropertyRemoved,
  schema_unevaluatedPropertiesRestricted,
  schema_unevaluatedPropertiesRelaxed,
  schema_unevaluatedItemsRestricted,
  schema_unevaluatedItemsRelaxed,
  schema_dependentRequiredAdded,
  schema_dependentRequiredRemoved,
  schema_dependentSchemaAdded,
  schema_dependentSchemaRemoved,
  schema_conditionalAdded,
  schema_conditionalRemoved,
  schema_conditionChanged,
  schema_notAdded,
  schema_notRemoved,
  schema_notChanged,
  schema_discriminatorAdded,
  schema_discriminatorRemoved,
  schema_discriminatorPropertyChanged,
  schema_discriminatorMappingAdded,
  schema_discriminatorMappingRemoved,
  schema_discriminatorMappingChanged,
  schema_readOnlyAdded,
  schema_readOnlyRemoved,
  schema_readOnlyRemovedRequired,
  schema_writeOnlyAdded,
  schema_writeOnlyRemoved,
  schema_contentEncodingChanged,
  schema_contentMediaTypeChanged,
  schema_contentSchemaAdded,
  schema_contentSchemaRemoved,
  schema_deprecationChanged,
  schema_keywordChanged,
] as const;

/**
 * The checks the walk (compare.ts) asks at each node of one level of the description tree
 * (description-tree.ts), in the order listed in FIXED_CHECKS.
 */
export type FixedCheckId = (typeof FIXED_CHECKS)[number]['id'];
export type TreeChecks = {
  [L in TreeLevel]: Array<{ id: FixedCheckId; detect(node: TreeLevels[L], context: CheckContext): void }>;
};
function treeChecks(): TreeChecks {
  const byLevel: Record<string, Array<(typeof FIXED_CHECKS)[number]>> = {};
  for (const check of FIXED_CHECKS) if (check.level !== 'schema') (byLevel[check.level] ??= []).push(check);
  const levels: TreeLevel[] = [
    'description',
    'webhook',
    'security-scheme',
    'path',
    'operation',
    'parameter',
    'request-body',
    'response',
    'header',
    'media-type',
    'security',
    'link',
    'callback',
    'lifecycle',
  ];
  // Each check was typed against its level's node where it is written; grouping by that same level keeps it.
  return Object.fromEntries(levels.map((level) => [level, byLevel[level] ?? []])) as unknown as TreeChecks;
}
export const TREE_CHECKS: TreeChecks = treeChecks();

/**
 * The checks the comparison asks at every node of the schema diff tree, in this order: each has a
 * `detect` function in its own file. The walk descends into properties, subschemas, alternatives
 * and conditions itself.
 */
export const SCHEMA_NODE_CHECKS = [
  schemaLimitReached,
  schemaDescriptionChanged,
  ...SCHEMA_CHANGE_LIST.filter((definition) => 'detect' in definition),
] as const;
