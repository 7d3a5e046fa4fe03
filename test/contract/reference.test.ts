/**
 * The contract suite proves itself against the reference service: the clean service passes,
 * and every fault mode is caught by the rule docs/contract.md names for it (reference-faults-1 and
 * -2, two files so the 19 runs of `vottur check --fault` spread over both workers). Real HTTP, with
 * the development issuer's client-credentials flow end to end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContractDescription } from '../../src/contract/description.js';
import { operationInputs } from '../../src/contract/phases/inputs.js';
import { hasNonAscii } from '../../src/contract/generate/unicode.js';
import { runContractTests, type ContractTestOptions } from '../../src/contract/index.js';
import type { FaultName } from '../../src/reference/faults.js';
import { FAULT_NAMES } from '../../src/reference/faults.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { atLeast, type Report } from '../../src/report/finding.js';
import { FAULT_TABLE } from './fixtures/fault-table.js';
import { faultsOfPart } from './reference-faults.js';

let service: RunningReferenceService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function runAgainst(faults: FaultName[], options: Partial<ContractTestOptions> = {}): Promise<Report> {
  service = await startReferenceService({ port: 0, auth: 'dev', faults });
  return runContractTests({
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
}

const ruleIds = (report: Report) => [...new Set(report.findings.map((f) => f.ruleId))].sort();

describe('the reference service', () => {
  it('passes clean, with every probe and Dredd exercised through the development issuer', async () => {
    const notes: string[] = [];
    const report = await runAgainst([], { dredd: true, onProgress: (message) => notes.push(message) });
    expect(report.findings.filter((f) => atLeast(f.severity, 'warn'))).toEqual([]);
    expect(report.findings).toEqual([]);
    // The token flow worked: the positive requests succeeded, and a token without the scope was
    // obtained for the 403 probe (no contract-probe-skipped).
    const ran = report.rules.map((rule) => rule.id);
    for (const id of [
      'contract-example-succeeds',
      'contract-not-found-204',
      'contract-invalid-input-400',
      'contract-auth-required',
      'contract-dredd',
      'contract-schema',
    ]) {
      expect(ran).toContain(id);
    }
    expect(report.operations).toHaveLength(4);
    for (const operation of report.operations!) {
      expect(operation.findings).toBe(0);
      // 5 or 6 planned requests, plus 4 Dredd transactions (200, 204, 400, 401, 403 minus the 500 skipped).
      expect(operation.requests).toBeGreaterThanOrEqual(10);
    }
    expect(notes.join('\n')).toMatch(/dredd: \d+ transactions, \d+ passed, 0 failed, 0 errors, 4 skipped/);
    expect(notes.join('\n')).toMatch(/a 500 cannot be caused on purpose/);
  });

  it('covers every fault mode in the table', () => {
    expect(Object.keys(FAULT_TABLE).sort()).toEqual([...FAULT_NAMES].sort());
    // Each in one of the two parts reference-faults-1 and -2 check it in.
    expect([...faultsOfPart(0), ...faultsOfPart(1)].sort()).toEqual([...FAULT_NAMES].sort());
  });

  it('catches crash-on-non-ascii-id with the default phases, and misses it with the examples alone', async () => {
    const caught = await runAgainst(['crash-on-non-ascii-id'], { seed: 7 });
    expect(
      [...new Set(caught.findings.filter((f) => f.ruleId === 'contract-server-error').map((f) => f.operation))].sort(),
    ).toEqual(['GET /v2/users/{nationalId}', 'GET /v2/users/{toNationalId}/actor-profiles/{fromNationalId}']);
    await service?.close();
    const missed = await runAgainst(['crash-on-non-ascii-id'], { phases: ['examples'] });
    expect(missed.findings).toEqual([]);
  });

  it('sends values beyond ASCII to every string input of every operation', async () => {
    const sent: Array<{ url: URL; headers: Record<string, string> }> = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (input instanceof URL) sent.push({ url: input, headers: { ...(init?.headers as Record<string, string>) } });
      return realFetch(input, init);
    });
    try {
      await runAgainst([], { seed: 11, maxExamples: 20 });
    } finally {
      spy.mockRestore();
    }
    const description = await loadContractDescription(service!.descriptionPath);
    const counts: Record<string, number> = {};
    for (const op of description.operations) {
      const names: string[] = [];
      const shape = new RegExp(
        `^${op.pathKey.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`,
      );
      const strings = operationInputs(description, op, undefined).filter(
        (input) => input.schema.types.includes('string') || input.schema.types.length === 0,
      );
      expect(strings.length).toBeGreaterThan(0);
      for (const input of strings) counts[`${op.label} ${input.key}`] = 0;
      for (const { url, headers } of sent) {
        const match = shape.exec(url.pathname);
        if (!match) continue;
        for (const input of strings) {
          const { in: where, name } = input.parameter!;
          const raw =
            where === 'path'
              ? match[names.indexOf(name) + 1]
              : where === 'query'
                ? url.searchParams.get(name)
                : headers[name];
          if (raw === undefined || raw === null) continue;
          const value = where === 'query' ? raw : decodeURIComponent(raw);
          if (hasNonAscii(value)) counts[`${op.label} ${input.key}`] += 1;
        }
      }
    }
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(8);
    for (const [input, count] of Object.entries(counts)) expect(count, input).toBeGreaterThan(0);
  });

  it('names the value found and what was expected, masked', async () => {
    // The library's own run, in its own order: the fault table's test reads `vottur check`'s JSON
    // report, sorted, where the by-header operation's finding comes first.
    const report = await runAgainst(['hyphen-national-id']);
    const finding = report.findings.find((f) => f.ruleId === 'contract-national-id')!;
    expect(finding.message).toMatch(/`\/nationalId` is `010130-\*\*\*\*`, which has a hyphen/);
    expect(finding.operation).toBe('GET /v2/users/{nationalId}');
    expect(finding.operationId).toBe('getUserProfile');
    expect(finding.source).toBe('response');
    expect(finding.category).toBe('data-format');
    expect(finding.docsUrl).toBe('https://github.com/vottur/vottur/blob/main/docs/rules/contract-national-id.md');
    expect(finding.request).toMatchObject({ method: 'GET', status: 200 });
    expect(JSON.stringify(report)).not.toContain('0101302989');
  });

  it('shows identifiers unmasked with showPii', async () => {
    const report = await runAgainst(['hyphen-national-id'], { showPii: true });
    expect(report.findings.find((f) => f.ruleId === 'contract-national-id')!.message).toContain('010130-2989');
  });

  it('says so when no token without the scope can be had (bearer only)', async () => {
    service = await startReferenceService({ port: 0, auth: 'none' });
    const report = await runContractTests({
      description: service.descriptionPath,
      server: service.baseUrl,
      auth: { bearer: 'not-checked-token' },
      dredd: false,
    });
    const skipped = report.findings.filter((f) => f.ruleId === 'contract-probe-skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0].severity).toBe('info');
    expect(skipped[0].message).toMatch(/403 probe .* not sent .*--bearer/);
    // The service checks no token at all, so the probe without credentials catches it.
    expect(ruleIds(report)).toContain('contract-auth-required');
    expect(JSON.stringify(report)).not.toContain('not-checked-token');
  });

  it('stops at the token endpoint with one line when the client secret is wrong', async () => {
    service = await startReferenceService({ port: 0, auth: 'dev' });
    await expect(
      runContractTests({
        description: service.descriptionPath,
        server: service.baseUrl,
        auth: {
          oauth: { tokenUrl: service.tokenUrl!, clientId: service.clientId!, clientSecret: 'wrong-secret-value' },
        },
        dredd: false,
      }),
    ).rejects.toThrow(/^cannot obtain a token from http:\/\/127\.0\.0\.1:\d+\/token: invalid_client/);
  });
});
