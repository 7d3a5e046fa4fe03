/**
 * The lint library: load a description, run the platform ruleset with Spectral's core, and
 * turn Spectral's results into `Finding`s. All vottur rules read the unresolved (bundled)
 * document and follow `$ref`s through memoised lookups, so Spectral's own `$ref` resolver is
 * replaced by one that does nothing.
 *
 * Where the time goes, and what is done about it (docs/performance.md has the measurements):
 * - parsing: JSON through `JSON.parse`, positions computed only for findings (`./json.ts`);
 * - `$ref`s: never resolved as a whole (the pass-through resolver below; `./load.ts` bundles
 *   only files with external references);
 * - the ruleset: vottur's own ruleset is validated by its tests, not on every run (Spectral
 *   compiles its ruleset schema with ajv for that, ~0.2 s);
 * - results: Spectral asks for a range for every result and sorts the results by it; the range
 *   it gets here is a dummy whose line is a counter, so the sort never reaches its slow
 *   locale-aware comparisons, and real ranges are computed afterwards, in the file each part
 *   of the description came from.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ruleset, Spectral, type IRuleResult, type Rule, type RulesetDefinition } from '@stoplight/spectral-core';
import type { IParserResult } from '@stoplight/types';
import { encodePointer } from '../../rulesets/lib/openapi.js';
import { docsUrl, overrideKey, problemSinks, severityOverrides, type Problem } from '../../rulesets/lib/rule.js';
import type { Category, DocumentInfo, Finding, RuleMeta, Severity } from '../report/finding.js';
import { shownPath } from '../report/source.js';
import { loadDescription, type LoadedDescription, type LoadOptions } from './load.js';

const SEVERITY_BY_SPECTRAL: Severity[] = ['error', 'warn', 'info', 'hint'];

export interface LintDocumentOptions extends LoadOptions {
  /** Paths in findings are made relative to this folder (default: the working directory). */
  cwd?: string;
  /** A prepared linter (see `createLinter`); one is made from the platform ruleset otherwise. */
  linter?: Linter;
}

export interface LintedDocument {
  document: DocumentInfo;
  findings: Finding[];
}

export interface Linter {
  spectral: Spectral;
  ruleset: Ruleset;
  rules: RuleMeta[];
}

export interface CreateLinterOptions {
  /**
   * Validate the ruleset definition with Spectral's schema (default: true). vottur's own ruleset
   * skips this at run time: its tests validate it, and the check costs ~0.2 s per process.
   */
  validate?: boolean;
}

/** Spectral needs a resolver; ours hands back the (already bundled) document untouched. */
const passThroughResolver = {
  uriCache: new Map(),
  resolve: async (data: unknown) => ({ result: data, graph: null, errors: [], refMap: {} }),
};

/**
 * Builds a `Ruleset` without Spectral's schema validation of the definition. Spectral's
 * `Ruleset` calls `assertValidRuleset` from its `validation/assertions` module; it is swapped
 * for a no-op for the duration of the constructor. Should that module ever move, the ruleset
 * is simply validated as usual.
 */
function unvalidatedRuleset(definition: RulesetDefinition): Ruleset {
  let assertions: { assertValidRuleset: unknown } | undefined;
  try {
    const require = createRequire(import.meta.url);
    assertions = require(join(dirname(require.resolve('@stoplight/spectral-core')), 'ruleset/validation/assertions.js'));
  } catch {
    assertions = undefined;
  }
  const original = assertions?.assertValidRuleset;
  if (!assertions || typeof original !== 'function') return new Ruleset(definition, { severity: 'recommended' });
  assertions.assertValidRuleset = () => undefined;
  try {
    return new Ruleset(definition, { severity: 'recommended' });
  } finally {
    assertions.assertValidRuleset = original;
  }
}

export function createLinter(definition: RulesetDefinition, options: CreateLinterOptions = {}): Linter {
  const ruleset = options.validate === false ? unvalidatedRuleset(definition) : new Ruleset(definition, { severity: 'recommended' });
  const spectral = new Spectral({ resolver: passThroughResolver as never });
  spectral.setRuleset(ruleset);
  const rules: RuleMeta[] = Object.values(ruleset.rules).map((rule) => ({
    id: rule.name,
    severity: SEVERITY_BY_SPECTRAL[rule.severity as number] ?? 'hint',
    category: ((rule.extensions as { category?: Category } | null)?.category ?? 'documentation') as Category,
    description: rule.description ?? rule.name,
    docsUrl: rule.documentationUrl ?? docsUrl(rule.name),
    source: 'lint',
  }));
  return { spectral, ruleset, rules };
}

