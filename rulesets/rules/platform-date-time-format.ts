import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { matchedPerText, rememberedPerText } from '../lib/text-memo.js';
import { exampleObjectValues, exampleValues, schemaValues, type GivenValue } from '../lib/openapi/examples.js';
import { encodePointer, within } from '../lib/openapi/pointer.js';
import { layerKeyword, type SchemaLayer, schemaLayers, schemaTypes, layerTypes } from '../lib/openapi/resolve.js';
import { isPropertyNode, parameters, properties, schemas } from '../lib/openapi/views.js';
import { isObject, type Parameter } from '../lib/openapi/types.js';
import { vendorTypes } from '../lib/openapi/vendor-type.js';
import {
  isBasicDatePattern,
  isDatePattern,
  isPlatformDateTime,
  nameWords,
  ofPhrase,
  STRING_FORMATS,
  suggestPlatformDateTime,
} from '../lib/conventions.js';
import { hasIcelandicHead, ICELANDIC_HEADS, isEnglishWord, splitGlued } from '../lib/words.js';
import { documentLanguages, hasCompoundHead, isFrenchDateName } from '../lib/compound-heads.js';

const FORM = '`yyyy-MM-ddThh:mm:ss.sssZ`';
const KEYWORDS: Record<GivenValue['keyword'], string> = {
  example: 'The example',
  examples: 'The example',
  default: 'The default',
  enum: 'The enum value',
  const: 'The const value',
};

/** `createdTimestamp`, `updatedTimestamp`, `timestamp`, `shield_timestamp`: names whose last word is `timestamp`. */
function isTimestampName(name: string): boolean {
  const words = nameWords(name);
  // `timeStamp`, `time_stamp`: the same word written as two (issue 37).
  return words.at(-1) === 'timestamp' || (words.at(-1) === 'stamp' && words.at(-2) === 'time');
}

/**
 * First words of a yes/no question (English modals and auxiliaries, Icelandic `er`/`hefur`/`má`):
 * `hasSubmitted`, `isDeleted`, `canBeClosed`, `erSkradur`.
 */
const QUESTION_WORDS = new Set([
  'has',
  'have',
  'had',
  'is',
  'are',
  'was',
  'were',
  'can',
  'could',
  'should',
  'must',
  'may',
  'did',
  'does',
  'do',
  'will',
  'er',
  'hefur',
  'ma',
]);
/** Words of a count or a duration (English and Icelandic: fjöldi "number", lengd "length", tímalengd). */
const COUNT_WORDS = new Set(['number', 'count', 'num', 'duration', 'length', 'fjoldi', 'lengd', 'timalengd']);
/** A description that says the value is a count or a duration ("Number of days …", "Fjöldi daga …"). */
const COUNT_DESCRIPTION = matchedPerText(
  /^\s*(?:the\s+)?(?:(?:total\s+)?number\s+of|count\s+of|how\s+many|duration\b|fjöldi|fjoldi)/iu,
);

/**
 * The head of a name, the word that says what the field is: its last word, or in an English
 * "X of Y" name the last word of X (`dateOfBirth` is a date, `dateAndTimeOfAccident` a time).
 */
function nameHead(words: readonly string[]): string {
  return (ofPhrase(words)?.head ?? words).at(-1) ?? '';
}

/**
 * A head that keeps a name with a date word in it a date: the date word itself (`expiryDate`,
 * `startDateTime`), one end of a period (`dateFrom`, `date_start`), or a participle
 * after it saying which moment (`date_created`, `date_enqueued`). Any other head names another thing the date only qualifies (`paymentDateOptions`, the options of
 * a payment date; `startDateStatus`, `month_to_date_balance`, `created_date_raw`): not a date by
 * its name, though an example may still show one.
 */
function isDateHead(head: string): boolean {
  return (
    ['date', 'datetime', 'dagsetning', 'time', 'timestamp', 'begin', 'since', ...PERIOD_ENDS].includes(head) ||
    MOMENT_WORDS.includes(head) ||
    /[a-z]{2}ed$/.test(head)
  );
}

/**
 * A name of a time that may be a time of day as well as a moment (`startTime`, `time_start`,
 * `timeFrom`): its head is `time`, or one end of a period of `time`. Its name alone does not make it
 * a date-time; the document's own evidence does (`timeEvidence`).
 */
function isTimeName(words: readonly string[]): boolean {
  const last = words.at(-1) ?? '';
  return (
    (last === 'time' && words.length >= 2) ||
    (words.includes('time') && OTHER_END[last] !== undefined && words.length >= 2)
  );
}

/** The other end of a period named the same way: `time_end` for `time_start`, `endTime` for `startTime`. */
const OTHER_END: Record<string, readonly string[]> = {
  start: ['end', 'stop', 'finish'],
  begin: ['end', 'stop', 'finish'],
  end: ['start', 'begin'],
  stop: ['start', 'begin'],
  finish: ['start', 'begin'],
  from: ['to', 'until'],
  to: ['from'],
  until: ['from'],
  fra: ['til'],
  til: ['fra'],
};

/** A description that says a time is a moment: it speaks of a date or a timestamp (`Start date and time`). */
const MOMENT_DESCRIPTION = /\b(?:date|datetime|date-time|timestamp|iso\s*8601|rfc\s*3339|dagsetning\p{L}*)\b/iu;

/**
 * An undefined format that is `date-time` misspelt: `dateTime`, `datetime`, `date_time`,
 * `DateTime` (its letters are date-time's, written another way).
 */
function isMisspeltDateTime(format: unknown): format is string {
  return (
    typeof format === 'string' && format !== 'date-time' && format.toLowerCase().replace(/[-_\s.]/g, '') === 'datetime'
  );
}

