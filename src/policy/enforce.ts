/**
 * A run under (or without) an operator policy: what each document's configuration asks for, what
 * the policy lets it have, and the record of both that every report carries (`configuration`).
 * The configuration of a document is resolved once, before it is linted, and that one resolution
 * feeds the engine (rules off do not run), the gate (levels, suppressions, baseline, acceptances)
 * and the report.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { levelFor, type ConfigResolver, type LoadedConfig, type RuleLevel } from '../config/index.js';
import { rulesetName, type RulesetReference } from '../lint/extends.js';
import type { DataExtension } from '../lint/data-ruleset.js';
import type { DocumentSettings } from '../lint/files.js';
import type { BaselineEntry } from '../baseline/index.js';
import { sortFindings, type Finding, type Report, type RunConfiguration, type Severity } from '../report/finding.js';
import {
  levelUnderPolicy,
  listed,
  POLICY_ACCEPT,
  POLICY_BASELINE,
  POLICY_EXTENDS,
  POLICY_LEVEL,
  policyRule,
  POLICY_SUPPRESSION,
  policyFinding,
  sha256,
  shownFile,
  type Policy,
} from './index.js';

type FileKind = RunConfiguration['files'][number]['kind'];

/** One run's configuration and policy: resolved per document once, and recorded for the report. */
export class GateRun {
  readonly configuration: RunConfiguration = { files: [], rules: [], extends: [], suppressions: [], accepted: [] };
  /** The policy's findings, joined to the report at the end (no configuration can level them). */
  readonly refusals: Finding[] = [];
  private readonly refused = new Set<string>();
  private readonly recorded = new Set<string>();
  private readonly settings = new Map<string, Promise<DocumentSettings | undefined>>();
  /** This run, as the linters built for its configurations' `extends` are cached under (src/lint/extends.ts). */
  readonly id = randomUUID();

  constructor(
    readonly resolver: ConfigResolver | undefined,
    readonly policy: Policy | undefined,
    readonly cwd: string,
    /**
     * With no policy: a policy whose loader still reads the rulesets configurations extend, as data
     * only, and why (the language server in a workspace its client has not said it trusts).
     */
    private readonly untrusted?: { policy: Policy; why: string },
  ) {
    if (policy)
      this.configuration.policy = {
        name: policy.name,
        ...(policy.file ? { file: policy.file } : {}),
        ...(policy.sha256 ? { sha256: policy.sha256 } : {}),
      };
    if (policy?.file && policy.sha256)
      this.configuration.files.push({ path: policy.file, kind: 'policy', sha256: policy.sha256 });
  }

  /** Records the overlays applied before checking (`--overlay`), in order. */
  recordOverlays(
    overlays: ReadonlyArray<{ shown: string; title: string; sha256: string; actions: readonly unknown[] }>,
  ): void {
    if (overlays.length === 0) return;
    this.configuration.overlays = overlays.map((overlay) => ({
      path: shownFile(overlay.shown, this.cwd),
      title: overlay.title,
      sha256: overlay.sha256,
      actions: overlay.actions.length,
    }));
  }

  /** Records a file the run read (once), with its SHA-256. */
  recordFile(file: string, kind: FileKind, bytes?: string | Buffer): void {
    const path = shownFile(file, this.cwd);
    if (this.recorded.has(`${kind}\u0000${path}`)) return;
    this.recorded.add(`${kind}\u0000${path}`);
    let content = bytes;
    if (content === undefined) {
      try {
        content = readFileSync(resolve(this.cwd, file));
      } catch {
        // Gone or unreadable since the run read it: there is no content to record a hash of.
        return;
      }
    }
    this.configuration.files.push({ path, kind, sha256: sha256(content) });
  }

  /** Records a ruleset file the policy's loader read (once), as it named it, with its SHA-256. */
  private recordRead(path: string, hash: string): void {
    if (this.recorded.has(`ruleset\u0000${path}`)) return;
    this.recorded.add(`ruleset\u0000${path}`);
    this.configuration.files.push({ path, kind: 'ruleset', sha256: hash });
  }

