/**
 * Real descriptions nobody here wrote (../shared/corpus): every one lints without a crash or a
 * "could not run", and every finding is well-formed. Skipped, visibly, where the corpus is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { SEVERITIES } from '../../src/report/finding.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';

const present = CORPUS_DIR !== undefined;
const CORPUS = CORPUS_DIR ?? '';

const documents = present
  ? [
      ...readdirSync(join(CORPUS, 'real')).map((name) => `real/${name}`),
      'multifile/digitalocean/DigitalOcean-public.v2.yaml',
      ...readdirSync(join(CORPUS, 'large')).map((name) => `large/${name}`),
    ].sort()
  : [];

describe.skipIf(!present)(corpusTitle('the shared corpus'), () => {
  reportMissingCorpus();
  it.each(documents)('lints %s', { timeout: 180_000 }, async (name) => {
    const result = await lintDocument(join(CORPUS, name), { cwd: CORPUS });
    expect(result.document.path).toBe(name);
    for (const finding of result.findings) {
      expect(SEVERITIES).toContain(finding.severity);
      expect(finding.ruleId).toMatch(/^platform-[a-z0-9-]+$/);
      expect(finding.pointer === '' || finding.pointer.startsWith('/')).toBe(true);
      expect(finding.line).toBeGreaterThan(0);
      expect(finding.message).not.toMatch(/undefined|\[object Object\]/);
    }
    // None of these is a conformant catalogue description: each must have something to say.
    expect(result.findings.length).toBeGreaterThan(0);
  });
});
