/**
 * Every check's fixture pair (fixtures/diff/<id>/base.yaml, revision.yaml) gives exactly the
 * findings in its expected.json. The pairs are written from test/diff/cases.ts; this test also
 * checks that the files on disk are what the cases say (VOTTUR_UPDATE_FIXTURES=1 rewrites them).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { CHECKS, CLASS_SEVERITY, diffDescriptions, VERSION_RULES } from '../../src/diff/index.js';
import { casePair, diffCases, VERSION_SEVERITY, type DiffCase } from './cases.js';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'fixtures/diff');
const cases = diffCases();
const classOf = new Map(cases.filter((c) => c.cls).map((c) => [c.id, c.cls!]));

function severityOf(ruleId: string): string {
  return VERSION_SEVERITY[ruleId] ?? CLASS_SEVERITY[classOf.get(ruleId)!];
}

interface Row {
  ruleId: string;
  severity: string;
  pointer: string;
}
const order = (a: Row, b: Row) =>
  a.ruleId + a.pointer < b.ruleId + b.pointer ? -1 : a.ruleId + a.pointer > b.ruleId + b.pointer ? 1 : 0;

function expectedRows(c: DiffCase): Row[] {
  return c.expect.map((e) => ({ ruleId: e.ruleId, severity: severityOf(e.ruleId), pointer: e.pointer })).sort(order);
}

function files(c: DiffCase): Record<string, string> {
  const { base, revision } = casePair(c);
  return {
    'base.yaml': stringify(base, { lineWidth: 0 }),
    'revision.yaml': stringify(revision, { lineWidth: 0 }),
    'expected.json': `${JSON.stringify(expectedRows(c), null, 2)}\n`,
  };
}

if (process.env.VOTTUR_UPDATE_FIXTURES) {
  for (const c of cases) {
    mkdirSync(join(FIXTURES, c.id), { recursive: true });
    for (const [name, text] of Object.entries(files(c))) writeFileSync(join(FIXTURES, c.id, name), text);
  }
}

describe('diff fixtures', () => {
  it('has a case for every check and platform-version rule, and no case without a check', () => {
    const ids = [...CHECKS.map((c) => c.id), ...VERSION_RULES.map((r) => r.id)].sort();
    expect(cases.map((c) => c.id).sort()).toEqual(ids);
    // non-breaking/, openapi-3.2/ and oasdiff-defects/ hold pairs of their own tests (non-breaking.test.ts, openapi-3.2.test.ts).
    expect(
      readdirSync(FIXTURES)
        .filter((name) => name !== 'non-breaking' && name !== 'openapi-3.2' && name !== 'oasdiff-defects')
        .sort(),
    ).toEqual(ids);
    expect(CHECKS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s: the files on disk are the case', (_id, c) => {
    for (const [name, text] of Object.entries(files(c)))
      expect(readFileSync(join(FIXTURES, c.id, name), 'utf8')).toBe(text);
  });

  it.each(cases.map((c) => [c.id] as const))('%s: exactly the expected findings', async (id) => {
    const folder = join(FIXTURES, id);
    const report = await diffDescriptions(join(folder, 'base.yaml'), join(folder, 'revision.yaml'));
    const got = report.findings
      .map((f) => ({ ruleId: f.ruleId, severity: f.severity, pointer: f.pointer }))
      .sort(order);
    expect(got).toEqual(JSON.parse(readFileSync(join(folder, 'expected.json'), 'utf8')));
    expect(existsSync(folder)).toBe(true);
  });
});
