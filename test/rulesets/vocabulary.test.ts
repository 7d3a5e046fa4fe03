/**
 * A configuration's vocabulary reaches the rules through their context: each run sees the
 * platform's lists plus its own words and no other run's, however runs interleave (the language
 * server with two projects, parallel lints in one process), and the platform's lists never change.
 * Under stock Spectral the same words travel as the rule function's options.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json as JsonParser } from '@stoplight/spectral-parsers';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runRules, type RuleResult } from '../../src/lint/engine.js';
import type { RuleContext } from '../../rulesets/lib/rule.js';
import { toSpectralRule } from '../../rulesets/lib/spectral-rule.js';
import {
  COLLECTION_ARRAY_NAMES,
  COLLECTION_PAGE_MEMBERS,
  CUSTOM_METHOD_VERBS,
  DEFAULT_VOCABULARY,
  ICELANDIC_NATIONAL_ID_OWNERS,
  matchNationalIdAlias,
  NATIONAL_ID_ALIASES,
  vocabularyWith,
  type VocabularyAdditions,
} from '../../rulesets/lib/vocabulary.js';
import { RULES } from '../../rulesets/rules/index.js';

const ROOT = join(import.meta.dirname, '../..');
const lease = () => parse(readFileSync(join(ROOT, 'fixtures/config/vocabulary/api.yaml'), 'utf8')) as unknown;

/** Two teams' words: the landlord team calls the identifier `idNumber`; the rent team has a `recalculate` action. */
const LANDLORDS: VocabularyAdditions = { nationalIdAliases: ['idNumber'], nationalIdOwners: { leigjanda: 'tenant' } };
const RENT: VocabularyAdditions = { customMethodVerbs: ['recalculate'] };

const said = (results: RuleResult[], rule: string) =>
  results.filter((result) => result.code === rule).map((result) => result.message);

describe('vocabularyWith', () => {
  it("adds every list's words in the rules' form, without changing the platform's lists", () => {
    const before = [
      [...NATIONAL_ID_ALIASES],
      [...CUSTOM_METHOD_VERBS],
      [...COLLECTION_ARRAY_NAMES],
      [...COLLECTION_PAGE_MEMBERS],
      { ...ICELANDIC_NATIONAL_ID_OWNERS },
    ] as const;
    const vocabulary = vocabularyWith({
      nationalIdAliases: ['Id_Number', 'kennitala'],
      nationalIdOwners: { Leigjanda: 'tenant', maka: 'partner' },
      customMethodVerbs: ['batchRecalculate'],
      collectionArrayNames: ['skraningar'],
      collectionPageMembers: ['nextPageToken'],
    });
    expect(vocabulary.nationalIdAliases.filter((alias) => !before[0].includes(alias))).toEqual(['idnumber']);
    expect(vocabulary.customMethodVerbs.filter((verb) => !before[1].includes(verb))).toEqual(['batch-recalculate']);
    expect(vocabulary.collectionArrayNames.at(-1)).toBe('skraningar');
    expect(vocabulary.collectionPageMembers.at(-1)).toBe('nextPageToken');
    // A platform entry is not replaced by the configuration's (`maka` stays `spouse`).
    expect(vocabulary.nationalIdOwners).toEqual({ ...before[4], leigjanda: 'tenant' });
    expect(matchNationalIdAlias('landlordIdNumber', vocabulary)).toEqual({ prefix: ['landlord'], plural: false });
    expect(matchNationalIdAlias('kennitalaLeigjanda', vocabulary)).toEqual({ prefix: ['tenant'], plural: false });
    // The platform's own lists are as they were: the words live in the new vocabulary only.
    expect([
      [...NATIONAL_ID_ALIASES],
      [...CUSTOM_METHOD_VERBS],
      [...COLLECTION_ARRAY_NAMES],
      [...COLLECTION_PAGE_MEMBERS],
      { ...ICELANDIC_NATIONAL_ID_OWNERS },
    ]).toEqual(before);
    expect(matchNationalIdAlias('landlordIdNumber', DEFAULT_VOCABULARY)).toBeUndefined();
    // Without the configuration's translation the owner word is kept as it is.
    expect(matchNationalIdAlias('kennitalaLeigjanda', DEFAULT_VOCABULARY)).toEqual({
      prefix: ['leigjanda'],
      plural: false,
    });
  });

  it('without additions is the platform vocabulary, which cannot be changed', () => {
    expect(vocabularyWith(undefined)).toBe(DEFAULT_VOCABULARY);
    expect(vocabularyWith({})).toEqual(DEFAULT_VOCABULARY);
    expect(() => (DEFAULT_VOCABULARY.nationalIdAliases as string[]).push('x')).toThrow(TypeError);
    expect(() => (NATIONAL_ID_ALIASES as string[]).push('x')).toThrow(TypeError);
  });
});

