/**
 * A vottur rule in Spectral's form, for the stock Spectral CLI and for rulesets that extend
 * `vottur/ruleset`. `vottur lint` does not use this: it runs the rules itself (`src/lint/engine.ts`).
 */
import { createRulesetFunction } from '@stoplight/spectral-core';
import { oas3_0, oas3_1, oas3_2 } from '@stoplight/spectral-formats';
import { docsUrl, nameComponentSubject, uniqueProblems, type RuleDefinition } from './rule.js';
import { timed } from './timing.js';
import type { Document } from './openapi/types.js';

export function toSpectralRule(rule: RuleDefinition) {
  const fn = createRulesetFunction<unknown, null>({ input: null, options: null }, (input) =>
    // Spectral results carry no severity of their own: a problem's lower severity is vottur's alone.
    // `input` is the parsed document: an OpenAPI 3 object for every rule but the `anyFormat` one,
    // which checks that it is an object at all (platform-openapi-3), so it is passed unguarded.
    uniqueProblems(timed(rule.id, () => rule.check(input as Document))).map(({ message, path }) => ({
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
    then: { function: fn },
  };
}
