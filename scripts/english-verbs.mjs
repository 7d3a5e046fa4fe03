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

/**
 * The words that begin a yes/no question in a name (`hasTeachingRights`, `canApplyFor`,
 * `requiresInspection`): modals and verbs in the third person singular present, by their most
 * frequent part of speech (Penn tags MD and VBZ), two letters or more (`is`); not a third-person
 * form the lexicon also knows as a noun (`calls`, `needs`).
 * @param {Record<string, string[]>} lexicon word → its parts of speech, most frequent first
 */
export function englishPredicates(lexicon) {
  return Object.keys(lexicon)
    .filter((word) => {
      const [first, ...rest] = lexicon[word];
      // A third-person form that is also a plural noun (`calls`, `needs`, `supports`) names things as often.
      // Two-letter modals are the halves of contractions (`ca` of can't, `wo` of won't), and `ca`
      // a certificate authority in names: of the two-letter words only a verb (`is`) counts.
      if (!/^[a-z]{2,}$/.test(word) || (word.length === 2 && first !== 'VBZ')) return false;
      return first === 'MD' || (first === 'VBZ' && !rest.some((tag) => tag.startsWith('NN')));
    })
    .sort();
}

/**
 * The words the lexicon knows in a verb's base form among their parts of speech (Penn tags VB and
 * VBP), nouns too (`lock`, `extend`, `update`, `check`): the first word of a segment that can be
 * the verb of a verb-and-object name (`LockList`), when something else says it is one.
 * @param {Record<string, string[]>} lexicon word → its parts of speech, most frequent first
 */
export function englishBaseVerbs(lexicon) {
  return Object.keys(lexicon)
    .filter((word) => /^[a-z]{3,}$/.test(word) && lexicon[word].some((tag) => tag === 'VB' || tag === 'VBP'))
    .sort();
}

/**
 * The words that say a state after a noun (`amountAvailable`, `amountSubmitted`, `feeOutstanding`):
 * adjectives and past participles by their most frequent part of speech (Penn tags JJ, VBN), and
 * present participles the lexicon also knows as adjectives (`remaining`, `pending`), three letters
 * or more. A noun of a money word followed by one of them is still that money (issue 37, M1).
 * @param {Record<string, string[]>} lexicon word → its parts of speech, most frequent first
 */
export function englishStateWords(lexicon) {
  return Object.keys(lexicon)
    .filter((word) => {
      const tags = lexicon[word];
      return (
        /^[a-z]{3,}$/.test(word) &&
        (tags[0] === 'JJ' || tags[0] === 'VBN' || (tags[0] === 'VBG' && tags.includes('JJ')))
      );
    })
    .sort();
}
