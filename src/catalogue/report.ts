/**
 * The catalogue report: every harvested description linted (from disk, through the lint
 * library's worker pool), every service compared with the previous harvest (`vottur diff`), and
 * every service that could not be harvested reported too, all as one `Report` whose documents
 * are the services' `xroad://` names, so every output format renders a catalogue.
 */
import { join, relative, resolve, sep } from 'node:path';
import { inShard, lintFiles, type DocumentSettings, type Shard } from '../lint/files.js';
import {
  sortFindings,
  UNREADABLE_RULE,
  type DocumentInfo,
  type Finding,
  type Report,
  type RuleMeta,
} from '../report/finding.js';
import { errorMessage } from '../errors.js';
import { toolInfo } from '../version.js';
import { readManifest, type HarvestedService, type HarvestManifest } from './manifest.js';
import {
  ATTESTATION_OUTDATED_RULE,
  BREAKING_CHANGE_RULE,
  CATALOGUE_RULES,
  HARVEST_DOCUMENT,
  HARVEST_FAILURE_RULE,
  HARVEST_PROBLEM_RULE,
  NOT_ATTESTED_RULE,
  SERVICE_REMOVED_RULE,
} from './rules.js';
import { serviceVersion } from './xroad.js';
import { attestationOf, type AttestationRecord, type ServiceAttestation } from './attestations.js';
import type { LoadedOverlay } from '../lint/overlay.js';
import { cwdOf } from '../runtime/process-defaults.js';

export interface CatalogueReportOptions {
  /** The harvest folder (with `harvest.json`). */
  folder: string;
  /** An earlier harvest folder to compare with. */
  previous?: string;
  cwd?: string;
  /** Lint worker threads (as `vottur lint --jobs`). */
  jobs?: number;
  /** Report only this share of the services (by name, stable across machines). */
  shard?: Shard;
  /** What each description's configuration adds to the lint (vocabulary, extended rulesets). */
  settingsFor?: (file: string) => Promise<DocumentSettings | undefined>;
  onProgress?: (done: number, total: number) => void;
  /** Overlays applied to every harvested description before it is linted and compared (`--overlay`). */
  overlays?: readonly LoadedOverlay[];
  /** Verified attestations (`--attestations`), matched to the descriptions by SHA-256. */
  attestations?: readonly AttestationRecord[];
  /** A service not attested, or attested for an earlier version only, is a finding. */
  requireAttestation?: boolean;
  /**
   * The operator's policy the report runs under: then a required attestation must record a run
   * under a policy too — a pass the repository's own configuration gave (its suppressions,
   * baseline and levels honoured unjudged) says nothing about the gate (issue 34, attack r6).
   */
  policy?: string;
}

/** What changed in a service since the previous harvest. */
export interface ServiceChange {
  status: 'new' | 'unchanged' | 'changed' | 'not-compared';
  breaking?: number;
  review?: number;
  nonBreaking?: number;
  documentation?: number;
  versionBefore?: string;
  versionAfter?: string;
  newMajor?: boolean;
  /** Why the two could not be compared (one of them not OpenAPI 3, or not harvested). */
  note?: string;
}

export interface CatalogueRun {
  report: Report;
  manifest: HarvestManifest;
  previousManifest?: HarvestManifest;
  /** By service name; only with a previous harvest. */
  changes: Map<string, ServiceChange>;
  /** Services of the previous harvest no longer listed. */
  removed: string[];
  /** The services this run reported (its shard's share). */
  services: HarvestedService[];
  /** By service name, for harvested services; only with `--attestations`. */
  attestations?: Map<string, ServiceAttestation>;
}

const shownPath = (cwd: string, file: string) => relative(cwd, file).split(sep).join('/');

function harvestFinding(service: Pick<HarvestedService, 'name'>, ruleId: string, message: string): Finding {
  const rule = CATALOGUE_RULES.find((r) => r.id === ruleId);
  if (!rule) throw new Error(`the catalogue report uses ${ruleId}, which CATALOGUE_RULES does not list`);
  return {
    ruleId,
    severity: rule.severity,
    category: rule.category,
    message,
    document: service.name,
    pointer: '',
    path: [],
    docsUrl: rule.docsUrl,
    source: 'catalogue',
  };
}

/** The descriptions' services, without SOAP ones (which have none). */
export function describedServices(manifest: HarvestManifest): HarvestedService[] {
  return manifest.services.filter((s) => s.serviceType !== 'WSDL');
}

