/**
 * The platform's versioning rules on a pair of descriptions (GUIDE-NOTES, Versioning): semantic
 * `info.version`, only the major in the URL (`/v2/...`), a breaking change only as a new major
 * with the old one still answering, and at least six months' notice before a version is retired.
 */
import semver from 'semver';
import { isObject, type Document, type JsonPath } from '../../rulesets/lib/openapi/types.js';
import { counts as countsTowardGate, type ChangeClass, type DiffOutcome, type Finding } from '../report/finding.js';
import type { RemovedOperation } from './compare.js';

export const NOTICE_PERIOD = 'six months';

export interface VersionFinding {
  rule: string;
  path: JsonPath;
  basePath: JsonPath;
  message: string;
  operation?: string;
}

export interface VersionVerdict {
  baseVersion?: string;
  revisionVersion?: string;
  /** The highest class among the changes (undefined: no change). */
  highest?: ChangeClass;
  /** True when the revision declares a new major (higher `info.version` major, with its own `/v{major}` paths where paths carry one). */
  newMajor: boolean;
  /**
   * True when the revision is a new major that replaces the whole API (its paths carry no
   * `/v{major}` prefix): its breaking changes are what the major announces, so they are reported
   * as warnings to review rather than errors.
   */
  majorAnnouncesBreaking: boolean;
  findings: VersionFinding[];
}

/** A written `info.version` as text: a scalar as written (`version: 2` in YAML is a number), an object or list as JSON. */
export function versionText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : (JSON.stringify(value) ?? '');
}

function versionOf(document: Document): string | undefined {
  return isObject(document.info) && document.info.version !== undefined
    ? versionText(document.info.version)
    : undefined;
}

/** The majors that paths carry as their first segment (`/v2/users` → 2). */
export function pathMajors(document: Document): Set<number> {
  const majors = new Set<number>();
  if (!isObject(document.paths)) return majors;
  for (const key of Object.keys(document.paths)) {
    const match = /^\/v(\d+)(?:\/|$)/.exec(key);
    if (match) majors.add(Number(match[1]));
  }
  return majors;
}

const RANK: Record<ChangeClass, number> = { breaking: 3, review: 2, 'non-breaking': 1, documentation: 0 };

