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
import { base32 } from '@scure/base';
import { headerSecrets, redactor } from '../../src/contract/auth.js';
import { readingText } from '../../src/runtime/reading.js';
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
    // Attack o34r17 B5–B7: forms a person reads as the token (spaced, dotted, full-width, bold,
    // accented, Cyrillic look-alikes, a camelCase suggestion's separators dropped) and bytes written
    // as numbers.
    spaced: [...token].join(' '),
    dotted: [...token].join('.'),
    noBreakSpaced: [...token].join('\u00a0'),
    fullWidth: [...token].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(''),
    mathBold: [...token].map(mathBold).join(''),
    combining: [...token].map((c) => `${c}\u0301`).join(''),
    cyrillic: [...token].map((c) => CYRILLIC[c] ?? c).join(''),
    camel: token.replace(/[^a-z0-9]+([a-z0-9]?)/gi, (_, next: string) => next.toUpperCase()),
    hexColon: [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':'),
    quotedPrintable: [...bytes].map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    decimal: [...bytes].join(','),
    octal: [...bytes].map((b) => `\\${b.toString(8)}`).join(''),
    xEscapes: [...bytes].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join(''),
    css: [...bytes].map((b) => `\\${b.toString(16)} `).join(''),
    doublePercent: [...bytes].map((b) => `%25${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    bytesReversedHex: Buffer.from(bytes).reverse().toString('hex'),
    base32: base32.encode(bytes),
    // Attack o34r18 B1, B2, B16: letters drawn as separators between the characters, the token
    // lower-cased and spaced (the reading folded case after the look-alikes: `I` read `l`, `i` `i`),
    // a backslash between the characters (`\T` was read as an escape and dropped).
    clickSeparated: [...token].join('\u01c0'),
    tatweelSeparated: [...token].join('\u0640'),
    lowerSpaced: [...token.toLowerCase()].join(' '),
    upperSpaced: [...token.toUpperCase()].join(' '),
    backslashed: [...token].join('\\'),
    // o34r18 B4: a lone surrogate's escape between the characters (a reader sees nothing there).
    loneSurrogates: [...token].join('\\ud800'),
  };
}

/** Encodings the cut-piece property leaves out (see there). */
const NOT_CUT = new Set([
  'loneSurrogates',
  'clickSeparated',
  'tatweelSeparated',
  'basic',
  'basicUrl',
  'base64InJson',
  'percent',
  'percentLower',
  'uriComponent',
  'jsonEscapes',
  'someJsonEscapes',
  'htmlReferences',
]);

/** The encodings masked as they read (`src/runtime/reading.ts`), not as they are written. */
const READ_FORMS = new Set([
  'clickSeparated',
  'tatweelSeparated',
  'lowerSpaced',
  'upperSpaced',
  'backslashed',
  'spaced',
  'dotted',
  'noBreakSpaced',
  'fullWidth',
  'mathBold',
  'combining',
  'cyrillic',
  'camel',
]);

/** Mathematical bold letters and digits (U+1D400…, U+1D7CE…), what NFKC reads as ASCII. */
function mathBold(c: string): string {
  const code = c.charCodeAt(0);
  if (c >= 'A' && c <= 'Z') return String.fromCodePoint(0x1d400 + code - 65);
  if (c >= 'a' && c <= 'z') return String.fromCodePoint(0x1d41a + code - 97);
  if (c >= '0' && c <= '9') return String.fromCodePoint(0x1d7ce + code - 48);
  return c;
}

/** Cyrillic letters drawn as Latin ones. */
const CYRILLIC: Record<string, string> = {
  A: '\u0410',
  B: '\u0412',
  C: '\u0421',
  E: '\u0415',
  H: '\u041d',
  K: '\u041a',
  M: '\u041c',
  O: '\u041e',
  P: '\u0420',
  T: '\u0422',
  X: '\u0425',
  a: '\u0430',
  c: '\u0441',
  e: '\u0435',
  o: '\u043e',
  p: '\u0440',
  x: '\u0445',
  y: '\u0443',
};

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
    for (const name of Object.keys(encodings(TOKEN)))
      expect(json).toMatch(new RegExp(`${name} [\\w+/=%\\\\-]*\\*\\*\\*`));
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
          // A form read past its separators and drawing means the secret only when its letters and
          // digits alone are long enough (a token's are): `a-b-c` spaced is not masked anywhere.
          if (READ_FORMS.has(encoding)) fc.pre(secret.replace(/[^a-z0-9]/gi, '').length >= 12);
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

  it('masks a piece of any form, cut anywhere as a truncated quote cuts it (property; attack o34r17 B7)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 16, maxLength: 40, unit: fc.constantFrom(...'abcXYZ0189'.split('')) }),
        // Not the forms that encode more than the secret (Basic credentials' client id, a JSON body),
        // nor escapes the masking decodes first (its pieces are pieces of what they write).
        fc.constantFrom(...Object.keys(encodings('x')).filter((name) => !NOT_CUT.has(name))),
        fc.nat(),
        fc.nat(),
        (secret, encoding, start, length) => {
          const form = encodings(secret)[encoding] ?? '';
          // Long enough to hold sixteen characters of the secret in any of the encodings (`&#126;` is six).
          const from = start % Math.max(1, form.length - 96);
          const piece = form.slice(from, from + 96 + (length % 40));
          const out = redactor([secret])(`value \`${piece}...\``);
          // No sixteen letters and digits of the form, as it reads, are left beside the masks.
          const left = out.split('***').map(readingText);
          const whole = readingText(form);
          for (const part of left)
            for (let at = 0; at + 16 <= part.length; at++) expect(whole).not.toContain(part.slice(at, at + 16));
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

  it('masks the beginning of a secret at a quote cut after it, and its end at one cut before it (property; attack o34r17 B15)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 16, maxLength: 60, unit: fc.constantFrom(...'abcXYZ0189'.split('')) }),
        fc.nat(),
        fc.constantFrom('...', '…'),
        (secret, cut, ellipsis) => {
          const at = 6 + (cut % (secret.length - 6));
          const head = secret.slice(0, at);
          const tail = secret.slice(secret.length - at);
          const out = redactor([secret])(`is \`"xxxx${head}${ellipsis}\` and \`${ellipsis}${tail}"\``);
          expect(out).not.toContain(head);
          expect(out).not.toContain(tail);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('masks a short secret standing as a value in brackets, parentheses, angle brackets or before a full stop (attack o34r17 B12)', () => {
    const redact = redactor(['k3y9X2ab77']);
    for (const text of [
      '[k3y9X2ab77]',
      '(k3y9X2ab77)',
      '<k3y9X2ab77>',
      '{k3y9X2ab77}',
      'the key is `k3y9X2ab77`.',
      '"k3y9X2ab77".',
    ])
      expect(redact(text), text).not.toContain('k3y9X2ab77');
    // Prose keeps its words: a short secret inside a sentence is not a value.
    expect(redactor(['wrong'])('unknown client, or wrong client secret.')).toBe(
      'unknown client, or wrong client secret.',
    );
  });

  it("takes a header's credential, Basic's user:password and password, and each cookie's value as secrets (attack o34r17 B13)", () => {
    const basic = Buffer.from('opuser:s3cr3t-Passw0rd-99').toString('base64');
    expect(headerSecrets('Authorization', `Basic ${basic}`)).toEqual([
      `Basic ${basic}`,
      basic,
      'opuser:s3cr3t-Passw0rd-99',
      's3cr3t-Passw0rd-99',
    ]);
    expect(headerSecrets('X-Api-Key', 'Key abcdefghijkl')).toEqual(['Key abcdefghijkl', 'abcdefghijkl']);
    expect(headerSecrets('Cookie', 'session=SeSsIoN-0pErAtOr-777; theme=dark')).toEqual([
      'session=SeSsIoN-0pErAtOr-777; theme=dark',
      'SeSsIoN-0pErAtOr-777',
      'dark',
    ]);
    const redact = redactor(headerSecrets('Authorization', `Basic ${basic}`));
    for (const echo of [basic, 'opuser:s3cr3t-Passw0rd-99', 's3cr3t-Passw0rd-99'])
      expect(redact(`the member \`${echo}\``)).not.toContain('s3cr3t');
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
