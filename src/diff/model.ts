/**
 * The vocabulary of diff checks: a change's class, where it is (area), what kind of change it is,
 * and, for a change inside a schema, its effect on the values the schema allows. Each check file
 * under checks/ is data of these types; checks.ts turns them into the catalogue.
 */
import type { Document, JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { Category, ChangeClass } from '../report/finding.js';
import type {
  DescriptionDiff,
  HeaderDiff,
  MediaTypeDiff,
  NamedDiff,
  OperationDiff,
  ParameterDiff,
  PathDiff,
  RequestBodyDiff,
  ResponseDiff,
  SecurityDiff,
  SecuritySchemeDiff,
  WebhookDiff,
} from './description-tree.js';
import type { SchemaNodeDiff } from './tree.js';
import type { LifecycleDiff } from './sunset.js';
import type { RuleSource } from '../../rulesets/lib/rule.js';
import type { SchemaScope } from './scope.js';

export type { ChangeClass };
export type Area =
  | 'paths'
  | 'operations'
  | 'parameters'
  | 'request-body'
  | 'responses'
  | 'headers'
  | 'schemas'
  | 'security'
  | 'versioning'
  | 'info';
export type Kind =
  | 'existence'
  | 'requiredness'
  | 'type'
  | 'constraints'
  | 'enum-values'
  | 'structure'
  | 'lifecycle'
  | 'documentation'
  | 'version';
export type Direction = 'request' | 'response';
/**
 * What a change does to the set of values a schema allows: `narrow` (fewer), `widen` (more),
 * `incompatible` (different values, breaking either way), `undecidable` (depends on the
 * implementation), `additive` (a new optional member callers are expected to tolerate).
 */
export type Effect = 'narrow' | 'widen' | 'incompatible' | 'undecidable' | 'additive';

/** The levels of the description diff tree (description-tree.ts) a check is asked at, and the node it sees there. */
export interface TreeLevels {
  description: DescriptionDiff;
  webhook: WebhookDiff;
  'security-scheme': SecuritySchemeDiff;
  path: PathDiff;
  operation: OperationDiff;
  parameter: ParameterDiff;
  'request-body': RequestBodyDiff;
  response: ResponseDiff;
  header: HeaderDiff;
  'media-type': MediaTypeDiff;
  security: SecurityDiff;
  /** A response's link, by name. */
  link: NamedDiff;
  /** An operation's callback, by name. */
  callback: NamedDiff;
  /** An operation, a parameter or a property, as far as its deprecation and sunset go (sunset.ts). */
  lifecycle: LifecycleDiff;
}
export type TreeLevel = keyof TreeLevels;

/** What a check of the description tree sees besides its node: the two descriptions, and how to report. */
export interface CheckContext {
  base: Document;
  revision: Document;
  /** The moment the comparison runs: a sunset is judged against it. */
  now: Date;
  /** Records this check's change: where in the revision, where in the base, and what happened. */
  report(path: JsonPath, basePath: JsonPath, message: string): void;
}

/**
 * Where a check is asked and the small function that finds its changes there: at every node of one
 * level of the description tree, or (`schema`) at every node of a schema diff tree. The walk
 * (compare.ts) visits each node once and asks every check registered for its level, in the order of
 * checks/index.ts.
 */
export type NodeDetection =
  | { [L in TreeLevel]: { level: L; detect(node: TreeLevels[L], context: CheckContext): void } }[TreeLevel]
  | { level: 'schema'; detect: SchemaDetect };

interface FixedCheckData {
  id: `diff-${string}`;
  class: ChangeClass;
  area: Area;
  kind: Kind;
  category: Category;
  /** One sentence: what changed and why it matters to a caller. */
  description: string;
  /** Where the platform states the rule the check applies, when it is the platform's (the seed, or only its design guide). */
  convention?: RuleSource;
}

/** A check of paths, operations, parameters, bodies, responses, headers, security or info: its class is fixed. */
export type FixedCheck = FixedCheckData & NodeDetection;

/** A change inside a schema; its class comes from `classify(direction of the place, effect)`. */
export interface SchemaChangeDefinition {
  change: string;
  /** Its check's id in each place a schema sits, written whole so a search for an id finds this file. */
  ids: { [S in SchemaScope]: `diff-${S}-${string}` };
  kind: Kind;
  /** Effect per direction where it differs. */
  effect: Effect | Record<Direction, Effect>;
  text: string;
  /**
   * Finds this change at one node of the schema diff tree (both sides at one level, allOf merged)
   * and reports it through the context; the walk (compare.ts) visits each node once, asks every
   * registered check, and descends into subschemas itself.
   */
  detect?: SchemaDetect;
  /**
   * Asked once at each request parameter, before its schema is compared, for what the parameter
   * itself says of its values (a query parameter that may be repeated); reports under the
   * `request-parameter` id.
   */
  parameter?(node: ParameterDiff, context: CheckContext): void;
}

/** What a schema check sees besides the node: where the schema sits, and how to report. */
export interface SchemaCheckContext {
  /** The place as messages name it (`response 200 (application/json) property email`). */
  label: string;
  /** The node is a property its object requires in the revision. */
  requiredInRevision: boolean;
  direction: Direction;
  /**
   * The values are sent as text (a request parameter's schema, serialised by its style, inside
   * objects and arrays too): a number or boolean is sent as the same characters a string would be.
   */
  textual: boolean;
  /** The two descriptions, for checks that compare what a subschema allows (`not`, `if`). */
  base: Document;
  revision: Document;
  /** The moment the comparison runs: a sunset is judged against it. */
  now: Date;
  /** Records this check's change: where in the revision, where in the base, and what happened. */
  report(path: JsonPath, basePath: JsonPath, message: string): void;
  /** Set when the walk reached one of its bounds at this node and compares nothing beyond it. */
  limit?: { what: string; path: JsonPath; basePath: JsonPath };
}

export type SchemaDetect = (node: SchemaNodeDiff, context: SchemaCheckContext) => void;
