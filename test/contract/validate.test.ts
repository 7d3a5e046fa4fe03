/**
 * Response checks: OpenAPI 3.0 → JSON Schema conversion and 3.1 as JSON Schema 2020-12, and the
 * convention checks on payloads. Responses here are built in memory; the runs over real HTTP are
 * in the other files.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDigit,
  checkNationalIdValue,
  hasValidCheckDigit,
  isNationalIdParameter,
  notFoundNationalId,
  placeholderForHeader,
} from '../../src/contract/conventions.js';
import { loadContractDescription, type ContractDescription } from '../../src/contract/description.js';
import type { HttpResponse } from '../../src/contract/http.js';
import { checkResponse, SchemaValidators, type ResponseCheckContext } from '../../src/contract/validate/index.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-validate-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function load(name: string, yaml: string): Promise<ContractDescription> {
  const file = join(folder, name);
  await writeFile(file, yaml);
  return loadContractDescription(file);
}

function response(status: number, body: unknown, contentType = 'application/json'): HttpResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    headers: new Headers(contentType && text ? { 'content-type': contentType } : {}),
    body: text,
    truncated: false,
  };
}

function check(description: ContractDescription, res: HttpResponse, operation = 0) {
  const op = description.operations[operation];
  const ctx: ResponseCheckContext = {
    description,
    validators: new SchemaValidators(description),
    op,
    exchange: `${op.method} /x`,
    request: { method: op.method, url: 'http://127.0.0.1/x', status: res.status },
    probe: 'the request built from the examples',
  };
  return checkResponse(ctx, res);
}

const SCHEMA_30 = `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Page' }
        4XX:
          description: problem
          content:
            application/problem+json:
              schema: { type: object, required: [type], properties: { type: { type: string } } }
components:
  schemas:
    Page:
      type: object
      required: [data]
      properties:
        data: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        total: { type: integer, minimum: 0, maximum: 100, exclusiveMaximum: true }
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
      discriminator:
        propertyName: kind
    Cat:
      type: object
      additionalProperties: false
      required: [kind, name, createdTimestamp]
      properties:
        kind: { type: string, enum: [CAT] }
        name: { type: string, nullable: true, example: Tom }
        secret: { type: string, writeOnly: true }
        id: { type: string, readOnly: true }
        createdTimestamp: { type: string, format: date-time }
        born: { type: string, format: date }
        ownerNationalId: { type: string }
    Dog:
      type: object
      required: [kind, createdTimestamp]
      properties:
        kind: { type: string, enum: [DOG] }
        createdTimestamp: { type: string, format: date-time }
`;

const cat = {
  kind: 'CAT',
  name: null,
  id: 'c1',
  createdTimestamp: '2024-01-01T10:00:00.000Z',
  born: '2020-02-02',
  ownerNationalId: '0101302989',
};

describe('OpenAPI 3.0 schemas', () => {
  it('accept nullable, readOnly, date and a discriminated oneOf', async () => {
    const description = await load('pets30.yaml', SCHEMA_30);
    expect(
      check(
        description,
        response(200, { data: [cat, { kind: 'DOG', createdTimestamp: '2024-01-01T10:00:00.5+00:00' }], total: 3 }),
      ),
    ).toEqual([]);
  });

  it('reject writeOnly members in a response, the exclusive bound, and wrong types, naming each value', async () => {
    const description = await load('pets30b.yaml', SCHEMA_30);
    const findings = check(description, response(200, { data: [{ ...cat, secret: 's' }], total: 100 }));
    const messages = findings.filter((f) => f.ruleId === 'contract-schema').map((f) => f.message);
    expect(messages.some((m) => m.includes('`/total` is `100`'))).toBe(true);
    expect(messages.some((m) => /`\/data\/0`/.test(m))).toBe(true);
    const wrongType = check(description, response(200, { data: [], total: '3' })).find(
      (f) => f.ruleId === 'contract-schema',
    )!;
    expect(wrongType.message).toBe('GET /x answered 200: `/total` is `"3"` (a string); expected integer');
    expect(wrongType.pointer).toBe('/paths/~1v1~1pets/get/responses/200/content/application~1json/schema');
  });
});

describe('OpenAPI 3.1 schemas', () => {
  it('are JSON Schema 2020-12', async () => {
    const description = await load(
      'pets31.yaml',
      `openapi: 3.1.0
info: { title: t, version: 1.0.0 }
paths:
  /v1/pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [name, createdTimestamp]
                properties:
                  name: { type: [string, 'null'] }
                  tags: { type: array, prefixItems: [{ const: first }] }
                  createdTimestamp: { type: string, format: date-time }
`,
    );
    expect(
      check(description, response(200, { name: null, tags: ['first'], createdTimestamp: '2024-01-01T10:00:00.000Z' })),
    ).toEqual([]);
    const findings = check(
      description,
      response(200, { name: 1, tags: ['second'], createdTimestamp: '2024-01-01T10:00:00.000Z' }),
    );
    expect(findings.map((f) => f.message)).toEqual([
      'GET /x answered 200: `/name` is `1` (an integer); expected string,null',
      'GET /x answered 200: `/tags/0` is `second`; expected `first`',
    ]);
  });
});

describe('convention checks on payloads', () => {
  it('find a bare array, missing createdTimestamp, a bad date-time and a hyphenated national id', async () => {
    const description = await load('pets30c.yaml', SCHEMA_30);
    const bare = check(description, response(200, [cat]));
    expect(bare.map((f) => f.ruleId)).toContain('contract-no-bare-array');

    const findings = check(
      description,
      response(200, {
        data: [{ ...cat, createdTimestamp: '2024-01-01 10:00:00', ownerNationalId: '010130-2989' }, { kind: 'DOG' }],
      }),
    );
    const byRule = (id: string) => findings.filter((f) => f.ruleId === id).map((f) => f.message);
    expect(byRule('contract-created-timestamp')).toEqual([
      'GET /x answered 200 with the data object at `/data/1` that has no createdTimestamp; every returned data object carries createdTimestamp (when the data was created)',
    ]);
    expect(byRule('contract-date-time')).toHaveLength(1);
    expect(byRule('contract-date-time')[0]).toMatch(
      /`\/data\/0\/createdTimestamp` is `2024-01-01 10:00:00` \(a space instead of T, no fraction of a second, no zone/,
    );
    expect(byRule('contract-national-id')[0]).toMatch(
      /`\/data\/0\/ownerNationalId` is `010130-2989`, which has a hyphen; write it as ten digits without one \(`0101302989`\)/,
    );
    // A `format: date` value is a date, not a date-time.
    expect(findings.some((f) => f.message.includes('/born'))).toBe(false);
  });

  it('hold errors to Problem Details, in one finding per answer', async () => {
    const description = await load('pets30d.yaml', SCHEMA_30);
    expect(
      check(
        description,
        response(404, { type: 'https://httpstatuses.org/404', status: 404 }, 'application/problem+json'),
      ),
    ).toEqual([]);
    const plain = check(description, response(404, { error: { code: 404, message: 'no' } }, 'application/json'));
    const problem = plain.filter((f) => f.ruleId === 'contract-problem-details');
    expect(problem).toHaveLength(1);
    expect(problem[0].message).toMatch(
      /answered 404 with Content-Type `application\/json` instead of application\/problem\+json, no `type` \(the older `\{ error: \{ code, message \} \}` form\), no `status`/,
    );
    expect(plain.some((f) => f.ruleId === 'contract-content-type')).toBe(true);
    const mismatch = check(
      description,
      response(404, { type: 'about:blank', status: 400 }, 'application/problem+json'),
    );
    expect(mismatch.map((f) => f.message)).toEqual([
      expect.stringMatching(/`status` `400`, which must equal the HTTP status 404/),
    ]);
    const noStatus = check(description, response(404, { type: 'about:blank' }, 'application/problem+json'));
    expect(noStatus).toMatchObject([{ ruleId: 'contract-problem-details', severity: 'warn' }]);
    const html = check(description, response(500, '<html>boom</html>', 'text/html'));
    expect(html.map((f) => f.ruleId).sort()).toEqual(['contract-problem-details', 'contract-status-documented']);
  });

  it('match media types by essence and ranges, and want a Content-Type with a body', async () => {
    const description = await load('pets30e.yaml', SCHEMA_30);
    expect(check(description, response(200, { data: [] }, 'application/json; charset=utf-8'))).toEqual([]);
    expect(check(description, response(200, { data: [] }, 'text/plain')).map((f) => f.ruleId)).toEqual([
      'contract-content-type',
    ]);
    expect(
      check(description, { status: 200, headers: new Headers(), body: '{"data":[]}', truncated: false }).map(
        (f) => f.message,
      ),
    ).toEqual(['GET /x answered 200 with a body but no Content-Type; expected application/json']);
    expect(check(description, response(200, '{not json', 'application/json')).map((f) => f.message)).toEqual([
      expect.stringMatching(/with a body that is not valid JSON/),
    ]);
  });
});

describe('national identifier conventions', () => {
  it('compute and check the check digit', () => {
    expect(checkDigit('01013029')).toBe(8);
    expect(hasValidCheckDigit('0101302989')).toBe(true);
    expect(hasValidCheckDigit('0101302979')).toBe(false);
    expect(checkNationalIdValue('0101302989')).toBeUndefined();
    expect(checkNationalIdValue('8101302989')).toBeUndefined(); // system identifiers carry no check digit
    expect(checkNationalIdValue('0101302979')?.problem).toBe('has a wrong check digit');
    expect(checkNationalIdValue(101302989)?.problem).toMatch(/is a number/);
    expect(checkNationalIdValue('12345')?.problem).toBe('is not ten digits');
    expect(checkNationalIdValue(null)).toBeUndefined();
  });

  it('derive a deterministic not-found identifier that avoids the examples', () => {
    const first = notFoundNationalId();
    expect(hasValidCheckDigit(first)).toBe(true);
    expect(first.endsWith('9')).toBe(true);
    expect(notFoundNationalId()).toBe(first);
    const second = notFoundNationalId([first]);
    expect(second).not.toBe(first);
    expect(hasValidCheckDigit(second)).toBe(true);
  });

  it('recognise national-identifier parameters in every form', () => {
    for (const name of [
      'nationalId',
      'toNationalId',
      'to-national-id',
      'X-Param-National-Id',
      'X-Param-From-National-Id',
      'x-query-national-id',
    ]) {
      expect(isNationalIdParameter(name), name).toBe(true);
    }
    for (const name of ['clientType', 'id', 'nationality']) expect(isNationalIdParameter(name), name).toBe(false);
    expect(placeholderForHeader('X-Param-To-National-Id')).toBe('.to-national-id');
    expect(placeholderForHeader('X-Query-National-Id')).toBeUndefined();
  });
});

/** A 3.0 description whose one response schema is `schema` (YAML flow text) plus `components`. */
function oneSchema(schema: string, components = ''): string {
  return `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/things:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: ${schema}
${components ? `components:\n  schemas:\n${components}` : ''}`;
}

