/**
 * The one model every check produces and every output format renders.
 * Lint rules, response checks and the Dredd run all end up as `Finding`s.
 */
import type { Category, RuleSource, Severity } from '../../rulesets/lib/rule.js';

// A rule's severity and category are the finding's: declared once, where rules are defined.
export type { Category, Severity };
/** Where a finding comes from: the description (`lint`), a live payload (`response`), the Dredd run (`contract`), a comparison of two versions (`diff`), a harvest of the data exchange layer's catalogue (`catalogue`). */
export type FindingSource = 'lint' | 'response' | 'contract' | 'diff' | 'catalogue';

/** A document of a run over many that could not be read or parsed: a finding on it, and exit 2 at the end. */
export const UNREADABLE_RULE = 'vottur-unreadable';

/**
 * A document of the run that reached one of vottur's bounds on reading it (aliases, nesting, size):
 * not checked, so it does not pass (src/lint/limits.ts).
 */
export const READ_LIMIT_RULE = 'vottur-read-limit';

/** What a change between two versions of a description does to callers (`vottur diff`). */
export type ChangeClass = 'breaking' | 'review' | 'non-breaking' | 'documentation';

export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info', 'hint'];

/** Lower rank = more severe. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

export function atLeast(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  category: Category;
  /** Names the offending value and what to write instead. */
  message: string;
  /** The document the finding belongs to: a file path relative to the working directory, or a URL. */
  document: string;
  /**
   * For a finding in a file that a description references (`$ref: schemas/user.yaml`): the
   * description it was found through, as listed in `Report.documents`. Scores count it there.
   */
  description?: string;
  /** RFC 6901 JSON pointer into `document` ('' for the whole document). */
  pointer: string;
  /** The same location as an array of segments. */
  path: Array<string | number>;
  /** 1-based; absent for findings with no place in a file (live responses). */
  line?: number;
  column?: number;
  /** 1-based end of the region, where known. */
  endLine?: number;
  endColumn?: number;
  /**
   * For a finding with no line of its own (a contract finding, about an operation or a live
   * answer): where its description places it, 1-based: the key its pointer names when the
   * description has that node, else its operation's key. Set where the finding is made, while the
   * loaded description is in hand; SARIF, GitHub and GitLab annotations and the HTML report point
   * there, and no format reads the file again to place a finding.
   */
  descriptionPosition?: { line: number; column: number };
  docsUrl: string;
  source: FindingSource;
  /** For a rule of a Spectral ruleset the configuration extends: that ruleset, as the configuration names it (`spectral:oas`). */
  ruleset?: string;
  /** For contract findings: the operation (`GET /v2/users/{nationalId}`) and the exchange that showed it. */
  operation?: string;
  operationId?: string;
  /** For a diff change to a shared component: every operation it reaches, `operation` first. */
  operations?: string[];
  /** How many more operations the change reaches than `operations` lists (bounded: `MAX_LISTED_OPERATIONS`, src/diff/index.ts). */
  operationsNotListed?: number;
  request?: { method: string; url: string; status?: number; durationMs?: number };
  /**
   * For a finding from a generated request: how to send it again. `curl` has secrets as
   * `$VOTTUR_TOKEN` (and national identifiers masked unless --show-pii); `seed` replays the run.
   */
  reproduce?: { phase: string; curl: string; seed: number; constraint?: string };
  /** Other places the finding concerns (for diff findings: the same node in the base version). */
  related?: RelatedLocation[];
  /**
   * The finding's identity across runs, whatever the formatting: rule, document, the pointer with
   * array positions replaced by stable keys, and the offending value; never a line number. The
   * baseline's key, and SARIF's `partialFingerprints`.
   */
  fingerprint?: string;
  /**
   * For a finding that stands for several places (the media types of one body, "also as …"): the
   * fingerprints of the others. `fingerprint` is the least of all, so it does not depend on the
   * document's key order; a baseline entry matches the finding on any of them.
   */
  alsoFingerprints?: string[];
  /**
   * An `x-vottur-ignore` on the node or an enclosing one (`inSource`), or for a diff finding an
   * entry of the `--accept` file (`external`), holds the finding back, with its reason.
   */
  suppressions?: Array<{ kind: 'inSource' | 'external'; justification: string }>;
  /** For a diff change: its class, which formats group and count by (the severity is the level it is reported at). */
  changeClass?: ChangeClass;
  /** With `--baseline`: `unchanged` when the baseline holds the finding, else `new`. */
  baselineState?: 'new' | 'unchanged';
}

