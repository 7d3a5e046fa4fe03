/**
 * The baseline: the findings a team has accepted for now, so a gate can be switched on for
 * services already registered and fail only on what is new. `vottur-baseline.json`
 * holds one entry per finding identity — document, rule, stable pointer, fingerprint — sorted, so
 * it reviews as a small diff. Entries may carry `expires` (a date after which they count again)
 * and any field a person adds (`reason`, `owner`, a ticket): updating and pruning keep them.
 *
 * Documents are named relative to the baseline file's folder and without their `.yaml`/`.yml`/
 * `.json` extension, so a description rewritten from YAML to JSON keeps its entries.
 */
import { lstatSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { CouldNotRunError } from '../errors.js';
import { parseErrorWithoutContent, readNamedFile } from '../runtime/safe-read.js';
import type { AbsentEntry, Finding, Report } from '../report/finding.js';
import { RUN_OWN_RULE_IDS } from '../lint/limits.js';
import { fingerprintWithoutDocument } from '../report/fingerprint.js';
import { isArray, isObject } from '../../rulesets/lib/openapi/types.js';
import { maskNationalIds } from '../pii.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { isCalendarDate } from '../runtime/calendar.js';

/**
 * Findings no baseline holds back, with or without a policy: the run's own statements that it
 * could not judge (`RUN_OWN_RULE_IDS`: a document not read, a walk's or the findings' bound, a
 * rule that failed, the rulesets' budget). What lay beyond is unknown, so they fail every run
 * until the run can judge again; an entry for one is never written and never matches.
 */
const NEVER_BASELINED: ReadonlySet<string> = RUN_OWN_RULE_IDS;

export { DEFAULT_BASELINE_FILE } from '../paths.js';

export interface BaselineEntry {
  document: string;
  rule: string;
  pointer: string;
  fingerprint: string;
  /** How many findings share this identity. */
  count: number;
  /** What the first of them said when the baseline was written (for reviewers; not matched on). */
  message?: string;
  /** A date (YYYY-MM-DD) after which the entry no longer holds its findings back. */
  expires?: string;
  /** Anything a person adds (reason, owner, ticket) is kept. */
  [field: string]: unknown;
}

export interface BaselineFile {
  vottur: 'baseline';
  version: 1;
  entries: BaselineEntry[];
}

const COMPUTED = new Set(['document', 'rule', 'pointer', 'fingerprint', 'count', 'message']);

/** The document's name in the baseline: relative to the baseline's folder, without its extension. */
export function baselineDocument(document: string, cwd: string, baselineFolder: string): string {
  if (/^https?:/.test(document)) return document;
  const absolute = isAbsolute(document) ? document : resolve(cwd, document);
  return relative(baselineFolder, absolute)
    .split(sep)
    .join('/')
    .replace(/\.(ya?ml|json)$/i, '');
}

function identity(finding: Finding): string {
  return finding.fingerprint ?? fingerprintWithoutDocument(finding.ruleId, finding.operation, finding.pointer);
}

/**
 * Every fingerprint a finding is known by: its own, then for a finding that stands for several
 * places ("also as …") those of the others. An entry matches on any of them, so which place the
 * document's key order reported (today, or when an earlier version wrote the entry) decides nothing.
 */
export function identities(finding: Finding): string[] {
  return finding.alsoFingerprints ? [identity(finding), ...finding.alsoFingerprints] : [identity(finding)];
}

/**
 * An entry's key: its document, its rule and its fingerprint. The rule is part of it because the
 * policy judges an entry by the rule it names (`baseline.rules`): an entry whose label names an
 * allowed rule but whose fingerprint is another rule's finding must hold back nothing (o34r15 B1).
 */
const keyOf = (document: string, rule: string, fingerprint: string) => `${document}\u0000${rule}\u0000${fingerprint}`;

/**
 * Reads a baseline; `shown` is how messages name it (the path as the user gave it). It must be a
 * regular file inside `root` (the repository), of bounded size (src/runtime/safe-read.ts).
 */
export async function readBaseline(file: string, shown: string, root: string): Promise<BaselineFile> {
  let text: string;
  try {
    text = await readNamedFile(file, { what: 'the baseline', shown, root });
  } catch (error) {
    if (error instanceof CouldNotRunError && error.message.endsWith(': no such file'))
      throw new CouldNotRunError(`${error.message}; write one with --update-baseline`);
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Where, never what: the parser's message quotes the file's text.
    throw new CouldNotRunError(
      `the baseline ${shown} is not valid JSON (${parseErrorWithoutContent(error)}); restore it from version control or write it again with --update-baseline`,
    );
  }
  const baseline = isObject(data) ? data : undefined;
  const entries = baseline?.entries;
  if (baseline?.vottur !== 'baseline' || !isArray(entries)) {
    throw new CouldNotRunError(
      `${shown} is not a vottur baseline (expected { "vottur": "baseline", "version": 1, "entries": [...] })`,
    );
  }
  for (const [index, e] of entries.entries()) {
    if (
      !isObject(e) ||
      typeof e.document !== 'string' ||
      typeof e.rule !== 'string' ||
      typeof e.fingerprint !== 'string' ||
      typeof e.pointer !== 'string'
    ) {
      throw new CouldNotRunError(
        `${shown}: entry ${index} lacks document, rule, pointer or fingerprint; write the baseline again with --update-baseline`,
      );
    }
    // A day of the calendar, not only its shape: `2027-02-30` compared as text would hold a finding
    // back past every real day of February.
    if (e.expires !== undefined && (typeof e.expires !== 'string' || !isCalendarDate(e.expires))) {
      throw new CouldNotRunError(
        `${shown}: entry ${index} (${e.rule}) has expires ${JSON.stringify(e.expires)}; write a date of the calendar as YYYY-MM-DD`,
      );
    }
  }
  return data as BaselineFile;
}

export interface ApplyOptions {
  /** Whether an entry may hold a finding back (an operator policy's judgement); default: every entry may. */
  admit?: (entry: BaselineEntry) => boolean;
  /** Called for each entry that matched a finding, with whether it held it back, and the finding. */
  onMatch?: (entry: BaselineEntry, honoured: boolean, finding: Finding) => void;
  /** Today, as YYYY-MM-DD (for `expires`); default the current date. */
  today?: string;
  cwd?: string;
}

/**
 * Marks each finding `unchanged` (the baseline holds it, and it does not count) or `new`, and
 * records the entries nothing matched (`absent`: fixed since) and those expired.
 */
export function applyBaseline(
  report: Report,
  baseline: BaselineFile,
  file: string,
  options: ApplyOptions = {},
): Report {
  const cwd = cwdOf(options);
  const folder = dirname(resolve(cwd, file));
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const left = new Map<string, { entry: BaselineEntry; remaining: number }>();
  let expired = 0;
  // Only the documents this run covered: linting one description of a catalogue says nothing
  // about the others' entries.
  const covered = coveredDocuments(report, cwd, folder);
  for (const entry of baseline.entries) {
    if (!covered.has(entry.document)) continue;
    if (entry.expires !== undefined && entry.expires < today) {
      expired++;
      continue;
    }
    const key = keyOf(entry.document, entry.rule, entry.fingerprint);
    const existing = left.get(key);
    if (existing) existing.remaining += entry.count ?? 1;
    else left.set(key, { entry, remaining: entry.count ?? 1 });
  }
  const matched = new Set<string>();
  let unchanged = 0;
  const findings = report.findings.map((finding) => {
    // A suppressed finding is held back already; the baseline is for the rest.
    if (finding.suppressions?.length) return finding;
    if (NEVER_BASELINED.has(finding.ruleId)) return { ...finding, baselineState: 'new' as const };
    const document = baselineDocument(finding.document, cwd, folder);
    let key = keyOf(document, finding.ruleId, identity(finding));
    let slot = left.get(key);
    for (const other of identities(finding).slice(1)) {
      if (slot && slot.remaining > 0) break;
      const candidate = keyOf(document, finding.ruleId, other);
      const found = left.get(candidate);
      if (found && found.remaining > 0) [key, slot] = [candidate, found];
    }
    if (slot && slot.remaining > 0 && options.admit && !options.admit(slot.entry)) {
      // Refused by the policy: the finding counts, and the entry is listed as tried.
      slot.remaining--;
      matched.add(key);
      options.onMatch?.(slot.entry, false, finding);
      return { ...finding, baselineState: 'new' as const };
    }
    if (slot && slot.remaining > 0) {
      slot.remaining--;
      options.onMatch?.(slot.entry, true, finding);
      matched.add(key);
      unchanged++;
      return { ...finding, baselineState: 'unchanged' as const };
    }
    return { ...finding, baselineState: 'new' as const };
  });
  const absent: AbsentEntry[] = [...left]
    .filter(([key]) => !matched.has(key))
    .map(([, { entry }]) => ({
      rule: entry.rule,
      document: entry.document,
      pointer: entry.pointer,
      fingerprint: entry.fingerprint,
    }));
  return { ...report, findings, baseline: { file, unchanged, expired, absent } };
}

function sortEntries(entries: BaselineEntry[]): BaselineEntry[] {
  return entries.sort(
    (a, b) =>
      a.document.localeCompare(b.document) ||
      a.rule.localeCompare(b.rule) ||
      a.pointer.localeCompare(b.pointer) ||
      a.fingerprint.localeCompare(b.fingerprint),
  );
}

/** The fields a person wrote on an entry (kept when the baseline is written again). */
function handWritten(entry: BaselineEntry): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !COMPUTED.has(key)));
}

