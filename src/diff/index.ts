/**
 * `vottur diff` as a library: what changed between two versions of a description, what each
 * change does to callers, and whether the version number says so. Every change is a `Finding`
 * (source `diff`) located in the revision, with the base's place in its message and as a related
 * location.
 */
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { infoOf, isObject, type Document, type JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { LoadedDescription, LoadOptions } from '../lint/load.js';
import { CouldNotRunError } from '../errors.js';
import { sortFindings, type Finding, type Report, type Severity } from '../report/finding.js';
import { toolInfo } from '../version.js';
import { accepts, suppressionsAt, type AcceptEntry } from './accept.js';
import {
  check,
  CLASS_SEVERITY,
  diffDocsUrl,
  diffRules,
  SEVERITY_CLASS,
  VERSION_RULES,
  type ChangeClass,
} from './checks.js';
import { compareDescriptions } from './compare.js';
import { displayIn, loadSide, type Side } from './sides.js';
import { checkVersioning, diffOutcome, versionText, type VersionVerdict } from './versioning.js';
import { cwdOf } from '../runtime/process-defaults.js';

export {
  CHECKS,
  VERSION_RULES,
  CLASS_LABEL,
  CLASS_SEVERITY,
  classify,
  type CheckDefinition,
  type ChangeClass,
} from './checks.js';
export { readAcceptFile, parseAcceptEntries, type AcceptEntry } from './accept.js';
export { parseGitSpec } from './sides.js';

export interface DiffOptions extends LoadOptions {
  /** Changes accepted on purpose (from `--accept`). */
  accept?: readonly AcceptEntry[];
  /** Folder that relative paths and `REF:path` are read from; default the working directory. */
  cwd?: string;
  /**
   * The level the configuration sets for a rule at a place (vottur.config.yaml's `rules` and
   * `overrides`). For a diff check it is the class the team gives the change (error → breaking,
   * warn → needs review, info → non-breaking, hint → documentation), applied before the version is
   * judged, so every figure agrees; `off` is refused (accept a change with a reason instead). For a
   * versioning rule it is its severity, and `off` leaves it out.
   */
  level?: (ruleId: string, document: string, pointer: string, own: Severity) => Severity | 'off' | undefined;
  /**
   * Whether an acceptance (`x-vottur-ignore` in the revision, an `--accept` entry) of a rule holds
   * the change back; default: every one does. Under a policy one it refuses is still returned in
   * `accepted` (to be listed and refused), but the change counts: in the classes, the version
   * verdict and every summary, so no headline says "allows these changes" on a failing run.
   */
  mayAccept?: (ruleId: string) => boolean;
  /** How many operations a change lists (default `MAX_LISTED_OPERATIONS`; the rest are counted). */
  maxListedOperations?: number;
}

export interface DiffResult {
  report: Report;
  verdict: VersionVerdict;
  /** Findings accepted by `x-vottur-ignore` or the accept file, with the reason (also in the report, with `suppressions`). */
  accepted: Array<{ finding: Finding; reason: string; reaches?: string[] }>;
}

/**
 * How many operations a change to a shared component lists (its own first): 2,000 operations
 * sharing one changed schema listed every one under every change, a report growing as changes ×
 * operations. The rest are counted (`operationsNotListed`, shown in every format); acceptances by
 * operation are still matched against every operation the change reaches.
 */
export const MAX_LISTED_OPERATIONS = 100;

/** A finding's operations as listed: the first `max`, the rest counted. */
function listedOperations(finding: Finding, max: number): Finding {
  const all = finding.operations;
  if (!all || all.length <= max) return finding;
  return { ...finding, operations: all.slice(0, max), operationsNotListed: all.length - max };
}

/** Where a bundled path lands: the file it came from (as shown), the pointer and position in it. */
function locate(
  side: Side,
  path: JsonPath,
): { document: string; pointer: string; path: JsonPath; line?: number; column?: number } {
  // A converted Swagger 2.0 side: the place the author wrote, in the original.
  const original = side.converted ? side.converted.originOf(path).path : path;
  const origin = side.loaded.origin(original);
  const range = side.loaded.range(original);
  return {
    document: side.display(origin.file.uri),
    pointer: encodePointer(origin.path),
    path: origin.path,
    ...(range ? { line: range.start.line + 1, column: range.start.character + 1 } : {}),
  };
}

/** A side's description: an object (`loadSide` refuses anything but an OpenAPI 3 description). */
function documentOf(side: Side): Document {
  const data = side.converted?.data ?? side.loaded.data;
  return isObject(data) ? data : {};
}

const RULE_SEVERITY = new Map(VERSION_RULES.map((rule) => [rule.id, rule.severity]));

/** The severity of a versioning rule: the versioning checks report only rules listed in VERSION_RULES. */
function versionRuleSeverity(rule: string): Severity {
  const severity = RULE_SEVERITY.get(rule);
  if (severity === undefined)
    throw new Error(`the versioning check reported ${rule}, which VERSION_RULES does not list`);
  return severity;
}

/** Compares two loaded sides. */
export function diffSides(
  base: Side,
  revision: Side,
  options: Pick<DiffOptions, 'accept' | 'level' | 'mayAccept' | 'maxListedOperations'> = {},
): DiffResult {
  const baseData = documentOf(base);
  const revisionData = documentOf(revision);
  const comparison = compareDescriptions(baseData, revisionData);
  const rootDocument = revision.display(revision.loaded.rootUri);
  const findings: Finding[] = [];
  const accepted: DiffResult['accepted'] = [];
  const classes: ChangeClass[] = [];

  const build = (
    ruleId: string,
    severity: Finding['severity'],
    category: Finding['category'],
    message: string,
    path: JsonPath,
    basePath: JsonPath,
    operation?: string,
    operationId?: string,
  ): Finding => {
    const at = locate(revision, path);
    const was = locate(base, basePath);
    const baseWhere = `${was.document}${was.line !== undefined ? `:${was.line}` : ''}`;
    return {
      ruleId,
      severity,
      category,
      message: `${message} (base: ${baseWhere}${was.pointer ? ` ${was.pointer}` : ''})`,
      document: at.document,
      ...(at.document !== rootDocument ? { description: rootDocument } : {}),
      pointer: at.pointer,
      path: at.path,
      ...(at.line !== undefined ? { line: at.line, column: at.column } : {}),
      docsUrl: diffDocsUrl(ruleId),
      source: 'diff',
      ...(operation ? { operation } : {}),
      ...(operationId ? { operationId } : {}),
      related: [
        {
          document: was.document,
          pointer: was.pointer,
          ...(was.line !== undefined ? { line: was.line, column: was.column } : {}),
          message: 'in the base version',
        },
      ],
    };
  };

  // A suppression is read from the revision's bundled tree, at the finding's node or above it.
  const acceptance = (finding: Finding, path: JsonPath): [NonNullable<Finding['suppressions']>[number]] | undefined => {
    const own = suppressionsAt(revisionData, path).find((s) => s.rule === finding.ruleId);
    if (own) return [{ kind: 'inSource', justification: own.reason }];
    const entry = options.accept?.find((candidate) => accepts(candidate, finding));
    return entry ? [{ kind: 'external', justification: entry.reason }] : undefined;
  };
  const mayAccept = options.mayAccept ?? (() => true);
  const levelOf = (finding: Finding) =>
    options.level?.(finding.ruleId, finding.document, finding.pointer, finding.severity);

  const seen = new Set<string>();
  const changeFindings: Array<{ finding: Finding; cls: ChangeClass; path: JsonPath }> = [];
  for (const change of comparison.changes) {
    const definition = check(change.check);
    const built = build(
      change.check,
      CLASS_SEVERITY[definition.class],
      definition.category,
      change.message,
      change.path,
      change.basePath,
      change.operation,
      change.operationId,
    );
    const finding =
      change.operation && change.alsoReaches?.length
        ? { ...built, operations: [change.operation, ...change.alsoReaches] }
        : built;
    // One finding per rule, place and message (a shared component reached from several operations is compared once; this guards the rest).
    const key = `${finding.ruleId}\u0000${finding.document}\u0000${finding.pointer}\u0000${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A level set in the configuration is the class the team gives the change, before the version is judged.
    const level = levelOf(finding);
    if (level === 'off')
      throw new CouldNotRunError(
        `the configuration turns ${finding.ruleId} off; a change is accepted with x-vottur-ignore or --accept, with a reason, never by turning a check off (set a level instead: error, warn, info or hint)`,
      );
    const cls = level ? SEVERITY_CLASS[level] : definition.class;
    changeFindings.push({
      finding: { ...finding, severity: CLASS_SEVERITY[cls], changeClass: cls },
      cls,
      path: change.path,
    });
  }
  for (const { finding: reaching, cls, path } of changeFindings) {
    // Accepted by operation against every operation the change reaches; listed bounded.
    const suppressions = acceptance(reaching, path);
    const finding = listedOperations(reaching, Math.max(1, options.maxListedOperations ?? MAX_LISTED_OPERATIONS));
    if (suppressions) {
      accepted.push({
        finding,
        reason: suppressions[0].justification,
        ...(finding !== reaching && reaching.operations ? { reaches: reaching.operations } : {}),
      });
      if (mayAccept(finding.ruleId)) {
        findings.push({ ...finding, suppressions });
        continue;
      }
    }
    classes.push(cls);
    findings.push(finding);
  }

  const verdict = checkVersioning(baseData, revisionData, classes, comparison.removedOperations);
  if (verdict.majorAnnouncesBreaking) {
    for (const finding of findings) {
      if (finding.changeClass === 'breaking' && finding.severity === 'error') {
        finding.severity = 'warn';
        finding.message += `; allowed by the new major version ${verdict.revisionVersion}`;
      }
    }
  }
  for (const v of verdict.findings) {
    const finding = build(
      v.rule,
      versionRuleSeverity(v.rule),
      'documentation',
      v.message,
      v.path,
      v.basePath,
      v.operation,
    );
    const level = levelOf(finding);
    if (level === 'off') continue;
    const configured = level ? { ...finding, severity: level } : finding;
    const suppressions = acceptance(configured, v.path);
    if (suppressions) accepted.push({ finding: configured, reason: suppressions[0].justification });
    findings.push(suppressions && mayAccept(configured.ruleId) ? { ...configured, suppressions } : configured);
  }

  const info = (side: Side) => {
    const data = infoOf(documentOf(side));
    return {
      path: side.display(side.loaded.rootUri),
      ...(typeof data?.title === 'string' ? { title: data.title } : {}),
      ...(data?.version !== undefined ? { version: versionText(data.version) } : {}),
    };
  };
  const report: Report = {
    tool: toolInfo(),
    createdTimestamp: new Date().toISOString(),
    documents: [info(base), info(revision)],
    rules: diffRules(),
    findings: sortFindings(findings),
    diff: diffOutcome(verdict, findings),
  };
  return { report, verdict, accepted };
}

/** Loads both sides (files, multi-file descriptions, or `REF:path`) and compares them. */
export async function diffDescriptionsDetailed(
  base: string,
  revision: string,
  options: DiffOptions = {},
): Promise<DiffResult> {
  // Both read side by side; when both fail, the base's failure is the one said (the same every run).
  const [baseRead, revisionRead] = await Promise.allSettled([loadSide(base, options), loadSide(revision, options)]);
  if (baseRead.status === 'rejected') throw baseRead.reason;
  if (revisionRead.status === 'rejected') throw revisionRead.reason;
  const [baseSide, revisionSide] = [baseRead.value, revisionRead.value];
  if (baseSide.display(baseSide.loaded.rootUri) === revisionSide.display(revisionSide.loaded.rootUri)) {
    // Same path on both sides: the base is shown with a marker so the report tells them apart.
    const display = baseSide.display;
    baseSide.display = (uri) => `${display(uri)} (base)`;
  }
  return diffSides(baseSide, revisionSide, options);
}

/** The diff as a report. */
export async function diffDescriptions(base: string, revision: string, options: DiffOptions = {}): Promise<Report> {
  return (await diffDescriptionsDetailed(base, revision, options)).report;
}

/**
 * The changes from `base` to a description already loaded (`vottur check --base`, which has read the
 * revision for the linter): a report of the revision alone, so that merged with the lint and
 * contract reports it scores one document, not the base as well.
 */
export async function diffAgainstBase(
  base: string,
  revision: LoadedDescription,
  options: DiffOptions = {},
): Promise<DiffResult> {
  const cwd = cwdOf(options);
  const baseSide = await loadSide(base, options);
  const revisionSide: Side = { name: revision.rootUri, loaded: revision, display: displayIn(cwd) };
  if (baseSide.display(baseSide.loaded.rootUri) === revisionSide.display(revision.rootUri)) {
    const display = baseSide.display;
    baseSide.display = (uri) => `${display(uri)} (base)`;
  }
  const result = diffSides(baseSide, revisionSide, options);
  return { ...result, report: { ...result.report, documents: result.report.documents.slice(1) } };
}

export { isDiffReport } from '../report/formatters/diff.js';
