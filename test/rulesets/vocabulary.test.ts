/**
 * `useVocabulary`: a configuration's words join each judgement list for one run of the rules, in
 * the form the rules compare them, and leave again, with the platform's own entries untouched.
 */
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_ARRAY_NAMES,
  COLLECTION_PAGE_MEMBERS,
  CUSTOM_METHOD_VERBS,
  ICELANDIC_NATIONAL_ID_OWNERS,
  matchNationalIdAlias,
  NATIONAL_ID_ALIASES,
  useVocabulary,
} from '../../rulesets/lib/vocabulary.js';

describe('useVocabulary', () => {
  it("adds every list's words in the rules' form, and takes exactly them out again", () => {
    const before = [
      [...NATIONAL_ID_ALIASES],
      [...CUSTOM_METHOD_VERBS],
      [...COLLECTION_ARRAY_NAMES],
      [...COLLECTION_PAGE_MEMBERS],
      { ...ICELANDIC_NATIONAL_ID_OWNERS },
    ] as const;
    const restore = useVocabulary({
      nationalIdAliases: ['Id_Number', 'kennitala'],
      nationalIdOwners: { Leigjanda: 'tenant', maka: 'partner' },
      customMethodVerbs: ['batchRecalculate'],
      collectionArrayNames: ['skraningar'],
      collectionPageMembers: ['nextPageToken'],
    });
    expect(NATIONAL_ID_ALIASES.filter((alias) => !before[0].includes(alias))).toEqual(['idnumber']);
    expect(CUSTOM_METHOD_VERBS.filter((verb) => !before[1].includes(verb))).toEqual(['batch-recalculate']);
    expect(COLLECTION_ARRAY_NAMES.at(-1)).toBe('skraningar');
    expect(COLLECTION_PAGE_MEMBERS.at(-1)).toBe('nextPageToken');
    // A platform entry is not replaced by the configuration's (`maka` stays `spouse`).
    expect(ICELANDIC_NATIONAL_ID_OWNERS).toEqual({ ...before[4], leigjanda: 'tenant' });
    expect(matchNationalIdAlias('landlordIdNumber')).toEqual({ prefix: ['landlord'], plural: false });
    expect(matchNationalIdAlias('kennitalaLeigjanda')).toEqual({ prefix: ['tenant'], plural: false });
    restore();
    expect([
      [...NATIONAL_ID_ALIASES],
      [...CUSTOM_METHOD_VERBS],
      [...COLLECTION_ARRAY_NAMES],
      [...COLLECTION_PAGE_MEMBERS],
      { ...ICELANDIC_NATIONAL_ID_OWNERS },
    ]).toEqual(before);
    expect(matchNationalIdAlias('landlordIdNumber')).toBeUndefined();
    // Without the configuration's translation the owner word is kept as it is.
    expect(matchNationalIdAlias('kennitalaLeigjanda')).toEqual({ prefix: ['leigjanda'], plural: false });
  });

  it('without additions changes nothing', () => {
    const before = [...NATIONAL_ID_ALIASES];
    useVocabulary(undefined)();
    useVocabulary({})();
    expect(NATIONAL_ID_ALIASES).toEqual(before);
  });
});
