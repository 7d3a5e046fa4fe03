/**
 * The catalogue of `vottur diff` checks: one table, the source of truth for ids, classes, tags and
 * the documentation pages (`docs/diff/<id>.md` are generated from it, see test/diff/docs.test.ts).
 *
 * A change's class decides its severity: breaking → error, needs review (cannot be decided from
 * the description alone) → warn, non-breaking → info, documentation only → hint.
 *
 * Schema checks exist once per place a schema sits (a request parameter, a request body, a
 * response body, a response header) and their class comes from one helper, `classify`: a change
 * that narrows what a caller may send, or widens what a caller may receive, breaks the caller.
 */
import type { Category, RuleMeta, Severity } from '../report/finding.js';

export type ChangeClass = 'breaking' | 'review' | 'non-breaking' | 'documentation';
export type Area = 'paths' | 'operations' | 'parameters' | 'request-body' | 'responses' | 'headers' | 'schemas' | 'security' | 'versioning' | 'info';
export type Kind = 'existence' | 'requiredness' | 'type' | 'constraints' | 'enum-values' | 'structure' | 'lifecycle' | 'documentation' | 'version';

export interface CheckDefinition {
  id: string;
  class: ChangeClass;
  area: Area;
  kind: Kind;
  category: Category;
  /** One sentence: what changed and why it matters to a caller. */
  description: string;
}

export const CLASS_SEVERITY: Record<ChangeClass, Severity> = { breaking: 'error', review: 'warn', 'non-breaking': 'info', documentation: 'hint' };
export const CLASS_LABEL: Record<ChangeClass, string> = { breaking: 'breaking', review: 'needs review', 'non-breaking': 'non-breaking', documentation: 'documentation only' };

export type Direction = 'request' | 'response';
/**
 * What a change does to the set of values a schema allows: `narrow` (fewer), `widen` (more),
 * `incompatible` (different values, breaking either way), `undecidable` (depends on the
 * implementation), `additive` (a new optional member callers are expected to tolerate).
 */
export type Effect = 'narrow' | 'widen' | 'incompatible' | 'undecidable' | 'additive';

/** The one place direction is decided: narrowing a request or widening a response breaks callers. */
export function classify(direction: Direction, effect: Effect): ChangeClass {
  if (effect === 'incompatible') return 'breaking';
  if (effect === 'undecidable') return 'review';
  if (effect === 'additive') return 'non-breaking';
  return (direction === 'request') === (effect === 'narrow') ? 'breaking' : 'non-breaking';
}

/** Where a schema sits; the prefix of its checks' ids. */
export type SchemaScope = 'request-parameter' | 'request-body' | 'response-body' | 'response-header';
export const SCOPE_DIRECTION: Record<SchemaScope, Direction> = {
  'request-parameter': 'request',
  'request-body': 'request',
  'response-body': 'response',
  'response-header': 'response',
};
const SCOPE_TEXT: Record<SchemaScope, string> = {
  'request-parameter': 'a request parameter',
  'request-body': 'the request body',
  'response-body': 'the response body',
  'response-header': 'a response header',
};
const SCOPE_AREA: Record<SchemaScope, Area> = { 'request-parameter': 'parameters', 'request-body': 'request-body', 'response-body': 'responses', 'response-header': 'headers' };

interface SchemaKind {
  kind: Kind;
  /** Effect per direction where it differs. */
  effect: Effect | Record<Direction, Effect>;
  text: string;
}

