/**
 * The catalogue dashboard's figures: one row per service (provider, subsystem, service code,
 * version, score and grade, errors, what changed since the previous harvest, the trend across
 * harvests) and a summary (services, share passing the gate, the rules failed most). The JSON
 * dashboard is this model; the HTML dashboard renders it, so both show the same figures.
 */
import { join } from 'node:path';
import { readGivenFileSync } from '../runtime/safe-read.js';
import { atLeast, counts, type Finding, type Report, type Severity } from '../report/finding.js';
import { gradeFor, scoreReport, type Grade } from '../report/score.js';
import type { ServiceAttestation } from './attestations.js';
import type { CatalogueRun, ServiceChange } from './report.js';
import { HARVEST_DOCUMENT } from './rules.js';
import { parseServiceName, serviceVersion } from './xroad.js';

export const DASHBOARD_JSON_FILE = 'catalogue.json';
export const DASHBOARD_HTML_FILE = 'catalogue.html';
/** Harvests a trend keeps, newest last. */
export const TREND_LENGTH = 24;

export interface TrendPoint {
  harvested: string;
  score: number;
}

export interface CatalogueTrendPoint extends TrendPoint {
  services: number;
  passing: number;
  /** With `--attestations`: services whose description served was attested. */
  attested?: number;
}

export interface DashboardService {
  name: string;
  provider: string;
  instance: string;
  memberClass: string;
  memberCode: string;
  subsystemCode: string;
  serviceCode: string;
  /** The service code without its `-vN`. */
  base: string;
  /** The major its code carries (`-v2` → 2). */
  major?: number;
  /** The majors of this service the catalogue lists side by side (`[1, 2]`). */
  majors: number[];
  serviceType: string;
  title?: string;
  /** `info.version` */
  version?: string;
  score: number;
  grade: Grade;
  errors: number;
  warnings: number;
  findings: number;
  /** Passes the gate: no finding at or above the gate's severity, and a score at or above its minimum. */
  passes: boolean;
  /** Why its description could not be had. */
  harvestError?: { kind: string; reason: string };
  status: 'harvested' | 'not-harvested' | 'removed';
  change?: ServiceChange | { status: 'removed' };
  /** Findings by rule. */
  rules: Record<string, number>;
  trend: TrendPoint[];
  /** With `--attestations`, for a harvested service: attested, attested for an earlier version, or not. */
  attestation?: ServiceAttestation;
}

export interface CatalogueDashboard {
  dashboardFormat: 1;
  tool: { name: string; version: string };
  createdTimestamp: string;
  harvest: { createdTimestamp: string; securityServer: string; client: string; method: string };
  previous?: { createdTimestamp: string };
  gate: { failSeverity: Severity; minScore?: number };
  summary: {
    services: number;
    harvested: number;
    notHarvested: number;
    passing: number;
    /** Percent of the services passing the gate, one decimal. */
    passingShare: number;
    score: number;
    grade: Grade;
    errors: number;
    warnings: number;
    changed: number;
    new: number;
    removed: number;
    breakingWithoutMajor: number;
    subsystems: number;
    wsdlSkipped: number;
    /** With `--attestations`: the harvested services in each state. */
    attestations?: { attested: number; earlier: number; none: number };
    /** The rules failed by the most services. */
    topRules: Array<{ ruleId: string; services: number; findings: number; severity: Severity; docsUrl: string }>;
  };
  trend: CatalogueTrendPoint[];
  services: DashboardService[];
  /**
   * What the harvest as a whole could not do (a subsystem whose services could not be listed, a
   * bound reached, an entry with an invalid identifier): the findings on `harvest.json`; absent when none.
   */
  harvestProblems?: Array<{ ruleId: string; severity: Severity; message: string; pointer: string; docsUrl?: string }>;
}

export interface DashboardOptions {
  failSeverity?: Severity;
  minScore?: number;
  /** The previous harvest's dashboard (its trend is carried on). */
  previous?: CatalogueDashboard;
}

