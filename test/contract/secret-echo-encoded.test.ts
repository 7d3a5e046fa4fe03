/**
 * Issue 34: a hostile server under test echoed the operator's token re-encoded (base64, base64url,
 * percent-encoded, JSON `\u` escapes, hex, its case reversed, inside Basic credentials), and the
 * report printed it, since the redactor matched the token only as written. Now the forms a reader
 * decodes at sight are derived from each secret once and masked with it, and percent-encoding,
 * JSON escapes and HTML character references are read as what they write. Real HTTP.
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

const TOKEN = 'Secret-Token_ABC.def~123+XYZ/9';

/** A text in rot13. */
function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const a = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - a + 13) % 26) + a);
  });
}

/** A text broken into lines of 8 characters (a short MIME line, so every secret's form is broken). */
function wrapped(text: string, newline: string): string {
  return (text.match(/.{1,8}/g) ?? []).join(newline);
}

/** Every encoding the server echoes the token in, by name. */
function encodings(token: string): Record<string, string> {
  const bytes = Buffer.from(token, 'utf8');
  const percent = [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  return {
    percent,
    percentLower: percent.toLowerCase(),
    uriComponent: encodeURIComponent(token),
    base64: bytes.toString('base64'),
    base64url: bytes.toString('base64url'),
    basic: Buffer.from(`vottur-client:${token}`).toString('base64'),
    basicUrl: Buffer.from(`ab:${token}`).toString('base64url'),
    base64InJson: Buffer.from(JSON.stringify({ token })).toString('base64'),
    jsonEscapes: [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    someJsonEscapes: [...token]
      .map((c, i) => (i % 2 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
      .join(''),
    hex: bytes.toString('hex'),
    hexUpper: bytes.toString('hex').toUpperCase(),
    reversedCase: [...token].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''),
    htmlReferences: [...token].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    // Attack r16: base64 wrapped as MIME and PEM wrap it, of UTF-16 bytes, reversed, rot13.
    mimeWrapped: wrapped(bytes.toString('base64'), '\r\n'),
    base64Spaced: [...bytes.toString('base64')].join(' '),
    utf16le: Buffer.from(token, 'utf16le').toString('base64'),
    utf16be: Buffer.from(token, 'utf16le').swap16().toString('base64'),
    utf16leHex: Buffer.from(token, 'utf16le').toString('hex'),
    reversed: [...token].reverse().join(''),
    rot13: rot13(token),
    hexReversed: [...bytes.toString('hex')].reverse().join(''),
    hexRot13: rot13(bytes.toString('hex')),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'vottur-secret-encoded-'));
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
  // Echoes the token it is sent in a member name, in every encoding (a JSON escape's backslash
  // escaped once more, so the member name holds the escape as text).
  const server = createServer((request, response) => {
    request.resume();
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '') || 'none';
    // One member whose name holds every encoding: the finding on it names it whole.
    const name = Object.entries(encodings(token))
      .map(([encoding, form]) => `${encoding} ${form}`)
      .join(' | ');
    const members = [`${JSON.stringify(name)}:1`];
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

/** Whether a text shows any of the token's encodings (or the token, in any case), as written or as a JSON report escapes it. */
function leaks(text: string): string[] {
  const decoded = text.replace(/\\\\/g, '\\');
  // A wrapped base64 form is read whole: compared with white space and its escapes left out.
  const packed = (t: string) => t.replace(/\\[rnt]|\s/g, '').toLowerCase();
  return Object.entries({ ...encodings(TOKEN), token: TOKEN })
    .filter(([, form]) => packed(decoded).includes(packed(form)))
    .map(([name]) => name);
}

describe('a server echoing the bearer token re-encoded', () => {
  it('never gets it into any format of `vottur test --gate`', async () => {
    const formats = ['json', 'stylish', 'sarif', 'junit', 'markdown', 'html', 'github', 'gitlab'];
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
        '--phases',
        'examples',
        ...formats.flatMap((format) => ['-f', format, '-o', `out.${format}`]),
      ],
      { cwd: dir, timeoutMs: 120_000 },
    );
    expect(result.code, result.stderr).toBe(1);
    const json = readFileSync(join(dir, 'out.json'), 'utf8');
    // The finding on the undocumented members is there, naming each member with the token masked.
    // (Basic credentials keep the encoded `vottur-client:` before the mask: it is not the secret.)
    for (const name of Object.keys(encodings(TOKEN))) expect(json).toMatch(new RegExp(`${name} [\\w+/=-]*\\*\\*\\*`));
    for (const format of formats) expect(leaks(readFileSync(join(dir, `out.${format}`), 'utf8')), format).toEqual([]);
    expect(leaks(result.stderr)).toEqual([]);
  });
});

describe('redactor, encoded secrets', () => {
  it('masks every encoding of any long secret, wherever it stands (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 12, maxLength: 40, unit: fc.constantFrom(...'abcXYZ0189-_.~+/:!'.split('')) }),
        fc.constantFrom(...Object.keys(encodings('x'))),
        fc.string({ maxLength: 6, unit: fc.constantFrom(...' "({[,'.split('')) }),
        (secret, encoding, around) => {
          const form = encodings(secret)[encoding];
          const out = redactor([secret])(`${around}${form}${around}`);
          expect(out).toContain('***');
          // What is left beside the mask does not give the secret back (a base64 form's neighbours decide its edges).
          const left = out.replace(/\*\*\*/g, '');
          expect(left.toLowerCase()).not.toContain(secret.toLowerCase());
          expect(Buffer.from(left, 'base64').toString('latin1')).not.toContain(secret.slice(1, -1));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('masks base64 of the secret however it is wrapped (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 12, maxLength: 40, unit: fc.constantFrom(...'abcXYZ0189-_.~+/:!'.split('')) }),
        fc.integer({ min: 1, max: 76 }),
        fc.constantFrom('\r\n', '\n', ' ', '\t', '\n  '),
        fc.constantFrom<BufferEncoding>('utf8', 'utf16le'),
        fc.string({ maxLength: 4, unit: fc.constantFrom(...'abc:'.split('')) }),
        (secret, width, newline, encoding, before) => {
          const form = Buffer.from(`${before}${secret}`, encoding).toString('base64');
          const lines = form.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
          const out = redactor([secret])(`body: ${lines.join(newline)} end`);
          expect(out).toContain('***');
          expect(out.replace(/\s/g, '')).not.toContain(Buffer.from(secret, encoding).toString('base64').slice(4, -4));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves text without the secret as it was', () => {
    const redact = redactor([TOKEN]);
    for (const text of [
      '100%25 done',
      'a \\u0041 b',
      'caf&#233; &#65;',
      'U2VjcmV0 is base64 of Secret',
      'U2Vj cmV0 IFRv a2Vu\r\nX0FC',
    ])
      expect(redact(text)).toBe(text);
  });
});