describe("the description's patterns run in linear time", () => {
  it('check ^(a+)+$ on a 40-character value at once, and say the pattern is catastrophic for backtracking engines', async () => {
    // With JavaScript's RegExp this value takes hours (42.6 s at 33 characters, ×4 per two more).
    const description = await load(
      'redos.yaml',
      oneSchema(`{ type: object, properties: { name: { type: string, pattern: '^(a+)+$' } } }`),
    );
    const findings = check(
      description,
      response(200, { name: `${'a'.repeat(40)}!`, createdTimestamp: '2024-01-01T10:00:00.000Z' }),
    );
    const schema = findings.filter((f) => f.ruleId === 'contract-schema');
    expect(schema.map((f) => f.message)).toEqual([
      expect.stringMatching(/`\/name` is `a+!`; expected it to match `\^\(a\+\)\+\$`/),
    ]);
    const pattern = findings.filter((f) => f.ruleId === 'contract-pattern');
    expect(pattern).toHaveLength(1);
    expect(pattern[0]).toMatchObject({
      severity: 'warn',
      pointer: '/paths/~1v1~1things/get/responses/200/content/application~1json/schema/properties/name/pattern',
    });
    expect(pattern[0].message).toMatch(
      /^the pattern `\^\(a\+\)\+\$` backtracks exponentially: a value such as "aaa…".*\(ReDoS\); (write it as|rewrite it)/,
    );
    // A matching value passes.
    expect(
      check(description, response(200, { name: 'aaaa', createdTimestamp: '2024-01-01T10:00:00.000Z' })).filter(
        (f) => f.ruleId === 'contract-schema',
      ),
    ).toEqual([]);
  });

  it('skip a pattern the linear-time engine cannot run, with a finding, and still check the rest of the schema', async () => {
    const description = await load(
      'lookahead.yaml',
      oneSchema(
        `{ type: object, properties: { code: { type: string, pattern: '^(?!0000)[0-9]{4}$' }, twice: { type: string, pattern: '^(ab)\\1$' }, count: { type: integer } } }`,
      ),
    );
    const validators = new SchemaValidators(description);
    const op = description.operations[0];
    const ctx: ResponseCheckContext = {
      description,
      validators,
      op,
      exchange: 'GET /x',
      request: { method: 'GET', url: 'http://127.0.0.1/x', status: 200 },
      probe: 'the request built from the examples',
    };
    const findings = checkResponse(
      ctx,
      response(200, { code: '0000', twice: 'abx', count: 'many', createdTimestamp: '2024-01-01T10:00:00.000Z' }),
    );
    expect(findings.filter((f) => f.ruleId === 'contract-schema').map((f) => f.message)).toEqual([
      'GET /x answered 200: `/count` is `"many"` (a string); expected integer',
    ]);
    const skipped = findings.filter((f) => f.ruleId === 'contract-pattern').map((f) => f.message);
    expect(skipped).toEqual([
      expect.stringMatching(
        /^the pattern `\^\(\?!0000\)\[0-9\]\{4\}\$` cannot be checked safely: it uses a lookahead \(`\(\?!0000\)`\), which a linear-time engine cannot run; values were not checked against it$/,
      ),
      expect.stringMatching(/^the pattern `\^\(ab\)\\1\$` cannot be checked safely: it uses a backreference/),
    ]);
    // Once per run: the next answer does not repeat them.
    expect(
      checkResponse(ctx, response(200, { code: '0000', createdTimestamp: '2024-01-01T10:00:00.000Z' })).filter(
        (f) => f.ruleId === 'contract-pattern',
      ),
    ).toEqual([]);
  });

  it("keep JavaScript's meaning of \\s, \\S, . and \\u escapes", async () => {
    const description = await load(
      'semantics.yaml',
      oneSchema(
        `{ type: object, properties: { a: { type: string, pattern: '^\\u00e1\\s$' }, b: { type: string, pattern: '^\\S+$' }, c: { type: string, pattern: '^x.y$' } } }`,
      ),
    );
    const ok = check(
      description,
      response(200, { a: 'á\u00a0', b: 'Þór', c: 'x-y', createdTimestamp: '2024-01-01T10:00:00.000Z' }),
    );
    expect(ok.filter((f) => f.ruleId === 'contract-schema')).toEqual([]);
    const bad = check(
      description,
      response(200, { a: 'a ', b: 'a\u3000b', c: 'x\ny', createdTimestamp: '2024-01-01T10:00:00.000Z' }),
    );
    expect(
      bad.filter((f) => f.ruleId === 'contract-schema').map((f) => f.message.split(':')[1].trim().split(' ')[0]),
    ).toEqual(['`/a`', '`/b`', '`/c`']);
  });
});

