/**
 * Judgement calls in one place: which names mean a national identifier, which path words are
 * verbs (custom methods). Each list is documented in docs/vocabulary.md; change them here only.
 */

/**
 * Names that hold a national identifier (kennitala) under a name other than `nationalId`,
 * compared after lower-casing and removing `_`, `-` and spaces. `kennitala` is the Icelandic
 * word, `kt` its common abbreviation; `ssn` and "social security number" are how English-language
 * code often renders it; the rest are the other spellings of "national id".
 */
const nationalIdAliases: readonly string[] = [
  'kennitala',
  'kennitolu',
  'kennitolur',
  'kt',
  'ssn',
  'socialsecuritynumber',
  'socialsecurityno',
  'nationalid',
  'nationalidentifier',
  'nationalidnumber',
  'nationalregistryid',
  'nationalidentificationnumber',
  'personalidentitycode',
  'personalidnumber',
  // The catalogue's own spellings: `persidno` (persónuauðkenni), `personId`, `person_id_number`.
  'persidno',
  'personid',
  'personidnumber',
];
export const NATIONAL_ID_ALIASES: readonly string[] = Object.freeze(nationalIdAliases);

/**
 * Icelandic genitive nouns that follow `kennitala` in a compound name (`kennitalaMaka`, "the
 * spouse's kennitala") and the English prefix the platform name takes (`spouseNationalId`).
 * A compound with a word not listed here is left alone: its meaning is not clear enough to rename.
 */
const icelandicNationalIdOwners: Readonly<Record<string, string>> = {
  maka: 'spouse',
  barns: 'child',
  foreldris: 'parent',
  forradamanns: 'guardian',
  forraedamanns: 'guardian',
  forradanda: 'guardian',
  forraedanda: 'guardian',
  umsaekjanda: 'applicant',
  greidanda: 'payer',
  fyrirtaekis: 'company',
  notanda: 'user',
  eiganda: 'owner',
  kaupanda: 'buyer',
  seljanda: 'seller',
  atvinnurekanda: 'employer',
  starfsmanns: 'employee',
  umbodsmanns: 'representative',
};
export const ICELANDIC_NATIONAL_ID_OWNERS: Readonly<Record<string, string>> = Object.freeze(icelandicNationalIdOwners);

/** Words after `kennitala` that say something about the identifier, not whose it is. */
const ICELANDIC_QUALIFIERS: readonly string[] = [
  'tegund',
  'stada',
  'gildis',
  'rettur',
  'rett',
  'villa',
  'listi',
  'texti',
  'numer',
  'status',
];

/**
 * Icelandic prepositions after `kennitala` (`kennitalaFra`, "kennitala from"; `kennitalaTil`) and
 * the English word the platform's name puts first (`fromNationalId`, `toNationalId`).
 */
const ICELANDIC_NATIONAL_ID_PREPOSITIONS: Readonly<Record<string, string>> = { fra: 'from', til: 'to' };

/** Words that make an "ID number" the national one (`icelandicIDNO`, `personalIdNr`). */
const NATIONAL_QUALIFIERS: readonly string[] = ['icelandic', 'national', 'personal', 'person', 'pers'];

/**
 * Splits abbreviations glued with "number" into their words (issue 37): `idno`/`idnr` → `id no`,
 * and an alias glued to `nr`/`no`, sharing a letter or not (`ssnr` → `ssn nr`, `kennitalanr` →
 * `kennitala nr`), so that the rules that read "an identifier named with the word number" apply.
 */
function expandIdAbbreviations(words: readonly string[], aliases: readonly string[]): string[] {
  return words.flatMap((word) => {
    if (word === 'idno' || word === 'idnr') return ['id', word.slice(2)];
    if (aliases.includes(word) || !/(?:nr|no)$/.test(word) || word.length < 4) return [word];
    const stem = [word.slice(0, -2), word.slice(0, -1)].find((part) => part.length >= 2 && aliases.includes(part));
    return stem ? [stem, word.slice(-2)] : [word];
  });
}

/** Icelandic prepositions that govern the oblique `kennitolu` (`medKennitolu`, "with kennitala"): the identifier itself follows. */
const ICELANDIC_PREPOSITIONS: readonly string[] = [
  'med',
  'eftir',
  'fyrir',
  'um',
  'an',
  'vid',
  'ad',
  'a',
  'i',
  'fra',
  'til',
  'undir',
];

/**
 * True when `word`, just before a genitive, reads as the Icelandic noun the genitive modifies
 * (`tegund`, `gerd`, `flokkur`): not a preposition, not an English word, and not itself in a
 * genitive-looking form (`-s`, `-ar`, `-a`, `-u`, `-i`, the forms of an owner such as `maka`, `barns`).
 */
function isIcelandicHeadBefore(word: string): boolean {
  if (word.length < 3 || ICELANDIC_PREPOSITIONS.includes(word) || isEnglishWord(word)) return false;
  return !/(?:s|ar|a|u|i)$/.test(word);
}

/** Words after an alias that only say it is a number (`ssnNumber`, `kennitalaNr`): still the identifier itself. */
const NUMBER_WORDS: readonly string[] = ['number', 'no', 'nr', 'num'];

/** Aliases long enough to be recognised at the end of a one-word lower-case compound (`companyssn`, `fyrirtaekiskennitala`). */
const COMPOUND_SUFFIX_ALIASES: readonly string[] = ['kennitala', 'nationalid', 'ssn', 'persidno'];

/**
 * Header names the platform's request convention uses to carry national identifiers
 * (`X-Param-National-Id`, `X-Param-To-National-Id`, `X-Query-National-Id`, ...).
 */
export const NATIONAL_ID_HEADER = /^X-(Param|Query)-([A-Z][a-z0-9]*-)*National-Id$/;

/**
 * Words that, as the last static segment of a path, make it a custom method
 * (`/v1/messages/{messageId}/archive`), which the platform maps to POST.
 */
const customMethodVerbs: readonly string[] = [
  'activate',
  'approve',
  'archive',
  'assign',
  'authorize',
  'batch-get',
  'calculate',
  'cancel',
  'check',
  'close',
  'confirm',
  'deactivate',
  'decline',
  'disable',
  'enable',
  'execute',
  'export',
  'generate',
  'import',
  'lock',
  'merge',
  'move',
  'notify',
  'open',
  'publish',
  'reject',
  'renew',
  'reopen',
  'reset',
  'resend',
  'restore',
  'revoke',
  'run',
  'search',
  'send',
  'sign',
  'submit',
  'sync',
  // toggle: not in the lexicon (wink-lexicon), an action in paths (`PUT /v1/features/{id}/toggle`).
  'toggle',
  'undelete',
  'unlock',
  'unpublish',
  'unarchive',
  'validate',
  'verify',
  'withdraw',
];
export const CUSTOM_METHOD_VERBS: readonly string[] = Object.freeze(customMethodVerbs);

/** Names of query parameters that put an API version in the query string (`?v=1`, `?version=2`). */
export const VERSION_QUERY_PARAMETERS: readonly string[] = ['v', 'version', 'api-version', 'apiversion', 'api_version'];

/**
 * Words found in `info.x-category` that are not the published convention's values, and the value
 * each most likely means (compared lower-cased). `public` is the one the catalogue's own code
 * knows (`DataCategory.PUBLIC = 'public'`); the convention calls data that anyone may use `open`. The rest
 * are the obvious English synonyms. A word not listed here gets the list of values instead.
 */
export const X_CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  public: 'open',
  opendata: 'open',
  'open-data': 'open',
  government: 'official',
  governmental: 'official',
  personaldata: 'personal',
  'personal-data': 'personal',
  medical: 'health',
  healthcare: 'health',
  finance: 'financial',
  finances: 'financial',
  financials: 'financial',
};

/**
 * Words found in `info.x-pricing` that are not the convention's values, and the value each most
 * likely means (compared lower-cased; the catalogue's code capitalises `Free`/`Paid`, which the
 * rule treats as a matter of case, not listed here). An older version of the design guide
 * (island-is/handbook) listed `free`, `usage`, `daly` [sic], `monthly`, `yearly`, `custom`.
 */
export const X_PRICING_ALIASES: Readonly<Record<string, string>> = {
  gratis: 'free',
  'free-of-charge': 'free',
  freeofcharge: 'free',
  nocharge: 'free',
  'no-charge': 'free',
  charged: 'paid',
  fee: 'paid',
  fees: 'paid',
  priced: 'paid',
  payment: 'paid',
  // The pricing values of an older version of the design guide: all of them are charged for.
  usage: 'paid',
  daily: 'paid',
  daly: 'paid',
  monthly: 'paid',
  yearly: 'paid',
  custom: 'paid',
};

