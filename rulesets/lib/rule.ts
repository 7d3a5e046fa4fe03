/**
 * A vottur rule is data (id, severity, category, description) plus one small check function.
 * `toSpectralRule` turns it into a Spectral rule, so the same object serves `vottur lint`,
 * the stock Spectral CLI and users who extend the ruleset.
 */
import { createRulesetFunction } from '@stoplight/spectral-core';
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { oas3_0, oas3_1 } from '@stoplight/spectral-formats';
import { timed } from './timing.js';

export type Severity = 'error' | 'warn' | 'info' | 'hint';
export type Category = 'documentation' | 'data-format' | 'naming' | 'methods' | 'errors' | 'security';
export type JsonPath = Array<string | number>;
/** The description as parsed: rules read it, never change it. */
export type OpenApiDocument = Record<string, any>;

/** One place where a rule's convention is broken. */
export interface Problem {
  message: string;
  path: JsonPath;
  /**
   * A lower severity than the rule's for this one problem (e.g. the older catalogue error object
   * is a warning where other non-Problem-Details bodies are errors). Spectral results carry no
   * severity of their own, so `vottur lint` reads it from `severityOverrides`; the stock Spectral
   * CLI shows the rule's severity.
   */
  severity?: Severity;
}

/** Per document: `ruleId message` → the severity a problem asked for (Spectral may shorten paths, so they are not part of the key). */
export const severityOverrides = new WeakMap<object, Map<string, Severity>>();

export function overrideKey(ruleId: string, message: string): string {
  return `${ruleId}\u0000${message}`;
}

export interface RuleDefinition {
  id: string;
  severity: Severity;
  category: Category;
  /** One sentence: what the convention demands. Shown in rule listings and SARIF. */
  description: string;
  /**
   * Checks the whole, unresolved document. Rules follow `$ref`s themselves through the
   * memoised helpers in `openapi.ts`, which is what lets every rule run on the unresolved
   * document (one walk shared by all rules) instead of Spectral's resolved copy.
   */
  check(document: OpenApiDocument, context: RulesetFunctionContext): Problem[];
  /** Rules that must also run on documents that are not OpenAPI 3.0/3.1 (only platform-openapi-3). */
  anyFormat?: boolean;
}

export const DOCS_BASE_URL = 'https://github.com/vottur/vottur/blob/main/docs/rules/';

export function docsUrl(id: string): string {
  return `${DOCS_BASE_URL}${id}.md`;
}

export function defineRule(definition: RuleDefinition): RuleDefinition {
  return definition;
}

/**
 * A rule's problems, handed over directly instead of as Spectral results. Spectral spends more
 * time on each result than a rule spends finding it (a printed pointer, two message templates
 * with a fresh expression parser each, a range); `vottur lint` registers a sink for the
 * document it runs (keyed by the document object the rule receives), takes the problems, and
 * does what Spectral would do with them itself (`src/lint/lint.ts`, checked against stock
 * Spectral by `test/lint/fast-path.test.ts`). The sink returns the problems it leaves to
 * Spectral. Where no sink is registered (the stock Spectral CLI, other programs) nothing changes.
 */
export type ProblemSink = (rule: RulesetFunctionContext['rule'], problems: Problem[]) => Problem[];
export const problemSinks = new WeakMap<object, ProblemSink>();

export function toSpectralRule(rule: RuleDefinition) {
  const fn = createRulesetFunction<unknown, null>({ input: null, options: null }, (input, _options, context) => {
    const seen = new Set<string>();
    const problems: Problem[] = [];
    // `vottur lint --timing` charges each rule its own time (see timing.ts).
    for (const problem of timed(rule.id, () => rule.check(input as OpenApiDocument, context))) {
      const unique = `${problem.path.join('\u0000')}\u0000${problem.message}`;
      if (seen.has(unique)) continue;
      seen.add(unique);
      problems.push(problem);
      if (problem.severity && problem.severity !== rule.severity && typeof input === 'object' && input !== null) {
        let overrides = severityOverrides.get(input);
        if (!overrides) severityOverrides.set(input, (overrides = new Map()));
        overrides.set(overrideKey(rule.id, problem.message), problem.severity);
      }
    }
    const sink = typeof input === 'object' && input !== null ? problemSinks.get(input) : undefined;
    return (sink ? sink(context.rule, problems) : problems).map(({ message, path }) => ({ message, path }));
  });
  Object.defineProperty(fn, 'name', { value: rule.id });
  return {
    description: rule.description,
    message: '{{error}}',
    severity: rule.severity,
    given: '$',
    resolved: false,
    ...(rule.anyFormat ? {} : { formats: [oas3_0, oas3_1] }),
    documentationUrl: docsUrl(rule.id),
    tags: [rule.category],
    extensions: { category: rule.category },
    then: { function: fn },
  };
}

/** `a.b[0]["c/d"]`-style rendering of a path for messages. */
export function printPath(path: JsonPath): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : /^[A-Za-z_$][\w$-]*$/.test(segment)
          ? `${index === 0 ? '' : '.'}${segment}`
          : `[${JSON.stringify(segment)}]`,
    )
    .join('');
}

/** Quotes a value for a message: strings in backticks, other values as JSON. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `\`${text.length > 80 ? `${text.slice(0, 77)}...` : text}\``;
}
