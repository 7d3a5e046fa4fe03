/**
 * Rulesets written for Spectral (a user's `extends`, a Spectral ruleset object): run by
 * Spectral's own core, loaded only when such a ruleset is used. vottur's own rules never come
 * here (`./engine.ts` runs them).
 *
 * The description is handed over already bundled (vottur's loader has bundled every external
 * `$ref` safely), and positions are computed by vottur afterwards, only for what is reported.
 */
import { Ruleset, Spectral } from '@stoplight/spectral-core';
import { schema as schemaFunction } from '@stoplight/spectral-functions';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import type { IParserResult } from '@stoplight/types';
import type { Severity } from '../../rulesets/lib/rule.js';
import { docsUrl } from '../../rulesets/lib/rule.js';
import type { Category, RuleMeta } from '../report/finding.js';
import type { Linter, RuleResult } from './engine.js';
import {
  MAX_FINDINGS_PER_DOCUMENT,
  MAX_FINDINGS_PER_RULE,
  MAX_RULESET_SECONDS,
  MAX_RULESET_WORK,
  RULESET_LIMIT_META,
} from './limits.js';
import { rootFile } from './load.js';
import { schemaCheckWork } from './schema-work.js';

const SEVERITY_BY_SPECTRAL: Severity[] = ['error', 'warn', 'info', 'hint'];

/**
 * Spectral resolves `$ref`s inside the (already bundled) document itself, as it does for its own
 * CLI, so rules that read resolved values see them and report at the referencing place; with no
 * readers for files or URLs, it can reach nothing vottur's loader did not.
 */
const internalOnlyResolver = new Resolver({ resolvers: {} });

type ThenFunction = (input: unknown, options: unknown, context: { document: { source?: string | null } }) => unknown;

/** One run's counts per rule: results kept, and results past the bound that were counted, not made. */
interface RunCounts {
  kept: Map<string, number>;
  /** Results kept of all rules. */
  total: number;
  omitted: Map<string, number>;
  /** The run's work budget, when it has one (a repository's rulesets under a policy). */
  budget?: WorkBudget;
}

/** What is left of a run's work and time; `spentOn` is the rule at work when it ran out, `why` which ran out. */
interface WorkBudget {
  left: number;
  /** Milliseconds left of the time the counted rules' `then` entries may take. */
  msLeft: number;
  spentOn?: string;
  why?: 'work' | 'time';
  /** The work was spent by a `schema` call asking for more than was left: ajv was not run. */
  bySchema?: boolean;
}

/** The units a function call counts at a place a deep `field` found (see boundResults). */
const DEEP_FIELD_UNITS = 10;

/** How much of each a run under a policy may use (tests give less). */
export interface SpectralBudget {
  work: number;
  seconds: number;
}

/** A budget, and the rules whose work it counts: the repository's own (a built-in ruleset's work is fixed). */
export interface CountedBudget extends SpectralBudget {
  counts: (rule: string) => boolean;
}

/**
 * Counts one unit of work against the run's budget: false when it is spent (now or before), and the
 * run is to do nothing more. Spectral's traversal is synchronous, so no timer can stop it; it is
 * stopped from inside, where every unit of its work passes: the `then` entries each match runs, and
 * each call of their functions.
 */
function spend(counts: RunCounts | undefined, rule: string, units = 1): boolean {
  const budget = counts?.budget;
  if (!budget) return true;
  if (budget.why) return false;
  budget.left -= units;
  if (budget.left < 0) {
    budget.why = 'work';
    budget.spentOn = rule;
    return false;
  }
  return true;
}

/** Counts the time one `then` entry of a counted rule took (its `field` walked, its function called). */
function spendTime(counts: RunCounts | undefined, rule: string, ms: number): void {
  const budget = counts?.budget;
  if (!budget || budget.why) return;
  budget.msLeft -= ms;
  if (budget.msLeft < 0) {
    budget.why = 'time';
    budget.spentOn = rule;
  }
}

/**
 * Each rule's functions keep at most MAX_FINDINGS_PER_RULE results in one run, and all rules
 * together MAX_FINDINGS_PER_DOCUMENT; past that they are
 * counted, not made (issue 34: a ruleset of 499 rules matching everything used 4 GB in Spectral's
 * results before vottur's bound on findings was applied to them). `runs` holds the counts of the
 * runs under way, by the document's source (its URI).
 */
