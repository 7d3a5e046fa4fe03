/**
 * Swagger 2.0 descriptions (src/lint/swagger.ts): converted in memory, every rule but
 * platform-openapi-3 runs on the conversion, and each finding is reported at the original's node —
 * for every kind of node the converter moves or makes — with a message in Swagger 2.0's terms.
 * Through the library (where each converted node came from) and through the built CLI (the line
 * each finding names holds that node), on fixtures built from real shapes, a multi-file
 * description, baselines and suppressions, and the corpus's real Swagger 2.0 description.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';
import { convertSwagger2, isSwagger2, parsePrintedPath, type ConvertedSwagger } from '../../src/lint/swagger.js';
import { fingerprint } from '../../src/report/fingerprint.js';
import { ROOT, votturInProcess } from '../cli/run.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { objectAt, valueAt } from '../values.js';

type Path = Array<string | number>;
const FIXTURES = join(ROOT, 'fixtures/swagger2');
const MOVED = join(FIXTURES, 'fail-moved.yaml');

interface JsonFinding {
  ruleId: string;
  pointer: string;
  message: string;
  document: string;
  line?: number;
  column?: number;
  fingerprint?: string;
  suppressions?: Array<{ justification: string }>;
  baselineState?: string;
}

async function findings(file: string, ...args: string[]): Promise<JsonFinding[]> {
  const result = await votturInProcess(['lint', file, '--format', 'json', ...args]);
  expect(result.stderr).toBe('');
  return (JSON.parse(result.stdout) as { findings: JsonFinding[] }).findings;
}

function exists(data: unknown, path: Path): boolean {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment as string];
  }
  return true;
}

describe('isSwagger2', () => {
  it('is a `swagger: "2.0"` document (also written as a number), not one that also says `openapi`', () => {
    expect(isSwagger2({ swagger: '2.0' })).toBe(true);
    expect(isSwagger2({ swagger: 2 })).toBe(true);
    expect(isSwagger2({ swagger: '1.2' })).toBe(false);
    expect(isSwagger2({ swagger: '2.0', openapi: '3.0.3' })).toBe(false);
    expect(isSwagger2({ openapi: '3.0.3' })).toBe(false);
  });
});

describe('parsePrintedPath', () => {
  it('reads back what printPath writes', () => {
    expect(parsePrintedPath('components.schemas.User.properties.email')).toEqual([
      'components',
      'schemas',
      'User',
      'properties',
      'email',
    ]);
    expect(parsePrintedPath('paths["/v1/users/{id}"].get.parameters[0].schema')).toEqual([
      'paths',
      '/v1/users/{id}',
      'get',
      'parameters',
      0,
      'schema',
    ]);
    expect(parsePrintedPath('application/json')).toBeUndefined();
    expect(parsePrintedPath('x-category: [official]')).toBeUndefined();
  });
});

describe('where each converted node came from', () => {
  let converted: ConvertedSwagger;
  let original: Record<string, unknown>;
  beforeAll(async () => {
    original = (await loadDescription(MOVED)).data as Record<string, unknown>;
    converted = await convertSwagger2(original);
  });

  const get = ['paths', '/v1/vehicles', 'get'];
  const post = ['paths', '/v1/vehicles', 'post'];
  const put = ['paths', '/v1/vehicles/{plate}/photo', 'put'];
  const scheme = ['components', 'securitySchemes', 'oauth'];
  // [converted path, origin of a finding about the media type's name, origin of one about the body it carries (if different)]
  const cases: Array<[string, Path, Path, Path?]> = [
    ['openapi → swagger', ['openapi'], ['swagger']],
    ['servers → host', ['servers', 0, 'url'], ['host']],
    [
      'components/schemas → definitions',
      ['components', 'schemas', 'Vehicle', 'properties', 'Owner_Name'],
      ['definitions', 'Vehicle', 'properties', 'Owner_Name'],
    ],
    [
      'a rewritten $ref → the $ref',
      ['components', 'schemas', 'VehicleList', 'properties', 'items', 'items', '$ref'],
      ['definitions', 'VehicleList', 'properties', 'items', 'items', '$ref'],
    ],
    [
      'components/parameters → parameters',
      ['components', 'parameters', 'PageSize', 'name'],
      ['parameters', 'PageSize', 'name'],
    ],
    [
      'components/responses → responses',
      ['components', 'responses', 'NotFound', 'content', 'application/json', 'schema'],
      ['responses', 'NotFound', 'schema'],
    ],
    ['components/securitySchemes → securityDefinitions', [...scheme, 'type'], ['securityDefinitions', 'oauth', 'type']],
    ['flows → flow', [...scheme, 'flows'], ['securityDefinitions', 'oauth', 'flow']],
    ['a flow → flow', [...scheme, 'flows', 'clientCredentials'], ['securityDefinitions', 'oauth', 'flow']],
    [
      'a flow’s tokenUrl → tokenUrl',
      [...scheme, 'flows', 'clientCredentials', 'tokenUrl'],
      ['securityDefinitions', 'oauth', 'tokenUrl'],
    ],
    [
      'a flow’s scopes → scopes',
      [...scheme, 'flows', 'clientCredentials', 'scopes', 'VehiclesWrite'],
      ['securityDefinitions', 'oauth', 'scopes', 'VehiclesWrite'],
    ],
    ['a body parameter → requestBody', [...post, 'requestBody'], [...post, 'parameters', 0]],
    ['its required → required', [...post, 'requestBody', 'required'], [...post, 'parameters', 0, 'required']],
    [
      'its content → consumes (or the parameter)',
      [...post, 'requestBody', 'content'],
      ['consumes'],
      [...post, 'parameters', 0],
    ],
    [
      'its media type → consumes/i (or the parameter)',
      [...post, 'requestBody', 'content', 'application/json'],
      ['consumes', 0],
      [...post, 'parameters', 0],
    ],
    [
      'its schema → the parameter’s schema',
      [...post, 'requestBody', 'content', 'application/json', 'schema'],
      [...post, 'parameters', 0, 'schema'],
    ],
    ['formData → requestBody: the first formData parameter', [...put, 'requestBody'], [...put, 'parameters', 1]],
    [
      'formData media type → the operation’s consumes',
      [...put, 'requestBody', 'content', 'multipart/form-data'],
      [...put, 'consumes', 0],
      [...put, 'parameters', 1],
    ],
    [
      'formData field → its parameter',
      [...put, 'requestBody', 'content', 'multipart/form-data', 'schema', 'properties', 'Photo_File'],
      [...put, 'parameters', 1],
    ],
    [
      'formData required → its parameter’s required',
      [...put, 'requestBody', 'content', 'multipart/form-data', 'schema', 'required', 0],
      [...put, 'parameters', 1, 'required'],
    ],
    [
      'a response’s content → produces (or the response)',
      [...get, 'responses', '200', 'content'],
      ['produces'],
      [...get, 'responses', '200'],
    ],
    [
      'a response’s media type → produces/i (or the response)',
      [...get, 'responses', '200', 'content', 'application/json'],
      ['produces', 0],
      [...get, 'responses', '200'],
    ],
    [
      'another produces entry',
      [...get, 'responses', '200', 'content', 'text/plain; charset=iso-8859-1'],
      ['produces', 1],
      [...get, 'responses', '200'],
    ],
    [
      'a response’s schema (copied per media type) → schema',
      [...get, 'responses', '200', 'content', 'text/plain; charset=iso-8859-1', 'schema', '$ref'],
      [...get, 'responses', '200', 'schema', '$ref'],
    ],
    [
      'response examples → examples/<type>',
      [...get, 'responses', '200', 'content', 'application/json', 'examples', 'response', 'value'],
      [...get, 'responses', '200', 'examples', 'application/json'],
    ],
    ['a parameter’s schema → the parameter', [...get, 'parameters', 1, 'schema'], [...get, 'parameters', 1]],
    [
      'its type, format, enum → the parameter’s',
      [...get, 'parameters', 1, 'schema', 'format'],
      [...get, 'parameters', 1, 'format'],
    ],
    ['an enum value', [...get, 'parameters', 2, 'schema', 'enum', 1], [...get, 'parameters', 2, 'enum', 1]],
    ['example → x-example', [...get, 'parameters', 1, 'example'], [...get, 'parameters', 1, 'x-example']],
    ['style → collectionFormat', [...get, 'parameters', 3, 'style'], [...get, 'parameters', 3, 'collectionFormat']],
    ['explode → collectionFormat', [...get, 'parameters', 3, 'explode'], [...get, 'parameters', 3, 'collectionFormat']],
    [
      'array items → items',
      [...get, 'parameters', 3, 'schema', 'items', 'type'],
      [...get, 'parameters', 3, 'items', 'type'],
    ],
    [
      'a parameter after a removed body parameter keeps its own index',
      ['paths', '/v1/vehicles/{plate}/photo', 'delete', 'parameters', 0, 'name'],
      ['paths', '/v1/vehicles/{plate}/photo', 'delete', 'parameters', 0, 'name'],
    ],
  ];

  it.each(cases)('%s', (_name, path, name, body) => {
    expect(exists(converted.data, path), `the converter makes ${path.join('/')}`).toBe(true);
    expect(exists(original, converted.originOf(path, 'name').path), 'the origin is a node of the original').toBe(true);
    expect(converted.originOf(path, 'name').path).toEqual(name);
    expect(converted.originOf(path, 'body').path).toEqual(body ?? name);
  });

  it('says which origins are the node itself and which the closest cause', () => {
    expect(converted.originOf(['components', 'schemas', 'Vehicle']).exact).toBe(true);
    expect(converted.originOf([...get, 'parameters', 1, 'schema', 'format']).exact).toBe(true);
    expect(converted.originOf(['servers', 0, 'url']).exact).toBe(false);
    expect(converted.originOf([...post, 'requestBody', 'content', 'application/json']).exact).toBe(false);
  });

  it('names the original places in messages: a definition by its name, pointers and paths as Swagger 2.0 has them', () => {
    expect(converted.restate('Property `components.schemas.Vehicle.properties.Owner_Name` is …')).toBe(
      'Property `Vehicle.properties.Owner_Name` is …',
    );
    expect(converted.restate('the schema it refers to (components.schemas.Problem), which')).toBe(
      'the schema it refers to (Problem), which',
    );
    expect(converted.restate('`$ref: #/components/schemas/Vehicle`')).toBe('`$ref: #/definitions/Vehicle`');
    expect(converted.restate('`$ref: #/components/schemas/Missing` points at nothing')).toBe(
      '`$ref: #/definitions/Missing` points at nothing',
    );
    expect(converted.restate('in the response component components.responses.NotFound (used')).toBe(
      'in the response component responses.NotFound (used',
    );
    expect(converted.restate('`paths["/v1/vehicles"].post.requestBody.content["application/json"].schema` is')).toBe(
      '`paths["/v1/vehicles"].post.parameters[0].schema` is',
    );
    expect(converted.restate('`components.securitySchemes` defines only `oauth`')).toBe(
      '`securityDefinitions` defines only `oauth`',
    );
    expect(converted.restate('`info.x-category` is missing')).toBe('`info.x-category` is missing');
  });

  it('keeps what the author wrote where the converter patches it', async () => {
    const data = parse(
      `swagger: "2.0"\ninfo: { version: 1 }\npaths:\n  /v1/x/{id}:\n    get:\n      parameters: [{ name: id, in: path }]\n    post:\n      responses: { '200': { schema: { type: object } } }\n`,
    ) as Record<string, unknown>;
    const { data: out } = await convertSwagger2(data);
    expect(out.info).toEqual({ version: 1 }); // no empty title, the version still a number
    const get = objectAt(out, ['paths', '/v1/x/{id}', 'get']);
    expect(get.responses).toBeUndefined(); // no synthesised `default` response
    const parameter = objectAt(get, ['parameters', 0]);
    expect(parameter.required).toBeUndefined(); // not made `required: true`
    expect(valueAt(parameter, ['schema', 'type'])).toBeUndefined(); // not made a string
    expect(objectAt(out, ['paths', '/v1/x/{id}', 'post', 'responses', '200']).description).toBeUndefined(); // no empty description
    expect(JSON.stringify(out)).not.toMatch(/x-s2o-|x-vottur-source/);
  });

  it('keeps `__proto__` keys as data through the converter (which assigns keys as it copies)', async () => {
    const data = JSON.parse(
      '{"swagger": "2.0", "info": {"title": "t", "version": "1.0.0"}, "paths": {}, "definitions": {"Thing": {"type": "object", "properties": {"__proto__": {"type": "string"}, "b": {"type": "integer"}}}}}',
    ) as Record<string, unknown>;
    const converted = await convertSwagger2(data);
    const properties = objectAt(converted.data, ['components', 'schemas', 'Thing', 'properties']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' });
    expect(converted.originOf(['components', 'schemas', 'Thing', 'properties', '__proto__']).path).toEqual([
      'definitions',
      'Thing',
      'properties',
      '__proto__',
    ]);
  });

  it('gives error responses the Problem Details type and other responses the rest, when `produces` lists both', async () => {
    const data = parse(
      `swagger: "2.0"\ninfo: { title: t, version: 1.0.0 }\nproduces: [application/json, application/problem+json]\npaths:\n  /v1/x:\n    get:\n      responses:\n        '200': { description: ok, schema: { type: object } }\n        '400': { description: bad, schema: { type: object } }\n`,
    ) as Record<string, unknown>;
    const { data: out } = await convertSwagger2(data);
    const responses = ['paths', '/v1/x', 'get', 'responses'];
    expect(Object.keys(objectAt(out, [...responses, '200', 'content']))).toEqual(['application/json']);
    expect(Object.keys(objectAt(out, [...responses, '400', 'content']))).toEqual(['application/problem+json']);
  });
});

/** Each finding on a fixture: rule, pointer, and what its line holds (trimmed, as the start of the line). */
type Expected = [rule: string, pointer: string, line: string];

