/**
 * Attacks B2 and B1a (issue 34). B2: values HTTP changes on the way were verified before they were
 * written, so a strict server that read what it received was blamed — a header the writer
 * percent-encodes (`X-Code: %E2%80%8B` for a value of at most 3 characters), one whose spaces HTTP
 * trims (`X-Tag: ` for `^[ a-z]{2,6}$`), a header array item holding the `,` that separates items
 * (`X-List: bb,`), and a path segment `.`/`..` that the URL drops (the request reached another
 * route: 404). Now a value is judged as the server receives it (request.ts `lostInTransit`).
 * B1a: the examples phase built a body from the schema (first enum value, properties' examples)
 * that its `not` refuses, and blamed the server with contract-example-succeeds; now the built value
 * is checked by ajv and replaced by one it accepts. Over the CLI, in-process, against a server that
 * validates what it receives with ajv.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

type Found = Array<{
  ruleId: string;
  severity: string;
  message: string;
  operation?: string;
  reproduce?: { curl?: string };
}>;

const header = (name: string, schema: object, extra: object = {}) => ({
  name,
  in: 'header',
  required: true,
  schema,
  ...extra,
});
const answers = {
  '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
  '400': { description: 'bad', content: { 'application/problem+json': { schema: { type: 'object' } } } },
};
const notEnum = {
  type: 'object',
  required: ['v'],
  properties: { v: { type: 'string', enum: ['a', 'b'], not: { enum: ['a'] } } },
};
const notIf = {
  type: 'object',
  required: ['v'],
  properties: {
    v: {
      type: 'object',
      properties: { k: { enum: ['a', 'b'] }, x: { type: 'string' } },
      required: ['k'],
      not: { properties: { k: { const: 'a' } }, required: ['k'], not: { required: ['x'] } },
    },
  },
};
const description = {
  openapi: '3.1.0',
  info: { title: 't', version: '1.0.0' },
  paths: {
    '/hdr': {
      get: {
        parameters: [
          header('X-Code', { type: 'string', minLength: 1, maxLength: 3 }),
          header('X-Tag', { type: 'string', pattern: '^[ a-z]{2,6}$' }),
        ],
        responses: answers,
      },
    },
    '/list': {
      get: {
        parameters: [
          header('X-List', {
            type: 'array',
            minItems: 1,
            maxItems: 2,
            items: { type: 'string', pattern: '^[b,]{3}$' },
          }),
        ],
        responses: answers,
      },
    },
    '/dots/{id}/end': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[.]{1,3}$' } }],
        responses: answers,
      },
    },
    // Issue 34, B15: whitespace draws are refused in a header; `x` is valid and carriable.
    '/ws': { get: { parameters: [header('X-W', { type: 'string', pattern: '^\\s*x\\s*$' })], responses: answers } },
    // Issue 34, N1: a server reading cookie values raw (RFC 6265) is never blamed for vottur's encoding.
    '/cookie': {
      get: {
        parameters: [
          { name: 'sess', in: 'cookie', required: true, schema: { type: 'string', pattern: '^[a-zé;= ]{1,4}$' } },
        ],
        responses: answers,
      },
    },
    // N1: the server refuses every value; the reproduction shows the cookie parameter's value.
    '/cookie-refused': {
      get: {
        parameters: [{ name: 'k', in: 'cookie', required: true, schema: { type: 'string', enum: ['ok1'] } }],
        responses: answers,
      },
    },
    '/not-enum': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: notEnum } } },
        responses: answers,
      },
    },
    '/not-if': {
      post: { requestBody: { required: true, content: { 'application/json': { schema: notIf } } }, responses: answers },
    },
  },
};

let folder = '';
let server: Server;
let findings: Found = [];
/** What the server received and refused, for the failure message. */
const refused: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-transit-'));
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: false });
  const schema = (s: object) => ajv.compile(s);
  const ws = schema(description.paths['/ws'].get.parameters[0]?.schema ?? {});
  const sess = schema(description.paths['/cookie'].get.parameters[0]?.schema ?? {});
  /** Cookies as RFC 6265 reads them: `name=value` pairs split at `; `, values raw. */
  const cookies = (text: string | undefined) =>
    new Map(
      (text ?? '')
        .split('; ')
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
    );
  const [code, tag, list, dots, enumBody, ifBody] = [
    schema(description.paths['/hdr'].get.parameters[0]?.schema ?? {}),
    schema(description.paths['/hdr'].get.parameters[1]?.schema ?? {}),
    schema(description.paths['/list'].get.parameters[0]?.schema ?? {}),
    schema(description.paths['/dots/{id}/end'].get.parameters[0]?.schema ?? {}),
    schema(notEnum),
    schema(notIf),
  ];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      // What a server reads: the raw path, header values as Node gives them (trimmed), items split at `,`.
      const path = (request.url ?? '').split('?')[0] ?? '';
      const h = (name: string) => request.headers[name];
      let ok: boolean | undefined;
      const dotted = /^\/dots\/([^/]*)\/end$/.exec(path);
      try {
        if (path === '/hdr') ok = code(h('x-code')) && tag(h('x-tag'));
        else if (path === '/list') ok = typeof h('x-list') === 'string' && list(String(h('x-list')).split(','));
        else if (dotted) ok = dots(decodeURIComponent(dotted[1] ?? ''));
        else if (path === '/ws') ok = ws(h('x-w'));
        else if (path === '/cookie') ok = sess(cookies(request.headers.cookie).get('sess'));
        else if (path === '/cookie-refused') ok = false;
        else if (path === '/not-enum') ok = enumBody(JSON.parse(body));
        else if (path === '/not-if') ok = ifBody(JSON.parse(body));
      } catch {
        ok = false;
      }
      if (ok === false) refused.push(`${request.method} ${path} ${JSON.stringify(request.headers)} ${body}`);
      const status = ok === undefined ? 404 : ok ? 200 : 400;
      response.writeHead(status, { 'content-type': ok ? 'application/json' : 'application/problem+json' });
      response.end(ok ? '{}' : JSON.stringify({ type: 'about:blank', title: 'no', status }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file = join(folder, 'transit.json');
  await writeFile(file, JSON.stringify(description));
  const result = await votturInProcess([
    'test',
    file,
    '--server',
    url,
    '--no-dredd',
    '--allow-unsafe-methods',
    '--phases',
    'examples,coverage,fuzz',
    '--max-examples',
    '30',
    '--seed',
    '1',
    '-f',
    'json',
  ]);
  expect(result.code, result.stderr).not.toBe(2);
  findings = (JSON.parse(result.stdout) as { findings: Found }).findings;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await rm(folder, { recursive: true, force: true });
});

