/**
 * Deeper exploration (issue 36, item 7): Swagger 2.0 taken by `vottur test` as `vottur lint` takes
 * it; fuzzing that goes on after an operation's first failure; numbers near the schema's bounds
 * and strings the description and the answers contain; repeated and oversized query parameters;
 * path values that are path segments; and `--budget`, bounded. Real HTTP where a server answers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/contract/auth.js';
import { loadContractDescription } from '../../src/contract/description.js';
import { validArbitrary } from '../../src/contract/generate/arbitraries.js';
import { Dictionary, descriptionDictionary } from '../../src/contract/generate/dictionary.js';
import {
  fuzzCases,
  invalidCases,
  pathSegmentValue,
  robustnessCases,
  validCases,
  type GeneratedInput,
} from '../../src/contract/generate/fuzz.js';
import { flattenSchema, nonEmpty } from '../../src/contract/generate/schema.js';
import { runContractTests } from '../../src/contract/index.js';
import { fuzzRequest } from '../../src/contract/phases/fuzz.js';
import { operationInputs } from '../../src/contract/phases/inputs.js';
import { CouldNotRunError } from '../../src/errors.js';
import { describeYaml, operation } from './probes/helpers.js';

/** A Swagger 2.0 description, as the apps of the Web Fuzzing Dataset ship theirs. */
const SWAGGER = {
  swagger: '2.0',
  info: { title: 'Items', version: '1.0.0' },
  basePath: '/api',
  produces: ['application/json'],
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'tag', in: 'query', type: 'string', description: 'one of red, green or blue' },
          { name: 'limit', in: 'query', type: 'integer', minimum: 1, maximum: 50 },
        ],
        responses: {
          '200': {
            description: 'ok',
            schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } },
          },
          '400': { description: 'bad input' },
        },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, type: 'integer', minimum: 1 }],
        responses: { '200': { description: 'ok', schema: { type: 'object' } }, '400': { description: 'bad input' } },
      },
    },
  },
};

let folder: string;
let server: Server | undefined;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-explore-'));
  await writeFile(join(folder, 'swagger.json'), JSON.stringify(SWAGGER));
  return () => rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/**
 * The items service, with the two defects disease-sh-api has (a repeated query parameter and a
 * huge numeric string each answer 500), and nothing else wrong. Every path asked is recorded.
 */
async function itemsService(): Promise<{ base: string; paths: string[] }> {
  const paths: string[] = [];
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    paths.push(request.url ?? '');
    const send = (status: number, body?: unknown) => {
      if (body === undefined) return response.writeHead(status).end();
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    // The description documents no body for its errors: none is sent.
    const problem = (status: number) => send(status);
    if (url.pathname === '/api/items') {
      if (url.searchParams.getAll('tag').length > 1) return problem(500);
      // A huge tag is refused as too long: right, though the description does not document 414.
      if ((url.searchParams.get('tag') ?? '').length > 3000) return send(414);
      const limit = url.searchParams.get('limit');
      if (limit !== null && limit.length > 1000) return problem(500);
      if (limit !== null && !/^\d+$/.test(limit)) return problem(400);
      if (limit !== null && (Number(limit) < 1 || Number(limit) > 50)) return problem(400);
      return send(200, { items: ['red'] });
    }
    const item = /^\/api\/items\/(\d+)$/.exec(url.pathname);
    if (item) return Number(item[1]) >= 1 ? send(200, { id: Number(item[1]) }) : problem(400);
    if (url.pathname.startsWith('/api/items/')) return problem(400);
    return problem(404);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, paths };
}