/** Names that say the value is a date or a date-time (`graduationDate`, `dateOfBirth`, `startDateTime`, `dagsetning`). */
function isDateName(name: string, languages?: ReadonlySet<string>): boolean {
  const words = nameWords(name);
  // `nationalIdOrBirthDate` holds one of two things, not a date.
  if (words.includes('or')) return false;
  // A yes/no question (`hasSubmitted`, `isExpired`, `canBeDeleted`) is answered, not dated: the
  // participle after it says what happened, not when (issue 37, fourth outside measurement).
  if (words.length >= 2 && QUESTION_WORDS.has(words[0] ?? '')) return false;
  // A count or a duration (`numberOfDays`, `fjoldiDaga`, `durationDate`) is a quantity, no moment.
  if (words.some((word) => COUNT_WORDS.has(word))) return false;
  if (
    ((words.includes('date') || words.includes('datetime') || words.includes('dagsetning')) &&
      isDateHead(nameHead(words))) ||
    words.at(-1) === 'dags' ||
    // A deadline is a moment (`subpoenaNotificationDeadline`), as a date is.
    words.at(-1) === 'deadline'
  )
    return true;
  const last = words.at(-1) ?? '';
  // Icelandic compounds headed by dagur (day) or dagsetning (date), in any case form
  // (`faedingardagur`, `skraningardags`, `gildisdagsetning`), and `dags` first (`dags_skraningar`,
  // "date of registration").
  if (hasIcelandicHead(last, [...ICELANDIC_HEADS.day, ...ICELANDIC_HEADS.date])) return true;
  if (words.length >= 2 && (words[0] === 'dags' || hasIcelandicHead(words[0] ?? '', ICELANDIC_HEADS.date))) return true;
  // German, Swedish, Norwegian and Danish compounds headed by their words for a date or a moment
  // (`Geburtsdatum`, `erstellungsDatum`, `fodselsdato`, `tidspunkt`; issue 37, ninth outside measurement).
  if (hasCompoundHead(words, 'date', languages)) return true;
  // French, whose head comes first: `date_creation`, `dateDebut`, `date_fin` (tenth round).
  if (isFrenchDateName(words)) return true;
  // Their date word first and one end of a period last (`datoFom`, `datoUtbetTom`: Norwegian "fra og
  // med", "til og med"), as `dateFrom` is.
  if (
    words.length >= 2 &&
    PERIOD_ENDS.includes(last) &&
    words.slice(0, -1).some((word) => hasCompoundHead([word], 'date', languages))
  )
    return true;
  // `created`, `updated`, `lastModified`: a moment named by what happened then; also with the
  // preposition of a moment after it (`createdOn`, `registeredAt`; issue 37).
  if (MOMENT_WORDS.includes(last)) return true;
  if (words.length >= 2 && (last === 'on' || last === 'at') && MOMENT_WORDS.includes(words.at(-2) ?? '')) return true;
  // A glued lower-case name whose dictionary split ends in `date` (`duedate`, `invaliddate`).
  if (words.length === 1 && last.endsWith('date') && splitGlued(last)?.at(-1) === 'date') return true;
  // `period_from`, `validTo`, `gildirTil`: one end of a period.
  return words.length >= 2 && PERIOD_WORDS.includes(words.at(-2) ?? '') && PERIOD_ENDS.includes(last);
}

/**
 * A past participle of a change of state (`closed`, `cancelled`) beside a moment named the same way
 * (`created`): a moment too, the time the object was closed (issue 37). A participle is an English
 * word ending in `-ed` whose verb, without `-d` or `-ed`, the lexicon also knows.
 */
function isStateChange(name: string, momentSiblings: () => readonly string[]): boolean {
  const words = nameWords(name);
  const last = words.at(-1) ?? '';
  if (words.length > 2 || !/[a-z]{2}ed$/.test(last) || !isEnglishWord(last)) return false;
  if (words.length === 2 && QUESTION_WORDS.has(words[0] ?? '')) return false; // `isApproved`: a yes/no answer
  if (!isEnglishWord(last.slice(0, -1)) && !isEnglishWord(last.slice(0, -2))) return false;
  return momentSiblings().some((sibling) => sibling !== name);
}

/** The members of a date written as an object (.NET's `DateOnly`: year, month, day and what it derives). */
const DATE_PARTS = ['year', 'month', 'day', 'dayofweek', 'dayofyear', 'daynumber'];

/**
 * Whether an object is a date and its parts, whatever its language: a member that is a date
 * (`format: date` or `date-time`), integer members bounded as a month (at most 12) and as a day of
 * the month (at most 31), and nothing else but integers (the year). A date whose parts may be
 * unknown (the Dutch `DatumOnvolledig`) is still a date.
 */
function isPartialDateObject(document: Parameters<typeof schemaLayers>[0], schema: unknown, path: JsonPath): boolean {
  if (!isObject(schema) || !isObject(schema.properties)) return false;
  const members = Object.entries(schema.properties);
  if (members.length < 3 || members.length > 6) return false;
  let date = 0;
  let month = 0;
  let day = 0;
  for (const [key, member] of members) {
    const layers = schemaLayers(document, member, [...path, 'properties', key]);
    const types = layerTypes(layers).filter((type) => type !== 'null');
    const format = layerKeyword(layers, 'format')?.value;
    if (types.every((type) => type === 'string') && (format === 'date' || format === 'date-time')) {
      date++;
      continue;
    }
    if (!(types.length > 0 && types.every((type) => type === 'integer'))) return false;
    const maximum = layerKeyword(layers, 'maximum')?.value;
    if (maximum === 12) month++;
    else if (maximum === 31) day++;
  }
  return date === 1 && month === 1 && day === 1;
}

