/**
 * vottur's own rule engine: runs each rule's check on the parsed (bundled, unresolved) document
 * and hands back its problems, each with its severity as a plain field. No Spectral code is
 * loaded: the rules read the document through the shared memoised views of
 * `rulesets/lib/openapi/views.ts`, so one walk of each kind serves all of them.
 *
 * What a result looks like is what the stock Spectral CLI reports for the same ruleset (checked
 * by `test/lint/engine.test.ts` on every fixture and corpus document): a rule runs on OpenAPI
 * 3.0/3.1/3.2 documents unless it says `anyFormat`, a problem's path is cut back to the closest node
 * that exists, its message is trimmed, and a rule reports each path and message once.
 * Unlike Spectral, a message is never read as a template: `{{…}}` in a description's own text
 * stays as written.
 */
import { isObject } from '../../rulesets/lib/openapi/types.js';
import {
  isOpenApi3x,
  uniqueProblems,
  type JsonPath,
  type Problem,
  type RuleContext,
  type RuleDefinition,
  type Severity,
} from '../../rulesets/lib/rule.js';
import { timed } from '../../rulesets/lib/timing.js';
import { vocabularyWith, type VocabularyAdditions } from '../../rulesets/lib/vocabulary.js';
import { errorMessage } from '../errors.js';
import type { RuleMeta } from '../report/finding.js';
import type { LoadedDescription } from './load.js';
import { RULE_FAILED_META, WALK_LIMIT_META } from './limits.js';
import { limitsReached } from '../../rulesets/lib/openapi/limits.js';

/** One problem of one rule, ready to become a `Finding`. */
export interface RuleResult {
  code: string;
  message: string;
  path: JsonPath;
  severity: Severity;
  /**
   * The other places the result stands for (`Problem.also`): results whose problems shared one
   * array share one array here too, so a group's places are held once.
   */
  also?: readonly JsonPath[];
  /** The problem is the member's name (`Problem.name`): placed where the member is declared. */
  name?: boolean;
  /**
   * Not a finding: this many results of the rule that its linter counted but did not make, past
   * MAX_FINDINGS_PER_RULE (Spectral's, `./spectral.ts`); the run's limit finding counts them.
   */
  omitted?: number;
}

/** What a document's configuration adds to a run of the rules. */
export interface RunSettings {
  /** Words added to the rules' judgement lists (`vocabulary:` in vottur.config.yaml). */
  vocabulary?: VocabularyAdditions;
  /** Rules the document's configuration turns off: they do not run at all. */
  skip?: ReadonlySet<string>;
  /** The description's size in characters (`RuleContext.descriptionSize`). */
  descriptionSize?: number;
}

/** What lints a loaded description: the rules' metadata, and a run over one document. */
export interface Linter {
  rules: RuleMeta[];
  run(loaded: LoadedDescription, settings?: RunSettings): RuleResult[] | Promise<RuleResult[]>;
}

/** The longest prefix of `path` that exists in `data` (own keys and array positions only). */
export function closestPath(data: unknown, path: JsonPath): JsonPath {
  let node = data;
  let length = 0;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') break;
    if (Array.isArray(node)) {
      const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : NaN;
      if (!(index < node.length)) break;
      node = node[index];
    } else {
      if (!Object.prototype.hasOwnProperty.call(node, segment)) break;
      node = (node as Record<string, unknown>)[segment];
    }
    length++;
  }
  // A copy: the rule's own path array is not handed on.
  return path.slice(0, length);
}

/**
 * Runs every rule over one document; results in rule order, each rule's in the order it found them.
 * A configuration's vocabulary reaches the rules in their context, for this run alone.
 */
export function runRules(rules: readonly RuleDefinition[], data: unknown, settings: RunSettings = {}): RuleResult[] {
  const skip = settings.skip;
  return runEachRule(skip && skip.size > 0 ? rules.filter((rule) => !skip.has(rule.id)) : rules, data, {
    vocabulary: vocabularyWith(settings.vocabulary),
    ...(settings.descriptionSize === undefined ? {} : { descriptionSize: settings.descriptionSize }),
  });
}

/** `runRules` with the rules' context already built (the incremental linter builds it once per run). */
export function runRulesOn(rules: readonly RuleDefinition[], data: unknown, context: RuleContext): RuleResult[] {
  return runEachRule(rules, data, context);
}