let platformLinter: Promise<Linter> | undefined;

/** The linter with vottur's own ruleset, made once per process. */
export function platformRulesetLinter(): Promise<Linter> {
  platformLinter ??= import('../../rulesets/vottur.js').then((module) => createLinter(module.default as RulesetDefinition, { validate: false }));
  return platformLinter;
}

function title(data: unknown): { title?: string; version?: string } {
  const info = (data as { info?: { title?: unknown; version?: unknown } } | null)?.info;
  return {
    ...(typeof info?.title === 'string' ? { title: info.title } : {}),
    ...(typeof info?.version === 'string' ? { version: info.version } : {}),
  };
}

const metaByLinter = new WeakMap<Linter, Map<string, RuleMeta>>();

function ruleMetaOf(linter: Linter): Map<string, RuleMeta> {
  let meta = metaByLinter.get(linter);
  if (!meta) metaByLinter.set(linter, (meta = new Map(linter.rules.map((rule) => [rule.id, rule]))));
  return meta;
}

/** One result, as Spectral reports it: rule id, message, path, Spectral severity (0 = error). */
export interface RuleResult {
  code: string;
  message: string;
  path: Array<string | number>;
  severity: number;
}


/** `@stoplight/spectral-runtime`'s `getClosestJsonPath` (lodash `isObject`, an `in` test). */
function closestPath(data: unknown, path: string[]): string[] {
  const closest: string[] = [];
  let piece = data;
  for (const segment of path) {
    if (piece === null || (typeof piece !== 'object' && typeof piece !== 'function') || !(segment in (piece as object))) break;
    closest.push(segment);
    piece = (piece as Record<string, unknown>)[segment];
  }
  return closest;
}

/** `@stoplight/json`'s `decodePointerFragment` through spectral-runtime's `decodeSegmentFragment`. */
function decodeSegment(segment: string | number): string {
  if (typeof segment !== 'string') return String(segment);
  return segment.includes('~') ? segment.split('~1').join('/').split('~0').join('~') : segment;
}

/**
 * Runs the linter's rules over a loaded description; results in no particular order. vottur's
 * own rules hand their problems over through `problemSinks` (see rulesets/lib/rule.ts), and
 * they are turned into results here exactly as Spectral's `lintNode` would: segments decoded,
 * the path cut to the closest node that exists, the message trimmed, the severity asked of the
 * rule, duplicates dropped. Problems Spectral would treat differently (a message with a
 * `{{template}}`, a rule whose message is not `{{error}}`, a ruleset with overrides) are left to
 * Spectral.
 */
export async function runRules(linter: Linter, loaded: LoadedDescription): Promise<RuleResult[]> {
  const root = loaded.files.get(loaded.rootUri)!;
  const data = loaded.data;
  const collected: Array<{ rule: Rule; problems: Problem[] }> = [];
  const useSink = linter.ruleset.overrides === null && typeof data === 'object' && data !== null;
  if (useSink) {
    problemSinks.set(data, (context, problems) => {
      const rule = context as unknown as Rule; // Spectral's context carries the Rule object.
      if (rule.message !== '{{error}}') return problems;
      const left = problems.filter((problem) => problem.message.includes('{{'));
      collected.push({ rule, problems: left.length === 0 ? problems : problems.filter((problem) => !problem.message.includes('{{')) });
      return left;
    });
  }
  let order = 0;
  let spectralResults: IRuleResult[];
  try {
    spectralResults = await linter.spectral.run({
      parsed: { ...root.parsed, data, diagnostics: [] } as IParserResult<unknown>,
      // Positions are computed later, only for the findings (and in the file each came from).
      // Each result gets its own dummy line, so Spectral's sort settles on it at once; results
      // at the root share one, since Spectral tells their duplicates apart by range.
      getLocationForJsonPath: (_parsed: unknown, path: unknown[]) => {
        const line = path.length === 0 ? 0 : ++order;
        return { range: { start: { line, character: 0 }, end: { line, character: 0 } } };
      },
      source: loaded.rootUri,
    });
  } finally {
    if (useSink) problemSinks.delete(data as object);
  }
  const results: RuleResult[] = spectralResults.map((result) => ({ code: String(result.code), message: result.message, path: result.path as Array<string | number>, severity: result.severity }));
  for (const { rule, problems } of collected) {
    // Spectral drops a result whose rule, path and message repeat an earlier one. The rule
    // framework already removed repeats, so only a path that decoding or cutting changed (or a
    // trimmed message) can make a new one: fingerprints are kept only for a rule where that happened.
    const cut = problems.map((problem) => {
      const decoded = problem.path.map(decodeSegment);
      const path = closestPath(data, decoded);
      const changed = path.length !== decoded.length || problem.message.trim() !== problem.message || decoded.some((segment, i) => segment !== problem.path[i] && segment !== String(problem.path[i]));
      return { problem, path, changed };
    });
    const seen = cut.some((entry) => entry.changed) ? new Set<string>() : undefined;
    for (const { problem, path } of cut) {
      const severity = rule.getSeverityForSource(loaded.rootUri, path);
      if (severity === -1) continue;
      const message = problem.message.trim();
      if (seen) {
        const fingerprint = `${path.length > 0 ? JSON.stringify(path) : ''}\u0000${message}`;
        if (seen.has(fingerprint)) continue;
        seen.add(fingerprint);
      }
      results.push({ code: rule.name, message, path, severity });
    }
  }
  return results;
}

