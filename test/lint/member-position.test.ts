/**
 * Where a path of a loaded file starts as its author reads it (the key it names, or the array
 * item), from the loader's own parse: what contract findings are placed by.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDescription, type SourceFile } from '../../src/lint/load.js';
import { memberPosition } from '../../src/lint/member-position.js';
import { CWD, DOCUMENT } from '../report/sample.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-member-position-'));
  const api = {
    openapi: '3.1.0',
    info: { title: 'A', version: '1.0.0' },
    paths: { '/a/{id}': { get: { responses: { '200': { description: 'ok' } } } } },
    tags: [{ name: 'x' }, { name: 'y' }],
    'x-odd': { 'say "hi"\\': 1 },
  };
  writeFileSync(join(dir, 'api.json'), JSON.stringify(api, null, 2));
  writeFileSync(
    join(dir, 'root.yaml'),
    [
      'openapi: 3.1.0',
      'info: { title: A, version: 1.0.0 }',
      'paths:',
      '  /things:',
      '    get:',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: 'schemas.yaml#/Thing'",
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'schemas.yaml'), 'Thing:\n  type: object\n  properties:\n    name:\n      type: string\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rootOf(file: string): Promise<SourceFile> {
  const loaded = await loadDescription(file);
  const root = loaded.files.get(loaded.rootUri);
  if (!root) throw new Error('no root file');
  return root;
}

describe('memberPosition', () => {
  it('places a path of a YAML file on the key it names, or on the array item', async () => {
    const root = await rootOf(resolve(CWD, DOCUMENT));
    expect(memberPosition(root, ['paths', '/v2/actor-profiles', 'get'])).toEqual({ line: 26, column: 5 });
    expect(
      memberPosition(root, ['paths', '/v2/users/{nationalId}', 'get', 'parameters', 0, 'schema', 'example']),
    ).toEqual({ line: 17, column: 13 });
    expect(memberPosition(root, ['paths', '/v2/users/{nationalId}', 'get', 'parameters', 0])).toEqual({
      line: 12,
      column: 11,
    });
    // A quoted key starts at its quote.
    expect(memberPosition(root, ['paths', '/v2/actor-profiles', 'get', 'responses', '200'])).toEqual({
      line: 29,
      column: 9,
    });
    expect(memberPosition(root, [])).toEqual({ line: 1, column: 1 });
  });

  it('places a path of a JSON file on the key it names (its opening quote), or on the array item', async () => {
    const root = await rootOf(join(dir, 'api.json'));
    expect(memberPosition(root, ['paths', '/a/{id}', 'get', 'responses', '200'])).toEqual({ line: 11, column: 11 });
    expect(memberPosition(root, ['tags', 1])).toEqual({ line: 22, column: 5 });
    // Escaped quotes and backslashes inside a key do not end it early.
    expect(memberPosition(root, ['x-odd', 'say "hi"\\'])).toEqual({ line: 27, column: 5 });
  });

  it('places nothing for a path the file does not have, rather than its closest node', async () => {
    const json = await rootOf(join(dir, 'api.json'));
    expect(memberPosition(json, ['paths', '/nowhere'])).toBeUndefined();
    expect(memberPosition(json, ['tags', 5])).toBeUndefined();
    expect(memberPosition(json, ['tags', 'name'])).toBeUndefined();
    const yaml = await rootOf(resolve(CWD, DOCUMENT));
    expect(memberPosition(yaml, ['paths', '/nowhere', 'get'])).toBeUndefined();
    // What a `$ref` brought in from another file is not in the root file as written.
    const root = await rootOf(join(dir, 'root.yaml'));
    const schema = ['paths', '/things', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    expect(memberPosition(root, schema)).toEqual({ line: 11, column: 15 });
    expect(memberPosition(root, [...schema, 'properties', 'name'])).toBeUndefined();
  });
});
