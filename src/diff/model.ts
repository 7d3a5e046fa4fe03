/**
 * The vocabulary of diff checks: a change's class, where it is (area), what kind of change it is,
 * and, for a change inside a schema, its effect on the values the schema allows. Each check file
 * under checks/ is data of these types; checks.ts turns them into the catalogue.
 */
import type { Category, ChangeClass } from '../report/finding.js';

export type { ChangeClass };
export type Area = 'paths' | 'operations' | 'parameters' | 'request-body' | 'responses' | 'headers' | 'schemas' | 'security' | 'versioning' | 'info';
export type Kind = 'existence' | 'requiredness' | 'type' | 'constraints' | 'enum-values' | 'structure' | 'lifecycle' | 'documentation' | 'version';
export type Direction = 'request' | 'response';
/**
 * What a change does to the set of values a schema allows: `narrow` (fewer), `widen` (more),
 * `incompatible` (different values, breaking either way), `undecidable` (depends on the
 * implementation), `additive` (a new optional member callers are expected to tolerate).
 */
export type Effect = 'narrow' | 'widen' | 'incompatible' | 'undecidable' | 'additive';

/** A check of paths, operations, parameters, bodies, responses, headers, security or info: its class is fixed. */
export interface FixedCheck {
  id: `diff-${string}`;
  class: ChangeClass;
  area: Area;
  kind: Kind;
  category: Category;
  /** One sentence: what changed and why it matters to a caller. */
  description: string;
}

/** A change inside a schema; its class comes from `classify(direction of the place, effect)`. */
export interface SchemaChangeDefinition {
  change: string;
  kind: Kind;
  /** Effect per direction where it differs. */
  effect: Effect | Record<Direction, Effect>;
  text: string;
}