describe('Swagger 2.0 in vottur test', () => {
  it('is converted as vottur lint converts it, and placed on the original lines', async () => {
    const description = await loadContractDescription(join(folder, 'swagger.json'));
    expect(description.openapi).toBe('3.0');
    expect(description.operations.map((op) => op.label)).toEqual(['GET /items', 'GET /items/{id}']);
    const id = description.operations[1].parameters[0];
    expect(id.schema).toMatchObject({ type: 'integer', minimum: 1 });
    // A converted node is placed where the original has it (a JSON file: one line, so the node exists).
    expect(description.positionOf(['paths', '/items/{id}', 'get'])).toBeDefined();
  });

  it('a run finds both server errors of a repeated and a huge query value, and sends no path vottur made up', async () => {
    const service = await itemsService();
    const report = await runContractTests({
      description: join(folder, 'swagger.json'),
      server: service.base,
      phases: 'examples,fuzz',
      dredd: false,
      seed: 3,
      maxExamples: 30,
    });
    const errors = report.findings.filter((f) => f.ruleId === 'contract-server-error');
    expect(errors.map((f) => f.operation)).toEqual(['GET /items']);
    const said = [errors[0].message, ...(errors[0].related ?? []).map((r) => r.message)].join('\n');
    expect(said).toMatch(/query:tag given twice|query:limit given twice/);
    expect(said).toMatch(/query:limit a number thousands of digits long/);
    // The service's inputs are right otherwise: no finding of vottur's own making (its error
    // answers have no Problem Details body, which the conventions say; that finding is the service's).
    const ruleIds = report.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId);
    expect([...new Set(ruleIds)].sort()).toEqual(['contract-problem-details', 'contract-server-error']);
    // Every path asked is a route of the description: no empty segment, no dot segment, no `{id}`.
    for (const path of service.paths) expect(path.split('?')[0]).toMatch(/^\/api\/items(\/(?!%7B|\.\.?$)[^/]+)?$/);
  });
});

describe('unusual query values, each kind sent whatever the seed', () => {
  it('every query parameter is repeated, given a number thousands of digits long and a long text, in every seed', async () => {
    const service = await itemsService();
    for (const seed of [1, 2, 3, 4]) {
      service.paths.length = 0;
      const report = await runContractTests({
        description: join(folder, 'swagger.json'),
        server: service.base,
        phases: 'fuzz',
        dredd: false,
        seed,
        maxExamples: 4,
      });
      const queries = service.paths.map((path) => new URL(path, 'http://localhost').searchParams);
      for (const name of ['tag', 'limit']) {
        expect(queries.some((q) => q.getAll(name).length === 2)).toBe(true);
        expect(queries.some((q) => /^9{4000,}$/.test(q.get(name) ?? ''))).toBe(true);
        expect(queries.some((q) => /^a{4000,}$/.test(q.get(name) ?? ''))).toBe(true);
      }
      // Both defects of the service are found in every seed, each its own finding.
      const said = report.findings
        .filter((f) => f.ruleId === 'contract-server-error')
        .flatMap((f) => [f.message, ...(f.related ?? []).map((r) => r.message)])
        .join('\n');
      expect(said).toMatch(/query:tag given twice/);
      expect(said).toMatch(/query:limit a number thousands of digits long/);
    }
  });
});

describe("one input given another input's value", () => {
  const PATTERNS = `openapi: 3.0.3
info: { title: Patterns, version: 1.0.0 }
paths:
  /pat/{txt}/{pat}:
    get:
      operationId: findPattern
      parameters:
        - { name: txt, in: path, required: true, schema: { type: string, maxLength: 30 } }
        - { name: pat, in: path, required: true, schema: { type: string, maxLength: 10 } }
      responses:
        '200': { description: where pat occurs in txt, content: { application/json: { schema: { type: integer } } } }
        '400': { description: too long }
`;

  it('sends a text that contains the pattern of the same request, in every seed', async () => {
    await writeFile(join(folder, 'patterns.yaml'), PATTERNS);
    const asked: Array<{ txt: string; pat: string }> = [];
    server = createServer((request, response) => {
      const [, , txt = '', pat = ''] = (request.url ?? '').split('/').map((part) => decodeURIComponent(part));
      asked.push({ txt, pat });
      // Values beyond the schema are refused: a shared value that broke it would be a valid case refused.
      if ([...txt].length > 30 || [...pat].length > 10) return response.writeHead(400).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(pat.length > 2 ? txt.indexOf(pat) : -1));
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const seed of [1, 2, 3]) {
      asked.length = 0;
      const report = await runContractTests({
        description: join(folder, 'patterns.yaml'),
        server: base,
        phases: 'fuzz',
        dredd: false,
        seed,
        maxExamples: 25,
      });
      // A pattern of three characters or more found in the text: random strings alone rarely do it.
      expect(asked.some(({ txt, pat }) => pat.length > 2 && txt.includes(pat))).toBe(true);
      // Kept to the schema: no valid case was refused.
      expect(report.findings.filter((f) => f.ruleId === 'contract-positive-data-accepted')).toEqual([]);
    }
  });
});

