/**
 * The words of a name as a reader takes them, beyond its case style (issue 37): a glued lower-case
 * word split with a dictionary (`getaccidentstatus` → get, accident, status), and an Icelandic
 * compound known by its head, the last part, in any of its case forms (`faedingardagur`,
 * `skraningardags`: a day; `heildarupphaedar`: an amount). Shared by the recognisers of national
 * identifiers, dates, money and verbs in paths (rulesets/lib/vocabulary.ts, platform-date-time-format).
 */
import { CLOSED_COMPOUND_LIST } from './closed-compounds.js';
import { ENGLISH_WORD_LIST } from './english-words.js';
import { ENGLISH_VERBS } from './english-verbs.js';

let englishWords: ReadonlySet<string> | undefined;
/** Whether the lexicon knows `word` (the set is built on first use: most documents never ask). */
export function isEnglishWord(word: string): boolean {
  englishWords ??= new Set(ENGLISH_WORD_LIST.split(' '));
  return englishWords.has(word);
}

let closedCompounds: ReadonlySet<string> | undefined;
/**
 * Whether English writes `word` as one though its parts are words (`healthcare`, `workflow`,
 * `checkout`: WordNet's closed compounds, scripts/closed-compounds.mjs): one word, never glued ones.
 */
export function isClosedCompound(word: string): boolean {
  closedCompounds ??= new Set(CLOSED_COMPOUND_LIST.split(' '));
  return closedCompounds.has(word);
}

/** Two-letter words names use between others (`getbyid`, `listofcases`); shorter ones would split anything. */
const SHORT_WORDS = new Set(['by', 'id', 'of', 'to', 'in', 'on', 'at', 'no', 'or']);

/** The longest word the splitter tries (the lexicon's longest useful words are shorter). */
const LONGEST = 20;

const splitCache = new Map<string, readonly string[] | null>();

/**
 * A glued lower-case word as dictionary words, the fewest that cover it (`accidentstatus` →
 * accident, status), or undefined when it is one word already or no split covers it (`getaways`,
 * `aways`). Every part is an English word of the lexicon (wink-lexicon, generated in
 * english-words.ts), one of `extra` or a two-letter word names use.
 */
export function splitGlued(word: string, extra: ReadonlySet<string> = EMPTY): readonly string[] | undefined {
  if (!/^[a-z]{4,60}$/.test(word) || isEnglishWord(word) || isClosedCompound(word) || extra.has(word)) return undefined;
  const key = extra === EMPTY ? word : `${word}\u0000${[...extra].join(' ')}`;
  const cached = splitCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  // The lexicon lists some nouns only in the plural (`miles`, not `mile`): a part whose plural it
  // knows is a word too (`getbulkmileagereadingrequests` would otherwise not split at all).
  // A word and a suffix (`mile` + `age`) is one word, so `requiresmileageregistration` is
  // requires, mileage, registration rather than require, smile, age, registration.
  // A plural the lexicon lists only in the singular (`registrations`) is a word too.
  const base = (part: string) =>
    isEnglishWord(part) ||
    (part.length >= 4 && /[^s]$/.test(part) && isEnglishWord(`${part}s`)) ||
    (part.length >= 6 && part.endsWith('s') && !part.endsWith('ss') && isEnglishWord(part.slice(0, -1)));
  const known = (part: string) =>
    base(part) ||
    SHORT_WORDS.has(part) ||
    extra.has(part) ||
    STEM_SUFFIXES.some(
      (suffix) => part.length >= suffix.length + 4 && part.endsWith(suffix) && base(part.slice(0, -suffix.length)),
    );
  // A part that is no word of its own (a derivation: `mileage`, `smileage`) or a short one (`one`) is
  // weak: of splits into as many words, the one with fewer weak parts is taken (`print license
  // done`, not `print licensed one`), then the one whose earlier words are longer (`requires
  // mileage registration`, not `require smileage registration`).
  // A function word that joins two others (`debtsandschedules`: debts, and, schedules, not debt,
  // sand, schedules) is no weak part.
  const weak = (part: string) =>
    FUNCTION_WORDS.has(part)
      ? 0
      : part.length <= 3 || !(isEnglishWord(part) || extra.has(part) || SHORT_WORDS.has(part))
        ? 1
        : 0;
  // best[i]: the best split of word[i, end): its word count, weak parts, and where its first word ends.
  const best: Array<{ count: number; weak: number; to: number } | undefined> = [];
  best[word.length] = { count: 0, weak: 0, to: word.length };
  for (let start = word.length - 1; start >= 0; start--) {
    for (let end = Math.min(word.length, start + LONGEST); end > start; end--) {
      const after = best[end];
      const part = word.slice(start, end);
      if (!after || !known(part)) continue;
      const candidate = { count: after.count + 1, weak: after.weak + weak(part), to: end };
      const current = best[start];
      if (
        !current ||
        candidate.count < current.count ||
        (candidate.count === current.count && candidate.weak < current.weak)
      )
        best[start] = candidate;
    }
  }
  let parts: string[] | null = null;
  if (best[0]) {
    parts = [];
    for (let start = 0; start < word.length; start = best[start]?.to ?? word.length)
      parts.push(word.slice(start, best[start]?.to ?? word.length));
  }
  if (splitCache.size >= 20_000) splitCache.clear();
  splitCache.set(key, parts && parts.length > 1 ? parts : null);
  return parts && parts.length > 1 ? parts : undefined;
}
const EMPTY: ReadonlySet<string> = new Set();
const NO_DOMAINS: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * The platform's own domain, as the seed document names it (island.is, Iceland's national service
 * portal): glued into a path segment (`islandisstudents`) it is a name, written as its labels
 * (`island-is`, as the platform writes it in identifiers: `island-is-client`).
 */