/** Changes found inside any schema, named `diff-<scope>-<change>`. */
export const SCHEMA_CHANGES = {
  'type-changed': { kind: 'type', effect: 'incompatible', text: 'the type changed to one that shares no values with the old one' },
  'type-widened': { kind: 'type', effect: 'widen', text: 'the type now allows more (integer → number, or a type added)' },
  'type-narrowed': { kind: 'type', effect: 'narrow', text: 'the type now allows less (number → integer, or a type removed)' },
  'format-added': { kind: 'type', effect: 'narrow', text: 'a format was added' },
  'format-removed': { kind: 'type', effect: 'widen', text: 'the format was removed' },
  'format-changed': { kind: 'type', effect: 'incompatible', text: 'the format changed' },
  'enum-value-added': { kind: 'enum-values', effect: 'widen', text: 'an enum value was added' },
  'enum-value-removed': { kind: 'enum-values', effect: 'narrow', text: 'an enum value was removed' },
  'enum-added': { kind: 'enum-values', effect: 'narrow', text: 'the values were restricted to an enum' },
  'enum-removed': { kind: 'enum-values', effect: 'widen', text: 'the enum restriction was removed' },
  'constraint-tightened': { kind: 'constraints', effect: 'narrow', text: 'a bound (minimum, maximum, length, item count, property count, minContains/maxContains, multipleOf, uniqueItems) was tightened or added' },
  'constraint-relaxed': { kind: 'constraints', effect: 'widen', text: 'a bound (minimum, maximum, length, item count, property count, minContains/maxContains, multipleOf, uniqueItems) was relaxed or removed' },
  'pattern-added': { kind: 'constraints', effect: 'narrow', text: 'a pattern was added' },
  'pattern-removed': { kind: 'constraints', effect: 'widen', text: 'the pattern was removed' },
  'pattern-changed': { kind: 'constraints', effect: 'undecidable', text: 'the pattern changed (whether it allows more or less cannot be decided in general)' },
  'nullable-added': { kind: 'type', effect: 'widen', text: 'null became allowed' },
  'nullable-removed': { kind: 'type', effect: 'narrow', text: 'null is no longer allowed' },
  'default-changed': { kind: 'constraints', effect: 'undecidable', text: 'the default value changed (callers that omit the value get different behaviour)' },
  'property-removed': { kind: 'existence', effect: { request: 'undecidable', response: 'widen' }, text: 'a property was removed' },
  'property-added-required': { kind: 'existence', effect: 'narrow', text: 'a required property was added' },
  'property-added-optional': { kind: 'existence', effect: 'additive', text: 'an optional property was added' },
  'property-became-required': { kind: 'requiredness', effect: 'narrow', text: 'a property became required' },
  'property-became-optional': { kind: 'requiredness', effect: 'widen', text: 'a property became optional' },
  'variant-added': { kind: 'structure', effect: 'widen', text: 'a oneOf/anyOf alternative was added' },
  'variant-removed': { kind: 'structure', effect: 'narrow', text: 'a oneOf/anyOf alternative was removed' },
  'additional-properties-forbidden': { kind: 'structure', effect: 'narrow', text: 'additional properties are no longer allowed' },
  'additional-properties-allowed': { kind: 'structure', effect: 'widen', text: 'additional properties became allowed' },
  'additional-properties-restricted': { kind: 'structure', effect: 'narrow', text: 'additional properties must now match a schema (`additionalProperties` with a schema was added)' },
  'additional-properties-relaxed': { kind: 'structure', effect: 'widen', text: 'the schema additional properties had to match was removed' },
  'const-added': { kind: 'enum-values', effect: 'narrow', text: 'the value was fixed with `const`' },
  'const-removed': { kind: 'enum-values', effect: 'widen', text: 'the `const` restriction was removed' },
  'const-changed': { kind: 'enum-values', effect: 'incompatible', text: 'the `const` value changed' },
  'items-added': { kind: 'structure', effect: 'narrow', text: 'the array items must now match a schema (`items` was added)' },
  'items-removed': { kind: 'structure', effect: 'widen', text: 'the schema of the array items (`items`) was removed' },
  'prefix-items-added': { kind: 'structure', effect: 'narrow', text: 'a leading array position (`prefixItems`) now has a schema' },
  'prefix-items-removed': { kind: 'structure', effect: 'widen', text: 'a leading array position (`prefixItems`) lost its schema' },
  'contains-added': { kind: 'structure', effect: 'narrow', text: 'the array must now contain a matching item (`contains` was added)' },
  'contains-removed': { kind: 'structure', effect: 'widen', text: 'the `contains` requirement was removed' },
  'property-names-added': { kind: 'constraints', effect: 'narrow', text: 'property names must now match a schema (`propertyNames` was added)' },
  'property-names-removed': { kind: 'constraints', effect: 'widen', text: 'the `propertyNames` restriction was removed' },
  'pattern-property-added': { kind: 'structure', effect: 'narrow', text: 'properties whose names match a pattern must now match a schema (`patternProperties` entry added)' },
  'pattern-property-removed': { kind: 'structure', effect: 'widen', text: 'a `patternProperties` entry was removed' },
  'unevaluated-properties-restricted': { kind: 'structure', effect: 'narrow', text: 'properties not covered by the schema are now refused or constrained (`unevaluatedProperties` added)' },
  'unevaluated-properties-relaxed': { kind: 'structure', effect: 'widen', text: 'the `unevaluatedProperties` restriction was removed' },
  'unevaluated-items-restricted': { kind: 'structure', effect: 'narrow', text: 'array items not covered by the schema are now refused or constrained (`unevaluatedItems` added)' },
  'unevaluated-items-relaxed': { kind: 'structure', effect: 'widen', text: 'the `unevaluatedItems` restriction was removed' },
  'dependent-required-added': { kind: 'requiredness', effect: 'narrow', text: 'a property now requires others when present (`dependentRequired` added or extended)' },
  'dependent-required-removed': { kind: 'requiredness', effect: 'widen', text: 'a `dependentRequired` requirement was removed' },
  'dependent-schema-added': { kind: 'structure', effect: 'narrow', text: 'a property now brings a schema the object must match (`dependentSchemas` entry added)' },
  'dependent-schema-removed': { kind: 'structure', effect: 'widen', text: 'a `dependentSchemas` entry was removed' },
  'conditional-added': { kind: 'structure', effect: 'narrow', text: 'a conditional branch (`then` or `else`) was added' },
  'conditional-removed': { kind: 'structure', effect: 'widen', text: 'a conditional branch (`then` or `else`) was removed' },
  'condition-changed': { kind: 'structure', effect: 'undecidable', text: 'the condition (`if`) changed, so other values take each branch' },
  'not-added': { kind: 'constraints', effect: 'narrow', text: 'values matching a schema are now refused (`not` was added)' },
  'not-removed': { kind: 'constraints', effect: 'widen', text: 'the `not` restriction was removed' },
  'not-changed': { kind: 'constraints', effect: 'undecidable', text: 'the schema under `not` changed (a narrower `not` allows more, a wider one less)' },
  'discriminator-added': { kind: 'structure', effect: 'undecidable', text: 'a discriminator was added; generated clients and servers may now dispatch on it' },
  'discriminator-removed': { kind: 'structure', effect: 'undecidable', text: 'the discriminator was removed; generated clients may no longer tell the alternatives apart' },
  'discriminator-property-changed': { kind: 'structure', effect: 'incompatible', text: 'the discriminator property name changed' },
  'discriminator-mapping-added': { kind: 'enum-values', effect: 'widen', text: 'a discriminator mapping value was added' },
  'discriminator-mapping-removed': { kind: 'enum-values', effect: 'narrow', text: 'a discriminator mapping value was removed' },
  'discriminator-mapping-changed': { kind: 'enum-values', effect: 'incompatible', text: 'a discriminator mapping value now names another schema' },
  'read-only-added': { kind: 'lifecycle', effect: { request: 'narrow', response: 'additive' }, text: 'the value became read-only (callers may no longer send it)' },
  'read-only-removed': { kind: 'lifecycle', effect: { request: 'widen', response: 'additive' }, text: 'the value is no longer read-only' },
  'write-only-added': { kind: 'lifecycle', effect: { request: 'additive', response: 'widen' }, text: 'the value became write-only (responses no longer carry it)' },
  'write-only-removed': { kind: 'lifecycle', effect: { request: 'additive', response: 'narrow' }, text: 'the value is no longer write-only' },
  'content-encoding-changed': { kind: 'type', effect: 'incompatible', text: 'the content encoding of a string (`contentEncoding`) was added, removed or changed' },
  'content-media-type-changed': { kind: 'type', effect: 'incompatible', text: 'the media type of a string\'s content (`contentMediaType`) was added, removed or changed' },
  'content-schema-added': { kind: 'structure', effect: 'narrow', text: 'the decoded content of a string must now match a schema (`contentSchema` added)' },
  'content-schema-removed': { kind: 'structure', effect: 'widen', text: 'the `contentSchema` restriction was removed' },
  'deprecation-changed': { kind: 'lifecycle', effect: 'additive', text: 'the schema was marked deprecated, or is no longer deprecated' },
  'keyword-changed': { kind: 'constraints', effect: 'undecidable', text: 'a keyword or extension (`x-…`) that vottur does not model changed; review what it means to callers' },
} satisfies Record<string, SchemaKind>;
export type SchemaChange = keyof typeof SCHEMA_CHANGES;