/**
 * The baseline of a report's findings (those that count: not suppressed, and not an unreadable
 * document), keeping what a person wrote on entries that still match. Messages are masked always,
 * `--show-pii` or not: the file is committed, and national identifiers are personal data.
 */
export function baselineFor(
  report: Report,
  file: string,
  previous?: BaselineFile,
  options: Pick<ApplyOptions, 'cwd'> = {},
): BaselineFile {
  const cwd = cwdOf(options);
  const folder = dirname(resolve(cwd, file));
  const covered = coveredDocuments(report, cwd, folder);
  const kept = new Map(
    (previous?.entries ?? []).map((entry) => [
      keyOf(entry.document, entry.rule, entry.fingerprint),
      handWritten(entry),
    ]),
  );
  // What a person wrote on an entry stays whichever of the finding's fingerprints it was written under.
  const keptFor = (document: string, finding: Finding) => {
    for (const fp of identities(finding)) {
      const fields = kept.get(keyOf(document, finding.ruleId, fp));
      if (fields) return fields;
    }
    return undefined;
  };
  const byKey = new Map<string, BaselineEntry>();
  for (const finding of report.findings) {
    if (finding.suppressions?.length || NEVER_BASELINED.has(finding.ruleId)) continue;
    const document = baselineDocument(finding.document, cwd, folder);
    const fp = identity(finding);
    const key = keyOf(document, finding.ruleId, fp);
    const existing = byKey.get(key);
    if (existing) existing.count++;
    // The pointer is masked as the message is (`/paths/~1v1~1users~10101302989` holds one); entries match by fingerprint.
    else
      byKey.set(key, {
        document,
        rule: finding.ruleId,
        pointer: maskNationalIds(finding.pointer),
        fingerprint: fp,
        count: 1,
        message: maskNationalIds(finding.message),
        ...keptFor(document, finding),
      });
  }
  // Entries of documents this run did not cover stay as they were.
  const others = (previous?.entries ?? []).filter((entry) => !covered.has(entry.document));
  return { vottur: 'baseline', version: 1, entries: sortEntries([...others, ...byKey.values()]) };
}

