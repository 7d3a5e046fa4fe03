/**
 * Secrets are redacted as a reader sees the text (issue 34, attack r6 K01): a server under test
 * that echoed the bearer token as a JSON member name with a zero-width space (or NUL) inside got
 * it printed as `SECRET-T\u200bOKEN-ABCDEFG123`, readable whole, because the redactor matched the
 * token only as written. Now characters a reader does not see (format characters, NUL and other
 * controls) and the reports' escapes of them are left out before matching. Real HTTP.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactor } from '../../src/contract/auth.js';
import { votturInProcess } from '../cli/run.js';

const TOKEN = 'SECRET-TOKEN-ABCDEFG123';
/** Unseen characters, as the JSON body writes them: raw or as a JSON escape. */
const UNSEEN = ['\u200b', '\\u0000', '\u2060', '\u00ad', '\ufeff', '\\u0007', '\u{e0041}', '\u202e', '\\u001b'];

const dir = mkdtempSync(join(tmpdir(), 'vottur-secret-unseen-'));
let base = '';
let close: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  writeFileSync(
    join(dir, 'api.yaml'),
    [
      'openapi: 3.0.3',
      'info: {title: T, version: 1.0.0}',
      'security: [{bearer: []}]',
      'components: {securitySchemes: {bearer: {type: http, scheme: bearer}}}',
      'paths:',
      '  /v1/items:',
      '    get:',
      '      operationId: list',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema: {type: object, additionalProperties: false, properties: {id: {type: integer}}}',
      '              example: {id: 1}',
      '',
    ].join('\n'),
  );
  // Echoes the token it is sent as member names, each with one unseen character inside, at a different place.
  const server = createServer((request, response) => {
    request.resume();
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '') || 'none';
    const members = UNSEEN.map((c, i) => {
      const at = 1 + ((i * 5) % (token.length - 1));
      return `"${token.slice(0, at)}${c}${token.slice(at)}":${i}`;
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{${members.join(',')}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

/** The text as a reader sees it: escapes of unseen characters and the characters themselves left out. */
function asSeen(text: string): string {
  return (
    text
      .replace(
        /\\u(?:d[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}|00[0-1][0-9a-f]|00[7-9][0-9a-f]|00ad|200b|2060|feff|202e)/gi,
        '',
      )
      // eslint-disable-next-line no-control-regex -- the point: what a reader does not see
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}]/gu, '')
      // A JSON report escapes the backslash of an escape once more.
      .replace(/\\\\u[0-9a-f]{4}/gi, '')
  );
}

describe('a server echoing the bearer token with unseen characters inside', () => {
  it('never gets the token into any format of `vottur test --gate`', async () => {
    const formats = ['json', 'stylish', 'sarif', 'junit', 'markdown', 'html'];
    const result = await votturInProcess(
      [
        'test',
        'api.yaml',
        '--server',
        base,
        '--bearer',
        TOKEN,
        '--gate',
        '--no-dredd',
        ...formats.flatMap((format) => ['-f', format, '-o', `out.${format}`]),
      ],
      { cwd: dir, timeoutMs: 120_000 },
    );
    expect(result.code, result.stderr).toBe(1);
    const json = readFileSync(join(dir, 'out.json'), 'utf8');
    // The finding on the undocumented members is there, with the token masked.
    expect(json).toMatch(/\*\*\*/);
    for (const format of formats) {
      const text = asSeen(readFileSync(join(dir, `out.${format}`), 'utf8'));
      expect(text, format).not.toContain(TOKEN);
      // No readable piece of it either: the masked span runs over the unseen character.
      expect(text, format).not.toMatch(/ABCDEFG123|SECRET-TOK/);
    }
    expect(asSeen(result.stderr)).not.toContain('ABCDEFG123');
  });
});

describe('redactor', () => {
  it('masks a secret with any unseen characters or their escapes inserted anywhere (property)', () => {
    const redact = redactor([TOKEN]);
    const unseen = fc.constantFrom(
      '\u200b',
      '\u0000',
      '\u2060',
      '\u00ad',
      '\\u200b',
      '\\u0000',
      '\\udb40\\udc41',
      '\u{e0041}',
      '\\n',
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(TOKEN.length - 2), unseen), { maxLength: 6 }),
        fc.string({ maxLength: 8 }),
        fc.string({ maxLength: 8 }),
        (insertions, before, after) => {
          let spread = TOKEN;
          for (const [at, c] of [...insertions].sort((a, b) => b[0] - a[0]))
            spread = `${spread.slice(0, at + 1)}${c}${spread.slice(at + 1)}`;
          const out = redact(`${before}${spread}${after}`);
          expect(asSeen(out)).not.toContain(TOKEN);
          expect(out).toBe(`${before}***${after}`);
        },
      ),
    );
  });

  it('leaves text without the secret as it was, unseen characters included', () => {
    const redact = redactor([TOKEN, 'wrong']);
    expect(redact('a\u200bb \\u0000 SECRET-TOKEN')).toBe('a\u200bb \\u0000 SECRET-TOKEN');
    expect(redact('Authorization: Bearer wr\u200bong')).toBe('Authorization: Bearer ***');
    expect(redact('key=wr\\u00adongs')).toBe('key=wr\\u00adongs');
  });
});
