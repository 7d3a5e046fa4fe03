/**
 * A vottur rule in Spectral's form, for the stock Spectral CLI and for rulesets that extend
 * `vottur/ruleset`. `vottur lint` does not use this: it runs the rules itself (`src/lint/engine.ts`).
 */
import { createRulesetFunction } from '@stoplight/spectral-core';
import { oas3_0, oas3_1, oas3_2 } from '@stoplight/spectral-formats';
import { docsUrl, nameComponentSubject, uniqueProblems, type RuleDefinition } from './rule.js';
import { timed } from './timing.js';
import type { Document } from './openapi/types.js';
import { vocabularyWith, type VocabularyAdditions } from './vocabulary.js';

/** What a vottur rule's function accepts as `functionOptions` under Spectral: a team's vocabulary (docs/vocabulary.md). */
export interface VotturFunctionOptions {
  vocabulary?: VocabularyAdditions;
}

type OptionsSchema = Parameters<typeof createRulesetFunction>[0]['options'];
const wordList: OptionsSchema = { type: 'array', items: { type: 'string' } };

/** The options' schema, which Spectral checks when it loads a ruleset that gives them (null: none given). */
const FUNCTION_OPTIONS_SCHEMA: OptionsSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    vocabulary: {
      type: 'object',
      additionalProperties: false,
      properties: {
        nationalIdAliases: wordList,
        nationalIdOwners: { type: 'object', additionalProperties: { type: 'string' } },
        customMethodVerbs: wordList,
        collectionArrayNames: wordList,
        collectionPageMembers: wordList,
      },
    },
  },
};

/**
 * A rule as a Spectral rule. The vocabulary travels as the function's options: a ruleset that
 * extends vottur's can give its words per rule (`then: { function, functionOptions: { vocabulary } }`);
 * without options a rule reads the platform's own lists, as `vottur lint` does without configuration.
 */
export function toSpectralRule(rule: RuleDefinition, options?: VotturFunctionOptions) {
  const fn = createRulesetFunction<unknown, VotturFunctionOptions | null>(
    { input: null, options: FUNCTION_OPTIONS_SCHEMA },
    (input, given) =>
      // Spectral results carry no severity of their own: a problem's lower severity is vottur's alone.
      // `input` is the parsed document: an OpenAPI 3 object for every rule but the `anyFormat` one,
      // which checks that it is an object at all (platform-openapi-3), so it is passed unguarded.
      uniqueProblems(
        timed(rule.id, () =>
          rule.check(input as Document, { vocabulary: vocabularyWith(given?.vocabulary ?? undefined) }),
        ),
      ).map(({ message, path }) => ({
        message: nameComponentSubject(message, path),
        path,
      })),
  );
  Object.defineProperty(fn, 'name', { value: rule.id });
  return {
    description: rule.description,
    message: '{{error}}',
    severity: rule.severity,
    given: '$',
    resolved: false,
    ...(rule.anyFormat ? {} : { formats: [oas3_0, oas3_1, oas3_2] }),
    documentationUrl: docsUrl(rule.id),
    tags: [rule.category],
    extensions: { category: rule.category },
    then: options ? { function: fn, functionOptions: options } : { function: fn },
  };
}