/**
 * Whether a finding counts towards the score, the gate and the counts: not when a suppression
 * with a reason holds it back, nor when the baseline holds it (only new findings count).
 */
export function counts(finding: Pick<Finding, 'suppressions' | 'baselineState'>): boolean {
  return !(finding.suppressions && finding.suppressions.length > 0) && finding.baselineState !== 'unchanged';
}

/** An entry of the baseline that no finding of the run matched: fixed since the baseline. */
export interface AbsentEntry {
  rule: string;
  document: string;
  pointer: string;
  fingerprint: string;
}

export interface RelatedLocation {
  document: string;
  pointer: string;
  line?: number;
  column?: number;
  message?: string;
  /** For evidence of the same cause (contract findings merged into one): the rule it was found under. */
  ruleId?: string;
  severity?: Severity;
  /** For evidence from a live answer: the exchange that showed it. */
  request?: { method: string; url: string; status?: number; durationMs?: number };
}

/** Metadata of a rule, as formats that list rules (SARIF, JUnit, Markdown) need it. */
export interface RuleMeta {
  id: string;
  severity: Severity;
  category: Category;
  description: string;
  docsUrl: string;
  source: FindingSource;
  /** For a rule of a Spectral ruleset the configuration extends: that ruleset (`spectral:oas`, `./house-rules.yaml`). */
  ruleset?: string;
  /** For a platform lint rule: where its convention is stated (the seed, or only the platform's design guide), with the section. */
  convention?: RuleSource;
}

export interface DocumentInfo {
  path: string;
  title?: string;
  version?: string;
}

export type Summary = Record<Severity, number>;

/** What a run produced: everything a formatter needs to render a report. */
export interface Report {
  tool: { name: string; version: string };
  createdTimestamp: string;
  documents: DocumentInfo[];
  /** The rules that ran (for JUnit test cases and SARIF rule lists). */
  rules: RuleMeta[];
  findings: Finding[];
  /** For contract runs: the operations exercised and how each went. */
  operations?: OperationResult[];
  /** For contract runs with generated requests: what the phases exercised. */
  coverage?: CoverageReport;
  /** With `--baseline`: the baseline file, what it held back, and its entries nothing matched. */
  baseline?: { file: string; unchanged: number; expired: number; absent: AbsentEntry[] };
  /** What changed the verdict besides the findings: the configuration, the policy, suppressions, the baseline, acceptances. */
  configuration?: RunConfiguration;
  /** For `vottur diff`: the changes per class, and the version verdict every format prints. */
  diff?: DiffOutcome;
  /** On the view formats for people render (`heldBackView`): the findings left out, and why. */
  heldBack?: {
    /** Held back by an `x-vottur-ignore` in the description. */
    suppressed: number;
    /** Diff changes accepted by an entry of the `--accept` file. */
    acceptFile?: number;
    baselined: number;
    absolute?: { score: number; grade: string };
  };
  /** On that view of a diff: the changes accepted with a reason, left out of the counts but listed. */
  accepted?: Finding[];
  /**
   * The run's own thresholds and how the report met them (`--fail-severity`, `--min-score`,
   * `--min-coverage`), settled once before any format renders (src/run/finish.ts), so a run that
   * fails on a threshold never shows "No problems found" or a passing colour (issue 36).
   */
  gate?: GateVerdict;
}

/** Whether the run passes its thresholds, and each reason it does not, in words every format prints. */
export interface GateVerdict {
  passed: boolean;
  /** Each threshold missed: "score 67/100 is below --min-score 70". */
  reasons: string[];
}

/**
 * Everything a run read that could change its verdict, so a reviewer sees it beside the score:
 * `honoured` says whether the item lowered the verdict (false: an operator policy refused it, so
 * the finding counts). Every format renders it (docs/gate.md).
 */
