// The English count nouns a collection is named by in the plural, from the maintained wink-lexicon
// (MIT): a word the lexicon tags as a singular noun (NN, never NNS) whose regular plural it also
// knows as a plural noun (NNS). A mass noun (`information`, `health`, `history`) has no plural
// there, a word already plural (`data`, `news`, `series`) is tagged NNS, so neither is listed.
// Used by scripts/generate-count-nouns.mjs and its drift test.

/** Each singular count noun with its plural, sorted by the singular. */
export function countNouns(lexicon) {
  const pairs = [];
  for (const [word, tags] of Object.entries(lexicon)) {
    if (!/^[a-z]{3,}$/.test(word) || !tags.includes('NN') || tags.includes('NNS')) continue;
    const candidates = [`${word}s`, `${word}es`, word.replace(/y$/, 'ies'), word.replace(/fe?$/, 'ves')];
    const plural = candidates.find((candidate) => candidate !== word && lexicon[candidate]?.includes('NNS'));
    if (plural !== undefined) pairs.push([word, plural]);
  }
  return pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