export async function lintDocument(file: string, options: LintDocumentOptions = {}): Promise<LintedDocument> {
  const cwd = options.cwd ?? process.cwd();
  const linter = options.linter ?? (await platformRulesetLinter());
  const loaded = await loadDescription(file, options);
  const root = loaded.files.get(loaded.rootUri)!;
  const displayPaths = new Map<string, string>();
  const displayPath = (uri: string) => {
    let shown = displayPaths.get(uri);
    if (shown === undefined) displayPaths.set(uri, (shown = /^https?:/.test(uri) ? uri : shownPath(cwd, uri)));
    return shown;
  };
  const results = await runRules(linter, loaded);
  const findings: Finding[] = [];
  const overrides = severityOverrides.get(loaded.data as object);
  const ruleMeta = ruleMetaOf(linter);
  const openapiValid = ruleMeta.get('platform-openapi-valid');
  for (const result of results) {
    const meta = ruleMeta.get(String(result.code));
    if (!meta) {
      // Spectral's own diagnostics (parser warnings such as duplicate keys) are structural problems.
      if (result.code === 'unrecognized-format' || !openapiValid) continue;
      findings.push(toFinding(loaded, { ...openapiValid, severity: SEVERITY_BY_SPECTRAL[result.severity] ?? 'warn' }, result.message, result.path, displayPath));
      continue;
    }
    const severity = overrides?.get(overrideKey(meta.id, result.message)) ?? SEVERITY_BY_SPECTRAL[result.severity] ?? meta.severity;
    findings.push(toFinding(loaded, severity === meta.severity ? meta : { ...meta, severity }, result.message, result.path, displayPath));
  }
  for (const diagnostic of root.parsed.diagnostics) {
    if (openapiValid) findings.push(toFinding(loaded, { ...openapiValid, severity: 'warn' }, parserMessage(diagnostic.message), diagnostic.path ?? [], displayPath, diagnostic.range));
  }
  if (openapiValid) for (const problem of loaded.problems) findings.push(toFinding(loaded, openapiValid, problem.message, problem.path, displayPath));
  return { document: { path: displayPath(loaded.rootUri), ...title(loaded.data) }, findings };
}

/** YAML's own words, with what to write where we can tell. */
function parserMessage(message: string): string {
  if (/mapping key must be a string scalar rather than number/.test(message)) return 'A key is written as a number (e.g. a status code `200:`); quote it so every reader takes it as text: `\'200\':`.';
  if (/duplicate key/i.test(message)) return `YAML: ${message}; a reader keeps only one of the two: remove or rename the other.`;
  return `YAML: ${message}.`;
}

function toFinding(
  loaded: LoadedDescription,
  rule: RuleMeta,
  message: string,
  path: Array<string | number>,
  displayPath: (uri: string) => string,
  knownRange?: { start: { line: number; character: number }; end: { line: number; character: number } },
): Finding {
  const origin = loaded.origin(path);
  const range = knownRange ?? origin.file.locate(origin.path);
  return {
    ruleId: rule.id,
    severity: rule.severity,
    category: rule.category,
    message,
    document: displayPath(origin.file.uri),
    ...(origin.file.uri !== loaded.rootUri ? { description: displayPath(loaded.rootUri) } : {}),
    pointer: encodePointer(origin.path),
    path: origin.path,
    ...(range ? { line: range.start.line + 1, column: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 } : {}),
    docsUrl: rule.docsUrl,
    source: 'lint',
  };
}

export type { IRuleResult };
