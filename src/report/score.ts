/**
 * The conformance score: a number from 0 to 100 and a letter grade, per document, per category
 * and overall. The formula is documented in `docs/score.md`; changing it changes what every
 * `--min-score` gate in every pipeline means, so it changes only with a major version.
 *
 * In short:
 * - a finding weighs by its severity: error 10, warn 3, info 0, hint 0;
 * - findings of one rule in one document weigh less the more there are: the first counts in full,
 *   each further one half the one before, so a rule costs a document at most twice its weight
 *   (20 for an error) however often it fires;
 * - the penalty P of a document (or of one category in it) is the sum over its rules;
 * - its score is 100 × e^(−P/100): each point of penalty takes 1% of what is left, so one error
 *   leaves 90, two errors 82, and the score never hits 0 however bad the document is (a
 *   document's score is then the product of its category scores, as fractions of 100);
 * - a document that is not OpenAPI 3.0/3.1 (`platform-openapi-3`) scores 0: nothing else could be checked;
 * - after a contract run, a document is scored per operation: each operation's findings are scored
 *   by category as above, an operation that fails an error-level check gives 0 for that category
 *   (and 0 overall), an operation that was not tested 0 everywhere; a document's score (and each
 *   of its category scores) is the mean over its operations, times the score of the findings tied
 *   to no operation. So a server answering 500 to every operation scores 0, not 83 (B), and one
 *   that answered for 1 of 4 operations at most 25;
 * - a document (and the report) with a contract run that fails the gate (an error-level finding
 *   counts) is graded F whatever its number, and so is each of its categories with such a finding:
 *   no grade says "pass" where the exit code says "fail";
 * - the overall score, and each category's overall score, is the mean over the documents.
 * Scores are rounded (half up) to whole numbers only at the end; grades are A ≥ 90, B ≥ 80,
 * C ≥ 70, D ≥ 60, F below.
 */
import {
  counts,
  isDiffReport,
  summarise,
  READ_LIMIT_RULE,
  UNREADABLE_RULE,
  type Category,
  type Finding,
  type Report,
  type Severity,
  type Summary,
} from './finding.js';

export const CATEGORIES: readonly Category[] = [
  'documentation',
  'data-format',
  'naming',
  'methods',
  'errors',
  'security',
];

/** What one finding costs, before repetition is taken into account. */
export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = { error: 10, warn: 3, info: 0, hint: 0 };

/**
 * A catalogue service whose description could not be harvested (`vottur catalogue`): there was
 * nothing to check, and nothing checked is not passed.
 */
export const HARVEST_FAILURE_RULES: readonly string[] = [
  'catalogue-description-missing',
  'catalogue-refused',
  'catalogue-timeout',
  'catalogue-too-large',
  'catalogue-not-openapi',
  'catalogue-unreachable',
  'catalogue-limit-reached',
  'catalogue-invalid-identifier',
];

/**
 * Rules whose finding means nothing else could be checked: a document that is not OpenAPI 3.0/3.1
 * gets `platform-openapi-3` alone (no other rule runs on it), so it scores 0 in every category
 * rather than looking nearly clean; so does a document that could not be read at all.
 */
export const BLOCKING_RULES: ReadonlySet<string> = new Set([
  'platform-openapi-3',
  UNREADABLE_RULE,
  READ_LIMIT_RULE,
  ...HARVEST_FAILURE_RULES,
]);

/**
 * A finding that means nothing else could be checked: a blocking rule's, or the OpenAPI schema's
 * complaint about the document's root or its `paths` (missing, or not an object): then no
 * operation, parameter or response could be read, and the few rules that still found something
 * would leave a broken document at 61 (D).
 */
export function isBlocking(finding: Pick<Finding, 'ruleId' | 'pointer'>): boolean {
  return (
    BLOCKING_RULES.has(finding.ruleId) ||
    (finding.ruleId === 'platform-openapi-valid' && (finding.pointer === '' || finding.pointer === '/paths'))
  );
}

/** Each further finding of the same rule in the same document counts this fraction of the one before. */
export const REPETITION_FACTOR = 0.5;

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