describe('fuzzing goes on after the first failure', () => {
  const inputs: GeneratedInput[] = [
    { key: 'query:name', required: true, schema: flattenSchema({}, { type: 'string', maxLength: 40 }) },
    { key: 'query:limit', required: false, schema: flattenSchema({}, { type: 'integer', minimum: 1, maximum: 50 }) },
  ];

  it('reports each distinct failure once, each shrunk', async () => {
    // Two defects: a long name fails one way, a limit of 50 another.
    const check = (generated: { values: Record<string, unknown> }) => {
      if (String(generated.values['query:name']).length > 5) return Promise.resolve('long name');
      if (generated.values['query:limit'] === 50) return Promise.resolve('limit 50');
      return Promise.resolve(undefined);
    };
    const result = await fuzzCases(validCases(inputs), check, { seed: 11, maxExamples: 300 }, (f) => f);
    expect(result.failures.map((f) => f.failure).sort()).toEqual(['limit 50', 'long name']);
    const long = result.failures.find((f) => f.failure === 'long name')!.case.values;
    expect(String(long['query:name']).length).toBe(6);
    const limit = result.failures.find((f) => f.failure === 'limit 50')!.case.values;
    expect(String(limit['query:name'])).toBe('');
  });
});

describe('values near the bounds and from the dictionary', () => {
  const sample = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { seed: 42, numRuns: 200 });

  it('draws the bounds, the values next to them and small numbers, always inside the schema', () => {
    const bounded = sample(validArbitrary(flattenSchema({}, { type: 'integer', minimum: 3, maximum: 90000 })));
    for (const value of [3, 4, 89999, 90000]) expect(bounded).toContain(value);
    expect(bounded.every((v) => typeof v === 'number' && v >= 3 && v <= 90000)).toBe(true);
    // Unbounded: the narrow ranges servers branch on are met (the 32-bit range alone rarely does).
    const free = sample(validArbitrary(flattenSchema({}, { type: 'integer' }))) as number[];
    expect(free.filter((v) => Math.abs(v) <= 100).length).toBeGreaterThan(40);
  });

  it('takes the words of the description and the strings of the answers, only where the schema accepts them', () => {
    const dictionary = descriptionDictionary(SWAGGER);
    for (const word of ['red', 'green', 'blue', 'listItems']) expect(dictionary.strings).toContain(word);
    dictionary.addAnswer('{"files":[{"name":"report.txt","op":"sqrt"}]}');
    dictionary.addWords('the name ends .txt');
    expect(dictionary.strings).toEqual(expect.arrayContaining(['report.txt', 'sqrt', '.txt']));
    const drawn = sample(validArbitrary(flattenSchema({}, { type: 'string', maxLength: 5 }), 0, dictionary));
    expect(drawn).toEqual(expect.arrayContaining(['red', 'green', 'sqrt', '.txt']));
    expect(drawn).not.toContain('listItems'); // longer than maxLength 5
    const patterned = sample(validArbitrary(flattenSchema({}, { type: 'string', pattern: '^[a-z]+$' }), 0, dictionary));
    expect(patterned.every((v) => /^[a-z]+$/.test(String(v)))).toBe(true);
    expect(patterned).toContain('sqrt');
  });

  it('takes the literal segments of the paths, the property names, and the member names of answers', () => {
    const dictionary = descriptionDictionary({
      openapi: '3.0.3',
      paths: { '/reports/{year}/summary': {} },
      components: { schemas: { Report: { type: 'object', properties: { createdBy: { type: 'string' } } } } },
    });
    expect(dictionary.strings).toEqual(expect.arrayContaining(['reports', 'summary', 'createdBy']));
    expect(dictionary.strings).not.toContain('{year}');
    dictionary.addAnswer('[{"country":"Iceland","casesPerOneMillion":3}]');
    expect(dictionary.strings).toEqual(expect.arrayContaining(['country', 'casesPerOneMillion', 'Iceland']));
  });

  it('sends a member name an earlier answer showed as a query value, over HTTP', async () => {
    await writeFile(
      join(folder, 'countries.yaml'),
      `openapi: 3.0.3
info: { title: Countries, version: 1.0.0 }
paths:
  /countries:
    get:
      operationId: listCountries
      parameters:
        - { name: sort, in: query, description: the member to sort by, schema: { type: string } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
`,
    );
    const sorts: string[] = [];
    server = createServer((request, response) => {
      const sort = new URL(request.url ?? '/', 'http://localhost').searchParams.get('sort');
      if (sort !== null) sorts.push(sort);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [{ country: 'Iceland', casesPerOneMillion: 3 }] }));
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    await runContractTests({
      description: join(folder, 'countries.yaml'),
      server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      phases: 'coverage,fuzz',
      dredd: false,
      seed: 2,
      maxExamples: 60,
    });
    // Neither the description nor any generator has these words: only the answers' member names do.
    expect(sorts.filter((sort) => ['data', 'country', 'casesPerOneMillion'].includes(sort)).length).toBeGreaterThan(0);
  });

  it('a dictionary stays bounded however much it is given', () => {
    const dictionary = new Dictionary();
    for (let i = 0; i < 10_000; i++) dictionary.add(`w${i}`);
    dictionary.add('x'.repeat(200));
    expect(dictionary.strings.length).toBeLessThanOrEqual(2000);
    expect(dictionary.strings).not.toContain('x'.repeat(200));
  });
});

