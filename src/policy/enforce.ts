/**
 * A run under (or without) an operator policy: what each document's configuration asks for, what
 * the policy lets it have, and the record of both that every report carries (`configuration`).
 * The configuration of a document is resolved once, before it is linted, and that one resolution
 * feeds the engine (rules off do not run), the gate (levels, suppressions, baseline, acceptances)
 * and the report.
 */
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { levelFor, type ConfigResolver, type LoadedConfig, type RuleLevel } from '../config/index.js';
import { rulesetName, type RulesetReference } from '../lint/extends.js';
import { isRunOwnRule } from '../lint/limits.js';
import { isCalendarDate } from '../runtime/calendar.js';
import { readGivenFileSync } from '../runtime/safe-read.js';
import type { DataExtension } from '../lint/data-ruleset.js';
import type { DocumentSettings } from '../lint/files.js';
import type { BaselineEntry } from '../baseline/index.js';
import {
  sortFindings,
  type Connection,
  type Finding,
  type Report,
  type RuleMeta,
  type RunConfiguration,
  type Severity,
} from '../report/finding.js';
import {
  hostOf,
  levelUnderPolicy,
  listed,
  normalisedUrl,
  POLICY_ACCEPT,
  POLICY_BASELINE,
  POLICY_EXTENDS,
  POLICY_LEVEL,
  POLICY_SECRET,
  POLICY_SERVER,
  POLICY_SETTING,
  policyRule,
  POLICY_SUPPRESSION,
  policyFinding,
  secretEnvAllowed,
  sha256,
  shownFile,
  type Policy,
  type SecretKey,
} from './index.js';

type FileKind = RunConfiguration['files'][number]['kind'];

/**
 * Why a policy does not let an entry of a baseline the repository names hold a finding back, or
 * undefined when it does: its rule must be in `baseline.rules` and, with `baseline.maxExpiryDays`,
 * its `expires` at most that many days ahead (an entry with none is refused). The one judgement of
 * such an entry, in a live run (`baselineJudge`) and for a saved report's record (`rejudgeSaved`).
 */
