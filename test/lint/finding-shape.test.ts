/**
 * A finding's fingerprint is computed when first read (src/lint/lint.ts `lazyFingerprint`) by one
 * getter shared by every finding: V8 gives objects one shape only when their accessors are the same
 * functions, and a closure per finding made every finding but the first a dictionary (every read of
 * a member a lookup, for the score, the JSON writer and the garbage collector).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { fingerprint } from '../../src/report/fingerprint.js';
import { escapedView, escapeLine } from '../../src/runtime/escape.js';

const description = {
  openapi: '3.0.3',
  info: { title: 'shapes', version: '1.0.0' },
  paths: {
    '/a_b': { get: { responses: { '200': { description: 'ok' } } } },
    '/c_d': { get: { responses: { '200': { description: 'ok' } } } },
  },
};

describe('lazily fingerprinted findings', () => {
  it('share one getter, and read the fingerprint of their own place, also through an escaped copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-shape-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(description));
    const { findings } = await lintDocument(file);
    expect(findings.length).toBeGreaterThan(2);
    const getters = new Set<unknown>(
      findings.map((finding) => Reflect.getOwnPropertyDescriptor(finding, 'fingerprint')?.get as unknown),
    );
    expect(getters.size).toBe(1);
    expect([...getters][0]).toBeTypeOf('function');
    const loaded = JSON.parse(JSON.stringify(description)) as unknown;
    for (const finding of findings) expect(finding.fingerprint).toBe(fingerprint(finding.ruleId, loaded, finding.path));
    // A copy escapedView makes for another member takes the getter, which must still find its place.
    const [first] = findings;
    if (!first) throw new Error('no finding');
    const fresh = (await lintDocument(file)).findings[0];
    if (!fresh) throw new Error('no finding');
    fresh.message = `${fresh.message} \u0007`;
    const view = escapedView({ findings: [fresh] }, escapeLine, new Set(['fingerprint']));
    const copied = view.findings[0];
    expect(copied === fresh).toBe(false);
    expect(copied?.fingerprint).toBe(first.fingerprint);
  });
});