/** Lowest score for each grade, best first. */
export const GRADE_THRESHOLDS: ReadonlyArray<readonly [Grade, number]> = [
  ['A', 90],
  ['B', 80],
  ['C', 70],
  ['D', 60],
  ['F', 0],
];

export interface CategoryScore {
  score: number;
  grade: Grade;
  /** Rules of this category that ran. */
  rules: number;
  findings: number;
  summary: Summary;
}

/** After a contract run: how many operations pass (tested, and no error-level finding counts against them). */
export interface OperationsPassing {
  passed: number;
  total: number;
}

export interface DocumentScore {
  document: string;
  score: number;
  grade: Grade;
  findings: number;
  summary: Summary;
  byCategory: Record<Category, { score: number; grade: Grade }>;
  /** After a contract run of this document. */
  operations?: OperationsPassing;
}

export interface ReportScore {
  score: number;
  grade: Grade;
  byDocument: DocumentScore[];
  byCategory: Record<Category, CategoryScore>;
  /** After a contract run: over every document. */
  operations?: OperationsPassing;
}

export function gradeFor(score: number): Grade {
  for (const [grade, minimum] of GRADE_THRESHOLDS) if (score >= minimum) return grade;
  return 'F';
}

/**
 * What the findings of one rule cost: sorted heaviest first, the k-th (from 0) counts
 * weight × REPETITION_FACTOR^k. Bounded by twice the heaviest weight.
 */
export function rulePenalty(findings: readonly Pick<Finding, 'severity'>[]): number {
  const counts = new Map<number, number>();
  for (const finding of findings) countWeight(counts, SEVERITY_WEIGHTS[finding.severity]);
  return penaltyOfCounts(counts);
}

function countWeight(counts: Map<number, number>, weight: number): void {
  counts.set(weight, (counts.get(weight) ?? 0) + 1);
}

/**
 * rulePenalty from how many findings have each weight: the same sum, term by term in the same
 * order (heaviest first), with no list of weights to sort. Once the factor has fallen to 0 (after
 * ~1,075 halvings) every further term is 0 and is not added: Cloudflare's rules with thousands of
 * findings made sorting and summing them 3 % of a lint.
 */
function penaltyOfCounts(counts: ReadonlyMap<number, number>): number {
  let total = 0;
  let factor = 1;
  for (const weight of [...counts.keys()].sort((a, b) => b - a)) {
    for (let n = counts.get(weight) ?? 0; n > 0; n--) {
      // weight × 0 is 0 for a finite weight (a weight that is not would make the sum NaN, as before).
      if (factor === 0 && Number.isFinite(weight)) break;
      total += weight * factor;
      factor *= REPETITION_FACTOR;
    }
  }
  return total;
}

/** The penalty of some findings: the sum of their rules' penalties. */
export function penalty(findings: readonly Finding[]): number {
  const byRule = new Map<string, Map<number, number>>();
  for (const finding of findings) {
    let counts = byRule.get(finding.ruleId);
    if (!counts) byRule.set(finding.ruleId, (counts = new Map<number, number>()));
    countWeight(counts, SEVERITY_WEIGHTS[finding.severity]);
  }
  let total = 0;
  for (const counts of byRule.values()) total += penaltyOfCounts(counts);
  return total;
}

/** 100 × e^(−P/100), not rounded. */
export function scoreForPenalty(p: number): number {
  return 100 * Math.exp(-p / 100);
}

/** The unrounded score of some findings (of one document). */
export function rawScore(findings: readonly Finding[]): number {
  return scoreForPenalty(penalty(findings));
}

