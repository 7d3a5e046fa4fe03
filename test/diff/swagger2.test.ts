/**
 * `vottur diff` takes a Swagger 2.0 description as `vottur lint` does (issue 40, Diff): converted in
 * memory (src/lint/swagger.ts), compared as OpenAPI 3, each change reported where the author wrote
 * it in the original (`definitions/…`, its line). Anything else is one line saying what is wrong
 * and what to do.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { diffDescriptions } from '../../src/diff/index.js';
import type { Doc } from './cases.js';

const ORIGINAL = join(import.meta.dirname, '../../fixtures/swagger2/fail-islykill.yaml');
const work = mkdtempSync(join(tmpdir(), 'vottur-diff-swagger2-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function revisionWith(change: (doc: Doc) => void, name: string): string {
  const doc = parse(readFileSync(ORIGINAL, 'utf8')) as Doc;
  change(doc);
  const file = join(work, name);
  writeFileSync(file, stringify(doc));
  return file;
}

describe('vottur diff on Swagger 2.0', () => {
  it('compares two 2.0 descriptions and places each change in the original', async () => {
    const revision = revisionWith((doc) => delete doc.definitions.PublicUser.properties.Email, 'removed.yaml');
    const report = await diffDescriptions(ORIGINAL, revision);
    const removed = report.findings.filter((f) => f.ruleId === 'diff-response-body-property-removed');
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ pointer: '/definitions/PublicUser/properties' });
    expect(removed[0]?.line).toBeGreaterThan(60);
    expect(removed[0]?.message).toMatch(/base: .*fail-islykill\.yaml:\d+ \/definitions\/PublicUser\/properties\/Email/);
  });

  it('an unchanged 2.0 description has no changes', async () => {
    const report = await diffDescriptions(
      ORIGINAL,
      revisionWith(() => undefined, 'same.yaml'),
    );
    expect(report.findings.filter((f) => f.ruleId.startsWith('diff-'))).toEqual([]);
  });

  it('a document that is neither is refused in one line that says what is expected', async () => {
    const other = join(work, 'other.yaml');
    writeFileSync(other, stringify({ asyncapi: '2.6.0', info: { title: 'x', version: '1' } }));
    await expect(diffDescriptions(ORIGINAL, other)).rejects.toThrow(
      /other\.yaml is neither an OpenAPI 3 description .* nor Swagger 2\.0/,
    );
  });
});
