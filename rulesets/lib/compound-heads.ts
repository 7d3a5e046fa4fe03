/**
 * Heads of compounds in the other right-headed compound languages of the descriptions the platform
 * meets (issue 37, ninth outside measurement): German, Swedish, Norwegian and Danish put a
 * compound's head last, as Icelandic does (rulesets/lib/words.ts, `ICELANDIC_HEADS`), so
 * `Geburtsdatum` ("birth date") is a date and `Gesamtbetrag` ("total amount") a sum whatever comes
 * before the head. One small lexicon of head nouns per language and concept, in the spellings names
 * use (accents dropped as `nameWords` writes them: Gebühr → gebuhr, beløp → belop, also the ASCII
 * forms `gebuehr`, `beloep`). Hand-written from the languages' common nouns; docs/vocabulary.md
 * says which and why others (`-zeit`, `-tag`, `-dag`) are left out.
 */
import { isEnglishWord } from './words.js';

export type CompoundLanguage = 'de' | 'sv' | 'no' | 'da';
export type CompoundConcept = 'date' | 'money' | 'sum' | 'currency';

export const COMPOUND_HEADS: Readonly<Record<CompoundLanguage, Readonly<Record<CompoundConcept, readonly string[]>>>> =
  {
    de: {
      // Datum (date), Zeitpunkt (point in time), Zeitstempel (timestamp). Not -zeit (Laufzeit,
      // Wartezeit are spans) nor -tag (Montag, Feiertag).
      date: ['datum', 'zeitpunkt', 'zeitstempel'],
      // Betrag (amount), Preis (price), Kosten (costs), Gebühr (fee), Entgelt (charge), in the
      // singular and plural.
      money: [
        'betrag',
        'betrage',
        'betraege',
        'preis',
        'preise',
        'kosten',
        'gebuhr',
        'gebuehr',
        'gebuhren',
        'gebuehren',
        'entgelt',
        'entgelte',
      ],
      // Wert (value), Summe (sum): a sum of whatever, money where the document says so.
      sum: ['wert', 'werte', 'summe'],
      // Währung (currency).
      currency: ['wahrung', 'waehrung'],
    },
    sv: {
      // datum (date), tidpunkt (point in time), tidsstämpel (timestamp).
      date: ['datum', 'tidpunkt', 'tidsstampel'],
      // belopp (amount), pris (price), avgift (fee), kostnad (cost).
      money: ['belopp', 'pris', 'priser', 'avgift', 'avgifter', 'kostnad', 'kostnader'],
      sum: ['varde', 'summa'],
      currency: ['valuta'],
    },
    no: {
      // dato (date), tidspunkt (point in time), tidsstempel (timestamp). Not -dag (mandag).
      date: ['dato', 'tidspunkt', 'tidsstempel'],
      // beløp (amount), pris (price), avgift (fee), kostnad (cost), gebyr (fee).
      money: ['belop', 'beloep', 'pris', 'priser', 'avgift', 'avgifter', 'kostnad', 'kostnader', 'gebyr', 'gebyrer'],
      sum: ['verdi', 'sum'],
      currency: ['valuta'],
    },
    da: {
      // dato (date), tidspunkt, tidsstempel.
      date: ['dato', 'tidspunkt', 'tidsstempel'],
      // beløb (amount), pris (price), afgift (duty, fee), gebyr (fee), omkostning (cost).
      money: [
        'belob',
        'beloeb',
        'pris',
        'priser',
        'afgift',
        'afgifter',
        'gebyr',
        'gebyrer',
        'omkostning',
        'omkostninger',
      ],
      sum: ['vaerdi', 'sum'],
      currency: ['valuta'],
    },
  };

const LANGUAGES = Object.keys(COMPOUND_HEADS) as CompoundLanguage[];

/**
 * The language of a head that is also an English word (`datum`, a geodetic datum in English; `sum`),
 * by head: such a head is that language's only where the name or the document says so.
 */
function headLanguages(head: string, concept: CompoundConcept): CompoundLanguage[] {
  return LANGUAGES.filter((language) => COMPOUND_HEADS[language][concept].includes(head));
}

/**
 * Whether the words of a name (`nameWords`) are headed by a `concept` noun of one of these
 * languages: the last word is the head (`erstellungs datum`) or ends in it, glued after a modifier
 * of three letters or more that makes no English word of the whole (`geburtsdatum`,
 * `gesamtbetrag`; `update`, `candidate`, `mandate` end in no head: the heads are the other
 * languages' nouns, not English `date`). A head that is itself an English word (`datum`) is read
 * in the other language only with a modifier that is no English word (`erstellungsDatum`,
 * `geburtsdatum`, not `verticalDatum`) or in a document written in that language (`languages`,
 * from `documentLanguages`).
 */
export function hasCompoundHead(
  words: readonly string[],
  concept: CompoundConcept,
  languages: ReadonlySet<string> = NO_LANGUAGES,
): boolean {
  const last = words.at(-1) ?? '';
  if (last.length < 3 || !/^[a-z]+$/.test(last)) return false;
  for (const language of LANGUAGES) {
    for (const head of COMPOUND_HEADS[language][concept]) {
      let modifier: string | undefined;
      if (last === head) modifier = words.at(-2);
      else if (last.length >= head.length + 3 && last.endsWith(head) && !isEnglishWord(last))
        modifier = last.slice(0, -head.length);
      else continue;
      if (!isEnglishWord(head) && !ENGLISH_TOO.has(head)) return true;
      // An English word as the head: another language's only by a foreign modifier or the document.
      if (modifier !== undefined && /^[a-z]{3,}$/.test(modifier) && !isEnglishWord(modifier)) return true;
      if (headLanguages(head, concept).some((each) => languages.has(each))) return true;
    }
  }
  return false;
}

