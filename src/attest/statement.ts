/**
 * The in-toto Statement (v1) vottur signs: which bytes it judged (the subject: every file of the
 * description, by SHA-256), under which tool, ruleset, policy and configuration, and what it found
 * (score, absolute score, the gate's verdict, counts by rule and a digest of the findings). It
 * records who ran which check on which bytes; it does not make the check right (docs/attest.md).
 */
import { createHash } from 'node:crypto';
import { counts, type Finding, type Report, type RunConfiguration, type Severity } from '../report/finding.js';
import { absoluteScore, scoreReport } from '../report/score.js';

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const PREDICATE_TYPE = 'https://github.com/vottur/vottur/blob/main/docs/attest.md#conformance-v1';

export interface Subject {
  name: string;
  digest: { sha256: string };
}

export interface ConformancePredicate {
  tool: { name: string; version: string };
  /** The rules the run had: vottur's own ruleset by the digest of its rules' ids, levels and categories. */
  ruleset: { name: string; rules: number; sha256: string };
  /** The operator's policy, when there was one: `gate` (built in) or the file, with its digest. */
  policy?: { name: string; file?: string; sha256: string };
  configuration?: RunConfiguration;
  /** The gate's thresholds the verdict was taken at. */
  /**
   * The gate's thresholds and verdict over everything that ran; `lintVerdict`, when a contract run or
   * a diff ran too, is the lint's alone (what `vottur verify --recheck` repeats).
   */
  gate: { failSeverity: Severity; minScore?: number; verdict: 'pass' | 'fail'; lintVerdict?: 'pass' | 'fail' };
  score: { score: number; grade: string };
  absoluteScore: { score: number; grade: string };
  counts: { bySeverity: Record<Severity, number>; byRule: Record<string, number> };
  /** SHA-256 of the findings that count, one canonical line each (docs/attest.md says which fields). */
  findingsSha256: string;
  /** The description's `info.title` and `info.version` as judged (the catalogue tells a later version by them). */
  description?: { title?: string; version?: string };
  /** With `--server`: the contract run's target and what it exercised. */
  contract?: ContractRecord;
  /** With `--base`: the version compared with, and the diff's verdict. */
  diff?: DiffRecord;
  createdTimestamp: string;
}

export interface ContractRecord {
  target: string;
  operations: number;
  /** Operations with no finding. */
  passed: number;
  /** Operations nothing could test (unreachable, no credentials). */
  notTested: number;
  requests: number;
  findings: number;
  coverage?: { percent: number; phases: string[]; seed: number };
}

export interface DiffRecord {
  base: string;
  /** "version 2.0.0 → 2.1.0: allows these changes", as the diff prints it. */
  verdict: string;
  allowed: boolean;
  newMajor: boolean;
  counts: Record<string, number>;
}

export interface Statement {
  _type: typeof STATEMENT_TYPE;
  subject: Subject[];
  predicateType: typeof PREDICATE_TYPE;
  predicate: ConformancePredicate;
}

export function sha256Hex(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The ruleset's digest: rule id, level and category, sorted by id (a rule added, removed or re-levelled changes it). */
export function rulesetDigest(rules: ReadonlyArray<{ id: string; severity: Severity; category?: string }>): {
  rules: number;
  sha256: string;
} {
  const lines = rules.map((rule) => `${rule.id}\t${rule.severity}\t${rule.category ?? ''}`).sort();
  return { rules: lines.length, sha256: sha256Hex(lines.join('\n')) };
}

/** One line per counting finding: rule, severity, document, JSON pointer, message; sorted, so order never matters. */
export function findingsDigest(findings: readonly Finding[]): string {
  const lines = findings
    .filter(counts)
    .map((finding) =>
      JSON.stringify([finding.ruleId, finding.severity, finding.document, finding.pointer, finding.message]),
    )
    .sort();
  return sha256Hex(lines.join('\n'));
}

export interface StatementInput {
  subjects: Subject[];
  report: Report;
  ruleset: { name: string; rules: number; sha256: string };
  policy?: { name: string; file?: string; sha256: string };
  gate: { failSeverity: Severity; minScore?: number; verdict: 'pass' | 'fail'; lintVerdict?: 'pass' | 'fail' };
  contract?: ContractRecord;
  diff?: DiffRecord;
}

export function buildStatement(input: StatementInput): Statement {
  const { report } = input;
  const counted = report.findings.filter(counts);
  const bySeverity: Record<Severity, number> = { error: 0, warn: 0, info: 0, hint: 0 };
  const byRule: Record<string, number> = {};
  for (const finding of counted) {
    bySeverity[finding.severity] += 1;
    byRule[finding.ruleId] = (byRule[finding.ruleId] ?? 0) + 1;
  }
  const score = scoreReport(report);
  const absolute = absoluteScore(report);
  const first = report.documents[0];
  const description =
    first && (first.title !== undefined || first.version !== undefined)
      ? {
          ...(first.title !== undefined ? { title: first.title } : {}),
          ...(first.version !== undefined ? { version: first.version } : {}),
        }
      : undefined;
  return {
    _type: STATEMENT_TYPE,
    subject: input.subjects,
    predicateType: PREDICATE_TYPE,
    predicate: {
      tool: report.tool,
      ruleset: input.ruleset,
      ...(input.policy ? { policy: input.policy } : {}),
      ...(report.configuration ? { configuration: report.configuration } : {}),
      gate: input.gate,
      score: { score: score.score, grade: score.grade },
      absoluteScore: { score: absolute.score, grade: absolute.grade },
      counts: { bySeverity, byRule: Object.fromEntries(Object.entries(byRule).sort(([a], [b]) => (a < b ? -1 : 1))) },
      findingsSha256: findingsDigest(report.findings),
      ...(description ? { description } : {}),
      ...(input.contract ? { contract: input.contract } : {}),
      ...(input.diff ? { diff: input.diff } : {}),
      createdTimestamp: report.createdTimestamp,
    },
  };
}

/** Why a decoded payload is not a vottur conformance statement, or undefined when it is one. */
export function statementProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'the payload is not a JSON object';
  const statement = value as Partial<Statement>;
  if (statement._type !== STATEMENT_TYPE)
    return `the payload is not an in-toto Statement v1 (_type ${String(statement._type)})`;
  if (statement.predicateType !== PREDICATE_TYPE)
    return `the predicate is not vottur's conformance record (predicateType ${String(statement.predicateType)})`;
  if (!Array.isArray(statement.subject) || statement.subject.length === 0) return 'the statement has no subject';
  for (const subject of statement.subject as unknown[]) {
    const digest = (subject as Partial<Subject>).digest?.sha256;
    if (typeof (subject as Partial<Subject>).name !== 'string' || typeof digest !== 'string')
      return 'a subject has no name or sha256 digest';
  }
  const predicate = statement.predicate as Partial<ConformancePredicate> | undefined;
  if (typeof predicate?.tool?.version !== 'string' || typeof predicate.ruleset?.sha256 !== 'string')
    return 'the predicate names no tool version or ruleset digest';
  if (predicate.gate?.verdict !== 'pass' && predicate.gate?.verdict !== 'fail')
    return 'the predicate has no gate verdict';
  return undefined;
}