  /** Records a contract setting a configuration set, with whether it was used (listed in every report). */
  recordSetting(entry: NonNullable<RunConfiguration['settings']>[number]): void {
    const settings = (this.configuration.settings ??= []);
    if (!settings.some((s) => s.key === entry.key && s.file === entry.file)) settings.push(entry);
  }

  /** A finding of a policy rule, once per distinct message. */
  refuse(ruleId: string, message: string, document: string): void {
    const key = `${ruleId}\u0000${message}`;
    if (this.refused.has(key)) return;
    this.refused.add(key);
    this.refusals.push(policyFinding(ruleId, message, document));
  }

  /** The configuration of a document (as findings name it), recorded the first time its file is seen. */
  async configFor(document: string): Promise<LoadedConfig | undefined> {
    if (!this.resolver) return undefined;
    const loaded = await this.resolver.forDocument(document);
    if (loaded) this.recordConfig(loaded);
    return loaded;
  }

  private recordConfig(loaded: LoadedConfig): void {
    const path = shownFile(loaded.file, this.cwd);
    if (this.recorded.has(`config\u0000${path}`)) return;
    this.recordFile(loaded.file, 'config');
    const config = loaded.config;
    // A vocabulary changes what the rules find: each addition is listed, as a rule level is.
    const vocabulary: Record<string, unknown> = { ...config.vocabulary };
    for (const [key, value] of Object.entries(vocabulary)) {
      const words = Array.isArray(value)
        ? value.map(String)
        : typeof value === 'object' && value !== null
          ? Object.entries(value).map(([word, prefix]) => `${word} → ${String(prefix)}`)
          : [];
      if (words.length > 0)
        (this.configuration.vocabulary ??= []).push({ key, value: `[${words.join(', ')}]`, file: loaded.shown });
    }
    for (const [rule, level] of Object.entries(config.rules ?? {}))
      this.configuration.rules.push({ rule, level, file: loaded.shown, honoured: true });
    for (const override of config.overrides ?? []) {
      for (const [rule, level] of Object.entries(override.rules))
        this.configuration.rules.push({ rule, level, file: loaded.shown, files: override.files, honoured: true });
    }
  }

  /**
   * What a document's configuration adds to linting it, as the policy allows: its vocabulary, the
   * rulesets it extends that bring no code, and the rules it turns off for the whole document
   * (which then do not run).
   */
  settingsFor(document: string): Promise<DocumentSettings | undefined> {
    let settings = this.settings.get(document);
    if (!settings) this.settings.set(document, (settings = this.resolveSettings(document)));
    return settings;
  }

