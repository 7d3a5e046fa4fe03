/**
 * Whether a field or parameter holds a national identifier, whatever it is called: by its name
 * (`nationalId`, and every alias of vocabulary.ts: `kt`, `ssn`, `companyssn`, `kennitalaMaka`),
 * by its description ("Kennitala umsækjanda", "The national id of ..."), or by the data it gives
 * (an example or default of ten digits with a valid check digit, `4710032980`). A boolean, object
 * or other non-text field whose name only mentions the word (`childDoesNotHaveNationalId`) is not
 * an identifier. A list (`nationalIds`, `type: array`) is recognised by its items.
 */
import type { JsonPath } from './rule.js';
import { rememberedPerText, textBefore } from './text-memo.js';
import { compilePattern, firstTailWithin, hasValidCheckDigit, isNationalIdName, nameWords } from './conventions.js';
import { schemaValueList } from './openapi/examples.js';
import { layerKeyword, schemaLayers, type SchemaLayer, layerTypes } from './openapi/resolve.js';
import { isArray, isObject, type Document, type JsonObject } from './openapi/types.js';
import { matchNationalIdAlias, type Vocabulary } from './vocabulary.js';
import { parameters, properties } from './openapi/views.js';
import { valueAt } from './openapi/json-schema.js';

export interface NationalIdHolder {
  /** How it was recognised: the platform name, an alias, the description, or a value. */
  by: 'name' | 'alias' | 'description' | 'value';
  /** A list of identifiers (`nationalIds`): the checks apply to `items`. */
  plural: boolean;
  /** The schema of one identifier (the items of a list) and where it is. */
  schema: unknown;
  path: JsonPath;
  /**
   * Another country's identifier of a person (`the Norwegian fødselsnummer`), when the field says
   * so by its name, its description or the shape of its values: named `nationalId` as any person's
   * identifier is, but not held to the kennitala's ten digits, which it does not have.
   */
  foreign?: string;
  /** For a foreign identifier recognised by its name, the words before the term (`debtor` in `debtorPersonnummer`). */
  prefix?: string[];
  /**
   * Described as a person's identifier or an organisation's ("Norwegian organization number or
   * SSN"): it may hold a person's, so it is personal data as the kennitala is, which numbers both.
   */
  orOrganisation?: boolean;
}

/**
 * Other countries' words for a person's national identification number, in the spellings names
 * use (accents dropped as `nameWords` writes them: fødselsnummer → fodselsnummer), glued as one
 * word, and what each is. A person's identifier is personal data wherever it is from, and the
 * platform names it `nationalId` (issue 37, ninth outside measurement). Only terms that name a
 * person's number and nothing else; the short forms (`fnr`, `pnr`, `personnr`) count only with
 * values of that country's shape (`FOREIGN_SHAPES`).
 */
const FOREIGN_PERSON_ID_TERMS: Readonly<Record<string, string>> = {
  isikukood: 'the Estonian isikukood',
  fodselsnummer: 'the Norwegian fødselsnummer',
  fodselsnr: 'the Norwegian fødselsnummer',
  // The folkeregister's word for a person's fødselsnummer or D-nummer.
  identitetsnummer: 'the Norwegian identitetsnummer, a fødselsnummer or D-nummer',
  personnummer: 'the Swedish personnummer',
  samordningsnummer: 'the Swedish samordningsnummer',
  cprnummer: 'the Danish CPR number',
  cprnr: 'the Danish CPR number',
  cprnumber: 'the Danish CPR number',
  henkilotunnus: 'the Finnish henkilötunnus',
  hetu: 'the Finnish henkilötunnus',
  // Tenth outside measurement: the Dutch trade register's `eigenaarBurgerservicenummer`.
  burgerservicenummer: 'the Dutch burgerservicenummer (BSN)',
};
/** Short forms that are a person's number only with values of a foreign identifier's shape. */
const FOREIGN_SHORT_FORMS = ['fnr', 'pnr', 'personnr', 'persnr', 'fodselsno'];
/** The longest term or short form: a longer tail of a name is neither. */
const LONGEST_FOREIGN_TERM = Math.max(
  ...[...Object.keys(FOREIGN_PERSON_ID_TERMS), ...FOREIGN_SHORT_FORMS].map((term) => term.length),
);

