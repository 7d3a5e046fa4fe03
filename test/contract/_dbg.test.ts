import { test } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { startThingsServer, THINGS_DESCRIPTION, THINGS_TOKEN } from './fixtures/servers.js';
test('dbg', async () => {
  for (const noAuth of [false, true]) {
  const server = await startThingsServer({ noAuth });
  const report = await runContractTests({ description: THINGS_DESCRIPTION, server: server.url, auth: { bearer: THINGS_TOKEN }, onProgress: (m) => console.log('P', m) });
  for (const r of server.requests) console.log(r.method, r.url, r.headers['user-agent'], r.headers.authorization);
  for (const f of report.findings) console.log(f.ruleId, f.message);
  await server.close();
  }
});
