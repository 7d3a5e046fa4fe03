/**
 * Issue 34: a description past a bound on reading it (here an alias bomb) is shown in the editor
 * under the rule the command line reports it under, `vottur-read-limit`, not as "unreadable".
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LspClient } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-lsp-read-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('an alias bomb is one vottur-read-limit error at the top of the document', async () => {
  mkdirSync(join(dir, '.git'));
  let text = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-a0: &a0 [l, l, l, l, l, l, l, l, l, l]\n';
  for (let i = 1; i < 10; i++)
    text += `x-a${i}: &a${i} [${Array(10)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`;
  const api = join(dir, 'bomb.yaml');
  writeFileSync(api, `${text}x-bomb: *a9\n`);
  const lsp = await LspClient.startInProcess({ rootPath: dir });
  try {
    await lsp.open(api);
    const diagnostics = await lsp.waitFor(api, (list) => list.length > 0);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'vottur-read-limit',
        severity: 1,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
        message: expect.stringMatching(/\/bomb\.yaml: its aliases \(`\*name`\) expand to more than 100,000 values/),
      }),
    ]);
  } finally {
    await lsp.stop();
  }
}, 60_000);
