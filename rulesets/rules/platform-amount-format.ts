import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { matchedPerText, rememberedPerText, textBefore } from '../lib/text-memo.js';
import { schemaValueList, schemaValues } from '../lib/openapi/examples.js';
import { within } from '../lib/openapi/pointer.js';
import { layerKeyword, type SchemaLayer, schemaLayers, schemaTypes, layerTypes } from '../lib/openapi/resolve.js';
import { collectProperties } from '../lib/openapi/flatten.js';
import { parameters, properties, type SchemaNode } from '../lib/openapi/views.js';
import { AMOUNT, compilePattern, isAmountPattern, nameWords, STRING_FORMATS } from '../lib/conventions.js';
import { isObject } from '../lib/openapi/types.js';
import { ISO_4217 } from '../lib/iso-codes.js';
import { vendorTypes } from '../lib/openapi/vendor-type.js';
import { COUNT_NOUN_LIST } from '../lib/count-nouns.js';
import { hasCompoundHead } from '../lib/compound-heads.js';
import {
  isAmountName,
  isContextMoneyName,
  isCurrencyName,
  isMoneyStateName,
  describesMoneySum,
  describesMoneyNounPhrase,
  isPossessionSumName,
  describesRate,
  isIcelandicMoneyDescription,
  isIcelandicMoneyNumberName,
  isIcelandicMoneyTextName,
  isMoneyNounName,
  moneyHeadName,
  isShortCompoundMoneyName,
  MONEY_WORDS,
  COLLECTION_PAGE_MEMBERS,
} from '../lib/vocabulary.js';

const PATTERN = "pattern: '^[0-9]+(\\.[0-9]+)?$'";

/**
 * String formats that say what a text is, and it is no sum of money: a link (`payment: { type:
 * string, format: uri }`, the address to pay at), an address, an identifier, a moment or span, bytes.
 */
const NOT_AN_AMOUNT_FORMATS = new Set([...STRING_FORMATS, 'url', 'guid']);

/**
 * True when an object's members are links by relation (`links: { self, payment }`, HAL's `_links`,
 * a component `PenaltyLinks`): the schema that holds them, or the list it is the items of, is named
 * with `links` last. A `payment` there is where to pay, not what. A singular `link` is no such
 * object: Stripe's `payment_link` is a resource that has amounts of its own.
 */
function isLinkContainer(container: SchemaNode | undefined): boolean {
  let current = container;
  // Through the list (`links: [{ rel, href }]`) and composition branches to the named schema.
  while (current && current.name === undefined && current.parent) current = current.parent;
  const last = current?.name === undefined ? undefined : nameWords(current.name).at(-1);
  return last === 'links';
}

/** The object that holds a property: through `allOf` branches up to the schema that combines them. */
function holder(node: SchemaNode): SchemaNode | undefined {
  let current = node.parent;
  while (current && current.role === 'allOf' && current.parent) current = current.parent;
  return current;
}