describe('repeated and oversized query parameters, and path values', () => {
  const credentials: Credentials = { base: {}, full: {}, secrets: [], hasCredentials: false };
  const base = new URL('http://127.0.0.1:3000/');
  const YAML = `openapi: 3.0.3
info: { title: T, version: 1.0.0 }
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, pattern: '^[a-z]*$' } }
        - { name: tag, in: query, schema: { type: string } }
      responses:
        '200': { description: ok }
`;

  it('repeats a query parameter as the writer writes it, and sends huge values; both judged for 5xx only', async () => {
    const description = await describeYaml(YAML);
    const op = operation(description, 'getThing');
    const inputs = operationInputs(description, op, undefined);
    const kinds = new Set<string>();
    for (const generated of fc.sample(robustnessCases(inputs)!, { seed: 1, numRuns: 60 })) {
      const tagged = fuzzRequest({ server: base, credentials }, op, inputs, generated, false);
      expect(tagged.answer).toBe('no-server-error');
      const tags = tagged.request.url.searchParams.getAll('tag');
      if (generated.repeated) {
        kinds.add('repeated');
        expect(tags).toHaveLength(2);
      } else {
        kinds.add(generated.oversized?.digits ? 'digits' : 'letters');
        expect(tags[0]).toMatch(generated.oversized?.digits ? /^9{4000,}$/ : /^a{4000,}$/);
      }
    }
    expect([...kinds].sort()).toEqual(['digits', 'letters', 'repeated']);
  });

  it('never leaves a path parameter out, empty, a dot segment or its own template text', async () => {
    const description = await describeYaml(YAML);
    const op = operation(description, 'getThing');
    const inputs = operationInputs(description, op, undefined);
    // The pattern accepts '' and the coverage values include '' for a pattern miss: neither is sent.
    fc.assert(
      fc.property(invalidCases(inputs)!, (generated) => {
        const url = fuzzRequest({ server: base, credentials }, op, inputs, generated, false).request.url;
        return /^\/things\/[^/?]+$/.test(url.pathname) && !url.pathname.includes('%7Bid%7D');
      }),
      { seed: 3, numRuns: 300 },
    );
    expect(pathSegmentValue('path:id', '{id}')).toBe(false);
    expect(pathSegmentValue('path:id', '..')).toBe(false);
    expect(pathSegmentValue('path:id', '')).toBe(false);
    expect(pathSegmentValue('query:id', '')).toBe(true);
    expect(nonEmpty(flattenSchema({}, { type: 'string' })).minLength).toBe(1);
  });
});

describe('valid path values are path segments', () => {
  it('never sends `.`, `..` or the template text as a valid value, though the dictionary holds them', async () => {
    await writeFile(
      join(folder, 'things.yaml'),
      `openapi: 3.0.3
info: { title: Things, version: 1.0.0 }
x-words: ['.', '..', '{name}', '.', '..']
paths:
  /things/{name}:
    get:
      operationId: getThing
      parameters:
        - { name: name, in: path, required: true, schema: { type: string, maxLength: 2 } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '400': { description: bad name }
`,
    );
    const paths: string[] = [];
    server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    for (const seed of [1, 2, 3]) {
      const report = await runContractTests({
        description: join(folder, 'things.yaml'),
        server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        phases: 'fuzz',
        dredd: false,
        seed,
        maxExamples: 100,
      });
      // Every valid case reached the route: one segment, not the template's text.
      for (const path of paths) expect(path).toMatch(/^\/things\/(?!%7Bname%7D$)[^/]+$/);
      expect(report.findings.filter((f) => f.ruleId === 'contract-not-found-204')).toEqual([]);
    }
  });
});