const PLATFORM_DOMAINS = ['island.is'];
/** A host name in a URL or an e-mail address (`https://api.example.is/…`, `team@skatturinn.is`). */
const HOST = /(?:\/\/|@)((?:[a-z0-9-]+\.)+[a-z]{2,})/gi;

/**
 * Domain names glued as words, by glued form (`islandis` → island, is): the platform's own and
 * every registrable domain (its last two labels) the document names in `texts` (servers, contact,
 * links). A domain is a name wherever it appears glued, as a brand is (issue 37, fourth outside measurement).
 */
export function domainWords(texts: readonly unknown[]): ReadonlyMap<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  const add = (host: string) => {
    const labels = host.toLowerCase().split('.').slice(-2);
    const glued = labels.join('');
    if (labels.length === 2 && labels.every((label) => /^[a-z]+$/.test(label)) && glued.length >= 6)
      found.set(glued, labels);
  };
  for (const domain of PLATFORM_DOMAINS) add(domain);
  for (const text of texts) {
    if (typeof text !== 'string' || text.length > 2000) continue;
    for (const match of text.matchAll(HOST)) add(match[1] ?? '');
  }
  return found;
}

/**
 * Icelandic nouns that head the compounds the recognisers look for, in the case forms names use
 * (accents dropped as `nameWords` writes them: upphæð → upphaed). Icelandic compounds are
 * right-headed (`fæðingardagur`, "birth day", is a day), so a name is the head's concept whatever
 * comes before it. Hand-written from the nouns' paradigms (see docs/vocabulary.md for why no
 * lexical package is used for Icelandic).
 */
export const ICELANDIC_HEADS = {
  /** dagur (day): dagur, dag, degi, dags, in the singular: one day is a date. */
  day: ['dagur', 'dags', 'degi'],
  /**
   * dagur in the plural (dagar, daga, dögum): days counted or listed (`dagar`, "number of days";
   * `opnunardagar`), no moment (issue 37, fourth outside measurement: `dagar: integer` read as an epoch).
   */
  days: ['dagar', 'dogum'],
  /** dagsetning (date): dagsetning, dagsetningu, dagsetningar; the abbreviation dagsetn. */
  date: ['dagsetning', 'dagsetningu', 'dagsetningar', 'dagsetn'],
  /**
   * upphæð (amount), verð (price), gjald (fee), greiðsla (payment), kostnaður (cost), laun (salary),
   * bætur (benefit), tekjur (income), eignir (assets), skuld (debt), skattur (tax), vextir
   * (interest), trygging (insurance), sekt (fine),
   * in the nominative, singular and plural: an oblique form last (`tegundGreidslu`, the type of
   * payment) names something of the money, not the sum.
   */
  money: [
    'upphaed',
    'upphaedir',
    'verd',
    'gjald',
    'gjold',
    'greidsla',
    'greidslur',
    'kostnadur',
    'laun',
    // bætur (benefit, compensation; plural only), tekjur (income), eignir (assets), skuld/skuldir (debt).
    'baetur',
    'tekjur',
    'eignir',
    'skuld',
    'skuldir',
    // skattur (tax), vextir (interest; `dráttarvextir`, penalty interest), trygging (insurance
    // premium, security deposit: `vátrygging`), sekt (fine) (issue 37).
    'skattur',
    'vextir',
    'trygging',
    'sekt',
    // mat (valuation): fasteignamat (property valuation), brunabótamat (fire-insurance valuation),
    // lóðarmat (site valuation), sums in krónur (issue 37, tenth outside measurement, M1). Only in
    // a compound and not where the word ends in an English one (`format`, `dateformat`, `diplomat`).
    'mat',
  ],
  /** mynt (currency, coin), gjaldmiðill (currency), in the nominative. */
  currency: ['mynt', 'gjaldmidill'],
} as const satisfies Record<string, readonly string[]>;