/** Norwegian fødselsnummer: eleven digits, the last two mod-11 check digits. */
function isNorwegianId(text: string): boolean {
  if (!/^\d{11}$/.test(text)) return false;
  const d = [...text].map(Number);
  const check = (weights: number[]) => {
    const sum = weights.reduce((total, weight, i) => total + weight * (d[i] ?? 0), 0);
    const k = 11 - (sum % 11);
    return k === 11 ? 0 : k;
  };
  const k1 = check([3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = check([5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k1 !== 10 && k2 !== 10 && k1 === d[9] && k2 === d[10];
}
/** Estonian isikukood: eleven digits, the first 1–6 (century and sex), a birth date YYMMDD, a check digit last. */
function isEstonianId(text: string): boolean {
  if (!/^[1-6]\d{10}$/.test(text)) return false;
  const month = Number(text.slice(3, 5));
  const day = Number(text.slice(5, 7));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const d = [...text].map(Number);
  const weigh = (weights: number[]) => weights.reduce((total, weight, i) => total + weight * (d[i] ?? 0), 0) % 11;
  let k = weigh([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (k === 10) k = weigh([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 10;
  return k === d[10];
}
/** Swedish personnummer: (YY)YYMMDD, `-` or `+`, four digits, the last a Luhn check over the ten. */
function isSwedishId(text: string): boolean {
  const match = /^(?:\d{2})?(\d{6})[-+]?(\d{4})$/.exec(text);
  if (!match || (text.length !== 11 && text.length !== 12 && text.length !== 13)) return false;
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let value = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (value > 9) value -= 9;
    sum += value;
  }
  return sum % 10 === 0;
}
/** Values of another country's identifier, each with what it is (a kennitala is ten digits: none of these). */
const FOREIGN_SHAPES: ReadonlyArray<readonly [(text: string) => boolean, string]> = [
  [isNorwegianId, 'the Norwegian fødselsnummer'],
  [isEstonianId, 'the Estonian isikukood'],
  [isSwedishId, 'the Swedish personnummer'],
];
/** Sample values of each shape, for reading a pattern: it accepts the shape and rejects ten digits. */
const FOREIGN_PATTERN_SAMPLES: ReadonlyArray<readonly [string, string]> = [
  ['01017012345', 'a foreign identifier of eleven digits (the Norwegian fødselsnummer, the Estonian isikukood)'],
  ['19900101-1234', 'the Swedish personnummer'],
  ['199001011234', 'the Swedish personnummer'],
];

/** Words that name a field as an identifier or a code, whatever of (`recipient_id_code`, `personCode`). */
const IDENTIFIER_WORDS = new Set(['id', 'ids', 'code', 'kood', 'number', 'nr', 'no', 'num', 'identifier']);

type ForeignTerm = { what: string; prefix: string[]; short: boolean };

/** At most this many names' and descriptions' answers are kept (as `nameWords` does), for a long-lived language server. */
const MAX_KEPT = 50_000;
const foreignTerms = new Map<string, ForeignTerm | null>();

/**
 * `foreignTerm` of a name's words, remembered per name: four rules ask it of every property and
 * parameter name, and the same few thousand names repeat (it joins every tail of the words). A
 * copy of the prefix is handed out.
 */
function foreignTermOf(name: string): ForeignTerm | undefined {
  let term = foreignTerms.get(name);
  if (term === undefined) {
    if (foreignTerms.size >= MAX_KEPT) foreignTerms.clear();
    foreignTerms.set(name, (term = foreignTerm(nameWords(name)) ?? null));
  }
  return term === null ? undefined : { ...term, prefix: [...term.prefix] };
}

/** The foreign term a name ends in, and the words before it (`debtorPersonnummer` → personnummer, [debtor]). */
function foreignTerm(words: readonly string[]): ForeignTerm | undefined {
  for (let start = firstTailWithin(words, LONGEST_FOREIGN_TERM); start < words.length; start++) {
    const tail = words.slice(start).join('');
    const what = FOREIGN_PERSON_ID_TERMS[tail];
    if (what !== undefined && Object.prototype.hasOwnProperty.call(FOREIGN_PERSON_ID_TERMS, tail))
      return { what, prefix: words.slice(0, start), short: false };
    if (FOREIGN_SHORT_FORMS.includes(tail)) return { what: '', prefix: words.slice(0, start), short: true };
  }
  // Glued after a modifier (`skyldnerfodselsnummer`): the long terms only.
  const last = words.at(-1) ?? '';
  for (const [term, what] of Object.entries(FOREIGN_PERSON_ID_TERMS))
    if (term.length >= 9 && last.length >= term.length + 3 && last.endsWith(term))
      return { what, prefix: [...words.slice(0, -1), last.slice(0, -term.length)], short: false };
  return undefined;
}

/**
 * English names of a person's identification number that other countries' APIs use
 * (`personalNumber`, `personalIdentityNumber`, a "personal code"): the words, after whose it is.
 * The name says no country, so the kennitala's ten digits are not asked of it unless its values are
 * kennitölur (tenth round, from the ninth outside measurement).
 */
const ENGLISH_PERSON_ID_TERMS: readonly (readonly string[])[] = [
  ['personal', 'number'],
  ['personal', 'identity', 'number'],
  ['personal', 'identification', 'number'],
  ['personal', 'id', 'number'],
  ['person', 'identity', 'number'],
  ['personal', 'identity', 'code'],
  ['personal', 'code'],
];
const ENGLISH_PERSON_ID = 'a personal identity number, of no country the name says';
/** The English term a name ends in, and the words before it (`debtorPersonalNumber` → [debtor]). */
function englishPersonTerm(words: readonly string[]): string[] | undefined {
  for (const term of ENGLISH_PERSON_ID_TERMS) {
    if (words.length < term.length) continue;
    if (term.every((word, i) => words[words.length - term.length + i] === word))
      return words.slice(0, words.length - term.length);
  }
  return undefined;
}
/** A description that begins by naming a personal identity number in English ("The personal identity number of the party"). */
const DESCRIBED_ENGLISH =
  /^\s*(?:(?:the|a|an)\s+)?(?:[\p{L}'’]+\s+){0,2}?personal\s+(?:identity\s+|identification\s+|id\s+)?(?:number|code)\b/iu;

/** Words of a sibling field that says which scheme an identifier is in (`type`, `idType`, `scheme`, `kind`). */
const SCHEME_WORDS = ['type', 'scheme', 'kind'];
/** Words that end the name of a field holding an identifier's value (`id`, `value`, `identifier`, `number`). */
const VALUE_WORDS = ['id', 'value', 'identifier', 'number', 'code', 'nr', 'no'];

/**
 * An identifier typed by its sibling (`{ id: '…', type: 'personnummer' }`, an enum of schemes that
 * includes a person's): the sibling's values name another country's person identifier, so the
 * identifier holds one (tenth round). The sibling's enum, const, default and examples count.
 */
function siblingScheme(document: Document, name: string, path: JsonPath): string | undefined {
  if (path.at(-2) !== 'properties' || !VALUE_WORDS.includes(nameWords(name).at(-1) ?? '')) return undefined;
  const siblings = valueAt(document, path.slice(0, -1));
  if (!isObject(siblings)) return undefined;
  // Once per object's properties: every identifier among thousands of siblings asks the same.
  let found = schemeCache.get(siblings);
  if (found === undefined) {
    found = { names: [], what: undefined };
    for (const [sibling, schema] of Object.entries(siblings)) {
      if (!SCHEME_WORDS.includes(nameWords(sibling).at(-1) ?? '')) continue;
      const what = schemeOf(document, schema, [...path.slice(0, -1), sibling]);
      if (what !== undefined) {
        found.names.push(sibling);
        found.what ??= what;
      }
    }
    schemeCache.set(siblings, found);
  }
  return found.what !== undefined && !(found.names.length === 1 && found.names[0] === name) ? found.what : undefined;
}

const schemeCache = new WeakMap<object, { names: string[]; what: string | undefined }>();

/** The person's scheme a scheme field's values name (`personnummer`, "personal identity number"), if any. */
function schemeOf(document: Document, schema: unknown, path: JsonPath): string | undefined {
  const layers = schemaLayers(document, schema, path);
  const values = [
    ...layers.flatMap((layer) => schemaValueList(layer.schema)),
    ...layers.flatMap((layer) => (isArray(layer.schema.enum) ? layer.schema.enum : [])),
  ];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const words = nameWords(value);
    const term = foreignTerm(words);
    if (term && !term.short && term.prefix.length === 0) return term.what;
    if (englishPersonTerm(words)?.length === 0) return ENGLISH_PERSON_ID;
  }
  return undefined;
}

/**
 * Whether a name ends in another country's term for a person's identifier (`fødselsnummer`,
 * `debtorPersonnummer`): platform-national-id-name gives its name, so the case-style rules leave it.
 */
export function isForeignPersonIdName(name: string): boolean {
  const term = foreignTermOf(name);
  return term !== undefined && !term.short;
}

const describedForeigns = new Map<string, string | null>();

/**
 * A description that names a foreign identifier in its first words ("Fødselsnummer til skyldner",
 * "Isikukood"). Remembered per description: a property's own description is read as its holder's
 * and its schema's, by four rules, and descriptions repeat across a large description's schemas.
 */
function describedForeign(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  let what = describedForeigns.get(description);
  if (what === undefined) {
    if (describedForeigns.size >= MAX_KEPT) describedForeigns.clear();
    describedForeigns.set(description, (what = readForeignDescription(description) ?? null));
  }
  return what ?? undefined;
}

/** The words of a text as `describedForeign` reads them: lower-case, `ø` as `o`, accents dropped, letters a–z. */
function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * A text's first `count` words, reading only as much of it as they need: a prefix twice as long
 * each time until a word after them shows they are complete. The whole text was lower-cased and
 * split for four words, at every copy of a long text a YAML alias repeats (issue 34, B5).
 */
export function firstWords(text: string, count: number): string[] {
  for (let length = 256; length < text.length; length *= 2) {
    const words = plainWords(text.slice(0, length));
    // More words than asked: the first `count` end before the prefix does, so are whole.
    if (words.length > count) return words.slice(0, count);
  }
  return plainWords(text).slice(0, count);
}

function readForeignDescription(description: string): string | undefined {
  const first = firstWords(description, 4);
  for (const word of first) {
    const what = FOREIGN_PERSON_ID_TERMS[word];
    if (what !== undefined && Object.prototype.hasOwnProperty.call(FOREIGN_PERSON_ID_TERMS, word) && word.length >= 8)
      return what;
  }
  return DESCRIBED_ENGLISH.test(description) && !ALTERNATIVE.test(textBefore(description, /[.\n]/))
    ? ENGLISH_PERSON_ID
    : undefined;
}

/**
 * What the values or the pattern of a field say it is, when another country's identifier: values
 * that pass that country's check digits, or (`byPattern`, for a short form such as `fnr` only) a
 * pattern of its shape that rejects ten digits. A `nationalId` whose pattern is twelve digits is
 * a kennitala written wrong (the design guide's own example has one), not a Swedish number.
 */
function foreignShape(layers: SchemaLayer[], values: readonly unknown[], byPattern: boolean): string | undefined {
  const texts = values.filter((value): value is string => typeof value === 'string').map((value) => value.trim());
  if (texts.length > 0 && texts.length === values.length) {
    for (const [test, what] of FOREIGN_SHAPES) if (texts.every(test)) return what;
  }
  if (!byPattern) return undefined;
  const pattern = layerKeyword(layers, 'pattern')?.value;
  const regex = typeof pattern === 'string' ? compilePattern(pattern) : undefined;
  if (!regex || regex.test('0101302989')) return undefined;
  return FOREIGN_PATTERN_SAMPLES.find(([sample]) => regex.test(sample))?.[1];
}

/**
 * A description that says what the field is: a national identifier, in its first words (and not
 * "kennitala or date of birth"); also as the second of two names for it after a slash
 * ("Performing Organization id/nationalID", issue 37).
 */
const DESCRIPTION =
  /^\s*(?:(?:the|a|an)\s+)?(?:[\p{L}'’]+\s+){0,2}?(?:[\p{L}'’]+\s*\/\s*)?(?:kennitala|kennitölu|kennitölur|national\s*id(?:entifier|entification\s+number)?s?|social\s+security\s+numbers?|ssn)\b/iu;
const ALTERNATIVE = /\b(?:or|eða)\b/iu;

/** A person's identifier named in a description: the English names, the kennitala, other countries' terms. */
const PERSON_ID_TERM =
  '(?:ssn|social\\s+security\\s+(?:number|no)|national\\s+id(?:entifier|entification\\s+number)?|personal\\s+(?:identity\\s+|identification\\s+|id\\s+)?(?:number|code)|kennitala|kennit\\p{L}lu|f\\p{L}dselsnummer|personnummer|burgerservicenummer|bsn|cpr(?:-?nummer|\\s+number)?|henkil\\p{L}tunnus|isikukood)';
/** An organisation's identifier named in a description (Norway's, Sweden's, the Netherlands', a company's). */
const ORGANISATION_ID_TERM =
  '(?:organi[sz]ation(?:al)?\\s+(?:number|no|nr|id(?:entifier)?)|org\\.?\\s*(?:nr|no|number)|organisasjonsnummer|organisationsnummer|company\\s+(?:registration\\s+)?(?:number|id)|business\\s+id|enterprise\\s+number|kvk[-\\s]?nummer|rsin)';
const OR = '\\s+(?:or|eller|eða)\\s+(?:(?:a|an|the)\\s+)?(?:[\\p{L}\\-]+\\s+){0,2}?';
/** "organization number or SSN", "SSN or organisation number", "fødselsnummer eller organisasjonsnummer". */
const PERSON_OR_ORGANISATION = new RegExp(
  `\\b(?:${PERSON_ID_TERM}${OR}${ORGANISATION_ID_TERM}|${ORGANISATION_ID_TERM}${OR}${PERSON_ID_TERM})\\b`,
  'iu',
);
/** A country a description names before the identifier, in English or its own language: the identifier is that country's. */
const COUNTRY_WORDS =
  /\b(norwegian|norsk|swedish|svensk|danish|dansk|finnish|suomalainen|estonian|eesti|dutch|nederlandse?|german|deutsche?)\b/iu;

/**
 * A description whose first sentence says the field holds a person's identifier or an
 * organisation's ("Norwegian organization number or SSN of CoveredBy"; issue 37, tenth outside
 * measurement I1): it may hold a person's, so it is personal data, named `nationalId` as the
 * kennitala, which numbers persons and organisations alike, is. What it is, when not a kennitala:
 * the country the sentence names, or undefined (then the field's values decide).
 */
const personOrOrganisation = rememberedPerText((description: unknown): { country?: string } | undefined => {
  if (typeof description !== 'string') return undefined;
  const sentence = textBefore(description, /[.\n]/);
  const match = PERSON_OR_ORGANISATION.exec(sentence);
  if (!match) return undefined;
  const country = COUNTRY_WORDS.exec(sentence.slice(0, match.index + match[0].length))?.[1];
  return country === undefined ? {} : { country: country.toLowerCase() };
});

/** The country of `COUNTRY_WORDS` as the finding names it. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  norwegian: 'Norwegian',
  norsk: 'Norwegian',
  swedish: 'Swedish',
  svensk: 'Swedish',
  danish: 'Danish',
  dansk: 'Danish',
  finnish: 'Finnish',
  suomalainen: 'Finnish',
  estonian: 'Estonian',
  eesti: 'Estonian',
  dutch: 'Dutch',
  nederlands: 'Dutch',
  nederlandse: 'Dutch',
  german: 'German',
  deutsch: 'German',
  deutsche: 'German',
};

export const describesNationalId = rememberedPerText(
  (description: unknown): boolean =>
    typeof description === 'string' &&
    DESCRIPTION.test(description) &&
    !ALTERNATIVE.test(textBefore(description, /[.\n]/)),
);

/**
 * Ten digits (as text, or a number of nine or ten digits that lost its leading zero) that read as
 * a kennitala: a day (01–31, or 41–71 for a company), a month, and the right check digit.
 */
export function isCheckedNationalIdValue(value: unknown): boolean {
  const text =
    typeof value === 'number' && Number.isInteger(value) && String(value).length >= 9
      ? String(value).padStart(10, '0')
      : value;
  if (typeof text !== 'string' || !hasValidCheckDigit(text)) return false;
  const day = Number(text.slice(0, 2));
  const month = Number(text.slice(2, 4));
  return ((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) && month >= 1 && month <= 12;
}

/** Formats of standard values a kennitala never is (dates, addresses, UUIDs, binary data). */
const NOT_AN_IDENTIFIER_FORMAT =
  /^(?:date|date-time|time|duration|email|idn-email|hostname|idn-hostname|ipv4|ipv6|uri|uri-reference|iri|url|uuid|byte|binary|password)$/i;
/** An example of a date or moment (`2020-01-01`, `2020-01-01T12:00:00Z`, `01.02.2020`). */
const DATE_VALUE = /^(?:\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}[./]\d{1,2}[./]\d{4})$/;

/** Whether the schema's own format or examples say it holds some other kind of value. */
function declaresOtherValue(layers: SchemaLayer[]): boolean {
  const format = layerKeyword(layers, 'format');
  if (format && typeof format.value === 'string' && NOT_AN_IDENTIFIER_FORMAT.test(format.value)) return true;
  const values = layers.flatMap((layer) => schemaValueList(layer.schema));
  return values.length > 0 && values.every((value) => typeof value === 'string' && DATE_VALUE.test(value.trim()));
}

function declaredTypes(layers: SchemaLayer[]): string[] {
  return layerTypes(layers);
}

/**
 * Names the document itself says hold a national identifier: a property or parameter whose own
 * description reads "SSN/Kennitala" or whose examples are valid kennitölur. Another field of the
 * same name elsewhere (`idNumber` with no description) is then an identifier too: the document
 * uses the name in one meaning. Computed once per document and vocabulary (a name an alias
 * recognises is not among them, so the set depends on the aliases).
 */
const documentNamesCache = new WeakMap<object, WeakMap<Vocabulary, Set<string>>>();
function documentNationalIdNames(document: Document, vocabulary: Vocabulary): Set<string> {
  let byVocabulary = documentNamesCache.get(document);
  if (!byVocabulary) documentNamesCache.set(document, (byVocabulary = new WeakMap()));
  let names = byVocabulary.get(vocabulary);
  if (names) return names;
  names = new Set<string>();
  byVocabulary.set(vocabulary, names);
  const direct = (name: string, schema: unknown, path: JsonPath, holder?: JsonObject) => {
    const found = recogniseNationalId(document, vocabulary, name, schema, path, holder, false);
    // Another country's identifier says nothing of a kennitala of the same name elsewhere (`id`
    // typed `personnummer` beside an `id` typed as an organisation's number).
    if (found && found.foreign === undefined && (found.by === 'description' || found.by === 'value')) names.add(name);
  };
  for (const node of properties(document))
    if (isObject(node.schema)) direct(node.name, node.schema, node.path, node.schema);
  for (const { parameter, path } of parameters(document)) {
    if (typeof parameter.name === 'string' && parameter.schema !== undefined)
      direct(parameter.name, parameter.schema, [...path, 'schema'], parameter);
  }
  return names;
}

/**
 * A plural name on a schema that is no list (`holdernationalids: string`, `kennitolur: string`): text
 * that holds several identifiers has no ten-digit form of its own; it is a list of them (issue 37).
 */
export function holdsSeveralInText(found: Pick<NationalIdHolder, 'plural' | 'path'>): boolean {
  return found.plural && found.path.at(-1) !== 'items';
}

/**
 * What `name` with `schema` (at `path`) holds, given the parameter or property object `holder`
 * whose description and examples also count; undefined when it is not a national identifier.
 */
export function recogniseNationalId(
  document: Document,
  vocabulary: Vocabulary,
  name: string,
  schema: unknown,
  path: JsonPath,
  holder?: JsonObject,
  byDocument = true,
): NationalIdHolder | undefined {
  const layers = schemaLayers(document, schema, path);
  let types = declaredTypes(layers);
  let itemSchema: unknown = schema;
  let itemPath = path;
  let itemLayers = layers;
  const list = types.includes('array');
  if (list) {
    const items = layerKeyword(layers, 'items');
    if (!items || !isObject(items.value)) return undefined;
    itemSchema = items.value;
    itemPath = items.path;
    itemLayers = schemaLayers(document, items.value, items.path);
    types = declaredTypes(itemLayers);
  }
  // Only text or a number can be an identifier (a number is then reported as the wrong type).
  if (types.length > 0 && !types.some((type) => type === 'string' || type === 'integer' || type === 'number'))
    return undefined;
  const result = (by: NationalIdHolder['by'], plural: boolean): NationalIdHolder => ({
    by,
    plural,
    schema: itemSchema,
    path: itemPath,
  });
  // Another country's identifier of a person, by a term of its own (`fodselsnummer`, `isikukood`), by
  // a description that names one, or by values of its shape under a name that does not say
  // (`fnr: '01017012345'`): a person's national identifier, not ten digits.
  // Read only when a name or description asks for the values' shape (few fields do).
  const foreignValues = () =>
    [...itemLayers.flatMap((layer) => schemaValueList(layer.schema)), ...(holder ? [holder.example] : [])].filter(
      (value) => value !== undefined && value !== null,
    );
  const term = foreignTermOf(name);
  const shape = (byPattern: boolean) => foreignShape(itemLayers, foreignValues(), byPattern);
  const described = () =>
    [holder?.description, ...layers.map((layer) => layer.schema.description)]
      .map(describedForeign)
      .find((what) => what !== undefined);
  // A person's identifier or an organisation's, by the description ("Norwegian organization number
  // or SSN"): personal data; whose it is, from the name's own words (`CoveredBy` → `coveredBy`), less
  // the words that only say it is an identifier; another country's when the sentence names one or
  // the values are no kennitölur (a kennitala numbers persons and organisations alike).
  const eitherKind = (): Pick<NationalIdHolder, 'orOrganisation' | 'prefix' | 'foreign'> | undefined => {
    const found = [holder?.description, ...layers.map((layer) => layer.schema.description)]
      .map(personOrOrganisation)
      .find((read) => read !== undefined);
    if (!found) return undefined;
    const words = nameWords(name);
    const prefix = words.length > 1 && VALUE_WORDS.includes(words.at(-1) ?? '') ? words.slice(0, -1) : [...words];
    const values = [
      ...itemLayers.flatMap((layer) => schemaValueList(layer.schema)),
      ...(holder ? [holder.example, holder.default] : []),
    ].filter((value) => value !== undefined && value !== null);
    const country = found.country === undefined ? undefined : COUNTRY_NAMES[found.country];
    const foreign =
      country !== undefined
        ? `a ${country} organisation number or a person's identifier`
        : values.length > 0 && !values.every(isCheckedNationalIdValue)
          ? "an organisation's number or a person's identifier, of no country the description says"
          : undefined;
    return { orOrganisation: true, prefix, ...(foreign === undefined ? {} : { foreign }) };
  };
  if (term && !term.short && !declaresOtherValue(itemLayers))
    return { ...result('alias', list), foreign: term.what, prefix: term.prefix };
  if (term?.short) {
    const what = shape(true);
    if (what !== undefined) return { ...result('value', list), foreign: what, prefix: term.prefix };
  }
  if (isNationalIdName(name) || (list && /^([a-z][a-zA-Z0-9]*N|n)ationalIds$/.test(name))) {
    // Typed by a sibling too (`{ nationalId, type: personnummer }`, as the fix of `id` writes it).
    const foreign = described() ?? shape(false) ?? siblingScheme(document, name, path);
    if (foreign !== undefined) return { ...result('name', list), foreign };
    // Renamed as platform-national-id-name asks (`coveredByNationalId`), still another country's.
    const either = eitherKind();
    if (either?.foreign !== undefined) return { ...result('name', list), foreign: either.foreign };
  }
  if (isNationalIdName(name)) return result('name', list);
  // A list named as the platform's plural (`nationalIds`, `spouseNationalIds`): its items are
  // identifiers, checked like one (a list of numbers is then reported as the wrong type).
  if (list && /^([a-z][a-zA-Z0-9]*N|n)ationalIds$/.test(name)) return result('name', true);
  if (/^([a-z][a-zA-Z0-9]*N|n)ationalIds$/.test(name)) return undefined;
  // The declared format and the field's own examples outrank words: a `format: date-time` field or
  // one whose examples are dates is not an identifier because its description (often copied) or its
  // name says so, and a suggested ten-digit pattern would make every value of it invalid (issue 37).
  if (declaresOtherValue(itemLayers)) return undefined;
  const alias = matchNationalIdAlias(name, vocabulary);
  if (alias) return result('alias', list || alias.plural);
  // A person's identity number named in English (`personalIdentityNumber`): kennitölur when its values
  // are, otherwise an identifier of some country's scheme, not held to ten digits.
  const english = englishPersonTerm(nameWords(name));
  if (english !== undefined) {
    const given = [...itemLayers.flatMap((layer) => schemaValueList(layer.schema))];
    if (given.length > 0 && given.every(isCheckedNationalIdValue)) return result('value', list);
    return { ...result('alias', list), foreign: shape(false) ?? ENGLISH_PERSON_ID, prefix: english };
  }
  // A field named only as an identifier or a code (`recipient_id_code`) whose every value passes
  // another country's check of a person's number (an isikukood's birth date and check digit): that
  // country's identifier of a person, named by what it is (issue 37, o37r11 I1).
  const words = nameWords(name);
  const idAt = words.findIndex((word) => IDENTIFIER_WORDS.has(word));
  if (idAt >= 0) {
    const what = foreignShape(itemLayers, foreignValues(), false);
    if (what !== undefined) return { ...result('value', list), foreign: what, prefix: words.slice(0, idAt) };
  }
  const scheme = siblingScheme(document, name, path);
  if (scheme !== undefined) return { ...result('description', list), foreign: scheme };
  const descriptions = [holder?.description, ...layers.map((layer) => layer.schema.description)];
  const foreignDescribed = described();
  if (foreignDescribed !== undefined) return { ...result('description', list), foreign: foreignDescribed };
  if (descriptions.some(describesNationalId)) return result('description', list);
  const either = eitherKind();
  if (either) return { ...result('description', list), ...either };
  const given = [
    ...itemLayers.flatMap((layer) => schemaValueList(layer.schema)),
    ...(holder ? [holder.example, holder.default] : []),
  ].filter((value) => value !== undefined && value !== null);
  const flat = given.flatMap((value) => (isArray(value) ? value : [value]));
  if (flat.length > 0 && flat.every(isCheckedNationalIdValue) && !/date|time|phone|amount|count|number$/i.test(name))
    return result('value', list);
  // The same name described as a national identifier elsewhere in the document.
  if (
    byDocument &&
    descriptions.every((description) => typeof description !== 'string' || describesNationalId(description)) &&
    documentNationalIdNames(document, vocabulary).has(name)
  )
    return result('description', list);
  return undefined;
}
