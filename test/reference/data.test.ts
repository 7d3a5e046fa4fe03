import { readFileSync } from 'node:fs';
import { isValid as kennitalaIsValid, isCompany, isPerson } from 'kennitala';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../../src/paths.js';
import { hyphenateNationalId, isValidNationalId, nationalIdCheckDigit } from '../../src/reference/national-id.js';
import {
  InMemoryProfileStore,
  PLATFORM_DATE_TIME,
  loadProfileStore,
  type ProfileData,
} from '../../src/reference/store.js';
import {
  BAD_CHECK_DIGIT,
  EXAMPLE_FROM_USER,
  EXAMPLE_USER,
  RESTRICTED_USER,
  UNKNOWN_USER,
  UNKNOWN_USER_2,
  loadDescription,
} from './helpers.js';

const data = JSON.parse(readFileSync(packageFile('assets/reference/profiles.json'), 'utf8')) as ProfileData;

/** The check digit by the published algorithm, written out independently of the code under test. */
function checkDigitByHand(id: string): boolean {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  const remainder = sum % 11;
  const digit = remainder === 0 ? 0 : 11 - remainder;
  return digit !== 10 && digit === Number(id[8]);
}

describe('national identifiers', () => {
  it('accepts valid kennitölur and rejects a wrong check digit, hyphens and other lengths', () => {
    expect(isValidNationalId('0101302989')).toBe(true);
    expect(isValidNationalId(BAD_CHECK_DIGIT)).toBe(false);
    expect(isValidNationalId('010130-2989')).toBe(false);
    expect(isValidNationalId('010130298')).toBe(false);
    expect(isValidNationalId('01013029890')).toBe(false);
    expect(isValidNationalId('01013O2989')).toBe(false);
    // A right check digit on an impossible date (31 February) is still not an identifier.
    expect(nationalIdCheckDigit('31029012')).toBeDefined();
    expect(isValidNationalId(`31029012${nationalIdCheckDigit('31029012')}9`)).toBe(false);
  });

  it('checks the check digit, which the kennitala package does not', () => {
    // Why national-id.ts exists: kennitala@3 only checks the date and century.
    expect(kennitalaIsValid(BAD_CHECK_DIGIT)).toBe(true);
    expect(isValidNationalId(BAD_CHECK_DIGIT)).toBe(false);
  });

  it('has no identifier when the check digit would be 10', () => {
    // 3·0 + 2·1 + 7·0 + 6·1 + 5·3 + 4·0 + 3·0 + 2·0 = 23; 23 mod 11 = 1; 11 − 1 = 10.
    expect(nationalIdCheckDigit('01013000')).toBeUndefined();
  });

  it('the test identifiers are what the tests take them for', () => {
    for (const id of [EXAMPLE_USER, EXAMPLE_FROM_USER, RESTRICTED_USER, UNKNOWN_USER, UNKNOWN_USER_2]) {
      expect(isValidNationalId(id), id).toBe(true);
      expect(checkDigitByHand(id), id).toBe(true);
    }
    expect(checkDigitByHand(BAD_CHECK_DIGIT)).toBe(false);
    const ids = new Set(data.profiles.map((profile) => profile.nationalId));
    expect(ids.has(UNKNOWN_USER)).toBe(false);
    expect(ids.has(UNKNOWN_USER_2)).toBe(false);
    expect(data.profiles.find((profile) => profile.nationalId === RESTRICTED_USER)).toMatchObject({
      isRestricted: true,
      email: expect.any(String),
      mobilePhoneNumber: expect.any(String),
    });
  });

  it('hyphenates as ######-####', () => {
    expect(hyphenateNationalId('0101302989')).toBe('010130-2989');
  });
});