function round(score: number): number {
  // Round half up; the epsilon keeps 89.5 from becoming 89 through floating-point noise.
  return Math.min(100, Math.max(0, Math.floor(score + 0.5 + 1e-9)));
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 100 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A finding in a file a description references counts against that description. */
function scoredDocument(finding: Pick<Finding, 'document' | 'description'>): string {
  return finding.description ?? finding.document;
}

/**
 * The documents a report is about: those it lists, then any other document a finding names,
 * in the order first seen.
 */
export function reportDocuments(report: Pick<Report, 'documents' | 'findings'>): string[] {
  const seen = new Set<string>();
  for (const document of report.documents) seen.add(document.path);
  for (const finding of report.findings) seen.add(scoredDocument(finding));
  return [...seen];
}

/**
 * The share of a document's operations a contract run tested (1 without a contract run). An
 * operation with `notTested` got no answer to a request with the credentials it needs.
 */
export function testedShare(report: Pick<Report, 'operations'>, document: string): number {
  const operations = (report.operations ?? []).filter((o) => o.document === document);
  if (operations.length === 0) return 1;
  return operations.filter((o) => o.notTested === undefined).length / operations.length;
}

const failsGate = (finding: Finding): boolean => finding.severity === 'error';

interface ContractScore {
  raw: number;
  byCategory: Record<Category, number>;
  /** Categories in which an error-level finding counts: graded F. */
  failed: Set<Category>;
  operations: OperationsPassing;
}

/**
 * A document after a contract run, per operation and category: a finding with the label of one of
 * the document's operations counts against that operation only. An operation scores the product of
 * its category scores; a category in which it fails an error-level check scores 0, and an
 * operation not tested scores 0 in every category. The document's score, and each category's, is
 * the mean over its operations times the score of the findings tied to no operation (the
 * description's lint findings, `contract-unreachable`).
 */
function contractScore(
  findings: readonly Finding[],
  operations: ReadonlyArray<{ operation: string; notTested?: string }>,
): ContractScore {
  const labels = new Set(operations.map((o) => o.operation));
  const unattached = findings.filter((f) => f.operation === undefined || !labels.has(f.operation));
  const byCategory = {} as Record<Category, number>;
  const failed = new Set<Category>(unattached.filter(failsGate).map((f) => f.category));
  const operationRaw: number[] = [];
  let passed = 0;
  for (const operation of operations) {
    const own = findings.filter((f) => f.operation === operation.operation);
    if (operation.notTested === undefined && !own.some(failsGate)) passed++;
    let product = 1;
    for (const category of CATEGORIES) {
      const inCategory = own.filter((f) => f.category === category);
      if (inCategory.some(failsGate)) failed.add(category);
      product *= operation.notTested !== undefined || inCategory.some(failsGate) ? 0 : rawScore(inCategory) / 100;
    }
    operationRaw.push(product);
  }
  for (const category of CATEGORIES) {
    const perOperation = operations.map((operation) => {
      const inCategory = findings.filter((f) => f.operation === operation.operation && f.category === category);
      return operation.notTested !== undefined || inCategory.some(failsGate) ? 0 : rawScore(inCategory);
    });
    byCategory[category] = (rawScore(unattached.filter((f) => f.category === category)) * mean(perOperation)) / 100;
  }
  return {
    raw: rawScore(unattached) * mean(operationRaw),
    byCategory,
    failed,
    operations: { passed, total: operations.length },
  };
}

export function scoreReport(
  report: Pick<Report, 'documents' | 'findings' | 'rules'> & Partial<Pick<Report, 'operations'>>,
): ReportScore {
  // A diff's findings are the revision's changes; the base is compared, not judged (scored as a
  // clean 100 beside it, it lifted a diff with three breaking changes to 80 (B)).
  const base = isDiffReport(report) && report.documents.length === 2 ? report.documents[0]?.path : undefined;
  const documents = reportDocuments(report).filter(
    (document) => document !== base || report.findings.some((f) => scoredDocument(f) === base),
  );
  const findingsOf = new Map<string, Finding[]>(documents.map((d) => [d, []]));
  // Suppressed findings and those the baseline holds do not count.
  for (const finding of report.findings) {
    if (!counts(finding)) continue;
    const own = findingsOf.get(scoredDocument(finding));
    // Only the base of a diff is left out, and only when no finding is on it.
    if (!own) throw new Error(`score: a finding is on ${scoredDocument(finding)}, which is not a scored document`);
    own.push(finding);
  }

  const rawByDocument = [...findingsOf].map(([document, findings]) => {
    const blocked = findings.some(isBlocking);
    const operations = (report.operations ?? []).filter((o) => o.document === document);
    if (operations.length > 0) {
      const contract = contractScore(findings, operations);
      const factor = blocked ? 0 : 1;
      const byCategory = Object.fromEntries(
        CATEGORIES.map((category) => [category, factor * contract.byCategory[category]]),
      ) as Record<Category, number>;
      return {
        document,
        findings,
        raw: factor * contract.raw,
        byCategory,
        failed: contract.failed,
        operations: contract.operations,
      };
    }
    const share = blocked ? 0 : testedShare(report, document);
    const byCategory = Object.fromEntries(
      CATEGORIES.map((category) => [category, share * rawScore(findings.filter((f) => f.category === category))]),
    ) as Record<Category, number>;
    return {
      document,
      findings,
      raw: share * rawScore(findings),
      byCategory,
      failed: undefined,
      operations: undefined,
    };
  });
  // Graded F where the gate fails: a contract document with an error-level finding, and its categories that have one.
  const graded = (score: number, fails: boolean): Grade => (fails ? 'F' : gradeFor(score));

  const byDocument: DocumentScore[] = rawByDocument.map(
    ({ document, findings, raw, byCategory, failed, operations }) => {
      const score = round(raw);
      return {
        document,
        score,
        grade: graded(score, failed !== undefined && failed.size > 0),
        findings: findings.length,
        summary: summarise(findings),
        byCategory: Object.fromEntries(
          CATEGORIES.map((category) => {
            const categoryScore = round(byCategory[category]);
            return [category, { score: categoryScore, grade: graded(categoryScore, failed?.has(category) ?? false) }];
          }),
        ) as DocumentScore['byCategory'],
        ...(operations ? { operations } : {}),
      };
    },
  );

  const byCategory = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = round(mean(rawByDocument.map((d) => d.byCategory[category])));
      const findings = report.findings.filter((f) => f.category === category && counts(f));
      return [
        category,
        {
          score,
          grade: graded(
            score,
            rawByDocument.some((d) => d.failed?.has(category)),
          ),
          rules: report.rules.filter((r) => r.category === category).length,
          findings: findings.length,
          summary: summarise(findings),
        },
      ];
    }),
  ) as Record<Category, CategoryScore>;

  const score = round(mean(rawByDocument.map((d) => d.raw)));
  const contracts = rawByDocument.flatMap((d) => (d.operations ? [d.operations] : []));
  const operations =
    contracts.length > 0
      ? contracts.reduce((sum, o) => ({ passed: sum.passed + o.passed, total: sum.total + o.total }))
      : undefined;
  return {
    score,
    grade: graded(
      score,
      rawByDocument.some((d) => d.failed !== undefined && d.failed.size > 0),
    ),
    byDocument,
    byCategory,
    ...(operations ? { operations } : {}),
  };
}

