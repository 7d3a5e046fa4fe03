/**
 * A vottur rule is data (id, severity, category, description) plus one small check function.
 * `vottur lint` runs the check itself (`src/lint/engine.ts`); `toSpectralRule`
 * (`./spectral-rule.ts`) turns the same object into a Spectral rule for the stock Spectral CLI
 * and for users who extend the ruleset. This module imports no Spectral code (only the node types
 * and guards of `./openapi/types.ts`), so running the rules natively loads none.
 */
import { isObject, type Document, type JsonPath } from './openapi/types.js';
import type { Vocabulary } from './vocabulary.js';

export type Severity = 'error' | 'warn' | 'info' | 'hint';
export type Category = 'documentation' | 'data-format' | 'naming' | 'methods' | 'errors' | 'security';
/** Where a node is: object keys and list indices from the document's root (see `./openapi/types.ts`). */
export type { JsonPath } from './openapi/types.js';
/** The description as parsed: the typed `Document` of `./openapi/types.ts` (every value `unknown` until a guard narrows it). */
export type OpenApiDocument = Document;

/** One place where a rule's convention is broken. */
export interface Problem {
  message: string;
  path: JsonPath;
  /**
   * A lower severity than the rule's for this one problem (e.g. the older catalogue error object
   * is a warning where other non-Problem-Details bodies are errors). `vottur lint` reports it as
   * given; Spectral results carry no severity of their own, so the stock Spectral CLI shows the
   * rule's severity.
   */
  severity?: Severity;
  /**
   * The other places this one problem stands for, where a rule reports several siblings once (the
   * media types of one body: "also as …"). Which of them is `path` follows the document's key
   * order; the finding's identity (fingerprint, baseline match) is the same whichever it is.
   *
   * Problems of one group (the operations sharing one `operationId`) hand every one the same
   * array of all the group's places, their own among them: one array, never one per problem, so
   * neither the rule, the engine nor the report grows with the square of the group
   * (issue 34, B12). A problem's own path in it is ignored.
   */
  also?: readonly JsonPath[];
  /**
   * The problem is the name of the member `path` ends at (a property's name), which is written
   * where the member is declared: a multi-file description's finding is placed there even when
   * the member's value is a `$ref` into another file, whose content the bundle put at that path
   * (issue 37, tenth outside measurement, #24).
   */
  name?: boolean;
}

/**
 * Where a rule's convention is stated: the seed document the linter enforces
 * (../shared/seed: the platform's published conventions), or only the platform's public design
 * guide, whose extra advice a rule may give but never as an error.
 */
export interface RuleSource {
  document: 'seed' | 'design guide';
  /** The part of that document, as a reader finds it: `Data format conventions: Amount`, `pagination.md`. */
  section: string;
}

/** How a rule's source is shown in listings and pages: `seed (Errors 1)`, `design guide (pagination.md)`. */
export function describeSource(source: RuleSource): string {
  return `${source.document} (${source.section})`;
}

/** What a message of a design-guide rule ends with, so that no reader takes it for the seed's demand. */
export function guideAttribution(source: RuleSource): string {
  return `The platform's design guide recommends this (${source.section}); the seed does not require it.`;
}

/**
 * What one run of the rules hands each rule besides the document: the judgement lists it reads,
 * the platform's plus a configuration's words. Passed, never shared: concurrent runs with
 * different configurations do not see each other's words.
 */
export interface RuleContext {
  vocabulary: Vocabulary;
  /**
   * The description's size in characters as a server that serves it would send it: the root file's
   * text, or a multi-file description's bundle as JSON (platform-xroad-registrable). Absent under
   * the stock Spectral CLI, which hands rules no text.
   */
  descriptionSize?: number;
}

