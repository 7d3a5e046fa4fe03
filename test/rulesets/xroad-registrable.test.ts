/**
 * platform-xroad-registrable's size limit, which no committed fixture can show (10 MiB): measured on
 * the text a security server would be served, as `vottur lint` loads it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocument, nativeLinter } from '../../src/lint/lint.js';
import rule, { XROAD_MAX_DESCRIPTION_SIZE } from '../../rulesets/rules/platform-xroad-registrable.js';

const linter = nativeLinter([rule]);

/** A description of exactly `size` characters (the description's text padded to it). */
function descriptionOf(size: number): string {
  const head = 'openapi: 3.0.3\ninfo:\n  title: Big\n  version: 1.0.0\n  description: ';
  const tail = '\npaths: {}\n';
  return head + 'x'.repeat(size - head.length - tail.length) + tail;
}

describe('platform-xroad-registrable: the 10 MiB limit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-xroad-'));

  it('is silent on a description of exactly 10 MiB', async () => {
    const file = join(dir, 'at-limit.yaml');
    writeFileSync(file, descriptionOf(XROAD_MAX_DESCRIPTION_SIZE));
    const result = await lintDocument(file, { linter });
    expect(result.findings.filter((f) => f.ruleId === rule.id)).toEqual([]);
  });

  it('reports a description one character over, at the root, naming the limit and its source', async () => {
    const file = join(dir, 'over.yaml');
    writeFileSync(file, descriptionOf(XROAD_MAX_DESCRIPTION_SIZE + 1));
    const result = await lintDocument(file, { linter });
    const findings = result.findings.filter((f) => f.ruleId === rule.id);
    expect(findings.map((f) => f.pointer)).toEqual(['']);
    expect(findings[0]?.message).toContain(`(${XROAD_MAX_DESCRIPTION_SIZE + 1} characters)`);
    expect(findings[0]?.message).toContain('over 10 MiB');
    expect(findings[0]?.message).toContain('OpenApiParser.java: MAX_DESCRIPTION_SIZE');
  });
});
