/**
 * The reference service's fault table, checked fault by fault (issue 35: split over two test files,
 * reference-faults-1 and -2, so the 19 runs of `vottur check --fault` spread over both workers
 * instead of bounding the whole test run from one). Every fault mode is caught by the rule
 * docs/contract.md names for it, and `vottur check --fault` gives exactly the errors the table
 * lists. Each fault's run (in-process) is read twice: by the fault table's test and by the CLI's
 * exact error count.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { runContractTests, type ContractTestOptions } from '../../src/contract/index.js';
import type { FaultName } from '../../src/reference/faults.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import type { Report } from '../../src/report/finding.js';
import { FAULT_TABLE } from './fixtures/fault-table.js';
import { votturInProcess, type CliResult } from '../cli/run.js';

/**
 * The contract suite against the reference service with these faults, through the library, with
 * the development issuer's client-credentials flow; the service is closed when the test finishes.
 */
export async function referenceRun(
  faults: FaultName[],
  options: Partial<ContractTestOptions> = {},
): Promise<{ service: RunningReferenceService; report: Report }> {
  const service = await startReferenceService({ port: 0, auth: 'dev', faults });
  onTestFinished(() => service.close());
  const report = await runContractTests({
    description: service.descriptionPath,
    server: service.baseUrl,
    auth: {
      oauth: {
        tokenUrl: service.tokenUrl!,
        clientId: service.clientId!,
        clientSecret: service.clientSecret!,
        scope: service.scope,
      },
    },
    dredd: false,
    // vottur's own service on loopback, as `vottur check` runs it: every method may be tried.
    allowUnsafeMethods: true,
    ...options,
  });
  return { service, report };
}

/** The fault table's faults, in its order: the first file takes the even places, the second the odd. */
export function faultsOfPart(part: 0 | 1): FaultName[] {
  return (Object.keys(FAULT_TABLE) as FaultName[]).filter((_, i) => i % 2 === part);
}

const ruleIds = (report: Report) => [...new Set(report.findings.map((f) => f.ruleId))].sort();

/** The fault table's test and `vottur check`'s exact error count, for these faults. */
export function describeFaults(faults: FaultName[]): void {
  /**
   * `vottur check --fault <fault>` in this process, once per fault: the fault table's test and
   * the CLI's exact error count read the same run (each was a full contract suite of its own).
   */
  const checks = new Map<FaultName, Promise<CliResult>>();
  function checkOnce(fault: FaultName): Promise<CliResult> {
    let run = checks.get(fault);
    if (!run) {
      run = votturInProcess(['check', '--fault', fault, '--seed', '4242', '--format', 'json', '--quiet']);
      checks.set(fault, run);
    }
    return run;
  }

  describe('the reference service', () => {
    for (const fault of faults) {
      const { rules: expected } = FAULT_TABLE[fault];
      it(`catches ${fault} with ${expected.join(' or ')}`, async () => {
        const started = Date.now();
        // `slow` with a short timeout, through the library; every other fault from the run of
        // `vottur check --fault` below (the same contract suite against the same service).
        const report =
          fault === 'slow'
            ? (await referenceRun([fault], { timeoutMs: 400, concurrency: 8 })).report
            : (JSON.parse((await checkOnce(fault)).stdout) as Report);
        const found = ruleIds(report);
        expect(
          found.some((id) => expected.includes(id)),
          `found ${found.join(', ')}`,
        ).toBe(true);
        expect(report.findings.some((f) => f.severity === 'error')).toBe(true);
        // One observation, one finding: no two findings say the same of the same operation.
        const said = report.findings.map((f) => `${f.ruleId} ${f.operation ?? ''} ${f.message}`);
        expect(said.filter((line, i) => said.indexOf(line) !== i)).toEqual([]);
        if (fault === 'slow') {
          // Every request timed out at the limit, not after the service's 5 s.
          expect(found).toEqual(['contract-timeout']);
          expect(report.findings.filter((f) => f.severity === 'error')).toHaveLength(FAULT_TABLE.slow.errors);
          expect(Date.now() - started).toBeLessThan(4500);
          for (const finding of report.findings) expect(finding.request!.durationMs).toBeLessThan(2000);
        }
      }, 60_000);
    }
  });

  describe('vottur check', () => {
    // One cause, one finding: every fault mode gives exactly the errors the fault table lists (one
    // per operation it shows in), the rest of what it causes attached to them as evidence.
    for (const fault of faults) {
      const { rules, errors } = FAULT_TABLE[fault];
      if (fault === 'slow') continue; // the reference test holds it to the count with a short --timeout
      it(`vottur check --fault ${fault} gives exactly ${errors} errors, led by ${rules.join(' or ')}`, async () => {
        const result = await checkOnce(fault);
        expect(result.code).toBe(1);
        const report = JSON.parse(result.stdout) as {
          findings: Array<{ ruleId: string; severity: string; related?: Array<{ ruleId?: string }> }>;
        };
        const found = report.findings.filter((f) => f.severity === 'error');
        expect(
          found.map((f) => f.ruleId).every((id) => rules.includes(id)),
          found.map((f) => f.ruleId).join(', '),
        ).toBe(true);
        expect(found).toHaveLength(errors);
      }, 60_000);
    }
  });
}
