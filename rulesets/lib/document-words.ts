/**
 * The document's own words (issue 37, tenth outside measurement): what its prose and its names
 * say about the words its paths glue or inflect. A recogniser that has no lexicon for a word (a
 * Dutch phrase, a German noun, an English noun wink-lexicon lacks) reads how the author writes it
 * elsewhere in the same document: `maatschappelijkeactiviteiten` is two words where the prose
 * writes "Maatschappelijke activiteiten"; `token` is a count noun whose plural is `tokens` where
 * the prose writes "access tokens"; `krankenhaus` has the plural `krankenhäuser` where the prose
 * writes "nach Krankenhäusern".
 */
import { asciiLetters, nameWords } from './conventions.js';
import { operations, properties, schemas } from './openapi/views.js';
import type { Document } from './openapi/types.js';
import { noteLimit } from './openapi/limits.js';
import { isApiTerm, isClosedCompound, isEnglishWord, pathSegmentWords } from './words.js';

export interface DocumentWords {
  /** Every word of the prose and of the names, lower-case, in ASCII letters (`krankenhäusern` → `krankenhausern`). */
  words: ReadonlySet<string>;
  /** Two words the document's prose writes one after the other, as `first second`. */
  pairs: ReadonlySet<string>;
  /** The words of its names (schemas, properties, operation ids), split at their case boundaries. */
  names: ReadonlySet<string>;
  /** Its names of two words or more, joined lower-case (`PetType` → `pettype`): words the author writes apart. */
  joinedNames: ReadonlySet<string>;
}

/** How many prose texts are read, and how much of each: bounded on hostile input. */
const MAX_TEXTS = 5000;
const MAX_TEXT = 4000;

const cache = new WeakMap<object, DocumentWords>();

/**
 * The words of a text in ASCII letters, lower-case, split at anything else (`Niet Natuurlijk
 * Personen` → niet, natuurlijk, personen). Code in prose is no prose: a token with a slash, a
 * backtick, an underscore, a brace or `=` (a path `/v1/invoiceitems`, `` `object: invoiceitem` ``)
 * is left out, so a path the text quotes does not make its own segment a word the author writes.
 */
