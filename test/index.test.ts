/** The package's public entry point exposes what the README promises, from the built files. */
import { describe, expect, it } from 'vitest';

describe('the vottur package entry point', () => {
  it('exports the library API', async () => {
    const vottur = await import('vottur');
    for (const name of [
      'lintFiles',
      'lintDocument',
      'runContractTests',
      'startReferenceService',
      'scoreReport',
      'mergeReports',
      'readJsonReport',
      'maskNationalIds',
      'isPlatformDateTime',
    ]) {
      expect(typeof (vottur as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(Object.keys(vottur.FORMATTERS).sort()).toEqual([
      'github',
      'gitlab',
      'html',
      'json',
      'junit',
      'markdown',
      'sarif',
      'stylish',
    ]);
  });

  it('lints a description through the library and renders SARIF from the same report', async () => {
    const { lintFiles, FORMATTERS } = await import('vottur');
    const report = await lintFiles(['fixtures/rules/platform-info-title/fail-empty.yaml']);
    expect(report.findings.map((f) => f.ruleId)).toContain('platform-info-title');
    const sarif = JSON.parse(FORMATTERS.sarif(report, { cwd: process.cwd(), color: false, showPii: false }));
    expect(sarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === 'platform-info-title')).toBe(true);
  });
});