export function baselineRefusal(
  policy: Policy,
  entry: { rule: string; expires?: string | undefined },
  now = Date.now(),
): string | undefined {
  if (!listed(policy.baselineRules, entry.rule))
    return `the policy (${policy.name}) does not let a baseline the repository names hold back ${entry.rule}`;
  // A saved record's expiry is read by no baseline reader: it must be a day of the calendar too.
  if (entry.expires !== undefined && !isCalendarDate(entry.expires))
    return `its expiry (${entry.expires}) is no day of the calendar`;
  if (policy.baselineMaxExpiryDays === undefined) return undefined;
  const latest = new Date(now + policy.baselineMaxExpiryDays * 86_400_000).toISOString().slice(0, 10);
  if (typeof entry.expires === 'string' && entry.expires <= latest) return undefined;
  return `its expiry (${entry.expires ?? 'none'}) is further than the policy's ${policy.baselineMaxExpiryDays} days ahead`;
}

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
     * `trustedFolders`: the folders the client trusts (real paths), whose code may run: an entry
     * whose every file and package is inside them loads as code; any other is read as data only.
     */
    private readonly untrusted?: { policy: Policy; why: string; trustedFolders?: readonly string[] },
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
        // Bounded (o34r15 item 3): the file may have been swapped for a FIFO or a device since the run read it.
        content = readGivenFileSync(file, { what: kind, cwd: this.cwd });
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

  /** The contract run's server, token endpoint and credentials (the report's document is filled in by `finish`). */
  private readonly connection: Array<Omit<Connection, 'document'> & { document?: string }> = [];

  /** Records where a contract run's requests go and who chose its credentials (listed in every report). */
  recordConnection(connection: Omit<Connection, 'document' | 'honoured'>): void {
    this.connection.push({ ...connection, honoured: true });
  }

  /**
   * A contract setting a configuration set (`contract.timeout`, `maxResponseTime`…), judged and
   * listed: under a policy it is used only where the policy lists its key (`contract.settings`);
   * otherwise it is listed `honoured: false` and is a `policy-setting-refused` finding (an error
   * where a saved run used the value: what it changed is not known). The one
   * judgement of a setting, in a live run (`withContractSettings`) and for a saved report's record
   * (`rejudgeSaved`, `saved`: the saved run used the value as its record claims). Returns whether
   * the setting is honoured.
   */
  judgeSetting(
    entry: { key: string; value: string | number; file: string; overridden?: boolean },
    document: string,
    saved?: { honoured: boolean },
  ): boolean {
    const allowed = !this.policy || (this.policy.contractSettings as readonly string[]).includes(entry.key);
    const honoured = allowed && (saved?.honoured ?? true);
    this.recordSetting({ ...entry, honoured });
    if (allowed || !this.policy) return honoured;
    const option = `--${entry.key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    // A value the saved run used changed findings no saved report shows: the refusal counts in
    // their place as an error (fail closed), not at the rule's warn (the live run used none).
    const used = saved !== undefined && saved.honoured && !entry.overridden;
    const applies = saved
      ? used
        ? 'the saved run used it, as its record claims, so the findings it changed are not known and this refusal counts as an error in their place; run vottur test under the gate instead'
        : 'the saved record claims it was not used'
      : `${entry.overridden ? 'the command line' : "vottur's default"} applies`;
    this.refuse(
      POLICY_SETTING,
      `\`contract.${entry.key}: ${entry.value}\` in ${entry.file} ${saved ? 'is refused' : 'was not used'}: under the policy (${this.policy.name}) the operator sets ${entry.key} (${option}), unless the policy lists it under contract.settings; ${applies}.`,
      document,
      used ? 'error' : undefined,
    );
    return honoured;
  }

  /**
   * A finding of a policy rule, once per distinct message; `severity`: where it counts in place of
   * findings the run cannot see (its rule's own level otherwise).
   */
  refuse(ruleId: string, message: string, document: string, severity?: Severity): void {
    const key = `${ruleId}\u0000${message}`;
    if (this.refused.has(key)) return;
    this.refused.add(key);
    const finding = policyFinding(ruleId, message, document);
    this.refusals.push(severity === undefined ? finding : { ...finding, severity });
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
    const loader = this.policy ?? this.untrusted?.policy;
    const { loadUnderPolicy, ruleBudget } = loader
      ? await import('./ruleset.js')
      : { loadUnderPolicy: undefined, ruleBudget: () => undefined };
    // Trust covers code inside the trusted folders only (issue 34): the one decision of code or data.
    const folders = this.policy ? undefined : this.untrusted?.trustedFolders;
    const confine = folders !== undefined && folders.length > 0 ? folders : undefined;
    const codeOutside = confine ? (await import('../lint/extends.js')).codeOutside : undefined;
    // Under a policy each entry is read once, by the policy's loader, and only its data goes on;
    // under trust, `null` for an entry that loads as code.
    const data: Array<DataExtension | null> = [];
    // The bounds on what the repository's rules may ask for, shared by this configuration's entries.
    const budget = ruleBudget();
    for (const entry of entries) {
      const name = rulesetName(entry);
      let why: string | undefined;
      let outside: string | undefined;
      if (confine && codeOutside) {
        outside = await codeOutside(loaded.file, entry, confine);
        if (outside === undefined) data.push(null);
      }
      if (loader && loadUnderPolicy && !(confine && outside === undefined)) {
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
          `\`extends: ${name}\` in ${loaded.shown} was not loaded: ${why}; ${
            this.policy
              ? `the policy (${this.policy.name}) loads rulesets as data only and runs no code from the repository`
              : outside !== undefined
                ? `it brings ${outside}, which is outside the trusted workspace folders, so it was read as data only; to run its code, trust that folder too (open it as a workspace folder of a trusted workspace), or copy the ruleset into this folder (docs/editors.md#workspace-trust)`
                : (this.untrusted?.why ?? 'it was refused')
          }.`,
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
              ...(confine ? { confine } : {}),
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
    // Filed against a document this configuration applies to, not the run's first one.
    this.judgeLevelEntries(
      own,
      (entry) =>
        report.documents.find((d) => configOf.get(d.path)?.shown === entry.file)?.path ??
        report.documents[0]?.path ??
        entry.file,
    );
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
   * The judgement of every level the configurations wrote (`configuration.rules`), the one a live
   * run and a saved report judged again (`rejudgeSaved`) share: under a policy a level that turns
   * a rule off or lowers it below its floor is listed `honoured: false` and is a
   * `policy-level-refused` finding; the rule keeps its own level (or the floor). `own`: the levels
   * of the rules the run checks (an entry of a rule it does not check is listed, not a finding).
   * `unseen`: for a saved report, a refused `off` the saved run applied, so the rule's findings are
   * not in it: that refusal counts in their place at the level the rule keeps.
   * Returns the refused entries with the level each rule keeps.
   */
  judgeLevelEntries(
    own: ReadonlyMap<string, Severity>,
    documentOf: (entry: RunConfiguration['rules'][number]) => string,
    unseen?: (entry: RunConfiguration['rules'][number]) => boolean,
  ): Array<{ entry: RunConfiguration['rules'][number]; level: Severity }> {
    const refused: Array<{ entry: RunConfiguration['rules'][number]; level: Severity }> = [];
    if (!this.policy) return refused;
    for (const entry of this.configuration.rules) {
      const severity = own.get(entry.rule);
      // A rule this run does not check: turning it off is still not the repository's to do.
      if (severity === undefined) {
        entry.honoured &&= entry.level !== 'off' || listed(this.policy.mayLower, entry.rule);
        continue;
      }
      const judged = levelUnderPolicy(this.policy, entry.rule, severity, entry.level);
      if (judged.honoured) continue;
      const level = judged.level === 'off' ? severity : judged.level;
      const missing = unseen?.(entry) === true;
      entry.honoured = false;
      refused.push({ entry, level });
      const where = entry.files ? `overrides (${entry.files.join(', ')})` : 'rules';
      this.refuse(
        POLICY_LEVEL,
        `\`${entry.rule}: ${entry.level}\` under \`${where}\` in ${entry.file} is refused: the policy (${this.policy.name}) lets a configuration raise a rule, not lower it below ${level}; the rule stays at ${level}.${missing ? ` The saved report has no findings of ${entry.rule} where it was off (the rule did not run there), so this refusal counts at ${level} in their place; run vottur under the gate to see them.` : ''}`,
        documentOf(entry),
        missing ? level : undefined,
      );
    }
    return refused;
  }

  /**
   * Inline suppressions (`x-vottur-ignore`): each listed with its reason; under a policy, one of a
   * rule the policy does not list holds nothing back (the finding counts) and is a finding. One of
   * the run's own statements that it could not judge (`isRunOwnRule`) is held back by nothing, with
   * or without a policy (a saved report may claim it held).
   */
  judgeSuppressions(report: Report): Report {
    let changed = false;
    const refusedBy = new Map<string, { document: string; rule: string; places: number }>();
    const findings = report.findings.map((finding) => {
      // A diff change accepted on purpose is judged as an acceptance (judgeAcceptances), not here.
      if (!finding.suppressions || finding.suppressions.length === 0) return finding;
      if (isRunOwnRule(finding.ruleId)) {
        changed = true;
        const { suppressions: _never, ...counted } = finding;
        return counted;
      }
      if (finding.source === 'diff') return finding;
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
    const now = Date.now();
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
          fingerprint: entry.fingerprint,
          ...(entry.expires !== undefined ? { expires: entry.expires } : {}),
          honoured,
        };
        listedEntries.set(entry, created);
        record.entries.push(created);
      }
      if (honoured || !policy) return;
      const why =
        baselineRefusal(policy, entry, now) ??
        `the policy (${policy.name}) does not let a baseline the repository names hold back ${entry.rule}`;
      // Filed against the description the finding belongs to (as the report names it), not the
      // entry's path (relative to the baseline, or a $ref'd file that is no document of the report).
      const document = finding.description ?? finding.document;
      const key = `${document}\u0000${entry.rule}\u0000${why}`;
      const seen = refusedBy.get(key);
      if (seen) seen.count++;
      else refusedBy.set(key, { rule: entry.rule, document, count: 1, why });
    };
    if (!policy) return { onMatch };
    const admit = (entry: BaselineEntry) => baselineRefusal(policy, entry, now) === undefined;
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
    if (this.connection.length > 0)
      this.configuration.connections = this.connection.map((connection): Connection => ({
        ...connection,
        document: connection.document ?? home ?? '',
      }));
    return { ...report, rules, findings, configuration: this.configuration };
  }
}

