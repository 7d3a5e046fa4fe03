/**
 * One shell for every HTML page vottur writes (src/report/html-page.ts): the report (`-f html`)
 * and the catalogue dashboard colour a grade alike, and both pin their style and script by hash in
 * the same Content-Security-Policy. The grade colours had drifted apart (B and C) when each page
 * wrote its own.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogueDashboard, DashboardService } from '../../src/catalogue/dashboard.js';
import { renderDashboardHtml } from '../../src/catalogue/dashboard-html.js';
import type { Finding, Report } from '../../src/report/finding.js';
import { formatHtml } from '../../src/report/formatters/html.js';
import { gradeFor, type Grade } from '../../src/report/score.js';
import { CONTEXT, emptyReport, LINT_FINDINGS } from './sample.js';

const GRADES: Grade[] = ['A', 'B', 'C', 'D', 'F'];

/** The report of one document with `errors` errors of as many rules: its grade falls as they grow. */
function reportWith(errors: number): Report {
  const report = emptyReport();
  const template = LINT_FINDINGS[0];
  report.findings = Array.from({ length: errors }, (_, i): Finding => ({
    ...template,
    ruleId: `house-rule-${i}`,
    severity: 'error',
    pointer: `/paths/~1r${i}`,
  }));
  return report;
}

/** The colour the report's page gives its overall grade (the ring's letter), with that grade. */
function reportGradeColor(html: string): [Grade, string] {
  const grade = /id="overall-score" data-score="\d+" data-grade="([A-F])"/.exec(html)?.[1] as Grade | undefined;
  const color = /class="ring-grade" fill="(#[0-9a-f]{6})">([A-F])</.exec(html);
  expect(grade).toBeDefined();
  expect(color?.[2]).toBe(grade);
  return [grade!, color![1]];
}

function service(grade: Grade, score: number): DashboardService {
  return {
    name: `IS/GOV/1/sub/service-${grade}`,
    provider: 'Provider',
    instance: 'IS',
    memberClass: 'GOV',
    memberCode: '1',
    subsystemCode: 'sub',
    serviceCode: `service-${grade}`,
    base: `service-${grade}`,
    majors: [],
    serviceType: 'OPENAPI3',
    score,
    grade,
    errors: 0,
    warnings: 0,
    findings: 0,
    passes: grade === 'A',
    status: 'harvested',
    rules: {},
    trend: [{ harvested: '2026-11-01T00:00:00.000Z', score }],
  };
}

/** A dashboard with one service of each grade (score in the middle of the grade's band). */
function dashboard(): CatalogueDashboard {
  const scores: Record<Grade, number> = { A: 95, B: 85, C: 75, D: 65, F: 30 };
  return {
    dashboardFormat: 1,
    tool: { name: 'vottur', version: '0.1.0' },
    createdTimestamp: '2026-11-02T09:30:00.000Z',
    harvest: {
      createdTimestamp: '2026-11-02T09:00:00.000Z',
      securityServer: 'https://ss',
      client: 'IS/GOV/1/c',
      method: 'listMethods',
    },
    gate: { failSeverity: 'error' },
    summary: {
      services: 5,
      harvested: 5,
      notHarvested: 0,
      passing: 1,
      passingShare: 20,
      score: 70,
      grade: 'C',
      errors: 0,
      warnings: 0,
      changed: 0,
      new: 0,
      removed: 0,
      breakingWithoutMajor: 0,
      subsystems: 1,
      wsdlSkipped: 0,
      topRules: [],
    },
    trend: [{ harvested: '2026-11-02T09:00:00.000Z', score: 70, services: 5, passing: 1 }],
    services: GRADES.map((grade) => service(grade, scores[grade])),
  };
}

describe('one HTML shell', () => {
  it('the report and the dashboard use the same colour for the same grade, every grade', () => {
    const inReport = new Map<Grade, string>();
    for (let errors = 0; errors <= 12 && inReport.size < GRADES.length; errors++) {
      const [grade, color] = reportGradeColor(formatHtml(reportWith(errors), CONTEXT));
      inReport.set(grade, color);
    }
    expect([...inReport.keys()].sort()).toEqual(GRADES);

    const html = renderDashboardHtml(dashboard(), emptyReport());
    for (const grade of GRADES) {
      // The badge in the table, and the last point of the service's trend line.
      const badge = new RegExp(`\\.grade-${grade} \\{ background: (#[0-9a-f]{6}); \\}`).exec(html)?.[1];
      expect(badge, `the dashboard's badge of grade ${grade}`).toBe(inReport.get(grade));
    }
    const score = (grade: Grade) => dashboard().services.find((s) => s.grade === grade)!.score;
    for (const grade of GRADES) expect(gradeFor(score(grade))).toBe(grade);
    const dots = [...html.matchAll(/<circle cx="[\d.]+" cy="[\d.]+" r="2\.5" fill="(#[0-9a-f]{6})"\/>/g)].map(
      (m) => m[1],
    );
    expect(dots).toEqual(GRADES.map((grade) => inReport.get(grade)));
  });

  it('both pages pin their inline style and script by hash in the same policy, and load nothing', () => {
    const policy = (html: string) =>
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
        .exec(html)?.[1]
        ?.replace(/'sha256-[A-Za-z0-9+/=]+'/g, 'HASH');
    const expected =
      "default-src 'none'; style-src HASH; script-src HASH; img-src data:; base-uri 'none'; form-action 'none'";
    expect(policy(formatHtml(emptyReport(), CONTEXT))).toBe(expected);
    expect(policy(renderDashboardHtml(dashboard(), emptyReport()))).toBe(expected);
  });

  it('neither page prints a workflow command behind Unicode white space (issue 34, o34r6 A05)', () => {
    const hostile = 'T\n\u00a0::add-mask::TITLEMASK\n\u3000::error title=forged::forged\n##[error]x';
    const board = dashboard();
    board.services = board.services.map((s) => ({
      ...s,
      provider: hostile,
      serviceCode: hostile,
      name: `${s.name}${hostile}`,
    }));
    board.harvest = { ...board.harvest, createdTimestamp: hostile };
    const report = emptyReport();
    report.documents = [{ path: 'api.yaml', title: hostile, version: hostile }];
    const dotnetTrimmed = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;
    for (const html of [renderDashboardHtml(board, report), formatHtml(report, CONTEXT)]) {
      expect(html).toContain('TITLEMASK');
      const commands = html
        .split(/\r\n|\r|\n/)
        .filter((line) => line.replace(dotnetTrimmed, '').startsWith('::') || line.includes('##['));
      expect(commands).toEqual([]);
    }
  });
});