export function checkVersioning(
  base: Document,
  revision: Document,
  classes: readonly ChangeClass[],
  removed: readonly RemovedOperation[],
): VersionVerdict {
  const findings: VersionFinding[] = [];
  const baseVersion = versionOf(base);
  const revisionVersion = versionOf(revision);
  const versionPath: JsonPath =
    revisionVersion !== undefined ? ['info', 'version'] : isObject(revision.info) ? ['info'] : [];
  const baseVersionPath: JsonPath = ['info', 'version'];
  const highest = classes.length ? classes.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) : undefined;
  const rev = revisionVersion !== undefined ? semver.valid(revisionVersion) : null;
  const old = baseVersion !== undefined ? semver.valid(baseVersion) : null;
  if (!rev) {
    findings.push({
      rule: 'platform-version-invalid',
      path: versionPath,
      basePath: baseVersionPath,
      message: `info.version ${revisionVersion === undefined ? 'is missing' : `"${revisionVersion}" is not a semantic version`}; write MAJOR.MINOR.PATCH, e.g. 2.1.0`,
    });
  }
  const revisionMajors = pathMajors(revision);
  const baseMajors = pathMajors(base);
  if (rev && revisionMajors.size > 0) {
    const newest = Math.max(...revisionMajors);
    if (semver.major(rev) !== newest) {
      findings.push({
        rule: 'platform-version-path-major-mismatch',
        path: versionPath,
        basePath: baseVersionPath,
        message: `info.version ${rev} says major ${semver.major(rev)} but the newest paths are /v${newest}/…; make them agree`,
      });
    }
  }
  let newMajor = false;
  if (rev && old) {
    const major = semver.major(rev);
    newMajor =
      major > semver.major(old) && (revisionMajors.size === 0 || (revisionMajors.has(major) && !baseMajors.has(major)));
    if (semver.lt(rev, old)) {
      findings.push({
        rule: 'platform-version-decreased',
        path: versionPath,
        basePath: baseVersionPath,
        message: `info.version went down from ${old} to ${rev}; a version number never goes back`,
      });
    } else if (highest === 'breaking' && !newMajor) {
      const count = classes.filter((c) => c === 'breaking').length;
      findings.push({
        rule: 'platform-version-breaking-without-major',
        path: versionPath,
        basePath: baseVersionPath,
        message: `${count} breaking change${count === 1 ? '' : 's'} but info.version goes ${old} → ${rev}${revisionMajors.size ? ` with no new /v{major} paths` : ''}; publish them as major ${semver.major(old) + 1} under /v${semver.major(old) + 1}/… and keep /v${semver.major(old)}/… answering, or undo them`,
      });
    } else if (
      (highest === 'non-breaking' || highest === 'review') &&
      semver.major(rev) === semver.major(old) &&
      semver.minor(rev) === semver.minor(old)
    ) {
      findings.push({
        rule: 'platform-version-minor-required',
        path: versionPath,
        basePath: baseVersionPath,
        message: `the API changed (additions or changes to review) but info.version goes ${old} → ${rev}; bump at least the minor version (${semver.inc(old, 'minor')})`,
      });
    } else if (highest === 'documentation' && semver.eq(rev, old)) {
      findings.push({
        rule: 'platform-version-patch-required',
        path: versionPath,
        basePath: baseVersionPath,
        message: `the documentation changed but info.version stays ${rev}; bump at least the patch version (${semver.inc(old, 'patch')})`,
      });
    }
  }
  for (const op of removed) {
    if (op.deprecated) {
      findings.push({
        rule: 'platform-version-deprecated-removed',
        path: op.path,
        basePath: op.basePath,
        operation: op.operation,
        message: `${op.operation} was removed; it was deprecated in the base, so check that its users had at least ${NOTICE_PERIOD}' notice (the platform's minimum) before it was retired`,
      });
    } else {
      findings.push({
        rule: 'platform-version-removed-without-deprecation',
        path: op.path,
        basePath: op.basePath,
        operation: op.operation,
        message: `${op.operation} was removed without first being marked deprecated: true in a published version; deprecate it, keep it answering for at least ${NOTICE_PERIOD}, then remove it`,
      });
    }
  }
  return {
    baseVersion,
    revisionVersion,
    highest,
    newMajor,
    majorAnnouncesBreaking: newMajor && revisionMajors.size === 0,
    findings,
  };
}

export function isVersionRule(ruleId: string): boolean {
  return ruleId.startsWith('platform-version-');
}

/**
 * The outcome every format prints, from the findings as reported (configured levels applied):
 * the changes per class, and whether anything that counts is an error, which is what the gate
 * answers at its default. Accepted changes are listed but never counted.
 */
export function diffOutcome(
  verdict: Pick<VersionVerdict, 'baseVersion' | 'revisionVersion' | 'newMajor'>,
  findings: readonly Finding[],
): DiffOutcome {
  const counts: Record<ChangeClass, number> = { breaking: 0, review: 0, 'non-breaking': 0, documentation: 0 };
  let accepted = 0;
  for (const finding of findings) {
    if (!finding.changeClass) continue;
    if (countsTowardGate(finding)) counts[finding.changeClass]++;
    else accepted++;
  }
  const counted = findings.filter(countsTowardGate);
  const errors = counted.filter((f) => f.severity === 'error');
  const warnings = counted.filter((f) => f.severity === 'warn' && isVersionRule(f.ruleId));
  const span = `version ${verdict.baseVersion ?? '?'} → ${verdict.revisionVersion ?? '?'}`;
  const reasons = (list: readonly Finding[]) => {
    const rules = [...new Set(list.filter((f) => isVersionRule(f.ruleId)).map((f) => f.ruleId))];
    const changes = list.filter((f) => !isVersionRule(f.ruleId)).length;
    return [
      ...rules,
      ...(changes ? [`${changes} change${changes === 1 ? '' : 's'} reported as error${changes === 1 ? '' : 's'}`] : []),
    ].join(', ');
  };
  const text = errors.length
    ? `${span}: does not allow these changes (${reasons(errors)})`
    : warnings.length
      ? `${span}: allows these changes, with warnings (${reasons(warnings)})`
      : `${span}: allows these changes`;
  return {
    ...(verdict.baseVersion !== undefined ? { baseVersion: verdict.baseVersion } : {}),
    ...(verdict.revisionVersion !== undefined ? { revisionVersion: verdict.revisionVersion } : {}),
    counts,
    accepted,
    newMajor: verdict.newMajor,
    allowed: errors.length === 0,
    verdict: text,
  };
}
