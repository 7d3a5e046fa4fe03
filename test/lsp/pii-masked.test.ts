/**
 * Issue 34, attack o34r17 B14: the language server published a person's kennitala unmasked in a
 * diagnostic (`the example is \`kt.0101302989\``) where every report of the command line masks it;
 * diagnostics reach editor logs and LSP clients in CI. An organisation's stays as written.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LspClient } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-lsp-pii-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("masks a person's kennitala in every diagnostic, and leaves an organisation's", async () => {
  mkdirSync(join(dir, '.git'));
  const api = join(dir, 'api.yaml');
  writeFileSync(
    api,
    [
      'openapi: 3.0.3',
      'info: {title: T, version: 1.0.0}',
      'paths: {}',
      'components:',
      '  schemas:',
      '    Person:',
      '      type: object',
      '      properties:',
      "        person: {type: integer, example: 'kt.0101302989'}",
      "        company: {type: integer, example: 'kt.5902697199'}",
      '',
    ].join('\n'),
  );
  const lsp = await LspClient.startInProcess({ rootPath: dir });
  try {
    await lsp.open(api);
    const diagnostics = await lsp.waitFor(api, (list) =>
      list.some((diagnostic) => diagnostic.code === 'platform-example-valid'),
    );
    const messages = diagnostics.map((diagnostic) => diagnostic.message).join('\n');
    expect(messages).toContain('kt.010130****');
    expect(messages).not.toContain('0101302989');
    expect(messages).toContain('kt.5902697199');
  } finally {
    await lsp.stop();
  }
}, 60_000);