/** Names that hold anything (`value: date-time` in one schema says nothing of `value` in another). */
const GENERIC_NAMES = [
  'value',
  'values',
  'data',
  'result',
  'content',
  'text',
  'item',
  'items',
  'key',
  'default',
  'example',
  'min',
  'max',
  'from',
  'to',
];

/** Last words that name a moment by what happened then. */
const MOMENT_WORDS = [
  'created',
  'updated',
  'modified',
  'changed',
  'deleted',
  'expires',
  'expired',
  'issued',
  'registered',
  'submitted',
  'approved',
  'stofnad',
  'breytt',
  'skrad',
];
/**
 * German, Swedish, Norwegian and Danish "valid" (gültig, giltig, gyldig) or "period" (periode) and the
 * prepositions of a period's ends (ab, von, bis; från, till; fra, til; fom, tom): `gueltigAb`,
 * `gyldigTil`, `periodeFom` are one end of a
 * period of validity, a moment, as `validFrom` is. Only after a word of validity: alone they are
 * prepositions of anything.
 */
const FOREIGN_PERIOD_WORDS = ['gueltig', 'gultig', 'giltig', 'gyldig', 'periode'];
/** `fom`, `tom`: Norwegian and Swedish "fra/från og med", "til/till og med" (from and to, inclusive). */
const FOREIGN_PERIOD_ENDS = ['ab', 'von', 'bis', 'fran', 'till', 'fom', 'tom'];
/** Words of a period, and the words for its ends (English and Icelandic: gildir frá/til, tímabil frá/til). */
const PERIOD_WORDS = ['period', 'valid', 'validity', 'gildir', 'timabil', 'date', ...FOREIGN_PERIOD_WORDS];
const PERIOD_ENDS = ['from', 'to', 'until', 'start', 'end', 'fra', 'til', ...FOREIGN_PERIOD_ENDS];

/**
 * A description that says the text is a date: a date mask (`yyyy-MM-dd`, `dd.MM.yyyy`,
 * `yyyy-MM-ddTHH:mm:ss`, the basic `yyyymmdd`) or its first words ("The date when …", "Date of …", "Gets or sets the date
 * when …", "Dagsetning …"). A mask inside a placeholder (`SubAccount Created at {YYYY-MM-DD}`, a
 * default text that prints a date) says nothing of the field.
 */