/** Weekdays end in `dagur` (mánudagur, Monday) and are days of the week, not dates. */
const WEEKDAY_STEMS = ['manu', 'tridju', 'thridju', 'midviku', 'fimmtu', 'fostu', 'laugar', 'sunnu'];

/**
 * Whether an Icelandic word is, or ends in, one of `heads` (a compound headed by it: `faedingardagur`,
 * `heildarupphaed`), with at least three letters before a head it ends in. A weekday is no day
 * in this sense.
 */
export function hasIcelandicHead(word: string, heads: readonly string[]): boolean {
  for (const head of heads) {
    if (word === head) return !COMPOUND_ONLY_HEADS.has(head);
    if (word.length >= head.length + 3 && word.endsWith(head)) {
      const stem = word.slice(0, -head.length);
      if (head.startsWith('dag') && WEEKDAY_STEMS.includes(stem)) return false;
      // An English word the head ends (`format`, `doormat`) is that word, not an Icelandic compound.
      if (COMPOUND_ONLY_HEADS.has(head) && endsInEnglishWord(word, head)) return false;
      return true;
    }
  }
  return false;
}

/** Heads that are English words too (`mat`): Icelandic only as the head of a compound. */
const COMPOUND_ONLY_HEADS: ReadonlySet<string> = new Set(['mat']);

/** Whether `word` ends in an English word longer than `head` (`dateformat`: `format`). */
function endsInEnglishWord(word: string, head: string): boolean {
  for (let length = head.length + 1; length <= Math.min(word.length, 12); length++)
    if (isEnglishWord(word.slice(-length))) return true;
  return false;
}

/**
 * Icelandic nouns in the nominative plural that head a phrase of two words (`tegundir sviptinga`,
 * "types of deprivations"; `upplysingar umsoknar`): an Icelandic compound puts its head last and its
 * modifier in a stem or genitive form (`sviptingategundir`), so a nominative plural first, with a
 * genitive after it, is two words glued, not one compound (accents dropped).
 */
const ICELANDIC_PHRASE_HEADS = ['tegundir', 'upplysingar', 'flokkar', 'gerdir'];
/** Genitive endings of the word after a phrase head (singular -s, -ar, -u; plural -a, -na). */
const ICELANDIC_GENITIVE = /(?:a|u|s|ar)$/;

/** The two words of an Icelandic phrase glued into one segment (`tegundirsviptinga`), or undefined. */
function icelandicPhrase(segment: string): readonly string[] | undefined {
  for (const head of ICELANDIC_PHRASE_HEADS) {
    const rest = segment.slice(head.length);
    if (segment.startsWith(head) && rest.length >= 4 && ICELANDIC_GENITIVE.test(rest)) return [head, rest];
  }
  return undefined;
}

/**
 * One-word terms of web APIs the lexicon lacks (it is a general English lexicon): closed compounds
 * that would otherwise split into their parts (`passport` → pass, port; `bookmark` → book, mark)
 * and short forms names use as words (`info`, `batch`), and nouns of registers wink-lexicon lacks (`registry`:
 * `fromnationalregistry`, issue 37). Each is kept whole, in the singular and plural.
 */