/**
 * The run's own statements that it could not judge (`isRunOwnRule`) in a saved report, with or
 * without a policy: each takes its rule's own severity and no hold (no suppression, no baseline;
 * attack o34r8 F1: a saved `vottur-walk-limit` at `hint`, or marked suppressed or baselined,
 * passed `vottur report`). `vottur-findings-limit` takes the severity of the worst finding it
 * stands for, which a saved report cannot show: under a policy it counts as an error (its rule's
 * level), without one its saved severity stays.
 */
export async function runOwnAsTheirRules(report: Report, underPolicy: boolean): Promise<Report> {
  if (!report.findings.some((finding) => isRunOwnRule(finding.ruleId))) return report;
  const [{ RUN_LIMIT_RULES, FINDINGS_LIMIT_META, CHECK_LIMIT_RULES }, { UNREADABLE_META }] = await Promise.all([
    import('../lint/limits.js'),
    import('../lint/files.js'),
  ]);
  const severityOf = new Map(
    [UNREADABLE_META, ...RUN_LIMIT_RULES, ...CHECK_LIMIT_RULES]
      .filter((rule) => underPolicy || (rule.id !== FINDINGS_LIMIT_META.id && !('varies' in rule && rule.varies)))
      .map((rule) => [rule.id, rule.severity] as const),
  );
  const findings = report.findings.map((finding) => {
    if (!isRunOwnRule(finding.ruleId)) return finding;
    const { suppressions: _never, ...counted } = finding;
    return {
      ...counted,
      severity: severityOf.get(finding.ruleId) ?? finding.severity,
      ...(finding.baselineState === 'unchanged' ? { baselineState: 'new' as const } : {}),
    };
  });
  const rules = report.rules.map((rule) => {
    const severity = severityOf.get(rule.id);
    return severity === undefined ? rule : { ...rule, severity };
  });
  return { ...report, findings: sortFindings(findings), rules };
}

