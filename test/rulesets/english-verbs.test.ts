/**
 * The English verb list is the maintained lexicon's, as scripts/generate-english-verbs.mjs derives
 * it (regenerate after upgrading wink-lexicon); words that are also nouns stay out of it, and a
 * path segment is an action only when it is a verb in that sense.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  ENGLISH_BASE_VERB_LIST,
  ENGLISH_PREDICATES,
  ENGLISH_STATE_WORD_LIST,
  ENGLISH_VERBS,
} from '../../rulesets/lib/english-verbs.js';
import { ENGLISH_WORD_LIST } from '../../rulesets/lib/english-words.js';
import { hasIcelandicHead, ICELANDIC_HEADS, pathSegmentWords, splitGlued } from '../../rulesets/lib/words.js';
import {
  CREATE_VERBS,
  DEFAULT_VOCABULARY,
  DELETE_VERBS,
  isActionSegment,
  READ_VERBS,
  segmentVerb,
  STANDARD_VERBS_MOSTLY_NOUNS,
  UPDATE_VERBS,
} from '../../rulesets/lib/vocabulary.js';
// @ts-expect-error -- a plain ES module of the build scripts, without types (one line: the error is the specifier's)
import * as scripts from '../../scripts/english-verbs.mjs';

const { englishBaseVerbs, englishPredicates, englishStateWords, englishVerbs, englishWords } = scripts as Record<
  string,
  unknown
>;

const require = createRequire(import.meta.url);
const lexicon = require('wink-lexicon/src/lexicon.js') as Record<string, string[]>;

describe('ENGLISH_VERBS', () => {
  it('is what the installed wink-lexicon gives (run scripts/generate-english-verbs.mjs after upgrading it)', () => {
    expect([...ENGLISH_VERBS]).toEqual((englishVerbs as (lexicon: object) => string[])(lexicon));
    expect(ENGLISH_VERBS.size).toBeGreaterThan(400);
  });

  it('holds verbs, and no word the lexicon also knows as a noun', () => {
    for (const verb of ['approve', 'submit', 'migrate', 'promote', 'dismiss', 'send'])
      expect(ENGLISH_VERBS).toContain(verb);
    for (const noun of ['set', 'order', 'process', 'record', 'report', 'file', 'hold', 'live', 'list', 'status'])
      expect(ENGLISH_VERBS.has(noun), noun).toBe(false);
  });

  it('STANDARD_VERBS_MOSTLY_NOUNS are the standard verbs whose most frequent use is not a base-form verb, but `list`', () => {
    const standard = [...READ_VERBS, ...CREATE_VERBS, ...UPDATE_VERBS, ...DELETE_VERBS].filter(
      (word) => word !== 'list' && lexicon[word] !== undefined && !['VB', 'VBP'].includes(lexicon[word]?.[0] ?? ''),
    );
    expect([...STANDARD_VERBS_MOSTLY_NOUNS].sort()).toEqual(standard.sort());
  });
});

describe('ENGLISH_PREDICATES and ENGLISH_BASE_VERB_LIST (issue 37)', () => {
  it('are what the installed wink-lexicon gives (run scripts/generate-english-verbs.mjs after upgrading it)', () => {
    expect([...ENGLISH_PREDICATES]).toEqual((englishPredicates as (lexicon: object) => string[])(lexicon));
    expect(ENGLISH_BASE_VERB_LIST.split(' ')).toEqual((englishBaseVerbs as (lexicon: object) => string[])(lexicon));
  });

  it('begin a question with a modal or a third-person verb, not with a plural noun', () => {
    for (const word of ['has', 'can', 'is', 'requires', 'must']) expect(ENGLISH_PREDICATES.has(word), word).toBe(true);
    for (const word of ['calls', 'needs', 'issues', 'get', 'ca', 'wo'])
      expect(ENGLISH_PREDICATES.has(word), word).toBe(false);
  });

  it('know the base verbs that are nouns too (lock, extend), which ENGLISH_VERBS leaves out', () => {
    const base = new Set(ENGLISH_BASE_VERB_LIST.split(' '));
    for (const word of ['lock', 'extend', 'update', 'pin']) expect(base.has(word), word).toBe(true);
    expect(ENGLISH_VERBS.has('lock')).toBe(false);
  });
});

describe('a path segment', () => {
  it('is an action when it is a verb, English or Icelandic, or a configured custom method', () => {
    for (const segment of ['migrate', 'promote', 'dismiss', 'archive', 'samthykkja', 'batchGet'])
      expect(isActionSegment(segment, DEFAULT_VOCABULARY), segment).toBe(true);
  });

  it('is not an action when it is a noun, or a standard method (which segmentVerb names)', () => {
    for (const segment of ['set', 'order', 'process', 'record', 'report', 'file', 'hold', 'live', 'include', 'get'])
      expect(isActionSegment(segment, DEFAULT_VOCABULARY), segment).toBe(false);
  });

  it('names a standard method by a verb before other words, not by a noun alone', () => {
    expect(segmentVerb('setStatus')?.kind).toBe('update');
    expect(segmentVerb('ListCases')?.kind).toBe('read');
    expect(segmentVerb('set')).toBeUndefined();
    expect(segmentVerb('change')).toBeUndefined();
    // In paths `…/list` is the action.
    expect(segmentVerb('list')?.kind).toBe('read');
    expect(segmentVerb('Create')?.kind).toBe('create');
  });
});

describe('ENGLISH_WORD_LIST and the glued-word splitter', () => {
  it('is what the installed wink-lexicon gives (run scripts/generate-english-verbs.mjs after upgrading it)', () => {
    const words = ENGLISH_WORD_LIST.split(' ');
    expect(words).toEqual((englishWords as (lexicon: object) => string[])(lexicon));
    expect(words.length).toBeGreaterThan(10_000);
  });

  it('splits a glued lower-case name into the fewest dictionary words, and leaves one word whole', () => {
    expect(splitGlued('accidentstatus')).toEqual(['accident', 'status']);
    expect(splitGlued('listofcases')).toEqual(['list', 'of', 'cases']);
    for (const word of ['settings', 'addresses', 'getaways', 'aways', 'status'])
      expect(splitGlued(word), word).toBeUndefined();
  });

  it('of splits into as many words, takes the one with fewer derived or short parts, then longer words first', () => {
    // `requires mileage` beside `require smileage` (both derived with -age): the inflection is read whole.
    expect(pathSegmentWords('requiresmileageregistration')).toEqual(['requires', 'mileage', 'registration']);
    // `license done` beside `licensed one`: a short word is a weaker part than a lexicon word.
    expect(pathSegmentWords('printprelicensedone')).toEqual(['print', 'prelicense', 'done']);
    expect(pathSegmentWords('changelogs')).toBeUndefined();
  });

  it('reads the concepts of Icelandic compounds by their head (dagur, dagsetning, upphæð, mynt), not a weekday', () => {
    for (const word of ['faedingardagur', 'skraningardags', 'dagsetning', 'gildisdagsetning'])
      expect(hasIcelandicHead(word, [...ICELANDIC_HEADS.day, ...ICELANDIC_HEADS.date]), word).toBe(true);
    for (const word of ['manudagur', 'sunnudagur', 'dagskra'])
      expect(hasIcelandicHead(word, [...ICELANDIC_HEADS.day, ...ICELANDIC_HEADS.date]), word).toBe(false);
    expect(hasIcelandicHead('heildarupphaed', ICELANDIC_HEADS.money)).toBe(true);
    expect(hasIcelandicHead('greidslumynt', ICELANDIC_HEADS.currency)).toBe(true);
    expect(hasIcelandicHead('tegundgreidslu', ICELANDIC_HEADS.money)).toBe(false);
  });

  it('segmentVerb finds a verb glued to nouns the dictionary knows (getaccidentstatus), not in one-word nouns', () => {
    expect(segmentVerb('getaccidentstatus')).toEqual({ verb: 'get', kind: 'read', rest: ['accident', 'status'] });
    for (const noun of ['getaways', 'settings', 'addresses', 'listings', 'findings', 'updates'])
      expect(segmentVerb(noun), noun).toBeUndefined();
  });
});

describe('ENGLISH_STATE_WORD_LIST', () => {
  it('is what the installed wink-lexicon gives (run scripts/generate-english-verbs.mjs after upgrading it)', () => {
    const words = (englishStateWords as (lexicon: object) => string[])(lexicon);
    expect(ENGLISH_STATE_WORD_LIST.split(' ')).toEqual(words);
    for (const word of ['available', 'submitted', 'remaining', 'due', 'outstanding'])
      expect(words, word).toContain(word);
    for (const word of ['type', 'list', 'method', 'schedule']) expect(words, word).not.toContain(word);
  });
});
