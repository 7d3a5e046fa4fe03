/**
 * Incremental linting: after an edit, the rules run again only on what the edit can affect, and
 * the earlier results stand for the rest. An editor's language server lints after every change;
 * on a 4 MB description a full run of the rules costs about half a second of CPU, most of it
 * rules that look at every schema of every component, while an edit usually touches one operation.
 *
 * How a run decides what to redo:
 * - The document is cut into parts: each path item (`paths/<template>`), and the rest (info,
 *   components, tags, servers... everything outside `paths`). The new parse is compared with the
 *   previous one part by part (deep equality, key order included).
 * - When anything outside `paths` changed (a component schema, the info object...), every rule runs
 *   on the whole document: a component can be referenced from anywhere.
 * - When only path items changed, a rule that is *path-local* runs on a slice of the document: the
 *   changed path items (and everything outside `paths`, for their `$ref`s), with the slice's own
 *   schemas preset as its `schemas` view, so the rule walks only the changed items' schemas. Its
 *   results inside the changed path items replace the earlier ones there; all its other results are
 *   kept. A rule is path-local when what it reports inside one path item depends only on that path
 *   item and the parts outside `paths`, and what it reports outside `paths` does not depend on the
 *   path items at all (`PATH_LOCAL_RULES`; `test/lint/incremental.test.ts` checks both halves of
 *   that on every fixture and corpus document, and that incremental runs equal full runs).
 * - Every other rule (operationId uniqueness, rules that compare paths with each other, rules that
 *   judge a shared component by the operations that use it) runs on the whole new document.
 *
 * The earlier results are kept as paths into the document, so the caller positions them by the
 * new parse, as it positions fresh ones. Anything the slicing cannot vouch for runs in full: a
 * `$ref` into `paths`, a document that is not OpenAPI 3.x, an object reached twice in the parse
 * (YAML aliases), different settings.
 */
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { presetView, schemas, type SchemaNode } from '../../rulesets/lib/openapi/views.js';
import { isOpenApi3x, type RuleDefinition } from '../../rulesets/lib/rule.js';
import type { RuleContext } from '../../rulesets/lib/rule.js';
import { vocabularyWith } from '../../rulesets/lib/vocabulary.js';
import { runRules, runRulesOn, type Linter, type RuleResult, type RunSettings } from './engine.js';
import { nativeLinter } from './lint.js';
import { isSwagger2 } from './swagger.js';

/**
 * Rules whose results decompose over path items (see the module comment). A rule not listed is
 * run on the whole document after every edit, which is always right; listing one is a claim that
 * `test/lint/incremental.test.ts` checks on every fixture and corpus document. Not listed, for
 * example: the rules that recognise a national identifier by how the whole document uses a name
 * (`platform-national-id-format`, `-name`, `platform-parameter-example`, `platform-sensitive-param`),
 * operationId uniqueness, rules that report a thing once at its first use
 * (`platform-oauth-scope-name`) or group findings across operations
 * (`platform-response-body-example`), and the rules that judge a shared response or body by every
 * operation using it, and `platform-path-parameters` (two paths that differ only in their variables'
 * names are one finding at the second: it compares path items with each other), and
 * `platform-path-kebab-case` (a glued segment is split where the document's own prose writes its
 * words apart, rulesets/lib/document-words.ts: it reads the whole document).
 */
export const PATH_LOCAL_RULES: ReadonlySet<string> = new Set([
  'platform-amount-format',
  'platform-charset-utf8',
  'platform-currency-code',
  'platform-date-time-format',
  'platform-enum-value-upper-case',
  'platform-field-camel-case',
  'platform-get-204',
  'platform-info-contact',
  'platform-info-description',
  'platform-info-title',
  'platform-info-x-category',
  'platform-info-x-links',
  'platform-info-x-pricing',
  'platform-language-code',
  'platform-no-404',
  'platform-openapi-3',
  'platform-openapi-valid',
  'platform-operation-description',
  'platform-parameters-required-first',
  'platform-query-param-camel-case',
  'platform-response-auth-errors',
  'platform-response-errors',
  'platform-response-success',
  'platform-schema-pascal-case',
  'platform-schema-property-description',
]);