function boundResults(
  ruleset: Ruleset,
  runs: Map<string, RunCounts>,
  active: () => RunCounts | undefined,
  counted: (rule: string) => boolean,
): void {
  for (const rule of Object.values(ruleset.rules)) {
    const counts = counted(rule.name);
    const thens = rule.then.map((then) => {
      const original = then.function as unknown as ThenFunction;
      // A call at a place a deep `field` (`$..*`) found costs JSONPath-Plus ~10 times a plain unit
      // of work (measured on a 117 KB description: ~11 µs against ~1 µs), and counts so.
      const units = typeof then.field === 'string' && then.field.includes('..') ? DEEP_FIELD_UNITS : 1;
      const bySchema = (original as unknown) === schemaFunction;
      const bounded = function (this: unknown, ...args: Parameters<ThenFunction>) {
        const run = counts ? runs.get(args[2].document.source ?? '') : undefined;
        // Past the run's budget a function is not called: the run ends as soon as Spectral's walk does.
        if (counts && !spend(run, rule.name, units)) return undefined;
        // One `schema` call validates its whole value in one go: its work is counted before ajv
        // runs, so a call that would pass the budget is never made (o34r10 B5: one call, 237 s).
        let call = args;
        if (counts && bySchema && run?.budget) {
          const options = args[1] as { schema?: unknown; prepareResults?: (errors: unknown[]) => void } | undefined;
          const work = schemaCheckWork(options?.schema, args[0], run.budget.left);
          if (!spend(run, rule.name, work)) {
            run.budget.bySchema = true;
            return undefined;
          }
          // ajv's errors go next to better-ajv-errors, which joins them with a quadratic concat
          // (64,000 errors of `allErrors: true`: 16 s in one call). Past what one rule may report
          // they are counted as results not reported (one vottur-findings-limit), not described.
          const prepare = options?.prepareResults;
          const boundErrors = (errors: unknown[]) => {
            if (errors.length > MAX_FINDINGS_PER_RULE) {
              run.omitted.set(rule.name, (run.omitted.get(rule.name) ?? 0) + errors.length - MAX_FINDINGS_PER_RULE);
              errors.length = MAX_FINDINGS_PER_RULE;
            }
            prepare?.(errors);
          };
          call = [args[0], { ...options, prepareResults: boundErrors }, args[2]];
        }
        const output = original.apply(this, call);
        const count = (results: unknown): unknown => {
          const counts = runs.get(args[2].document.source ?? '');
          if (!counts || !Array.isArray(results) || results.length === 0) return results;
          const used = counts.kept.get(rule.name) ?? 0;
          const room = Math.max(0, Math.min(MAX_FINDINGS_PER_RULE - used, MAX_FINDINGS_PER_DOCUMENT - counts.total));
          counts.kept.set(rule.name, used + Math.min(room, results.length));
          counts.total += Math.min(room, results.length);
          if (results.length <= room) return results;
          counts.omitted.set(rule.name, (counts.omitted.get(rule.name) ?? 0) + results.length - room);
          return results.slice(0, room);
        };
        return output instanceof Promise ? output.then(count) : count(output);
      };
      Object.defineProperty(bounded, 'name', { value: original.name });
      return { ...then, function: bounded as unknown as typeof then.function };
    });
    // Spectral runs a rule's `then` entries, at each place its `given` matches, by iterating this
    // array (`for (const then of rule.then)`, lintNode): each entry a unit of work, where the cost
    // of a `field` that walks a subtree and matches nothing is also paid. Past the budget, none.
    // The time between one entry and the next is what the entry took: counted against the run's time.
    if (counts)
      Object.defineProperty(thens, Symbol.iterator, {
        value: function* (): Generator<(typeof thens)[number]> {
          for (let i = 0; i < thens.length; i++) {
            const run = active();
            if (!spend(run, rule.name)) return;
            const start = run?.budget ? performance.now() : 0;
            yield thens[i] as (typeof thens)[number];
            if (run?.budget) spendTime(run, rule.name, performance.now() - start);
          }
        },
      });
    rule.then = thens;
  }
}

/**
 * A linter running a Spectral ruleset. With `budget` (a repository's rulesets under a policy: they
 * are the repository's, and may ask for any amount of work), each document's run stops when the
 * work of the rules it counts (the repository's own, not a built-in ruleset's, whose work is fixed)
 * or the time their `then` entries took is spent, and one `vottur-ruleset-limit` error says so.
 * Runs of one linter are one at a time, so the work Spectral's walk does is the run's under way.
 */