describe('profiles.json', () => {
  it('holds a few dozen users', () => {
    expect(data.profiles.length).toBeGreaterThanOrEqual(30);
    expect(data.profiles.length).toBeLessThanOrEqual(40);
  });

  it('gives every user a valid kennitala (ten digits, right check digit, real date), each once', () => {
    const seen = new Set<string>();
    for (const profile of data.profiles) {
      const id = profile.nationalId;
      expect(id, id).toMatch(/^[0-9]{10}$/);
      expect(checkDigitByHand(id), `${id}: check digit`).toBe(true);
      expect(isPerson(id) || isCompany(id), `${id}: date of a person or company`).toBe(true);
      expect(isValidNationalId(id), id).toBe(true);
      expect(seen.has(id), `${id} twice`).toBe(false);
      seen.add(id);
    }
  });

  it('varies the flags and leaves some fields empty', () => {
    const restricted = data.profiles.filter((profile) => profile.isRestricted);
    expect(restricted.length).toBeGreaterThanOrEqual(3);
    expect(restricted.length).toBeLessThan(data.profiles.length);
    expect(data.profiles.some((profile) => profile.mobilePhoneNumber === null)).toBe(true);
    expect(data.profiles.some((profile) => profile.email === null)).toBe(true);
    expect(data.profiles.some((profile) => profile.profileImageUrl === null)).toBe(true);
    expect(data.profiles.some((profile) => profile.profileImageUrl !== null)).toBe(true);
    expect(data.profiles.some((profile) => profile.lastNudge === null)).toBe(true);
    expect(data.profiles.some((profile) => profile.nextNudge !== null)).toBe(true);
    expect(new Set(data.profiles.map((profile) => profile.locale))).toEqual(new Set(['en', 'is']));
    for (const flag of [
      'emailVerified',
      'mobilePhoneNumberVerified',
      'documentNotifications',
      'emailNotifications',
      'needsNudge',
    ] as const) {
      expect(new Set(data.profiles.map((profile) => profile[flag])), flag).toEqual(new Set([true, false]));
    }
    expect(data.profiles.some((profile) => isCompany(profile.nationalId))).toBe(true);
  });

  it('writes every date-time in the platform form', () => {
    for (const profile of data.profiles) {
      for (const value of [profile.createdTimestamp, profile.lastNudge, profile.nextNudge]) {
        if (value !== null) expect(value, profile.nationalId).toMatch(PLATFORM_DATE_TIME);
      }
    }
    for (const actor of data.actorProfiles) expect(actor.createdTimestamp).toMatch(PLATFORM_DATE_TIME);
  });

  it('relates pairs of existing users', () => {
    const ids = new Set(data.profiles.map((profile) => profile.nationalId));
    expect(data.actorProfiles.length).toBeGreaterThanOrEqual(5);
    for (const actor of data.actorProfiles) {
      expect(ids.has(actor.toNationalId), actor.toNationalId).toBe(true);
      expect(ids.has(actor.fromNationalId), actor.fromNationalId).toBe(true);
      expect(actor.toNationalId).not.toBe(actor.fromNationalId);
    }
  });

  it("holds the description's example identifiers, so example requests get 200", () => {
    const document = loadDescription();
    const parameters = Object.values(
      document.components.parameters as Record<string, { name: string; example: string }>,
    );
    const example = (name: string) => parameters.find((parameter) => parameter.name === name)!.example;
    expect(example('nationalId')).toBe(EXAMPLE_USER);
    expect(example('X-Param-National-Id')).toBe(EXAMPLE_USER);
    const ids = new Set(data.profiles.map((profile) => profile.nationalId));
    for (const name of [
      'nationalId',
      'X-Param-National-Id',
      'toNationalId',
      'fromNationalId',
      'X-Param-To-National-Id',
      'X-Param-From-National-Id',
    ]) {
      expect(ids.has(example(name)), name).toBe(true);
    }
    expect(
      data.actorProfiles.some(
        (actor) => actor.toNationalId === example('toNationalId') && actor.fromNationalId === example('fromNationalId'),
      ),
    ).toBe(true);
  });
});

describe('InMemoryProfileStore', () => {
  it('finds profiles and relations, and nothing else', async () => {
    const store = await loadProfileStore();
    expect((await store.getProfile(EXAMPLE_USER))?.nationalId).toBe(EXAMPLE_USER);
    expect(await store.getProfile(UNKNOWN_USER)).toBeUndefined();
    expect((await store.getActorProfile(EXAMPLE_USER, EXAMPLE_FROM_USER))?.fromNationalId).toBe(EXAMPLE_FROM_USER);
    expect(await store.getActorProfile(EXAMPLE_FROM_USER, EXAMPLE_USER)).toBeUndefined();
  });

  it('hands out copies', async () => {
    const store = await loadProfileStore();
    const first = await store.getProfile(EXAMPLE_USER);
    first!.email = 'changed@example.com';
    expect((await store.getProfile(EXAMPLE_USER))!.email).not.toBe('changed@example.com');
  });

  it('refuses broken data, naming the record and field', () => {
    const good = structuredClone(data);
    expect(() => new InMemoryProfileStore(good)).not.toThrow();
    const badId = structuredClone(data);
    badId.profiles[3].nationalId = BAD_CHECK_DIGIT;
    expect(() => new InMemoryProfileStore(badId)).toThrow(/profiles\[3\]\.nationalId/);
    const badDate = structuredClone(data);
    badDate.profiles[0].createdTimestamp = '2024-05-02T09:30:00';
    expect(() => new InMemoryProfileStore(badDate)).toThrow(/profiles\[0\]\.createdTimestamp/);
    const duplicate = structuredClone(data);
    duplicate.profiles.push({ ...duplicate.profiles[0] });
    expect(() => new InMemoryProfileStore(duplicate)).toThrow(/two profiles/);
    expect(() => new InMemoryProfileStore({ profiles: [] })).toThrow(/actorProfiles/);
  });
});