/** An opaque identifier as an example shows one: a prefixed key of letters and digits (`price_1MoBy5`, not `ISK-1500`) or a UUID. */
const ID_VALUE =
  /^(?:[A-Za-z]+[_-](?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{6,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** A description that measures the field in a unit of data, not money (`space_amount`: "available space in bytes"). */
const DATA_UNIT_DESCRIPTION = matchedPerText(/\b(?:bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?|[KMGT]i?B)\b/);
/** A description that says the field holds an identifier (`The ID of the price object.`). */
const ID_DESCRIPTION = /\b(?:ID|Id|identifier|auðkenni|audkenni)\b/;

/**
 * True when a money-named string is a reference to a money object rather than a sum of money:
 * its description says it is an identifier, its examples are opaque keys, its pattern is a
 * prefixed key's that accepts no number, or the object beside it spells the money out under a longer name
 * (`price` beside `price_data: { currency, unit_amount }`).
 */
function isReference(name: string, layers: SchemaLayer[], siblings: Siblings): boolean {
  for (const layer of layers) {
    if (typeof layer.schema.description === 'string' && ID_DESCRIPTION.test(layer.schema.description)) return true;
    const values = schemaValueList(layer.schema).filter((value) => value !== null);
    if (values.length > 0 && values.every((value) => typeof value === 'string' && ID_VALUE.test(value))) return true;
    if (typeof layer.schema.pattern === 'string') {
      const regex = compilePattern(layer.schema.pattern);
      // An opaque key's pattern starts with its type prefix (`^price_[A-Za-z0-9]+$`) and accepts no number.
      if (
        regex &&
        /^\^?[A-Za-z]{2,}[_-]/.test(layer.schema.pattern) &&
        !['0', '100', '1500.50'].some((sample) => regex.test(sample))
      )
        return true;
    }
  }
  return siblings.objectPrefixes().has(nameWords(name).join(' '));
}

/**
 * What the amount checks ask of the members of one object, found once per object: asked of every
 * amount among them in turn, a schema of many amounts took time quadratic in its size (issue 34, B5).
 */
interface Siblings {
  /** Some member is a currency field. */
  readonly currency: boolean;
  /** Members whose last word is a unit (`unit`, `doseUnit`, `eining`) or that read `unit of measure…`. */
  readonly units: readonly string[];
  /** Some member is the unit of an amount (`amountRemainingUnit`). */
  readonly amountUnit: boolean;
  /** The word lists (joined by spaces) that begin the name of an object member and are shorter than it. */
  objectPrefixes(): ReadonlySet<string>;
  /** How many members are sums of money by name and type (`principal: number`, `expenses`, `feeAmount`). */
  moneyMembers(): number;
  /** How many members are numbers that no recogniser takes for money, even in context (`periodOfLoan`, `yearBought`). */
  otherNumbers(): number;
  /** How many members the object has. */
  readonly size: number;
  /** The object is a page of a collection: a list beside a page member (`next`, `previous`, `offset`, `hasMore`). */
  pageEnvelope(): boolean;
}

/** Currencies common enough that one of them alone, as a sibling's example, says the sibling is a currency. */
const COMMON_CURRENCIES = new Set(['ISK', 'EUR', 'USD', 'GBP', 'DKK', 'NOK', 'SEK', 'CHF', 'JPY', 'PLN']);
/** Words of a name for a code of three capitals that is not a currency: a country (ISO 3166 alpha-3), a language, an airport, a station. */
const NOT_CURRENCY_CODE_WORDS =
  /^(?:country|countries|land|lands|nation|nationality|language|languages|lang|locale|airport|airports|station|stations|port|iata|icao|tungumal|flugvollur)$/;
/** Patterns of three capitals a currency code is written with: accepts every ISO 4217 code tried, nothing else. */
const CURRENCY_CODE_SAMPLES = { accept: ['ISK', 'EUR', 'USD'], reject: ['IS', 'ISKR', 'isk', '123', 'IS1'] };

/**
 * A member whose schema says it is a currency code, whatever its name (`myntKodi` beside `voruverd`;
 * issue 37, o37r8 W2): text whose values (enum, example, default) are all ISO 4217 codes (two or more,
 * or one common currency: `ISK`), or whose pattern admits exactly three capitals (`^[A-Z]{3}$`) and
 * whose values, if any, are codes too, when its name is not a country's, a language's or an airport's.
 */
function isCurrencyCodeShaped(document: Parameters<typeof schemaLayers>[0], name: string, member: Member): boolean {
  const layers = schemaLayers(document, member.schema, member.path);
  const types = layerTypes(layers).filter((type) => type !== 'null');
  if (types.some((type) => type !== 'string') || layerKeyword(layers, 'properties') || layerKeyword(layers, 'items'))
    return false;
  if (nameWords(name).some((word) => NOT_CURRENCY_CODE_WORDS.test(word))) return false;
  const values = [
    ...new Set(layers.flatMap((layer) => schemaValueList(layer.schema).filter((value) => value !== null))),
  ];
  const codes = values.filter((value): value is string => typeof value === 'string' && ISO_4217.has(value));
  if (codes.length < values.length) return false;
  if (codes.length >= 2 || (codes.length === 1 && COMMON_CURRENCIES.has(codes[0] ?? ''))) return true;
  const pattern = layerKeyword(layers, 'pattern')?.value;
  const regex = typeof pattern === 'string' ? compilePattern(pattern) : undefined;
  return (
    regex !== undefined &&
    CURRENCY_CODE_SAMPLES.accept.every((sample) => regex.test(sample)) &&
    !CURRENCY_CODE_SAMPLES.reject.some((sample) => regex.test(sample))
  );
}

type Member = { schema: unknown; path: JsonPath };

/**
 * The members of one object, asked lazily: most objects hold no field named for money, and for
 * them neither the members are collected nor any member's schema read (on Stripe every object was,
 * for every currency and unit check, ~0.1 s of CPU). Each answer is computed once, when first asked.
 */
function siblingsOf(
  document: Parameters<typeof schemaLayers>[0],
  collect: () => Map<string, { schema: unknown; path: JsonPath }>,
): Siblings {
  let members: Map<string, { schema: unknown; path: JsonPath }> | undefined;
  const all = () => (members ??= collect());
  let currency: boolean | undefined;
  let units: string[] | undefined;
  let amountUnit: boolean | undefined;
  let prefixes: Set<string> | undefined;
  let money: number | undefined;
  let other: number | undefined;
  let page: boolean | undefined;
  return {
    get size() {
      return all().size;
    },
    // A currency field by name (`currency`, `myntKodi`) or by shape (ISO 4217 codes, `^[A-Z]{3}$`).
    get currency() {
      currency ??= [...all()].some(
        ([sibling, member]) => isCurrencyName(sibling) || isCurrencyCodeShaped(document, sibling, member),
      );
      return currency;
    },
    // A unit of measure is a value (`unit: mg`, a code or a word); a list or an object named
    // `units` (a lease's apartment units) is a collection of things, no unit an amount is in.
    get units() {
      units ??= [...all()]
        .filter(([sibling, member]) => {
          const words = nameWords(sibling);
          if (!(UNIT_WORDS.test(words.at(-1) ?? '') || /^unit of measure/.test(words.join(' ')))) return false;
          const layers = schemaLayers(document, member.schema, member.path);
          const types = layerTypes(layers);
          // A number of units (`units: number`, "Unit Amount" beside `unitPrice` and `grossAmount`) counts
          // what was sold; it names no unit the sums are measured in (issue 37, eleventh outside measurement, M1).
          return !(
            types.includes('number') ||
            types.includes('integer') ||
            types.includes('array') ||
            types.includes('object') ||
            layerKeyword(layers, 'properties') ||
            layerKeyword(layers, 'items')
          );
        })
        .map(([sibling]) => sibling);
      return units;
    },
    get amountUnit() {
      amountUnit ??= [...all().keys()].some((sibling) => {
        const words = nameWords(sibling);
        return (
          words.length >= 2 &&
          /^units?$/.test(words.at(-1) ?? '') &&
          words.slice(0, -1).some((word) => word === 'amount' || word === 'amounts')
        );
      });
      return amountUnit;
    },
    objectPrefixes() {
      if (prefixes) return prefixes;
      prefixes = new Set();
      for (const [sibling, member] of all()) {
        const value = schemaLayers(document, member.schema, member.path).at(-1)?.schema;
        if (!isObject(value) || !(schemaTypes(value).includes('object') || value.properties !== undefined)) continue;
        const words = nameWords(sibling);
        for (let length = 0; length < words.length; length++) prefixes.add(words.slice(0, length).join(' '));
      }
      return prefixes;
    },
    moneyMembers() {
      // A member named for money that is a number or text of digits: a `principal` that is text
      // (a security principal) or a flag (`hasAlimony`) is no sum.
      money ??= [...all()].filter(
        ([sibling, member]) =>
          (isAmountName(sibling) || isMoneyNounName(sibling)) &&
          isNumeric(schemaLayers(document, member.schema, member.path)),
      ).length;
      return money;
    },
    pageEnvelope() {
      page ??=
        [...all()].some(([, member]) =>
          layerTypes(schemaLayers(document, member.schema, member.path)).includes('array'),
        ) && [...all().keys()].some((sibling) => PAGE_NAVIGATION.has(sibling));
      return page;
    },
    otherNumbers() {
      other ??= [...all()].filter(
        ([sibling, member]) =>
          !isAmountName(sibling) &&
          !isMoneyNounName(sibling) &&
          !isMoneyStateName(sibling) &&
          !isContextMoneyName(sibling) &&
          !isSumName(sibling) &&
          isNumeric(schemaLayers(document, member.schema, member.path)),
      ).length;
      return other;
    },
  };
}

const NO_SIBLINGS: Siblings = {
  currency: false,
  units: [],
  amountUnit: false,
  objectPrefixes: () => new Set(),
  moneyMembers: () => 0,
  otherNumbers: () => 0,
  size: 0,
  pageEnvelope: () => false,
};

/**
 * Members of a page of a collection that say where the page is (COLLECTION_PAGE_MEMBERS without the
 * counts, which are what is asked): beside them and a list, a `total` counts the list's items.
 */
const PAGE_NAVIGATION = new Set(
  COLLECTION_PAGE_MEMBERS.filter((member) => !/^(?:total|count|totalCount|meta|links)$/.test(member)),
);

/**
 * A description that says the field is a sum of money, whatever its name (`paid`: "Amount paid of
 * the invoice", issue 37): it begins with a money noun said of a payment (amount paid, due, owed,
 * charged, refunded; a price, fee or cost; Icelandic upphæð, fjárhæð, verð, gjald), or names a
 * currency the sum is in ("in ISK", "í krónum"). "Amount of storage" or "number of payments" is not.
 */
const MONEY_DESCRIPTION =
  /^(?:the\s+)?(?:(?:total|minimum|maximum|min|max)\s+)?(?:amount\s+(?:paid|due|owed|charged|payable|refunded|to\s+pay|in\s+(?:ISK|EUR|USD|GBP|DKK|NOK|SEK|kr[oó]nu[mr]?))|(?:price|fee|cost)\b(?!\s+(?:id|identifier|type|code|list|category)\b)|(?:upph[æa]e?[ðd]|fj[áa]rh[æa]e?[ðd]|ver[ðd]|gjald)(?!\p{L}))/iu;

let countNouns: ReadonlySet<string> | undefined;
/** Whether a word is an English count noun (wink-lexicon, count-nouns.ts): a noun that can head a compound. */
function isCountNoun(word: string): boolean {
  countNouns ??= new Set(COUNT_NOUN_LIST.split(' ').map((pair) => pair.split(':')[0] ?? ''));
  return countNouns.has(word);
}

/**
 * MONEY_DESCRIPTION, read as a noun phrase: a money noun followed by another noun is only that
 * noun's modifier ("The fee rate calculated …" is a rate, "The price list" a list; issue 37,
 * seventh outside measurement A), unless the noun after it is a sum or a money noun itself
 * ("The fee amount", "The minimum fee discount").
 */
function describesMoneyPhrase(description: string): boolean {
  const match = MONEY_DESCRIPTION.exec(description);
  if (!match) return false;
  const next = /^\s+([A-Za-z]+)/.exec(description.slice(match[0].length))?.[1]?.toLowerCase();
  if (next === undefined || !isCountNoun(next)) return true;
  return MONEY_WORDS.includes(next) || isMoneyNounName(next) || isContextMoneyName(next) || isSumName(next);
}

/**
 * A description that says the field counts things ("Indicates the number of payments remaining",
 * "How many instalments …"): a count of payments is no sum of money, whatever its name says
 * (`paymentsRemaining`; issue 37, seventh outside measurement A). Not when a sum comes first
 * ("The amount, in number of cents") or a currency is named.
 */
const describesCount = rememberedPerText((description: unknown): boolean => {
  if (typeof description !== 'string') return false;
  const sentence = textBefore(description, /[.;:\n]/).toLowerCase();
  const at = sentence.search(/\b(?:number\s+of|count\s+of|how\s+many|fj[öo]ldi)\b/u);
  if (at === -1) return false;
  if (/\b(?:amount|sum|total|value|price|upph\p{L}*)\b/u.test(sentence.slice(0, at))) return false;
  return !/[$€£]|\b(?:isk|eur|usd|gbp|dkk|nok|sek|aud|kr|cents?|currency|kr[oó]n\p{L}*)\b/u.test(sentence);
});

/** Words a vendor's data type uses for a kind of value that is no sum: a rate, a share, a moment, a span. */
const NOT_A_SUM_KINDS = new Set([
  'rate',
  'ratio',
  'percent',
  'percentage',
  'date',
  'datetime',
  'time',
  'timestamp',
  'duration',
]);

/**
 * What a vendor extension types the field as (`x-cds-type: AmountString` beside `type: string`):
 * `money` when the type's name has a money word, `other` when it names a rate, a share or a moment
 * (`RateString`, `DateTimeString`), undefined when there is none or it says neither (`ExternalRef`).
 */
function vendorKind(holders: readonly unknown[]): 'money' | 'other' | undefined {
  const types = vendorTypes(holders);
  if (types.some(({ words }) => words.some((word) => MONEY_WORDS.includes(word) || isMoneyNounName(word))))
    return 'money';
  if (types.some(({ words }) => words.some((word) => NOT_A_SUM_KINDS.has(word)))) return 'other';
  return undefined;
}

/**
 * True when the object measures its amounts in units, not money: no currency field beside them, and a
 * unit field of an amount (`amountRemainingUnit` beside `amountRemaining` and `totalPrescribedAmount`,
 * a medicine's quantities) — a sum of money has a currency, not a unit.
 */
function isQuantityContext(siblings: Siblings, name: string): boolean {
  if (siblings.currency) return false;
  // `amount` is the one money word that is as often a quantity (issue 37: `dispensedAmount` of a
  // medicine): beside any unit field (`unit`, `doseUnit`, `unitOfMeasure`, Icelandic `eining`) and
  // no currency, an amount is measured in that unit.
  const ambiguous = nameWords(name).some((word) => word === 'amount' || word === 'amounts');
  return siblings.amountUnit || (ambiguous && siblings.units.some((sibling) => sibling !== name));
}

/** Last words of a field that names a unit of measure (English and Icelandic `eining`, accents dropped). */
const UNIT_WORDS = /^(?:units?|uom|eining|einingar|einingu)$/;

/**
 * A description that measures an `amount` in a unit of mass, volume or count (`Dispensed amount in
 * mg`, `Magn í kílóum`), and names no money: a quantity, not a sum (issue 37).
 */
const QUANTITY_UNIT_DESCRIPTION =
  /(?:^|[^\p{L}])(?:mg|µg|mcg|kg|ml|grams?|kilograms?|milligrams?|litres?|liters?|millilitres?|milliliters?|tablets?|pills?|capsules?|doses?|pieces?|packs?|packages?|kíló\p{L}*|kilo\p{L}*|lítr\p{L}*|grömm\p{L}*|gr[oö]mm\p{L}*|töfl\p{L}*|skammt\p{L}*|stykk\p{L}*|stk|pakkning\p{L}*)(?:[^\p{L}]|$)/iu;
const MONEY_IN_TEXT =
  /[$€£]|(?:^|[^\p{L}])(?:ISK|EUR|USD|GBP|DKK|NOK|SEK|kr|krón\p{L}*|kron\p{L}*|currency|price|cost|fee|paid|pay|payment|verð|gjald\p{L}*|greiðsl\p{L}*|money|sum)(?:[^\p{L}]|$)/iu;

function isQuantityDescription(name: string, schema: unknown): boolean {
  if (!nameWords(name).some((word) => word === 'amount' || word === 'amounts')) return false;
  const description = isObject(schema) ? schema.description : undefined;
  return (
    typeof description === 'string' && QUANTITY_UNIT_DESCRIPTION.test(description) && !MONEY_IN_TEXT.test(description)
  );
}

/** A description that says a parameter counts things (`Number of identifiers to return`, `fjöldi`). */
const COUNT_DESCRIPTION = /\b(?:number\s+of|how\s+many|count\s+of|fj[öo]ld[ia])\b/iu;

/**
 * True when an amount-named query parameter is a count of items to return, not a sum: an integer
 * with a count-like description, or an integer with a default (`?amount=` default 10, how many to
 * generate) — a page size has a default, a sum of money to filter by does not.
 */
function isCountParameter(parameter: Record<string, unknown>, types: string[]): boolean {
  if (!types.includes('integer')) return false;
  const schema = isObject(parameter.schema) ? parameter.schema : {};
  const description = typeof parameter.description === 'string' ? parameter.description : schema.description;
  if (typeof description === 'string') return COUNT_DESCRIPTION.test(description);
  return schema.default !== undefined;
}

/**
 * Names that say a number is a sum, of whatever: `value`, `total`, `subtotal`, `grandTotal`,
 * `netValue`, and the German and Nordic compounds headed by a value or a sum (`Budgetwert`,
 * `Gesamtsumme`, `verdi`: rulesets/lib/compound-heads.ts).
 */
function isSumName(name: string): boolean {
  const words = nameWords(name);
  return ['value', 'total', 'subtotal', 'sum'].includes(words.at(-1) ?? '') || hasCompoundHead(words, 'sum');
}

/**
 * A description that gives the currency a number is in, as its unit: a euro or pound sign, or a
 * currency code or name after "in" (German, English), "i"/"på" (Nordic) or in brackets ("in €",
 * "Betrag in EUR", "(NOK)", "i kroner"; issue 37, ninth outside measurement). Not an exchange rate
 * or a share (`describesRate`), nor a count ("Number of payments in EUR").
 */
const CURRENCY_UNIT =
  /[€£]|(?:^|[^\p{L}])(?:in|i|på|en)\s+(?:\$|EUR|ISK|NOK|SEK|DKK|USD|GBP|CHF|Euro|euro|kr\.?|kron(?:or|er|en|ur)|krón(?:ur|um))(?:[^\p{L}]|$)|\((?:EUR|ISK|NOK|SEK|DKK|USD|GBP|CHF|kr\.?)\)/u;
/** The members of a range: its bounds. */
const RANGE_BOUNDS = ['from', 'to', 'min', 'max', 'minimum', 'maximum', 'lower', 'upper', 'von', 'bis'];

/** An object (a range) named for money (`donationEuro`, `priceRange`) or described in a currency. */
function isMoneyRange(container: SchemaNode | undefined): boolean {
  if (!container) return false;
  const description = isObject(container.schema) ? container.schema.description : undefined;
  if (describesCurrencyUnit(description)) return true;
  if (container.name === undefined) return false;
  const words = nameWords(container.name);
  // `…Range`, `…Interval`: the range's own word after what it is of.
  const of = ['range', 'interval', 'span', 'bracket'].includes(words.at(-1) ?? '') ? words.slice(0, -1) : words;
  return of.length > 0 && isAmountName(of.join(' '));
}

const describesCurrencyUnit = rememberedPerText(
  (description: unknown): boolean =>
    typeof description === 'string' &&
    CURRENCY_UNIT.test(description) &&
    !describesRate(description) &&
    !describesCount(description),
);

/** A number, or text whose pattern is the amount form. */
function isNumeric(layers: SchemaLayer[]): boolean {
  const types = layerTypes(layers);
  const pattern = layerKeyword(layers, 'pattern')?.value;
  return (
    types.includes('number') ||
    types.includes('integer') ||
    (types.includes('string') && typeof pattern === 'string' && isAmountPattern(pattern))
  );
}

/** A component schema named for money (`VehicleFees`, `AdditionalInformationGjold`). */
function isMoneyObjectName(container: SchemaNode | undefined): boolean {
  const path = container?.path;
  if (!path || path.length !== 3 || path[0] !== 'components' || path[1] !== 'schemas') return false;
  return isAmountName(String(path[2]));
}

/**
 * A field whose description (its own, or its shared schema's: `$ref: unsignedMoney` described
 * "Positive or zero monetary value.") says it is a sum of money: MONEY_DESCRIPTION's phrases, or a
 * sum of a possession or qualified by a money adjective (`describesMoneySum`, WordNet's words).
 */
function isAmountDescription(document: Parameters<typeof schemaLayers>[0], schema: unknown, path: JsonPath): boolean {
  const layers = schemaLayers(document, schema, path);
  const description = layerKeyword(layers, 'description')?.value;
  if (typeof description !== 'string') return false;
  const types = layerTypes(layers);
  // A short noun phrase headed by a money noun ("Outgoing payment" of `netPaid`, "Debt settlement" of
  // `offset`) says a number is a sum; as text it is as often a reference to the payment.
  if (describesMoneyNounPhrase(description) && isNumeric(layers)) return true;
  if (!(describesMoneyPhrase(description.trim()) || describesMoneySum(description))) return false;
  return types.some((t) => t === 'number' || t === 'integer' || t === 'string');
}

export default defineRule({
  id: 'platform-amount-format',
  severity: 'warn',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Amount' },
  description:
    "Amount fields (named by a money word in English or Icelandic: `amount`, `*Amount`, `price`, `fee`, `salary`, `payment`, `upphaed`, `verd`, `gjald`, `laun`, …) are strings of digits with an optional decimal part (`pattern: '^[0-9]+(\\.[0-9]+)?$'`), and the object that holds one also holds a currency field.",
  check(document) {
    const problems: Problem[] = [];
    /** The type, pattern and values of one amount schema; false when it is not an amount field itself (a structure or a list). */
    const checkAmount = (
      name: string,
      schema: unknown,
      ownPath: JsonPath,
      siblings = NO_SIBLINGS,
      outerDescription?: unknown,
    ): boolean => {
      const node = { path: ownPath };
      const layers = schemaLayers(document, schema, ownPath);
      const definition = layers.at(-1);
      if (!definition) return false;
      const type = layerKeyword(layers, 'type');
      const types = schemaTypes(type?.layer.schema);
      // A structured amount (`{ value, currency }`) or a list is not an amount field itself.
      if (
        types.includes('object') ||
        types.includes('array') ||
        layerKeyword(layers, 'properties') ||
        layerKeyword(layers, 'items')
      )
        return false;
      // A flag about money (`hasOneTimePayment`, `doesntHaveToPayLicenseFee`) is not a sum of money.
      if (types.length > 0 && types.every((t) => t === 'boolean' || t === 'null')) return false;
      // A text whose format says what it is (a link, an e-mail address, a UUID, a date) is not a sum.
      const format = layerKeyword(layers, 'format')?.value;
      if (typeof format === 'string' && NOT_AN_AMOUNT_FORMATS.has(format.toLowerCase())) return false;
      // An amount of storage (`space_amount: integer`, "the user's available space in bytes") is not money.
      if (layers.some((layer) => DATA_UNIT_DESCRIPTION(layer.schema.description))) return false;
      // A money-named code or status (`boleto_payments: active | inactive | pending`, a capability's
      // state) is not a sum of money: not one of its enum values holds a digit.
      const listed = layerKeyword(layers, 'enum')?.value;
      if (
        Array.isArray(listed) &&
        listed.some((value) => value !== null) &&
        listed.every((value) => value === null || (typeof value === 'string' && !/[0-9]/.test(value)))
      )
        return false;
      // A string that identifies a price object (`price: price_1MoBy5`) is not a sum of money.
      // A parameter's own description counts as its schema's (`payout`: "… on the specified payout ID.").
      if (
        (types.length === 0 || types.includes('string')) &&
        ((typeof outerDescription === 'string' && ID_DESCRIPTION.test(outerDescription)) ||
          isReference(name, layers, siblings))
      )
        return false;
      const subject = (layer: SchemaLayer) =>
        within(layer.path, node.path)
          ? show(name)
          : `Schema \`${printPath(layer.path)}\` (used for the amount ${show(name)})`;
      if (type && (types.includes('number') || types.includes('integer'))) {
        problems.push({
          message: `${subject(type.layer)} is \`type: ${types.join(', ')}\`; the platform writes amounts as text, digits with an optional decimal part: \`type: string\` with \`${PATTERN}\` (e.g. \`'1500.50'\`), which keeps decimals exact.`,
          path: type.path,
        });
      } else if (type && !types.includes('string')) {
        problems.push({
          message: `${subject(type.layer)} is \`type: ${types.join(', ') || show(type.value)}\`; an amount is \`type: string\` with \`${PATTERN}\`.`,
          path: type.path,
        });
      } else {
        const pattern = layerKeyword(layers, 'pattern');
        if (!type)
          problems.push({
            message: `${subject(definition)} has no \`type\`; an amount is \`type: string\` with \`${PATTERN}\`.`,
            path: definition.path,
          });
        if (!pattern)
          problems.push({
            message: `${subject(definition)} has no \`pattern\`; add \`${PATTERN}\` (digits with an optional decimal part, e.g. \`1500.50\`).`,
            path: definition.path,
          });
        else if (typeof pattern.value !== 'string' || !isAmountPattern(pattern.value)) {
          problems.push({
            message: `${subject(pattern.layer)} has \`pattern: '${String(pattern.value)}'\`, not the platform's amount form; write \`${PATTERN}\`.`,
            path: pattern.path,
          });
        }
        for (const layer of layers) {
          for (const given of schemaValues(layer.schema, layer.path)) {
            if (given.value === null || (typeof given.value === 'string' && AMOUNT.test(given.value))) continue;
            const fix = typeof given.value === 'number' && given.value >= 0 ? `'${given.value}'` : undefined;
            problems.push({
              message: `${subject(layer)} ${given.keyword === 'enum' ? 'enum value' : given.keyword === 'examples' ? 'example' : given.keyword} is ${show(given.value)}, not an amount in the platform's form (digits, optionally a dot and more digits); write ${fix ?? 'e.g. `1500.50`'}.`,
              path: given.path,
            });
          }
        }
      }
      return true;
    };
    // Per holding schema node (the shared walk lists each schema once, so one node is one place).
    const byContainer = new Map<SchemaNode, Siblings>();
    for (const node of properties(document)) {
      const name = node.name;
      // A sum qualified after its noun is read by that noun (`totalExclTax`, `priceVat`, `patientDiscount`).
      const read = moneyHeadName(name);
      const reads = (recognises: (name: string) => boolean) => recognises(name) || (read !== name && recognises(read));
      const container = holder(node);
      let siblings = NO_SIBLINGS;
      if (container) {
        const known = byContainer.get(container);
        if (known) siblings = known;
        else
          byContainer.set(
            container,
            (siblings = siblingsOf(document, () => collectProperties(document, container.schema, container.path))),
          );
      }
      // A member of a links object (`links: { self, payment }`) is a link, whatever its name says.
      if (isLinkContainer(container)) continue;
      const ownLayers = schemaLayers(document, node.schema, node.path);
      const vendor = vendorKind(ownLayers.map((layer) => layer.schema));
      // The document's own word for what the field is outweighs its name: a vendor type of a rate
      // (`rate: RateString`) or a description of a count (`paymentsRemaining`: "the number of payments").
      if (vendor === 'other' || describesCount(layerKeyword(ownLayers, 'description')?.value)) continue;
      const sum = reads(isSumName);
      // A generic sum in a page of a collection (`total` beside `next`, `previous` and `data: []`) counts
      // the items, even when the page is named for what it lists (`PaginatedPayments`; issue 37, o37r11 W3).
      if (sum && !reads(isAmountName) && siblings.pageEnvelope()) continue;
      // A word that is money only in context (`interest`, `remaining`) is asked the same as a generic sum (issue 37, M2).
      const context = !sum && !reads(isAmountName) && !reads(isMoneyNounName) && reads(isContextMoneyName);
      // A generic sum (`value`, `total`) is an amount where the object says money: a currency field
      // beside it, an object named for money (`VehicleFees`, `…Gjold`), or two sums of money beside
      // it that it totals (`principal`, `expenses`, `total`; issue 37). It must be a number or text
      // of digits; anything else is not known to be a sum.
      // A noun that names a sum of money by its meaning (`principal`, `alimony`, `writeDown`: WordNet's
      // noun.possession), or an Icelandic money noun after a two-letter modifier (`vatryggingOkumanns`),
      // is an amount when it is a number or text of digits (issue 37); so is a money noun followed by a
      // word of state (`amountAvailable`, `refund_amount_available`: M1 of the fifth outside measurement).
      // A number whose description gives its currency (`Budgetwert`: "Budget in €") is a sum of
      // money; so is a bound of a range (`from`, `to`, `min`, `max`) in an object named for money or
      // described in a currency (`donationEuro: { from, to }`, "Received money in € …").
      const currencyDescribed =
        (describesCurrencyUnit(layerKeyword(ownLayers, 'description')?.value) ||
          (RANGE_BOUNDS.includes(name.toLowerCase()) && isMoneyRange(container))) &&
        !isCurrencyName(name) &&
        isNumeric(ownLayers);
      // The one number of an object whose other member is its currency (`Bedrag { som, valuta }`) is
      // that currency's amount, whatever its name (issue 37, tenth outside measurement, M2).
      // Only in a small object (the amount, its currency and at most one more member): beside a
      // currency in a larger object a number is as often something else (Stripe's `account.created`).
      const besideCurrency =
        // The members as collected once per object (collecting them per field was quadratic: an object
        // of 6,000 members took 20 s).
        container !== undefined &&
        siblings.size <= 3 &&
        siblings.currency &&
        !isCurrencyName(name) &&
        siblings.moneyMembers() === 0 &&
        siblings.otherNumbers() === 1 &&
        isNumeric(ownLayers);
      if (
        vendor !== 'money' &&
        !currencyDescribed &&
        !besideCurrency &&
        !reads(isAmountName) &&
        !reads(isIcelandicMoneyTextName) &&
        !isAmountDescription(document, node.schema, node.path) &&
        !(
          (sum ||
            context ||
            reads(isMoneyNounName) ||
            reads(isMoneyStateName) ||
            reads(isPossessionSumName) ||
            reads(isShortCompoundMoneyName) ||
            (reads(isIcelandicMoneyNumberName) &&
              !describesRate(isObject(node.schema) ? node.schema.description : undefined))) &&
          isNumeric(schemaLayers(document, node.schema, node.path)) &&
          (!(sum || context) ||
            // The value of a possession (`propertyValue`) is money by its own name.
            reads(isPossessionSumName) ||
            siblings.currency ||
            isMoneyObjectName(container) ||
            siblings.moneyMembers() >= 2 ||
            // A word with a money sense among others (`interest`) or of state (`remaining`), beside
            // sums of money no fewer than its object's other numbers (`principal` and `periodOfLoan`;
            // issue 37, M2). Not a generic `value`: a quantity's value beside one price is as often a count.
            (context && siblings.moneyMembers() >= 1 && siblings.moneyMembers() >= siblings.otherNumbers()))
        )
      )
        continue;
      // A quantity measured in a unit (a medicine's `amountRemaining` beside `amountRemainingUnit`) is not money.
      if (isQuantityContext(siblings, name) || (isQuantityDescription(name, node.schema) && !siblings.currency))
        continue;
      if (!checkAmount(name, node.schema, node.path, siblings)) continue;
      if (container && !siblings.currency) {
        problems.push({
          message: `${show(name)} sits in an object with no currency field; the platform keeps the amount and its currency in separate fields: add \`currency\` (an ISO 4217 code such as \`ISK\`) next to it.`,
          path: node.path,
        });
      }
    }
    // Amounts in path and query parameters are text in the URL anyway: the same form applies (no currency sibling is asked).
    for (const { parameter, path } of parameters(document)) {
      const vendor =
        parameter.schema === undefined
          ? undefined
          : vendorKind([
              parameter,
              ...schemaLayers(document, parameter.schema, [...path, 'schema']).map((l) => l.schema),
            ]);
      if (
        (parameter.in === 'path' || parameter.in === 'query') &&
        typeof parameter.name === 'string' &&
        parameter.schema !== undefined &&
        vendor !== 'other' &&
        // An Icelandic money noun that is a sum only as a number (`?tekjustofn`, an income base; issue 37).
        (vendor === 'money' ||
          isAmountName(parameter.name) ||
          ((isIcelandicMoneyNumberName(parameter.name) || isIcelandicMoneyDescription(parameter.description)) &&
            !describesRate(parameter.description) &&
            isNumeric(schemaLayers(document, parameter.schema, [...path, 'schema'])))) &&
        !isCountParameter(
          parameter,
          schemaTypes(schemaLayers(document, parameter.schema, [...path, 'schema']).at(-1)?.schema),
        )
      ) {
        checkAmount(parameter.name, parameter.schema, [...path, 'schema'], undefined, parameter.description);
      }
    }
    return problems;
  },
});
