/**
 * Inline suppressions: `x-vottur-ignore` on any node of a description holds back the findings of
 * the rules it names on that node and everything under it, each with the reason it gives:
 *
 *   x-vottur-ignore:
 *     - rule: platform-pagination
 *       reason: A legacy endpoint; paging moves to PageInfo in v3 (ticket API-142).
 *   x-vottur-ignore: { platform-pagination: "A legacy endpoint…" }   # the same, as a map
 *
 * A suppression is a decision someone can be asked about: one without a reason suppresses nothing
 * and is itself a finding, and so is one that holds nothing back (a stale or misspelt rule id).
 * `vottur diff` reads the same key for its own rules (src/diff/accept.ts); entries naming diff or
 * contract rules are left to those commands. An entry naming one of the run's own statements that
 * it could not judge (`vottur-walk-limit`, `vottur-unreadable`…, `RUN_OWN_RULE_IDS` in limits.ts)
 * holds nothing back, with or without a policy, and is itself a finding.
 */
import type { Finding, RuleMeta } from '../report/finding.js';
import { MAX_NESTING } from './json.js';
import { isRunOwnRule } from './limits.js';

export const IGNORE_KEY = 'x-vottur-ignore';

type Path = Array<string | number>;

interface Declared {
  /** The node the suppression sits on. */
  at: Path;
  /** Where the entry itself is written, for findings about it. */
  entry: Path;
  rule: string;
  reason?: string;
  used: boolean;
}

export interface SuppressionProblem {
  ruleId: typeof SUPPRESSION_REASON | typeof SUPPRESSION_UNUSED;
  message: string;
  path: Path;
}

export const SUPPRESSION_REASON = 'vottur-suppression-reason';
export const SUPPRESSION_UNUSED = 'vottur-suppression-unused';

/** The two rules about suppressions themselves, as reports list rules. */
export const SUPPRESSION_RULES: readonly RuleMeta[] = [
  {
    id: SUPPRESSION_REASON,
    severity: 'info',
    category: 'documentation',
    description: 'An x-vottur-ignore entry gives no reason, so it suppresses nothing: say why the finding is accepted.',
    docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/suppressions.md#a-reason-is-required',
    source: 'lint',
  },
  {
    id: SUPPRESSION_UNUSED,
    severity: 'info',
    category: 'documentation',
    description:
      'An x-vottur-ignore entry holds nothing back (the finding is gone, or the rule id is wrong): remove it.',
    docsUrl: 'https://github.com/vottur/vottur/blob/main/docs/suppressions.md#stale-suppressions',
    source: 'lint',
  },
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One entry of an `x-vottur-ignore` value as written, and the key it sits under (a list index or the rule id). */
export interface IgnoreEntry {
  rule: unknown;
  reason: unknown;
  key: string | number;
}

/**
 * The entries of an `x-vottur-ignore` value: a list of `{ rule, reason }` (or bare rule ids), or a
 * map rule id → reason; undefined for any other shape. Lint and `vottur diff` both read it here,
 * and each judges the entries its own way.
 */
export function ignoreEntries(value: unknown): IgnoreEntry[] | undefined {
  if (Array.isArray(value))
    return value.map((item: unknown, index) =>
      isRecord(item)
        ? { rule: item.rule, reason: item.reason, key: index }
        : { rule: item, reason: undefined, key: index },
    );
  if (isRecord(value)) return Object.entries(value).map(([rule, reason]) => ({ rule, reason, key: rule }));
  return undefined;
}

/** Rules other commands own: their entries are theirs to use. */
const OTHER_COMMANDS = /^(diff-|platform-version-|contract-)/;

/** Every `x-vottur-ignore` of the document, found in one walk. */
function declared(document: unknown): Declared[] {
  const found: Declared[] = [];
  const walk = (node: unknown, path: Path, depth: number): void => {
    // As deep as a description can nest (a deeper one is refused when read, src/lint/json.ts and
    // yaml.ts), so no suppression goes unseen: one past 200 levels used to be neither honoured nor
    // judged (a missing reason was no finding). test/lint/walk-bounds.test.ts.
    if (depth > MAX_NESTING || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item: unknown, index) => walk(item, [...path, index], depth + 1));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === IGNORE_KEY) {
        for (const entry of ignoreEntries(value) ?? []) {
          if (typeof entry.rule !== 'string' || OTHER_COMMANDS.test(entry.rule)) continue;
          const reason =
            typeof entry.reason === 'string' && entry.reason.trim() !== '' ? entry.reason.trim() : undefined;
          found.push({
            at: path,
            entry: [...path, key, entry.key],
            rule: entry.rule,
            ...(reason ? { reason } : {}),
            used: false,
          });
        }
        continue;
      }
      walk(value, [...path, key], depth + 1);
    }
  };
  walk(document, [], 0);
  return found;
}

const isPrefix = (prefix: Path, path: Path) =>
  prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);

/**
 * Applies the document's suppressions to the findings of one description: `pathOf` gives a
 * finding's path in the (bundled) document the suppressions were read from. Returns the findings
 * about the suppressions themselves.
 */
export function applySuppressions(
  document: unknown,
  findings: Array<{ finding: Finding; path: Path }>,
): SuppressionProblem[] {
  const entries = declared(document);
  if (entries.length === 0) return [];
  for (const { finding, path } of findings) {
    // The run's own statement that it could not judge is never held back (what lay beyond is unknown).
    if (isRunOwnRule(finding.ruleId)) continue;
    const matching = entries.filter((entry) => entry.rule === finding.ruleId && isPrefix(entry.at, path));
    const withReason = matching.filter((entry): entry is Declared & { reason: string } => entry.reason !== undefined);
    for (const entry of matching) entry.used = true;
    if (withReason.length > 0)
      finding.suppressions = withReason.map((entry) => ({ kind: 'inSource', justification: entry.reason }));
  }
  const problems: SuppressionProblem[] = [];
  for (const entry of entries) {
    if (entry.reason === undefined) {
      problems.push({
        ruleId: SUPPRESSION_REASON,
        path: entry.entry,
        message: `\`${IGNORE_KEY}\` for \`${entry.rule}\` gives no reason, so it suppresses nothing; say why the finding is accepted: \`- { rule: ${entry.rule}, reason: … }\`.`,
      });
    } else if (isRunOwnRule(entry.rule)) {
      problems.push({
        ruleId: SUPPRESSION_UNUSED,
        path: entry.entry,
        message: `\`${IGNORE_KEY}\` for \`${entry.rule}\` holds nothing back: it is the run's own statement that it could not judge part of the description, which no suppression, baseline or configuration holds back; remove the entry.`,
      });
    } else if (!entry.used) {
      problems.push({
        ruleId: SUPPRESSION_UNUSED,
        path: entry.entry,
        message: `\`${IGNORE_KEY}\` for \`${entry.rule}\` holds nothing back here (the finding is gone, or the rule id is not right); remove the entry.`,
      });
    }
  }
  return problems;
}