export async function reportCatalogue(options: CatalogueReportOptions): Promise<CatalogueRun> {
  const cwd = cwdOf(options);
  const folder = resolve(cwd, options.folder);
  const manifest = readManifest(folder, options.folder, cwd);
  const previousFolder = options.previous !== undefined ? resolve(cwd, options.previous) : undefined;
  const previousManifest =
    previousFolder !== undefined ? readManifest(previousFolder, options.previous, cwd) : undefined;
  const shard = options.shard;
  const services = describedServices(manifest).filter((s) => !shard || inShard(s.name, shard, cwd));

  // Lint every harvested description from disk; each becomes its service's document.
  const harvested = services.filter((s): s is HarvestedService & { file: string } => s.file !== undefined && !s.error);
  const nameOf = new Map<string, HarvestedService>();
  const files = harvested.map((s) => {
    const file = join(folder, s.file);
    nameOf.set(shownPath(cwd, file), s);
    return file;
  });
  const linted: Report =
    files.length > 0
      ? await lintFiles(files, {
          cwd,
          ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
          ...(options.settingsFor ? { settingsFor: options.settingsFor } : {}),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          ...(options.overlays?.length ? { overlays: options.overlays } : {}),
        })
      : { tool: toolInfo(), createdTimestamp: new Date().toISOString(), documents: [], rules: [], findings: [] };
  const findings: Finding[] = [];
  for (const finding of linted.findings) {
    const service = nameOf.get(finding.description ?? finding.document);
    if (!service) {
      findings.push(finding);
      continue;
    }
    if (finding.ruleId === UNREADABLE_RULE) {
      // Harvested, but the linter could not read it: the catalogue's finding, not the run's (exit 2).
      findings.push(harvestFinding(service, HARVEST_FAILURE_RULE['not-openapi'], finding.message));
      continue;
    }
    const mapped: Finding = { ...finding, document: service.name };
    if (finding.description !== undefined) mapped.description = service.name;
    findings.push(mapped);
  }
  for (const service of services) {
    if (service.error)
      findings.push(harvestFinding(service, HARVEST_FAILURE_RULE[service.error.kind], service.error.reason));
  }
  // What the harvest left out as a whole (a bound reached, an entry with an invalid identifier):
  // on the manifest, in the first shard only, so merged shards hold each once.
  const problems = !shard || shard.index === 1 ? (manifest.problems ?? []) : [];
  for (const [i, problem] of problems.entries()) {
    const finding = harvestFinding(
      { name: HARVEST_DOCUMENT },
      HARVEST_PROBLEM_RULE[problem.kind],
      problem.identifier !== undefined ? `${problem.identifier}: ${problem.reason}` : problem.reason,
    );
    finding.pointer = `/problems/${i}`;
    finding.path = ['problems', i];
    findings.push(finding);
  }
  // A subsystem whose services could not be listed (its listMethods answer refused, timed out,
  // not JSON, over a bound): its services are missing from the catalogue, which must say so.
  const subsystemsNotListed = !shard || shard.index === 1 ? manifest.subsystems : [];
  let harvestWide = problems.length;
  for (const [i, subsystem] of subsystemsNotListed.entries()) {
    if (!subsystem.error) continue;
    const finding = harvestFinding(
      { name: HARVEST_DOCUMENT },
      HARVEST_FAILURE_RULE[subsystem.error.kind],
      `the services of subsystem ${subsystem.id} could not be listed, so none of them is in the catalogue: ${subsystem.error.reason}`,
    );
    finding.pointer = `/subsystems/${i}`;
    finding.path = ['subsystems', i];
    findings.push(finding);
    harvestWide++;
  }

  const changes = new Map<string, ServiceChange>();
  const removed: string[] = [];
  if (previousManifest && previousFolder) {
    const before = new Map(describedServices(previousManifest).map((s) => [s.name, s]));
    const { diffDescriptionsDetailed } = await import('../diff/index.js');
    for (const service of services) {
      const old = before.get(service.name);
      if (!old) {
        changes.set(service.name, { status: 'new' });
        continue;
      }
      const versions = {
        ...(old.version !== undefined ? { versionBefore: old.version } : {}),
        ...(service.version !== undefined ? { versionAfter: service.version } : {}),
      };
      if (!old.file || old.error || !service.file || service.error) {
        changes.set(service.name, {
          status: 'not-compared',
          ...versions,
          note: !service.file || service.error ? 'not harvested this time' : 'not harvested the previous time',
        });
        continue;
      }
      if (old.sha256 === service.sha256) {
        changes.set(service.name, { status: 'unchanged', ...versions });
        continue;
      }
      try {
        const result = await diffDescriptionsDetailed(join(previousFolder, old.file), join(folder, service.file), {
          cwd,
          ...(options.overlays?.length ? { overlays: options.overlays } : {}),
        });
        const count = (severity: Finding['severity']) =>
          result.report.findings.filter((f) => f.ruleId.startsWith('diff-') && f.severity === severity).length;
        const breaking = result.report.findings.filter((f) => f.severity === 'error' && f.ruleId.startsWith('diff-'));
        const change: ServiceChange = {
          status: 'changed',
          breaking: breaking.length,
          review: count('warn'),
          nonBreaking: count('info'),
          documentation: count('hint'),
          newMajor: result.verdict.newMajor,
          ...versions,
        };
        changes.set(service.name, change);
        const [first] = breaking;
        if (first !== undefined && !result.verdict.newMajor) {
          const listed = breaking
            .slice(0, 3)
            .map((f) => f.message.replace(/ \(base: [^)]*\)$/, ''))
            .join('; ');
          const finding = harvestFinding(
            service,
            BREAKING_CHANGE_RULE,
            `${breaking.length} breaking change${breaking.length === 1 ? '' : 's'} since the previous harvest without a new major version (info.version ${old.version ?? '?'} → ${service.version ?? '?'}): ${listed}${breaking.length > 3 ? `; and ${breaking.length - 3} more` : ''}. Publish them as a new major version beside this one (service code ${serviceVersion(service.serviceCode).base}-v${(serviceVersion(service.serviceCode).major ?? 1) + 1}), or undo them.`,
          );
          finding.pointer = first.pointer;
          finding.path = first.path;
          if (first.line !== undefined) {
            finding.line = first.line;
            if (first.column !== undefined) finding.column = first.column;
          }
          findings.push(finding);
        }
      } catch (error) {
        changes.set(service.name, {
          status: 'not-compared',
          ...versions,
          note: (errorMessage(error).split('\n')[0] ?? '').replace(/\s+/g, ' '),
        });
      }
    }
    const now = new Set(describedServices(manifest).map((s) => s.name));
    for (const old of before.values()) {
      if (now.has(old.name) || (shard && !inShard(old.name, shard, cwd))) continue;
      removed.push(old.name);
      findings.push(
        harvestFinding(
          old,
          SERVICE_REMOVED_RULE,
          `${old.name} was listed by the previous harvest (${previousManifest.createdTimestamp}) and is no longer; its callers lose it. Keep a version answering for six months after announcing its retirement.`,
        ),
      );
    }
  }

  let attestations: Map<string, ServiceAttestation> | undefined;
  if (options.attestations) {
    attestations = new Map();
    const before = new Map(previousManifest ? describedServices(previousManifest).map((s) => [s.name, s]) : []);
    for (const service of harvested) {
      const state = attestationOf(service, before.get(service.name), options.attestations);
      attestations.set(service.name, state);
      // Required: a record of a passing gate. A signed record of a failed gate is a finding that says so.
      const gated = options.policy === undefined || state.policy !== undefined;
      if (!options.requireAttestation || (state.state === 'attested' && state.verdict === 'pass' && gated)) continue;
      findings.push(
        state.state === 'attested' && state.verdict === 'pass'
          ? harvestFinding(
              service,
              NOT_ATTESTED_RULE,
              `the attestation of the description ${service.name} serves (sha256 ${service.sha256 ?? '?'}), signed ${state.signedAt ?? '?'} by key ${state.keyId?.slice(0, 12) ?? '?'} (${state.key ?? '?'}), records a pass of a run under no policy: the repository's configuration (its suppressions, baseline and levels) was its own judge, so nothing says it passed the gate (${options.policy ?? 'gate'}). Attest it with vottur attest --gate and publish the record.`,
            )
          : state.state === 'attested'
            ? harvestFinding(
                service,
                NOT_ATTESTED_RULE,
                `the attestation of the description ${service.name} serves (sha256 ${service.sha256 ?? '?'}), signed ${state.signedAt ?? '?'} by key ${state.keyId?.slice(0, 12) ?? '?'} (${state.key ?? '?'}), records a failed gate (score ${state.score ?? '?'}/100): nothing says it passed. Fix what vottur lint --gate reports on it, attest it again and publish the record.`,
              )
            : state.state === 'earlier'
              ? harvestFinding(
                  service,
                  ATTESTATION_OUTDATED_RULE,
                  `${service.name} was attested for an earlier version of its description${state.version !== undefined ? ` (${state.version})` : ''}, signed ${state.signedAt ?? '?'} by key ${state.keyId?.slice(0, 12) ?? '?'} (${state.key ?? '?'}); the description served now (sha256 ${service.sha256 ?? '?'}) changed since. Attest the new version (vottur attest) and publish the record.`,
                )
              : harvestFinding(
                  service,
                  NOT_ATTESTED_RULE,
                  `no attestation a trusted key signed names the description ${service.name} serves (sha256 ${service.sha256 ?? '?'}); run vottur attest on it in the provider's pipeline and publish the record where the catalogue reads attestations.`,
                ),
      );
    }
  }

  const documents: DocumentInfo[] = services.map((s) => ({
    path: s.name,
    ...(s.title !== undefined ? { title: s.title } : {}),
    ...(s.version !== undefined ? { version: s.version } : {}),
  }));
  for (const name of removed) documents.push({ path: name });
  if (harvestWide > 0) documents.push({ path: HARVEST_DOCUMENT, title: 'the harvest as a whole' });
  const rules = new Map<string, RuleMeta>();
  for (const rule of [...linted.rules, ...CATALOGUE_RULES])
    if (!rules.has(rule.id) && rule.id !== UNREADABLE_RULE) rules.set(rule.id, rule);
  const report: Report = {
    tool: toolInfo(),
    createdTimestamp: new Date().toISOString(),
    documents,
    rules: [...rules.values()],
    findings: sortFindings(findings),
  };
  return {
    report,
    manifest,
    ...(previousManifest ? { previousManifest } : {}),
    changes,
    removed,
    services,
    ...(attestations ? { attestations } : {}),
  };
}
