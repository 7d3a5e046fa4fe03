/**
 * vottur's own rule engine: runs each rule's check on the parsed (bundled, unresolved) document
 * and hands back its problems, each with its severity as a plain field. No Spectral code is
 * loaded: the rules read the document through the shared memoised views of
 * `rulesets/lib/openapi/views.ts`, so one walk of each kind serves all of them.
 *
 * What a result looks like is what the stock Spectral CLI reports for the same ruleset (checked
 * by `test/lint/engine.test.ts` on every fixture and corpus document): a rule runs on OpenAPI
 * 3.0/3.1 documents unless it says `anyFormat`, a problem's path is cut back to the closest node
 * that exists, its message is trimmed, and a rule reports each path and message once.
 * Unlike Spectral, a message is never read as a template: `{{…}}` in a description's own text
 * stays as written.
 */
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { isOpenApi3x, uniqueProblems, type JsonPath, type RuleDefinition, type Severity } from '../../rulesets/lib/rule.js';
import { timed } from '../../rulesets/lib/timing.js';
import { useVocabulary, type VocabularyAdditions } from '../../rulesets/lib/vocabulary.js';
import type { RuleMeta } from '../report/finding.js';
import type { LoadedDescription } from './load.js';

/** One problem of one rule, ready to become a `Finding`. */
export interface RuleResult {
  code: string;
  message: string;
  path: JsonPath;
  severity: Severity;
}

/** What a document's configuration adds to a run of the rules. */
export interface RunSettings {
  /** Words added to the rules' judgement lists (`vocabulary:` in vottur.config.yaml). */
  vocabulary?: VocabularyAdditions;
}

/** What lints a loaded description: the rules' metadata, and a run over one document. */
export interface Linter {
  rules: RuleMeta[];
  run(loaded: LoadedDescription, settings?: RunSettings): RuleResult[] | Promise<RuleResult[]>;
}

/** The longest prefix of `path` that exists in `data` (own keys and array positions only). */
export function closestPath(data: unknown, path: JsonPath): JsonPath {
  const closest: JsonPath = [];
  let node = data;
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
    closest.push(segment);
  }
  return closest;
}

/**
 * Runs every rule over one document; results in rule order, each rule's in the order it found them.
 * A configuration's vocabulary is in the lists for this run only (the run is synchronous, so no
 * other document's run sees it).
 */
export function runRules(rules: readonly RuleDefinition[], data: unknown, settings: RunSettings = {}): RuleResult[] {
  const restore = useVocabulary(settings.vocabulary);
  try {
    return runEachRule(rules, data);
  } finally {
    restore();
  }
}

function runEachRule(rules: readonly RuleDefinition[], data: unknown): RuleResult[] {
  const results: RuleResult[] = [];
  if (!isObject(data)) return results;
  const openApi3 = isOpenApi3x(data);
  for (const rule of rules) {
    if (!openApi3 && !rule.anyFormat) continue;
    let found;
    try {
      found = timed(rule.id, () => rule.check(data));
    } catch (error) {
      // A rule must handle every document; one that does not is vottur's bug, named as such.
      throw new Error(`rule ${rule.id} failed on this document: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
    const problems = uniqueProblems(found);
    // A path cut back or a message trimmed can make two problems one.
    const seen = new Set<string>();
    for (const problem of problems) {
      const path = closestPath(data, problem.path);
      const message = problem.message.trim();
      const key = `${JSON.stringify(path)}\u0000${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      results.push({ code: rule.id, message, path, severity: problem.severity ?? rule.severity });
    }
  }
  return results;
}