/** What one run did: for the benchmark and the tests. */
export interface IncrementalRunStats {
  /** `full`: every rule on the whole document; `incremental`: path-local rules on the changed path items only. */
  mode: 'full' | 'incremental';
  /** Why the run was full (first run, a change outside `paths`...). */
  reason?: string;
  /** How many path items changed (added, removed or edited), for an incremental run. */
  changedPathItems?: number;
}

interface PreviousRun {
  data: Record<string, unknown>;
  settingsKey: string;
  rules: readonly RuleDefinition[];
  /** Each rule's results, in the order the rule reported them. */
  byRule: Map<string, RuleResult[]>;
}

/**
 * Lints successive versions of one document, reusing what an edit did not affect. One instance
 * per document (the language server keeps one per open description); it holds the previous parse
 * and results, nothing more, so its memory is that of one version.
 */
export class IncrementalRuleRunner {
  private previous: PreviousRun | undefined;
  /** What the last run did. */
  lastRun: IncrementalRunStats = { mode: 'full', reason: 'no run yet' };

  /** Forgets the previous version: the next run is full. */
  reset(): void {
    this.previous = undefined;
  }

  /** The results `runRules(rules, data, settings)` gives, computed incrementally when it can be. */
  run(rules: readonly RuleDefinition[], data: unknown, settings: RunSettings = {}): RuleResult[] {
    const settingsKey = keyOfSettings(settings);
    const previous = this.previous;
    const why = isObject(data) ? fullRunReason(previous, rules, data, settingsKey) : 'not an object';
    if (why !== undefined || !isObject(data) || !previous) {
      this.lastRun = { mode: 'full', reason: why ?? 'no previous run' };
      return this.fullRun(rules, data, settings, settingsKey);
    }
    const changed = changedPathItems(previous.data.paths, data.paths);
    // The previous version had no `$ref` into `paths` and no object reached twice (else it would
    // not have been kept), and the rest is unchanged: only the changed path items can bring one.
    const paths = data.paths;
    const edited = changed && isObject(paths) ? [...changed].map((key) => paths[key]) : [];
    if (changed === undefined || refersIntoPaths(edited) || hasSharedObjects(edited)) {
      this.lastRun = { mode: 'full', reason: 'the paths changed in a way slicing cannot follow' };
      return this.fullRun(rules, data, settings, settingsKey);
    }
    const byRule = this.incrementalRun(previous, rules, data, changed, settings);
    if (!byRule) {
      this.lastRun = { mode: 'full', reason: 'a result outside any one path item' };
      return this.fullRun(rules, data, settings, settingsKey);
    }
    this.lastRun = { mode: 'incremental', changedPathItems: changed.size };
    this.previous = { data, settingsKey, rules, byRule };
    return flatten(rules, byRule);
  }

  private fullRun(
    rules: readonly RuleDefinition[],
    data: unknown,
    settings: RunSettings,
    settingsKey: string,
  ): RuleResult[] {
    const results = runRules(rules, data, settings);
    if (!isObject(data) || !isOpenApi3x(data) || hasSharedObjects(data) || refersIntoPaths(data)) {
      this.previous = undefined;
      return results;
    }
    const byRule = new Map<string, RuleResult[]>();
    for (const result of results) {
      let list = byRule.get(result.code);
      if (!list) byRule.set(result.code, (list = []));
      list.push(result);
    }
    this.previous = { data, settingsKey, rules, byRule };
    return results;
  }

