/**
 * The lint library: load a description, run the platform rules over it with vottur's own engine
 * (`./engine.ts`), and turn their problems into `Finding`s. All vottur rules read the unresolved
 * (bundled) document and follow `$ref`s through memoised lookups.
 *
 * Where the time goes, and what is done about it (docs/performance.md has the measurements):
 * - parsing: JSON through `JSON.parse`, positions computed only for findings (`./json.ts`);
 * - `$ref`s: never resolved as a whole (`./load.ts` bundles only files with external references);
 * - rules: each is a function over shared memoised views, run directly, with no Spectral
 *   document model, JSONPath engine or ruleset validation in between;
 * - results: positions are computed only for the findings, in the file each part of the
 *   description came from.
 *
 * Spectral is loaded only for rulesets written for Spectral (`createLinter`, `./spectral.ts`).
 */
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { infoOf, isObject } from '../../rulesets/lib/openapi/types.js';
import {
  docsUrl,
  nameComponentSubject,
  printPath,
  type JsonPath,
  type RuleDefinition,
} from '../../rulesets/lib/rule.js';
import { severityRank, type DocumentInfo, type Finding, type RuleMeta, type Severity } from '../report/finding.js';
import {
  FINDINGS_LIMIT_META,
  MAX_ALSO_FINGERPRINTS,
  MAX_FINDINGS_PER_DOCUMENT,
  MAX_FINDINGS_PER_RULE,
  RULE_FAILED_META,
  WALK_LIMIT_META,
  RULESET_LIMIT_META,
} from './limits.js';
import { runRules, type Linter, type RuleResult } from './engine.js';
import { isSwagger2, runRulesOnSwagger2 } from './swagger.js';
import type { VocabularyAdditions } from '../../rulesets/lib/vocabulary.js';
import { applySuppressions, IGNORE_KEY, SUPPRESSION_RULES } from './suppress.js';
import { fingerprint } from '../report/fingerprint.js';
import { shownPath } from '../report/source.js';
import { loadDescription, rootFile, type LoadedDescription, type LoadOptions } from './load.js';
import { cwdOf } from '../runtime/process-defaults.js';

export type { Linter };

export interface LintDocumentOptions extends LoadOptions {
  /** Paths in findings are made relative to this folder (default: the working directory). */
  cwd?: string;
  /** A prepared linter (see `nativeLinter`, `createLinter`); the platform ruleset's otherwise. */
  linter?: Linter;
  /** The description already loaded (by `loadDescription`, for `file`): it is not read again. */
  loaded?: LoadedDescription;
  /** Words the document's configuration adds to the rules' judgement lists. */
  vocabulary?: VocabularyAdditions;
  /** Rules the document's configuration turns off: not run. */
  skip?: readonly string[];
}

export interface LintedDocument {
  document: DocumentInfo;
  findings: Finding[];
}

export function ruleMeta(rule: RuleDefinition): RuleMeta {
  return {
    id: rule.id,
    severity: rule.severity,
    category: rule.category,
    description: rule.description,
    docsUrl: docsUrl(rule.id),
    source: 'lint',
    convention: rule.source,
  };
}

/**
 * A linter that runs vottur rules with vottur's own engine. A Swagger 2.0 document is converted in
 * memory and its findings mapped back to the original (`./swagger.ts`; the converter is loaded only then).
 */
export function nativeLinter(rules: readonly RuleDefinition[]): Linter {
  return {
    rules: rules.map(ruleMeta),
    run: (loaded, settings) =>
      isSwagger2(loaded.data)
        ? runRulesOnSwagger2(rules, loaded.data as Record<string, unknown>, settings)
        : runRules(rules, loaded.data, settings),
  };
}

let platformLinter: Promise<Linter> | undefined;

/** The linter with vottur's own ruleset, made once per process. */
export function platformRulesetLinter(): Promise<Linter> {
  platformLinter ??= import('../../rulesets/rules/index.js').then((module) => nativeLinter(module.RULES));
  return platformLinter;
}

/** A linter for a ruleset written for Spectral (`{ rules: {...} }`, `extends`...): loads Spectral's core. */
export async function createLinter(definition: unknown): Promise<Linter> {
  return (await import('./spectral.js')).spectralLinter(definition);
}

