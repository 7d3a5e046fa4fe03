import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findingPosition, shownPath, SourceFiles } from '../../src/report/source.js';
import { CONTRACT_FINDINGS, CWD, DOCUMENT, LINT_FINDINGS } from './sample.js';

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

  it('places a finding at its own line, else where its description placed it, without reading a file', () => {
    const [lint] = LINT_FINDINGS;
    const [response, status] = CONTRACT_FINDINGS;
    expect(findingPosition(lint)).toEqual({ line: 1, column: 1 });
    expect(findingPosition(response)).toEqual({ line: 8, column: 5 });
    expect(findingPosition(status)).toEqual({ line: 28, column: 7 });
    // A finding nobody placed (a live answer on a remote description) has no place: nothing is read to find one.
    expect(findingPosition({ ...response, descriptionPosition: undefined, document: 'nowhere.yaml' })).toBeUndefined();
  });
});

describe('shownPath', () => {
  it('is relative inside the working directory and absolute outside it', () => {
    expect(shownPath('/work/repo', '/work/repo/apis/x.yaml')).toBe('apis/x.yaml');
    expect(shownPath('/work/repo', '/srv/apis/x.yaml')).toBe('/srv/apis/x.yaml');
    expect(shownPath('/work/repo', '/work/repo-2/x.yaml')).toBe('/work/repo-2/x.yaml');
    expect(shownPath('/work/repo', '/work/repo')).toBe('/work/repo');
  });

  it('is relative when the working directory or the file is named through a link to the other (macOS /tmp, a linked checkout)', () => {
    // The loader names a file by its real path; the working directory may be the link (and the
    // other way round): the corpus tests failed on a linked shared/ folder before.
    const real = mkdtempSync(join(tmpdir(), 'vottur-shown-real-'));
    const link = `${real}-link`;
    symlinkSync(real, link);
    try {
      mkdirSync(join(real, 'apis'));
      writeFileSync(join(real, 'apis/x.yaml'), 'openapi: 3.1.0\n');
      expect(shownPath(link, join(real, 'apis/x.yaml'))).toBe('apis/x.yaml');
      expect(shownPath(real, join(link, 'apis/x.yaml'))).toBe('apis/x.yaml');
      expect(shownPath(link, '/srv/apis/x.yaml')).toBe('/srv/apis/x.yaml');
    } finally {
      rmSync(link);
      rmSync(real, { recursive: true, force: true });
    }
  });
});
