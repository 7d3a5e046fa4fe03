/**
 * Issue 34 left-overs, item 3: a person's kennitala the server under test echoes encoded (base64,
 * base64url, hex, of UTF-8 or UTF-16 bytes, base64 wrapped over lines) was printed as received: the
 * national-identifier masker read percent-encoding and JSON escapes but none of the encodings the
 * secret masker reads. Both now go by one list of encodings (src/runtime/encodings.ts): the secret
 * masker writes its known secrets in them, the identifier masker reads every hex and base64 run
 * back through them. Real HTTP, every format.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskNationalIds } from '../../src/pii.js';
import { votturInProcess } from '../cli/run.js';

/** A person's kennitala (a valid check digit), and an organisation's (public: shown). */
const PERSON = '0101302989';
const ORGANISATION = '5402696029';

/** Every encoding the server echoes an identifier in, by name. */
function encodings(id: string): Record<string, string> {
  const bytes = Buffer.from(id, 'utf8');
  const utf16le = Buffer.from(id, 'utf16le');
  return {
    base64: bytes.toString('base64'),
    base64url: Buffer.from(`kt=${id}?`).toString('base64url'),
    base64InJson: Buffer.from(JSON.stringify({ nationalId: id, name: 'Jón' })).toString('base64'),
    hex: bytes.toString('hex'),
    hexUpper: Buffer.from(`kt:${id}`).toString('hex').toUpperCase(),
    utf16le: utf16le.toString('base64'),
    utf16be: Buffer.from(utf16le).swap16().toString('base64'),
    utf16leHex: utf16le.toString('hex'),
    mimeWrapped: (
      Buffer.from(`the person ${id} asked`)
        .toString('base64')
        .match(/.{1,8}/g) ?? []
    ).join('\r\n'),
  };
}

/** Whether a text shows the identifier in any encoding, as written or as a JSON report escapes it. */
function leaks(text: string): string[] {
  const packed = (t: string) => t.replace(/\\\\/g, '\\').replace(/\\[rnt]|\s/g, '');
  return Object.entries({ ...encodings(PERSON), plain: PERSON })
    .filter(([, form]) => packed(text).includes(packed(form)))
    .map(([name]) => name);
}

const dir = mkdtempSync(join(tmpdir(), 'vottur-id-encoded-'));
let base = '';
let close: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  writeFileSync(
    join(dir, 'api.yaml'),
    [
      'openapi: 3.0.3',
      'info: {title: T, version: 1.0.0}',
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
  // One member whose name holds every encoding: the finding on the undocumented member names it whole.
  const server = createServer((request, response) => {
    request.resume();
    const name = Object.entries(encodings(PERSON))
      .map(([encoding, form]) => `${encoding} ${form}`)
      .join(' | ');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{${JSON.stringify(name)}:1}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a server echoing a person's kennitala encoded", () => {
  it('never gets it into any format of `vottur test --gate`', async () => {
    const formats = ['json', 'stylish', 'sarif', 'junit', 'markdown', 'html', 'github', 'gitlab'];
    const result = await votturInProcess(
      [
        'test',
        'api.yaml',
        '--server',
        base,
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
    // The finding on the member is there, each encoding named with its identifier masked.
    for (const name of Object.keys(encodings(PERSON)))
      expect(json).toMatch(new RegExp(`${name} (?:[\\w+/=-]|\\\\[rn])*\\*`));
    for (const format of formats) expect(leaks(readFileSync(join(dir, `out.${format}`), 'utf8')), format).toEqual([]);
    expect(leaks(result.stderr)).toEqual([]);
  });
});

describe('maskNationalIds, encoded identifiers', () => {
  it("masks a person's kennitala in every encoding, wherever it stands (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(encodings(PERSON))),
        fc.string({ maxLength: 6, unit: fc.constantFrom(...' "({[,:'.split('')) }),
        (encoding, around) => {
          const out = maskNationalIds(`${around}${encodings(PERSON)[encoding] ?? ''}${around}`);
          expect(out).toContain('*');
          expect(leaks(out)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("leaves an organisation's kennitala, words and hashes as they were", () => {
    for (const text of [
      Buffer.from(ORGANISATION).toString('base64'),
      Buffer.from(ORGANISATION).toString('hex'),
      'platformSchemaPropertyDescription is fine',
      'U2VjcmV0 is base64 of Secret',
      'a'.repeat(63) + '1',
      Buffer.from('order 1234567890').toString('base64'),
    ])
      expect(maskNationalIds(text)).toBe(text);
  });
});