  private async resolveSettings(document: string): Promise<DocumentSettings | undefined> {
    const loaded = await this.configFor(document);
    if (!loaded) return undefined;
    const { vocabulary, extends: extended, rules, overrides } = loaded.config;
    const entries: RulesetReference[] =
      extended === undefined ? [] : typeof extended === 'string' ? [extended] : extended;
    const allowed: RulesetReference[] = [];
    // Under a policy each entry is read once, by the policy's loader, and only its data goes on.
    const data: DataExtension[] = [];
    const loader = this.policy ?? this.untrusted?.policy;
    const { loadUnderPolicy, ruleBudget } = loader
      ? await import('./ruleset.js')
      : { loadUnderPolicy: undefined, ruleBudget: () => undefined };
    // The bounds on what the repository's rules may ask for, shared by this configuration's entries.
    const budget = ruleBudget();
    for (const entry of entries) {
      const name = rulesetName(entry);
      let why: string | undefined;
      if (loader && loadUnderPolicy) {
        const load = await loadUnderPolicy(entry, loaded.file, loader, this.cwd, budget);
        for (const file of load.read) this.recordRead(file.path, file.sha256);
        if (load.ok) data.push(load.extension);
        else why = load.why;
      }
      if (!this.configuration.extends.some((e) => e.ruleset === name && e.file === loaded.shown))
        this.configuration.extends.push({ ruleset: name, file: loaded.shown, honoured: why === undefined });
      if (why === undefined) allowed.push(entry);
      else
        this.refuse(
          POLICY_EXTENDS,
          `\`extends: ${name}\` in ${loaded.shown} was not loaded: ${why}; ${this.policy ? `the policy (${this.policy.name}) loads rulesets as data only and runs no code from the repository` : (this.untrusted?.why ?? 'it was refused')}.`,
          document,
        );
    }
    // A rule off in `rules:` and not turned back on by any override: it does not run for this document.
    const skip = Object.entries(rules ?? {})
      .filter(
        ([rule, level]) =>
          level === 'off' && !(overrides ?? []).some((o) => o.rules[rule] !== undefined && o.rules[rule] !== 'off'),
      )
      .map(([rule]) => rule)
      .filter((rule) => !this.policy || listed(this.policy.mayLower, rule));
    if (!vocabulary && allowed.length === 0 && skip.length === 0) return undefined;
    return {
      ...(vocabulary ? { vocabulary } : {}),
      ...(allowed.length > 0
        ? {
            extends: {
              configFile: loaded.file,
              entries: allowed,
              cwd: this.cwd,
              run: this.id,
              ...(loader ? { data } : {}),
            },
          }
        : {}),
      ...(skip.length > 0 ? { skip } : {}),
    };
  }

  /**
   * A level a configuration sets for one rule, as the policy allows it: the level itself without a
   * policy; under one, the rule's own level or the policy's floor where the level would lower it
   * (`applyLevels` records the refusal).
   */
  allowedLevel(rule: string, own: Severity, level: Severity | 'off' | undefined): Severity | 'off' | undefined {
    if (level === undefined || !this.policy) return level;
    return levelUnderPolicy(this.policy, rule, own, level).level;
  }

  /**
   * The report with each document's rule levels applied as the policy allows: findings of a rule
   * turned off leave, others take their level; a level the policy refuses is a finding, and the
   * rule keeps its own (or the policy's floor). With `apply` false the levels are only judged (a
   * diff's findings carry them already).
   */
  async applyLevels(report: Report, apply = true): Promise<Report> {
    if (!this.resolver) return report;
    const own = new Map(report.rules.map((rule) => [rule.id, rule.severity] as const));
    const configOf = new Map<string, LoadedConfig | undefined>();
    const configFor = async (document: string) => {
      if (!configOf.has(document)) configOf.set(document, await this.configFor(document));
      return configOf.get(document);
    };
    for (const document of report.documents) await configFor(document.path);
    // Every level a configuration writes is judged, whether or not its rule found something.
    for (const entry of this.configuration.rules) {
      const severity = own.get(entry.rule);
      if (!this.policy) continue;
      // A rule this run does not check: turning it off is still not the repository's to do.
      if (severity === undefined) {
        entry.honoured = entry.level !== 'off' || listed(this.policy.mayLower, entry.rule);
        continue;
      }
      const judged = levelUnderPolicy(this.policy, entry.rule, severity, entry.level);
      if (judged.honoured) continue;
      entry.honoured = false;
      const where = entry.files ? `overrides (${entry.files.join(', ')})` : 'rules';
      // Filed against a document this configuration applies to, not the run's first one.
      const document =
        report.documents.find((d) => configOf.get(d.path)?.shown === entry.file)?.path ??
        report.documents[0]?.path ??
        entry.file;
      this.refuse(
        POLICY_LEVEL,
        `\`${entry.rule}: ${entry.level}\` under \`${where}\` in ${entry.file} is refused: the policy (${this.policy.name}) lets a configuration raise a rule, not lower it below ${judged.level}; the rule stays at ${judged.level}.`,
        document,
      );
    }
    if (!apply) return report;
    const findings: Finding[] = [];
    let changed = false;
    for (const finding of report.findings) {
      const loaded = await configFor(finding.description ?? finding.document);
      let level: RuleLevel | undefined = loaded
        ? levelFor(loaded, finding.ruleId, finding.document, finding.pointer, this.cwd)
        : undefined;
      if (level !== undefined && this.policy)
        level = levelUnderPolicy(this.policy, finding.ruleId, own.get(finding.ruleId) ?? finding.severity, level).level;
      if (level === undefined || level === finding.severity) findings.push(finding);
      else if (level !== 'off') findings.push({ ...finding, severity: level });
      changed ||= level !== undefined && level !== finding.severity;
    }
    // A rule off everywhere the run looked (and not turned back on by an override) is not listed as checked.
    const configs = await Promise.all(report.documents.map((document) => configFor(document.path)));
    const offEverywhere = new Set(
      report.rules
        .map((rule) => rule.id)
        .filter(
          (id) =>
            configs.length > 0 &&
            configs.every(
              (loaded) =>
                loaded?.config.rules?.[id] === 'off' &&
                !loaded.config.overrides?.some((o) => o.rules[id] !== undefined && o.rules[id] !== 'off'),
            ) &&
            (!this.policy || listed(this.policy.mayLower, id)),
        ),
    );
    if (!changed && offEverywhere.size === 0) return report;
    return { ...report, findings, rules: report.rules.filter((rule) => !offEverywhere.has(rule.id)) };
  }

