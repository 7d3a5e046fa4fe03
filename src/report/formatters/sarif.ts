/**
 * SARIF 2.1.0 (OASIS), as GitHub code scanning, Azure DevOps and IDE viewers read it. One run per
 * invocation; `tool.driver.rules` lists every rule that ran; each result points at the document
 * (relative to the working directory, through the `SRCROOT` base) and, for contract findings, at
 * the operation as a logical location. Checked by Microsoft's SARIF validator in the tests.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { counts, summarise, type Finding, type Report, type RuleMeta, type Severity } from '../finding.js';
import { absoluteScore, scoreReport } from '../score.js';
import { configurationItems } from './configuration.js';
import { hasConfiguration } from '../finding.js';
import { findingPosition, SourceFiles, isUrl } from '../source.js';
import { escapeJsonText } from '../../runtime/escape.js';
import {
  allRules,
  capitalised,
  isContract,
  maskText,
  operationsNote,
  TOOL_INFORMATION_URI,
  visibleReport,
} from './common.js';
import type { FormatContext } from './types.js';

/** The final OASIS schema; Microsoft's validator accepts it without a warning (SARIF2008). */
export const SARIF_SCHEMA_URI =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const SRCROOT = 'SRCROOT';

type SarifLevel = 'error' | 'warning' | 'note';

export const SARIF_LEVEL: Record<Severity, SarifLevel> = {
  error: 'error',
  warn: 'warning',
  info: 'note',
  hint: 'note',
};

const CHECKED_IN: Record<RuleMeta['source'], string> = {
  lint: 'in the API description',
  response: 'in live responses',
  contract: 'against the live service',
  diff: 'between two versions of the API description',
  catalogue: 'in the catalogue harvested from the data exchange layer',
};

/** `platform-national-id-format` → `PlatformNationalIdFormat` (SARIF's `name`: a readable Pascal identifier). */
export function pascalName(id: string): string {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalised)
    .join('');
  return /^[A-Z]/.test(name) ? name : `Rule${name}`;
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

/**
 * A document as a SARIF artifact location: a path below the working directory is relative to
 * `SRCROOT`; any other path becomes an absolute `file:` URI; a URL stays a URL (normalised, so
 * characters such as `{}` are percent-encoded as RFC 3986 wants).
 */