const API_TERMS = new Set(
  (
    'archive batch bookmark cardholder checkout checkin database dashboard dataset download endpoint filename ' +
    'firewall firstname gateway hashtag healthcheck homepage hostname inbox info keyword lastname login logout ' +
    'lookup metadata namespace outbox passport password payload ruleset screenshot signin signup setup snapshot ' +
    'timeseries timestamp upload username watermark webhook website whitelist blacklist workflow barcode ' +
    'checkbox dropdown email lifecycle changelog registry registries'
  )
    .split(' ')
    .flatMap((term) => [term, `${term}s`, `${term}es`]),
);
/** Whether a word is one of the web API terms kept whole (`healthchecks`, `passports`). */
export function isApiTerm(word: string): boolean {
  return API_TERMS.has(word);
}

/**
 * Prefixes and particles that glue into path segments as parts of words (`preregistration`,
 * `invoices`, `outgoing`), and the combining forms English closes up with the word after them
 * (`autocomplete`, `multifactor`, `microservices`, `nonprofit`, `geolocation`, `superadmin`: a
 * prefix is written solid, not hyphenated, by the usual style guides), which a lexicon lists only
 * in the compounds it happens to know (wink-lexicon has `automobile`, not `autocomplete`).
 */
const PREFIXES = new Set([
  'pre',
  'sub',
  'in',
  'out',
  're',
  'un',
  'over',
  'under',
  'fore',
  'auto',
  'multi',
  'micro',
  'macro',
  'mini',
  'semi',
  'anti',
  'non',
  'inter',
  'intra',
  'hyper',
  'super',
  'tele',
  'geo',
]);
/** Suffixes the lexicon also lists as words, part of the word before them (`renewable` is no `renew able`). */
const SUFFIXES = new Set(['able', 'ible', 'ness', 'less', 'ful', 'ment', 'ship', 'hood', 'wise']);
/** Suffixes that make one word of a stem of four letters or more inside the splitter only (`mileage`; `old age` stays two). */
const STEM_SUFFIXES: readonly string[] = [...SUFFIXES, 'age'];
/** Function words that join others in a glued name (`readall`, `photoandsignature`, `isfreshman`). */
const FUNCTION_WORDS = new Set(['all', 'and', 'or', 'by', 'of', 'for', 'to', 'with', 'from']);

/**
 * The words of a glued lower-case path segment (`readall` → read, all; `legalentities` → legal,
 * entities) when the dictionary splits it with confidence. Not when the segment is a word of its own
 * (a lexicon word in any of its inflections, an API term such as `passports`), when the lexicon does
 * not cover it (an Icelandic word: `islykill`, `umsoknir`), or when it ends in an Icelandic head
 * noun. A prefix is part of the word after it (`invoices` is no `in voices`, `preregistration` one
 * word), a suffix of the word before it (`renewable`). Two short words (`firewall`, `gateway`, `logpush`) are as often a closed compound as two
 * words, so a split into two is taken only when one of them is long (six letters or more:
 * `drivercards`, `legalentities`) or a function word (`readall`; `is` first: `isfreshman`).
 */
export function pathSegmentWords(
  segment: string,
  domains: ReadonlyMap<string, readonly string[]> = NO_DOMAINS,
): readonly string[] | undefined {
  // Remembered for the default domains: three rules ask for the words of every segment of every
  // path, and segments repeat (`accounts`, `zones` in each of Cloudflare's 1,400 paths).
  if (domains !== NO_DOMAINS) return segmentWords(segment, domains);
  let words = segmentWordsKnown.get(segment);
  if (words === undefined) {
    if (segmentWordsKnown.size >= 50_000) segmentWordsKnown.clear();
    const found = segmentWords(segment, domains);
    segmentWordsKnown.set(segment, (words = found === undefined ? null : Object.freeze([...found])));
  }
  return words ?? undefined;
}

const segmentWordsKnown = new Map<string, readonly string[] | null>();

/**
 * A lexicon word of three letters or more before a regular English plural of four or more whose
 * singular the lexicon knows (`pettypes`: pet, types; `zipcodes`): the plural head of a noun
 * phrase, two words (tenth outside measurement P2). A closed compound is written whole in the
 * singular too, so a pair whose singular English or WordNet writes closed (`keywords`,
 * `firewalls`, `gateways`) stays one word.
 */
const PARTICLES = new Set(['down', 'back', 'away', 'over', 'into', 'onto', 'upon', 'with', 'about', 'around']);