/**
 * The absolute conformance score: every finding counted, those suppressions and the baseline hold
 * back included. Shown beside the gate's score (new findings only) wherever a score is shown.
 */
export function absoluteScore(
  report: Pick<Report, 'documents' | 'findings' | 'rules'> & Partial<Pick<Report, 'operations'>>,
): ReportScore {
  if (report.findings.every(counts)) return scoreReport(report);
  return scoreReport({
    ...report,
    findings: report.findings.map((finding) =>
      counts(finding) ? finding : { ...finding, suppressions: undefined, baselineState: undefined },
    ),
  });
}

/** The document with the lowest score (the first of equals): what `--min-score` gates on. */
export function worstDocument(score: Pick<ReportScore, 'byDocument'>): DocumentScore | undefined {
  let worst: DocumentScore | undefined;
  for (const document of score.byDocument) if (!worst || document.score < worst.score) worst = document;
  return worst;
}

/** `Score 72/100 (C)`: how every text format shows the overall score. */
export function scoreLabel(
  score: Pick<ReportScore, 'score' | 'grade'> & Partial<Pick<ReportScore, 'operations'>>,
): string {
  return `Score ${score.score}/100 (${score.grade})${score.operations ? `, ${operationsPassLabel(score.operations)}` : ''}`;
}

/** `3 of 4 operations pass`: after a contract run, beside the score. */
export function operationsPassLabel(operations: OperationsPassing): string {
  return `${operations.passed} of ${operations.total} operation${operations.total === 1 ? '' : 's'} pass${operations.total === 1 ? 'es' : ''}`;
}