export function artifactLocation(document: string, cwd: string): ArtifactLocation {
  if (isUrl(document)) {
    try {
      return { uri: new URL(document).href };
    } catch {
      // Not a URL the WHATWG parser takes: kept as written, percent-encoded.
      return { uri: encodeURI(document) };
    }
  }
  const absolute = isAbsolute(document) ? document : resolve(cwd, document);
  const relativePath = relative(cwd, absolute);
  if (relativePath !== '' && !relativePath.startsWith('..') && !isAbsolute(relativePath)) {
    return { uri: relativePath.split(sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
  }
  return { uri: pathToFileURL(absolute).href };
}

function region(finding: Finding, position: { line: number; column: number }) {
  const startColumn = Math.max(1, position.column);
  const result: Record<string, number> = { startLine: position.line, startColumn };
  if (finding.line !== undefined && finding.endLine !== undefined && finding.endLine >= position.line) {
    result.endLine = finding.endLine;
    if (finding.endColumn !== undefined && (finding.endLine > position.line || finding.endColumn >= startColumn)) {
      result.endColumn = Math.max(1, finding.endColumn);
    }
  }
  return result;
}

export function toSarif(report: Report, context: Pick<FormatContext, 'cwd' | 'showPii'>) {
  const visible = visibleReport(report, context.showPii);
  const sources = SourceFiles.forReport(report, context.cwd);
  const rules = allRules(visible);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  // allRules lists the rule of every finding, so each result has its rule in the driver.
  const indexOfRule = (ruleId: string): number => {
    const index = ruleIndex.get(ruleId);
    if (index === undefined) throw new Error(`SARIF: the rules listed for the report lack ${ruleId}`);
    return index;
  };
  const score = scoreReport(report);
  const absolute = absoluteScore(report);
  let usesSrcRoot = false;

  const results: Array<Record<string, unknown>> = visible.findings.map((finding, index) => {
    // The same finding unmasked and unescaped: its source position is looked up by the real path.
    const original = report.findings[index] ?? finding;
    const location: Record<string, unknown> = {};
    // SARIF validators want a region with every physical location: a local file gets its
    // finding's place, else (no line, no pointer or operation found) its first line; a remote
    // description (a URL) has no lines to point at, so only the operation is named.
    const artifact = artifactLocation(finding.document, context.cwd);
    if (sources.isLocal(original.document) || finding.line !== undefined || !isUrl(finding.document)) {
      if (artifact.uriBaseId) usesSrcRoot = true;
      const where = region(finding, findingPosition(original) ?? { line: 1, column: 1 });
      location.physicalLocation = { artifactLocation: artifact, region: where };
    }
    const related = (finding.related ?? []).map((r, relatedIndex) => {
      const relatedArtifact = artifactLocation(r.document, context.cwd);
      if (relatedArtifact.uriBaseId) usesSrcRoot = true;
      return {
        id: relatedIndex + 1,
        physicalLocation: {
          artifactLocation: relatedArtifact,
          region: { startLine: r.line ?? 1, startColumn: Math.max(1, r.column ?? 1) },
        },
        ...(r.message ? { message: { text: r.ruleId ? `${r.ruleId}: ${r.message}` : r.message } } : {}),
      };
    });
    if (finding.operation) {
      location.logicalLocations = [
        {
          name: finding.operationId ?? finding.operation,
          fullyQualifiedName: finding.operation,
          kind: 'function',
        },
      ];
    }
    const properties: Record<string, unknown> = {
      category: finding.category,
      source: finding.source,
      pointer: finding.pointer,
    };
    if (finding.operationId) properties.operationId = finding.operationId;
    if (finding.operations) properties.operations = finding.operations;
    if (finding.operationsNotListed) properties.operationsNotListed = finding.operationsNotListed;
    if (finding.request) properties.request = finding.request;
    if (finding.reproduce) properties.reproduce = finding.reproduce;
    return {
      ruleId: finding.ruleId,
      ruleIndex: indexOfRule(finding.ruleId),
      level: SARIF_LEVEL[finding.severity],
      message: { text: `${finding.message}${operationsNote(finding)}` },
      ...(Object.keys(location).length ? { locations: [location] } : {}),
      ...(related.length ? { relatedLocations: related } : {}),
      properties: { ...properties, document: finding.document },
      ...(finding.fingerprint ? { partialFingerprints: { 'vottur/v1': finding.fingerprint } } : {}),
      ...(finding.suppressions?.length
        ? {
            suppressions: finding.suppressions.map((s) => ({
              kind: s.kind,
              status: 'accepted',
              justification: s.justification,
            })),
          }
        : {}),
      ...(finding.baselineState ? { baselineState: finding.baselineState } : {}),
    };
  });
  // Baseline entries nothing matched: fixed since the baseline (SARIF's `absent`).
  for (const entry of visible.baseline?.absent ?? []) {
    const index = ruleIndex.get(entry.rule);
    if (index === undefined) continue;
    results.push({
      ruleId: entry.rule,
      ruleIndex: index,
      kind: 'pass',
      level: 'none',
      message: {
        text: `Fixed since the baseline: no ${entry.rule} finding at ${entry.pointer || 'the document'} any more.`,
      },
      // No line: the finding is gone, so only its place in the description is named.
      locations: [{ logicalLocations: [{ fullyQualifiedName: entry.pointer || '/', kind: 'object' }] }],
      properties: { pointer: entry.pointer, document: entry.document },
      partialFingerprints: { 'vottur/v1': entry.fingerprint },
      baselineState: 'absent',
    });
  }

  const driverRules = rules.map((rule: RuleMeta) => {
    const name = pascalName(rule.id);
    return {
      id: rule.id,
      ...(name !== rule.id ? { name } : {}),
      shortDescription: { text: rule.description },
      fullDescription: { text: `${rule.description} Category: ${rule.category}; checked ${CHECKED_IN[rule.source]}.` },
      helpUri: rule.docsUrl,
      help: { text: `${rule.description} Documentation: ${rule.docsUrl}` },
      defaultConfiguration: { level: SARIF_LEVEL[rule.severity] },
      properties: {
        category: rule.category,
        source: rule.source,
        ...(rule.ruleset !== undefined ? { ruleset: rule.ruleset } : {}),
        tags: [rule.category, isContract(rule) ? 'contract' : 'lint'],
      },
    };
  });

  const run: Record<string, unknown> = {
    tool: {
      driver: {
        name: visible.tool.name,
        version: visible.tool.version,
        ...(/^\d+\.\d+\.\d+/.test(visible.tool.version) ? { semanticVersion: visible.tool.version } : {}),
        informationUri: TOOL_INFORMATION_URI,
        rules: driverRules,
      },
    },
    invocations: [
      {
        executionSuccessful: true,
        endTimeUtc: visible.createdTimestamp,
        ...invocationConfiguration(visible, ruleIndex),
      },
    ],
    ...(usesSrcRoot
      ? { originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(resolve(context.cwd) + sep).href } } }
      : {}),
    results,
    properties: {
      score: score.score,
      grade: score.grade,
      // The run's thresholds and how it met them: the same answer as the exit code.
      ...(visible.gate ? { gate: visible.gate } : {}),
      // The absolute score: every finding counted, those suppressions and the baseline hold back included.
      absoluteScore: absolute.score,
      absoluteGrade: absolute.grade,
      ...(visible.configuration ? { configuration: visible.configuration } : {}),
      summary: summarise(report.findings.filter(counts)),
      ...(visible.coverage ? { coverage: visible.coverage } : {}),
      documents: score.byDocument.map((d) => ({
        document: maskText(d.document, context.showPii),
        score: d.score,
        grade: d.grade,
      })),
    },
  };
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0' as const, runs: [run] };
}