export interface RunConfiguration {
  /**
   * The operator's policy: `gate` (the built-in one, `--gate`) or the policy file. `claimed`: a
   * saved report says it ran under it; `vottur report` did not run it.
   */
  policy?: { name: string; file?: string; sha256?: string; claimed?: boolean };
  /**
   * True when the record comes from a saved report (`vottur report`): what it lists is what that
   * report claims, not what this run verified.
   */
  claimed?: boolean;
  /**
   * The files read that tune the run (configuration, baseline, accept file, policy, and under a
   * policy every ruleset file its loader read, a package's by its resolved path), with their SHA-256.
   */
  files: Array<{ path: string; kind: 'config' | 'baseline' | 'accept' | 'policy' | 'ruleset'; sha256: string }>;
  /** Rules a configuration turned off or gave another level, where (`overrides` files, or the whole document). */
  rules: Array<{ rule: string; level: Severity | 'off'; file: string; files?: string[]; honoured: boolean }>;
  /** Spectral rulesets a configuration extends. */
  extends: Array<{ ruleset: string; file: string; honoured: boolean }>;
  /** Findings an `x-vottur-ignore` held back (or tried to), with its reason. */
  suppressions: Array<{ rule: string; document: string; pointer: string; reason: string; honoured: boolean }>;
  /** The baseline and the entries that matched a finding. */
  baseline?: {
    file: string;
    given: 'command line' | 'configuration';
    /** One per entry that matched; `findings`: how many findings it matched, when more than one. */
    entries: Array<{
      rule: string;
      document: string;
      pointer: string;
      /** The entry's fingerprint: a saved report judged again matches its findings to entries by it. */
      fingerprint?: string;
      expires?: string;
      honoured: boolean;
      findings?: number;
    }>;
  };
  /**
   * Contract settings a configuration set (`contract.timeout`, `rate`, `maxResponseTime`, `data`…),
   * with the value: `honoured` false where a policy refused it, `overridden` where the command line
   * gave its own (either way the configuration's value was not used).
   */
  settings?: Array<{ key: string; value: string | number; file: string; honoured: boolean; overridden?: boolean }>;
  /**
   * For contract runs: where each description's requests went and where the run's credentials
   * came from (never their values), so that a saved report is judged again as a live `test --gate`
   * judges them (`vottur report --gate`; a saved contract report without it fails closed).
   * `honoured` false where a policy refused a part the saved run used.
   */
  connections?: Connection[];
  /**
   * Words a configuration's `vocabulary:` adds to the platform's lists (`collectionPageMembers`,
   * `nationalIdAliases`…): they change which findings the rules give, so every one is listed, with
   * the file that adds it.
   */
  vocabulary?: Array<{ key: string; value: string; file: string }>;
  /** Diff changes accepted on purpose (`x-vottur-ignore` in the revision, `--accept`). */
  accepted: Array<{
    rule: string;
    document: string;
    pointer: string;
    reason: string;
    by: 'x-vottur-ignore' | 'accept file';
    honoured: boolean;
  }>;
  /**
   * OpenAPI Overlays applied to every description before it was checked (`--overlay`), in order:
   * the findings are about the description as patched, not the file as it is.
   */
  overlays?: Array<{ path: string; title: string; sha256: string; actions: number }>;
}

/** Who chose a server, a token endpoint or a credential: the operator (command line or environment), the repository's configuration, or vottur (its bundled reference service). */
export type ConnectionSource = 'operator' | 'configuration' | 'reference service';

/** One contract run's server, token endpoint and credentials, and who chose each (`RunConfiguration.connections`). */
export interface Connection {
  /** The description tested, as the report's documents name it. */
  document: string;
  server: string;
  serverFrom: ConnectionSource;
  tokenUrl?: string;
  tokenUrlFrom?: ConnectionSource;
  /**
   * Each credential sent and who chose it; `variable`: the environment variable a configuration
   * named for it; `file`: the TLS file a configuration named.
   */
  credentials: Array<{
    kind: 'bearer token' | 'client secret' | 'header' | 'client certificate' | 'trusted CA' | 'certificate passphrase';
    from: ConnectionSource;
    variable?: string;
    file?: string;
  }>;
  honoured: boolean;
}

/** True when a configuration record has anything to show. */
export function hasConfiguration(configuration: RunConfiguration | undefined): configuration is RunConfiguration {
  if (!configuration) return false;
  const { policy, files, rules, suppressions, baseline, accepted } = configuration;
  return (
    policy !== undefined ||
    (configuration.overlays?.length ?? 0) > 0 ||
    files.length +
      rules.length +
      configuration.extends.length +
      suppressions.length +
      accepted.length +
      (configuration.settings?.length ?? 0) +
      (configuration.connections?.length ?? 0) +
      (configuration.vocabulary?.length ?? 0) >
      0 ||
    baseline !== undefined
  );
}

/**
 * The report as formats for people show it (stylish, Markdown, HTML, JUnit, GitHub): only the
 * findings that count, and how many were held back. JSON and SARIF carry every finding with its
 * suppression and baseline state instead. Scores are the same either way.
 */
