/**
 * Issue 34 (outside attack, round 5, C7): hover and go to definition followed a `$ref` through a
 * committed symbolic link. `refTarget` checked the path as written and `readFileSync` read the
 * target: a link to /etc/passwd showed its lines in a hover, one to /dev/zero grew the server past
 * 1.5 GB, one to /dev/stdin stopped it answering. Now the server reads every file through the
 * linter's bounded reader (src/runtime/safe-read.ts). Over a real LSP client, in process.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, uriOf } from './client.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-lsp-links-'));
const folder = join(top, 'ws');
const outside = join(top, 'outside');
const api = join(folder, 'api.yaml');
const TARGETS = ['pw', 'zero', 'stdin', 'fifo', 'outfile', 'dirlink', 'inside'] as const;
const TEXT = [
  'openapi: 3.0.3',
  'info: {title: t, version: 1.0.0, description: d}',
  'paths:',
  ...TARGETS.map((name) => `  /v1/${name}:\n    $ref: "./${name === 'dirlink' ? 'dirlink/secret' : name}.yaml"`),
  '',
].join('\n');
let lsp: LspClient;

beforeAll(async () => {
  mkdirSync(join(folder, '.git'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.yaml'), 'get:\n  description: SECRET-OUTSIDE\n');
  writeFileSync(join(outside, 'outfile.yaml'), 'get:\n  description: SECRET-OUTSIDE\n');
  writeFileSync(join(folder, 'real.yaml'), 'get:\n  description: inside-text\n');
  writeFileSync(api, TEXT);
  symlinkSync('/etc/passwd', join(folder, 'pw.yaml'));
  symlinkSync('/dev/zero', join(folder, 'zero.yaml'));
  symlinkSync('/dev/stdin', join(folder, 'stdin.yaml'));
  symlinkSync(join(outside, 'outfile.yaml'), join(folder, 'outfile.yaml'));
  symlinkSync(outside, join(folder, 'dirlink'));
  symlinkSync('./real.yaml', join(folder, 'inside.yaml'));
  execFileSync('mkfifo', [join(folder, 'fifo.yaml')]);
  lsp = await LspClient.startInProcess({ rootPath: folder });
  await lsp.open(api);
});
afterAll(async () => {
  await lsp?.stop();
  rmSync(top, { recursive: true, force: true });
});

/** The position of the `$ref` value of `/v1/<name>`. */
function refPosition(name: string): { line: number; character: number } {
  const line = TEXT.split('\n').findIndex((text) => text === `  /v1/${name}:`) + 1;
  return { line, character: 12 };
}

async function hover(name: string): Promise<string> {
  const answer = await lsp.request<{ contents: { value: string } } | null>('textDocument/hover', {
    textDocument: { uri: uriOf(api) },
    position: refPosition(name),
  });
  return answer?.contents.value ?? '';
}

async function definition(name: string): Promise<unknown> {
  return lsp.request('textDocument/definition', { textDocument: { uri: uriOf(api) }, position: refPosition(name) });
}

describe('issue 34 C7: a $ref through a symbolic link is read as the linter reads it', () => {
  it('a link to a regular file inside the folder is followed (the control: the hover can show a target)', async () => {
    expect(await hover('inside')).toContain('inside-text');
    expect(await definition('inside')).toMatchObject({ uri: uriOf(join(folder, 'inside.yaml')) });
  });

  it.each(['pw', 'outfile', 'dirlink'])(
    'a link leading outside the folder (%s): no content, no location',
    async (name) => {
      const shown = await hover(name);
      expect(shown).not.toMatch(/root:|SECRET-OUTSIDE/);
      expect(shown).not.toContain('```');
      expect(await definition(name)).toBeNull();
    },
  );

  it.each(['zero', 'stdin', 'fifo'])(
    'a link to a device or a FIFO (%s): no content, and the server keeps answering',
    async (name) => {
      const started = Date.now();
      expect(await hover(name)).not.toContain('```');
      expect(await definition(name)).toBeNull();
      expect(Date.now() - started).toBeLessThan(10_000);
      // Still answering: the control's hover after it.
      expect(await hover('inside')).toContain('inside-text');
    },
  );
});
