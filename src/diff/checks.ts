/**
 * The catalogue of `vottur diff` checks, built from the check files (one per check, checks/): the
 * source of truth for ids, classes, tags and the documentation pages (`docs/diff/<id>.md` are
 * generated from it, see test/diff/docs.test.ts). Adding a check is adding a file there.
 *
 * A change's class decides its severity: breaking → error, needs review (cannot be decided from
 * the description alone) → warn, non-breaking → info, documentation only → hint.
 *
 * Schema checks exist once per place a schema sits (a request parameter, a request body, a
 * response body, a response header) and their class comes from one helper, `classify`: a change
 * that narrows what a caller may send, or widens what a caller may receive, breaks the caller.
 */
import type { Category, RuleMeta, Severity } from '../report/finding.js';
import type { RuleSource } from '../../rulesets/lib/rule.js';
import { FIXED_CHECKS, SCHEMA_CHANGE_LIST } from './checks/index.js';
import type {
  Area,
  ChangeClass,
  CheckContext,
  Direction,
  Effect,
  Kind,
  SchemaChangeDefinition,
  TreeLevel,
  TreeLevels,
} from './model.js';
import type { SchemaScope } from './scope.js';
import type { ParameterDiff } from './description-tree.js';

export type { Area, ChangeClass, Direction, Effect, Kind } from './model.js';

export interface CheckDefinition {
  id: CheckId;
  class: ChangeClass;
  area: Area;
  kind: Kind;
  category: Category;
  /** One sentence: what changed and why it matters to a caller. */
  description: string;
  /** For a change inside a schema: what it does to the values allowed (the class follows from it and the place). */
  effect?: Effect;
  /** Where the platform states the rule the check applies (the seed, or only its design guide), when it does. */
  convention?: RuleSource;
}

export const CLASS_SEVERITY: Record<ChangeClass, Severity> = {
  breaking: 'error',
  review: 'warn',
  'non-breaking': 'info',
  documentation: 'hint',
};
/** A level the configuration sets for a diff check, read as the class the team gives the change. */
export const SEVERITY_CLASS: Record<Severity, ChangeClass> = {
  error: 'breaking',
  warn: 'review',
  info: 'non-breaking',
  hint: 'documentation',
};
export const CLASS_LABEL: Record<ChangeClass, string> = {
  breaking: 'breaking',
  review: 'needs review',
  'non-breaking': 'non-breaking',
  documentation: 'documentation only',
};

/** The one place direction is decided: narrowing a request or widening a response breaks callers. */
export function classify(direction: Direction, effect: Effect): ChangeClass {
  if (effect === 'incompatible') return 'breaking';
  if (effect === 'undecidable') return 'review';
  if (effect === 'additive') return 'non-breaking';
  return (direction === 'request') === (effect === 'narrow') ? 'breaking' : 'non-breaking';
}

export type { SchemaScope };
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
const SCOPE_AREA: Record<SchemaScope, Area> = {
  'request-parameter': 'parameters',
  'request-body': 'request-body',
  'response-body': 'responses',
  'response-header': 'headers',
};

/** Changes found inside any schema, one file each (checks/schema-<change>.ts), its four ids written there whole. */
export const SCHEMA_CHANGES = Object.fromEntries(
  SCHEMA_CHANGE_LIST.map((definition) => [definition.change, definition]),
) as unknown as Record<SchemaChange, SchemaChangeDefinition>;
export type SchemaChange = (typeof SCHEMA_CHANGE_LIST)[number]['change'];
export type FixedCheckId = (typeof FIXED_CHECKS)[number]['id'];
export type SchemaCheckId = (typeof SCHEMA_CHANGE_LIST)[number]['ids'][SchemaScope];
/** Every check id, as a literal type: naming an unknown check fails the build. */
export type CheckId = FixedCheckId | SchemaCheckId;

function schemaChecks(): CheckDefinition[] {
  const checks: CheckDefinition[] = [];
  for (const scope of Object.keys(SCOPE_DIRECTION) as SchemaScope[]) {
    const direction = SCOPE_DIRECTION[scope];
    for (const definition of SCHEMA_CHANGE_LIST) {
      const effect = typeof definition.effect === 'string' ? definition.effect : definition.effect[direction];
      checks.push({
        id: definition.ids[scope],
        class: classify(direction, effect),
        area: SCOPE_AREA[scope],
        kind: definition.kind,
        category: 'data-format',
        description: `In the schema of ${SCOPE_TEXT[scope]}, ${definition.text}.`,
        effect,
      });
    }
  }
  return checks;
}

