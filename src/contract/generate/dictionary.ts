/**
 * The strings a server is likely to act on: those its description and its earlier answers
 * contain. A server often branches on a word its description only mentions in prose
 * (`one of male, female`), or on a value one of its answers showed; values drawn from the whole
 * string space never hit them. The fuzz phase draws some of its strings from here (as fuzzers'
 * dictionaries do), beside the generated ones. Bounded: short strings, a fixed number of them.
 */
import { isObject } from '../../../rulesets/lib/openapi/types.js';

/** Longer strings are prose, not values. */
const MAX_WORD_LENGTH = 40;
/** Enough for the words of a large description and its answers; the rest are not kept. */
const MAX_WORDS = 2000;
const MAX_DEPTH = 64;
/** Members of a description whose strings are prose: their words are taken, not the whole text. */
const PROSE = new Set(['description', 'summary', 'title']);
/** A word: letters and digits, with inner dots, underscores and hyphens (`file.txt`, `commodo_b`). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}._-]*/gu;

export class Dictionary {
  /** In the order first met; arbitraries index into it as it grows. */
  readonly strings: string[] = [];
  private readonly known = new Set<string>();

  add(value: string): void {
    if (value === '' || value.length > MAX_WORD_LENGTH || this.known.has(value) || this.strings.length >= MAX_WORDS)
      return;
    this.known.add(value);
    this.strings.push(value);
  }

  /** The words of a text (`.txt` and `sqrt` from "the file name ends .txt; op is sqrt or log"). */
  addWords(text: string): void {
    for (const match of text.matchAll(WORD)) {
      this.add(match[0]);
      // A word with a leading dot (a file extension) is meant with it.
      const at = match.index ?? 0;
      if (at > 0 && text[at - 1] === '.') this.add(`.${match[0]}`);
    }
  }

  /**
   * Every string value in a parsed document or answer body (and the words of its prose members),
   * bounded in depth; with `names`, the member names too (an answer's `cases` is what `sort=`
   * takes).
   */
  addValues(node: unknown, depth = 0, key?: string, names = false): void {
    if (depth > MAX_DEPTH || this.strings.length >= MAX_WORDS) return;
    if (typeof node === 'string') {
      if (key !== undefined && PROSE.has(key)) this.addWords(node);
      else this.add(node);
      return;
    }
    if (typeof node === 'number' && Number.isFinite(node)) return this.add(String(node));
    if (Array.isArray(node)) {
      for (const item of node) this.addValues(item, depth + 1, undefined, names);
      return;
    }
    if (!isObject(node)) return;
    for (const [name, value] of Object.entries(node)) {
      if (names) this.add(name);
      this.addValues(value, depth + 1, name, names);
    }
  }

  /** The strings of an answer's body, when it is JSON. */
  addAnswer(body: string): void {
    if (this.strings.length >= MAX_WORDS || body.length === 0 || body.length > 1_000_000) return;
    try {
      this.addValues(JSON.parse(body) as unknown, 0, undefined, true);
    } catch {
      // Not JSON: its words.
      this.addWords(body.slice(0, 10_000));
    }
  }
}

/**
 * The dictionary of a description: every string it holds (values whole, prose by its words), the
 * literal segments of its paths (`calc` of `/api/calc/{op}`) and the names of its schemas'
 * properties — the words a server's routes and bodies are made of.
 */
export function descriptionDictionary(document: unknown): Dictionary {
  const dictionary = new Dictionary();
  dictionary.addValues(document);
  if (!isObject(document)) return dictionary;
  if (isObject(document.paths))
    for (const path of Object.keys(document.paths))
      for (const segment of path.split('/')) if (!segment.includes('{')) dictionary.add(segment);
  addPropertyNames(dictionary, document, 0);
  return dictionary;
}

function addPropertyNames(dictionary: Dictionary, node: unknown, depth: number): void {
  if (depth > MAX_DEPTH || dictionary.strings.length >= MAX_WORDS) return;
  if (Array.isArray(node)) {
    for (const item of node) addPropertyNames(dictionary, item, depth + 1);
    return;
  }
  if (!isObject(node)) return;
  for (const [name, value] of Object.entries(node)) {
    if (name === 'properties' && isObject(value)) for (const property of Object.keys(value)) dictionary.add(property);
    addPropertyNames(dictionary, value, depth + 1);
  }
}
