/**
 * What changed a report's verdict besides its findings (`Report.configuration`), as every format
 * shows it: the policy, the overlays applied before checking, the configuration files read (with their SHA-256), rules turned off or
 * re-levelled, rulesets extended, suppressions with their reasons, baseline entries matched (with
 * their expiry) and diff changes accepted on purpose; and the absolute score beside the gate's.
 * Each format renders these items its own way (docs/gate.md, docs/reports.md).
 */
import { escapeLine, neutraliseCommands } from '../../runtime/escape.js';
import {
  counts,
  hasConfiguration,
  type Connection,
  type ConnectionSource,
  type Report,
  type RunConfiguration,
} from '../finding.js';
import { absoluteScore } from '../score.js';

/** The heading Markdown and HTML give the section. */
export const NOT_COUNTED_TITLE = 'What this score does not count';

/** Items listed per kind before "and N more" (every item is in the JSON and SARIF reports). */
export const ITEMS_PER_KIND = 20;

export type ConfigurationKind =
  | 'policy'
  | 'overlay'
  | 'file'
  | 'rule'
  | 'extends'
  | 'setting'
  | 'connection'
  | 'vocabulary'
  | 'suppression'
  | 'baseline'
  | 'accepted';

export interface ConfigurationItem {
  kind: ConfigurationKind;
  /** The rule the item is about, where it is about one. */
  rule?: string;
  /** The item in words. */
  text: string;
  /** False when the policy refused it. */
  honoured: boolean;
}

const REFUSED = ' (refused by the policy: it counts)';
const mark = (honoured: boolean) => (honoured ? '' : REFUSED);
const where = (document: string, pointer: string) =>
  `${document}${pointer === '' ? ' (the whole document)' : `#${pointer}`}`;

/**
 * "63 findings matched 60 entries": an entry with a `count` holds back several findings, so the
 * two numbers differ, and a reader comparing with the baseline file counts entries.
 */
function baselineMatches(entries: NonNullable<RunConfiguration['baseline']>['entries']): string {
  const findings = entries.reduce((sum, entry) => sum + (entry.findings ?? 1), 0);
  return `${findings} finding${findings === 1 ? '' : 's'} matched ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`;
}

const chosenBy = (from: ConnectionSource) =>
  from === 'operator' ? 'the operator' : from === 'configuration' ? 'the configuration' : "vottur's reference service";

/**
 * "Requests to https://api.example.is (chosen by the operator); token endpoint …; bearer token
 * from VOTTUR_TOKEN (named by the configuration)": who chose where requests and secrets went.
 */
export function connectionText(connection: Connection): string {
  const credentials = connection.credentials.map(
    (credential) =>
      `${credential.kind}${credential.file !== undefined ? ` ${credential.file}` : ''}${credential.variable !== undefined ? ` from ${credential.variable}` : ''} (${credential.from === 'configuration' ? 'named by the configuration' : `given by ${chosenBy(credential.from)}`})`,
  );
  return `Contract requests for ${connection.document} to ${connection.server} (chosen by ${chosenBy(connection.serverFrom)})${connection.tokenUrl !== undefined ? `; token endpoint ${connection.tokenUrl} (chosen by ${chosenBy(connection.tokenUrlFrom ?? 'operator')})` : ''}; ${credentials.length > 0 ? `credentials: ${credentials.join(', ')}` : 'no credentials'}${connection.honoured ? '' : ' (refused by the policy: it counts)'}`;
}