function title(data: unknown): { title?: string; version?: string } {
  const info = isObject(data) ? infoOf(data) : undefined;
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

interface Identity {
  fingerprint: string;
  also?: string[];
}

/** The fingerprints of a group's places, sorted, computed once however many results share the group. */
type GroupFingerprints = WeakMap<readonly JsonPath[], readonly string[]>;

/**
 * A result's fingerprint.
 *
 * A result that stands for several places (`also`: the media types of one body, the operations
 * sharing one `operationId`) is known by the least fingerprint of the group's places, so it does
 * not depend on which place the key order reported it at. It keeps at most
 * `MAX_ALSO_FINGERPRINTS` others for matching a baseline written by an earlier version (whose entry
 * holds whichever place came first then): its own place's first, then the least of the rest. A
 * finding's size never grows with its group (issue 34, B12: 4,000 operations sharing one id gave
 * each finding 3,999 fingerprints, a 35 MB report for 1,000 and out of memory for 4,000).
 */
function fingerprintOf(result: RuleResult, ruleId: string, data: unknown, groups: GroupFingerprints): Identity {
  const own = fingerprint(ruleId, data, result.path);
  if (result.also === undefined) return { fingerprint: own };
  let group = groups.get(result.also);
  if (!group) {
    group = [...new Set(result.also.map((path) => fingerprint(ruleId, data, path)))].sort();
    groups.set(result.also, group);
  }
  const least = group[0] !== undefined && group[0] < own ? group[0] : own;
  const also: string[] = least === own ? [] : [own];
  for (const other of group) {
    if (also.length >= MAX_ALSO_FINGERPRINTS) break;
    if (other !== least && other !== own) also.push(other);
  }
  return also.length > 0 ? { fingerprint: least, also } : { fingerprint: own };
}

/**
 * Gives `finding` its fingerprint as a member computed when first read: a baseline, SARIF, JSON or
 * the language server read it, a stylish run over a large description never does (Stripe's
 * 22,000 findings spent ~5 % of the run hashing). It is an enumerable member in the same place
 * as an assigned one (JSON, spreading and structured cloning read the same value), and assigning
 * to it makes it a plain member again.
 *
 * Every finding has the same getter and setter, and keeps what its fingerprint is made from under
 * a symbol that is not enumerable (not in JSON, spreads or clones): V8 gives objects one shape only
 * when their accessors are the same functions. With a closure per finding, every finding but the
 * first was a dictionary, and every read of a member (the score's, the JSON writer's) a lookup in it.
 */
function lazyFingerprint(finding: Finding, result: RuleResult, data: unknown): void {
  const state: LazyFingerprint = { ruleId: finding.ruleId, result, data, value: undefined };
  Object.defineProperty(finding, LAZY_FINGERPRINT, { value: state });
  Object.defineProperty(finding, 'fingerprint', {
    enumerable: true,
    configurable: true,
    get: readFingerprint,
    set: assignFingerprint,
  });
}

const LAZY_FINGERPRINT = Symbol('lazy fingerprint');

interface LazyFingerprint {
  ruleId: string;
  result: RuleResult;
  data: unknown;
  value: string | undefined;
}

function readFingerprint(this: { [LAZY_FINGERPRINT]: LazyFingerprint }): string {
  const state = this[LAZY_FINGERPRINT];
  // Only results that stand for one place are fingerprinted lazily, so their own is the one.
  return (state.value ??= fingerprint(state.ruleId, state.data, state.result.path));
}

function assignFingerprint(this: Finding, given: string | undefined): void {
  Object.defineProperty(this, 'fingerprint', { value: given, writable: true, enumerable: true, configurable: true });
}

/** The rule a suppression problem is reported under: SUPPRESSION_RULES lists every one. */
function suppressionRule(id: string): RuleMeta {
  const rule = SUPPRESSION_RULES.find((candidate) => candidate.id === id);
  if (rule === undefined) throw new Error(`SUPPRESSION_RULES lists no rule ${id}`);
  return rule;
}

/**
 * What an X-Road security server would read of the description: the root file's text, or, for a
 * description split over several files (which the server cannot follow), its bundle as JSON.
 */
function descriptionSize(loaded: LoadedDescription): number {
  if (loaded.files.size <= 1) return rootFile(loaded).text.length;
  return JSON.stringify(loaded.data).length;
}

export async function lintDocument(file: string, options: LintDocumentOptions = {}): Promise<LintedDocument> {
  const cwd = cwdOf(options);
  const linter = options.linter ?? (await platformRulesetLinter());
  const loaded = options.loaded ?? (await loadDescription(file, options));
  const root = rootFile(loaded);
  const displayPaths = new Map<string, string>();
  const displayPath = (uri: string) => {
    let shown = displayPaths.get(uri);
    if (shown === undefined) displayPaths.set(uri, (shown = /^https?:/.test(uri) ? uri : shownPath(cwd, uri)));
    return shown;
  };
  const results = await linter.run(loaded, {
    ...(options.vocabulary ? { vocabulary: options.vocabulary } : {}),
    ...(options.skip && options.skip.length > 0 ? { skip: new Set(options.skip) } : {}),
    descriptionSize: descriptionSize(loaded),
  });
  const findings: Finding[] = [];
  const metaById = ruleMetaOf(linter);
  // Structural problems (the loader's, the parser's) are reported when the linter runs that rule.
  const openapiValid = metaById.get('platform-openapi-valid');
  // `x-vottur-ignore` on the bundled document, at the paths the rules reported.
  // Walked only when some file of the description mentions the key (most never do).
  const mentionsIgnore = [...loaded.files.values()].some((source) => source.text.includes(IGNORE_KEY));
  const located: Array<{ finding: Finding; path: Array<string | number> }> = [];
  // Findings kept of each rule: past the bound the rest are counted, and one finding says so.
  const kept = new Map<string, number>();
  const over = new Map<string, { count: number; severity: Severity }>();
  const groups: GroupFingerprints = new WeakMap();
  for (const result of results) {
    // A result of no known rule (Spectral's own diagnostics under a Spectral ruleset) is a structural problem.
    const meta =
      metaById.get(result.code) ??
      (result.code === RULE_FAILED_META.id
        ? RULE_FAILED_META
        : result.code === WALK_LIMIT_META.id
          ? WALK_LIMIT_META
          : result.code === RULESET_LIMIT_META.id
            ? RULESET_LIMIT_META
            : result.code === 'unrecognized-format'
              ? undefined
              : openapiValid);
    if (!meta) continue;
    const count = kept.get(meta.id) ?? 0;
    if (
      count >= MAX_FINDINGS_PER_RULE ||
      findings.length >= MAX_FINDINGS_PER_DOCUMENT ||
      result.omitted !== undefined
    ) {
      const dropped = over.get(meta.id);
      if (dropped) {
        dropped.count += result.omitted ?? 1;
        if (severityRank(result.severity) < severityRank(dropped.severity)) dropped.severity = result.severity;
      } else over.set(meta.id, { count: result.omitted ?? 1, severity: result.severity });
      continue;
    }
    kept.set(meta.id, count + 1);
    const finding = toFinding(
      loaded,
      result.severity === meta.severity ? meta : { ...meta, severity: result.severity },
      result.message,
      result.path,
      displayPath,
      undefined,
      result.name,
    );
    // Most findings stand for one place: fingerprinted when first read. One that stands for several
    // ("also as …") takes the least of their fingerprints, and keeps the others for the baseline.
    if (result.also === undefined) lazyFingerprint(finding, result, loaded.data);
    else {
      const identity = fingerprintOf(result, finding.ruleId, loaded.data, groups);
      finding.fingerprint = identity.fingerprint;
      if (identity.also) finding.alsoFingerprints = identity.also;
    }
    findings.push(finding);
    if (mentionsIgnore) located.push({ finding, path: result.path });
  }
  for (const [ruleId, { count, severity }] of over) {
    const shown = kept.get(ruleId) ?? 0;
    findings.push(
      toFinding(
        loaded,
        { ...FINDINGS_LIMIT_META, severity },
        shown >= MAX_FINDINGS_PER_RULE
          ? `Rule \`${ruleId}\` found more than ${MAX_FINDINGS_PER_RULE.toLocaleString('en')} problems in this document; the first ${MAX_FINDINGS_PER_RULE.toLocaleString('en')} are reported and ${count.toLocaleString('en')} more are not (the bound keeps a run's memory and reports bounded). Fix the cause those shown share, or narrow the rule's \`given\`.`
          : `Rule \`${ruleId}\` found ${count.toLocaleString('en')} more problems than the ${shown.toLocaleString('en')} reported: the document's findings reached the bound of ${MAX_FINDINGS_PER_DOCUMENT.toLocaleString('en')} for all rules together (the bound keeps a run's memory and reports bounded). Fix the causes those shown share, or narrow the rules' \`given\`.`,
        [],
        displayPath,
      ),
    );
  }
  for (const problem of mentionsIgnore ? applySuppressions(loaded.data, located) : []) {
    findings.push(toFinding(loaded, suppressionRule(problem.ruleId), problem.message, problem.path, displayPath));
  }
  if (openapiValid) {
    for (const diagnostic of root.parsed.diagnostics) {
      findings.push(
        toFinding(
          loaded,
          { ...openapiValid, severity: 'warn' },
          parserMessage(diagnostic.message),
          diagnostic.path ?? [],
          displayPath,
          diagnostic.range,
        ),
      );
    }
    for (const problem of loaded.problems)
      findings.push(toFinding(loaded, openapiValid, problem.message, problem.path, displayPath));
  }
  return { document: { path: displayPath(loaded.rootUri), ...title(loaded.data) }, findings };
}

/** YAML's own words, with what to write where we can tell. */
function parserMessage(message: string): string {
  if (/mapping key must be a string scalar rather than number/.test(message))
    return "A key is written as a number (e.g. a status code `200:`); quote it so every reader takes it as text: `'200':`.";
  if (/duplicate key/i.test(message))
    return `YAML: ${message}; a reader keeps only one of the two: remove or rename the other.`;
  return `YAML: ${message}.`;
}

/**
 * A message names its subject by the path in the bundled description; where that subject has a
 * name of its own, the name is clearer: a component is `User.properties.email`,
 * not `components.schemas.User.properties.email`, and a part of another file of a multi-file
 * description is that file (`schemas/user.yaml`), not the path of the first operation that
 * happened to use it (`paths["/v1/users/{userId}"].get.responses["200"]…`).
 */
function namedSubject(
  message: string,
  path: ReadonlyArray<string | number>,
  loaded: LoadedDescription,
  origin: { file: { uri: string }; path: ReadonlyArray<string | number> },
): string {
  if (origin.file.uri === loaded.rootUri) return nameComponentSubject(message, [...path]);
  const printed = `\`${printPath([...path])}\``;
  if (path.length === 0 || !message.includes(printed)) return message;
  const file = fileNameFrom(loaded.rootUri, origin.file.uri);
  const inFile =
    origin.path[0] === 'components' && origin.path[1] === 'schemas' && origin.path.length >= 3
      ? origin.path.slice(2)
      : origin.path;
  return message.split(printed).join(`\`${inFile.length === 0 ? file : `${file}#${printPath([...inFile])}`}\``);
}

/** A file of a multi-file description as the author wrote its `$ref`: relative to the root file's folder. */
function fileNameFrom(rootUri: string, uri: string): string {
  const folder = rootUri.slice(0, rootUri.lastIndexOf('/') + 1);
  return decodeURIComponent(uri.startsWith(folder) ? uri.slice(folder.length) : uri.slice(uri.lastIndexOf('/') + 1));
}

function toFinding(
  loaded: LoadedDescription,
  rule: RuleMeta,
  message: string,
  path: Array<string | number>,
  displayPath: (uri: string) => string,
  knownRange?: { start: { line: number; character: number }; end: { line: number; character: number } },
  name?: boolean,
): Finding {
  const origin = loaded.origin(path, name);
  const range = knownRange ?? origin.file.locate(origin.path);
  // Members in this order (the JSON report's); optional ones set only when they have a value.
  const finding: Finding = {
    ruleId: rule.id,
    severity: rule.severity,
    category: rule.category,
    message: namedSubject(message, path, loaded, origin),
    document: displayPath(origin.file.uri),
    ...(origin.file.uri !== loaded.rootUri ? { description: displayPath(loaded.rootUri) } : {}),
    pointer: encodePointer(origin.path),
    path: origin.path,
    ...(range
      ? {
          line: range.start.line + 1,
          column: range.start.character + 1,
          endLine: range.end.line + 1,
          endColumn: range.end.character + 1,
        }
      : {}),
    docsUrl: rule.docsUrl,
    source: 'lint',
    ...(rule.ruleset !== undefined ? { ruleset: rule.ruleset } : {}),
  };
  return finding;
}