function textWords(text: string): string[] {
  return text
    .slice(0, MAX_TEXT)
    .split(/\s+/)
    .filter((token) => !/[/`_{}=<>@#\\]/.test(token))
    .flatMap((token) =>
      asciiLetters(token)
        .toLowerCase()
        .split(/[^a-z]+/),
    )
    .filter(Boolean);
}

/**
 * The words of the document's prose (every `description`, `summary` and `title`), with which two it
 * writes next to each other, and the words of its names (schemas, properties, operation ids, split
 * at their case boundaries). Computed once per document.
 */
export function documentWords(document: Document): DocumentWords {
  const known = cache.get(document);
  if (known) return known;
  const words = new Set<string>();
  const pairs = new Set<string>();
  const names = new Set<string>();
  const joinedNames = new Set<string>();
  const addName = (name: string) => {
    const parts = nameWords(name);
    for (const word of parts) names.add(word);
    if (parts.length > 1) joinedNames.add(parts.join(''));
  };
  const add = (sequence: readonly string[]) => {
    sequence.forEach((word, i) => {
      words.add(word);
      const next = sequence[i + 1];
      if (next !== undefined) pairs.add(`${word} ${next}`);
    });
  };
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  let texts = 0;
  while (stack.length > 0 && texts < MAX_TEXTS) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === 'string' && (key === 'description' || key === 'summary' || key === 'title')) {
        texts++;
        add(textWords(member));
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  // Names count for their words (`PetType` writes `type`), not for which two stand together: a
  // brand in PascalCase (`PagerDuty`) is the author's one word, never two.
  // A component is met as `referenced` when a `$ref` reaches it first: its path names it either way.
  for (const node of schemas(document)) {
    const [where, kind, name] = node.path;
    if (node.path.length === 3 && typeof name === 'string' && (where === 'components' ? kind === 'schemas' : false))
      addName(name);
    else if (node.path.length === 2 && (where === 'definitions' || where === '$defs') && typeof kind === 'string')
      addName(kind);
  }
  for (const node of properties(document)) addName(node.name);
  for (const op of operations(document))
    if (typeof op.operation.operationId === 'string') addName(op.operation.operationId);
  const found = { words, pairs, names, joinedNames };
  cache.set(document, found);
  return found;
}

/**
 * A glued lower-case segment as the words the document writes apart (`nietnatuurlijkpersonen` →
 * niet, natuurlijk, personen, where the prose has "Niet Natuurlijk Personen"): two to four words of
 * three letters or more, each pair of them written next to each other somewhere in its prose.
 * Undefined when the document also writes the segment as one word (`handelsregisterpersonen` in
 * its prose is the author's one word) or does not write its parts apart.
 */
export function documentSplit(
  document: Document,
  segment: string,
  budget = SPLIT_BUDGET,
): readonly string[] | undefined {
  if (!/^[a-z]{6,60}$/.test(segment)) return undefined;
  const { words, pairs } = documentWords(document);
  // A word English writes as one (`healthcare`, `workflows`) is one, whatever the prose writes apart.
  if (
    words.has(segment) ||
    isApiTerm(segment) ||
    isEnglishWord(segment) ||
    isClosedCompound(segment) ||
    isClosedCompound(segment.replace(/s$/, ''))
  )
    return undefined;
  let known = splits.get(document);
  if (!known) splits.set(document, (known = new Map<string, readonly string[] | null>()));
  const answer = known.get(segment);
  if (answer !== undefined) return answer ?? undefined;
  // Each state (where the next word starts, how long the word before it was, how many may follow)
  // is read once; the document's budget bounds the work a hostile prose of every substring could cause.
  const failed = new Set<string>();
  let exhausted = false;
  const split = (from: number, before: string | undefined, left: number): string[] | undefined => {
    if (from === segment.length) return [];
    const state = `${from}:${before?.length ?? 0}:${left}`;
    if (left === 0 || failed.has(state) || exhausted) return undefined;
    // Longest first: `maatschappelijke activiteiten`, not a shorter word that happens to fit.
    for (let end = segment.length; end >= from + 3; end--) {
      if ((budgets.get(document) ?? 0) >= budget) {
        exhausted = true;
        return undefined;
      }
      budgets.set(document, (budgets.get(document) ?? 0) + 1);
      const part = segment.slice(from, end);
      if (!words.has(part) || (before !== undefined && !pairs.has(`${before} ${part}`))) continue;
      const rest = split(end, part, left - 1);
      if (rest) return [part, ...rest];
    }
    failed.add(state);
    return undefined;
  };
  const parts = split(0, undefined, 4);
  if (exhausted) {
    noteLimit(
      document,
      ['paths'],
      `more than ${budget.toLocaleString('en')} steps reading glued path segments by the document's own words`,
    );
    return undefined;
  }
  const found = parts && parts.length >= 2 ? parts : undefined;
  known.set(segment, found ?? null);
  return found;
}

/** The most steps `documentSplit` takes over one document (about 2.5 s): far beyond any real description's paths. */
const SPLIT_BUDGET = 2_000_000;
const budgets = new WeakMap<object, number>();
const splits = new WeakMap<object, Map<string, readonly string[] | null>>();

/** A vowel German turns to its umlaut in a plural (`Haus` → `Häuser`), and the umlaut as a path writes it in ASCII. */
const UMLAUT: ReadonlyArray<readonly [RegExp, string]> = [
  [/au([^aeiouy]*)$/, 'aeu$1'],
  [/a([^aeiouy]*)$/, 'ae$1'],
  [/o([^aeiouy]*)$/, 'oe$1'],
  [/u([^aeiouy]*)$/, 'ue$1'],
];

interface Candidate {
  /** The plural as the document's ASCII words hold it (`krankenhäuser` → `krankenhauser`). */
  read: string;
  /** The plural as a path writes it (`krankenhaeuser`). */
  written: string;
  /** Whether the plural has an umlaut the document must show in its own letters. */
  umlaut: boolean;
}

/**
 * English's regular plurals of a singular noun (`token` → tokens, `box` → boxes, `policy` →
 * policies, `leaf` → leaves): the rules for words the lexicon lacks (its irregular plurals are
 * count-nouns.ts's). rulesets load no package at run time, so they are written here.
 */