/**
 * A saved report (`vottur report`) judged again under a policy, by the judgement a live run under
 * that policy makes of the same configuration (attack o34r7 S01, S02):
 *
 * - levels: the saved record's `rules` go through `judgeLevelEntries`, as a live run's do; a level
 *   the policy refuses is a `policy-level-refused` finding, and a finding the refused level lowered
 *   gets back the level the rule keeps (`levelUnderPolicy` of its saved severity, which is the
 *   level the saved run applied). A refused `off` the saved run applied left no findings to count:
 *   the refusal counts in their place at the rule's level. `catalogue`: vottur's rules, whose own
 *   severities are the rules' defaults (a saved report's claim only for rules vottur does not know;
 *   the caller loads it, src/run/rule-catalogue.ts).
 * - holds: every finding the saved report holds back, whatever its source (lint, response,
 *   contract, diff, catalogue), counts again unless the saved record shows that hold given and
 *   honoured, and the policy allows it: a suppression needs an honoured entry of its rule at its
 *   place in the record's `suppressions` and a rule the policy lets the repository suppress; an
 *   accepted change an honoured entry in `accepted` and a rule the policy lets it accept; a
 *   baselined finding an honoured entry of the record's `baseline` that matches it (its rule,
 *   document and fingerprint, each entry as many findings as it held) and that the policy admits
 *   as it admits an entry of a baseline the repository names (`baselineRefusal`: its rule listed,
 *   its expiry within `maxExpiryDays`, not expired). Whoever the record says gave the baseline: a
 *   saved "given on the command line" cannot be verified.
 * - the run's own statements that it could not judge (`isRunOwnRule`) are held back by nothing.
 *
 * Each refusal is a `policy-…` finding, per document and rule (issue 34, attack r6 S01: findings
 * marked `baselineState: "unchanged"` with no record, and diff findings carrying `suppressions`,
 * passed the gate unseen).
 */
