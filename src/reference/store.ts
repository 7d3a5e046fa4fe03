/**
 * Where the reference service gets its profiles. The service only knows `ProfileStore`, so a
 * real database can replace the shipped file; `loadProfileStore` reads
 * `assets/reference/profiles.json` into memory and checks every record on the way in.
 */
import { readFile } from 'node:fs/promises';
import { packageFile } from '../paths.js';
import { errorMessage } from '../errors.js';
import { isValidNationalId } from './national-id.js';

export type Locale = 'en' | 'is';

/** A user profile as stored. Date-times are ISO 8601 strings with fraction and zone. */
export interface UserProfileRecord {
  nationalId: string;
  email: string | null;
  mobilePhoneNumber: string | null;
  locale: Locale;
  mobilePhoneNumberVerified: boolean;
  emailVerified: boolean;
  documentNotifications: boolean;
  emailNotifications: boolean;
  profileImageUrl: string | null;
  needsNudge: boolean;
  lastNudge: string | null;
  nextNudge: string | null;
  isRestricted: boolean;
  createdTimestamp: string;
}

/** The settings a receiving user (`toNationalId`) holds for matters of an originating party (`fromNationalId`). */
export interface ActorProfileRecord {
  toNationalId: string;
  fromNationalId: string;
  email: string | null;
  emailVerified: boolean;
  emailNotifications: boolean;
  documentNotifications: boolean;
  locale: Locale;
  createdTimestamp: string;
}

export interface ProfileStore {
  /** The user's profile, or undefined when the user has none (or it is not accessible). */
  getProfile(nationalId: string): Promise<UserProfileRecord | undefined>;
  /** The actor profile relating the two users, or undefined when they have no relation. */
  getActorProfile(toNationalId: string, fromNationalId: string): Promise<ActorProfileRecord | undefined>;
}

export interface ProfileData {
  profiles: UserProfileRecord[];
  actorProfiles: ActorProfileRecord[];
}

export const PROFILES_FILE = 'assets/reference/profiles.json';

/** A date-time in the platform's form: fraction required, zone `Z` or `±hh:mm`. */
export const PLATFORM_DATE_TIME =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\.[0-9]+(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$/;

/** Holds every record in memory, checked once when built. Returns copies, never its own objects. */
export class InMemoryProfileStore implements ProfileStore {
  readonly #profiles = new Map<string, UserProfileRecord>();
  readonly #actorProfiles = new Map<string, ActorProfileRecord>();

  constructor(data: unknown, source = 'profile data') {
    const checked = checkProfileData(data, source);
    for (const profile of checked.profiles) {
      if (this.#profiles.has(profile.nationalId))
        throw new Error(`${source}: two profiles have the national identifier ${profile.nationalId}`);
      this.#profiles.set(profile.nationalId, profile);
    }
    for (const actor of checked.actorProfiles) {
      const key = relationKey(actor.toNationalId, actor.fromNationalId);
      if (this.#actorProfiles.has(key))
        throw new Error(`${source}: two actor profiles relate ${actor.toNationalId} to ${actor.fromNationalId}`);
      this.#actorProfiles.set(key, actor);
    }
  }

  getProfile(nationalId: string): Promise<UserProfileRecord | undefined> {
    const profile = this.#profiles.get(nationalId);
    return Promise.resolve(profile && { ...profile });
  }

  getActorProfile(toNationalId: string, fromNationalId: string): Promise<ActorProfileRecord | undefined> {
    const actor = this.#actorProfiles.get(relationKey(toNationalId, fromNationalId));
    return Promise.resolve(actor && { ...actor });
  }

  /** Every profile, in the order given (for tests and tools). */
  listProfiles(): UserProfileRecord[] {
    return [...this.#profiles.values()].map((profile) => ({ ...profile }));
  }

  /** Every actor profile, in the order given. */
  listActorProfiles(): ActorProfileRecord[] {
    return [...this.#actorProfiles.values()].map((actor) => ({ ...actor }));
  }
}

/** Reads and checks a profiles file (by default the one vottur ships). */
export async function loadProfileStore(path = packageFile(PROFILES_FILE)): Promise<InMemoryProfileStore> {
  // Read directly: the profiles file is vottur's own (its package folder); no option or server names it.
  const text = await readFile(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not JSON (${errorMessage(error)})`, { cause: error });
  }
  return new InMemoryProfileStore(data, path);
}

function relationKey(toNationalId: string, fromNationalId: string): string {
  return `${toNationalId}>${fromNationalId}`;
}

type FieldKind = 'nationalId' | 'string' | 'string|null' | 'boolean' | 'locale' | 'dateTime' | 'dateTime|null';

const PROFILE_FIELDS: Record<keyof UserProfileRecord, FieldKind> = {
  nationalId: 'nationalId',
  email: 'string|null',
  mobilePhoneNumber: 'string|null',
  locale: 'locale',
  mobilePhoneNumberVerified: 'boolean',
  emailVerified: 'boolean',
  documentNotifications: 'boolean',
  emailNotifications: 'boolean',
  profileImageUrl: 'string|null',
  needsNudge: 'boolean',
  lastNudge: 'dateTime|null',
  nextNudge: 'dateTime|null',
  isRestricted: 'boolean',
  createdTimestamp: 'dateTime',
};

const ACTOR_FIELDS: Record<keyof ActorProfileRecord, FieldKind> = {
  toNationalId: 'nationalId',
  fromNationalId: 'nationalId',
  email: 'string|null',
  emailVerified: 'boolean',
  emailNotifications: 'boolean',
  documentNotifications: 'boolean',
  locale: 'locale',
  createdTimestamp: 'dateTime',
};

function checkProfileData(data: unknown, source: string): ProfileData {
  if (!isRecord(data) || !Array.isArray(data.profiles) || !Array.isArray(data.actorProfiles)) {
    throw new Error(`${source}: expected an object with the arrays "profiles" and "actorProfiles"`);
  }
  const profiles = data.profiles.map((record, index) =>
    checkRecord(record, PROFILE_FIELDS, `${source}: profiles[${index}]`),
  );
  const actorProfiles = data.actorProfiles.map((record, index) =>
    checkRecord(record, ACTOR_FIELDS, `${source}: actorProfiles[${index}]`),
  );
  return { profiles, actorProfiles };
}

function checkRecord<T>(record: unknown, fields: Record<keyof T, FieldKind>, where: string): T {
  if (!isRecord(record)) throw new Error(`${where}: expected an object`);
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries<FieldKind>(fields)) {
    const value = record[field];
    if (!fitsKind(value, kind))
      throw new Error(`${where}.${field}: expected ${describeKind(kind)}, found ${JSON.stringify(value) ?? 'nothing'}`);
    out[field] = value;
  }
  return out as T;
}

function fitsKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'nationalId':
      return typeof value === 'string' && isValidNationalId(value);
    case 'string':
      return typeof value === 'string';
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'locale':
      return value === 'en' || value === 'is';
    case 'dateTime':
      return typeof value === 'string' && PLATFORM_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'dateTime|null':
      return value === null || fitsKind(value, 'dateTime');
  }
}

function describeKind(kind: FieldKind): string {
  switch (kind) {
    case 'nationalId':
      return 'a valid national identifier (ten digits, right check digit)';
    case 'string':
      return 'a string';
    case 'string|null':
      return 'a string or null';
    case 'boolean':
      return 'true or false';
    case 'locale':
      return '"en" or "is"';
    case 'dateTime':
      return 'a date-time such as 2024-05-02T09:30:00.000Z';
    case 'dateTime|null':
      return 'a date-time such as 2024-05-02T09:30:00.000Z, or null';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