  /**
   * Inline suppressions (`x-vottur-ignore`): each listed with its reason; under a policy, one of a
   * rule the policy does not list holds nothing back (the finding counts) and is a finding.
   */
  judgeSuppressions(report: Report): Report {
    let changed = false;
    const refusedBy = new Map<string, { document: string; rule: string; places: number }>();
    const findings = report.findings.map((finding) => {
      // A diff change accepted on purpose is judged as an acceptance (judgeAcceptances), not here.
      if (!finding.suppressions || finding.suppressions.length === 0 || finding.source === 'diff') return finding;
      const honoured = !this.policy || listed(this.policy.suppressionRules, finding.ruleId);
      const reason = finding.suppressions.map((s) => s.justification).join('; ');
      this.configuration.suppressions.push({
        rule: finding.ruleId,
        document: finding.document,
        pointer: finding.pointer,
        reason,
        honoured,
      });
      if (honoured) return finding;
      changed = true;
      const key = `${finding.description ?? finding.document}\u0000${finding.ruleId}`;
      const entry = refusedBy.get(key) ?? {
        document: finding.description ?? finding.document,
        rule: finding.ruleId,
        places: 0,
      };
      entry.places++;
      refusedBy.set(key, entry);
      const { suppressions: _held, ...counted } = finding;
      return counted;
    });
    for (const { document, rule, places } of refusedBy.values()) {
      this.refuse(
        POLICY_SUPPRESSION,
        `\`x-vottur-ignore\` of ${rule} in ${document} (${places} finding${places === 1 ? '' : 's'}) is listed, not honoured: the policy (${this.refusingPolicy()}) does not let the repository suppress ${rule}; the finding${places === 1 ? ' counts' : 's count'}.`,
        document,
      );
    }
    return changed ? { ...report, findings } : report;
  }

  /** Whether the policy (if any) lets the repository accept a diff change of this rule. */
  mayAccept(ruleId: string): boolean {
    return !this.policy || listed(this.policy.acceptRules, ruleId);
  }