export async function rejudgeSaved(
  report: Report,
  policy: Policy,
  cwd: string,
  catalogue: readonly RuleMeta[],
): Promise<Report> {
  const run = new GateRun(undefined, policy, cwd);
  const saved = report.configuration;
  const { baselineDocument, identities } = await import('../baseline/index.js');
  // The levels: what the saved run applied, judged as a live run judges them.
  const own = new Map(report.rules.map((rule) => [rule.id, rule.severity] as const));
  // The kinds of rules the saved run checked: a rule of those it turned off everywhere is no longer listed.
  const sources = new Set(report.rules.map((rule) => rule.source));
  for (const rule of catalogue) if (own.has(rule.id) || sources.has(rule.source)) own.set(rule.id, rule.severity);
  run.configuration.rules = (saved?.rules ?? []).map((entry) => ({ ...entry }));
  // The levels the saved run applied (a saved run under a policy lists those it refused as not honoured).
  const applied = new Set(run.configuration.rules.filter((entry) => entry.honoured));
  const firstOf = (rule: string) => report.findings.find((f) => f.ruleId === rule);
  const refusedLevels = run.judgeLevelEntries(
    own,
    (entry) =>
      firstOf(entry.rule)?.description ?? firstOf(entry.rule)?.document ?? report.documents[0]?.path ?? entry.file,
    (entry) => entry.level === 'off' && applied.has(entry),
  );
  // A rule whose lowering the saved run applied and this policy refuses: its findings get their level back.
  const relevel = new Set(refusedLevels.filter(({ entry }) => applied.has(entry)).map(({ entry }) => entry.rule));
  const at = (finding: Finding) => (entry: { rule: string; document: string; pointer: string; honoured: boolean }) =>
    entry.honoured &&
    entry.rule === finding.ruleId &&
    entry.document === finding.document &&
    entry.pointer === finding.pointer;
  // Refusals per kind of hold, document, rule and why: one finding each, however many findings it held.
  type Kind = 'suppression' | 'accept' | 'baseline';
  const refused = new Map<string, { kind: Kind; rule: string; document: string; count: number; why?: string }>();
  const refuse = (kind: Kind, finding: Finding, why?: string) => {
    const document = finding.description ?? finding.document;
    const key = `${kind}\u0000${document}\u0000${finding.ruleId}\u0000${why ?? ''}`;
    const entry = refused.get(key) ?? { kind, rule: finding.ruleId, document, count: 0, ...(why ? { why } : {}) };
    entry.count++;
    refused.set(key, entry);
  };
  // The baseline's entries, each judged once as a live run judges an entry the repository names,
  // and each holding back as many findings as the saved run matched to it.
  const savedBaseline = saved?.baseline;
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const folder = savedBaseline ? dirname(resolve(cwd, savedBaseline.file)) : cwd;
  const entryWhy = (entry: { rule: string; expires?: string | undefined }) =>
    isRunOwnRule(entry.rule)
      ? `${entry.rule} is the run's own statement that it could not judge, which no baseline holds back`
      : entry.expires !== undefined && entry.expires < today
        ? `the entry expired on ${entry.expires}`
        : baselineRefusal(policy, entry, now);
  const left = new Map((savedBaseline?.entries ?? []).map((entry) => [entry, entry.findings ?? 1] as const));
  // The honoured entries by what a finding is matched on (rule, document, and its fingerprint, or
  // its pointer for an entry written without one), each list in the record's order with a cursor
  // past the entries used up: one lookup per identity of a finding, never a scan of every entry
  // (o34r9 R3: 80,000 findings against 80,000 entries took 195 s).
  type Entry = NonNullable<typeof savedBaseline>['entries'][number];
  const entryKey = (rule: string, document: string, by: string) => `${rule}\u0000${document}\u0000${by}`;
  const byKey = new Map<string, { entries: Array<{ entry: Entry; order: number }>; next: number }>();
  (savedBaseline?.entries ?? []).forEach((entry, order) => {
    if (!entry.honoured) return;
    const key = entryKey(
      entry.rule,
      entry.document,
      entry.fingerprint !== undefined ? `f${entry.fingerprint}` : `p${entry.pointer}`,
    );
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = { entries: [], next: 0 }));
    list.entries.push({ entry, order });
  });
  const firstLeft = (key: string): { entry: Entry; order: number } | undefined => {
    const list = byKey.get(key);
    if (!list) return undefined;
    for (let at = list.entries[list.next]; at !== undefined; at = list.entries[list.next]) {
      if ((left.get(at.entry) ?? 0) > 0) return at;
      list.next++;
    }
    return undefined;
  };
  const baselineHold = (finding: Finding): { held: true } | { held: false; why?: string } => {
    if (!savedBaseline) return { held: false };
    const document = baselineDocument(finding.document, cwd, folder);
    // The first entry in the record's order that matches any identity of the finding.
    let found: { entry: Entry; order: number } | undefined;
    for (const key of [
      ...identities(finding).map((name) => entryKey(finding.ruleId, document, `f${name}`)),
      entryKey(finding.ruleId, document, `p${finding.pointer}`),
    ]) {
      const candidate = firstLeft(key);
      if (candidate && (!found || candidate.order < found.order)) found = candidate;
    }
    const entry = found?.entry;
    if (!entry) return { held: false };
    left.set(entry, (left.get(entry) ?? 1) - 1);
    const why = entryWhy(entry);
    return why === undefined ? { held: true } : { held: false, why };
  };
  // The places (document, rule, pointer) of held findings the saved record does not show.
  const unshown = new Set<string>();
  // Suppressions of a rule the policy does not list: refused as in a run (judgeSuppressions).
  let judged = run.judgeSuppressions(report);
  judged = {
    ...judged,
    findings: judged.findings.map((finding) => {
      let counted = finding;
      if (relevel.has(counted.ruleId)) {
        const rule = own.get(counted.ruleId);
        if (rule !== undefined && counted.severity !== rule) {
          const level = levelUnderPolicy(policy, counted.ruleId, rule, counted.severity);
          if (!level.honoured && level.level !== 'off') counted = { ...counted, severity: level.level };
        }
      }
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
        const hold = baselineHold(counted);
        if (!hold.held) {
          refuse('baseline', counted, hold.why);
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
  for (const { kind, rule, document, count, why } of refused.values()) {
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
    else if (savedBaseline && why !== undefined)
      run.refuse(
        POLICY_BASELINE,
        `${findings} of ${rule} in ${document} held back by ${savedBaseline.file} (${savedBaseline.given === 'configuration' ? 'named by the configuration' : 'given on the command line, as the saved report claims'}) ${counts}: ${why}; run vottur with --baseline under the gate instead.`,
        document,
      );
    else if (savedBaseline)
      run.refuse(
        POLICY_BASELINE,
        `${findings} of ${rule} in ${document} ${count === 1 ? 'is' : 'are'} marked held back by ${savedBaseline.file} (${savedBaseline.given === 'configuration' ? 'named by the configuration' : 'given on the command line, as the saved report claims'}), but the saved report's record shows no honoured entry of it for ${count === 1 ? 'that finding' : 'those findings'}; ${counts}: the policy (${policy.name}) does not let a baseline it did not see hold back ${rule}; run vottur with --baseline under the gate instead.`,
        document,
      );
    else
      run.refuse(
        POLICY_BASELINE,
        `${findings} of ${rule} in ${document} ${count === 1 ? 'is' : 'are'} marked held back by a baseline, but the saved report records no baseline; ${counts}: the policy (${policy.name}) does not let a baseline it did not see hold back ${rule}; run vottur with --baseline under the gate instead.`,
        document,
      );
  }
  const home = report.documents[0]?.path;
  // The rulesets the saved configuration extended, judged by their names as the live loader judges
  // them (`extendsEntryJudgement`): one the policy refuses (a module, a package it does not list, a
  // file when it allows none) is a `policy-extends-refused` finding, whatever the record claims.
  // One it would read as data is a claim vottur cannot verify: a saved report shows the name, not
  // the rules it brought or the levels it set, which may have lowered or left out findings; it
  // counts as refused too (fail closed). vottur's built-in rulesets stand as claimed.
  const { extendsEntryJudgement } = await import('./ruleset.js');
  const extendsRecord = (saved?.extends ?? []).map((entry) => {
    const judgement = extendsEntryJudgement(entry.ruleset, policy);
    if (judgement.kind === 'built-in') return { ...entry };
    const where = `\`extends: ${entry.ruleset}\` in ${entry.file}`;
    run.refuse(
      POLICY_EXTENDS,
      judgement.refused !== undefined
        ? `${where}, as the saved report records it, is refused: ${entry.file}: \`extends: ${entry.ruleset}\` ${judgement.refused}; the policy (${policy.name}) loads rulesets as data only and runs no code from the repository. ${entry.honoured ? 'The saved run loaded it: the findings it changed are not known; run' : 'Run'} vottur under the gate instead.`
        : `${where}, as the saved report records it, counts as refused: the policy (${policy.name}) would read it as data, but a saved report shows only its name, not the rules it brought or the levels it set (which may have lowered or left out findings), a claim vottur cannot verify from a saved report; run vottur under the gate instead.`,
      home ?? entry.file,
    );
    return { ...entry, honoured: false };
  });
  // The contract settings the saved configuration set, judged as a live `test --gate` judges them.
  for (const entry of saved?.settings ?? []) {
    const { honoured, ...setting } = entry;
    run.judgeSetting(setting, home ?? entry.file, { honoured });
  }
  const connections = judgeConnections(run, policy, report, saved?.connections ?? []);
  const finished = run.finish(judged);
  const record = finished.configuration;
  if (connections.length > 0) record.connections = connections;
  if (saved) {
    record.claimed = true;
    record.files = [...saved.files.filter((file) => file.kind !== 'policy'), ...record.files];
    record.extends = extendsRecord;
    // Listed as the saved record lists them: the vocabulary (which the policy allows, as a live
    // run's) and the overlays the operator of the saved run applied.
    if (saved.vocabulary) record.vocabulary = saved.vocabulary.map((entry) => ({ ...entry }));
    if (saved.overlays) record.overlays = saved.overlays.map((entry) => ({ ...entry }));
    record.accepted = saved.accepted.map((entry) => ({
      ...entry,
      honoured: entry.honoured && listed(policy.acceptRules, entry.rule),
    }));
    if (savedBaseline)
      record.baseline = {
        ...savedBaseline,
        entries: savedBaseline.entries.map((entry) => ({
          ...entry,
          honoured: entry.honoured && entryWhy(entry) === undefined,
        })),
      };
  }
  // The run's own statements take their rule's level, whatever the saved report says (o34r8 F1).
  return runOwnAsTheirRules(finished, true);
}

/** The configuration key that names each credential's environment variable. */
const SECRET_KEYS: Partial<Record<Connection['credentials'][number]['kind'], SecretKey>> = {
  'bearer token': 'bearerEnv',
  'client secret': 'clientSecretEnv',
  'certificate passphrase': 'passphraseEnv',
};

/**
 * A saved contract run's connections, judged as a live `test --gate` judges the same choices
 * (`withContractSettings`): a server or token endpoint the configuration chose that the policy
 * does not list, a secret's variable it does not list for that key, TLS files from the
 * configuration. The saved run used them, so the findings they changed are not known: each
 * refusal counts as an error. A contract run whose record shows no connection (written before
 * vottur recorded them, or edited out) cannot be judged and fails closed (attack o34r9 S1).
 * Returns the record's connections, marked not honoured where refused.
 */
function judgeConnections(run: GateRun, policy: Policy, report: Report, saved: readonly Connection[]): Connection[] {
  const contract = new Set([
    ...(report.operations ?? []).map((operation) => operation.document),
    ...report.findings
      .filter((finding) => finding.source === 'contract' || finding.source === 'response')
      .map((finding) => finding.document),
  ]);
  const recorded = new Set(saved.map((connection) => connection.document));
  for (const document of contract)
    if (!recorded.has(document))
      run.refuse(
        POLICY_SERVER,
        `The saved report's contract run of ${document} does not record where its requests went or who chose its credentials, so the policy (${policy.name}) cannot judge them; it counts as refused: run vottur test under the gate instead.`,
        document,
        'error',
      );
  return saved.map((connection) => {
    const { document } = connection;
    const why: Array<[string, string]> = [];
    const host = hostOf(connection.server) ?? '';
    if (connection.serverFrom === 'configuration' && !policy.servers.includes(host))
      why.push([
        POLICY_SERVER,
        `the configuration chose the server ${connection.server}, and under the policy (${policy.name}) contract requests go only to the server the operator names (--server) or a host the policy lists`,
      ]);
    // Any credential, the operator's or one a configuration's variable gave, as the live run
    // refuses both (attack o34r11 A1b).
    else if (
      connection.serverFrom === 'configuration' &&
      connection.credentials.length > 0 &&
      !policy.credentialHosts.includes(host)
    )
      why.push([
        POLICY_SECRET,
        `credentials went to ${connection.server}, a server the configuration chose that the policy (${policy.name}) does not list under hosts.credentials`,
      ]);
    if (
      connection.tokenUrl !== undefined &&
      connection.tokenUrlFrom === 'configuration' &&
      !policy.tokenUrls.includes(normalisedUrl(connection.tokenUrl))
    )
      why.push([
        POLICY_SERVER,
        `the configuration chose the token endpoint ${connection.tokenUrl}, and under the policy (${policy.name}) the client secret goes only to the endpoint the operator names (--token-url) or the policy lists (hosts.tokenUrls)`,
      ]);
    for (const credential of connection.credentials) {
      if (credential.from !== 'configuration') continue;
      const key = SECRET_KEYS[credential.kind];
      if (credential.kind === 'client certificate' || credential.kind === 'trusted CA')
        why.push([
          POLICY_SECRET,
          `the configuration named the ${credential.kind}${credential.file !== undefined ? ` ${credential.file}` : ''}, and under the policy (${policy.name}) the client certificate and the CAs to trust come from the command line`,
        ]);
      else if (
        key !== undefined &&
        (credential.variable === undefined || !secretEnvAllowed(key, credential.variable, policy))
      )
        why.push([
          POLICY_SECRET,
          `the configuration named ${credential.variable ?? 'a variable'} for the ${credential.kind} (contract.${key}), a variable the policy (${policy.name}) does not list for ${key}`,
        ]);
    }
    for (const [rule, reason] of why)
      run.refuse(
        rule,
        `The saved report's contract run of ${document} is refused: ${reason}. The saved run used it, as its record claims, so the findings it changed are not known and this refusal counts as an error in their place; run vottur test under the gate instead.`,
        document,
        'error',
      );
    return { ...connection, honoured: connection.honoured && why.length === 0 };
  });
}