export function spectralLinter(definition: unknown, budget?: CountedBudget): Linter {
  const ruleset = definition instanceof Ruleset ? definition : new Ruleset(definition, { severity: 'recommended' });
  const runs = new Map<string, RunCounts>();
  let active: RunCounts | undefined;
  boundResults(ruleset, runs, () => active, budget?.counts ?? (() => false));
  let queue: Promise<unknown> = Promise.resolve();
  const spectral = new Spectral({ resolver: internalOnlyResolver });
  spectral.setRuleset(ruleset);
  const severityOf = new Map(
    Object.values(ruleset.rules).map((rule) => [rule.name, SEVERITY_BY_SPECTRAL[rule.severity as number] ?? 'warn']),
  );
  // Rules the ruleset turns off (`[spectral:oas, recommended]` leaves some off) are not listed as checked.
  const rules: RuleMeta[] = Object.values(ruleset.rules)
    .filter((rule) => rule.enabled)
    .map((rule) => ({
      id: rule.name,
      severity: SEVERITY_BY_SPECTRAL[rule.severity as number] ?? 'hint',
      category: (rule.extensions as { category?: Category } | null)?.category ?? 'documentation',
      description: rule.description ?? rule.name,
      docsUrl: rule.documentationUrl ?? docsUrl(rule.name),
      source: 'lint',
    }));
  const runOne = async (loaded: Parameters<Linter['run']>[0]): Promise<RuleResult[]> => {
    const root = rootFile(loaded);
    let order = 0;
    const counts: RunCounts = {
      kept: new Map(),
      total: 0,
      omitted: new Map(),
      ...(budget ? { budget: { left: budget.work, msLeft: budget.seconds * 1000 } } : {}),
    };
    runs.set(loaded.rootUri, counts);
    active = counts;
    let results: Awaited<ReturnType<typeof spectral.run>>;
    try {
      results = await spectral.run({
        parsed: { ...root.parsed, data: loaded.data, diagnostics: [] } as IParserResult<unknown>,
        // Positions are computed by vottur, only for the findings. Each result gets its own dummy
        // line, so Spectral's sort settles at once; results at the root share one, since Spectral
        // tells their duplicates apart by range.
        getLocationForJsonPath: (_parsed: unknown, path: unknown[]) => {
          const line = path.length === 0 ? 0 : ++order;
          return { range: { start: { line, character: 0 }, end: { line, character: 0 } } };
        },
        source: loaded.rootUri,
      });
    } finally {
      if (runs.get(loaded.rootUri) === counts) runs.delete(loaded.rootUri);
      active = undefined;
    }
    const found: RuleResult[] = results.map((result) => ({
      code: String(result.code),
      message: result.message,
      path: result.path,
      severity: SEVERITY_BY_SPECTRAL[result.severity] ?? 'warn',
    }));
    for (const [code, count] of counts.omitted)
      found.push({ code, message: '', path: [], severity: severityOf.get(code) ?? 'warn', omitted: count });
    const spent = counts.budget;
    if (spent?.why)
      found.push({
        code: RULESET_LIMIT_META.id,
        message:
          spent.why === 'work'
            ? spent.bySchema
              ? `The repository's rulesets asked for more than ${budget?.work.toLocaleString('en')} checks on this document, vottur's budget under a policy: a \`schema\` check of rule \`${spent.spentOn ?? '?'}\` would apply its schema's nodes to more values than were left (each schema node applied to each value it reaches is one check), so it was not run and the run was cut off there; what the rest would have found is unknown. Apply the schema to a narrower \`field\`, or give it fewer branches.`
              : `The repository's rulesets asked for more than ${budget?.work.toLocaleString('en')} checks on this document (a \`then\` entry run where its rule's \`given\` matches, or a call of its function), vottur's budget under a policy; the run was cut off at rule \`${spent.spentOn ?? '?'}\`, and what the rest would have found is unknown. Narrow the rules' \`given\` and \`then.field\` (\`$..\` visits every node below it) or use fewer \`then\` entries.`
            : `The repository's rules took more than ${budget?.seconds} s on this document, vottur's budget under a policy; the run was cut off at rule \`${spent.spentOn ?? '?'}\`, and what the rest would have found is unknown. Narrow the rules' \`given\` and \`then.field\` (\`$..\` visits every node below it) or use fewer \`then\` entries.`,
        path: [],
        severity: 'error',
      });
    return found;
  };
  return {
    rules,
    run(loaded) {
      // One run at a time: `active` is the run whose walk is under way.
      const run = queue.then(() => runOne(loaded));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * The budget of a run of a repository's rulesets under a policy: read when the linter is made (a
 * test in this process may lower it; nothing a repository or a command line sets changes it).
 */
export const POLICY_SPECTRAL_BUDGET: SpectralBudget = { work: MAX_RULESET_WORK, seconds: MAX_RULESET_SECONDS };