/** Every item of the record, in a fixed order: policy, files, rules, extends, contract settings, suppressions, baseline, acceptances. */
export function configurationItems(configuration: RunConfiguration): ConfigurationItem[] {
  const items: ConfigurationItem[] = [];
  if (configuration.claimed)
    items.push({
      kind: 'file',
      text: 'As the saved report claims it (vottur report did not verify what follows)',
      honoured: true,
    });
  if (configuration.policy)
    items.push({
      kind: 'policy',
      text: configuration.policy.claimed
        ? `Policy ${configuration.policy.name}: claimed by the saved report, not run by vottur report`
        : `Policy: ${configuration.policy.name === 'gate' ? 'the built-in gate policy (--gate)' : configuration.policy.name}`,
      honoured: true,
    });
  for (const overlay of configuration.overlays ?? [])
    items.push({
      kind: 'overlay',
      text: `Overlay ${overlay.path} ("${overlay.title}", ${overlay.actions} action${overlay.actions === 1 ? '' : 's'}, sha256 ${overlay.sha256}) applied before checking: the findings are about the description as patched`,
      honoured: true,
    });
  for (const file of configuration.files)
    items.push({ kind: 'file', text: `Read ${file.path} (${file.kind}), sha256 ${file.sha256}`, honoured: true });
  for (const rule of configuration.rules) {
    items.push({
      kind: 'rule',
      rule: rule.rule,
      text: `${rule.rule} set to ${rule.level} by ${rule.file}${rule.files ? ` for ${rule.files.join(', ')}` : ''}${mark(rule.honoured)}`,
      honoured: rule.honoured,
    });
  }
  for (const entry of configuration.extends)
    items.push({
      kind: 'extends',
      text: `Ruleset ${entry.ruleset} extended by ${entry.file}${entry.honoured ? '' : ' (refused by the policy: not loaded)'}`,
      honoured: entry.honoured,
    });
  for (const setting of configuration.settings ?? [])
    items.push({
      kind: 'setting',
      text: `contract.${setting.key}: ${setting.value} set by ${setting.file}${setting.honoured ? (setting.overridden ? ' (the command line gave its own: not used)' : '') : ' (refused by the policy: not used)'}`,
      honoured: setting.honoured,
    });
  for (const connection of configuration.connections ?? [])
    items.push({ kind: 'connection', text: connectionText(connection), honoured: connection.honoured });
  for (const entry of configuration.vocabulary ?? [])
    items.push({
      kind: 'vocabulary',
      text: `vocabulary.${entry.key}: ${entry.value} added by ${entry.file}`,
      honoured: true,
    });
  for (const entry of configuration.suppressions) {
    items.push({
      kind: 'suppression',
      rule: entry.rule,
      text: `${entry.rule} suppressed at ${where(entry.document, entry.pointer)}: "${entry.reason}"${mark(entry.honoured)}`,
      honoured: entry.honoured,
    });
  }
  if (configuration.baseline) {
    const { file, given, entries } = configuration.baseline;
    items.push({
      kind: 'baseline',
      text: `Baseline ${file} (given on the ${given === 'command line' ? 'command line' : 'configuration'}): ${baselineMatches(entries)}`,
      honoured: true,
    });
    for (const entry of entries) {
      items.push({
        kind: 'baseline',
        rule: entry.rule,
        text: `${entry.rule} at ${where(entry.document, entry.pointer)} held by the baseline${(entry.findings ?? 1) > 1 ? ` (${entry.findings} findings)` : ''}${entry.expires ? ` until ${entry.expires}` : ', no expiry'}${mark(entry.honoured)}`,
        honoured: entry.honoured,
      });
    }
  }
  for (const entry of configuration.accepted) {
    items.push({
      kind: 'accepted',
      rule: entry.rule,
      text: `${entry.rule} accepted at ${where(entry.document, entry.pointer)} by ${entry.by}: "${entry.reason}"${mark(entry.honoured)}`,
      honoured: entry.honoured,
    });
  }
  return items;
}

/** The items with at most `max` of each kind (the JUnit properties repeat on every suite), then one per kind saying how many more. */
export function cappedItems(configuration: RunConfiguration, max = ITEMS_PER_KIND): ConfigurationItem[] {
  const items: ConfigurationItem[] = [];
  const perKind = new Map<ConfigurationKind, number>();
  for (const item of configurationItems(configuration)) {
    const seen = perKind.get(item.kind) ?? 0;
    perKind.set(item.kind, seen + 1);
    if (seen < max) items.push(item);
  }
  for (const [kind, count] of perKind)
    if (count > max)
      items.push({
        kind,
        text: `and ${count - max} more (every one is in the JSON and SARIF reports)`,
        honoured: true,
      });
  return items;
}

/** The items with at most `ITEMS_PER_KIND` of each kind, then one "and N more" line per kind. */
export function shownItems(configuration: RunConfiguration, max = ITEMS_PER_KIND): string[] {
  const lines: string[] = [];
  const perKind = new Map<ConfigurationKind, number>();
  const hidden = new Map<ConfigurationKind, number>();
  for (const item of configurationItems(configuration)) {
    const seen = perKind.get(item.kind) ?? 0;
    perKind.set(item.kind, seen + 1);
    if (seen < max) lines.push(item.text);
    else hidden.set(item.kind, (hidden.get(item.kind) ?? 0) + 1);
  }
  for (const [kind, count] of hidden)
    lines.push(
      `and ${count} more ${kind === 'overlay' ? 'overlays' : kind === 'file' ? 'files' : kind === 'rule' ? 'rule levels' : kind === 'extends' ? 'rulesets' : kind === 'setting' ? 'contract settings' : kind === 'connection' ? 'contract connections' : kind === 'vocabulary' ? 'vocabulary additions' : kind === 'suppression' ? 'suppressions' : kind === 'baseline' ? 'baseline entries' : 'accepted changes'} (every one is in the JSON and SARIF reports)`,
    );
  return lines;
}

