// Which words of wink-lexicon's lexicon are verbs, for scripts/generate-english-verbs.mjs and its test.
/**
 * The words used only as verbs: every part of speech the lexicon gives them is a verb form (Penn
 * tags VB*), the base form most often. A word also used as a noun or an adjective (`order`,
 * `process`, `record`, `set`, `file`, `hold`, `live`, `start`) is left out: as a path segment it as
 * often names a resource or a state.
 * @param {Record<string, string[]>} lexicon word → its parts of speech, most frequent first
 */
export function englishVerbs(lexicon) {
  return Object.keys(lexicon)
    .filter((word) => {
      const tags = lexicon[word];
      return /^[a-z]{3,}$/.test(word) && ['VB', 'VBP'].includes(tags[0]) && tags.every((tag) => tag.startsWith('VB'));
    })
    .sort();
}

/**
 * The words a glued lower-case name is split into (`getaccidentstatus` → get, accident, status):
 * every word of the lexicon of three letters or more, letters only. Shorter words would split
 * anything (`a`, `an`, `is`): the few two-letter words names use are added by the splitter.
 * @param {Record<string, string[]>} lexicon word → its parts of speech, most frequent first
 */
export function englishWords(lexicon) {
  return Object.keys(lexicon)
    .filter((word) => /^[a-z]{3,}$/.test(word))
    .sort();
}