function runEachRule(rules: readonly RuleDefinition[], data: unknown, context: RuleContext): RuleResult[] {
  const results: RuleResult[] = [];
  if (!isObject(data)) return results;
  const openApi3 = isOpenApi3x(data);
  // A group's array of places, cut back once however many problems share it.
  const places = new WeakMap<readonly JsonPath[], readonly JsonPath[]>();
  const closest = (also: readonly JsonPath[]) => {
    let found = places.get(also);
    if (!found) places.set(also, (found = also.map((other) => closestPath(data, other))));
    return found;
  };
  for (const rule of rules) {
    if (!openApi3 && !rule.anyFormat) continue;
    let found;
    try {
      found = timed(rule.id, () => rule.check(data, context));
    } catch (error) {
      // A rule must handle every document; one that does not is vottur's bug, named as such, in a
      // finding of its own: the other rules' findings stand, and the document does not pass.
      results.push({
        code: RULE_FAILED_META.id,
        message: `Rule \`${rule.id}\` could not check this document (${errorMessage(error)}); what it would find is unknown, so the document does not pass. This is vottur's defect: please report it.`,
        path: [],
        severity: RULE_FAILED_META.severity,
      });
      continue;
    }
    distinctProblems(data, found, (problem, path, message) =>
      results.push({
        code: rule.id,
        message,
        path,
        severity: problem.severity ?? rule.severity,
        ...(problem.also && problem.also.length > 0 ? { also: closest(problem.also) } : {}),
        ...(problem.name ? { name: true } : {}),
      }),
    );
  }
  // Where a shared walk stopped at a bound, whichever rule's walk met it: what lies beyond is unchecked.
  for (const limit of limitsReached(data))
    results.push({
      code: WALK_LIMIT_META.id,
      message:
        limit.advice !== undefined
          ? `vottur did not follow ${limit.what}; what lies beyond is not checked, so the document does not pass. ${limit.advice}`
          : `vottur stopped reading the schemas here at its bound of ${limit.what}; what lies beyond is not checked, so the document does not pass. Flatten the nesting, or shorten the chain.`,
      path: closestPath(data, limit.path),
      severity: WALK_LIMIT_META.severity,
    });
  return results;
}

/**
 * A rule's problems as reported: each path and message once (`uniqueProblems`), then the path cut
 * back to the closest node that exists and the message trimmed, which can make two problems one.
 *
 * The same as `uniqueProblems` followed by a set of `JSON.stringify(path)` and message, without
 * building a key of path and message for every problem: problems are grouped by message, and a
 * path is written out as a key only when its message has been seen before (most messages name
 * their subject, so most are seen once). Keys built per problem were ~50 ms of a description with
 * 22,000 findings, mostly hashing long strings.
 */
export function distinctProblems(
  data: unknown,
  problems: readonly Problem[],
  report: (problem: Problem, path: JsonPath, message: string) => void,
): void {
  if (problems.some(hasNul)) return distinctProblemsByKeys(data, problems, report);
  // Pass 1 (uniqueProblems): the same path (as joined) and the same message. Without NUL characters
  // in messages and path segments, two joined keys are equal exactly when both parts are.
  const byMessage = new Map<string, PathsSeen>();
  // Pass 2: the same path after cutting (as JSON) and the same trimmed message.
  const keptByMessage = new Map<string, PathsSeen>();
  for (const problem of problems) {
    if (!firstTime(byMessage, problem.message, problem.path, joinedPath)) continue;
    const path = closestPath(data, problem.path);
    const message = problem.message.trim();
    if (!firstTime(keptByMessage, message, path, JSON.stringify)) continue;
    report(problem, path, message);
  }
}

/** The paths seen with one message: the first alone (no key made), then every one by its key. */
type PathsSeen = JsonPath | Set<string>;

const joinedPath = (path: JsonPath) => path.join('\u0000');

/** Records `path` under `message`; false when that message came with an equal path (by `key`) before. */
function firstTime(
  seen: Map<string, PathsSeen>,
  message: string,
  path: JsonPath,
  key: (path: JsonPath) => string,
): boolean {
  const before = seen.get(message);
  if (before === undefined) {
    seen.set(message, path);
    return true;
  }
  let keys: Set<string>;
  if (before instanceof Set) keys = before;
  else seen.set(message, (keys = new Set([key(before)])));
  const own = key(path);
  if (keys.has(own)) return false;
  keys.add(own);
  return true;
}

/** A NUL in a message or a path segment could make two different paths and messages one joined key: compared as keys. */
function hasNul(problem: Problem): boolean {
  if (problem.message.includes('\u0000')) return true;
  for (const segment of problem.path) if (typeof segment === 'string' && segment.includes('\u0000')) return true;
  return false;
}

/** `distinctProblems` with a key for every problem, as first written. */
function distinctProblemsByKeys(
  data: unknown,
  problems: readonly Problem[],
  report: (problem: Problem, path: JsonPath, message: string) => void,
): void {
  const seen = new Set<string>();
  for (const problem of uniqueProblems(problems as Problem[])) {
    const path = closestPath(data, problem.path);
    const message = problem.message.trim();
    const key = `${JSON.stringify(path)}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    report(problem, path, message);
  }
}