export function schemaCheckId(scope: SchemaScope, change: SchemaChange): string {
  return `diff-${scope}-${change}`;
}

function schemaChecks(): CheckDefinition[] {
  const checks: CheckDefinition[] = [];
  for (const scope of Object.keys(SCOPE_DIRECTION) as SchemaScope[]) {
    const direction = SCOPE_DIRECTION[scope];
    for (const [change, definition] of Object.entries(SCHEMA_CHANGES) as Array<[SchemaChange, SchemaKind]>) {
      const effect = typeof definition.effect === 'string' ? definition.effect : definition.effect[direction];
      checks.push({
        id: schemaCheckId(scope, change),
        class: classify(direction, effect),
        area: SCOPE_AREA[scope],
        kind: definition.kind,
        category: 'data-format',
        description: `In the schema of ${SCOPE_TEXT[scope]}, ${definition.text}.`,
      });
    }
  }
  return checks;
}

const fixed = (id: string, cls: ChangeClass, area: Area, kind: Kind, category: Category, description: string): CheckDefinition => ({ id, class: cls, area, kind, category, description });

export const CHECKS: readonly CheckDefinition[] = [
  fixed('diff-path-removed', 'breaking', 'paths', 'existence', 'methods', 'A path was removed with all its operations; callers of it get 404.'),
  fixed('diff-path-added', 'non-breaking', 'paths', 'existence', 'methods', 'A path was added.'),
  fixed('diff-path-parameter-renamed', 'documentation', 'paths', 'documentation', 'documentation', 'A path parameter was renamed (`/users/{id}` → `/users/{userId}`); the URLs callers send are unchanged.'),
  fixed('diff-operation-removed', 'breaking', 'operations', 'existence', 'methods', 'An operation that was not deprecated was removed; callers of it get 404 or 405.'),
  fixed('diff-deprecated-operation-removed', 'review', 'operations', 'lifecycle', 'methods', 'A deprecated operation was removed; check that its notice period has passed.'),
  fixed('diff-operation-added', 'non-breaking', 'operations', 'existence', 'methods', 'An operation was added.'),
  fixed('diff-operation-deprecated', 'non-breaking', 'operations', 'lifecycle', 'methods', 'An operation was marked deprecated; the notice period starts.'),
  fixed('diff-operation-undeprecated', 'non-breaking', 'operations', 'lifecycle', 'methods', 'An operation is no longer deprecated.'),
  fixed('diff-operation-id-changed', 'review', 'operations', 'structure', 'naming', 'The operationId changed; generated clients rename the method.'),
  fixed('diff-operation-summary-changed', 'documentation', 'operations', 'documentation', 'documentation', 'The summary of an operation changed.'),
  fixed('diff-operation-description-changed', 'documentation', 'operations', 'documentation', 'documentation', 'The description of an operation changed.'),
  fixed('diff-operation-tags-changed', 'documentation', 'operations', 'documentation', 'documentation', 'The tags of an operation changed.'),
  fixed('diff-api-description-changed', 'documentation', 'info', 'documentation', 'documentation', 'The title or description of the API changed.'),
  fixed('diff-server-url-changed', 'review', 'info', 'structure', 'methods', 'The server URLs changed; callers with a configured base URL may call the wrong address.'),
  fixed('diff-request-parameter-removed', 'review', 'parameters', 'existence', 'data-format', 'A request parameter was removed; callers that send it may be refused or silently ignored.'),
  fixed('diff-request-parameter-added-required', 'breaking', 'parameters', 'existence', 'data-format', 'A required request parameter was added; existing calls lack it.'),
  fixed('diff-request-parameter-added-optional', 'non-breaking', 'parameters', 'existence', 'data-format', 'An optional request parameter was added.'),
  fixed('diff-request-parameter-became-required', 'breaking', 'parameters', 'requiredness', 'data-format', 'A request parameter became required; calls that omit it are refused.'),
  fixed('diff-request-parameter-became-optional', 'non-breaking', 'parameters', 'requiredness', 'data-format', 'A request parameter became optional.'),
  fixed('diff-request-parameter-location-changed', 'breaking', 'parameters', 'structure', 'data-format', 'A request parameter moved (for example from the query to a header); callers send it in the old place.'),
  fixed('diff-request-parameter-style-changed', 'breaking', 'parameters', 'structure', 'data-format', 'The serialisation (style or explode) of a request parameter changed; callers encode it the old way.'),
  fixed('diff-request-parameter-deprecated', 'non-breaking', 'parameters', 'lifecycle', 'data-format', 'A request parameter was marked deprecated.'),
  fixed('diff-request-parameter-description-changed', 'documentation', 'parameters', 'documentation', 'documentation', 'The description of a request parameter changed.'),
  fixed('diff-request-body-added-required', 'breaking', 'request-body', 'existence', 'data-format', 'A required request body was added; existing calls send none.'),
  fixed('diff-request-body-added-optional', 'non-breaking', 'request-body', 'existence', 'data-format', 'An optional request body was added.'),
  fixed('diff-request-body-removed', 'review', 'request-body', 'existence', 'data-format', 'The request body was removed; callers that send one may be refused or ignored.'),
  fixed('diff-request-body-became-required', 'breaking', 'request-body', 'requiredness', 'data-format', 'The request body became required.'),
  fixed('diff-request-body-became-optional', 'non-breaking', 'request-body', 'requiredness', 'data-format', 'The request body became optional.'),
  fixed('diff-request-body-media-type-removed', 'breaking', 'request-body', 'existence', 'data-format', 'A media type of the request body was removed; callers that send it are refused (415).'),
  fixed('diff-request-body-media-type-added', 'non-breaking', 'request-body', 'existence', 'data-format', 'A media type of the request body was added.'),
  fixed('diff-response-status-removed', 'review', 'responses', 'existence', 'errors', 'A documented response status was removed; callers that handle it keep working, but check that the service no longer sends it.'),
  fixed('diff-response-success-status-removed', 'breaking', 'responses', 'existence', 'errors', 'A success (2xx) response was removed; callers that expect it see an undocumented status.'),
  fixed('diff-response-status-added', 'review', 'responses', 'existence', 'errors', 'A response status was added; callers may not handle it.'),
  fixed('diff-response-media-type-removed', 'breaking', 'responses', 'existence', 'data-format', 'A media type of a response was removed; callers that ask for it (Accept) get 406 or something else.'),
  fixed('diff-response-media-type-added', 'non-breaking', 'responses', 'existence', 'data-format', 'A media type of a response was added.'),
  fixed('diff-response-header-removed', 'breaking', 'headers', 'existence', 'data-format', 'A response header was removed; callers that read it miss it.'),
  fixed('diff-response-header-became-optional', 'breaking', 'headers', 'requiredness', 'data-format', 'A response header is no longer always sent.'),
  fixed('diff-response-header-added', 'non-breaking', 'headers', 'existence', 'data-format', 'A response header was added.'),
  fixed('diff-response-description-changed', 'documentation', 'responses', 'documentation', 'documentation', 'The description of a response changed.'),
  fixed('diff-schema-description-changed', 'documentation', 'schemas', 'documentation', 'documentation', 'The description or another annotation (`title`, `examples`, `example`, `$comment`, `externalDocs`) of a schema or property changed.'),
  fixed('diff-security-scheme-removed', 'breaking', 'security', 'existence', 'security', 'A security scheme an operation accepted was removed; callers that authenticate with it are refused.'),
  fixed('diff-security-scheme-added', 'breaking', 'security', 'existence', 'security', 'An operation now requires a security scheme it did not; existing callers lack those credentials.'),
  fixed('diff-security-alternative-added', 'non-breaking', 'security', 'existence', 'security', 'An operation accepts another way of authenticating (a new alternative in `security`).'),
  fixed('diff-security-removed', 'review', 'security', 'existence', 'security', 'An operation no longer requires authentication; check that this is intended.'),
  fixed('diff-security-scope-added', 'breaking', 'security', 'constraints', 'security', 'An operation requires a scope it did not; tokens issued for the old scopes are refused.'),
  fixed('diff-security-scope-removed', 'non-breaking', 'security', 'constraints', 'security', 'An operation requires fewer scopes.'),
  fixed('diff-security-scheme-type-changed', 'breaking', 'security', 'type', 'security', 'A security scheme changed its type, location or flow; callers authenticate the old way.'),
  fixed('diff-security-token-url-changed', 'breaking', 'security', 'structure', 'security', 'The token URL of an OAuth 2.0 flow changed; callers ask the old address for tokens.'),
  ...schemaChecks(),
];