export function formatSarif(report: Report, context: FormatContext): string {
  return `${escapeJsonText(JSON.stringify(toSarif(report, context), null, 2))}\n`;
}

/**
 * What the run's configuration did, as SARIF says it of an invocation: each rule a configuration
 * turned off or re-levelled (and the policy let it) as a `ruleConfigurationOverrides` entry, and
 * every item of the record (files read, rulesets extended, suppressions, baseline entries,
 * accepted changes, whatever the policy refused) as a `toolConfigurationNotifications` entry.
 */
function invocationConfiguration(report: Report, ruleIndex: ReadonlyMap<string, number>): Record<string, unknown> {
  if (!hasConfiguration(report.configuration)) return {};
  const descriptor = (id: string) => ({ id, ...(ruleIndex.has(id) ? { index: ruleIndex.get(id) } : {}) });
  const overrides = report.configuration.rules
    .filter((rule) => rule.honoured && ruleIndex.has(rule.rule))
    .map((rule) => ({
      descriptor: descriptor(rule.rule),
      configuration: rule.level === 'off' ? { enabled: false } : { level: SARIF_LEVEL[rule.level] },
      properties: { file: rule.file, ...(rule.files ? { files: rule.files } : {}) },
    }));
  const notifications = configurationItems(report.configuration).map((item) => ({
    message: { text: item.text },
    level: item.honoured ? 'note' : 'warning',
    descriptor: { id: `vottur-configuration-${item.kind}` },
    ...(item.rule !== undefined && ruleIndex.has(item.rule) ? { associatedRule: descriptor(item.rule) } : {}),
    properties: { kind: item.kind, honoured: item.honoured },
  }));
  return {
    ...(overrides.length > 0 ? { ruleConfigurationOverrides: overrides } : {}),
    toolConfigurationNotifications: notifications,
  };
}