/** The documents a run covered, as the baseline names them. */
function coveredDocuments(report: Report, cwd: string, folder: string): Set<string> {
  const documents = new Set<string>();
  for (const document of report.documents) documents.add(baselineDocument(document.path, cwd, folder));
  for (const finding of report.findings) documents.add(baselineDocument(finding.document, cwd, folder));
  return documents;
}

/** The baseline without its absent entries (`--prune-baseline`); every other entry as it was. */
export function pruneBaseline(baseline: BaselineFile, absent: readonly AbsentEntry[]): BaselineFile {
  const gone = new Set(absent.map((entry) => keyOf(entry.document, entry.rule, entry.fingerprint)));
  return {
    ...baseline,
    entries: baseline.entries.filter((entry) => !gone.has(keyOf(entry.document, entry.rule, entry.fingerprint))),
  };
}

export function serializeBaseline(baseline: BaselineFile): string {
  return `${JSON.stringify({ vottur: 'baseline', version: 1, entries: baseline.entries }, null, 2)}\n`;
}

/** A symbolic link counts as there wherever it leads: the reader refuses one leading outside, whether its target exists or not. */
export function baselineExists(file: string, cwd: string): boolean {
  return lstatSync(resolve(cwd, file), { throwIfNoEntry: false }) !== undefined;
}