export interface RuleDefinition {
  id: string;
  severity: Severity;
  category: Category;
  /** Where the convention is stated; a rule whose source is only the design guide is `warn` at most. */
  source: RuleSource;
  /** One sentence: what the convention demands. Shown in rule listings and SARIF. */
  description: string;
  /**
   * Checks the whole, unresolved document. Rules follow `$ref`s themselves through the
   * memoised views and helpers of `openapi/` (views.ts, resolve.ts), which is what lets every rule run on the unresolved
   * document (one walk shared by all rules) instead of a resolved copy. `context` carries the
   * run's vocabulary: a rule that reads a judgement list reads it there.
   */
  check(document: Document, context: RuleContext): Problem[];
  /** Rules that must also run on documents that are not OpenAPI 3.0/3.1/3.2 (only platform-openapi-3). */
  anyFormat?: boolean;
  /**
   * For a Swagger 2.0 description (linted through its conversion to OpenAPI 3, src/lint/swagger.ts):
   * the message's advice in Swagger 2.0's terms, where it names OpenAPI 3 constructs (`content`,
   * `example` beside `schema`). The places it names are restated by the converter's map first.
   */
  swagger2Wording?: (message: string) => string;
}

export const DOCS_BASE_URL = 'https://github.com/vottur/vottur/blob/main/docs/rules/';

export function docsUrl(id: string): string {
  return `${DOCS_BASE_URL}${id}.md`;
}

/**
 * A rule as both engines run it. A design-guide rule's messages end with `guideAttribution`, added
 * here so that vottur's engine and Spectral say the same.
 */
export function defineRule(definition: RuleDefinition): RuleDefinition {
  if (definition.source.document !== 'design guide') return definition;
  const attribution = guideAttribution(definition.source);
  return {
    ...definition,
    check: (document, context) =>
      definition.check(document, context).map((problem) => ({
        ...problem,
        message: `${problem.message.trimEnd()} ${attribution}`,
      })),
  };
}

/** The OpenAPI versions vottur's rules are written for (as Spectral's `oas3_0`/`oas3_1`/`oas3_2` formats test them). */
export function isOpenApi3x(document: unknown): boolean {
  if (!isObject(document) || !Object.prototype.hasOwnProperty.call(document, 'openapi')) return false;
  const version = String(document.openapi);
  return Number.parseInt(version) === 3 && /^3\.[012](?:\.[0-9]*)?$/.test(version);
}

/**
 * A rule's problems, each once: the same path and message reported twice (a schema reached two
 * ways) is one problem, as Spectral reports it.
 */
export function uniqueProblems(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique: Problem[] = [];
  for (const problem of problems) {
    const key = `${problem.path.join('\u0000')}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(problem);
  }
  return unique;
}

/** `a.b[0]["c/d"]`-style rendering of a path for messages. */
export function printPath(path: JsonPath): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : /^[\p{L}_$][\p{L}\p{N}_$-]*$/u.test(segment)
          ? `${index === 0 ? '' : '.'}${segment}`
          : `[${JSON.stringify(segment)}]`,
    )
    .join('');
}

/**
 * A message names its subject by its path; a schema component is clearer by its name: `User` or
 * `User.properties.email`, not `components.schemas.User.properties.email`.
 * Applied to every problem by vottur's engine and by `toSpectralRule`, so both say the same.
 */
export function nameComponentSubject(message: string, path: JsonPath): string {
  if (path[0] !== 'components' || path[1] !== 'schemas' || path.length < 3) return message;
  const printed = `\`${printPath(path)}\``;
  if (!message.includes(printed)) return message;
  // The schema's name as written (`Minarsidur.Models.Person`, `Umsókn`), never as `["…"]`.
  const rest = path.length > 3 ? printPath(path.slice(3)) : '';
  const named = `${String(path[2])}${rest === '' || rest.startsWith('[') ? rest : `.${rest}`}`;
  return message.split(printed).join(`\`${named}\``);
}

/**
 * Quotes a value for a message: strings in a code span, other values as JSON. The span's fence is
 * one backtick longer than the longest run of backticks in the value, with a space inside when the
 * value starts or ends with one (CommonMark), so a value holding backticks (``0101`30`2989``)
 * never closes the span early and leaks out of it in the Markdown report (issue 34, attack B18).
 */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  const fence = '`'.repeat(Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** The first three of `items` in backticks, then how many more: `` `a`, `b`, `c`, and 37 more `` (one finding naming the places of one cause). */
export function someOf(items: readonly string[], shown = 3): string {
  const named = items
    .slice(0, shown)
    .map((item) => `\`${item}\``)
    .join(', ');
  return items.length > shown ? `${named}, and ${items.length - shown} more` : named;
}
