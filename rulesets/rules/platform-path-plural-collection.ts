import { defineRule, type Problem } from '../lib/rule.js';
import { isObject, type Document } from '../lib/openapi/types.js';
import { documentPlural, gluedSegmentWords } from '../lib/document-words.js';
import { documentLanguages } from '../lib/compound-heads.js';
import { isPlaceholderSegment, nameWords, namingPath, spellPathSegment } from '../lib/conventions.js';
import { COUNT_NOUN_LIST } from '../lib/count-nouns.js';
import { isEnglishWord, pathSegmentWords, splitGlued } from '../lib/words.js';
import { ENGLISH_BASE_VERB_LIST, ENGLISH_PREDICATES, ENGLISH_VERBS } from '../lib/english-verbs.js';
import { CREATE_VERBS, PHRASE_PREPOSITIONS, isActionSegment, isStateWord, type Vocabulary } from '../lib/vocabulary.js';

/** Quotes a path or name in full. */
const code = (text: unknown) => `\`${String(text)}\``;

let plurals: ReadonlyMap<string, string> | undefined;
/** The plural of an English count noun, from the generated lexicon list (built on first use). */
function pluralOf(word: string): string | undefined {
  plurals ??= new Map(COUNT_NOUN_LIST.split(' ').map((pair) => pair.split(':') as [string, string]));
  return plurals.get(word);
}

/** A version segment (`v1`) or a placeholder: never a collection's name. */
const NOT_A_NAME = /^v\d+([._]\d+)*$|^[^a-zA-Z]*$/i;

/** Words the identifier of an item adds to its collection's name (`{permitId}` under `permit`). */
const IDENTIFIER_WORDS = new Set([
  'id',
  'ids',
  'uuid',
  'identifier',
  'key',
  'number',
  'no',
  'nr',
  'code',
  'ref',
  'slug',
]);

let pluralWords: ReadonlySet<string> | undefined;
/** Whether a word is the plural of an English count noun (`files`, `versions`). */
function isPluralWord(word: string): boolean {
  plurals ??= new Map(COUNT_NOUN_LIST.split(' ').map((pair) => pair.split(':') as [string, string]));
  pluralWords ??= new Set(plurals.values());
  return pluralWords.has(word);
}

let baseVerbs: ReadonlySet<string> | undefined;
/** A verb's base form or a predicate (`download`, `requires`): what a custom method or a question starts with. */
function isVerbLed(word: string | undefined): boolean {
  if (word === undefined) return false;
  baseVerbs ??= new Set(ENGLISH_BASE_VERB_LIST.split(' '));
  return ENGLISH_VERBS.has(word) || ENGLISH_PREDICATES.has(word) || baseVerbs.has(word);
}

/** A segment's words, a glued lower-case one split as platform-path-kebab-case splits it (`travelwarning`). */
function segmentWords(segment: string): string[] {
  return nameWords(segment).flatMap((word) => pathSegmentWords(word) ?? [word]);
}

/**
 * Whether the path's operation ids name the segment's words as what a verb of their own acts on
 * (`getSingleTravelwarning` at `/travelwarning/{contentId}`: `travel` is not the action there), so
 * a segment that starts with a word that may be a verb is a noun phrase.
 */
function isObjectOf(words: readonly string[], operationIds: readonly string[]): boolean {
  return operationIds.some((id) => {
    const idWords = segmentWords(id.replace(/^.*(?:controller|service|api|resource)s?[_.]/i, ''));
    const at = idWords.findIndex((_, i) => words.every((word, j) => idWords[i + j] === word));
    return at > 0 && isVerbLed(idWords[0]) && idWords[0] !== words[0];
  });
}

/**
 * Whether the first word heads an `of` phrase (`condition-of-sale`, `point-of-interest`): a word
 * that `of` follows is a noun there, though it may also be a verb (`condition`, `point`), since
 * verbs rarely take `of` (and a custom method starts `get-list-of-…`, its verb before the noun).
 */
function headsOfPhrase(words: readonly string[]): boolean {
  return words.length > 2 && words[1] === 'of';
}

/**
 * Whether `segment/{variable}` is a collection and one of its items, rather than a key and its
 * value (`/bot_class/{bot_class}`, `/search/{search_string}`, `/vehicles-by-status/{status}`), a
 * custom method or a question (`/DownloadAttachment/{id}`, `/RequiresHullInspection/{boatId}`: the
 * method rules' business) or a gerund's area (`/billing/{account}`).
 */