/**
 * The absolute score, when it can differ from the gate's (something is held back): the score
 * with every finding counted. A view for people (`heldBackView`) carries it, having left the
 * held-back findings out.
 */
export function absoluteScoreOf(report: Report): { score: number; grade: string } | undefined {
  if (report.heldBack?.absolute) return report.heldBack.absolute;
  if (report.findings.every(counts)) return undefined;
  const { score, grade } = absoluteScore(report);
  return { score, grade };
}

/** `absolute score 26/100 (F), every finding counted`, or undefined when nothing is held back. */
export function absoluteScoreText(report: Report): string | undefined {
  const absolute = absoluteScoreOf(report);
  return absolute
    ? `absolute score ${absolute.score}/100 (${absolute.grade}) with every held-back finding counted`
    : undefined;
}

/**
 * One line of what the configuration did, for the one-line formats (stylish's summary, GitHub's):
 * `Configuration: vottur.config.yaml; 3 rule levels (3 refused by the policy gate); …`.
 */
export function configurationLine(report: Report): string | undefined {
  const configuration = report.configuration;
  if (!hasConfiguration(configuration)) return undefined;
  const parts: string[] = [];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const refused = (list: ReadonlyArray<{ honoured: boolean }>) => {
    const n = list.filter((item) => !item.honoured).length;
    return n > 0 ? ` (${n} refused by the policy)` : '';
  };
  if (configuration.policy)
    parts.push(
      configuration.policy.claimed
        ? `a policy (${configuration.policy.name}) the saved report claims, not run`
        : `policy ${configuration.policy.name === 'gate' ? 'gate (--gate)' : configuration.policy.name}`,
    );
  const overlays = configuration.overlays ?? [];
  if (overlays.length > 0)
    parts.push(
      `${count(overlays.length, 'overlay', 'overlays')} applied before checking (${overlays.map((overlay) => `${overlay.path}, sha256 ${overlay.sha256.slice(0, 12)}`).join('; ')})`,
    );
  const files = configuration.files
    .filter((file) => file.kind !== 'policy')
    .map((file) => `${file.path} (sha256 ${file.sha256.slice(0, 12)})`);
  if (files.length > 0) parts.push(`read ${files.join(', ')}`);
  if (configuration.rules.length > 0)
    parts.push(
      `${count(configuration.rules.length, 'rule turned off or re-levelled', 'rules turned off or re-levelled')}${refused(configuration.rules)}`,
    );
  if (configuration.extends.length > 0)
    parts.push(
      `${count(configuration.extends.length, 'ruleset extended', 'rulesets extended')}${refused(configuration.extends)}`,
    );
  const settings = configuration.settings ?? [];
  if (settings.length > 0)
    parts.push(
      `contract settings ${settings.map((setting) => `${setting.key}: ${setting.value}`).join(', ')}${refused(settings)}`,
    );
  const connections = configuration.connections ?? [];
  if (connections.length > 0)
    parts.push(
      `contract requests to ${connections.map((connection) => `${connection.server} (chosen by ${chosenBy(connection.serverFrom)})`).join(', ')}${refused(connections)}`,
    );
  const vocabulary = configuration.vocabulary ?? [];
  if (vocabulary.length > 0)
    parts.push(`vocabulary ${vocabulary.map((entry) => `${entry.key}: ${entry.value}`).join(', ')}`);
  if (configuration.suppressions.length > 0)
    parts.push(
      `${count(configuration.suppressions.length, 'suppression', 'suppressions')}${refused(configuration.suppressions)}`,
    );
  if (configuration.baseline)
    parts.push(
      `baseline ${configuration.baseline.file}: ${baselineMatches(configuration.baseline.entries)}${refused(configuration.baseline.entries)}`,
    );
  if (configuration.accepted.length > 0)
    parts.push(
      `${count(configuration.accepted.length, 'change accepted', 'changes accepted')}${refused(configuration.accepted)}`,
    );
  // File paths and rule names are the repository's words: one line, no control character, no CI command.
  const heading = configuration.claimed ? 'Configuration (claimed by the saved report, not verified)' : 'Configuration';
  return parts.length > 0 ? neutraliseCommands(escapeLine(`${heading}: ${parts.join('; ')}.`)) : undefined;
}
