/**
 * Rulesets written for Spectral (a user's `extends`, a Spectral ruleset object): run by
 * Spectral's own core, loaded only when such a ruleset is used. vottur's own rules never come
 * here (`./engine.ts` runs them).
 *
 * The description is handed over already bundled (vottur's loader has bundled every external
 * `$ref` safely), and positions are computed by vottur afterwards, only for what is reported.
 */
import { Ruleset, Spectral } from '@stoplight/spectral-core';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import type { IParserResult } from '@stoplight/types';
import type { Severity } from '../../rulesets/lib/rule.js';
import { docsUrl } from '../../rulesets/lib/rule.js';
import type { Category, RuleMeta } from '../report/finding.js';
import type { Linter, RuleResult } from './engine.js';
import { MAX_FINDINGS_PER_DOCUMENT, MAX_FINDINGS_PER_RULE } from './limits.js';
import { rootFile } from './load.js';

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
}

/**
 * Each rule's functions keep at most MAX_FINDINGS_PER_RULE results in one run, and all rules
 * together MAX_FINDINGS_PER_DOCUMENT; past that they are
 * counted, not made (issue 34: a ruleset of 499 rules matching everything used 4 GB in Spectral's
 * results before vottur's bound on findings was applied to them). `runs` holds the counts of the
 * runs under way, by the document's source (its URI).
 */
function boundResults(ruleset: Ruleset, runs: Map<string, RunCounts>): void {
  for (const rule of Object.values(ruleset.rules)) {
    rule.then = rule.then.map((then) => {
      const original = then.function as unknown as ThenFunction;
      const bounded = function (this: unknown, ...args: Parameters<ThenFunction>) {
        const output = original.apply(this, args);
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
  }
}

export function spectralLinter(definition: unknown): Linter {
  const ruleset = definition instanceof Ruleset ? definition : new Ruleset(definition, { severity: 'recommended' });
  const runs = new Map<string, RunCounts>();
  boundResults(ruleset, runs);
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
  return {
    rules,
    async run(loaded) {
      const root = rootFile(loaded);
      let order = 0;
      const counts: RunCounts = { kept: new Map(), total: 0, omitted: new Map() };
      runs.set(loaded.rootUri, counts);
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
      }
      const found: RuleResult[] = results.map((result) => ({
        code: String(result.code),
        message: result.message,
        path: result.path,
        severity: SEVERITY_BY_SPECTRAL[result.severity] ?? 'warn',
      }));
      for (const [code, count] of counts.omitted)
        found.push({ code, message: '', path: [], severity: severityOf.get(code) ?? 'warn', omitted: count });
      return found;
    },
  };
}