  /** Each rule's results for `data`; undefined when a path-local rule reported where the slicing cannot place it. */
  private incrementalRun(
    previous: PreviousRun,
    rules: readonly RuleDefinition[],
    data: Record<string, unknown>,
    changed: ReadonlySet<string>,
    settings: RunSettings,
  ): Map<string, RuleResult[]> | undefined {
    const active =
      settings.skip && settings.skip.size > 0 ? rules.filter((rule) => !settings.skip?.has(rule.id)) : rules;
    const local = active.filter((rule) => PATH_LOCAL_RULES.has(rule.id));
    const global = active.filter((rule) => !PATH_LOCAL_RULES.has(rule.id));
    const context: RuleContext = {
      vocabulary: vocabularyWith(settings.vocabulary),
      ...(settings.descriptionSize === undefined ? {} : { descriptionSize: settings.descriptionSize }),
    };
    // The run's own results (a walk stopped at its bound, a rule that failed) belong to no rule and
    // cannot be sliced: where one was or is, the whole document is linted again.
    const ruleIds = new Set(rules.map((rule) => rule.id));
    const own = (result: RuleResult) => !ruleIds.has(result.code);
    if ([...previous.byRule.keys()].some((code) => !ruleIds.has(code))) return undefined;
    const byRule = new Map<string, RuleResult[]>();
    for (const result of runRulesOn(global, data, context)) {
      if (own(result)) return undefined;
      push(byRule, result);
    }
    if (local.length === 0 || changed.size === 0) {
      for (const rule of local) byRule.set(rule.id, previous.byRule.get(rule.id) ?? []);
      return byRule;
    }
    const slice = sliceOf(data, changed);
    const fresh = new Map<string, RuleResult[]>();
    for (const result of runRulesOn(local, slice, context)) {
      if (own(result)) return undefined;
      // Results outside `paths` do not depend on the path items (that is what path-local means): the earlier ones stand.
      if (result.path[0] !== 'paths') continue;
      if (result.path.length < 2) return undefined;
      push(fresh, result);
    }
    for (const rule of local) {
      const kept: RuleResult[] = [];
      for (const result of previous.byRule.get(rule.id) ?? []) {
        if (result.path[0] !== 'paths') kept.push(result);
        else if (result.path.length < 2) return undefined;
        else if (!changed.has(String(result.path[1]))) kept.push(result);
      }
      byRule.set(rule.id, [...kept, ...(fresh.get(rule.id) ?? [])]);
    }
    return byRule;
  }
}

function push(byRule: Map<string, RuleResult[]>, result: RuleResult): void {
  let list = byRule.get(result.code);
  if (!list) byRule.set(result.code, (list = []));
  list.push(result);
}

/** All rules' results, in rule order. */
function flatten(rules: readonly RuleDefinition[], byRule: ReadonlyMap<string, RuleResult[]>): RuleResult[] {
  const results: RuleResult[] = [];
  for (const rule of rules) for (const result of byRule.get(rule.id) ?? []) results.push(result);
  return results;
}

function keyOfSettings(settings: RunSettings): string {
  return JSON.stringify([settings.vocabulary ?? null, [...(settings.skip ?? [])].sort()]);
}

/** Why this run must be a full one, or undefined when the previous results can be reused. */
function fullRunReason(
  previous: PreviousRun | undefined,
  rules: readonly RuleDefinition[],
  data: Record<string, unknown>,
  settingsKey: string,
): string | undefined {
  if (!previous) return 'no previous run';
  if (previous.rules !== rules) return 'other rules';
  if (previous.settingsKey !== settingsKey) return 'other settings';
  if (!isOpenApi3x(data)) return 'not OpenAPI 3.x';
  const before = Object.keys(previous.data);
  const after = Object.keys(data);
  if (before.length !== after.length || before.some((key, i) => key !== after[i])) return 'top-level keys changed';
  for (const key of after) {
    if (key === 'paths') continue;
    if (!deepEqual(previous.data[key], data[key])) return `\`${key}\` changed`;
  }
  return undefined;
}

/** The path templates whose items differ (added, removed or edited); undefined when either `paths` is not an object. */
function changedPathItems(before: unknown, after: unknown): Set<string> | undefined {
  if (!isObject(before) || !isObject(after)) return undefined;
  // A path item that is a `$ref` (to `components/pathItems`) has its operations reported where it
  // is defined, outside `paths`, once however many path items use it.
  if (Object.values(before).some(isRefObject) || Object.values(after).some(isRefObject)) return undefined;
  const changed = new Set<string>();
  for (const key of Object.keys(after)) {
    if (!Object.prototype.hasOwnProperty.call(before, key) || !deepEqual(before[key], after[key])) changed.add(key);
  }
  for (const key of Object.keys(before)) if (!Object.prototype.hasOwnProperty.call(after, key)) changed.add(key);
  // Path items in another order: results keep their paths, but rules that list path items in order
  // might word a message by it; compare the order of the unchanged ones too.
  const unchangedBefore = Object.keys(before).filter((key) => !changed.has(key));
  const unchangedAfter = Object.keys(after).filter((key) => !changed.has(key));
  if (unchangedBefore.some((key, i) => key !== unchangedAfter[i])) return undefined;
  return changed;
}

