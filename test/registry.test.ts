/**
 * One way to register a check: every kind (lint rules, diff checks, contract probes, answer checks,
 * fixers) has an index generated from its folder, and every diff id is written whole in the file
 * that decides it, so a search for an id lands on its decider.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, SCHEMA_CHANGES, SCOPE_DIRECTION, type SchemaScope } from '../src/diff/checks.js';

const ROOT = join(import.meta.dirname, '..');

/** Every .ts file under `dir`, relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length + 1));
}

describe('the generated indexes', () => {
  it('equal what scripts/generate-indexes.mjs writes from the folders (run `npm run indexes`)', () => {
    // --check writes nothing: it exits 1 naming each index that differs.
    expect(() =>
      execFileSync(process.execPath, [join(ROOT, 'scripts/generate-indexes.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});

describe('every diff id is written whole where it is decided', () => {
  const files = sources('src').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

  it('each of the diff check ids appears as a literal in one file, the check file that decides it', () => {
    for (const { id } of CHECKS) {
      const holders = files.filter((file) => file.text.includes(`'${id}'`)).map((file) => file.path);
      // The documentation of the schema checks names some ids as examples; only check files decide.
      const deciders = holders.filter((path) => path.startsWith('src/diff/checks/'));
      expect(deciders, id).toHaveLength(1);
      const decider = deciders[0] ?? '';
      const change = Object.values(SCHEMA_CHANGES).find((definition) =>
        Object.values(definition.ids).includes(id as never),
      );
      expect(decider, id).toBe(change ? `src/diff/checks/schema-${change.change}.ts` : `src/diff/checks/${id}.ts`);
    }
  });

  it("a schema change's id in each place is diff-<place>-<change>", () => {
    for (const definition of Object.values(SCHEMA_CHANGES))
      for (const scope of Object.keys(SCOPE_DIRECTION) as SchemaScope[])
        expect(definition.ids[scope]).toBe(`diff-${scope}-${definition.change}`);
  });

  it('the walk (compare.ts) names no check and builds no id: what it finds, checks report', () => {
    const walk = readFileSync(join(ROOT, 'src/diff/compare.ts'), 'utf8');
    expect(walk).not.toMatch(/['`]diff-/);
    for (const change of Object.keys(SCHEMA_CHANGES)) expect(walk).not.toContain(`'${change}'`);
  });
});

describe('one catalogue of every rule', () => {
  it('vottur rules, the configuration schema, the editor and SARIF list the same rules, each with its docs page', async () => {
    const { asRuleMeta, allRuleIds, ruleCatalogue, suppressibleRules } = await import('../src/run/rule-catalogue.js');
    const { allRules } = await import('../src/cli/commands/rules.js');
    const { toSarif } = await import('../src/report/formatters/sarif.js');
    const catalogue = await ruleCatalogue();
    const ids = catalogue.map((rule) => rule.id);
    expect(new Set(ids).size, 'ids are unique').toBe(ids.length);
    // Every kind is there: lint rules, the run's own, policy, contract, catalogue, diff checks and versioning rules.
    for (const id of [
      'platform-get-204',
      'vottur-suppression-reason',
      'vottur-unreadable',
      'policy-extends-refused',
      'contract-auth-required',
      'diff-response-body-property-removed',
      'platform-version-breaking-without-major',
    ])
      expect(ids, id).toContain(id);
    for (const { id } of CHECKS) expect(ids, id).toContain(id);

    // `vottur rules` lists the catalogue, in its order.
    expect((await allRules()).map((rule) => rule.id)).toEqual(ids);

    // A rule id the configuration accepts is in the catalogue, and the committed schema lists exactly those.
    const configurable = await allRuleIds();
    const schema = JSON.parse(readFileSync(join(ROOT, 'docs/config.schema.json'), 'utf8')) as {
      properties: { rules: { propertyNames: { anyOf: Array<{ enum?: string[] }> } } };
    };
    expect([...(schema.properties.rules.propertyNames.anyOf[0]?.enum ?? [])].sort()).toEqual(configurable);
    for (const id of configurable) expect(ids, id).toContain(id);
    // Not configurable: the policy's rules, the run's own, and the other checks' statements that
    // they could not judge (CHECK_LIMIT_RULES, o34r10 B2).
    const { CHECK_LIMIT_RULES } = await import('../src/lint/limits.js');
    const checkLimits = new Set(CHECK_LIMIT_RULES.map((rule) => rule.id));
    expect(ids.filter((id) => !configurable.includes(id)).sort()).toEqual(
      catalogue
        .filter((rule) => rule.kind === 'policy' || rule.kind === 'unreadable' || checkLimits.has(rule.id))
        .map((rule) => rule.id)
        .sort(),
    );

    // The editor completes the ids an in-document suppression may name: all configurable.
    for (const rule of await suppressibleRules()) expect(configurable, rule.id).toContain(rule.id);

    // Every rule's documentation link names a file of the repository.
    for (const rule of catalogue) {
      const file = rule.docsUrl.replace('https://github.com/vottur/vottur/blob/main/', '').replace(/#.*$/, '');
      expect(file, rule.id).not.toBe(rule.docsUrl);
      expect(() => readFileSync(join(ROOT, file)), `${rule.id}: ${file}`).not.toThrow();
    }

    // SARIF's rule metadata for a finding of any rule is the catalogue's.
    const report = {
      tool: { name: 'vottur', version: '0.1.0' },
      createdTimestamp: '2026-11-02T09:30:00.000Z',
      documents: [{ path: 'openapi.yaml' }],
      rules: asRuleMeta(catalogue),
      findings: catalogue.map((rule) => ({
        ruleId: rule.id,
        severity: rule.severity,
        category: rule.category,
        source: rule.source,
        message: 'a finding',
        document: 'openapi.yaml',
        pointer: '',
        path: [],
        docsUrl: rule.docsUrl,
      })),
    };
    const sarif = toSarif(report, { cwd: ROOT, showPii: false }) as unknown as {
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string; helpUri: string; shortDescription: { text: string } }> } };
      }>;
    };
    const driver = new Map(sarif.runs[0]?.tool.driver.rules.map((rule) => [rule.id, rule]));
    for (const rule of catalogue) {
      expect(driver.get(rule.id)?.helpUri, rule.id).toBe(rule.docsUrl);
      expect(driver.get(rule.id)?.shortDescription.text, rule.id).toBe(rule.description);
    }
  });
});