describe('schemas that cannot be compiled', () => {
  it('report an allOf cycle as a finding naming the cycle, and keep checking', async () => {
    const description = await load(
      'cycle.yaml',
      oneSchema(
        `{ $ref: '#/components/schemas/Thing' }`,
        `    Thing: { allOf: [{ $ref: '#/components/schemas/Other' }] }\n    Other: { allOf: [{ $ref: '#/components/schemas/Thing' }, { type: object }] }\n`,
      ),
    );
    const findings = check(description, response(200, [{ a: 1 }]));
    const schema = findings.filter((f) => f.ruleId === 'contract-schema');
    expect(schema.map((f) => f.message)).toEqual([
      'the schema for GET /v1/things 200 application/json could not be compiled, so the body was not checked: it applies itself to the same value without end (#/components/schemas/Thing → #/components/schemas/Other → #/components/schemas/Thing); break the cycle',
    ]);
    // The payload conventions still ran.
    expect(findings.map((f) => f.ruleId)).toContain('contract-no-bare-array');
  });

  it('report a cycle reached through a property, but not recursion that descends into the value', async () => {
    const looped = await load(
      'cycle-deep.yaml',
      oneSchema(
        `{ type: object, properties: { child: { $ref: '#/components/schemas/Loop' } } }`,
        `    Loop: { anyOf: [{ $ref: '#/components/schemas/Loop' }] }\n`,
      ),
    );
    expect(check(looped, response(200, { child: {} })).find((f) => f.ruleId === 'contract-schema')?.message).toMatch(
      /#\/components\/schemas\/Loop → #\/components\/schemas\/Loop/,
    );
    const tree = await load(
      'tree.yaml',
      oneSchema(
        `{ $ref: '#/components/schemas/Node' }`,
        `    Node: { type: object, properties: { children: { type: array, items: { $ref: '#/components/schemas/Node' } }, n: { type: integer } } }\n`,
      ),
    );
    expect(
      check(
        tree,
        response(200, { children: [{ children: [], n: 1 }], n: 2, createdTimestamp: '2024-01-01T10:00:00.000Z' }),
      ),
    ).toEqual([]);
    expect(
      check(tree, response(200, { children: [{ n: 'x' }], n: 2, createdTimestamp: '2024-01-01T10:00:00.000Z' })).map(
        (f) => f.message,
      ),
    ).toEqual(['GET /x answered 200: `/children/0/n` is `"x"` (a string); expected integer']);
  });
});

describe('a body cut at the size limit', () => {
  it('is reported as larger than the limit, naming it, not as invalid JSON', async () => {
    const description = await load('cut.yaml', SCHEMA_30);
    const cut: HttpResponse = {
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: '{"data":[{"kind":"CAT","na',
      truncated: true,
      limitBytes: 5 * 1024 * 1024,
    };
    const messages = check(description, cut).map((f) => f.message);
    expect(messages).toEqual([
      'GET /x answered 200 with a body larger than the 5 MB limit (vottur reads no more of an answer than that), so it was not checked against the schema',
    ]);
    expect(messages.join('\n')).not.toMatch(/not valid JSON|Unexpected end/);
    const problem: HttpResponse = {
      status: 404,
      headers: new Headers({ 'content-type': 'application/problem+json' }),
      body: '{"type":"x","det',
      truncated: true,
      limitBytes: 1024,
    };
    const found = check(description, problem)
      .map((f) => f.message)
      .join('\n');
    expect(found).toMatch(/larger than the 1 kB limit/);
    expect(found).not.toMatch(/not valid JSON|Unexpected end/);
  });
});