  /**
   * Diff changes accepted on purpose: each listed; under a policy, one of a rule the policy does
   * not list counts again (it is put back among the findings) and is a finding.
   */
  judgeAcceptances(
    report: Report,
    accepted: ReadonlyArray<{ finding: Finding; reason: string; by: 'x-vottur-ignore' | 'accept file' }>,
  ): Report {
    const back: Finding[] = [];
    let findings = report.findings;
    for (const { finding, reason, by } of accepted) {
      const honoured = this.mayAccept(finding.ruleId);
      this.configuration.accepted.push({
        rule: finding.ruleId,
        document: finding.document,
        pointer: finding.pointer,
        reason,
        by,
        honoured,
      });
      if (honoured) continue;
      // An accepted change the report lists as held back (suppressed) counts again; one it left out is put back.
      const listedAt = findings.findIndex(
        (f) =>
          f.ruleId === finding.ruleId &&
          f.pointer === finding.pointer &&
          f.message === finding.message &&
          f.document === finding.document,
      );
      const held = findings[listedAt];
      if (held) {
        const { suppressions: _held, ...counted } = held;
        findings = findings.map((f, i) => (i === listedAt ? counted : f));
      } else back.push(finding);
      const where = finding.pointer === '' ? 'everywhere (at the root)' : `at ${finding.pointer}`;
      this.refuse(
        POLICY_ACCEPT,
        `${by === 'accept file' ? 'An accept entry' : '`x-vottur-ignore` in the revision'} accepting ${finding.ruleId} ${where} is listed, not honoured: the policy (${this.refusingPolicy()}) does not let the repository accept ${finding.ruleId}; the change counts.`,
        finding.description ?? finding.document,
      );
    }
    if (back.length === 0 && findings === report.findings) return report;
    return { ...report, findings: back.length === 0 ? findings : sortFindings([...findings, ...back]) };
  }

  /**
   * How a baseline's entries are judged and listed: every entry that matches a finding is listed
   * with its expiry. A baseline the operator passed on the command line holds back what it holds;
   * one the repository's configuration names only entries of rules the policy lists, with an
   * `expires` within its limit.
   */
  baselineJudge(
    file: string,
    given: 'command line' | 'configuration',
  ): {
    admit?: (entry: BaselineEntry) => boolean;
    onMatch: (entry: BaselineEntry, honoured: boolean, finding: Finding) => void;
  } {
    const record: NonNullable<RunConfiguration['baseline']> = { file, given, entries: [] };
    this.configuration.baseline = record;
    const policy = given === 'configuration' ? this.policy : undefined;
    const refusedBy = new Map<string, { rule: string; document: string; count: number; why: string }>();
    // One item per entry, however many findings it matched (an entry with `count` matches several):
    // "63 findings" are not "63 entries".
    const listedEntries = new Map<BaselineEntry, (typeof record.entries)[number]>();
    const onMatch = (entry: BaselineEntry, honoured: boolean, finding: Finding) => {
      const item = listedEntries.get(entry);
      if (item) item.findings = (item.findings ?? 1) + 1;
      else {
        const created = {
          rule: entry.rule,
          document: entry.document,
          pointer: entry.pointer,
          ...(entry.expires !== undefined ? { expires: entry.expires } : {}),
          honoured,
        };
        listedEntries.set(entry, created);
        record.entries.push(created);
      }
      if (honoured || !policy) return;
      const why = !listed(policy.baselineRules, entry.rule)
        ? `the policy (${policy.name}) does not let a baseline the repository names hold back ${entry.rule}`
        : `its expiry (${entry.expires ?? 'none'}) is further than the policy's ${policy.baselineMaxExpiryDays} days ahead`;
      // Filed against the description the finding belongs to (as the report names it), not the
      // entry's path (relative to the baseline, or a $ref'd file that is no document of the report).
      const document = finding.description ?? finding.document;
      const key = `${document}\u0000${entry.rule}\u0000${why}`;
      const seen = refusedBy.get(key);
      if (seen) seen.count++;
      else refusedBy.set(key, { rule: entry.rule, document, count: 1, why });
    };
    if (!policy) return { onMatch };
    const latest =
      policy.baselineMaxExpiryDays === undefined
        ? undefined
        : new Date(Date.now() + policy.baselineMaxExpiryDays * 86_400_000).toISOString().slice(0, 10);
    const admit = (entry: BaselineEntry) =>
      listed(policy.baselineRules, entry.rule) &&
      (latest === undefined || (typeof entry.expires === 'string' && entry.expires <= latest));
    this.pending.push(() => {
      for (const { rule, document, count, why } of refusedBy.values()) {
        this.refuse(
          POLICY_BASELINE,
          `${count} entr${count === 1 ? 'y' : 'ies'} for ${rule} in ${document} of ${file} (named by the configuration) ${count === 1 ? 'is' : 'are'} listed, not honoured: ${why}; the finding${count === 1 ? ' counts' : 's count'}. Pass a baseline you trust with --baseline.`,
          document,
        );
      }
    });
    return { admit, onMatch };
  }