async function expectFindingsAt(file: string, expected: Expected[]): Promise<JsonFinding[]> {
  const found = await findings(file, '--max-problems', '0');
  const lines = readFileSync(file, 'utf8').split('\n');
  const data = parse(readFileSync(file, 'utf8')) as unknown;
  const actual = found.map((f) => [f.ruleId, f.pointer, lines[(f.line ?? 0) - 1]?.trim() ?? '(no line)']);
  expect(actual.map((row) => row.join(' | ')).sort()).toEqual(expected.map((row) => row.join(' | ')).sort());
  for (const finding of found) {
    // The pointer is a node of the document as written, and its line names that node: its key, or the `- ` of its list item.
    const path = decodePointer(finding.pointer);
    expect(exists(data, path), finding.pointer).toBe(true);
    const last = path[path.length - 1];
    const text = lines[finding.line! - 1].slice(0, finding.column! - 1);
    if (last !== undefined && /^\d+$/.test(last) && !text.includes(`${last}:`) && !text.includes(`'${last}':`))
      expect(text, finding.pointer).toMatch(/(-|\[|,)\s*$/);
    else if (last !== undefined)
      expect(
        text.includes(last),
        `${finding.ruleId} ${finding.pointer}: line ${finding.line} is ${lines[finding.line! - 1]}`,
      ).toBe(true);
    // Messages name the Swagger 2.0 places, not the conversion's.
    expect(finding.message, finding.ruleId).not.toMatch(
      /#\/components\/|components\.(schemas|responses|parameters|securitySchemes)|requestBody|beside `schema`|add `content`/,
    );
  }
  return found;
}

describe('through the CLI: every finding at its node of the original, for each kind of moved node', () => {
  it('reports on fail-moved.yaml where each cause is written', { timeout: 60_000 }, async () => {
    const get = '/paths/~1v1~1vehicles/get';
    const post = '/paths/~1v1~1vehicles/post';
    const photo = '/paths/~1v1~1vehicles~1{plate}~1photo';
    const found = await expectFindingsAt(MOVED, [
      ['platform-openapi-3', '/swagger', "swagger: '2.0'"],
      // produces → every response's content: the media type's name is reported at its produces entry
      // (one finding per error response, at its first media type, naming the others: one cause, one finding)
      ['platform-problem-content-type', '/produces/0', '- application/json'],
      ['platform-problem-content-type', '/produces/0', '- application/json'],
      ['platform-charset-utf8', '/produces/1', '- text/plain; charset=iso-8859-1'],
      // securityDefinitions → components/securitySchemes, scopes → flows/<flow>/scopes
      [
        'platform-oauth-scope-name',
        '/securityDefinitions/oauth/scopes/VehiclesWrite',
        'VehiclesWrite: Change vehicles.',
      ],
      // parameters → components/parameters
      ['platform-parameter-description', '/parameters/PageSize', 'PageSize:'],
      ['platform-query-param-camel-case', '/parameters/PageSize/name', 'name: page_size'],
      // responses → components/responses; a finding about a response body at the response
      ['platform-response-body-example', '/responses/NotFound', 'NotFound:'],
      ['platform-pagination', `${get}/parameters`, 'parameters:'],
      ['platform-pagination', `${get}/parameters`, 'parameters:'],
      // x-example → example; type, format, enum → schema
      ['platform-date-time-format', `${get}/parameters/1/x-example`, "x-example: '2024-05-01T12:00:00Z'"],
      ['platform-enum-value-upper-case', `${get}/parameters/2/enum/0`, 'enum: [active, deregistered]'],
      ['platform-enum-value-upper-case', `${get}/parameters/2/enum/1`, 'enum: [active, deregistered]'],
      ['platform-response-auth-errors', `${get}/responses`, 'responses:'],
      ['platform-response-auth-errors', `${get}/responses`, 'responses:'],
      ['platform-response-body-example', `${get}/responses/200`, "'200':"],
      ['platform-response-body-example', `${get}/responses/400`, "'400':"],
      // a body parameter → requestBody
      ['platform-request-body-example', `${post}/parameters/0`, '- name: vehicle'],
      ['platform-response-errors', `${post}/responses`, 'responses:'],
      ['platform-response-body-example', `${post}/responses/201`, "'201':"],
      // response examples → content/<type>/examples
      [
        'platform-date-time-format',
        `${post}/responses/201/examples/application~1json/createdTimestamp`,
        "application/json: { plate: AB123, createdTimestamp: '2024-05-01T12:00:00Z' }",
      ],
      // formData → requestBody multipart/form-data properties
      ['platform-field-camel-case', `${photo}/put/parameters/1`, '- name: Photo_File'],
      ['platform-response-errors', `${photo}/put/responses`, 'responses:'],
      ['platform-http-method-semantics', `${photo}/delete/parameters/1`, '- name: reason'],
      ['platform-response-auth-errors', `${photo}/delete/responses`, 'responses:'],
      ['platform-response-auth-errors', `${photo}/delete/responses`, 'responses:'],
      ['platform-no-404', `${photo}/delete/responses/404`, "'404':"],
      // definitions → components/schemas
      ['platform-field-camel-case', '/definitions/Vehicle/properties/Owner_Name', 'Owner_Name:'],
      ['platform-pagination', '/definitions/VehicleList', 'VehicleList:'],
      ['platform-pagination', '/definitions/VehicleList', 'VehicleList:'],
      ['platform-problem-schema', '/definitions/Problem', 'Problem:'],
    ]);
    const message = (rule: string, pointer: string) =>
      found.find((f) => f.ruleId === rule && f.pointer === pointer)!.message;
    expect(message('platform-request-body-example', `${post}/parameters/0`)).toMatch(
      /add an `example` to the schema of the body parameter .* or an `example` on the schema it refers to \(Vehicle\)/,
    );
    expect(message('platform-response-body-example', '/responses/NotFound')).toMatch(
      /in the response component responses\.NotFound .*add `examples` to the response, keyed by media type/,
    );
    expect(message('platform-problem-content-type', '/produces/0')).toMatch(
      /list `application\/problem\+json` in `produces`/,
    );
    expect(message('platform-date-time-format', `${get}/parameters/1/x-example`)).toMatch(/`registeredAfter`/);
  });

  it(
    'reports on an extract of a real catalogue description (NSwag, island.is Islyklar)',
    { timeout: 60_000 },
    async () => {
      const one = '/paths/~1api~1Islyklar~1{ssn}';
      const all = '/paths/~1api~1Islyklar';
      const found = await expectFindingsAt(join(FIXTURES, 'fail-islykill.yaml'), [
        ['platform-openapi-3', '/swagger', "swagger: '2.0'"],
        ['platform-info-x-category', '/info', 'info:'],
        ['platform-info-x-links', '/info', 'info:'],
        ['platform-info-x-pricing', '/info', 'info:'],
        ['platform-info-version-semver', '/info/version', 'version: v1'],
        ['platform-path-kebab-case', one, "'/api/Islyklar/{ssn}':"],
        ['platform-operation-description', `${one}/get`, 'get:'],
        // No operation declares security and there is none at the top: one finding, at the document's first line.
        [
          'platform-security-declared',
          '',
          'x-generator: NSwag v13.11.3.0 (NJsonSchema v10.4.4.0 (Newtonsoft.Json v12.0.0.0))',
        ],
        ['platform-parameter-description', `${one}/get/parameters/0`, '- type: string'],
        ['platform-parameter-example', `${one}/get/parameters/0`, '- type: string'],
        ['platform-sensitive-param', `${one}/get/parameters/0`, '- type: string'],
        ['platform-national-id-name', `${one}/get/parameters/0/name`, 'name: ssn'],
        ['platform-national-id-format', `${one}/get/parameters/0`, '- type: string'],
        // No platform-get-204 beside it: a 404 where 204 belongs is platform-no-404's finding alone.
        ['platform-response-body-example', `${one}/get/responses/200`, "'200':"],
        ['platform-no-404', `${one}/get/responses/404`, "'404':"],
        ['platform-response-body-example', `${one}/get/responses/404`, "'404':"],
        ['platform-path-kebab-case', all, '/api/Islyklar:'],
        ['platform-operation-description', `${all}/post`, 'post:'],
        ['platform-request-body-example', `${all}/post/parameters/0`, '- name: user'],
        ['platform-content-type', `${all}/post/responses/200`, "'200':"],
        ['platform-response-body-example', `${all}/post/responses/400`, "'400':"],
        ['platform-created-timestamp', '/definitions/PublicUser', 'PublicUser:'],
        ['platform-national-id-name', '/definitions/PublicUser/properties/Ssn', 'Ssn:'],
        ['platform-national-id-format', '/definitions/PublicUser/properties/Ssn', 'Ssn:'],
        ['platform-schema-property-description', '/definitions/PublicUser/properties/Ssn', 'Ssn:'],
        ['platform-field-camel-case', '/definitions/PublicUser/properties/Email', 'Email:'],
        ['platform-schema-property-description', '/definitions/PublicUser/properties/Email', 'Email:'],
        ['platform-field-camel-case', '/definitions/PublicUser/properties/CanNudge', 'CanNudge:'],
        ['platform-schema-property-description', '/definitions/PublicUser/properties/CanNudge', 'CanNudge:'],
        ['platform-problem-schema', '/definitions/ErrorResult', 'ErrorResult:'],
        ['platform-schema-property-description', '/definitions/ErrorResult/properties/message', 'message:'],
        ['platform-schema-property-description', '/definitions/ErrorResult/properties/code', 'code:'],
      ]);
      const contentType = found.find((f) => f.ruleId === 'platform-content-type')!;
      expect(contentType.message).toMatch(
        /declares no body; add the `schema` of its body \(its media types are those `produces` lists\)/,
      );
      expect(found.find((f) => f.ruleId === 'platform-parameter-example')!.message).toMatch(
        /add `x-example: "0101003059"` to the parameter/,
      );
    },
  );

  it('lints a conformant Swagger 2.0 description with platform-openapi-3 alone', { timeout: 60_000 }, async () => {
    const found = await findings(join(FIXTURES, 'pass-conformant.yaml'));
    expect(found.map((f) => `${f.ruleId} ${f.pointer}`)).toEqual(['platform-openapi-3 /swagger']);
  });

  it(
    'reports a body whose media type the description never names (the converter would assume one)',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'vottur-swagger-'));
      try {
        const file = join(dir, 'api.yaml');
        writeFileSync(
          file,
          "swagger: '2.0'\ninfo: { title: T, version: 1.0.0 }\npaths:\n  /v1/things:\n    post:\n      parameters:\n        - name: thing\n          in: body\n          schema: { type: object }\n      responses:\n        '200':\n          description: ok\n          schema: { type: object }\n",
        );
        const contentType = (await findings(file)).filter((f) => f.ruleId === 'platform-content-type');
        expect(contentType.map((f) => [f.pointer, f.line])).toEqual([
          ['/paths/~1v1~1things/post', 5],
          ['/paths/~1v1~1things/post/parameters/0', 7],
        ]);
        expect(contentType[0].message).toMatch(/add `produces: \[application\/json\]`/);
        expect(contentType[1].message).toMatch(/add `consumes: \[application\/json\]`/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('says when a document cannot be converted, with platform-openapi-3 alone', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-swagger-'));
    try {
      const file = join(dir, 'api.yaml');
      writeFileSync(file, "swagger: '2.0'\ninfo: 5\npaths: {}\n");
      const found = await findings(file);
      expect(found.map((f) => f.ruleId)).toEqual(['platform-openapi-3']);
      expect(found[0].message).toMatch(
        /The other rules did not run: it could not be converted in memory: info must be an object\.\)$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'reports a description split over several files in the file and line each part is written in',
    { timeout: 60_000 },
    async () => {
      const found = await findings(join(FIXTURES, 'multi/swagger.yaml'), '--max-problems', '0');
      const at = (rule: string) =>
        found.filter((f) => f.ruleId === rule).map((f) => `${f.document}:${f.line} ${f.pointer}`);
      expect(at('platform-field-camel-case')).toEqual([
        'fixtures/swagger2/multi/definitions/user.yaml:7 /properties/Email_Address',
      ]);
      expect(at('platform-response-body-example')).toEqual([
        'fixtures/swagger2/multi/paths/user.yaml:11 /get/responses/200',
      ]);
      expect(at('platform-openapi-3')).toEqual(['fixtures/swagger2/multi/swagger.yaml:1 /swagger']);
      // The converter names a schema component of its own for the inline schema the bundler placed (`schema1`): not the author's name to judge.
      expect(at('platform-schema-pascal-case')).toEqual([]);
      expect(found.find((f) => f.ruleId === 'platform-created-timestamp')!.message).toMatch(
        /^`definitions\/user\.yaml` is returned/,
      );
    },
  );
});

describe('baselines and suppressions on a Swagger 2.0 description (document-relative pointers of the original)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vottur-swagger-'));
    cpSync(MOVED, join(dir, 'api.yaml'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fingerprints a finding by the original document and pointer', async () => {
    const linted = await lintDocument(MOVED);
    const original = (await loadDescription(MOVED)).data;
    expect(linted.findings.length).toBeGreaterThan(20);
    // A finding that stands for several places ("also as …") is fingerprinted by the least of
    // theirs and keeps the others (its baseline entry matches whichever place comes first).
    for (const finding of linted.findings)
      expect([finding.fingerprint, ...(finding.alsoFingerprints ?? [])], finding.pointer).toContain(
        fingerprint(finding.ruleId, original, finding.path),
      );
  });

  it('matches a baseline, also once the description is rewritten as JSON', { timeout: 60_000 }, async () => {
    const written = await votturInProcess(['lint', 'api.yaml', '--update-baseline'], { cwd: dir });
    expect(written.code).toBe(0);
    const withBaseline = await votturInProcess(['lint', 'api.yaml', '--baseline', 'vottur-baseline.json'], {
      cwd: dir,
    });
    expect(withBaseline.code).toBe(0);
    writeFileSync(join(dir, 'api.json'), JSON.stringify(parse(readFileSync(join(dir, 'api.yaml'), 'utf8')), null, 4));
    // (A baseline names a document without its extension, so `api.json` is the same document as `api.yaml`.)
    const asJson = JSON.parse(
      (await votturInProcess(['lint', 'api.json', '--baseline', 'vottur-baseline.json', '-f', 'json'], { cwd: dir }))
        .stdout,
    ) as { findings: JsonFinding[] };
    expect(asJson.findings.filter((f) => f.baselineState === 'new').map((f) => `${f.ruleId} ${f.pointer}`)).toEqual([]);
    expect(asJson.findings.filter((f) => f.baselineState === 'unchanged').length).toBeGreaterThan(20);
  });

  it(
    'holds back a finding with x-vottur-ignore on its original node or above, and reports an unused entry where it is written',
    { timeout: 60_000 },
    async () => {
      const text = readFileSync(MOVED, 'utf8')
        .replace(
          '  Vehicle:\n    type: object\n',
          '  Vehicle:\n    x-vottur-ignore: { platform-field-camel-case: "Owner_Name is the registry\'s own field." }\n    type: object\n',
        )
        .replace(
          '      operationId: registerVehicle\n',
          '      operationId: registerVehicle\n      x-vottur-ignore:\n        - { rule: platform-request-body-example, reason: Examples come with the next release. }\n',
        )
        .replace(
          '  Problem:\n    type: object\n',
          '  Problem:\n    x-vottur-ignore: [{ rule: platform-no-404, reason: Not here. }]\n    type: object\n',
        );
      const file = join(dir, 'ignored.yaml');
      writeFileSync(file, text);
      const found = await findings(file, '--max-problems', '0');
      const camel = found.find(
        (f) => f.ruleId === 'platform-field-camel-case' && f.pointer === '/definitions/Vehicle/properties/Owner_Name',
      )!;
      expect(camel.suppressions).toEqual([
        { kind: 'inSource', justification: "Owner_Name is the registry's own field." },
      ]);
      const body = found.find((f) => f.ruleId === 'platform-request-body-example')!;
      expect(body.pointer).toBe('/paths/~1v1~1vehicles/post/parameters/0');
      expect(body.suppressions?.[0]?.justification).toBe('Examples come with the next release.');
      const unused = found.filter((f) => f.ruleId === 'vottur-suppression-unused');
      expect(unused.map((f) => `${f.pointer} ${text.split('\n')[f.line! - 1].trim()}`)).toEqual([
        '/definitions/Problem/x-vottur-ignore/0 x-vottur-ignore: [{ rule: platform-no-404, reason: Not here. }]',
      ]);
    },
  );
});