export function heldBackView(report: Report, absolute?: { score: number; grade: string }): Report {
  const shown = report.findings.filter(counts);
  if (shown.length === report.findings.length) return report;
  const suppressed = report.findings.filter((f) => f.suppressions && f.suppressions.length > 0);
  // A diff's accepted changes stay listed (with their reason) in every format: readers of a changelog must see them.
  const accepted = suppressed.filter((f) => f.source === 'diff');
  const byAcceptFile = suppressed.filter((f) => f.suppressions?.some((s) => s.kind === 'external')).length;
  return {
    ...report,
    findings: shown,
    heldBack: {
      suppressed: suppressed.length - byAcceptFile,
      ...(byAcceptFile ? { acceptFile: byAcceptFile } : {}),
      baselined: report.findings.length - shown.length - suppressed.length,
      ...(absolute ? { absolute } : {}),
    },
    ...(accepted.length ? { accepted } : {}),
  };
}

/** The outcome of a `vottur diff`, computed once (src/diff/versioning.ts) and read by every format. */
export interface DiffOutcome {
  baseVersion?: string;
  revisionVersion?: string;
  /** The changes that count, per class (accepted changes are not among them). */
  counts: Record<ChangeClass, number>;
  /** Changes accepted with a reason (`--accept`, `x-vottur-ignore`): listed, not counted. */
  accepted: number;
  /** True when the revision declares a new major version. */
  newMajor: boolean;
  /** True when no finding that counts is an error: the gate's answer at its default `--fail-severity`. */
  allowed: boolean;
  /** "version 2.0.0 → 2.1.0: allows these changes", as every format prints it. */
  verdict: string;
}

/** What the contract phases exercised, per operation; `percent` is what `--min-coverage` gates on. */
export interface CoverageReport {
  /** Documented statuses and inputs exercised, over all operations, in percent (0–100, whole). */
  percent: number;
  /** The phases that ran, in order. */
  phases: string[];
  /** The seed of the generated requests: `--seed <seed>` sends the same ones again. */
  seed: number;
  /** `--budget`: the seconds the fuzz phase generated for (absent: it stopped at --max-examples). */
  budgetSeconds?: number;
  /** Generated requests sent, all phases and operations together (the examples phase included). */
  requests: number;
  operations: OperationCoverage[];
}

export interface OperationCoverage {
  document: string;
  operation: string;
  operationId?: string;
  /** Requests sent per phase. */
  requests: Record<string, number>;
  /** The statuses the description documents for the operation, and those an answer matched. */
  statuses: { documented: string[]; exercised: string[] };
  /** Parameters and request body: how many there are, and how many a generated request varied. */
  inputs: { total: number; exercised: number };
  /** Constraints (boundaries, enum values, formats, required members) a request tested. */
  constraints: number;
  /** Set when the operation was not generated for (e.g. an unsafe method without --allow-unsafe-methods). */
  skipped?: string;
}

export interface OperationResult {
  document: string;
  operation: string;
  operationId?: string;
  requests: number;
  findings: number;
  /** Total time of the requests made for the operation, where measured (JUnit's `time`). */
  durationMs?: number;
  /**
   * Present when the operation was not tested, saying why: no request with the credentials it
   * needs got an answer (the server could not be reached, every request timed out, no credentials
   * were given). Nothing tested is not passed: such an operation counts against the score.
   */
  notTested?: string;
}

export function summarise(findings: readonly Finding[]): Summary {
  const summary: Summary = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const finding of findings) summary[finding.severity]++;
  return summary;
}

/** Stable order: document, line, column, rule. */
/**
 * Text that `localeCompare` orders as its code units: lower-case letters, digits, `-`, `.` and `/`
 * (rule ids, most paths). Collation puts these punctuation marks before digits before letters,
 * in this order, as their code units are; not `_`, which it puts before `-`.
 */
const CODE_ORDERED = /^[a-z0-9./-]*$/;

/**
 * `localeCompare`, without calling into ICU for equal strings or for two texts it orders as code
 * units (the first call into ICU's collator costs ~5 ms of a small run). Same order either way.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (CODE_ORDERED.test(a) && CODE_ORDERED.test(b)) return a < b ? -1 : 1;
  return a.localeCompare(b);
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      compareText(a.document, b.document) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compareText(a.ruleId, b.ruleId) ||
      compareText(a.pointer, b.pointer),
  );
}

/** True when a report came from `vottur diff` (every rule it ran is a diff rule): its documents are the base and the revision. */
export function isDiffReport(report: Pick<Report, 'rules'>): boolean {
  return report.rules.length > 0 && report.rules.every((rule) => rule.source === 'diff');
}