  /** Work left for the end of the run (refusals known only once the baseline was applied). */
  private readonly pending: Array<() => void> = [];

  /** The name of the policy a refusal is made under: only a policy refuses anything. */
  private refusingPolicy(): string {
    if (!this.policy) throw new Error('a refusal was made with no policy in force');
    return this.policy.name;
  }

  /** The report with the policy's findings and rules, and the record of what the run read. */
  finish(report: Report): Report & { configuration: RunConfiguration } {
    for (const task of this.pending.splice(0)) task();
    const rules = [...report.rules];
    for (const finding of this.refusals)
      if (!rules.some((rule) => rule.id === finding.ruleId)) rules.push(policyRule(finding.ruleId));
    // A refusal is about a document of the report (a configuration's file is not one): scored there.
    const documents = new Set(report.documents.map((document) => document.path));
    const home = report.documents[report.documents.length - 1]?.path;
    const refusals = this.refusals.map((finding) =>
      documents.has(finding.document) || home === undefined ? finding : { ...finding, document: home },
    );
    const findings = refusals.length > 0 ? sortFindings([...report.findings, ...refusals]) : report.findings;
    return { ...report, rules, findings, configuration: this.configuration };
  }
}

/**
 * A saved report (`vottur report`) judged again under a policy. Every finding the saved report holds
 * back, whatever its source (lint, response, contract, diff, catalogue), counts again unless the
 * saved record shows that hold given and honoured, and the policy allows it: a suppression needs an
 * honoured entry of its rule at its place in the record's `suppressions` and a rule the policy
 * lets the repository suppress; an accepted change an honoured entry in `accepted` and a rule the
 * policy lets it accept; a baselined finding a `baseline` in the record with an honoured entry of
 * its rule and a rule the policy lets a baseline hold back. Each hold refused is a `policy-…`
 * finding, per document and rule (issue 34, attack r6 S01: findings marked `baselineState:
 * "unchanged"` with no record, and diff findings carrying `suppressions`, passed the gate unseen).
 */