const BLAME = [
  'contract-positive-data-accepted',
  'contract-negative-data-rejected',
  'contract-status-documented',
  'contract-example-succeeds',
];

describe('values are judged as the server receives them (B2) and built examples as ajv judges them (B1a)', () => {
  for (const operation of ['GET /hdr', 'GET /list', 'GET /dots/{id}/end', 'GET /ws', 'GET /cookie'])
    it(`${operation}: the server reading what it received is never blamed, and no limit is reported`, () => {
      const found = findings.filter(
        (f) => f.operation === operation && (BLAME.includes(f.ruleId) || f.ruleId === 'contract-generation-limit'),
      );
      expect(found.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
    });

  for (const operation of ['POST /not-enum', 'POST /not-if'])
    it(`${operation}: the example built from the schema is one its not accepts (no contract-example-succeeds)`, () => {
      const found = findings.filter((f) => f.operation === operation && BLAME.includes(f.ruleId));
      expect(found.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
    });

  it('the reproduction of a request with a cookie parameter shows its value, not $VOTTUR_TOKEN (N1)', () => {
    const curls = findings
      .filter((f) => f.operation === 'GET /cookie-refused' && f.reproduce?.curl?.includes('Cookie') === true)
      .map((f) => f.reproduce?.curl ?? '');
    expect(curls.length, JSON.stringify(findings.filter((f) => f.operation === 'GET /cookie-refused'))).toBeGreaterThan(
      0,
    );
    expect(
      curls.some((curl) => curl.includes('k=ok1')),
      curls.join('\n'),
    ).toBe(true);
    expect(curls.join('\n')).not.toContain('VOTTUR_TOKEN');
  });
});