describe('two runs with different vocabularies', () => {
  /** Each run alone, the reference. */
  const alone = (additions: VocabularyAdditions) => runRules(RULES, lease(), { vocabulary: additions });

  it('interleaved rule by rule, each sees only its own words', () => {
    const documents = [lease(), lease(), lease()];
    const contexts: RuleContext[] = [
      { vocabulary: vocabularyWith(LANDLORDS) },
      { vocabulary: vocabularyWith(RENT) },
      { vocabulary: DEFAULT_VOCABULARY },
    ];
    const found: string[][] = [[], [], []];
    // One rule of each run in turn, as a scheduler that yields between rules would run them: all
    // three runs are under way at once.
    for (const rule of RULES)
      documents.forEach((document, i) => {
        const context = contexts[i];
        if (rule.id === 'platform-openapi-valid' || !context) return;
        for (const problem of rule.check(document as never, context)) found[i]?.push(`${rule.id} ${problem.message}`);
      });
    const [landlords, rent, plain] = found;
    // The landlord team's alias and owner word: `idNumber` and `kennitalaLeigjanda` are renamed.
    expect(landlords?.some((line) => /Property `idNumber`.*`nationalId`/.test(line))).toBe(true);
    expect(landlords?.some((line) => /`kennitalaLeigjanda`.*`tenantNationalId`/.test(line))).toBe(true);
    // ... which the rent team's run does not see, nor the run without configuration.
    for (const other of [rent, plain]) {
      expect(other?.some((line) => /Property `idNumber`/.test(line))).toBe(false);
      expect(other?.some((line) => /tenantNationalId/.test(line))).toBe(false);
    }
    // The rent team's verb makes `GET …/recalculate` a custom method that must be a POST; only there.
    const recalculate = (lines: string[] | undefined) =>
      (lines ?? []).some((line) => line.startsWith('platform-http-method-semantics') && /recalculate/.test(line));
    expect(recalculate(rent)).toBe(true);
    expect(recalculate(landlords)).toBe(false);
    expect(recalculate(plain)).toBe(false);
  });

  it('concurrent lints give each the findings it gives alone', async () => {
    const landlords = alone(LANDLORDS);
    const rent = alone(RENT);
    expect(said(landlords, 'platform-national-id-name')).not.toEqual(said(rent, 'platform-national-id-name'));
    const together = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        Promise.resolve().then(() => runRules(RULES, lease(), { vocabulary: i % 2 === 0 ? LANDLORDS : RENT })),
      ),
    );
    together.forEach((results, i) => expect(results).toEqual(i % 2 === 0 ? landlords : rent));
  });
});

describe('under stock Spectral', () => {
  const rule = RULES.find((candidate) => candidate.id === 'platform-national-id-name');
  const lint = async (options?: { vocabulary?: VocabularyAdditions }) => {
    if (!rule) throw new Error('platform-national-id-name is missing');
    const spectral = new Spectral();
    spectral.setRuleset({ rules: { [rule.id]: toSpectralRule(rule, options) } });
    const text = JSON.stringify(lease());
    return (await spectral.run(new Document(text, JsonParser))).map((result) => String(result.message));
  };

  it('reads the vocabulary from the function options, and the platform lists without them', async () => {
    const withOptions = await lint({ vocabulary: LANDLORDS });
    expect(withOptions.some((message) => /Property `idNumber`.*`nationalId`/.test(message))).toBe(true);
    const without = await lint();
    expect(without.some((message) => /Property `idNumber`/.test(message))).toBe(false);
    expect(without.some((message) => /`kennitalaLeigjanda`.*`leigjandaNationalId`/.test(message))).toBe(true);
  });

  it('refuses options that are not a vocabulary when the ruleset is loaded', () => {
    if (!rule) throw new Error('platform-national-id-name is missing');
    const spectral = new Spectral();
    expect(() =>
      spectral.setRuleset({
        rules: { [rule.id]: toSpectralRule(rule, { vocabulary: { nationalIdAliases: 'idNumber' } } as never) },
      }),
    ).toThrow();
  });
});

describe('matchNationalIdAlias remembered per name', () => {
  it('gives the same answer again, as a copy a caller may change', () => {
    const first = matchNationalIdAlias('toKennitala', DEFAULT_VOCABULARY);
    expect(first).toEqual({ prefix: ['to'], plural: false });
    first?.prefix.push('changed');
    expect(matchNationalIdAlias('toKennitala', DEFAULT_VOCABULARY)).toEqual({ prefix: ['to'], plural: false });
    expect(matchNationalIdAlias('description', DEFAULT_VOCABULARY)).toBeUndefined();
    expect(matchNationalIdAlias('description', DEFAULT_VOCABULARY)).toBeUndefined();
  });
});
