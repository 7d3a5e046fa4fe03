/**
 * Reading saved JSON reports back and merging several into one: a lint and a test run, many
 * documents, or the shards of a CI matrix. `vottur report` is built on these.
 */
import { CouldNotRunError, errorCode, errorMessage } from '../errors.js';
import { lstatSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_NESTING, nestsDeeperThan } from '../runtime/json-nesting.js';
import { isInside, readRegularFileSync } from '../runtime/safe-read.js';
import {
  sortFindings,
  type DocumentInfo,
  type CoverageReport,
  type Finding,
  type OperationResult,
  type Report,
  type RuleMeta,
  type RunConfiguration,
} from './finding.js';
import { describeSchemaError, reportValidator } from './schema.js';

/** A report as the JSON format writes it; `summary` and `score` are derived and dropped on reading. */
interface JsonReport {
  tool: Report['tool'];
  createdTimestamp: string;
  documents: DocumentInfo[];
  rules: RuleMeta[];
  findings: Finding[];
  operations?: OperationResult[];
  coverage?: CoverageReport;
  configuration?: RunConfiguration;
  summary?: unknown;
  score?: unknown;
}

/** Checks a parsed JSON value against the report schema and returns it as a `Report`. */
export function parseJsonReport(value: unknown, name = 'report'): Report {
  const validate = reportValidator();
  if (!validate(value)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new CouldNotRunError(`${name} is not a vottur JSON report: expected an object written by --format json`);
    }
    throw new CouldNotRunError(`${name} is not a vottur JSON report: ${describeSchemaError(validate.errors)}`);
  }
  const json = value as JsonReport;
  return {
    tool: { name: json.tool.name, version: json.tool.version },
    createdTimestamp: json.createdTimestamp,
    documents: json.documents,
    rules: json.rules,
    findings: json.findings,
    ...(json.operations ? { operations: json.operations } : {}),
    ...(json.coverage ? { coverage: json.coverage } : {}),
    ...(json.configuration ? { configuration: json.configuration } : {}),
  };
}

/** The records of several runs as one: every list joined, each file once; the first policy and baseline. */
function mergeConfigurations(reports: readonly Report[]): RunConfiguration | undefined {
  const records = reports.flatMap((report) => (report.configuration ? [report.configuration] : []));
  if (records.length === 0) return undefined;
  const files = new Map<string, RunConfiguration['files'][number]>();
  for (const record of records)
    for (const file of record.files) files.set(`${file.kind}\u0000${file.path}\u0000${file.sha256}`, file);
  const policy = records.find((record) => record.policy)?.policy;
  const baseline = records.find((record) => record.baseline)?.baseline;
  const overlays = records.find((record) => record.overlays)?.overlays;
  return {
    ...(policy ? { policy } : {}),
    files: [...files.values()],
    rules: records.flatMap((record) => record.rules),
    extends: records.flatMap((record) => record.extends),
    suppressions: records.flatMap((record) => record.suppressions),
    ...(baseline ? { baseline } : {}),
    accepted: records.flatMap((record) => record.accepted),
    ...(overlays ? { overlays } : {}),
    ...(records.some((record) => record.settings)
      ? { settings: records.flatMap((record) => record.settings ?? []) }
      : {}),
    ...(records.some((record) => record.connections)
      ? { connections: records.flatMap((record) => record.connections ?? []) }
      : {}),
    ...(records.some((record) => record.vocabulary)
      ? { vocabulary: records.flatMap((record) => record.vocabulary ?? []) }
      : {}),
  };
}

/**
 * Reads a report written by `--format json`; anything else is a `CouldNotRunError` naming the
 * file (as `name`, by default the path).
 */
/**
 * The largest saved report read (a catalogue's report with every finding is tens of MB): a bound,
 * so a link to /dev/zero or a growing file is refused, not read until memory runs out.
 */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

/**
 * `root`: the repository the run is in. A report named inside it is read only where it really is
 * inside it: a committed folder link (`reports -> ../outside`) does not lead the read out (o34r9 L1).
 */
