import { test } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { startReferenceService } from '../../src/reference/service.js';

test('explore', async () => {
  const faults = (process.env.FAULTS ?? '').split(',').filter(Boolean) as never[];
  const svc = await startReferenceService({ port: 0, auth: 'dev', faults });
  const t0 = Date.now();
  try {
    const report = await runContractTests({
      description: svc.descriptionPath, server: svc.baseUrl,
      auth: { oauth: { tokenUrl: svc.tokenUrl!, clientId: svc.clientId!, clientSecret: svc.clientSecret!, scope: svc.scope } },
      timeoutMs: Number(process.env.TMO ?? 10000), dredd: process.env.DREDD !== '0',
      onProgress: (m) => console.log('PROGRESS', m),
    });
    for (const f of report.findings) console.log(f.severity, f.ruleId, f.operation ?? '', '|', f.message);
    console.log(JSON.stringify(report.operations), report.rules.map(r => r.id).join(','), Date.now() - t0, 'ms');
  } finally { await svc.close(); }
});
