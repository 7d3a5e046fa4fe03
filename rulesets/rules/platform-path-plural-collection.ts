import { defineRule, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { isPlaceholderSegment, nameWords, spellPathSegment } from '../lib/conventions.js';
import { COUNT_NOUN_LIST } from '../lib/count-nouns.js';
import { splitGlued } from '../lib/words.js';
import { ENGLISH_BASE_VERB_LIST, ENGLISH_PREDICATES, ENGLISH_VERBS } from '../lib/english-verbs.js';

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

let baseVerbs: ReadonlySet<string> | undefined;
/** A verb's base form or a predicate (`download`, `requires`): what a custom method or a question starts with. */
function isVerbLed(word: string | undefined): boolean {
  if (word === undefined) return false;
  baseVerbs ??= new Set(ENGLISH_BASE_VERB_LIST.split(' '));
  return ENGLISH_VERBS.has(word) || ENGLISH_PREDICATES.has(word) || baseVerbs.has(word);
}

/**
 * Whether `segment/{variable}` is a collection and one of its items, rather than a key and its
 * value (`/bot_class/{bot_class}`, `/search/{search_string}`, `/vehicles-by-status/{status}`), a
 * custom method or a question (`/DownloadAttachment/{id}`, `/RequiresHullInspection/{boatId}`: the
 * method rules' business) or a gerund's area (`/billing/{account}`).
 */
function isCollectionOfItem(segment: string, variable: string): boolean {
  const words = nameWords(segment).map((word) => word.toLowerCase());
  // A glued lower-case name is read as its words (`holdernationalid`: holder, national, id).
  const held = nameWords(variable)
    .map((word) => word.toLowerCase())
    .flatMap((word) => splitGlued(word) ?? [word]);
  if (words.length === 0 || words.includes('by')) return false;
  if (words.length > 1 && isVerbLed(words[0])) return false;
  if (words.at(-1)?.endsWith('ing')) return false;
  // What follows is an item's identifier (`{id}`, `{courseId}`, `{nationalId}`), not any value (`{url}`).
  if (!held.some((word) => IDENTIFIER_WORDS.has(word) || word === 'name')) return false;
  // The variable names the segment's own words: an item's identifier when what it adds is one, else a value of that key.
  const last = words.at(-1) ?? '';
  const at = held.indexOf(last);
  if (at !== -1) return held.slice(at + 1).every((word) => IDENTIFIER_WORDS.has(word)) && held.length > at + 1;
  return true;
}

/**
 * A segment named by a singular English count noun, with its plural spelt as the segment is written
 * (`permit` → `permits`, `user-profile` → `user-profiles`, `userProfile` → `userProfiles`); undefined
 * when its last word is no singular count noun (a plural, a mass noun, a word in another language).
 */
function pluralised(segment: string): string | undefined {
  const words = nameWords(segment);
  const last = words.at(-1)?.toLowerCase();
  if (last === undefined) return undefined;
  const plural = pluralOf(last);
  if (plural === undefined) return undefined;
  // Keep the segment's own spelling of everything before its last word, and of the word's first letter.
  const at = segment.toLowerCase().lastIndexOf(last);
  if (at === -1) return undefined;
  const written = segment.slice(at, at + last.length);
  const spelt =
    written[0] === written[0]?.toUpperCase() ? `${plural[0]?.toUpperCase() ?? ''}${plural.slice(1)}` : plural;
  return `${segment.slice(0, at)}${spelt}${segment.slice(at + last.length)}`;
}

export default defineRule({
  id: 'platform-path-plural-collection',
  severity: 'warn',
  category: 'naming',
  source: { document: 'design guide', section: 'naming-conventions.md' },
  description:
    "A collection's path segment is a plural noun (`/v1/permits/{permitId}`, not `/v1/permit/{permitId}`): the segment that an item's identifier follows names the collection the item is one of.",
  check(document) {
    const problems: Problem[] = [];
    const paths = document.paths;
    if (!isObject(paths)) return problems;
    for (const pathKey of Object.keys(paths)) {
      if (!pathKey.startsWith('/')) continue;
      const segments = pathKey.split('/').slice(1);
      segments.forEach((segment, i) => {
        const next = segments[i + 1];
        // A segment an item's identifier follows (`/permit/{permitId}`) names a collection.
        if (next === undefined || !/^\{[^}]+\}$/.test(next) || segment.includes('{') || NOT_A_NAME.test(segment))
          return;
        if (!isCollectionOfItem(segment, next.slice(1, -1))) return;
        const plural = pluralised(segment);
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
