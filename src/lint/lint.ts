/**
 * The lint library: load a description, run the platform ruleset with Spectral's core, and
 * turn Spectral's results into `Finding`s. All vottur rules read the unresolved (bundled)
 * document and follow `$ref`s through memoised lookups, so Spectral's own `$ref` resolver is
 * replaced by one that does nothing.
 */
import { relative } from 'node:path';
import { Ruleset, Spectral, type IRuleResult, type RulesetDefinition } from '@stoplight/spectral-core';
import type { IParserResult } from '@stoplight/types';
import { encodePointer } from '../../rulesets/lib/openapi.js';
import { docsUrl, overrideKey, severityOverrides } from '../../rulesets/lib/rule.js';
import type { Category, DocumentInfo, Finding, RuleMeta, Severity } from '../report/finding.js';
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

/** Spectral needs a resolver; ours hands back the (already bundled) document untouched. */
const passThroughResolver = {
  uriCache: new Map(),
  resolve: async (data: unknown) => ({ result: data, graph: null, errors: [], refMap: {} }),
};

export function createLinter(definition: RulesetDefinition): Linter {
  const ruleset = new Ruleset(definition, { severity: 'recommended' });
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
  platformLinter ??= import('../../rulesets/vottur.js').then((module) => createLinter(module.default as RulesetDefinition));
  return platformLinter;
}

function title(data: unknown): { title?: string; version?: string } {
  const info = (data as { info?: { title?: unknown; version?: unknown } } | null)?.info;
  return {
    ...(typeof info?.title === 'string' ? { title: info.title } : {}),
    ...(typeof info?.version === 'string' ? { version: info.version } : {}),
  };
}

export async function lintDocument(file: string, options: LintDocumentOptions = {}): Promise<LintedDocument> {
  const cwd = options.cwd ?? process.cwd();
  const linter = options.linter ?? (await platformRulesetLinter());
  const loaded = await loadDescription(file, options);
  const root = loaded.files.get(loaded.rootUri)!;
  const displayPath = (uri: string) => (/^https?:/.test(uri) ? uri : relative(cwd, uri) || uri);
  const results = await linter.spectral.run({
      parsed: { ...root.parsed, data: loaded.data, diagnostics: [] } as IParserResult<unknown>,
      // Positions are computed later, only for the findings (and in the file each came from).
      getLocationForJsonPath: () => ({ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }),
    source: loaded.rootUri,
  });
  const findings: Finding[] = [];
  const overrides = severityOverrides.get(loaded.data as object);
  const ruleMeta = new Map(linter.rules.map((rule) => [rule.id, rule]));
  const openapiValid = ruleMeta.get('platform-openapi-valid');
  for (const result of results) {
    const meta = ruleMeta.get(String(result.code));
    if (!meta) {
      // Spectral's own diagnostics (parser warnings such as duplicate keys) are structural problems.
      if (result.code === 'unrecognized-format' || !openapiValid) continue;
      findings.push(toFinding(loaded, { ...openapiValid, severity: SEVERITY_BY_SPECTRAL[result.severity] ?? 'warn' }, result.message, result.path as Array<string | number>, displayPath));
      continue;
    }
    const severity = overrides?.get(overrideKey(meta.id, result.message)) ?? SEVERITY_BY_SPECTRAL[result.severity] ?? meta.severity;
    findings.push(toFinding(loaded, { ...meta, severity }, result.message, result.path as Array<string | number>, displayPath));
  }
  for (const diagnostic of root.parsed.diagnostics) {
    if (openapiValid) findings.push(toFinding(loaded, { ...openapiValid, severity: 'warn' }, `${diagnostic.message}.`, diagnostic.path ?? [], displayPath, diagnostic.range));
  }
  if (openapiValid) for (const problem of loaded.problems) findings.push(toFinding(loaded, openapiValid, problem.message, problem.path, displayPath));
  return { document: { path: displayPath(loaded.rootUri), ...title(loaded.data) }, findings };
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
  const range = knownRange ?? loaded.range(path);
  return {
    ruleId: rule.id,
    severity: rule.severity,
    category: rule.category,
    message,
    document: displayPath(origin.file.uri),
    pointer: encodePointer(origin.path),
    path: origin.path,
    ...(range ? { line: range.start.line + 1, column: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 } : {}),
    docsUrl: rule.docsUrl,
    source: 'lint',
  };
}

export type { IRuleResult };
