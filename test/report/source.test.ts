import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operationPointer, shownPath, SourceFiles } from '../../src/report/source.js';
import { CONTRACT_FINDINGS, CWD, DOCUMENT } from './sample.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-source-'));
  writeFileSync(
    join(dir, 'api.json'),
    JSON.stringify(
      {
        openapi: '3.1.0',
        paths: { '/a/{id}': { get: { responses: { '200': { description: 'ok' } } } } },
        tags: [{ name: 'x' }, { name: 'y' }],
      },
      null,
      2,
    ),
  );
  writeFileSync(join(dir, 'secret.yaml'), 'openapi: 3.0.3\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('source files', () => {
  it('turns an operation into a JSON pointer', () => {
    expect(operationPointer('GET /v2/users/{nationalId}')).toBe('/paths/~1v2~1users~1{nationalId}/get');
    expect(operationPointer('delete /a~b')).toBe('/paths/~1a~0b/delete');
    expect(operationPointer('QUERY /v1/things')).toBe('/paths/~1v1~1things/query');
    expect(operationPointer('FETCH /x')).toBeUndefined();
    expect(operationPointer('not an operation')).toBeUndefined();
  });

  it('finds where a pointer lands in YAML: the key it names, or the array item', () => {
    const sources = new SourceFiles(CWD, [DOCUMENT]);
    expect(sources.locate(DOCUMENT, '/paths/~1v2~1actor-profiles/get')).toEqual({ line: 26, column: 5 });
    expect(sources.locate(DOCUMENT, '/paths/~1v2~1users~1{nationalId}/get/parameters/0/schema/example')).toEqual({
      line: 17,
      column: 13,
    });
    expect(sources.locate(DOCUMENT, '/paths/~1v2~1users~1{nationalId}/get/parameters/0')).toEqual({
      line: 12,
      column: 11,
    });
    expect(sources.locate(DOCUMENT, '')).toEqual({ line: 1, column: 1 });
    expect(sources.locate(DOCUMENT, '/paths/~1nowhere')).toBeUndefined();
  });

  it('finds where a pointer lands in JSON', () => {
    const sources = new SourceFiles(dir, ['api.json']);
    expect(sources.locate('api.json', '/paths/~1a~1{id}/get/responses/200')).toEqual({ line: 7, column: 11 });
    expect(sources.locate('api.json', '/tags/1')).toEqual({ line: 18, column: 5 });
  });

  it('gives excerpts clipped to the file', () => {
    const sources = new SourceFiles(CWD, [DOCUMENT]);
    expect(sources.excerpt(DOCUMENT, 17, 3)).toEqual({
      start: 14,
      lines: [
        '          required: true',
        '          schema:',
        '            type: string',
        '            example: 010130-2989',
        '      responses:',
        "        '200':",
        '          description: The profile.',
      ],
    });
    expect(sources.excerpt(DOCUMENT, 1, 3)!.start).toBe(1);
    expect(sources.excerpt(DOCUMENT, 1, 3)!.lines).toHaveLength(4);
    expect(sources.excerpt(DOCUMENT, 999)).toBeUndefined();
  });

  it('reads only the documents it was given, and never URLs', () => {
    const sources = new SourceFiles(dir, ['api.json', 'https://example.org/api.yaml']);
    expect(sources.lines('secret.yaml')).toBeUndefined();
    expect(sources.isLocal('https://example.org/api.yaml')).toBe(false);
    expect(sources.lines('https://example.org/api.yaml')).toBeUndefined();
    expect(new SourceFiles(dir, ['missing.yaml']).lines('missing.yaml')).toBeUndefined();
  });

  it('places contract findings on a description pointer or their operation, never on a payload pointer', () => {
    const sources = new SourceFiles(CWD, [DOCUMENT]);
    const [response, status] = CONTRACT_FINDINGS;
    expect(sources.position(response)).toEqual({ line: 8, column: 5 }); // /nationalId is in the payload: the operation
    expect(sources.position(status)).toEqual({ line: 28, column: 7 }); // …/responses is in the description
  });
});

describe('shownPath', () => {
  it('is relative inside the working directory and absolute outside it', () => {
    expect(shownPath('/work/repo', '/work/repo/apis/x.yaml')).toBe('apis/x.yaml');
    expect(shownPath('/work/repo', '/srv/apis/x.yaml')).toBe('/srv/apis/x.yaml');
    expect(shownPath('/work/repo', '/work/repo-2/x.yaml')).toBe('/work/repo-2/x.yaml');
    expect(shownPath('/work/repo', '/work/repo')).toBe('/work/repo');
  });
});