describe.skipIf(!CORPUS_DIR)(corpusTitle('the corpus’s Swagger 2.0 description (island-islykill.yaml)'), () => {
  reportMissingCorpus();
  it('is linted by every rule, each finding at its original node', { timeout: 60_000 }, async () => {
    const file = join(CORPUS_DIR!, 'real/island-islykill.yaml');
    const found = await findings(file, '--max-problems', '0');
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = (rule: string, pointer: string) => {
      const hit = found.filter((f) => f.ruleId === rule && f.pointer === pointer);
      expect(hit.length, `${rule} ${pointer}`).toBeGreaterThan(0);
      return lines[hit[0].line! - 1].trim();
    };
    expect(at('platform-openapi-3', '/swagger')).toBe("swagger: '2.0'");
    expect(at('platform-info-version-semver', '/info/version')).toBe('version: v1');
    expect(at('platform-field-camel-case', '/definitions/PublicUser/properties/NudgeLastAsked')).toBe(
      'NudgeLastAsked:',
    );
    expect(at('platform-national-id-name', '/definitions/PublicUser/properties/Ssn')).toBe('Ssn:');
    expect(at('platform-request-body-example', '/paths/~1api~1Islyklar/put/parameters/0')).toBe('- name: user');
    // Seven error responses share `ErrorResult` without an example: one finding, at the definition.
    expect(at('platform-response-body-example', '/definitions/ErrorResult')).toBe('ErrorResult:');
    expect(at('platform-response-body-example', '/paths/~1api~1Islyklar~1{ssn}/get/responses/200')).toBe("'200':");
    // No operation declares security and there is none at the top: one finding, at the top.
    expect(found.filter((f) => f.ruleId === 'platform-security-declared').map((f) => f.pointer)).toEqual(['']);
    expect(at('platform-no-404', '/paths/~1api~1Islyklar~1{ssn}/get/responses/404')).toBe("'404':");
    expect(at('platform-content-type', '/paths/~1api~1Islyklar~1{ssn}/delete/responses/200')).toBe("'200':");
    expect(at('platform-http-method-semantics', '/paths/~1api~1Islyklar/put')).toBe('put:');
    expect(at('platform-problem-schema', '/definitions/ErrorResult')).toBe('ErrorResult:');
    const counts: Record<string, number> = {};
    for (const f of found) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
    // The counts docs/accuracy.md gives for this document after the change.
    expect(counts).toEqual(ISLYKILL_COUNTS);
    for (const f of found) expect(f.message, f.ruleId).not.toMatch(/#\/components\/|components\.schemas|requestBody/);
  });
});

const ISLYKILL_COUNTS: Record<string, number> = {
  'platform-content-type': 3,
  'platform-created-timestamp': 1,
  'platform-field-camel-case': 9,
  'platform-http-method-semantics': 1,
  'platform-info-version-semver': 1,
  'platform-info-x-category': 1,
  'platform-info-x-links': 1,
  'platform-info-x-pricing': 1,
  'platform-national-id-format': 3,
  'platform-national-id-name': 3,
  'platform-no-404': 3,
  'platform-openapi-3': 1,
  'platform-operation-description': 4,
  'platform-parameter-description': 2,
  'platform-parameter-example': 2,
  'platform-path-kebab-case': 2,
  'platform-problem-schema': 1,
  'platform-request-body-example': 2,
  'platform-response-body-example': 2,
  'platform-schema-property-description': 13,
  'platform-security-declared': 1,
  'platform-sensitive-param': 2,
};