export const CHECKS: readonly CheckDefinition[] = [...FIXED_CHECKS, ...schemaChecks()];

/**
 * The checks the walk (compare.ts) asks at each node of one level of the description tree
 * (description-tree.ts), in the order of the generated index (checks/index.ts).
 */
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
 * The checks the comparison asks at every node of the schema diff tree, in this order: the limit
 * and description checks (fixed ids), then every schema change. The walk descends into
 * properties, subschemas, alternatives and conditions itself.
 */
export const SCHEMA_NODE_CHECKS = [
  ...FIXED_CHECKS.filter((check) => check.level === 'schema'),
  ...SCHEMA_CHANGE_LIST,
] as const;

/** The schema changes asked at each request parameter itself (their `parameter` function), with the id they report under. */
export const PARAMETER_SCHEMA_CHECKS = SCHEMA_CHANGE_LIST.flatMap((definition) =>
  'parameter' in definition
    ? [
        {
          id: definition.ids['request-parameter'],
          detect: (node: ParameterDiff, context: CheckContext) => definition.parameter(node, context),
        },
      ]
    : [],
);

/** The platform's versioning rules, checked on the pair as a whole. */
export interface VersionRuleDefinition {
  id: string;
  severity: Severity;
  description: string;
  /** Where the platform states it: the seed (Versioning: the major in the path, semantic versions) or only the design guide (deprecation, six months' notice). */
  convention: RuleSource;
}

const SEED_VERSIONING: RuleSource = { document: 'seed', section: 'Versioning 2' };
const GUIDE_VERSIONING: RuleSource = { document: 'design guide', section: 'versioning.md' };

export const VERSION_RULES: readonly VersionRuleDefinition[] = [
  {
    id: 'platform-version-breaking-without-major',
    convention: SEED_VERSIONING,
    severity: 'error',
    description:
      'A breaking change needs a new major version: a higher major in `info.version` and a new `/v{major}` path prefix, with the old major still answering.',
  },
  {
    id: 'platform-version-removed-without-deprecation',
    convention: GUIDE_VERSIONING,
    severity: 'error',
    description:
      'An operation of an old major may only be removed once it was marked `deprecated: true` in a published version.',
  },
  {
    id: 'platform-version-deprecated-removed',
    convention: GUIDE_VERSIONING,
    severity: 'warn',
    description:
      "A deprecated operation was removed: the platform promises at least six months' notice before a version is retired.",
  },
  {
    id: 'platform-version-minor-required',
    convention: SEED_VERSIONING,
    severity: 'warn',
    description: 'An additive change needs at least a minor version bump.',
  },
  {
    id: 'platform-version-patch-required',
    convention: SEED_VERSIONING,
    severity: 'warn',
    description: 'A documentation-only change needs at least a patch version bump.',
  },
  {
    id: 'platform-version-decreased',
    convention: SEED_VERSIONING,
    severity: 'error',
    description: '`info.version` must never go down.',
  },
  {
    id: 'platform-version-path-major-mismatch',
    convention: SEED_VERSIONING,
    severity: 'error',
    description: 'The major of `info.version` and the `/v{major}` prefix of the newest paths must agree.',
  },
  {
    id: 'platform-version-invalid',
    convention: SEED_VERSIONING,
    severity: 'error',
    description: '`info.version` must be a semantic version (MAJOR.MINOR.PATCH).',
  },
];

const BY_ID = new Map<string, CheckDefinition>(CHECKS.map((check) => [check.id, check]));

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
    ...CHECKS.map((c) => ({
      id: c.id,
      severity: CLASS_SEVERITY[c.class],
      category: c.category,
      description: c.description,
      docsUrl: diffDocsUrl(c.id),
      source: 'diff' as const,
      ...(c.convention ? { convention: c.convention } : {}),
    })),
    ...VERSION_RULES.map((r) => ({
      id: r.id,
      severity: r.severity,
      category: 'documentation' as const,
      description: r.description,
      docsUrl: diffDocsUrl(r.id),
      source: 'diff' as const,
      convention: r.convention,
    })),
  ];
}