/** The platform's versioning rules, checked on the pair as a whole. */
export interface VersionRuleDefinition {
  id: string;
  severity: Severity;
  description: string;
}

export const VERSION_RULES: readonly VersionRuleDefinition[] = [
  { id: 'platform-version-breaking-without-major', severity: 'error', description: 'A breaking change needs a new major version: a higher major in `info.version` and a new `/v{major}` path prefix, with the old major still answering.' },
  { id: 'platform-version-removed-without-deprecation', severity: 'error', description: 'An operation of an old major may only be removed once it was marked `deprecated: true` in a published version.' },
  { id: 'platform-version-deprecated-removed', severity: 'warn', description: 'A deprecated operation was removed: the platform promises at least six months\' notice before a version is retired.' },
  { id: 'platform-version-minor-required', severity: 'warn', description: 'An additive change needs at least a minor version bump.' },
  { id: 'platform-version-patch-required', severity: 'warn', description: 'A documentation-only change needs at least a patch version bump.' },
  { id: 'platform-version-decreased', severity: 'error', description: '`info.version` must never go down.' },
  { id: 'platform-version-path-major-mismatch', severity: 'error', description: 'The major of `info.version` and the `/v{major}` prefix of the newest paths must agree.' },
  { id: 'platform-version-invalid', severity: 'error', description: '`info.version` must be a semantic version (MAJOR.MINOR.PATCH).' },
];

const BY_ID = new Map(CHECKS.map((check) => [check.id, check]));

export function check(id: string): CheckDefinition {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown diff check ${id}`);
  return found;
}

export const DIFF_DOCS_BASE_URL = 'https://github.com/vottur/vottur/blob/main/docs/diff/';
export function diffDocsUrl(id: string): string {
  return `${DIFF_DOCS_BASE_URL}${id}.md`;
}

/** The rules a diff run checks, as reports list them. */
export function diffRules(): RuleMeta[] {
  return [
    ...CHECKS.map((c) => ({ id: c.id, severity: CLASS_SEVERITY[c.class], category: c.category, description: c.description, docsUrl: diffDocsUrl(c.id), source: 'diff' as const })),
    ...VERSION_RULES.map((r) => ({ id: r.id, severity: r.severity, category: 'documentation' as const, description: r.description, docsUrl: diffDocsUrl(r.id), source: 'diff' as const })),
  ];
}
