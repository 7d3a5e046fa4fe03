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
import type { Linter } from './engine.js';
import { rootFile } from './load.js';

const SEVERITY_BY_SPECTRAL: Severity[] = ['error', 'warn', 'info', 'hint'];

/**
 * Spectral resolves `$ref`s inside the (already bundled) document itself, as it does for its own
 * CLI, so rules that read resolved values see them and report at the referencing place; with no
 * readers for files or URLs, it can reach nothing vottur's loader did not.
 */
const internalOnlyResolver = new Resolver({ resolvers: {} });

export function spectralLinter(definition: unknown): Linter {
  const ruleset = definition instanceof Ruleset ? definition : new Ruleset(definition, { severity: 'recommended' });
  const spectral = new Spectral({ resolver: internalOnlyResolver });
  spectral.setRuleset(ruleset);
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
      const results = await spectral.run({
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
      return results.map((result) => ({
        code: String(result.code),
        message: result.message,
        path: result.path,
        severity: SEVERITY_BY_SPECTRAL[result.severity] ?? 'warn',
      }));
    },
  };
}