/**
 * The document with only the changed path items under `paths` (everything else as it is), and its
 * `schemas` view preset to the schemas inside those path items, listed as the whole document's
 * walk lists them. Nodes outside `paths` would only give results that are not kept.
 */
function sliceOf(data: Record<string, unknown>, changed: ReadonlySet<string>): Record<string, unknown> {
  const paths = data.paths as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(paths)) if (changed.has(key)) defineKey(kept, key, paths[key]);
  const slice: Record<string, unknown> = {};
  for (const key of Object.keys(data)) defineKey(slice, key, key === 'paths' ? kept : data[key]);
  // The same slice without components: its walk reaches no component (a `$ref` to one does not
  // resolve), so it lists exactly the schemas written inside the changed path items.
  const bare: Record<string, unknown> = {};
  for (const key of Object.keys(slice))
    if (key !== 'components' && key !== '$defs' && key !== 'definitions') defineKey(bare, key, slice[key]);
  const inside = schemas(bare).filter((node) => node.path[0] === 'paths');
  presetView(schemas, slice, inside satisfies SchemaNode[]);
  return slice;
}

function isRefObject(value: unknown): boolean {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, '$ref');
}

/** Sets a key as an own data property: a `__proto__` key stays data. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Deep equality of parsed JSON/YAML values, key order included. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  const others = Object.keys(right);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === undefined || key !== others[i] || !deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/** True when a `$ref` anywhere points into `paths` (or at the whole document): slicing would cut its target away. */
function refersIntoPaths(data: unknown): boolean {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (key === '$ref' && typeof value === 'string' && (value === '#' || value.startsWith('#/paths'))) return true;
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return false;
}

/** True when one object is reached twice (YAML aliases, a bundler's shared subtrees): the walks' "seen once" would differ by slice. */
function hasSharedObjects(data: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (seen.has(node)) return true;
    seen.add(node);
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else for (const value of Object.values(node as Record<string, unknown>)) stack.push(value);
  }
  return false;
}

/** A `Linter` that lints each description incrementally; `forget` drops what it keeps for one. */
export interface IncrementalLinter extends Linter {
  /** Drops the previous version kept for a description (its editor closed it). */
  forget(rootUri: string): void;
  /** What the last run for a description did. */
  lastRun(rootUri: string): IncrementalRunStats | undefined;
}

/**
 * The platform rules as a linter that keeps, per description, the previous version and its
 * results. A description of several files (bundled) or in Swagger 2.0 (converted) is linted in full.
 */
export function incrementalLinter(rules: readonly RuleDefinition[]): IncrementalLinter {
  const runners = new Map<string, IncrementalRuleRunner>();
  const full = nativeLinter(rules);
  return {
    rules: full.rules,
    run(loaded, settings) {
      let runner = runners.get(loaded.rootUri);
      if (loaded.files.size !== 1 || isSwagger2(loaded.data)) {
        runner?.reset();
        return full.run(loaded, settings);
      }
      if (!runner) runners.set(loaded.rootUri, (runner = new IncrementalRuleRunner()));
      return runner.run(rules, loaded.data, settings);
    },
    forget(rootUri) {
      runners.delete(rootUri);
    },
    lastRun(rootUri) {
      return runners.get(rootUri)?.lastRun;
    },
  };
}

/** `incrementalLinter` over the platform ruleset. */
export async function platformIncrementalLinter(): Promise<IncrementalLinter> {
  return incrementalLinter((await import('../../rulesets/rules/index.js')).RULES);
}