export function rejudgeSaved(report: Report, policy: Policy, cwd: string): Report {
  const run = new GateRun(undefined, policy, cwd);
  const saved = report.configuration;
  const at = (finding: Finding) => (entry: { rule: string; document: string; pointer: string; honoured: boolean }) =>
    entry.honoured &&
    entry.rule === finding.ruleId &&
    entry.document === finding.document &&
    entry.pointer === finding.pointer;
  // Refusals per kind of hold, document and rule: one finding each, however many findings it held.
  const refused = new Map<
    string,
    { kind: 'suppression' | 'accept' | 'baseline'; rule: string; document: string; count: number }
  >();
  const refuse = (kind: 'suppression' | 'accept' | 'baseline', finding: Finding) => {
    const document = finding.description ?? finding.document;
    const key = `${kind}\u0000${document}\u0000${finding.ruleId}`;
    const entry = refused.get(key) ?? { kind, rule: finding.ruleId, document, count: 0 };
    entry.count++;
    refused.set(key, entry);
  };
  // The places (document, rule, pointer) of held findings the saved record does not show.
  const unshown = new Set<string>();
  // Suppressions of a rule the policy does not list: refused as in a run (judgeSuppressions).
  let judged = run.judgeSuppressions(report);
  judged = {
    ...judged,
    findings: judged.findings.map((finding) => {
      let counted = finding;
      if (counted.suppressions && counted.suppressions.length > 0) {
        const shown =
          counted.source === 'diff'
            ? (saved?.accepted ?? []).some(at(counted)) && listed(policy.acceptRules, counted.ruleId)
            : (saved?.suppressions ?? []).some(at(counted));
        if (!shown) {
          refuse(counted.source === 'diff' ? 'accept' : 'suppression', counted);
          unshown.add(`${counted.document}\u0000${counted.ruleId}\u0000${counted.pointer}`);
          const { suppressions: _held, ...rest } = counted;
          counted = rest;
        }
      }
      if (counted.baselineState === 'unchanged') {
        const shown =
          saved?.baseline !== undefined &&
          saved.baseline.entries.some((entry) => entry.honoured && entry.rule === counted.ruleId) &&
          listed(policy.baselineRules, counted.ruleId);
        if (!shown) {
          refuse('baseline', counted);
          counted = { ...counted, baselineState: 'new' as const };
        }
      }
      return counted;
    }),
  };
  // The record lists a suppression refused here as not honoured.
  for (const entry of run.configuration.suppressions)
    if (unshown.has(`${entry.document}\u0000${entry.rule}\u0000${entry.pointer}`)) entry.honoured = false;
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  for (const { kind, rule, document, count } of refused.values()) {
    const findings = plural(count, 'finding', 'findings');
    const counts = count === 1 ? 'counts' : 'count';
    if (kind === 'suppression')
      run.refuse(
        POLICY_SUPPRESSION,
        `${findings} of ${rule} in ${document} ${count === 1 ? 'is' : 'are'} marked suppressed, but the saved report's record does not show ${count === 1 ? 'that suppression' : 'those suppressions'} honoured; ${counts}: the policy (${policy.name}) honours only what it saw.`,
        document,
      );
    else if (kind === 'accept')
      run.refuse(
        POLICY_ACCEPT,
        `${findings} of ${rule} in ${document} ${count === 1 ? 'is' : 'are'} marked accepted, but ${listed(policy.acceptRules, rule) ? "the saved report's record does not show that acceptance honoured" : `the policy (${policy.name}) does not let the repository accept ${rule}`}; the change${count === 1 ? ' counts' : 's count'}.`,
        document,
      );
    else if (saved?.baseline)
      run.refuse(
        POLICY_BASELINE,
        `${findings} of ${rule} in ${document} held back by ${saved.baseline.file} (${saved.baseline.given === 'configuration' ? 'named by the configuration' : 'given on the command line, as the saved report claims'}) ${counts}: the policy (${policy.name}) does not let a baseline it did not see given hold back ${rule}; run vottur with --baseline under the gate instead.`,
        document,
      );
    else
      run.refuse(
        POLICY_BASELINE,
        `${findings} of ${rule} in ${document} ${count === 1 ? 'is' : 'are'} marked held back by a baseline, but the saved report records no baseline; ${counts}: the policy (${policy.name}) does not let a baseline it did not see hold back ${rule}; run vottur with --baseline under the gate instead.`,
        document,
      );
  }
  const finished = run.finish(judged);
  const record = finished.configuration;
  if (saved) {
    record.claimed = true;
    record.files = [...saved.files.filter((file) => file.kind !== 'policy'), ...record.files];
    record.rules = saved.rules;
    record.extends = saved.extends;
    record.accepted = saved.accepted.map((entry) => ({
      ...entry,
      honoured: entry.honoured && listed(policy.acceptRules, entry.rule),
    }));
    const baseline = saved.baseline;
    if (baseline)
      record.baseline = {
        ...baseline,
        entries: baseline.entries.map((entry) => ({
          ...entry,
          honoured: entry.honoured && listed(policy.baselineRules, entry.rule),
        })),
      };
  }
  return finished;
}
