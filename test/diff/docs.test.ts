/** Every diff check and versioning rule has its page, and the pages are what the checks table says. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, VERSION_RULES } from '../../src/diff/index.js';
import { diffDocPages } from '../../src/diff/docs.js';

const DOCS = join(import.meta.dirname, '../../docs/diff');
const pages = diffDocPages();

if (process.env.VOTTUR_UPDATE_DOCS) {
  mkdirSync(DOCS, { recursive: true });
  for (const [name, text] of pages) writeFileSync(join(DOCS, name), text);
}

describe('diff docs', () => {
  it('every check and rule has a page, and there is no page without one', () => {
    for (const id of [...CHECKS.map((c) => c.id), ...VERSION_RULES.map((r) => r.id)])
      expect(existsSync(join(DOCS, `${id}.md`)), id).toBe(true);
    expect(readdirSync(DOCS).sort()).toEqual([...pages.keys()].sort());
  });

  it('the pages are generated from the table (VOTTUR_UPDATE_DOCS=1 rewrites them)', () => {
    for (const [name, text] of pages) expect(readFileSync(join(DOCS, name), 'utf8'), name).toBe(text);
  });

  it('docsUrl of every diff rule names its page', async () => {
    const { diffRules } = await import('../../src/diff/checks.js');
    for (const rule of diffRules()) expect(rule.docsUrl.endsWith(`/docs/diff/${rule.id}.md`)).toBe(true);
  });
});