describe('--budget', () => {
  it('is bounded: one line saying what is wrong', async () => {
    for (const budget of [0, 3601, 1.5]) {
      await expect(
        runContractTests({
          description: join(folder, 'swagger.json'),
          server: 'http://127.0.0.1:1/',
          budgetSeconds: budget,
        }),
      ).rejects.toThrow(CouldNotRunError);
    }
    await expect(
      runContractTests({ description: join(folder, 'swagger.json'), server: 'http://127.0.0.1:1/', budgetSeconds: 0 }),
    ).rejects.toThrow('--budget must be a whole number of seconds from 1 to 3600 (got 0)');
  });

  it('the fuzz phase generates past --max-examples until the budget is spent, and the report records it', async () => {
    const service = await itemsService();
    const report = await runContractTests({
      description: join(folder, 'swagger.json'),
      server: service.base,
      phases: 'examples,fuzz',
      dredd: false,
      seed: 5,
      maxExamples: 2,
      budgetSeconds: 1,
    });
    expect(report.coverage?.budgetSeconds).toBe(1);
    const fuzzed = report.coverage!.operations.map((op) => op.requests.fuzz ?? 0);
    // Without the budget: at most 2 valid, 2 invalid and 1 unusual case per operation (and shrinking).
    expect(Math.max(...fuzzed)).toBeGreaterThan(20);
  });
});

describe('string inputs related to each other, whatever the seed', () => {
  const RELATED = `openapi: 3.0.3
info: { title: Related, version: 1.0.0 }
paths:
  /ordered/{w}/{x}/{y}:
    get:
      operationId: ordered
      parameters:
        - { name: w, in: path, required: true, schema: { type: string, maxLength: 12 } }
        - { name: x, in: path, required: true, schema: { type: string, maxLength: 12 } }
        - { name: y, in: path, required: true, schema: { type: string, maxLength: 12 } }
      responses:
        '200': { description: increasing, decreasing or unordered, content: { application/json: { schema: { type: string } } } }
        '400': { description: too long }
  /pat/{txt}/{pat}:
    get:
      operationId: mirrored
      parameters:
        - { name: txt, in: path, required: true, schema: { type: string, maxLength: 30 } }
        - { name: pat, in: path, required: true, schema: { type: string, maxLength: 10 } }
      responses:
        '200': { description: whether txt holds pat and its reverse, content: { application/json: { schema: { type: integer } } } }
        '400': { description: too long }
`;

  it('sends values of one length in ascending and descending order, and a text holding a pattern and its mirror image', async () => {
    await writeFile(join(folder, 'related.yaml'), RELATED);
    const asked: string[][] = [];
    server = createServer((request, response) => {
      const parts = (request.url ?? '').split('/').map((part) => decodeURIComponent(part));
      asked.push(parts.slice(1));
      const limits = parts[1] === 'pat' ? [30, 10] : [12, 12, 12];
      if (parts.slice(2).some((part, i) => [...part].length > (limits[i] ?? 0))) return response.writeHead(400).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(parts[1] === 'pat' ? 0 : 'unordered'));
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ordered = (values: string[], sign: number) =>
      values.every((v) => v.length === values[0]?.length && v.length >= 2) &&
      values.every((v, i) => i === 0 || Math.sign(v.localeCompare(values[i - 1] ?? '')) === sign);
    const reversed = (text: string) => [...text].reverse().join('');
    for (const seed of [1, 2, 3]) {
      asked.length = 0;
      const report = await runContractTests({
        description: join(folder, 'related.yaml'),
        server: base,
        phases: 'fuzz',
        dredd: false,
        seed,
        maxExamples: 25,
      });
      const triples = asked.filter(([name]) => name === 'ordered').map((parts) => parts.slice(1));
      expect(triples.some((values) => ordered(values, 1))).toBe(true);
      expect(triples.some((values) => ordered(values, -1))).toBe(true);
      const pairs = asked.filter(([name]) => name === 'pat').map(([, txt = '', pat = '']) => ({ txt, pat }));
      const holds = (txt: string, pat: string) =>
        pat.length > 2 && pat !== reversed(pat) && txt.includes(pat) && txt.includes(reversed(pat));
      expect(pairs.some(({ txt, pat }) => holds(txt, pat) && txt.indexOf(pat) < txt.indexOf(reversed(pat)))).toBe(true);
      expect(pairs.some(({ txt, pat }) => holds(txt, pat) && txt.indexOf(pat) > txt.indexOf(reversed(pat)))).toBe(true);
      // Kept to the schema: no valid case was refused.
      expect(report.findings.filter((f) => f.ruleId === 'contract-positive-data-accepted')).toEqual([]);
    }
  });
});