// Imports are hoisted; this one sits here so that the file's earlier sections stay untouched.
import { asciiLetters, firstTailWithin, nameWords, ofPhrase, toKebabCase } from './conventions.js';
import { rememberedPerText, textBefore } from './text-memo.js';
import { ENGLISH_BASE_VERB_LIST, ENGLISH_STATE_WORD_LIST, ENGLISH_VERBS } from './english-verbs.js';
import {
  CONTEXT_MONEY_NOUN_LIST,
  MONEY_ADJECTIVE_LIST,
  MONEY_NOUN_LIST,
  POSSESSION_NOUN_LIST,
  WHOLLY_POSSESSION_NOUN_LIST,
} from './money-nouns.js';
import { hasIcelandicHead, ICELANDIC_HEADS, isEnglishWord, splitGlued } from './words.js';
import { hasCompoundHead } from './compound-heads.js';
import { PHRASAL_VERB_LIST } from './phrasal-verbs.js';

let phrasalVerbs: ReadonlySet<string> | undefined;
/**
 * Whether a word is a phrasal verb of a verb and in/out/off/on that WordNet knows as a verb and
 * not as a noun (`login`, `signin`, `optout`; not `checkout`, `layout`): generated by
 * scripts/generate-phrasal-verbs.mjs. The set is built on first use.
 */
export function isPhrasalVerb(word: string): boolean {
  phrasalVerbs ??= new Set(PHRASAL_VERB_LIST.split(' '));
  return phrasalVerbs.has(word);
}

/**
 * Whether a name ends in one of `NATIONAL_ID_ALIASES` as whole words (`kennitala`, `to_kt`,
 * `fromKennitala`, `national-id`, `userSSN`), and the words before it (`to`, `from`, `user`),
 * which a rule keeps as the prefix of the platform name (`toNationalId`). The canonical names
 * (`nationalId`, `fromNationalId`) match too: check `isNationalIdName` first. An alias followed
 * by other words (`kennitalaForeldris`, `ssnLast4`, `nationalIdType`) is not a match: such a
 * name is about something else, or its meaning is not clear enough to rename it for the author.
 * `plural` is true for the Icelandic plural `kennitolur`.
 */
export function matchNationalIdAlias(
  name: string,
  vocabulary: Vocabulary,
): { prefix: string[]; plural: boolean } | undefined {
  // Names repeat (`id`, `type`, `name` thousands of times in a large description): each is judged
  // once per vocabulary. Matches are handed out as copies: callers may change their prefix.
  let known = aliasMatches.get(vocabulary);
  // The platform's vocabulary lives as long as the process (a language server): its names are forgotten now and then.
  if (!known || known.size >= MAX_NAMES_KEPT)
    aliasMatches.set(vocabulary, (known = new Map<string, AliasMatch | null>()));
  let match = known.get(name);
  if (match === undefined) known.set(name, (match = aliasMatch(name, vocabulary) ?? null));
  return match === null ? undefined : { prefix: [...match.prefix], plural: match.plural };
}

const MAX_NAMES_KEPT = 100_000;

/**
 * A predicate of a name remembered per name: the rules ask the same few thousand property names
 * (`id`, `amount`, `created`) tens of thousands of times on a large description (Stripe: ~0.15 s
 * of the money rules). Each predicate is a pure function of the name and this module's word lists.
 * The cache is emptied now and then, as `nameWords`' is, for a long-lived language server.
 */
function byName(predicate: (name: string) => boolean): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let answer = known.get(name);
    if (answer === undefined) {
      if (known.size >= MAX_NAMES_KEPT) known.clear();
      known.set(name, (answer = predicate(name)));
    }
    return answer;
  };
}

/** `matchNationalIdAlias`'s answers, per vocabulary and name (null: no match). */
type AliasMatch = { prefix: string[]; plural: boolean };
const aliasMatches = new WeakMap<Vocabulary, Map<string, AliasMatch | null>>();

function aliasMatch(name: string, vocabulary: Vocabulary): { prefix: string[]; plural: boolean } | undefined {
  const aliases = vocabulary.nationalIdAliases;
  // Most names contain no alias at all and are ruled out without splitting them into words.
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!/[^\p{ASCII}]/u.test(name) && !aliases.some((alias) => compact.includes(alias)) && !/id(?:no|nr)/.test(compact))
    return undefined;
  let words = expandIdAbbreviations(nameWords(name), aliases);
  // `icelandicIDNO`, `nationalIdNr`, `personalIdNumber`: an "ID number" said to be the national or
  // personal one is the national identifier; a bare `idNo` (a passport's, a vehicle's) is not.
  const idAt = words.length - 2;
  if (
    idAt >= 1 &&
    words[idAt] === 'id' &&
    NUMBER_WORDS.includes(words.at(-1) ?? '') &&
    NATIONAL_QUALIFIERS.includes(words[idAt - 1] ?? '')
  )
    return { prefix: words.slice(0, idAt - 1), plural: false };
  // `kennitalaforradanda`: a long alias glued to the word after it is two words.
  const glued = words.length === 1 ? COMPOUND_SUFFIX_ALIASES.find((alias) => words[0]?.startsWith(alias)) : undefined;
  if (glued && (words[0]?.length ?? 0) >= glued.length + 3) words = [glued, (words[0] ?? '').slice(glued.length)];
  // `ssnNumber`, `kennitalaNr`: the identifier named with the word "number".
  if (words.length >= 2 && NUMBER_WORDS.includes(words.at(-1) ?? '') && aliases.includes(words.at(-2) ?? ''))
    words = words.slice(0, -1);
  // `kennitalaFra`, `kennitalaTil`: the identifier a transfer goes from or to.
  const preposition = words.length === 2 ? ICELANDIC_NATIONAL_ID_PREPOSITIONS[words[1] ?? ''] : undefined;
  if (
    preposition &&
    Object.prototype.hasOwnProperty.call(ICELANDIC_NATIONAL_ID_PREPOSITIONS, words[1] ?? '') &&
    aliases.includes(words[0] ?? '')
  )
    return { prefix: [preposition], plural: false };
  // `nationalIdOfAccountOwner`, `ssnOfSpouse`: an English "X of Y" whose X is the identifier, Y
  // whose it is (`accountOwner` + `NationalId`).
  const phrase = ofPhrase(words);
  if (phrase) {
    const head = phrase.head.join('');
    if (aliases.includes(head)) return { prefix: phrase.complement, plural: false };
    if (head.endsWith('s') && head.length > 3 && aliases.includes(head.slice(0, -1)))
      return { prefix: phrase.complement, plural: true };
  }
  // `kennitalaMaka` ("the spouse's kennitala") → `spouse` + `kennitala`.
  const ownerWord = words.at(-1) ?? '';
  const owner =
    words.length >= 2 && Object.prototype.hasOwnProperty.call(vocabulary.nationalIdOwners, ownerWord)
      ? vocabulary.nationalIdOwners[ownerWord]
      : undefined;
  if (owner && aliases.includes(words.slice(0, -1).join(''))) return { prefix: [owner], plural: false };
  // `kennitalaLeigutaka` ("the lessee's kennitala"): `kennitala` and one Icelandic word in the
  // genitive that the owner list does not know. The word is kept as the prefix (`leigutakaNationalId`).
  const [first, second] = words;
  if (
    words.length === 2 &&
    (first === 'kennitala' || first === 'kt') &&
    second !== undefined &&
    /^[a-z]{4,}(a|s|ns|ar|u|i)$/.test(second) &&
    !ICELANDIC_QUALIFIERS.includes(second)
  ) {
    return { prefix: [second], plural: false };
  }
  // A tail longer than every alias in its plural (and than `kennitolu`) matches nothing below.
  const longest = Math.max('kennitolu'.length, ...aliases.map((alias) => alias.length + 1));
  for (let start = firstTailWithin(words, longest); start < words.length; start++) {
    const tail = words.slice(start).join('');
    // `tegundKennitolu` ("tegund kennitölu", the type of kennitala): the oblique `kennitolu` after an
    // Icelandic noun in the nominative is a genitive modifying that noun, the compound's head — a
    // code about the identifier, not the identifier. After a preposition (`medKennitolu`), an
    // English word (`userKennitolu`) or another genitive (`forradamannsKennitolu`) it is still one.
    if (tail === 'kennitolu' && start > 0 && isIcelandicHeadBefore(words[start - 1] ?? '')) return undefined;
    if (aliases.includes(tail)) return { prefix: words.slice(0, start), plural: tail === 'kennitolur' };
    // `nationalIds`, `childrenSSNs`: the English plural.
    if (tail.endsWith('s') && tail !== 'kennitolus' && aliases.includes(tail.slice(0, -1)) && tail.length > 4)
      return { prefix: words.slice(0, start), plural: true };
  }
  // `companyssn`: one lower-case word that ends in a long alias; `holdernationalids`, in its
  // English plural: a list of identifiers (issue 37, I1).
  const last = words.at(-1) ?? '';
  for (const alias of COMPOUND_SUFFIX_ALIASES) {
    for (const form of alias === 'kennitala' ? [alias] : [alias, `${alias}s`]) {
      if (last.length >= form.length + 3 && last.endsWith(form)) {
        words = [...words.slice(0, -1), last.slice(0, -form.length)];
        return { prefix: words, plural: form !== alias };
      }
    }
  }
  return undefined;
}