const DATE_MASK =
  /(?<!\{)\b(?:yyyy|YYYY)[-./]MM[-./](?:dd|DD)\b|\b(?:dd|DD)[-./]MM[-./](?:yyyy|YYYY)\b|\bMM\/(?:dd|DD)\/(?:yyyy|YYYY)\b/;
const DATE_DESCRIPTION =
  /^\s*(?:gets\s+(?:or\s+sets\s+)?)?(?:(?:the|a)\s+)?(?:date(?:\s+and\s+time)?|datetime|dagsetning)\s+(?:when|of|on|at|that|the|from|until|after|before|by)\b/iu;
/** ISO 8601's basic format written as a mask (`yyyymmdd`, `YYYYMMDD`; issue 37, D1). */
const BASIC_DATE_MASK = /\byyyymmdd\b/i;
const describesDate = rememberedPerText(
  (description: unknown): boolean =>
    typeof description === 'string' &&
    (DATE_MASK.test(description) || BASIC_DATE_MASK.test(description) || DATE_DESCRIPTION.test(description)),
);

/**
 * A description that calls the value a timestamp, in the languages the recognisers read (German
 * `Zeitstempel`, Nordic `tidsstempel`/`tidsstämpel`, Icelandic `tímastimpill`, Finnish `aikaleima`;
 * issue 37, tenth outside measurement, D1: `effective`, "Zeitstempel, seit wann …").
 */
// What the value is comes first: "Zeitstempel, seit wann …", "The timestamp of …"; a timestamp
// named later ("number of checks since the last timestamp") is something else's.
const TIMESTAMP_DESCRIPTION = matchedPerText(
  /^\s*(?:[\p{L}-]+\s+){0,2}(time\s*stamp|zeitstempel|tidsst[eæä]mp|t[ií]mastimp|aikaleim)/iu,
);

/** A share of something (a thumbnail's timestamp "as a percentage of the video's duration"): no moment. */
const SHARE = matchedPerText(/\b(percent(age)?|ratio|fraction|proportion)\b/i);
/** A description that names an epoch ("Unix time", "milliseconds since …"). */
const EPOCH_DESCRIPTION = matchedPerText(/\b(epoch|unix\s*(time|timestamp)?|(milli)?seconds since)\b/i);
const SHARE_NAME = /(pct|percent(age)?|ratio|fraction)$/i;

/** A number that holds a date: a Unix epoch, named or described as a moment. */
function isEpochNumber(name: string, description: unknown, example: unknown, languages: ReadonlySet<string>): boolean {
  if (
    typeof description === 'string' &&
    (EPOCH_DESCRIPTION(description) ||
      (TIMESTAMP_DESCRIPTION(description) && !SHARE(description) && !SHARE_NAME.test(name)))
  )
    return true;
  // "Number of days in the period": a count, whatever its name reads as (`dagar`).
  if (typeof description === 'string' && COUNT_DESCRIPTION(description)) return false;
  const words = nameWords(name);
  const last = words.at(-1) ?? '';
  if (last === 'timestamp') return false; // section 1's
  // A participle (`breytt` "changed", `changed`, `skrad`) names a moment when it stands for one, and
  // a number so named is as often a quantity that changed (`magnBreytt`, in kilograms). Unsure
  // from the name alone, it takes a second word from the field: a description that speaks of a
  // time, or an example the size of an epoch (after 2001-09-09 in seconds).
  if (MOMENT_WORDS.includes(last))
    return (
      (typeof description === 'string' &&
        /\b(date|time|when|dags|dagsetning|t[ií]mi|t[ií]mas|epoch)/i.test(description)) ||
      (typeof example === 'number' && example >= 1e9)
    );
  return isDateName(name, languages) || (last === 'at' && words.length >= 2) || last === 'epoch';
}

/** A description that says the number is a position or a length, not a moment (`start` of a byte range). */
const NOT_A_MOMENT_DESCRIPTION = matchedPerText(
  /\b(offsets?|bytes?|index|position|line|page|characters?|sequence|duration|elapsed|taken|spent)\b/i,
);

/**
 * A lone word that names a moment or one end of a period (`time`, `start`, `end`), held as a 64-bit
 * integer, the width of an epoch in milliseconds (o37r12, miss 5: `WarningNowcast.time`, its
 * warnings' `start`/`end`): a point in time. The word alone is as often a time of day, a step or an
 * offset, so the type must say more: `int64`, and for an end of a period its other end beside it as
 * an integer too (`start` and `end`: a period; `start` alone may be a range's first byte).
 */
function isPlainEpoch(
  name: string,
  format: unknown,
  description: unknown,
  parent: { schema: { properties?: unknown }; path: JsonPath },
  document: Parameters<typeof schemaLayers>[0],
): boolean {
  const siblings = parent.schema.properties;
  const words = nameWords(name);
  const word = words[0] ?? '';
  if (words.length !== 1 || format !== 'int64') return false;
  if (typeof description === 'string' && (COUNT_DESCRIPTION(description) || NOT_A_MOMENT_DESCRIPTION(description)))
    return false;
  if (word === 'time') return true;
  const others = OTHER_END[word];
  if (others === undefined || !isObject(siblings)) return false;
  return Object.entries(siblings).some(([key, schema]) => {
    if (!others.includes(key.toLowerCase())) return false;
    const layers = schemaLayers(document, schema, [...parent.path, 'properties', key]);
    return layerTypes(layers).includes('integer') && layerKeyword(layers, 'format')?.value === 'int64';
  });
}

/**
 * A length of time, not a moment: an ISO 8601 duration (`P1D`, `PT1H30M`) or .NET's TimeSpan with
 * its days (`1.00:01:30`), and the formats that name one (`duration`, .NET's `date-span`,
 * `time-span`; issue 37, tenth outside measurement, W1).
 */
const DURATION_VALUE =
  /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?$|^-?\d+\.\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const DURATION_FORMAT = /span|duration|interval|period/i;

/**
 * Whether a `pattern` on a date-time admits no RFC 3339 date-time (`yy.MM.ddTHH:mm:ss`, a mask
 * read as a regular expression): the schema then contradicts its own format (issue 37, tenth
 * outside measurement, D2). A pattern that is no regular expression is the example rule's business.
 */
function contradictsDateTime(pattern: string): boolean {
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return ![
    '2021-03-15T10:24:51.312Z',
    '2021-03-15T10:24:51Z',
    '2021-03-15T10:24:51+00:00',
    '2021-03-15T10:24:51.312+00:00',
  ].some((value) => expression.test(value));
}

/** A value that is written as a date or a date-time: `2021-11-24`, `2021-11-24T10:00:00`, `24.11.2021` (dd.MM.yyyy). */
const DATE_VALUE =
  /^(\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}([.,]\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?|\d{1,2}\.\d{1,2}\.\d{4}( \d{1,2}:\d{2}(:\d{2})?)?)$/;

/** A whole ISO 8601 date or date-time: `2021-11-24`, `2020-01-01T08:00:00Z`, `2012-12-12T10:53:43-08:00`. */
const ISO_DATE_VALUE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;
const DOTTED_DATE = /^\d{1,2}\.\d{1,2}\.\d{4}( \d{1,2}:\d{2}(:\d{2})?)?$/;
/** `04/22/2005 00:00:00`, `22/04/2005`: a date with slashes, month or day first (issue 37). */
const SLASHED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Formats that say what a string holds: those JSON Schema and OpenAPI define, and the registry's
 * common ones. Any other (`format: string`, `format: text`) says nothing, and a date under it is as
 * formatless as under none (issue 37).
 */
const KNOWN_FORMATS = new Set([...STRING_FORMATS, 'password', 'int32', 'int64', 'float', 'double', 'char', 'decimal']);

/**
 * ASP.NET's JSON date, `/Date(1234567890000)/` or `/Date(1234567890000+0100)/`: milliseconds since
 * the Unix epoch in a string (issue 37, ninth outside measurement), a date whatever the field's name.
 */
const ASPNET_DATE = /^\/Date\((-?\d{1,15})([+-]\d{4})?\)\/$/;

/** The RFC 3339 / platform form of a date written another way, when it can be read. */
function dateFix(value: string): string | undefined {
  const aspnet = ASPNET_DATE.exec(value.trim());
  if (aspnet) {
    const moment = new Date(Number(aspnet[1]));
    return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
  }
  const slashed = SLASHED_DATE.exec(value.trim());
  if (slashed) {
    const [, first = '', second = '', year = '', hours = '00', minutes = '00', seconds = '00'] = slashed;
    // Month first unless the first number cannot be a month; both at most 12 is not knowable.
    const [month, day] = Number(first) > 12 ? [second, first] : Number(second) > 12 ? [first, second] : [];
    if (month === undefined || day === undefined) return undefined;
    return suggestPlatformDateTime(
      `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}T${hours.padStart(2, '0')}:${minutes}:${seconds}`,
    );
  }
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (dotted) {
    const [, day = '', month = '', year = '', hours = '00', minutes = '00', seconds = '00'] = dotted;
    return suggestPlatformDateTime(
      `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}T${hours.padStart(2, '0')}:${minutes}:${seconds}`,
    );
  }
  return suggestPlatformDateTime(value);
}

function valueProblem(value: unknown, subject: string, path: JsonPath): Problem | undefined {
  if (value === null || (typeof value === 'string' && isPlatformDateTime(value))) return undefined;
  const fix = typeof value === 'string' ? suggestPlatformDateTime(value) : undefined;
  return {
    message: `${subject} is ${show(value)}, not in the platform's date-time form ${FORM} (RFC 3339 with a fraction of a second and a zone); write ${fix ? show(fix) : 'e.g. `2024-05-02T09:30:00.000Z`'}.`,
    path,
  };
}

export default defineRule({
  id: 'platform-date-time-format',
  severity: 'error',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Date and time' },
  description:
    '`*Timestamp` fields are `type: string, format: date-time`, every date-time example is in the form `yyyy-MM-ddThh:mm:ss.sssZ`, and `format: date` is a warning (use date-time).',
  check(document) {
    const problems: Problem[] = [];
    const errorPaths = new Set<string>();
    // The languages the document's prose is in: a head that is also an English word (`datum`) is
    // German or Swedish in a document written in them.
    const languages = documentLanguages(document);
    const error = (problem: Problem) => {
      problems.push(problem);
      errorPaths.add(encodePointer(problem.path));
    };

    // 1. Timestamp fields are date-times.
    for (const node of properties(document)) {
      const name = node.name;
      if (!isTimestampName(name)) continue;
      const layers = schemaLayers(document, node.schema, node.path);
      const definition = layers.at(-1);
      if (!definition) continue;
      const subject = (layer: SchemaLayer) =>
        within(layer.path, node.path)
          ? `Property ${show(name)}`
          : `Schema \`${printPath(layer.path)}\` (used for the timestamp ${show(name)})`;
      const type = layerKeyword(layers, 'type');
      const format = layerKeyword(layers, 'format');
      const types = type ? schemaTypes(type.layer.schema) : [];
      if (type && !types.includes('string')) {
        error({
          message: `${subject(type.layer)} is \`type: ${types.join(', ') || show(type.value)}\`; a timestamp is \`type: string, format: date-time\`, written ${FORM} (e.g. \`2021-03-15T10:24:51.312Z\`).`,
          path: type.path,
        });
        continue;
      }
      if (!type && !format) {
        error({
          message: `${subject(definition)} has neither \`type\` nor \`format\`; a timestamp is \`type: string, format: date-time\`.`,
          path: definition.path,
        });
        continue;
      }
      if (!type)
        error({
          message: `${subject(definition)} has no \`type\`; a timestamp is \`type: string, format: date-time\`.`,
          path: definition.path,
        });
      if (!format)
        error({
          message: `${subject(definition)} has no \`format\`; add \`format: date-time\` (a timestamp is written ${FORM}).`,
          path: definition.path,
        });
      else if (format.value !== 'date-time')
        error({
          message: `${subject(format.layer)} has \`format: ${String(format.value)}\`; a timestamp is \`format: date-time\`, written ${FORM}.`,
          path: format.path,
        });
    }

    // 2. Values a date-time schema gives (examples, defaults, enum members) are in the platform's form.
    for (const node of schemas(document)) {
      const own = node.schema;
      if (
        own.example === undefined &&
        own.examples === undefined &&
        own.default === undefined &&
        own.enum === undefined &&
        own.const === undefined
      )
        continue;
      if (layerKeyword(schemaLayers(document, own, node.path), 'format')?.value !== 'date-time') continue;
      for (const given of schemaValues(own, node.path)) {
        const problem = valueProblem(given.value, KEYWORDS[given.keyword], given.path);
        if (problem) error(problem);
      }
    }
    for (const { parameter, path } of parameters(document)) {
      if (layerKeyword(schemaLayers(document, parameter.schema, [...path, 'schema']), 'format')?.value !== 'date-time')
        continue;
      for (const given of exampleObjectValues(document, parameter, path)) {
        const problem = valueProblem(
          given.value,
          `The example of parameter ${show(String(parameter.name))}`,
          given.path,
        );
        if (problem) error(problem);
      }
    }
    for (const found of exampleValues(document)) {
      if (layerKeyword(found.layers, 'format')?.value !== 'date-time') continue;
      const problem = valueProblem(
        found.value,
        found.member ? `Example ${show(found.member)}` : 'The example value',
        found.path,
      );
      if (problem) error(problem);
    }

    // 2b. A date-time whose own `pattern` no RFC 3339 date-time matches: the pattern is the fault, not only its example.
    for (const node of schemas(document)) {
      const pattern = node.schema.pattern;
      if (typeof pattern !== 'string' || !contradictsDateTime(pattern)) continue;
      if (layerKeyword(schemaLayers(document, node.schema, node.path), 'format')?.value !== 'date-time') continue;
      const subject = isPropertyNode(node)
        ? `Property ${show(node.name)}`
        : node.role === 'parameter' && node.name
          ? `Parameter ${show(node.name)}`
          : 'A date-time';
      error({
        message: `${subject} is \`format: date-time\` but its \`pattern\` (${show(pattern)}) admits no RFC 3339 date-time; remove the pattern (the format says the shape) and write values as ${FORM} (e.g. \`2021-03-15T10:24:51.312Z\`).`,
        path: [...node.path, 'pattern'],
      });
    }

    // 4. A string that is a date by its name or its example, but says nothing of it (no `format`):
    // a client cannot tell `2021-11-24` from any other text. Timestamps are section 1's.
    // The schemas section 4 reported (a misspelt `format: dateTime` among them: section 7 leaves them).
    const covered = new Set<string>();
    const formatless = (
      name: string,
      schema: unknown,
      at: JsonPath,
      holder: Parameter | undefined,
      what: string,
      besideMoment = false,
      datedAs?: string,
      counterpart?: string,
    ) => {
      if (isTimestampName(name)) return;
      const layers = schemaLayers(document, schema, at);
      const format = layerKeyword(layers, 'format');
      // A format JSON Schema and OpenAPI do not define (`format: string`) says nothing of a date.
      const meaningless = format && typeof format.value === 'string' && !KNOWN_FORMATS.has(format.value);
      const pattern = layerKeyword(layers, 'pattern');
      // A pattern says what the text is: only a date's shape makes it a date (issue 37).
      const datePattern = typeof pattern?.value === 'string' && isDatePattern(pattern.value);
      // Digits only (`^[0-9]{8}$`, YYYYMMDD) hide no date its name or description says (issue 37, D1).
      const basicDate = !datePattern && typeof pattern?.value === 'string' && isBasicDatePattern(pattern.value);
      if (
        layers.length === 0 ||
        (format && !meaningless) ||
        layerKeyword(layers, 'enum') ||
        (pattern && !datePattern && !basicDate)
      )
        return;
      const type = layerKeyword(layers, 'type');
      if (!type || !schemaTypes(type.layer.schema).includes('string')) return;
      const values = [
        ...layers.flatMap((layer) => schemaValues(layer.schema, layer.path)),
        ...(holder ? exampleObjectValues(document, holder, at.slice(0, -1)) : []),
      ]
        .map((given) => given.value)
        .filter((value): value is string => typeof value === 'string');
      // An example that is a whole ISO date or date-time (`completed: '2020-01-01T08:00:00Z'`), or a
      // `dd.MM.yyyy` date, makes the field a date whatever its name: the example says what it holds.
      // Looser forms (`2021-11-24 10:00`) count with a name that reads as a moment (`createdAt`, `validFrom`).
      const description = holder?.description ?? layerKeyword(layers, 'description')?.value;
      // A time named so that it may be a time of day (`time_start`, `startTime`) is a moment when the
      // document says so: its description speaks of a date, or the other end of its period
      // (`time_end`) is a date-time.
      const timeName = isTimeName(nameWords(name));
      const describedDate =
        describesDate(description) ||
        (timeName && typeof description === 'string' && MOMENT_DESCRIPTION.test(description));
      const timeCounterpart = timeName ? counterpart : undefined;
      // An undefined format that names a date (`date-time-rfc-2822`) says what the field holds; so
      // does a vendor's own type beside `type: string` (`x-cds-type: DateTimeString`; issue 37, o37r7 2).
      const formatDate =
        meaningless === true && /date/i.test(String(format.value)) && !DURATION_FORMAT.test(String(format.value));
      // A length of time (`format: date-span`, an example `P1D`) is no moment, whatever its name.
      if (meaningless === true && DURATION_FORMAT.test(String(format.value))) return;
      const vendorDate = vendorTypes([holder, ...layers.map((layer) => layer.schema)]).find(({ words }) =>
        words.some((word) => word === 'date' || word === 'datetime' || word === 'timestamp'),
      );
      const dateName =
        isDateName(name, languages) ||
        besideMoment ||
        datedAs !== undefined ||
        datePattern ||
        describedDate ||
        formatDate ||
        vendorDate !== undefined ||
        timeCounterpart !== undefined;
      const momentName =
        dateName || ['at', 'on', 'time', 'from', 'to', 'until', 'since'].includes(nameWords(name).at(-1) ?? '');
      if (values.some((value) => DURATION_VALUE.test(value.trim()))) return;
      const example = values.find(
        (value) =>
          ISO_DATE_VALUE.test(value.trim()) ||
          DOTTED_DATE.test(value.trim()) ||
          SLASHED_DATE.test(value.trim()) ||
          ASPNET_DATE.test(value.trim()) ||
          (momentName && DATE_VALUE.test(value.trim())),
      );
      if (!example && !dateName) return;
      if (basicDate && !(isDateName(name, languages) || describedDate || besideMoment || datedAs !== undefined)) return;
      // The document's use of the name is evidence only where the field's own examples do not say otherwise.
      if (
        !example &&
        values.length > 0 &&
        !isDateName(name, languages) &&
        !besideMoment &&
        !datePattern &&
        !describedDate &&
        !formatDate &&
        vendorDate === undefined &&
        timeCounterpart === undefined
      )
        return;
      const definition = layers.at(-1);
      if (!definition) return;
      const fix = example ? dateFix(example) : undefined;
      // A shared schema (`VARCHAR2`) used by many fields, dates and not: the fix belongs at this field.
      const shared = !within(definition.path, at);
      // At the schema, not its `format`: the example is to change with it, so no one value is the fix.
      const where = shared ? at : definition.path;
      const plain = meaningless
        ? `a string whose \`format: ${String(format.value)}\` is not a format JSON Schema or OpenAPI defines`
        : 'a plain string with no `format`';
      // A shared schema is changed at the field (its other users may not be dates), whatever made this one a date.
      const advice = shared
        ? `replace its \`$ref\` to the shared \`${printPath(definition.path.slice(-1))}\` (other fields use it too) with \`type: string\` and \`format: date-time\``
        : basicDate
          ? `write \`format: date-time\` in place of its \`pattern\` (${show(pattern?.value)}, digits only: ISO 8601's basic \`YYYYMMDD\`, a form RFC 3339 does not have; \`format: date\` where the value is truly a calendar date)`
          : `write \`format: date-time\`${datePattern ? ' in place of the `pattern` (the format says the shape)' : ''}`;
      covered.add(encodePointer(definition.path));
      const misspelt = format?.value;
      if (isMisspeltDateTime(misspelt) && !shared) {
        error({
          message: `${what} ${show(name)} has \`format: ${misspelt}\`, \`date-time\` misspelt: no format JSON Schema or OpenAPI defines, so no tool checks it; write \`format: date-time\`${fix ? ` and the example as ${show(fix)}` : ''} (RFC 3339, the platform's ${FORM}).`,
          path: where,
        });
        return;
      }
      error({
        message: `${what} ${show(name)} is a ${example ? `date or date-time (example ${show(example)})` : datePattern && !isDateName(name, languages) ? `date by its \`pattern\` (${show(pattern?.value)})` : describedDate && !isDateName(name, languages) ? 'date by its own description' : formatDate && !isDateName(name, languages) ? `date by its \`format\` (${show(format.value)})` : vendorDate !== undefined && !isDateName(name, languages) ? `date by its vendor type (\`${vendorDate.key}: ${vendorDate.value}\`)` : timeCounterpart !== undefined && !isDateName(name, languages) ? `date-time by the other end of its period (\`${timeCounterpart}\` has \`format: date-time\`)` : datedAs !== undefined && !isDateName(name, languages) && !besideMoment ? `date by this description's own use of its name (\`${datedAs}\` has \`format: date-time\`)` : 'date by its name'} but ${basicDate ? 'a string of digits with no `format`' : plain}; ${advice}${fix ? ` and the example as ${show(fix)}` : ''} (RFC 3339, the platform's ${FORM}).`,
        path: where,
      });
    };
    // A name the description itself gives a date elsewhere (`CaseNew.when` is `format: date-time`,
    // `CaseView.when` a plain string; issue 37): the document says what the word means, in any language.
    // Only a name most of whose declarations are dates: a large description's one stray
    // `priority: date-time` says less than its many plain `priority` strings.
    const dated = new Map<string, string>();
    const datedCount = new Map<string, number>();
    const plainCount = new Map<string, number>();
    for (const node of properties(document)) {
      if (GENERIC_NAMES.includes(node.name.toLowerCase())) continue;
      const layers = schemaLayers(document, node.schema, node.path);
      const format = layerKeyword(layers, 'format');
      if (format && (format.value === 'date-time' || format.value === 'date')) {
        datedCount.set(node.name, (datedCount.get(node.name) ?? 0) + 1);
        if (!dated.has(node.name))
          dated.set(node.name, printPath(node.path.slice(-3).filter((part) => part !== 'properties')));
      } else if (!format) plainCount.set(node.name, (plainCount.get(node.name) ?? 0) + 1);
    }
    for (const name of dated.keys()) if ((datedCount.get(name) ?? 0) < (plainCount.get(name) ?? 0)) dated.delete(name);
    // The members of each `properties` named as a moment (`created`), found once per schema: a
    // scan of the siblings for each property is quadratic in a schema's size (issue 34, B5).
    const momentMembers = new WeakMap<object, readonly string[]>();
    const momentSiblings = (members: unknown) => (): readonly string[] => {
      if (!isObject(members)) return [];
      let found = momentMembers.get(members);
      if (found === undefined) {
        found = Object.keys(members).filter((key) => MOMENT_WORDS.includes(nameWords(key).at(-1) ?? ''));
        momentMembers.set(members, found);
      }
      return found;
    };
    // The other end of a time's period, when it is a date-time (`time_end: format date-time` beside a
    // plain `time_start`): the description's own word that the pair are moments.
    const dateTimeCounterpart = (name: string, members: unknown, base: JsonPath): string | undefined => {
      const words = nameWords(name);
      if (!isObject(members) || !isTimeName(words)) return undefined;
      const at = words.findIndex((word) => OTHER_END[word] !== undefined);
      if (at < 0) return undefined;
      const wanted = new Set(
        (OTHER_END[words[at] ?? ''] ?? []).map((end) => [...words.slice(0, at), end, ...words.slice(at + 1)].join(' ')),
      );
      for (const key of Object.keys(members)) {
        if (!wanted.has(nameWords(key).join(' '))) continue;
        const layers = schemaLayers(document, members[key], [...base, key]);
        if (layerKeyword(layers, 'format')?.value === 'date-time') return key;
        const example = layerKeyword(layers, 'example')?.value;
        if (typeof example === 'string' && /T\d{2}:\d{2}/.test(example) && ISO_DATE_VALUE.test(example.trim()))
          return key;
      }
      return undefined;
    };
    for (const node of properties(document)) {
      const members = isObject(node.parent?.schema) ? node.parent.schema.properties : undefined;
      formatless(
        node.name,
        node.schema,
        node.path,
        undefined,
        'Property',
        isStateChange(
          node.name,
          momentSiblings(isObject(node.parent?.schema) ? node.parent.schema.properties : undefined),
        ),
        dated.get(node.name),
        dateTimeCounterpart(node.name, members, node.path.slice(0, -1)),
      );
    }
    for (const { parameter, path } of parameters(document)) {
      if (typeof parameter.name === 'string' && parameter.schema !== undefined)
        formatless(parameter.name, parameter.schema, [...path, 'schema'], parameter, 'Parameter');
    }

    // 5. Dates that are not strings: a Unix epoch (`createdAt: integer int64`), a date as an object of year, month and day.
    for (const node of properties(document)) {
      if (isTimestampName(node.name)) continue;
      const layers = schemaLayers(document, node.schema, node.path);
      const type = layerKeyword(layers, 'type');
      const types = type ? schemaTypes(type.layer.schema) : [];
      if (!type || (!types.includes('integer') && !types.includes('number'))) continue;
      if (types.includes('string')) continue;
      const description = layerKeyword(layers, 'description')?.value;
      const format = layerKeyword(layers, 'format')?.value;
      if (
        !isEpochNumber(node.name, description, layerKeyword(layers, 'example')?.value, languages) &&
        !isPlainEpoch(node.name, format, description, node.parent, document)
      )
        continue;
      error({
        message: `Property ${show(node.name)} holds a date as a number (\`type: ${types.join(', ')}${typeof format === 'string' ? `, format: ${format}` : ''}\`, a Unix epoch); the platform writes dates as RFC 3339 strings: \`type: string, format: date-time\`, written ${FORM}.`,
        path: within(type.path, node.path) ? type.path : node.path,
      });
    }
    for (const node of schemas(document)) {
      if (
        !(node.path.length === 3 && node.path[0] === 'components' && node.path[1] === 'schemas') ||
        !isObject(node.schema.properties)
      )
        continue;
      const keys = Object.keys(node.schema.properties).map((key) => key.toLowerCase());
      if (!['year', 'month', 'day'].every((part) => keys.includes(part))) continue;
      if (!keys.every((key) => DATE_PARTS.includes(key))) continue;
      error({
        message: `Schema ${show(node.name ?? printPath(node.path))} is a date written as an object of ${keys.map((key) => `\`${key}\``).join(', ')}; the platform writes dates as RFC 3339 strings: use \`type: string, format: date-time\` (${FORM}) where it is used.`,
        path: node.path,
      });
    }

    // 5c. A date held as an object of a full date and its parts (the Dutch `DatumOnvolledig { datum,
    // jaar, maand, dag }`, a date whose parts may be unknown; issue 37, o37r11 D1): known by its shape
    // in any language, and reported where a field holds it.
    const partialDates = new Set<string>();
    for (const node of schemas(document)) {
      if (!(node.path.length === 3 && node.path[0] === 'components' && node.path[1] === 'schemas')) continue;
      if (isPartialDateObject(document, node.schema, node.path)) partialDates.add(encodePointer(node.path));
    }
    if (partialDates.size > 0)
      for (const node of properties(document)) {
        const held = schemaLayers(document, node.schema, node.path).find((layer) =>
          partialDates.has(encodePointer(layer.path)),
        );
        if (!held) continue;
        problems.push({
          message: `Property ${show(node.name)} holds a date as an object (${show(String(held.path.at(-1)))}: a date and its year, month and day as separate members); the platform writes a date as one RFC 3339 string, \`type: string, format: date-time\` (${FORM}): hold the date so, and say in the description when a part may be unknown.`,
          path: node.path,
          severity: 'warn',
        });
      }

    // 6. A time of day split from its date into a second field (`createTime` beside `createDate`,
    // issue 37): one moment in two fields, neither of them a date-time. Found by the pair's shared
    // words, whatever they are.
    for (const node of schemas(document)) {
      const members = node.schema.properties;
      if (!isObject(members)) continue;
      const byWords = new Map<string, string>();
      for (const key of Object.keys(members)) byWords.set(nameWords(key).join(' '), key);
      for (const key of Object.keys(members)) {
        const words = nameWords(key);
        if (words.length < 2 || words.at(-1) !== 'time') continue;
        const stem = words.slice(0, -1).join(' ');
        const dateKey = byWords.get(`${stem} date`) ?? byWords.get(`${stem} dagsetning`);
        if (dateKey === undefined) continue;
        const at = [...node.path, 'properties', key];
        const layers = schemaLayers(document, members[key], at);
        const types = layerTypes(layers);
        if (layerKeyword(layers, 'format')?.value === 'date-time' || (types.length > 0 && !types.includes('string')))
          continue;
        error({
          message: `Property ${show(key)} holds the time of day of ${show(dateKey)} in a second field; the platform writes a moment as one \`type: string, format: date-time\` field (${FORM}): merge the two into one date-time field.`,
          path: at,
        });
      }
    }

    // 7. `date-time` misspelt (`format: dateTime`, `datetime`, `date_time`): whatever the field is
    // named, the author meant a date-time and wrote a format no tool knows, so none checks it.
    for (const node of schemas(document)) {
      const format = node.schema.format;
      if (!isMisspeltDateTime(format)) continue;
      const path = [...node.path, 'format'];
      if (covered.has(encodePointer(node.path)) || errorPaths.has(encodePointer(path))) continue;
      error({
        message: `\`format: ${format}\`${isPropertyNode(node) ? ` on ${show(node.name)}` : node.role === 'parameter' && node.name ? ` on parameter ${show(node.name)}` : ''} is \`date-time\` misspelt, a format JSON Schema and OpenAPI do not define (no tool checks it); write \`format: date-time\` (RFC 3339, the platform's ${FORM}).`,
        path,
      });
    }

    // 3. `format: date` is a warning: the platform's data format is the date-time.
    for (const node of schemas(document)) {
      if (node.schema.format !== 'date') continue;
      const path = [...node.path, 'format'];
      if (errorPaths.has(encodePointer(path))) continue;
      problems.push({
        message: `\`format: date\`${isPropertyNode(node) ? ` on ${show(node.name)}` : node.role === 'parameter' && node.name ? ` on parameter ${show(node.name)}` : ''} gives a date without a time; the platform's date and time form is \`format: date-time\` (${FORM}, e.g. \`2024-05-02T00:00:00.000Z\`): use it unless the value is truly a calendar date.`,
        path,
        severity: 'warn',
      });
    }
    return problems;
  },
});