const NO_LANGUAGES: ReadonlySet<string> = new Set();
/** Heads that are English words the lexicon (wink-lexicon) lacks: `datum`, a point of reference (a geodetic datum). */
const ENGLISH_TOO: ReadonlySet<string> = new Set(['datum']);

/**
 * Function words of each language (none of them an English word, and none an Icelandic one with
 * its accents dropped: `og`, `fra`, `til`, `med`, `af`, `vid` are left out, so that an Icelandic
 * description does not read as Norwegian), counted in a document's own prose to tell which
 * languages it is written in.
 */
const FUNCTION_WORDS: Readonly<Record<CompoundLanguage, ReadonlySet<string>>> = {
  de: new Set([
    'der',
    'das',
    'und',
    'ist',
    'nicht',
    'mit',
    'wird',
    'werden',
    'eine',
    'einer',
    'des',
    'dem',
    'zum',
    'zur',
    'auf',
    'oder',
    'wenn',
    'sind',
    'von',
    'bei',
  ]),
  sv: new Set(['och', 'att', 'som', 'inte', 'eller', 'fran', 'av', 'det', 'den', 'ett', 'har', 'kan', 'ska']),
  no: new Set(['ikke', 'eller', 'som', 'av', 'det', 'den', 'hvis', 'skal', 'kan', 'et', 'ogsa', 'denne']),
  da: new Set(['ikke', 'eller', 'som', 'det', 'den', 'hvis', 'skal', 'kan', 'et', 'ogsa', 'denne']),
};

const languageCache = new WeakMap<object, ReadonlySet<string>>();

/**
 * The languages of `FUNCTION_WORDS` a document's prose is written in: every `description`,
 * `summary` and `title` string (at most 2,000 of them), a language counting when at least eight of
 * its function words occur and no fewer than a third as many as English's (`the`, `and`, `of`, …).
 */
export function documentLanguages(document: object): ReadonlySet<string> {
  const known = languageCache.get(document);
  if (known) return known;
  const counts = new Map<string, number>();
  let english = 0;
  let texts = 0;
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  while (stack.length > 0 && texts < 2000) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === 'string' && (key === 'description' || key === 'summary' || key === 'title')) {
        texts++;
        const words = member
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .split(/[^a-z]+/)
          .filter(Boolean);
        for (const word of words) {
          if (ENGLISH_FUNCTION_WORDS.has(word)) english++;
          for (const language of LANGUAGES)
            if (FUNCTION_WORDS[language].has(word)) counts.set(language, (counts.get(language) ?? 0) + 1);
        }
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  const found = new Set(
    LANGUAGES.filter((language) => {
      const count = counts.get(language) ?? 0;
      return count >= 8 && count * 3 >= english;
    }),
  );
  languageCache.set(document, found);
  return found;
}

const ENGLISH_FUNCTION_WORDS = new Set([
  'the',
  'and',
  'of',
  'to',
  'is',
  'for',
  'with',
  'this',
  'that',
  'are',
  'be',
  'or',
]);

/**
 * French puts a compound's head first (`date de création`, written `date_creation`, `dateDebut`):
 * a date word first and a French modifier after it that says which moment (tenth round, from the
 * ninth outside measurement). The modifiers are the event nouns French names of dates use, accents
 * dropped (`début` → debut, `échéance` → echeance); a word that only qualifies the date
 * (`dateFormat`, `dateRange`, `dateType`) is no such modifier, so the name stays no date by itself.
 */
const FRENCH_DATE_HEADS = ['date', 'heure', 'horodatage'];
const FRENCH_DATE_MODIFIERS = new Set([
  'debut',
  'fin',
  'creation',
  'modification',
  'maj',
  'mise',
  'naissance',
  'deces',
  'echeance',
  'effet',
  'emission',
  'expiration',
  'validite',
  'publication',
  'reception',
  'envoi',
  'paiement',
  'livraison',
  'depot',
  'signature',
  'souscription',
  'resiliation',
  'cloture',
  'ouverture',
  'fermeture',
  'traitement',
  'enregistrement',
  'annulation',
  'facturation',
  'arrivee',
  'depart',
  'saisie',
  'derniere',
  'premiere',
  'demande',
  'decision',
  'inscription',
  'validation',
  'suppression',
]);

/** Whether the words of a name (`nameWords`) are a French date: `date`, `heure` or `horodatage` first, then a modifier saying which moment (`date_creation`, `dateDebut`, `date_fin`, `date_de_naissance`). */
export function isFrenchDateName(words: readonly string[]): boolean {
  if (words.length < 2 || !FRENCH_DATE_HEADS.includes(words[0] ?? '')) return false;
  const rest = words.slice(1).filter((word) => !['de', 'du', 'des', 'la', 'le', 'd'].includes(word));
  return rest.length >= 1 && FRENCH_DATE_MODIFIERS.has(rest[0] ?? '');
}