/** Last words of names that hold a language code: `locale`, `language`, `lang`, `preferredLanguage`, `uiLocale`, `spokenLanguages`. */
export const LANGUAGE_NAME_WORDS: readonly string[] = ['language', 'languages', 'locale', 'locales', 'lang', 'langs'];

/**
 * True for `locale`, `language`, `lang`, `*Language`, `*Locale`, `*Lang`, their plurals, and
 * `languageCode`/`localeCode`. Not the HTTP headers `Accept-Language` and `Content-Language`
 * (in a header map of example data too): they carry BCP 47 tags (`en-US`) by HTTP's own rules.
 */
export function isLanguageName(name: string): boolean {
  if (/^(accept|content)-language$/i.test(name)) return false;
  const words = nameWords(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (LANGUAGE_NAME_WORDS.includes(last)) return true;
  return last === 'code' && words.length >= 2 && LANGUAGE_NAME_WORDS.includes(words.at(-2) ?? '');
}

/**
 * Language values that are not ISO 639-1 codes but clearly name one (compared lower-cased, after
 * the part before `-`/`_` has been tried as a code): English and Icelandic names, and the ISO
 * 639-2/3 three-letter codes of the languages most used in Icelandic services.
 */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  english: 'en',
  enska: 'en',
  eng: 'en',
  icelandic: 'is',
  islenska: 'is',
  íslenska: 'is',
  isl: 'is',
  ice: 'is',
  polish: 'pl',
  pólska: 'pl',
  polska: 'pl',
  pol: 'pl',
  danish: 'da',
  danska: 'da',
  dan: 'da',
  norwegian: 'no',
  norska: 'no',
  nor: 'no',
  swedish: 'sv',
  sænska: 'sv',
  swe: 'sv',
  german: 'de',
  þýska: 'de',
  deu: 'de',
  ger: 'de',
  french: 'fr',
  franska: 'fr',
  fra: 'fr',
  fre: 'fr',
  spanish: 'es',
  spænska: 'es',
  spa: 'es',
  italian: 'it',
  ita: 'it',
  dutch: 'nl',
  nld: 'nl',
  dut: 'nl',
  lithuanian: 'lt',
  lit: 'lt',
  ukrainian: 'uk',
  ukr: 'uk',
  faroese: 'fo',
  fao: 'fo',
  finnish: 'fi',
  fin: 'fi',
};

/**
 * Words for a code after the currency it is of (`currencyCode`, `currency_iso_code`; Icelandic
 * kóði, `myntKodi`; Norwegian and Danish kode, Swedish kod, `valutaKode`): the code of a currency is
 * the currency field.
 */
const CODE_WORDS = ['code', 'iso', 'kodi', 'kode', 'kod'];
/**
 * Icelandic forms of the currency nouns that come before the word they qualify, in a compound or
 * written apart: the stem or genitive (`mynt`/`myntar` of mynt, `gjaldmidil`/`gjaldmidils`/
 * `gjaldmidla` of gjaldmiðill): `myntKodi`, `gjaldmidilsKodi`, `myntkodi` (currency code).
 */
const ICELANDIC_CURRENCY_MODIFIERS = ['mynt', 'myntar', 'gjaldmidill', 'gjaldmidil', 'gjaldmidils', 'gjaldmidla'];

/** A word that names a currency where it qualifies a code: `currency`, or an Icelandic currency noun. */
function isCurrencyModifier(word: string): boolean {
  // German Währung (with its linking `s`: `waehrungscode`) and Nordic valuta too (`valutaKode`;
  // issue 37, ninth outside measurement).
  return (
    word === 'currency' ||
    hasIcelandicHead(word, ICELANDIC_CURRENCY_MODIFIERS) ||
    hasCompoundHead([word.replace(/(?<=ung)s$/, '')], 'currency')
  );
}

/**
 * True for `currency`, `*Currency`, `currencies`, `currencyCode`, `*CurrencyCode`,
 * `currency_iso_code`, and in Icelandic `mynt`, `gjaldmidill`, their compounds (`greidslumynt`) and
 * their codes (`myntKodi`, `gjaldmidilsKodi`, `myntkodi`: issue 37, o37r8 W2).
 */
