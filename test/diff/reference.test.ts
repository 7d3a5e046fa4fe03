/**
 * The reference description (assets/reference/user-profile.openapi.yaml): every check's mutation
 * of it is reported with the right class and nothing else changes; a renamed-but-equivalent copy
 * (components renamed, references moved or inlined, JSON instead of YAML) gives no breaking finding.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CLASS_SEVERITY, diffDescriptions } from '../../src/diff/index.js';
import { casePair, diffCases } from './cases.js';

const ROOT = join(import.meta.dirname, '../..');
const REFERENCE = join(ROOT, 'assets/reference/user-profile.openapi.yaml');
// Parsed once (casePair copies it; each test gets its own copy): the YAML parse of every case
// and the YAML writing of the many bases that are the reference itself were most of this file's CPU.
const parsedReference: unknown = parse(readFileSync(REFERENCE, 'utf8'));
const reference = () => structuredClone(parsedReference) as ReturnType<typeof parse>;
const written = new Map<string, string>();
/** The document as YAML: the same document (by its JSON) is written the same way, so once. */
function yamlOf(document: unknown): string {
  const key = JSON.stringify(document);
  let text = written.get(key);
  if (text === undefined) {
    text = stringify(document);
    written.set(key, text);
  }
  return text;
}
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
    writeFileSync(join(dir, 'base.yaml'), yamlOf(base));
    writeFileSync(join(dir, 'revision.yaml'), yamlOf(revision));
    const report = await diffDescriptions(join(dir, 'base.yaml'), join(dir, 'revision.yaml'));
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
