/** The check files (src/diff/checks/): one per check, all listed, ids unique, and the class of every schema change decided by `classify` alone. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, classify, SCOPE_DIRECTION, SCHEMA_CHANGES, type SchemaScope } from '../../src/diff/checks.js';
import { FIXED_CHECKS, SCHEMA_CHANGE_LIST } from '../../src/diff/checks/index.js';

const FOLDER = join(import.meta.dirname, '../../src/diff/checks');
const files = readdirSync(FOLDER).filter((name) => name.endsWith('.ts') && name !== 'index.ts');

describe('diff check files', () => {
  it('every file is a check listed in the index, and every listed check has its file', () => {
    const index = readFileSync(join(FOLDER, 'index.ts'), 'utf8');
    for (const file of files) expect(index, file).toContain(`'./${file.replace(/\.ts$/, '.js')}'`);
    expect(files.length).toBe(FIXED_CHECKS.length + SCHEMA_CHANGE_LIST.length);
    for (const c of FIXED_CHECKS) expect(files).toContain(`${c.id}.ts`);
    for (const c of SCHEMA_CHANGE_LIST) expect(files).toContain(`schema-${c.change}.ts`);
  });

  it('ids are unique', () => {
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
  });

  it('a schema change exists in all four places, its class from classify(direction, effect)', () => {
    for (const [change, definition] of Object.entries(SCHEMA_CHANGES)) {
      for (const scope of Object.keys(SCOPE_DIRECTION) as SchemaScope[]) {
        const found = CHECKS.find((c) => c.id === `diff-${scope}-${change}`);
        const direction = SCOPE_DIRECTION[scope];
        const effect = typeof definition.effect === 'string' ? definition.effect : definition.effect[direction];
        expect(found?.class, `${scope} ${change}`).toBe(classify(direction, effect));
        expect(found?.effect).toBe(effect);
      }
    }
  });
});
