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