function englishPlurals(word: string): Candidate[] {
  const forms = [
    /(?:s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`,
    ...(/[^aeiou]y$/.test(word) ? [`${word.slice(0, -1)}ies`] : []),
    ...(/[^f]fe?$/.test(word) ? [word.replace(/fe?$/, 'ves')] : []),
    ...(/[^aeiou]o$/.test(word) ? [`${word}es`] : []),
  ];
  return forms.map((form) => ({ read: form, written: form, umlaut: false }));
}

/**
 * German's plurals of a singular noun: an umlaut with -er or -e (`Haus` → Häuser), -en, -n, -e,
 * -er; each also with the dative plural's -n (`nach Krankenhäusern`). Not -s: a genitive singular
 * (`des Autos`) is written so too. The umlaut forms come first: a document that writes `häuser`
 * means those, not `hauser`.
 */
function germanPlurals(word: string): Candidate[] {
  const found: Candidate[] = [];
  for (const [vowel, ascii] of UMLAUT) {
    if (!vowel.test(word)) continue;
    const written = word.replace(vowel, ascii);
    for (const suffix of ['er', 'e'])
      found.push({ read: `${word}${suffix}`, written: `${written}${suffix}`, umlaut: true });
    break;
  }
  for (const suffix of word.endsWith('e') ? ['n'] : ['en', 'n', 'e', 'er'])
    found.push({ read: `${word}${suffix}`, written: `${word}${suffix}`, umlaut: false });
  return [
    ...found,
    ...found.filter(({ read }) => !read.endsWith('n')).map((form) => ({ ...form, read: `${form.read}n` })),
  ];
}

/**
 * The plural of a singular noun the lexicon lacks, read from the document (issue 37, tenth outside
 * measurement P4): a regular plural of the document's language (German where its prose is German,
 * `documentLanguages`; English otherwise) that the document's prose or names write (`access
 * tokens`, `nach Krankenhäusern`), spelt as a path writes it (`tokens`, `krankenhaeuser`).
 * Undefined when the word looks plural already (an English `-s`), is shorter than four letters, or
 * the document writes none of its plurals: a word is never pluralised by the rules alone.
 */
export function documentPlural(document: Document, word: string, german: boolean): string | undefined {
  if (!/^[a-z]{4,40}$/.test(word) || (!german && /[^su]s$/.test(word))) return undefined;
  const { words, names } = documentWords(document);
  for (const { read, written, umlaut } of german ? germanPlurals(word) : englishPlurals(word)) {
    if (read === word || !(words.has(read) || names.has(read))) continue;
    if (umlaut && !documentUmlauts(document).has(read)) continue;
    return written;
  }
  return undefined;
}

const umlautCache = new WeakMap<object, ReadonlySet<string>>();
/** The prose words written with an umlaut, in the ASCII letters `documentWords` holds them in (`krankenhäusern` → `krankenhausern`). */
function documentUmlauts(document: Document): ReadonlySet<string> {
  const known = umlautCache.get(document);
  if (known) return known;
  const found = new Set<string>();
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  let texts = 0;
  while (stack.length > 0 && texts < MAX_TEXTS) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === 'string' && (key === 'description' || key === 'summary' || key === 'title')) {
        texts++;
        if (!/[äöüÄÖÜ]/.test(member)) continue;
        for (const token of member
          .slice(0, MAX_TEXT)
          .toLowerCase()
          .split(/[^a-zäöüß]+/))
          if (/[äöü]/.test(token)) found.add(textWords(token).join(''));
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  umlautCache.set(document, found);
  return found;
}

/**
 * The words of a glued lower-case path segment: the dictionary's split (`pathSegmentWords`,
 * `domains` as platform-path-kebab-case gives them), else the document's (`documentSplit`); none
 * where the document's prose writes the segment (or its singular) as one word, as
 * platform-field-camel-case leaves a name its prose writes whole.
 * Shared by the rules that rewrite path segments, so they propose one spelling.
 */
export function gluedSegmentWords(
  document: Document,
  segment: string,
  domains?: ReadonlyMap<string, readonly string[]>,
): readonly string[] | undefined {
  // A word the author writes whole in prose (`payouts`, `NetFlow`) is the author's one word.
  // A prose word that is one of the document's own names of two words (`PetType` quoted in a
  // description) is that name, written apart in the name itself.
  const { words, joinedNames } = documentWords(document);
  const whole = (word: string) => words.has(word) && !joinedNames.has(word);
  if (whole(segment) || (/[^s]s$/.test(segment) && whole(segment.slice(0, -1)))) return undefined;
  return pathSegmentWords(segment, domains) ?? documentSplit(document, segment);
}
