import { defineRule, show, type Problem } from '../lib/rule.js';
import { properties } from '../lib/openapi/views.js';
import { isStrictCamelCase, nameWords, toCamelCase } from '../lib/conventions.js';
import type { Document } from '../lib/openapi/types.js';
import { matchNationalIdAlias } from '../lib/vocabulary.js';
import { isForeignPersonIdName } from '../lib/national-id.js';
import { pathSegmentWords } from '../lib/words.js';

const namesCache = new WeakMap<object, { camel: boolean; words: ReadonlySet<string> }>();
/**
 * How a document writes its own names: whether most of its names of several words are camelCase
 * (`firstName` rather than `first_name`), and every word its names are made of. In a snake_case
 * description a lower-case name is the author's one word (`fingerprint`, `passphrase`); in a
 * camelCase one a glued name among `firstName`s is a slip (`phonenumber`).
 */
function documentNames(document: Document): { camel: boolean; words: ReadonlySet<string> } {
  const known = namesCache.get(document);
  if (known) return known;
  let camel = 0;
  let other = 0;
  const words = new Set<string>();
  for (const node of properties(document)) {
    const name = node.name;
    if (/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(name)) camel++;
    else if (/[_-]/.test(name)) other++;
    const parts = nameWords(name);
    if (parts.length > 1) for (const part of parts) words.add(part);
  }
  const found = { camel: camel > other, words };
  namesCache.set(document, found);
  return found;
}

const proseCache = new WeakMap<object, ReadonlySet<string>>();
/**
 * The words of a document's prose (every `description`, `summary` and `title`, at most 5,000 of
 * them), lower-case: a glued name the author also writes as one word in prose (`spreadsheet`) is
 * that author's word, not two glued.
 */
function proseWords(document: object): ReadonlySet<string> {
  const known = proseCache.get(document);
  if (known) return known;
  const words = new Set<string>();
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  let texts = 0;
  while (stack.length > 0 && texts < 5000) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === 'string' && (key === 'description' || key === 'summary' || key === 'title')) {
        texts++;
        for (const word of member.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4) words.add(word);
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  proseCache.set(document, words);
  return words;
}

export default defineRule({
  id: 'platform-field-camel-case',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Data format conventions: Case styles (field names camelCase)' },
  description: 'Schema property names are camelCase, acronyms written as words (`userId`, `profileImageUrl`, `line2`).',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    for (const node of properties(document)) {
      const name = node.name;
      // Words glued in lower case (`openinghours`): camelCase in form only. Split by the lexicon
      // with the confidence path segments are (`username`, `timestamp`, `metadata`, `checkout`
      // stay one word), in a document whose names are camelCase, unless the document writes it as
      // one word in its prose or its other names (`spreadsheet`, `fingerprintSha256`), and advised
      // as the words' camelCase (tenth round).
      const names = /^[a-z]+$/.test(name) ? documentNames(document) : undefined;
      const glued =
        names?.camel && !names.words.has(name) && !proseWords(document).has(name) ? pathSegmentWords(name) : undefined;
      if (glued && !matchNationalIdAlias(name, vocabulary) && !isForeignPersonIdName(name)) {
        const fix = toCamelCase(glued.join('-'));
        problems.push({
          message: `Property ${show(name)} is words glued in lower case (${glued.join(', ')}); camelCase starts each later word with a capital: name it ${show(fix)}.`,
          path: node.path,
          // A dictionary's split is advice, not a broken rule of form.
          severity: 'warn',
        });
        continue;
      }
      if (isStrictCamelCase(name)) continue;
      // A national identifier under another name (`national_id`, `childrenSSN`): platform-national-id-name gives its name.
      // So is another country's identifier of a person (`fødselsnummer`, `isikukood`).
      if (matchNationalIdAlias(name, vocabulary) || isForeignPersonIdName(name)) continue;
      const fix = toCamelCase(name);
      const acronym = /^[a-z][a-zA-Z0-9]*$/.test(name) ? ' (acronyms are written as words)' : '';
      problems.push({
        message:
          isStrictCamelCase(fix) && fix !== name
            ? `Property ${show(name)} is not camelCase${acronym}; name it ${show(fix)}.`
            : `Property ${show(name)} is not camelCase; name it with letters and digits, starting with a lower-case letter, e.g. \`userId\`.`,
        path: node.path,
        // The name is written where the property is declared, whatever file its `$ref` value is in.
        name: true,
      });
    }
    return problems;
  },
});
