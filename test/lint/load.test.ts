import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouldNotRunError } from '../../src/errors.js';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';
import { valueAt } from '../values.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/loading');

describe('loadDescription', () => {
  it('bundles a multi-file description into one document with local references only', async () => {
    const loaded = await loadDescription(join(FIXTURES, 'multi/openapi.yaml'));
    const text = JSON.stringify(loaded.data);
    for (const match of text.matchAll(/"\$ref":"([^"]*)"/g)) expect(match[1]).toMatch(/^#/);
    expect(loaded.problems).toEqual([]);
    expect(loaded.files.size).toBe(3);
    expect(valueAt(loaded.data, ['paths', '/v1/users/{userId}', 'get', 'description'])).toBe('Fetches one user.');
  });

  it('maps a bundled path back to the file and line it came from', async () => {
    const loaded = await loadDescription(join(FIXTURES, 'multi/openapi.yaml'));
    const schemaPath = [
      'paths',
      '/v1/users/{userId}',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
      'properties',
      'email',
    ];
    const origin = loaded.origin(schemaPath);
    expect(origin.file.uri).toMatch(/schemas\/user\.yaml$/);
    expect(origin.path).toEqual(['properties', 'email']);
    expect(loaded.range(schemaPath)?.start.line).toBe(6); // 0-based: the `email:` key on line 7
  });

  it("places a finding about a property's name where the property is declared, when its value is an external $ref", async () => {
    // Issue 37, tenth outside measurement, #24: `Operations: { $ref: common.yaml#/…/Action }` was
    // reported at `Action` in common.yaml, which has no such property. A finding about the value
    // at the same path (no `name`) stays in the file the value came from.
    const dir = mkdtempSync(join(tmpdir(), 'vottur-ref-property-'));
    writeFileSync(
      join(dir, 'common.yaml'),
      'components:\n  schemas:\n    Action:\n      type: string\n      enum: [Read]\n',
    );
    writeFileSync(
      join(dir, 'openapi.yaml'),
      'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Resource:\n      type: object\n      properties:\n        Operations:\n          $ref: common.yaml#/components/schemas/Action\n',
    );
    const loaded = await loadDescription(join(dir, 'openapi.yaml'));
    const property = ['components', 'schemas', 'Resource', 'properties', 'Operations'];
    const named = loaded.origin(property, true);
    expect(named.file.uri).toMatch(/openapi\.yaml$/);
    expect(named.path).toEqual(property);
    const value = loaded.origin(property);
    expect(value.file.uri).toMatch(/common\.yaml$/);
    expect(value.path).toEqual(['components', 'schemas', 'Action']);
    const findings = (await lintDocument(join(dir, 'openapi.yaml'), { cwd: dir })).findings.filter(
      (f) => f.ruleId === 'platform-field-camel-case',
    );
    expect(findings.map((f) => [f.document.endsWith('openapi.yaml'), f.pointer, f.line])).toEqual([
      [true, '/components/schemas/Resource/properties/Operations', 9],
    ]);
  });

  it('refuses a $ref outside the description folder without reading it', async () => {
    const loaded = await loadDescription(join(FIXTURES, 'escape/api/openapi.yaml'));
    expect(loaded.files.size).toBe(1);
    expect(loaded.problems.map((p) => p.path.join('/'))).toEqual([
      'components/schemas/Secret/$ref',
      'components/schemas/Passwd/$ref',
    ]);
    for (const problem of loaded.problems)
      expect(problem.message).toMatch(/outside the description's folder, so it is not read/);
    expect(JSON.stringify(loaded.data)).not.toContain('Not for the linter');
  });

  it('refuses a file inside the folder that is a symbolic link to a file outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-link-'));
    mkdirSync(join(dir, 'api'));
    writeFileSync(join(dir, 'secret.yaml'), 'description: Not for the linter.\ntype: string\n');
    symlinkSync(join(dir, 'secret.yaml'), join(dir, 'api/schema.yaml'));
    writeFileSync(
      join(dir, 'api/openapi.yaml'),
      'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    S:\n      $ref: schema.yaml\n',
    );
    const loaded = await loadDescription(join(dir, 'api/openapi.yaml'));
    expect(loaded.files.size).toBe(1);
    expect(loaded.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/schema\.yaml is a link to a file outside the description's folder, so it is not read/),
    ]);
    expect(JSON.stringify(loaded.data)).not.toContain('Not for the linter');
  });

  it('shows a path through a linked folder as written, not resolved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-linked-'));
    symlinkSync(join(FIXTURES, 'multi'), join(dir, 'linked'), 'dir');
    const result = await lintDocument(join(dir, 'linked/openapi.yaml'), { cwd: dir });
    expect(result.document.path).toBe('linked/openapi.yaml');
    expect(result.findings.some((f) => f.document === 'linked/schemas/user.yaml')).toBe(true);
  });

  it('reports an escaping $ref as a platform-openapi-valid finding at the reference', async () => {
    const result = await lintDocument(join(FIXTURES, 'escape/api/openapi.yaml'));
    const refusals = result.findings.filter((f) => f.ruleId === 'platform-openapi-valid' && /outside/.test(f.message));
    expect(refusals.map((f) => [f.pointer, f.line])).toEqual([
      ['/components/schemas/Secret/$ref', 9],
      ['/components/schemas/Passwd/$ref', 11],
    ]);
  });

  it('reports lint findings inside a referenced file at that file and line', async () => {
    const result = await lintDocument(join(FIXTURES, 'multi/openapi.yaml'), { cwd: FIXTURES });
    const email = result.findings.find(
      (f) => f.ruleId === 'platform-schema-property-description' && f.pointer === '/properties/email',
    );
    expect(email).toMatchObject({ document: 'multi/schemas/user.yaml', description: 'multi/openapi.yaml', line: 7 });
    // Findings in the root file name no other description.
    expect(
      result.findings.filter((f) => f.document === 'multi/openapi.yaml').every((f) => f.description === undefined),
    ).toBe(true);
    const street = result.findings.find(
      (f) =>
        f.ruleId === 'platform-schema-property-description' && f.pointer === '/definitions/Address/properties/street',
    );
    expect(street).toMatchObject({ document: 'multi/schemas/user.yaml', line: 16 });
  });

  it('explains a missing file, a folder, malformed YAML and a non-object document in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-load-'));
    writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: [\n');
    writeFileSync(join(dir, 'list.yaml'), '- a\n- b\n');
    writeFileSync(join(dir, 'broken.json'), '{"openapi": "3.0.3",,}');
    writeFileSync(join(dir, 'no-value.json'), '{"openapi": "3.0.3", "info": }');
    const cases: Array<[string, RegExp]> = [
      [join(dir, 'missing.yaml'), /cannot read .*missing\.yaml: no such file/],
      [dir, /it is a folder/],
      [join(dir, 'broken.yaml'), /broken\.yaml:\d+:\d+: not valid YAML/],
      // In words, not the parser's code names (`PropertyNameExpected`, `ValueExpected`).
      [join(dir, 'broken.json'), /broken\.json:1:\d+: not valid JSON \(a property name is missing\)/],
      [join(dir, 'no-value.json'), /no-value\.json:1:30: not valid JSON \(a value is missing\)/],
      [join(dir, 'list.yaml'), /is not an OpenAPI description \(its top level is a list/],
    ];
    for (const [file, message] of cases) {
      const error = await loadDescription(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CouldNotRunError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  describe('remote references', () => {
    let server: Server;
    let requests = 0;
    let dir: string;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        requests++;
        res.setHeader('content-type', 'application/yaml');
        res.end('type: object\ndescription: Fetched.\nproperties:\n  id:\n    type: string\n    description: An id.\n');
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const port = (server.address() as { port: number }).port;
      dir = mkdtempSync(join(tmpdir(), 'vottur-remote-'));
      writeFileSync(
        join(dir, 'openapi.yaml'),
        `openapi: 3.0.3\ninfo:\n  title: Remote\n  version: 1.0.0\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      $ref: 'http://127.0.0.1:${port}/thing.yaml'\n`,
      );
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it('are not fetched unless allowed, and become a finding', async () => {
      const loaded = await loadDescription(join(dir, 'openapi.yaml'));
      expect(requests).toBe(0);
      expect(loaded.problems).toHaveLength(1);
      expect(loaded.problems[0].message).toMatch(/remote document, which is not fetched; .*--allow-remote-refs/);
    });

    it('are fetched and bundled with allowRemoteRefs', async () => {
      const loaded = await loadDescription(join(dir, 'openapi.yaml'), { allowRemoteRefs: true });
      expect(requests).toBe(1);
      expect(loaded.problems).toEqual([]);
      expect(valueAt(loaded.data, ['components', 'schemas', 'Thing', 'description'])).toBe('Fetched.');
    });
  });
});