function isNounBeforePlural(segment: string, first: string, second: string): boolean {
  if (first.length < 3 || second.length < 5 || !isEnglishWord(first)) return false;
  const singular = /(?:ss|x|z|ch|sh)es$/.test(second) ? second.slice(0, -2) : second.replace(/(?<=[^s])s$/, '');
  // A particle after a verb is a noun of one word (`payouts`, `pickups`, `takeaways`), not a phrase.
  if (singular === second || singular.length < 4 || PARTICLES.has(singular) || !isEnglishWord(singular)) return false;
  const whole = `${first}${singular}`;
  return !isEnglishWord(whole) && !isClosedCompound(whole) && !isClosedCompound(segment) && !API_TERMS.has(whole);
}

function segmentWords(segment: string, domains: ReadonlyMap<string, readonly string[]>): readonly string[] | undefined {
  // A number inside a glued segment (`hasfinisheddrivingschool3`, `drivingschool3finished`) belongs
  // to the word before it: the letters on each side are split on their own (issue 37).
  const numbered = /^([a-z]+)([0-9]+)([a-z]*)$/.exec(segment);
  if (numbered && segment.length <= 60) {
    const [, head = '', digits = '', tail = ''] = numbered;
    const before = pathSegmentWords(head, domains) ?? (isEnglishWord(head) || API_TERMS.has(head) ? [head] : undefined);
    const after = tail === '' ? [] : (pathSegmentWords(tail, domains) ?? (isEnglishWord(tail) ? [tail] : undefined));
    if (!before || !after || before.length + after.length < 2) return undefined;
    return [...before.slice(0, -1), `${before.at(-1) ?? ''}${digits}`, ...after];
  }
  if (!/^[a-z]{5,60}$/.test(segment) || API_TERMS.has(segment)) return undefined;
  const phrase = icelandicPhrase(segment);
  if (phrase) return phrase;
  // An inflection of a one-word term (`passports`, `bookmarked`).
  for (const suffix of ['s', 'es', 'ed', 'ing']) {
    const stem = segment.slice(0, -suffix.length);
    if (segment.endsWith(suffix) && (isEnglishWord(stem) || API_TERMS.has(stem))) return undefined;
  }
  for (const heads of Object.values(ICELANDIC_HEADS)) if (hasIcelandicHead(segment, heads)) return undefined;
  // A domain name glued (`islandis` of island.is) is a word of its own, written as its labels.
  const extra = new Set([...API_TERMS, ...PREFIXES, 'is', ...domains.keys()]);
  const split = splitGlued(segment, extra);
  if (!split) return undefined;
  const parts: string[] = [];
  for (let i = 0; i < split.length; i++) {
    const part = split[i] ?? '';
    const next = split[i + 1];
    if (PREFIXES.has(part) && next !== undefined) {
      parts.push(part + next);
      i++;
    } else if (SUFFIXES.has(part) && parts.length > 0) parts[parts.length - 1] += part;
    else parts.push(part);
  }
  if (parts.length < 2) return undefined;
  const domain = parts.find((part) => domains.has(part));
  if (domain !== undefined) return parts.flatMap((part) => domains.get(part) ?? [part]);
  // `is` only as the first word (`isfreshman`; `whois` is one word); other short parts are guesses.
  if (parts.some((part, i) => (part === 'is' ? i > 0 : part.length < 3 && !SHORT_WORDS.has(part)))) return undefined;
  // Two words of five letters or more each, both in the lexicon, the second a plural (`platetypes`:
  // plate types), are two words too; a closed compound is a singular noun (`traceroute`, `entrypoint`).
  // A word the lexicon knows only as a verb, then a plural (`getcases`, `sendmessages`): a verb and
  // its object, which no closed compound is (tenth round).
  if (
    parts.length === 2 &&
    !parts.some((part) => part.length >= 6 || FUNCTION_WORDS.has(part) || part === 'is' || API_TERMS.has(part)) &&
    !(parts.every((part) => part.length >= 5 && isEnglishWord(part)) && /[^s]s$/.test(parts[1] ?? '')) &&
    !(ENGLISH_VERBS.has(parts[0] ?? '') && /[^s]s$/.test(parts[1] ?? '') && (parts[1] ?? '').length >= 4) &&
    !isNounBeforePlural(segment, parts[0] ?? '', parts[1] ?? '')
  )
    return undefined;
  return parts;
}