export function readJsonReport(path: string, name: string = path, root?: string): Report {
  let text: string;
  try {
    // The one bounded reader (attack r8 W1: /dev/zero read to 1.1 GB, a FIFO hung the run): a
    // regular file, opened without following a link, of at most MAX_REPORT_BYTES.
    if (lstatSync(path).isSymbolicLink())
      throw new CouldNotRunError(`cannot read ${name}: it is a symbolic link; name the file it leads to`);
    if (root !== undefined && isInside(resolve(path), root) && !isInside(realpathSync(path), realpathSync(root)))
      throw new CouldNotRunError(
        `cannot read ${name}: it leads outside the repository through a linked folder; name the file where it is`,
      );
    text = readRegularFileSync(path, {
      refuse: (why) => new CouldNotRunError(`cannot read ${name}: ${why}`),
      maxBytes: MAX_REPORT_BYTES,
    }).toString('utf8');
  } catch (error) {
    if (error instanceof CouldNotRunError) throw error;
    const code = errorCode(error);
    throw new CouldNotRunError(
      `cannot read ${name}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'ELOOP' ? 'it is a symbolic link; name the file it leads to' : (code ?? errorMessage(error))}`,
    );
  }
  // Bounded as lint's reader bounds a description (issue 34, attack B6): nesting counted on the text
  // before JSON.parse, so a report with a 5,000-level array in a finding is refused in one line
  // rather than overflowing the stack of the walks that read it.
  if (nestsDeeperThan(text))
    throw new CouldNotRunError(
      `${name} is not a vottur JSON report: it is nested deeper than ${MAX_NESTING} levels, which no report needs`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // Where, never what: the parser's message quotes the text, which may be another file's secret.
    const message = errorMessage(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const what = /end of JSON input/.test(message) ? 'it ends too soon' : 'an unexpected character';
    throw new CouldNotRunError(
      `${name} is not a vottur JSON report: not JSON (${what}${position !== undefined ? ` at character ${position}` : ''})`,
    );
  }
  return parseJsonReport(value, name);
}

export interface MergeOptions {
  /** The tool to name in the merged report; default: the first report's. */
  tool?: Report['tool'];
  /** The merged report's `createdTimestamp`; default: now. */
  now?: Date;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * One report from several: documents deduplicated by path (title and version taken from the first
 * report that has them), rules merged by id (first wins), findings concatenated and sorted (a
 * finding identical in every field to one already taken is kept once, so merging a report with
 * itself changes nothing), operations merged by document and operation (requests, findings and
 * time added up, identical entries kept once), and `createdTimestamp` set to now.
 */
export function mergeReports(reports: readonly Report[], options: MergeOptions = {}): Report {
  const [firstReport] = reports;
  if (firstReport === undefined) throw new CouldNotRunError('no report to merge');

  const documents = new Map<string, DocumentInfo>();
  for (const report of reports) {
    for (const document of report.documents) {
      const known = documents.get(document.path);
      if (!known) documents.set(document.path, { ...document });
      else {
        if (known.title === undefined && document.title !== undefined) known.title = document.title;
        if (known.version === undefined && document.version !== undefined) known.version = document.version;
      }
    }
  }

  const rules = new Map<string, RuleMeta>();
  for (const report of reports) for (const rule of report.rules) if (!rules.has(rule.id)) rules.set(rule.id, rule);

  const seenFindings = new Set<string>();
  const findings: Finding[] = [];
  for (const report of reports) {
    for (const finding of report.findings) {
      const key = canonical(finding);
      if (seenFindings.has(key)) continue;
      seenFindings.add(key);
      findings.push(finding);
    }
  }

  const coverages = reports.flatMap((r) => (r.coverage ? [r.coverage] : []));
  let operations: OperationResult[] | undefined;
  if (reports.some((r) => r.operations)) {
    const merged = new Map<string, { result: OperationResult; seen: Set<string> }>();
    for (const report of reports) {
      for (const operation of report.operations ?? []) {
        const key = `${operation.document}\u0000${operation.operation}`;
        const entry = merged.get(key);
        const identity = canonical(operation);
        if (!entry) {
          merged.set(key, { result: { ...operation }, seen: new Set([identity]) });
          continue;
        }
        if (entry.seen.has(identity)) continue;
        entry.seen.add(identity);
        entry.result.requests += operation.requests;
        entry.result.findings += operation.findings;
        if (operation.durationMs !== undefined)
          entry.result.durationMs = (entry.result.durationMs ?? 0) + operation.durationMs;
        if (entry.result.operationId === undefined && operation.operationId !== undefined)
          entry.result.operationId = operation.operationId;
      }
    }
    operations = [...merged.values()].map((entry) => entry.result);
  }

  const configuration = mergeConfigurations(reports);
  return {
    tool: options.tool ?? firstReport.tool,
    createdTimestamp: (options.now ?? new Date()).toISOString(),
    documents: [...documents.values()],
    rules: [...rules.values()],
    findings: sortFindings(findings),
    ...(operations ? { operations } : {}),
    // Coverage percentages of different runs do not add up: a merged report keeps one only when one run had it.
    ...(coverages.length === 1 ? { coverage: coverages[0] } : {}),
    ...(configuration ? { configuration } : {}),
  };
}
