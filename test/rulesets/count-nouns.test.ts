/**
 * The count nouns are wink-lexicon's, as scripts/generate-count-nouns.mjs derives them from the
 * installed package (regenerate after upgrading it): a singular noun whose plural the lexicon knows.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COUNT_NOUN_LIST } from '../../rulesets/lib/count-nouns.js';
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { countNouns } from '../../scripts/count-nouns.mjs';

const require = createRequire(import.meta.url);
const lexicon = require('wink-lexicon/src/lexicon.js') as Record<string, string[]>;
const generated = (countNouns as (lexicon: object) => Array<[string, string]>)(lexicon);

describe('COUNT_NOUN_LIST', () => {
  it('is what the installed wink-lexicon gives (run scripts/generate-count-nouns.mjs after upgrading it)', () => {
    expect(COUNT_NOUN_LIST.split(' ')).toEqual(generated.map(([singular, plural]) => `${singular}:${plural}`));
    expect(generated.length).toBeGreaterThan(2000);
  });

  it('holds count nouns with their plurals, and no mass noun or plural', () => {
    const plurals = new Map(generated);
    expect(plurals.get('permit')).toBe('permits');
    expect(plurals.get('policy')).toBe('policies');
    expect(plurals.get('address')).toBe('addresses');
    for (const word of ['information', 'health', 'data', 'news', 'series', 'people', 'users'])
      expect(plurals.has(word), word).toBe(false);
  });
});
