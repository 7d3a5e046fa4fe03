import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { CouldNotRunError } from '../cli/errors.js';
import { sortFindings, type Report } from '../report/finding.js';
import { toolInfo } from '../version.js';
import { lintDocument, platformRulesetLinter, type LintDocumentOptions } from './lint.js';

export { createLinter, lintDocument, platformRulesetLinter, type Linter, type LintDocumentOptions, type LintedDocument } from './lint.js';
export { loadDescription, type LoadedDescription, type LoadOptions } from './load.js';

export interface LintFilesOptions extends LintDocumentOptions {}

/** Expands files and glob patterns (`apis/**\/*.yaml`) to a sorted, de-duplicated list of files. */
export async function expandPatterns(patterns: string[], cwd = process.cwd()): Promise<string[]> {
  const files = new Set<string>();
  for (const pattern of patterns) {
    if (isDynamicPattern(pattern)) {
      const matches = await glob(pattern, { cwd, absolute: false, onlyFiles: true, expandDirectories: false });
      if (matches.length === 0) throw new CouldNotRunError(`no file matches ${pattern}; check the pattern (quote it so the shell does not expand it)`);
      for (const match of matches.sort()) files.add(match);
      continue;
    }
    const info = await stat(resolve(cwd, pattern)).catch(() => undefined);
    if (!info) throw new CouldNotRunError(`cannot read ${pattern}: no such file; check the path`);
    if (info.isDirectory()) throw new CouldNotRunError(`${pattern} is a folder; name the description file, or a pattern such as '${pattern.replace(/\/$/, '')}/**/*.yaml'`);
    files.add(pattern);
  }
  return [...files];
}

/** Lints every file the patterns name and gathers the results into one report. */
export async function lintFiles(patterns: string[], options: LintFilesOptions = {}): Promise<Report> {
  const cwd = options.cwd ?? process.cwd();
  const files = await expandPatterns(patterns, cwd);
  const linter = options.linter ?? (await platformRulesetLinter());
  const report: Report = { tool: toolInfo(), createdTimestamp: new Date().toISOString(), documents: [], rules: linter.rules, findings: [] };
  for (const file of files) {
    const result = await lintDocument(resolve(cwd, file), { ...options, cwd, linter });
    report.documents.push(result.document);
    report.findings.push(...result.findings);
  }
  sortFindings(report.findings);
  return report;
}
