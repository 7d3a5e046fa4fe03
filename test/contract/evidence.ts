/**
 * Every finding of a report with the evidence merged into them (one cause, one finding) as
 * findings of their own: for tests about what was observed, whatever leads its cause.
 */
import type { Finding, Report } from '../../src/report/finding.js';

export function everything(report: Pick<Report, 'findings'>): Finding[] {
  return report.findings.flatMap((finding) => [
    finding,
    ...(finding.related ?? [])
      .filter((r) => r.ruleId !== undefined)
      .map((r): Finding => {
        const { related: _related, request: _request, ...rest } = finding;
        return {
          ...rest,
          ruleId: r.ruleId!,
          severity: r.severity ?? finding.severity,
          message: r.message ?? '',
          pointer: r.pointer,
          ...(r.request ? { request: r.request } : {}),
        };
      }),
  ]);
}