function isCollectionOfItem(segment: string, variable: string, operationIds: readonly string[]): boolean {
  const words = segmentWords(segment);
  // A glued lower-case name is read as its words (`holdernationalid`: holder, national, id).
  const held = nameWords(variable)
    .map((word) => word.toLowerCase())
    .flatMap((word) => splitGlued(word) ?? [word]);
  if (words.length === 0 || words.includes('by')) return false;
  // A compound the operation ids name as an object (`travel warning`) is a noun phrase, its `-ing`
  // head a count noun; a single `-ing` word (`/billing/{account}`) is still a gerund's area.
  const object = words.length > 1 && isObjectOf(words, operationIds);
  if (words.length > 1 && isVerbLed(words[0]) && !object && !headsOfPhrase(words)) return false;
  if (words.at(-1)?.endsWith('ing') && !(object && pluralOf(words.at(-1) ?? '') !== undefined)) return false;
  // What follows is an item's identifier (`{id}`, `{courseId}`, `{nationalId}`), not any value (`{url}`).
  if (!held.some((word) => IDENTIFIER_WORDS.has(word) || word === 'name')) return false;
  // The variable names the segment's own words: an item's identifier when what it adds is one, else a value of that key.
  const last = words.at(-1) ?? '';
  const at = held.indexOf(last);
  if (at !== -1) return held.slice(at + 1).every((word) => IDENTIFIER_WORDS.has(word)) && held.length > at + 1;
  return true;
}

/**
 * Whether segment `i` is one adjective (by wink-lexicon's parts of speech) that qualifies a plural
 * collection named before it (`/notices/v1/red/{noticeID}`: the red notices; `/applications/submitted/{id}`):
 * an adjective names a kind of the items, not a collection of its own, and has no plural to write.
 */
function qualifiesCollection(segments: readonly string[], i: number): boolean {
  const words = nameWords(segments[i] ?? '').map((word) => word.toLowerCase());
  if (words.length !== 1 || !isStateWord(words[0] ?? '')) return false;
  return segments
    .slice(0, i)
    .some(
      (part) =>
        !part.includes('{') && !NOT_A_NAME.test(part) && isPluralWord(nameWords(part).at(-1)?.toLowerCase() ?? ''),
    );
}

/**
 * What makes the last segment of a path with no identifier after it a collection: the path takes
 * a POST that creates, the platform's CREATE in a collection (`POST /application` answering `201`,
 * `POST /api/case` with `CaseController_create`; issue 37, seventh outside measurement, 4): the
 * operation's own words, quoted back. Not a segment right after a variable (`/cases/{id}/signature`:
 * one thing an item has) nor a verb (`/login`, a custom method).
 */
function createdIn(
  pathKey: string,
  item: unknown,
  segments: readonly string[],
  vocabulary: Vocabulary,
): string | undefined {
  if (!isObject(item) || !isObject(item.post)) return undefined;
  const last = segments.at(-1) ?? '';
  const before = segments.at(-2);
  if (before !== undefined && before.includes('{')) return undefined;
  if (last === '' || last.includes('{') || last.includes(':') || NOT_A_NAME.test(last)) return undefined;
  const words = nameWords(last).map((word) => word.toLowerCase());
  if (words.length === 0 || words.includes('by') || words.at(-1)?.endsWith('ing')) return undefined;
  if (isVerbLed(words[0]) && !headsOfPhrase(words) && (words.length > 1 || isActionSegment(last, vocabulary)))
    return undefined;
  // The POST says it creates: a `201 Created`, or an operation id whose action is a verb of creating
  // (`ApplicationController_create`, after a generator's controller prefix). A POST that only
  // updates or runs something (`POST /v1/account`, `POST …/scan`) makes no collection.
  const id = item.post.operationId;
  const [action = '', ...object] =
    typeof id === 'string' ? nameWords(id.replace(/^.*(?:controller|service|api|resource)s?[_.]/i, '')) : [];
  const responses = item.post.responses;
  const created = isObject(responses) && responses['201'] !== undefined;
  if (CREATE_VERBS.includes(action)) {
    // What the id says it creates must be what the segment names (`createTeam` at `/team`), not
    // something else made there (`add-audio-track` at `…/audio/copy`).
    if (object.length > 0 && object.at(-1) !== words.at(-1) && object.at(-1) !== pluralOf(words.at(-1) ?? ''))
      return undefined;
  } else if (!created) return undefined;
  // With only a `201` to go by, a singular under a plural (`/files/content`, `/versions/current`) is
  // a part or a view of that collection, where POST may create one of its members.
  else if (before !== undefined && isPluralWord(nameWords(before).at(-1) ?? '')) return undefined;
  return typeof id === 'string'
    ? `\`POST ${pathKey}\` (\`${id}\`${created ? ', `201`' : ''})`
    : `\`POST ${pathKey}\`${created ? ' (`201`)' : ''}`;
}

/**
 * The index of a multi-word name's head noun: the word before the first preposition that has words
 * after it (`conditions-of-sale`, `terms-of-use`, `points-of-interest`: the rest qualifies the head),
 * else the last word.
 */
function headIndex(words: readonly string[]): number {
  const at = words.findIndex((word, i) => i > 0 && i < words.length - 1 && PHRASE_PREPOSITIONS.has(word.toLowerCase()));
  return at === -1 ? words.length - 1 : at - 1;
}

/**
 * A segment named by a singular English count noun, with its plural spelt as the segment is written
 * (`permit` → `permits`, `user-profile` → `user-profiles`, `userProfile` → `userProfiles`); undefined
 * when its last word is no singular count noun (a plural, a mass noun, a word in another language).
 */