export const isCurrencyName = byName(function isCurrencyName(name: string): boolean {
  const words = nameWords(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (last === 'currency' || last === 'currencies') return true;
  // Icelandic: `mynt`, `gjaldmidill` and compounds headed by them (`greidslumynt`).
  if (hasIcelandicHead(last, ICELANDIC_HEADS.currency)) return true;
  // German Währung, Nordic valuta and their compounds (`valuta`, `betalingsvaluta`; issue 37).
  if (hasCompoundHead(words, 'currency')) return true;
  // The code of a currency, its words apart (`currency iso code`, `mynt kodi`) or glued (`myntkodi`).
  let end = words.length;
  while (end > 0 && CODE_WORDS.includes(words[end - 1] ?? '')) end--;
  if (end < words.length && end > 0) return isCurrencyModifier(words[end - 1] ?? '');
  const glued = CODE_WORDS.find((code) => last.length > code.length && last.endsWith(code));
  return glued !== undefined && isCurrencyModifier(last.slice(0, -glued.length));
});

/**
 * Currency values that are not ISO 4217 codes but clearly name one (compared lower-cased):
 * symbols, the Icelandic `kr.`, and currency names.
 */
export const CURRENCY_ALIASES: Readonly<Record<string, string>> = {
  kr: 'ISK',
  'kr.': 'ISK',
  krona: 'ISK',
  króna: 'ISK',
  kronur: 'ISK',
  krónur: 'ISK',
  'icelandic krona': 'ISK',
  'icelandic króna': 'ISK',
  $: 'USD',
  us$: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  '€': 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  evra: 'EUR',
  '£': 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  dkr: 'DKK',
  nkr: 'NOK',
  skr: 'SEK',
};

/**
 * Last words of names that hold a sum of money, English and Icelandic (accents dropped, as
 * `nameWords` writes them): `amount`, `price`, `fee`, `salary`, `upphaed` (upphæð), `verd` (verð),
 * `gjald` (fee), `laun` (salary), `greidsla` (payment), … A word that is often a count or a
 * percentage (`total`, `rate`) is not listed: `totalAmount` is found by `amount`.
 */
export const MONEY_WORDS: readonly string[] = [
  'amount',
  'amounts',
  'price',
  'prices',
  'fee',
  'fees',
  'cost',
  'costs',
  'salary',
  'salaries',
  'wage',
  'wages',
  'payment',
  'payments',
  'refund',
  'payout',
  'income',
  'incomes',
  'debt',
  'debts',
  'upphaed',
  'upphaedir',
  'verd',
  'gjald',
  'gjold',
  'laun',
  'greidsla',
  'greidslur',
  'kostnadur',
  'endurgreidsla',
  'idgjald',
  'innborgun',
];

/**
 * False when an English "X of Y" name has no money in its head X (`periodOfLoan`, `termOfLoan`):
 * X is what the field is, Y (one noun) only says what it belongs to, so a money noun after `of` does
 * not make the field money (issue 37, fifth outside measurement: F1). `numberOf…` is a count, told apart by
 * the callers; a name with money in X (`amountOfLoan`) goes on to the other checks.
 */
function headAllowsMoney(words: readonly string[]): boolean {
  const phrase = ofPhrase(words);
  if (!phrase || phrase.head.at(-1) === 'number') return true;
  // Y is one noun (`loan`, `the loan`): more words after `of` make `X of Y` a modifier of the last
  // word, the compound's head (`out_of_band_amount`, an out-of-band amount).
  if (phrase.complement.length !== 1) return true;
  return phrase.head.some((word) => MONEY_WORDS.includes(word) || isMoneyNounWord(word));
}

/** Words that make a money-named field a count: `numPayments`, `fjoldiGreidslna` (fjöldi: number of). */
const COUNT_WORDS: readonly string[] = ['num', 'count', 'fjoldi'];

/**
 * True for a name whose last word names a sum of money (`amount`, `totalAmount`, `unitPrice`,
 * `registrationFee`, `upphaed`, `manadarlaun`, `heildarverd`); `amount_due` is not here (its last
 * word is `due`, a state: isMoneyStateName takes it when it is a number). An Icelandic compound written as one word (`heildarupphaed`) counts when it ends in one
 * of the Icelandic money words.
 */
export const isAmountName = byName(function isAmountName(name: string): boolean {
  // A number that tells one of a series apart (`btGjald1`, `fee2`) is not a word of the name (issue 37).
  const words = nameWords(name)
    .map((word) => word.replace(/(?<=[a-z]{2})[0-9]+$/, ''))
    .filter((word, i, all) => !(i === all.length - 1 && /^[0-9]+$/.test(word) && all.length > 1));
  if (!headAllowsMoney(words)) return false;
  const last = words.at(-1);
  if (last === undefined) return false;
  // A count of money things (`totalNumberOfPayments`, `numPayments`, `fjoldiGreidslna`) is a number of them, not a sum.
  if (words.slice(0, -1).some((word, i) => COUNT_WORDS.includes(word) || (word === 'number' && words[i + 1] === 'of')))
    return false;
  if (MONEY_WORDS.includes(last) || hasIcelandicHead(last, ICELANDIC_HEADS.money)) return true;
  // German, Swedish, Norwegian and Danish compounds headed by a money noun (`Gesamtbetrag`,
  // `Preis`, `belopp`, `avgift`: rulesets/lib/compound-heads.ts; issue 37, ninth outside measurement).
  if (hasCompoundHead(words, 'money')) return true;
  // A reduction, total or remainder of money is money: `reductionAssets`, `totalAssets`, and the
  // Icelandic reduction compounds whose modifier is a money noun in the genitive
  // (`tekjuSkerding`, `husnaedisKostnadarSkerding`, `eignaskerding`: a reduction of income, cost, assets).
  const before = words.at(-2) ?? '';
  if (/^assets?$/.test(last) && MONEY_MODIFIERS.includes(before)) return true;
  if (isIcelandicMoneyReduction(before, last)) return true;
  // The currency written in the name (`totalIsk`, `amountISK`, `verdEur`): a sum in that currency.
  if (words.length >= 2 && CURRENCY_CODES_IN_NAMES.includes(last)) return true;
  // The money word first: an English one with what it includes (`loanAmountWithInterest`), an
  // Icelandic one in the nominative with one genitive after it (`upphaedKrofu`, "amount of the
  // claim"; not `greidsluSaga`, payment history, whose first word is itself a genitive).
  // Not when the compound's head says it is something about the sum rather than the sum
  // (`amountRemainingUnit`, a unit string; `amountRemainingDisplay`, display text).
  const at = words.findIndex((word) => MONEY_WORDS.includes(word));
  if (
    at >= 0 &&
    at < words.length - 1 &&
    ENGLISH_MONEY_QUALIFIERS.includes(words[at + 1] ?? '') &&
    !NOT_A_SUM_HEADS.includes(last)
  )
    return true;
  // An Icelandic money noun first, alone or heading a compound (`vatrygging`, `drattarvextir`), with
  // one genitive after it (`upphaedKrofu`, "amount of the claim"; `vatryggingOkumanns`, "the
  // driver's insurance") or `vegna` and a genitive ("on account of": `kostnadurVegnaSkatts`, the
  // cost on account of a tax; issue 37).
  const [first, second, third] = words;
  if (!hasIcelandicHead(first ?? '', ICELANDIC_HEADS.money)) return false;
  const genitive = /^[a-z]{3,}(s|ar|u|a|na|is)$/;
  return (
    (words.length === 2 && genitive.test(second ?? '')) ||
    (words.length === 3 && second === 'vegna' && genitive.test(third ?? ''))
  );
});

/**
 * Icelandic nouns of tax and benefit arithmetic that name a sum of krónur when the field is a number
 * (issue 37, fourth outside measurement: Iceland Revenue's calculators), accents dropped, each with
 * why it is money. Unlike ICELANDIC_HEADS.money they are also other things as text (`styrkur` is a
 * strength, `sjodur` a fund's name, `velta` a roll), so the rule asks for `integer` or `number` too.
 * Each counts as the head of a compound (last, `tekjustofn`) or the first word of a name whose
 * first word is that compound (`skerdingVegnaTekna`, `barnabaeturPerBarn`). Hand-written: no
 * Icelandic lexical resource with semantic classes is available as a package (docs/vocabulary.md).
 */
export const ICELANDIC_MONEY_NUMBER_HEADS: Readonly<Record<string, string>> = {
  stofn: 'the base a tax or benefit is reckoned on (skattstofn, tekjustofn, eignastofn): a sum',
  skerding: 'a reduction of a benefit (skerðing vegna tekna): the sum taken off',
  mork: 'thresholds (skerðingarmörk, nom. plural of mörk): sums of income where a reduction begins',
  tekjumark: 'an income limit (frítekjumark): a sum',
  bota: 'the genitive of bætur, benefits (hámark vaxtabóta, the maximum interest benefit)',
  vidbot: 'a supplement to a benefit (viðbót): a sum',
  gjalda: 'the genitive plural of gjöld, fees (hámark vaxtagjalda)',
  afslattur: 'a tax credit or discount (persónuafsláttur): a sum',
  sjodur: 'a pension fund contribution (lífeyrissjóður, séreignarsjóður) when a number: a sum',
  fradrattur: 'a deduction (frádráttur): a sum',
  framlag: 'a contribution (framlag, mótframlag): a sum',
  idgjald: 'a premium (iðgjald; gjald after a two-letter prefix): a sum',
  styrkur: 'a grant or allowance (ökutækjastyrkur) when a number: a sum',
  vsk: 'value added tax (virðisaukaskattur, VSK): a sum',
  velta: 'turnover (velta, VSK-velta): a sum',
  alagning: 'a markup or a tax assessment (álagning): a sum',
  vatrygging: 'an insurance premium (vátrygging; trygging after a two-letter prefix): a sum',
  fyrning: 'depreciation (fyrning): a sum written off',
  hlunnindi: 'a benefit in kind (hlunnindi, árshlunnindi): its value in krónur',
  eftirstodvar: 'the remaining balance of a loan (eftirstöðvar): a sum',
};
const ICELANDIC_MONEY_NUMBER_HEAD_LIST = Object.keys(ICELANDIC_MONEY_NUMBER_HEADS);

/**
 * True for a name headed by an Icelandic money noun of ICELANDIC_MONEY_NUMBER_HEADS, or by one of
 * ICELANDIC_HEADS.money first (`greidslurArsfjordungi`, `vaxtagjoldTilUtreiknings`): a sum when the
 * field is a number, which the caller checks. Not a count (`fjoldiSkerdinga`).
 */
/**
 * Heads of ICELANDIC_MONEY_NUMBER_HEADS that name nothing but a sum, so that a text field so named is
 * an amount too (`VskVelta2020: string`, turnover): the rest (`sjodur`, `styrkur`, `framlag`, `vidbot`,
 * `skerding`, `mork`) are also names or kinds as text.
 */
const ICELANDIC_MONEY_TEXT_HEADS = [
  'stofn',
  'tekjumark',
  'bota',
  'gjalda',
  'afslattur',
  'fradrattur',
  'idgjald',
  // Not `vsk`: as text, VSK is as often the VAT registration number (`beneficiaryVsk` beside the
  // party's national id and bank account; issue 37, o37r11 W3); a number named so is still a sum.
  'velta',
  'alagning',
  'fyrning',
  'hlunnindi',
  'eftirstodvar',
];

/** True for a name headed by a money noun of ICELANDIC_MONEY_TEXT_HEADS: a sum whatever its type (`VskVelta2020`). */
export const isIcelandicMoneyTextName = byName(function isIcelandicMoneyTextName(name: string): boolean {
  const words = nameWords(name).map((word) => word.replace(/(?<=[a-z]{2})[0-9]+$/, ''));
  return isIcelandicMoneyNumberName(name) && hasIcelandicHead(words.at(-1) ?? '', ICELANDIC_MONEY_TEXT_HEADS);
});

/**
 * A short Icelandic description that names a sum by one of these nouns ("Annar frádráttur", other
 * deduction; "Tekjustofn"): up to four words, the last the noun (accents dropped as names are).
 */
export function isIcelandicMoneyDescription(description: unknown): boolean {
  if (typeof description !== 'string') return false;
  const words = toAsciiWords(description);
  return words.length >= 1 && words.length <= 4 && isIcelandicMoneyNumberName(words.at(-1) ?? '');
}
function toAsciiWords(text: string): string[] {
  return asciiLetters(text.toLowerCase()).replace(/[.:]$/, '').split(/\s+/).filter(Boolean);
}

/**
 * A description that says the number is a rate or a share, no sum: "a number between 0 and 1",
 * "gefið sem tala milli 0 og 1", a percentage or a ratio (`motframlagLifeyrissjodur`, the employer's
 * contribution as a rate; issue 37).
 */
export function describesRate(description: unknown): boolean {
  return (
    typeof description === 'string' &&
    /\b(?:between\s+0\s+and\s+1|milli\s+0\s+og\s+1|percent(?:age)?|ratio|rate|hlutfall\w*|pr[oó]sent\w*)\b|%/iu.test(
      description,
    )
  );
}

export const isIcelandicMoneyNumberName = byName(function isIcelandicMoneyNumberName(name: string): boolean {
  const words = nameWords(name).map((word) => word.replace(/(?<=[a-z]{2})[0-9]+$/, ''));
  if (words.some((word) => COUNT_WORDS.includes(word) || word === 'number')) return false;
  const heads = (word: string) =>
    hasIcelandicHead(word, ICELANDIC_MONEY_NUMBER_HEAD_LIST) || hasIcelandicHead(word, ICELANDIC_HEADS.money);
  const first = words[0] ?? '';
  const last = words.at(-1) ?? '';
  // Something about the sum, not the sum: its number, code, rate or kind (`vskNumer`, `skerdingHlutfall`).
  if (words.length >= 2 && (NOT_A_SUM_HEADS.includes(last) || NOT_A_SUM_ICELANDIC.test(last))) return false;
  // A reduction written apart from what it reduces (`timaSkerding`, a reduction of time) is money
  // only when that is money (`tekjuSkerding`), which isAmountName decides; first or glued, it is the sum taken off.
  if (words.length >= 2 && /skerding$/.test(last) && !heads(first)) return false;
  return heads(last) || heads(first);
});
/** Icelandic and English heads of a property of a sum: number, code, year, ratio, percent, rate, kind, name, text. */
const NOT_A_SUM_ICELANDIC =
  /^(?:numer|nr|id|kodi|ar|artal|hlutfall|prosenta|tegund|flokkur|heiti|texti|rate|ratio|percent|percentage|pct)$/;

/**
 * An Icelandic money noun of six letters or more after a modifier of two letters, with one genitive
 * after it (`vatryggingOkumanns`: vá + trygging, the driver's insurance premium; issue 37).
 * `hasIcelandicHead` asks three letters before a head (two read into too many words: `afgreidsla`
 * is handling, not a payment), so the rule asks for a number as well.
 */
export const isShortCompoundMoneyName = byName(function isShortCompoundMoneyName(name: string): boolean {
  const [first = '', second = '', ...rest] = nameWords(name);
  return (
    rest.length === 0 &&
    /^[a-z]{3,}(s|ar|u|a|na|is)$/.test(second) &&
    ICELANDIC_HEADS.money.some((head) => head.length >= 6 && first.length === head.length + 2 && first.endsWith(head))
  );
});

let moneyNouns: ReadonlySet<string> | undefined;
/** Whether `word` (or its singular: `expenses`, `penalties`) is one of WordNet's money nouns. */
function isMoneyNounWord(word: string): boolean {
  moneyNouns ??= new Set(MONEY_NOUN_LIST.split(' '));
  return [word, word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')].some(
    (form) => form.length >= 4 && moneyNouns?.has(form),
  );
}

/**
 * True for a name whose head is an English noun that names a sum of money by its meaning alone
 * (`principal`, `outstandingPrincipal`, `alimony`, `expenses`, `writeDown`, glued `inspectionfine`),
 * from WordNet's noun.possession (rulesets/lib/money-nouns.ts, generated; issue 37). Such a word
 * is also other things (`principal` is a person in security), so the rule asks for a number as well.
 * A word that is money only in context (`balance`, `value`, `rate`, `total`) is not one of them.
 */
export const isMoneyNounName = byName(function isMoneyNounName(name: string): boolean {
  const words = nameWords(name).map((word) => word.replace(/(?<=[a-z]{2})[0-9]+$/, ''));
  if (!headAllowsMoney(words)) return false;
  if (words.slice(0, -1).some((word, i) => COUNT_WORDS.includes(word) || (word === 'number' && words[i + 1] === 'of')))
    return false;
  const last = words.at(-1) ?? '';
  if (isMoneyNounWord(last)) return true;
  const glued = splitGlued(last);
  const tail = glued ? [...words.slice(0, -1), ...glued] : words;
  const head = tail.at(-1) ?? '';
  return isMoneyNounWord(head) || (tail.length >= 2 && isMoneyNounWord(`${tail.at(-2) ?? ''}${head}`));
});

let stateWords: ReadonlySet<string> | undefined;
let baseVerbs: ReadonlySet<string> | undefined;
/**
 * Whether `word` says a state after a noun: an adjective or participle by wink-lexicon's parts of
 * speech (`available`, `submitted`, `outstanding`, `remaining`), or the past participle of a verb
 * the lexicon knows (`refunded` from `refund`, `settled` from `settle`).
 */
export function isStateWord(word: string): boolean {
  stateWords ??= new Set(ENGLISH_STATE_WORD_LIST.split(' '));
  if (stateWords.has(word)) return true;
  const participle = /^([a-z]{3,}?)(e?d)$/.exec(word);
  if (!participle) return false;
  baseVerbs ??= new Set(ENGLISH_BASE_VERB_LIST.split(' '));
  const stem = participle[1] ?? '';
  return baseVerbs.has(stem) || baseVerbs.has(`${stem}e`);
}

/**
 * True for an English name whose money noun is followed by one word of state (`amountAvailable`,
 * `amount_submitted`, `refundAmountAvailable`, `feeOutstanding`): the state qualifies the sum and
 * the field is still that sum (issue 37, fifth outside measurement: M1). The state is recognised by
 * its part of speech, not from a list of states; the rule asks for a number as well.
 */
export const isMoneyStateName = byName(function isMoneyStateName(name: string): boolean {
  const words = nameWords(name);
  if (
    words.length < 2 ||
    words.some((word, i) => COUNT_WORDS.includes(word) || (word === 'number' && words[i + 1] === 'of'))
  )
    return false;
  const noun = words.at(-2) ?? '';
  const state = words.at(-1) ?? '';
  return (
    (MONEY_WORDS.includes(noun) || isMoneyNounWord(noun)) && !NOT_A_SUM_HEADS.includes(state) && isStateWord(state)
  );
});

let contextMoneyNouns: ReadonlySet<string> | undefined;
/**
 * True for a one-word name that is a sum of money when its object says so (issue 37, fifth outside
 * measurement: M2): a noun with a sum-of-money sense among others (`interest`, WordNet's
 * noun.possession, generated into rulesets/lib/money-nouns.ts) or a word of state used as a noun
 * (`remaining`, `outstanding`, `due`: an adjective or participle by wink-lexicon). The rule asks for a
 * number and for sums of money beside it.
 */
export const isContextMoneyName = byName(function isContextMoneyName(name: string): boolean {
  const words = nameWords(name);
  if (words.length !== 1) return false;
  const [word = ''] = words;
  contextMoneyNouns ??= new Set(CONTEXT_MONEY_NOUN_LIST.split(' '));
  // A past participle alone names an event, whose number is as often its time (`created`,
  // `updated`: epoch seconds beside a charge's `amount`): only an adjective of state counts alone.
  return (
    contextMoneyNouns.has(word) ||
    contextMoneyNouns.has(word.replace(/s$/, '')) ||
    (isStateWord(word) && !/ed$/.test(word))
  );
});

/** Words that begin what qualifies a sum after its noun: what it includes or leaves out, when it is counted, what it is for (`totalExclTax`, `priceWithoutDiscount`, `amountToCharge`, `interest_during_construction`). */
const MONEY_QUALIFIER_STARTS: readonly string[] = [
  'excl',
  'excluding',
  'ex',
  'incl',
  'including',
  'inc',
  'with',
  'without',
  'before',
  'after',
  'during',
  'to',
];
/** Prepositions that make the last noun of a name a complement, not its head (`termOfLoan`). */
const NAME_PREPOSITIONS: readonly string[] = [
  'of',
  'for',
  'per',
  'by',
  'to',
  'from',
  'in',
  'on',
  'at',
  'with',
  'without',
];

/**
 * Prepositions that open the complement of a multi-word name, in the languages the platform's
 * descriptions are written in: the noun before the first of them is the name's head
 * (`conditions-of-sale`: conditions; German `antrag-fuer-zuschuss`; Icelandic `umsokn-um-leyfi`).
 */
export const PHRASE_PREPOSITIONS: ReadonlySet<string> = new Set([
  ...NAME_PREPOSITIONS,
  // German (`für` as its ASCII spellings), Scandinavian, Icelandic.
  ...['fuer', 'fur', 'von', 'vom', 'mit', 'zur', 'zum', 'av', 'til', 'um', 'fyrir', 'fra', 'med'],
]);

/** Taxes written after a sum's noun, which say the sum includes or is that tax (`priceVat`, `rowPriceVat`). */
const TAX_WORDS: readonly string[] = ['vat', 'tax', 'taxes', 'moms', 'mva', 'alv'];

/**
 * The head a money recogniser reads in a name: the name itself, or the sum it qualifies — the
 * words before a qualifier (`totalExclTax` → `total`, `priceWithoutDiscount` → `price`,
 * `amountToCharge` → `amount`) or before a tax written last (`unitPriceVat` → `unitPrice`) — or the
 * last noun of a compound when that noun is a sum of money in context (`patientDiscount` → `discount`:
 * the modifiers before a noun do not change what it is). The recognisers judge the head as they
 * judge any name; a head that is no sum stays none (`salesTax` → `sales`, `dateToPay` → `date`).
 */
export function moneyHeadName(name: string): string {
  const words = nameWords(name);
  const camel = (parts: readonly string[]) =>
    parts.map((word, i) => (i === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (MONEY_QUALIFIER_STARTS.includes(word) && i < words.length - 1) return camel(words.slice(0, i));
    if (TAX_WORDS.includes(word) && i === words.length - 1) return camel(words.slice(0, i));
  }
  contextMoneyNouns ??= new Set(CONTEXT_MONEY_NOUN_LIST.split(' '));
  const last = words.at(-1) ?? '';
  // Not after a preposition: `termOfLoan` is a term, `duration_of_payment` a duration.
  if (words.length > 1 && contextMoneyNouns.has(last) && !words.some((word) => NAME_PREPOSITIONS.includes(word)))
    return last;
  return name;
}

let possessionNouns: ReadonlySet<string> | undefined;
let moneyAdjectives: ReadonlySet<string> | undefined;
let whollyPossessions: ReadonlySet<string> | undefined;
/** Whether a word is a noun all of whose senses are possessions (`money`, `funds`, `earnings`), or a money noun: what a sum of money is of. */
function isMoneyOf(word: string): boolean {
  whollyPossessions ??= new Set(WHOLLY_POSSESSION_NOUN_LIST.split(' '));
  contextMoneyNouns ??= new Set(CONTEXT_MONEY_NOUN_LIST.split(' '));
  const singular = word.replace(/s$/, '');
  return (
    whollyPossessions.has(word) ||
    MONEY_WORDS.includes(word) ||
    isMoneyNounWord(word) ||
    isMoneyNounWord(singular) ||
    contextMoneyNouns.has(word) ||
    contextMoneyNouns.has(singular)
  );
}
/** Whether a word is a noun whose first sense is a possession (`money`, `funds`, `property`; WordNet, money-nouns.ts), or its plural. */
export function isPossessionNoun(word: string): boolean {
  possessionNouns ??= new Set(POSSESSION_NOUN_LIST.split(' '));
  return possessionNouns.has(word) || (word.endsWith('s') && possessionNouns.has(word.slice(0, -1)));
}

/** Words that say a number is a sum of something (`value`, `total`, `sum`, `amount`). */
const SUM_HEADS: readonly string[] = ['value', 'values', 'total', 'totals', 'sum', 'sums', 'amount', 'amounts'];

/**
 * True for a name whose head is a sum or a sum-of-money sense among others (`value`, `total`,
 * `valuation`: CONTEXT_MONEY_NOUN_LIST) and whose modifier just before it is a possession
 * (`propertyValue`, `fireInsuranceValuation`, `assetTotal`): the value of a possession is money,
 * whatever the object holds beside it (sixth outside measurement).
 */
export const isPossessionSumName = byName(function isPossessionSumName(name: string): boolean {
  const words = nameWords(name);
  if (words.length < 2) return false;
  const head = words.at(-1) ?? '';
  contextMoneyNouns ??= new Set(CONTEXT_MONEY_NOUN_LIST.split(' '));
  if (!SUM_HEADS.includes(head) && !contextMoneyNouns.has(head)) return false;
  if (words.some((word, i) => COUNT_WORDS.includes(word) || (word === 'number' && words[i + 1] === 'of'))) return false;
  return isPossessionNoun(words.at(-2) ?? '');
});

/**
 * A description whose subject is a sum of money, read by its words rather than a list of phrases:
 * a sum (`amount`, `sum`, `total`, `value`) near its start that a money adjective qualifies
 * ("Positive or zero monetary value": WordNet's adjectives pertaining to a possession) or, an
 * amount, sum or total, that is "of" money (a noun every sense of which is a possession, or a money
 * noun: "The amount of money paid in …", "The sum of all the discounts"). Not a count ("Number of
 * …"), a sum of something else ("The total amount of storage"), nor "the value of" a thing.
 */
export const describesMoneySum = rememberedPerText((description: unknown): boolean => {
  if (typeof description !== 'string') return false;
  const sentence = textBefore(description, /[.;:\n]/);
  const words = sentence
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  moneyAdjectives ??= new Set(MONEY_ADJECTIVE_LIST.split(' '));
  for (let i = 0; i < Math.min(words.length, 6); i++) {
    const word = words[i] ?? '';
    if (!SUM_HEADS.includes(word)) continue;
    if (words[i - 1] === 'number' || words.slice(0, i).includes('of')) return false;
    // The last of several (`total amount`): what follows it says what the sum is of.
    let at = i;
    while (SUM_HEADS.includes(words[at + 1] ?? '')) at++;
    if (words.slice(0, at).some((before) => moneyAdjectives?.has(before))) return true;
    // "The value of the option" is what the option holds, not a sum: only an amount, sum or total is "of" money.
    if (words[at + 1] !== 'of' || /^values?$/.test(words[at] ?? '')) return false;
    const of = words.slice(at + 2).filter((after) => !['the', 'a', 'an', 'all', 'any'].includes(after));
    return isMoneyOf(of[0] ?? '');
  }
  return false;
});

/** Words that end the noun phrase a short description opens with: prepositions, articles' successors, verbs of being. */
const PHRASE_ENDS: readonly string[] = [
  ...NAME_PREPOSITIONS,
  'before',
  'after',
  'is',
  'are',
  'was',
  'will',
  'that',
  'which',
  'who',
  'when',
  'where',
  'as',
  'if',
];
/** Determiners: after the phrase's first word they begin another phrase ("Date the payout is expected …"). */
const DETERMINERS: readonly string[] = ['the', 'a', 'an', 'this', 'that', 'its', 'their', 'each', 'every'];

/**
 * A description that is a short noun phrase naming a sum of money by its head ("Outgoing payment",
 * "Debt settlement", "Net salary"; issue 37, eleventh outside measurement M2): the first sentence's
 * words up to a preposition or a verb of being, at most four, whose last (the head) is a money noun
 * (MONEY_WORDS, WordNet's money nouns) or an action noun (`-ment`, `-tion`) of a money noun
 * before it (`debt settlement`, `loan repayment`). Not `amount`, as often a quantity ("Unit Amount"),
 * nor a count ("Number of payments" has its head before `of`). The caller asks for a number.
 */
export const describesMoneyNounPhrase = rememberedPerText((description: unknown): boolean => {
  if (typeof description !== 'string') return false;
  const sentence = textBefore(description, /[.;:\n(,]/);
  const words = sentence
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  // A leading article is no part of the head's phrase; one after the first word starts a clause.
  const from = DETERMINERS.includes(words[0] ?? '') ? 1 : 0;
  const rest = words.slice(from);
  const end = rest.findIndex((word) => PHRASE_ENDS.includes(word) || DETERMINERS.includes(word));
  const phrase = end < 0 ? rest : rest.slice(0, end);
  if (phrase.length === 0 || phrase.length > 4) return false;
  const head = phrase.at(-1) ?? '';
  if (head === 'amount' || head === 'amounts' || NOT_A_SUM_HEADS.includes(head)) return false;
  if (MONEY_WORDS.includes(head) || isMoneyNounWord(head)) return true;
  const modifier = phrase.at(-2) ?? '';
  return (
    /(?:ment|tion)s?$/.test(head) &&
    modifier !== '' &&
    modifier !== 'amount' &&
    (MONEY_WORDS.includes(modifier) || isMoneyNounWord(modifier))
  );
});

/** Words before `assets` that make them a sum of money (`reductionAssets`, `totalAssets`), not files. */
const MONEY_MODIFIERS: readonly string[] = ['reduction', 'total', 'net', 'gross', 'remaining', 'remain'];

/**
 * Icelandic money nouns in the genitive, as the modifier of a compound (`tekju-`, `eigna-`,
 * `kostnaðar-`, `launa-`, `greiðslu-`, `bóta-`, `skulda-`, `upphæðar-`), accents dropped.
 */
const ICELANDIC_MONEY_GENITIVES = /(?:tekju|eigna|kostnadar|launa|greidslu|bota|skulda|upphaedar)$/;
/** Icelandic nouns of a change in a sum (skerðing, lækkun, frádráttur, afsláttur) in their case forms. */
const ICELANDIC_REDUCTION = /^(.*?)(skerding|skerdingu|skerdingar|laekkun|fradrattur|afslattur)$/;

/**
 * A reduction of money, in Icelandic: a reduction noun whose modifier, glued before it or the word
 * before it, is a money noun in the genitive (`tekjuSkerding`, `kostnadarskerding`).
 */
function isIcelandicMoneyReduction(before: string, last: string): boolean {
  const match = ICELANDIC_REDUCTION.exec(last);
  if (!match) return false;
  const modifier = match[1] || before;
  return ICELANDIC_MONEY_GENITIVES.test(modifier);
}

/** Currency codes a name ends in (`totalIsk`, `donationEuro`): the currencies Icelandic services use, and the euro by name. */
const CURRENCY_CODES_IN_NAMES: readonly string[] = ['isk', 'eur', 'usd', 'gbp', 'dkk', 'nok', 'sek', 'euro', 'euros'];
/** Words after a money word that say what the sum includes (`amountWithVat`, `priceExclTax`). */
/**
 * Heads of a compound that make it a property of a sum rather than the sum (`amountRemainingUnit`,
 * `amountRemainingDisplay`, `amountInWords`): its unit, its display text, its kind.
 */
export const NOT_A_SUM_HEADS: readonly string[] = [
  'unit',
  'units',
  'display',
  'text',
  'label',
  'words',
  'description',
  'name',
  'type',
  'code',
  'status',
  'format',
];

const ENGLISH_MONEY_QUALIFIERS: readonly string[] = [
  // Adjectives after the noun that say which sum it is (`paymentActual`, `feeTotal`).
  'actual',
  'total',
  'net',
  'gross',
  'estimated',
  'remaining',
  'with',
  'incl',
  'including',
  'excl',
  'excluding',
  'before',
  'after',
  'in',
];

/**
 * Members of a 2xx response object that make it a page of a collection rather than a data
 * object (the platform's page is `{ data: [...], pageInfo, totalCount }`): a body whose members
 * are collection arrays plus only these is a wrapper, and `createdTimestamp` is asked of the
 * collection's items, not of the wrapper.
 */
const collectionPageMembers: readonly string[] = [
  'pageInfo',
  'totalCount',
  'count',
  'total',
  'paging',
  'pagination',
  'page',
  'pageSize',
  'pageNumber',
  'totalPages',
  'limit',
  'offset',
  'cursor',
  'nextCursor',
  'previousCursor',
  'hasMore',
  'hasNextPage',
  'next',
  'previous',
  'links',
  'meta',
];
export const COLLECTION_PAGE_MEMBERS: readonly string[] = Object.freeze(collectionPageMembers);

/**
 * Words of `CUSTOM_METHOD_VERBS` that, as the last segment of a path, as often name a thing, a
 * state or a safe read as an action: `GET /v1/search`, `GET /v1/tickets/open`,
 * `GET /v1/reports/{id}/export` (download the export), `PUT`/`DELETE /v1/files/{id}/lock` (the
 * lock as a sub-resource), `GET /v1/jobs/{id}/run`, `GET /v1/health/check`, `GET /v1/price/calculate`.
 * platform-http-method-semantics does not demand POST for these; the unambiguous action verbs
 * (`archive`, `cancel`, `send`, `verify`, ...) it does.
 */
export const CUSTOM_METHOD_AMBIGUOUS_WORDS: readonly string[] = [
  // OAuth 2.0's authorization endpoint is a GET (RFC 6749, section 3.1).
  'authorize',
  'batch-get',
  'calculate',
  'check',
  'export',
  'import',
  'lock',
  'open',
  'run',
  'search',
  'sync',
  'validate',
];

/**
 * OpenID Connect's standard scopes (OpenID Connect Core 1.0, sections 5.4 and 11): identity
 * server scopes every OIDC client asks for, exempt from the platform's
 * `<organisation>/<resource>:read|write` scope form.
 */
export const OIDC_STANDARD_SCOPES: readonly string[] = [
  'openid',
  'profile',
  'email',
  'address',
  'phone',
  'offline_access',
];

/**
 * Generic names of the member that holds a collection in a list response (`{ data: [...] }`,
 * `{ items: [...] }`); an array member with one of these names, or named after the collection
 * itself (`/v1/users` → `users`), makes a GET's response a page of a collection.
 */
const collectionArrayNames: readonly string[] = [
  'data',
  'items',
  'results',
  'result',
  'entries',
  'records',
  'elements',
  'values',
  'list',
  'rows',
  'nodes',
  'edges',
  'hits',
  'content',
];
export const COLLECTION_ARRAY_NAMES: readonly string[] = Object.freeze(collectionArrayNames);

/**
 * GeoJSON's object types (RFC 7946, section 1.4): an enum of these (`type: [Point]` in a GeoJSON
 * schema) is fixed by that standard, not a name the API coins, and keeps its spelling.
 */
export const GEOJSON_TYPES: readonly string[] = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
  'Feature',
  'FeatureCollection',
];

/**
 * What a team adds to the lists above in its configuration (`vocabulary:` in
 * vottur.config.yaml, docs/vocabulary.md): its own names for a national identifier, its own
 * custom-method verbs, the names its collection pages use. Additions only: the platform's own
 * entries cannot be taken away by a configuration.
 */
export interface VocabularyAdditions {
  /** Names that hold a national identifier (compared as `NATIONAL_ID_ALIASES` are: lower case, no separators). */
  nationalIdAliases?: string[];
  /** Icelandic genitive word after `kennitala` → the English prefix of the platform name. */
  nationalIdOwners?: Record<string, string>;
  /** Last path segments that make a path a custom method (compared in kebab case). */
  customMethodVerbs?: string[];
  /** Names of the member that holds a collection in a list response. */
  collectionArrayNames?: string[];
  /** Members a page of a collection may hold beside the collection. */
  collectionPageMembers?: string[];
}

/** `kennitalaEiganda`, `Kennitala_Eiganda` → `kennitalaeiganda`: an alias as matching compares it. */
function compactName(name: string): string {
  return nameWords(name).join('');
}

/**
 * The judgement lists one run of the rules reads: the platform's own, or those plus a
 * configuration's additions (`vocabularyWith`). It reaches each rule through its context
 * (`RuleContext` in rule.ts), never through shared state, so two lints with different
 * configurations in one process (the language server with two projects, parallel workers,
 * interleaved async lints) each see only their own words.
 */
export interface Vocabulary {
  /** Names that hold a national identifier, compared lower-cased without separators (`NATIONAL_ID_ALIASES`). */
  readonly nationalIdAliases: readonly string[];
  /** Icelandic genitive word after `kennitala` → the English prefix of the platform name (`ICELANDIC_NATIONAL_ID_OWNERS`). */
  readonly nationalIdOwners: Readonly<Record<string, string>>;
  /** Last path segments that make a path a custom method, in kebab case (`CUSTOM_METHOD_VERBS`). */
  readonly customMethodVerbs: readonly string[];
  /** Names of the member that holds a collection in a list response (`COLLECTION_ARRAY_NAMES`). */
  readonly collectionArrayNames: readonly string[];
  /** Members a page of a collection may hold beside the collection (`COLLECTION_PAGE_MEMBERS`). */
  readonly collectionPageMembers: readonly string[];
}

/** The platform's own lists: what every rule reads when no configuration adds words (and under stock Spectral without options). */
export const DEFAULT_VOCABULARY: Vocabulary = Object.freeze({
  nationalIdAliases: NATIONAL_ID_ALIASES,
  nationalIdOwners: ICELANDIC_NATIONAL_ID_OWNERS,
  customMethodVerbs: CUSTOM_METHOD_VERBS,
  collectionArrayNames: COLLECTION_ARRAY_NAMES,
  collectionPageMembers: COLLECTION_PAGE_MEMBERS,
});

/** Each configuration's vocabulary is built once: a watch or a language server lints with the same additions again and again. */
const built = new WeakMap<VocabularyAdditions, Vocabulary>();

/**
 * The platform's lists plus a configuration's words, each in the form the rules compare them
 * (aliases and owner words compacted, verbs in kebab case). Additions only: a platform entry is
 * never replaced (`maka` stays `spouse` whatever a configuration says). A new object: the
 * platform's lists are never changed.
 */
export function vocabularyWith(additions: VocabularyAdditions | undefined): Vocabulary {
  if (!additions) return DEFAULT_VOCABULARY;
  const cached = built.get(additions);
  if (cached) return cached;
  // A set beside each list: adding n words is linear, not n × the list (200,000 took 35 s).
  const add = (list: readonly string[], words: readonly string[] | undefined, normalise: (word: string) => string) => {
    if (!words || words.length === 0) return list;
    const result = [...list];
    const seen = new Set(list);
    for (const word of words) {
      const normal = normalise(word);
      if (normal && !seen.has(normal)) {
        seen.add(normal);
        result.push(normal);
      }
    }
    return Object.freeze(result);
  };
  const owners: Record<string, string> = { ...DEFAULT_VOCABULARY.nationalIdOwners };
  for (const [word, owner] of Object.entries(additions.nationalIdOwners ?? {})) {
    const key = compactName(word);
    if (key && !Object.prototype.hasOwnProperty.call(owners, key)) owners[key] = owner;
  }
  const vocabulary: Vocabulary = Object.freeze({
    nationalIdAliases: add(DEFAULT_VOCABULARY.nationalIdAliases, additions.nationalIdAliases, compactName),
    nationalIdOwners: Object.freeze(owners),
    customMethodVerbs: add(DEFAULT_VOCABULARY.customMethodVerbs, additions.customMethodVerbs, toKebabCase),
    collectionArrayNames: add(DEFAULT_VOCABULARY.collectionArrayNames, additions.collectionArrayNames, (word) => word),
    collectionPageMembers: add(
      DEFAULT_VOCABULARY.collectionPageMembers,
      additions.collectionPageMembers,
      (word) => word,
    ),
  });
  built.set(additions, vocabulary);
  return vocabulary;
}

/**
 * Verbs that name a standard method when they begin a path segment (`/GetAllVehicles`,
 * `/getphoto`, `/UpdateCase`, `/Create/{id}`): the platform names resources with nouns and says
 * what is done by the HTTP method (LIST and GET are `GET`, CREATE is `POST`, UPDATE is `PATCH`/`PUT`,
 * DELETE is `DELETE`). English and Icelandic (infinitive and the imperative/stem forms that
 * appear in paths, without accents as `nameWords` writes them).
 */
export const READ_VERBS: readonly string[] = [
  'get',
  'fetch',
  'list',
  'find',
  'lookup',
  'retrieve',
  // `DownloadFile`: a download reads the resource's content.
  'download',
  // Icelandic: sækja (fetch), fletta (look up), finna (find), skoða (view), leita (search),
  'saekja',
  'fletta',
  'finna',
  'skoda',
  'leita',
  // kanna (check, look into), fá (get).
  'kanna',
  'fa',
];
/**
 * The read verbs whose object is a criterion, not a resource's key: a search. A POST of one with
 * a body (`POST /v1/cases/find`) is a search custom method, which the platform allows; a POST of
 * another read verb with a body (`POST /Case/GetCase`) is a GET with its key in the wrong place.
 */
export const SEARCH_VERBS: readonly string[] = ['find', 'lookup', 'finna', 'fletta', 'leita', 'kanna'];
export const CREATE_VERBS: readonly string[] = [
  'create',
  'add',
  'insert',
  // stofna (establish), skrá (register), búa til, bæta við (add), nýskrá (register new).
  'stofna',
  'skra',
  'nyskra',
  'baeta',
];
export const UPDATE_VERBS: readonly string[] = [
  'update',
  'edit',
  'modify',
  'change',
  'set',
  'save',
  'upsert',
  // uppfæra (update), breyta (change), vista (save), leiðrétta (correct).
  'uppfaera',
  'breyta',
  'vista',
  'leidretta',
];
export const DELETE_VERBS: readonly string[] = [
  'delete',
  'remove',
  'erase',
  'destroy',
  // eyða (delete), fjarlægja (remove).
  'eyda',
  'fjarlaegja',
];

/**
 * Words of the lists above whose most frequent use is not a verb's base form (wink-lexicon's
 * parts of speech: `set` VBN, `change` NN): alone as a segment they name a thing
 * (`GET /v1/collections/{id}/set`); before other words they are verbs (`setStatus`). `list` (NN
 * too) stays a verb alone: in paths `…/list` is the action (Cloudflare's `GET …/site_info/list`
 * and `POST …/metadata_index/list` both list). test/rulesets/english-verbs.test.ts checks the
 * list against the lexicon.
 */
export const STANDARD_VERBS_MOSTLY_NOUNS: readonly string[] = ['set', 'change'];

/** The standard method a segment names by its first word (`GetAllVehicles` → LIST/GET, `getphoto` → GET), and the words after the verb. */
export function segmentVerb(
  segment: string,
): { verb: string; kind: 'read' | 'create' | 'update' | 'delete'; rest: string[] } | undefined {
  const words = nameWords(segment);
  const first = words[0];
  if (first === undefined) return undefined;
  const lists = [
    ['read', READ_VERBS],
    ['create', CREATE_VERBS],
    ['update', UPDATE_VERBS],
    ['delete', DELETE_VERBS],
  ] as const;
  // `/collections/{id}/set`, `/requests/{id}/change`: the word alone is the noun (a set, a change).
  if (words.length === 1 && STANDARD_VERBS_MOSTLY_NOUNS.includes(first)) return undefined;
  for (const [kind, list] of lists) {
    if (list.includes(first))
      return { verb: first, kind, rest: words.slice(1).filter((word) => word !== 'all' && word !== 'by') };
    // `getphoto`, `updatecase`: one lower-case word that starts with a verb.
    if (words.length === 1 && /^[a-z]+$/.test(first)) {
      // `get` only before a consonant (`getphoto`, not `getaways`); the longer verbs anywhere.
      const verb = list.find((candidate) => {
        const remainder = first.slice(candidate.length);
        if (!first.startsWith(candidate) || remainder.length < 4) return false;
        if (candidate === 'get') return /^[bcdfghjklmnpqrsvwxz]/.test(remainder);
        // Verbs no noun begins with, English and Icelandic (`saekjaakstursmat`: sækja + akstursmat);
        // not `stofna` or `kanna`, which begin nouns (`stofnanaskra`, `kannanir`).
        return ['fetch', 'create', 'update', 'delete', 'remove', 'lookup', 'retrieve', 'download', 'saekja'].includes(
          candidate,
        );
      });
      if (verb) return { verb, kind, rest: [first.slice(verb.length)] };
      // `getaccidentstatus`: a verb and words the dictionary splits the rest into (not `getaways`,
      // `settings`, `addresses`: one word, or a rest that is not words).
      for (const candidate of list) {
        if (candidate.length < 3 || !first.startsWith(candidate)) continue;
        const remainder = first.slice(candidate.length);
        const parts = isEnglishWord(remainder) ? [remainder] : splitGlued(remainder);
        if (parts && remainder.length >= 4 && splitGlued(first) !== undefined)
          return { verb: candidate, kind, rest: [...parts] };
      }
    }
  }
  return undefined;
}

/**
 * Icelandic verbs that, as the last segment of a path, name an action (infinitives, accents dropped
 * as `nameWords` writes them): samþykkja (approve), hafna (reject), senda (send), staðfesta
 * (confirm), afturkalla (revoke), greiða (pay), undirrita (sign), endurnýja (renew), virkja
 * (activate), óvirkja (deactivate), loka (close), sannreyna (verify), ógilda (annul), afgreiða
 * (process a case), birta (publish), innskrá/útskrá (log in/out). Hand-written: the Icelandic
 * Hunspell dictionary on npm (`dictionary-is`, CC BY-SA 3.0) marks a part of speech on a few
 * thousand forms only and lacks `sækja`, `uppfæra`, `stofna`, `fletta`, `staðfesta` and
 * `samþykkja` as verbs; `lemma-is` (npm) carries BÍN, whose conditions forbid publishing its
 * inflection paradigms without permission (docs/vocabulary.md).
 */
export const ICELANDIC_ACTION_VERBS: readonly string[] = Object.freeze([
  'samthykkja',
  'hafna',
  'senda',
  'stadfesta',
  'afturkalla',
  'greida',
  'undirrita',
  'endurnyja',
  'virkja',
  'ovirkja',
  'loka',
  'sannreyna',
  'ogilda',
  'afgreida',
  'birta',
  'innskra',
  'utskra',
]);

/**
 * Words of `ENGLISH_VERBS` that as a path segment name a list, not an action: Cloudflare's
 * `/devices/policy/include` and `/exclude` are the split-tunnel lists, read with GET and replaced
 * with PUT.
 */
const NOT_ACTION_WORDS: readonly string[] = ['include', 'exclude'];

/**
 * True when a path segment (one word or kebab-case words, compared lower-cased) names an action
 * rather than a resource: a word of the run's custom-method verbs (the platform's list and the
 * configuration's), or one word that the English lexicon (`ENGLISH_VERBS`: words used only as
 * verbs, so not `order`, `process`, `record`, `report`, `set`, `file` or `hold`) or the Icelandic
 * list knows as a verb. The standard methods' verbs (`get`, `create`, `update`, `delete`, ...) are not
 * actions here: `segmentVerb` finds them, in any segment.
 */
export function isActionSegment(segment: string, vocabulary: Vocabulary): boolean {
  const word = toKebabCase(segment);
  if (vocabulary.customMethodVerbs.includes(word)) return true;
  // A phrasal verb, glued or not (`login`, `log-in`, `logIn`, `optout`): an action (issue 37).
  if (isPhrasalVerb(word.replace(/-/g, ''))) return true;
  if (!/^[a-z]+$/.test(word) || NOT_ACTION_WORDS.includes(word)) return false;
  if (!ENGLISH_VERBS.has(word) && !ICELANDIC_ACTION_VERBS.includes(word)) return false;
  return segmentVerb(word) === undefined;
}