/** The dashboard of an earlier harvest folder, when it was reported (undefined otherwise). */
export function readDashboard(folder: string, cwd = folder): CatalogueDashboard | undefined {
  try {
    // The bounded reader (o34r15 item 3): the folder is named on the command line.
    const text = readGivenFileSync(join(folder, DASHBOARD_JSON_FILE), {
      what: DASHBOARD_JSON_FILE,
      cwd,
    }).toString('utf8');
    const value = JSON.parse(text) as CatalogueDashboard;
    return value?.dashboardFormat === 1 && Array.isArray(value.services) ? value : undefined;
  } catch {
    // Not reported, or its dashboard unreadable: there is no earlier trend to continue.
    return undefined;
  }
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

export function buildDashboard(run: CatalogueRun, report: Report, options: DashboardOptions = {}): CatalogueDashboard {
  const failSeverity = options.failSeverity ?? 'error';
  const scores = scoreReport(report);
  const scoreOf = new Map(scores.byDocument.map((d) => [d.document, d]));
  const findingsOf = new Map<string, Finding[]>();
  for (const finding of report.findings) {
    if (!counts(finding)) continue;
    const document = finding.description ?? finding.document;
    const list = findingsOf.get(document) ?? [];
    list.push(finding);
    findingsOf.set(document, list);
  }
  const harvestedAt = run.manifest.createdTimestamp;
  const previousTrend = new Map((options.previous?.services ?? []).map((s) => [s.name, s.trend]));
  const majorsOf = new Map<string, Set<number>>();
  const keyOf = (name: string, code: string) =>
    `${name.slice(0, name.length - code.length)}${serviceVersion(code).base}`;
  for (const service of run.manifest.services) {
    if (service.serviceType === 'WSDL') continue;
    const { major } = serviceVersion(service.serviceCode);
    if (major === undefined) continue;
    const key = keyOf(service.name, service.serviceCode);
    const majors = majorsOf.get(key);
    if (majors) majors.add(major);
    else majorsOf.set(key, new Set([major]));
  }
  const byName = new Map(run.services.map((s) => [s.name, s]));
  const previousByName = new Map((run.previousManifest?.services ?? []).map((s) => [s.name, s]));

  // The harvest's own problems (on harvest.json) are not a service: the HTML shows them apart.
  const serviceDocuments = report.documents.filter((document) => document.path !== HARVEST_DOCUMENT);
  const services: DashboardService[] = serviceDocuments.map((document) => {
    const name = document.path;
    const harvested = byName.get(name);
    const known = harvested ?? previousByName.get(name);
    const id = parseServiceName(name);
    const serviceCode = known?.serviceCode ?? id?.serviceCode ?? name;
    const { base, major } = serviceVersion(serviceCode);
    const findings = findingsOf.get(name) ?? [];
    const score = scoreOf.get(name)?.score ?? 100;
    const rules: Record<string, number> = {};
    for (const finding of findings) rules[finding.ruleId] = (rules[finding.ruleId] ?? 0) + 1;
    const failing =
      findings.some((f) => atLeast(f.severity, failSeverity)) ||
      (options.minScore !== undefined && score < options.minScore);
    const removed = !harvested;
    const change = removed ? ({ status: 'removed' } as const) : run.changes.get(name);
    const trend = [
      ...(previousTrend.get(name) ?? []).filter((p) => p.harvested !== harvestedAt),
      ...(removed ? [] : [{ harvested: harvestedAt, score }]),
    ].slice(-TREND_LENGTH);
    return {
      name,
      provider: known?.memberName ?? id?.memberCode ?? '',
      instance: known?.instance ?? id?.instance ?? '',
      memberClass: known?.memberClass ?? id?.memberClass ?? '',
      memberCode: known?.memberCode ?? id?.memberCode ?? '',
      subsystemCode: known?.subsystemCode ?? id?.subsystemCode ?? '',
      serviceCode,
      base,
      ...(major !== undefined ? { major } : {}),
      majors: [...(majorsOf.get(keyOf(name, serviceCode)) ?? [])].sort((a, b) => a - b),
      serviceType: known?.serviceType ?? 'OPENAPI',
      ...(document.title !== undefined ? { title: document.title } : {}),
      ...(document.version !== undefined ? { version: document.version } : {}),
      score,
      grade: gradeFor(score),
      errors: findings.filter((f) => f.severity === 'error').length,
      warnings: findings.filter((f) => f.severity === 'warn').length,
      findings: findings.length,
      passes: !failing,
      ...(harvested?.error ? { harvestError: { kind: harvested.error.kind, reason: harvested.error.reason } } : {}),
      status: removed ? 'removed' : harvested.error ? 'not-harvested' : 'harvested',
      ...(change ? { change } : {}),
      rules,
      trend,
      ...(run.attestations?.has(name) ? { attestation: run.attestations.get(name) } : {}),
    };
  });

  const current = services.filter((s) => s.status !== 'removed');
  const passing = current.filter((s) => s.passes).length;
  const ruleStats = new Map<string, { services: number; findings: number }>();
  for (const service of current) {
    for (const [ruleId, count] of Object.entries(service.rules)) {
      const stat = ruleStats.get(ruleId) ?? { services: 0, findings: 0 };
      stat.services++;
      stat.findings += count;
      ruleStats.set(ruleId, stat);
    }
  }
  const ruleMeta = new Map(report.rules.map((r) => [r.id, r]));
  const topRules = [...ruleStats]
    .sort(([a, x], [b, y]) => y.services - x.services || y.findings - x.findings || (a < b ? -1 : 1))
    .slice(0, 10)
    .map(([ruleId, stat]) => ({
      ruleId,
      ...stat,
      severity: ruleMeta.get(ruleId)?.severity ?? 'error',
      docsUrl: ruleMeta.get(ruleId)?.docsUrl ?? '',
    }));
  const breakingWithoutMajor = current.filter((s) => (s.rules['catalogue-breaking-change'] ?? 0) > 0).length;
  const attestationCounts = run.attestations
    ? {
        attested: current.filter((s) => s.attestation?.state === 'attested').length,
        earlier: current.filter((s) => s.attestation?.state === 'earlier').length,
        none: current.filter((s) => s.attestation?.state === 'none').length,
      }
    : undefined;
  const point: CatalogueTrendPoint = {
    harvested: harvestedAt,
    score: scores.score,
    services: current.length,
    passing,
    ...(attestationCounts ? { attested: attestationCounts.attested } : {}),
  };
  const harvestProblems = report.findings
    .filter((f) => f.document === HARVEST_DOCUMENT && counts(f))
    .map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      pointer: f.pointer,
      ...(f.docsUrl !== undefined ? { docsUrl: f.docsUrl } : {}),
    }));
  return {
    dashboardFormat: 1,
    tool: report.tool,
    createdTimestamp: report.createdTimestamp,
    harvest: {
      createdTimestamp: harvestedAt,
      securityServer: run.manifest.securityServer,
      client: run.manifest.client,
      method: run.manifest.method,
    },
    ...(run.previousManifest ? { previous: { createdTimestamp: run.previousManifest.createdTimestamp } } : {}),
    gate: { failSeverity, ...(options.minScore !== undefined ? { minScore: options.minScore } : {}) },
    summary: {
      services: current.length,
      harvested: current.filter((s) => s.status === 'harvested').length,
      notHarvested: current.filter((s) => s.status === 'not-harvested').length,
      passing,
      passingShare: share(passing, current.length),
      score: scores.score,
      grade: scores.grade,
      errors: current.reduce((sum, s) => sum + s.errors, 0),
      warnings: current.reduce((sum, s) => sum + s.warnings, 0),
      changed: current.filter((s) => s.change?.status === 'changed').length,
      new: current.filter((s) => s.change?.status === 'new').length,
      removed: services.length - current.length,
      breakingWithoutMajor,
      subsystems: run.manifest.summary.subsystems,
      wsdlSkipped: run.manifest.summary.wsdlSkipped,
      ...(attestationCounts ? { attestations: attestationCounts } : {}),
      topRules,
    },
    trend: [...(options.previous?.trend ?? []).filter((p) => p.harvested !== harvestedAt), point].slice(-TREND_LENGTH),
    services,
    ...(harvestProblems.length > 0 ? { harvestProblems } : {}),
  };
}