function pluralised(document: Document, segment: string, byDocument = false): string | undefined {
  // A word the lexicon lacks (`token`, German `krankenhaus`) takes the plural its document writes
  // (`access tokens`, `nach Krankenhäusern`), formed by its language's rules (document-words.ts);
  // never a word the lexicon has (`create`: "creates" in prose is the verb).
  const german = documentLanguages(document).has('de');
  const plural_ = (word: string) =>
    pluralOf(word) ?? (byDocument && !isEnglishWord(word) ? documentPlural(document, word, german) : undefined);
  // A glued lower-case segment is written as its words, as platform-path-kebab-case writes it
  // (`travelwarning` → `travel-warnings`), so the two rules propose one rewrite.
  // The head noun takes the plural, not the complement after a preposition (`condition-of-sale` →
  // `conditions-of-sale`); a head already plural (`conditions-of-sale`) leaves nothing to write.
  const glued = gluedSegmentWords(document, segment);
  if (glued !== undefined) {
    const head = headIndex(glued);
    const plural = plural_(glued[head] ?? '');
    return plural === undefined ? undefined : glued.map((word, i) => (i === head ? plural : word)).join('-');
  }
  const words = nameWords(segment);
  const head = headIndex(words);
  const noun = words[head]?.toLowerCase();
  if (noun === undefined) return undefined;
  const plural = plural_(noun);
  if (plural === undefined) return undefined;
  // Find the head where it is written: past the words before it, in order.
  const lower = segment.toLowerCase();
  let from = 0;
  for (const word of words.slice(0, head)) {
    const found = lower.indexOf(word.toLowerCase(), from);
    if (found === -1) return undefined;
    from = found + word.length;
  }
  // Keep the segment's own spelling of everything but its head, and of the head's first letter.
  const at = lower.indexOf(noun, from);
  if (at === -1) return undefined;
  const written = segment.slice(at, at + noun.length);
  const spelt =
    written[0] === written[0]?.toUpperCase() ? `${plural[0]?.toUpperCase() ?? ''}${plural.slice(1)}` : plural;
  return `${segment.slice(0, at)}${spelt}${segment.slice(at + noun.length)}`;
}

export default defineRule({
  id: 'platform-path-plural-collection',
  severity: 'warn',
  category: 'naming',
  source: { document: 'design guide', section: 'naming-conventions.md' },
  description:
    "A collection's path segment is a plural noun (`/v1/permits/{permitId}`, not `/v1/permit/{permitId}`): the segment that an item's identifier follows names the collection the item is one of, as does the last segment of a path whose POST creates (`201`, or an operation id that creates).",
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    const paths = document.paths;
    if (!isObject(paths)) return problems;
    for (const pathKey of Object.keys(paths)) {
      const named = namingPath(pathKey);
      if (named === undefined) continue;
      const segments = named.split('/').slice(1);
      const item = paths[pathKey];
      const operationIds = isObject(item)
        ? Object.values(item).flatMap((operation) =>
            isObject(operation) && typeof operation.operationId === 'string' ? [operation.operationId] : [],
          )
        : [];
      const creator = createdIn(pathKey, paths[pathKey], segments, vocabulary);
      const plural = creator === undefined ? undefined : pluralised(document, segments.at(-1) ?? '');
      if (creator !== undefined && plural !== undefined) {
        const rewritten = `/${segments
          .map((part, j) => (j === segments.length - 1 ? plural : part))
          .map((part) => (part.includes('{') || isPlaceholderSegment(part) ? part : spellPathSegment(part)))
          .join('/')}`;
        problems.push({
          message: `Path ${code(pathKey)} names the collection ${code(segments.at(-1))} in the singular: ${creator} creates in it, and the platform's POST creates in a collection, which its design guide names in the plural; write ${code(rewritten)}.`,
          path: ['paths', pathKey],
        });
      }
      segments.forEach((segment, i) => {
        const next = segments[i + 1];
        // A segment an item's identifier follows (`/permit/{permitId}`) names a collection.
        if (next === undefined || !/^\{[^}]+\}$/.test(next) || segment.includes('{') || NOT_A_NAME.test(segment))
          return;
        if (!isCollectionOfItem(segment, next.slice(1, -1), operationIds)) return;
        if (qualifiesCollection(segments, i)) return;
        // The document's plural only before an item's identifier (`token/{authCode}`, `preview/{previewId}`),
        // not a name (`registry/{subject_name}`: a subject in the one registry).
        const identifies = nameWords(next.slice(1, -1)).some((word) => IDENTIFIER_WORDS.has(word));
        const plural = pluralised(document, segment, identifies);
        if (plural === undefined) return;
        // Spelt as platform-path-kebab-case would have it, so the two rules never propose different rewrites.
        const rewritten = `/${segments
          .map((part, j) => (j === i ? plural : part))
          .map((part) => (part.includes('{') || isPlaceholderSegment(part) ? part : spellPathSegment(part)))
          .join('/')}`;
        problems.push({
          message: `Path ${code(pathKey)} names the collection ${code(segment)} in the singular: an item's identifier (${code(next)}) follows it, so it is a collection, and the platform's design guide names collections in the plural; write ${code(rewritten)}.`,
          path: ['paths', pathKey],
        });
      });
    }
    return problems;
  },
});
