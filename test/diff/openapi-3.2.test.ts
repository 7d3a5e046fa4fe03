/**
 * An OpenAPI 3.2 pair (fixtures/diff/openapi-3.2/): `vottur diff` compares the `query` method,
 * `additionalOperations`, a `querystring` parameter and the `itemSchema` of a streamed body, and
 * tag `parent`/`kind` and `$self` are no change to callers. Both sides lint as valid OpenAPI 3.2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDescriptions } from '../../src/diff/index.js';
import { lintDocument } from '../../src/lint/lint.js';

const FOLDER = join(import.meta.dirname, '../../fixtures/diff/openapi-3.2');

interface Row {
  ruleId: string;
  severity: string;
  pointer: string;
  changeClass?: string;
}
const order = (a: Row, b: Row) => (a.ruleId + a.pointer < b.ruleId + b.pointer ? -1 : 1);

describe('an OpenAPI 3.2 pair', () => {
  it('gives exactly the expected findings', async () => {
    const report = await diffDescriptions(join(FOLDER, 'base.yaml'), join(FOLDER, 'revision.yaml'));
    const got: Row[] = report.findings
      .map((f) => ({
        ruleId: f.ruleId,
        severity: f.severity,
        pointer: f.pointer,
        ...(f.changeClass ? { changeClass: f.changeClass } : {}),
      }))
      .sort(order);
    expect(got).toEqual(JSON.parse(readFileSync(join(FOLDER, 'expected.json'), 'utf8')));
    expect(report.diff).toMatchObject({
      counts: { breaking: 3, review: 0, 'non-breaking': 1, documentation: 0 },
      allowed: false,
    });
    // Tag parent/kind and $self changed too, and gave nothing.
    expect(report.findings.some((f) => /^\/(tags|\$self)/.test(f.pointer))).toBe(false);
  });

  it.each(['base.yaml', 'revision.yaml'])('%s lints as valid OpenAPI 3.2', async (name) => {
    const result = await lintDocument(join(FOLDER, name));
    expect(
      result.findings.filter((f) => f.ruleId === 'platform-openapi-valid' || f.ruleId === 'platform-openapi-3'),
    ).toEqual([]);
    // The rules that walk operations reach the query and additional operations.
    expect(result.findings.some((f) => f.pointer.startsWith('/paths/~1v1~1things/query'))).toBe(true);
    expect(result.findings.some((f) => f.pointer.includes('/additionalOperations/'))).toBe(true);
  });
});
