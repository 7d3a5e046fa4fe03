/**
 * The reference description (assets/reference/user-profile.openapi.yaml): every check's mutation
 * of it is reported with the right class and nothing else changes; a renamed-but-equivalent copy
 * (components renamed, references moved or inlined, JSON instead of YAML) gives no breaking finding.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLASS_SEVERITY, diffDescriptions } from '../../src/diff/index.js';
import { casePair, diffCases } from './cases.js';

const ROOT = join(import.meta.dirname, '../..');
const REFERENCE = join(ROOT, 'assets/reference/user-profile.openapi.yaml');
// Parsed once (casePair copies it; each test gets its own copy): the YAML parse of every case was
// most of this file's CPU.
const parsedReference: unknown = parse(readFileSync(REFERENCE, 'utf8'));
const reference = () => structuredClone(parsedReference) as ReturnType<typeof parse>;
/**
 * Each case's two documents are written as JSON: writing them as YAML and reading that back was
 * two thirds of this file's CPU (issue 35). What is tested is the diff of the mutation, which does
 * not depend on the text's format; the same pairs as YAML are fixtures/diff/<id>/, diffed by
 * test/diff/fixtures.test.ts.
 */
const jsonOf = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-reference-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the reference description', () => {
  it.each(
    diffCases()
      .filter((c) => c.cls)
      .map((c) => [c.id, c] as const),
  )('%s: its mutation is reported with the right class, and nothing else', async (id, c) => {
    const { base, revision } = casePair(c, reference());
    const dir = mkdtempSync(join(folder, 'case-'));
    writeFileSync(join(dir, 'base.json'), jsonOf(base));
    writeFileSync(join(dir, 'revision.json'), jsonOf(revision));
    const report = await diffDescriptions(join(dir, 'base.json'), join(dir, 'revision.json'));
    const own = report.findings.filter((f) => f.ruleId === id);
    expect(own.length).toBeGreaterThan(0);
    for (const finding of own) expect(finding.severity).toBe(CLASS_SEVERITY[c.cls!]);
    const otherChanges = report.findings.filter((f) => f.ruleId.startsWith('diff-') && f.ruleId !== id);
    expect(otherChanges.map((f) => `${f.ruleId} ${f.pointer}`)).toEqual([]);
  });

  it('a renamed-but-equivalent copy (components renamed, a response inlined, JSON) gives no breaking finding', async () => {
    const renamed = JSON.parse(
      JSON.stringify(reference())
        .replace(/(?<=["/])UserProfile(?=")/g, 'PersonProfile')
        .replace(/(?<=["/])ClientType(?=")/g, 'CallerKind')
        .replace(/(?<=["/])IdentityServer(?=")/g, 'IslandIsIdp')
        .replace(/(?<=["/])Problem(?=")/g, 'ProblemDetails'),
    );
    // A reference moved: the 200 response of the first operation written inline.
    const get = renamed.paths['/v2/users/{nationalId}'].get;
    get.responses['200'] = structuredClone(renamed.components.responses.UserProfileFound);
    expect(JSON.stringify(renamed)).not.toContain('"UserProfile"');
    writeFileSync(join(folder, 'renamed.json'), JSON.stringify(renamed, null, 2));
    const report = await diffDescriptions(REFERENCE, join(folder, 'renamed.json'));
    expect(report.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
    expect(report.findings.filter((f) => f.ruleId.startsWith('diff-')).map((f) => f.ruleId)).toEqual([]);
  });
});
