/**
 * Loading a description split over many files: the files its `$ref`s name are read ahead of the
 * bundling walk, a bounded number at a time, and each folder on the way is asked about once —
 * while the bundle, the order the files are placed in, the problems and the refusals stay what a
 * walk reading one file after another gives. (DigitalOcean's 2,900 files were read one after
 * another, each with an lstat per folder of its path: most of that run's wall time was waiting.)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDescription } from '../../src/lint/load.js';

const calls = { lstat: [] as string[], readFile: [] as string[], inFlight: 0, maxInFlight: 0 };

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const lstat = ((path: string) => {
    calls.lstat.push(String(path));
    return actual.lstat(path);
  }) as typeof actual.lstat;
  const readFile = (async (path: string, options: BufferEncoding) => {
    calls.readFile.push(String(path));
    calls.maxInFlight = Math.max(calls.maxInFlight, ++calls.inFlight);
    try {
      return await actual.readFile(path, options);
    } finally {
      calls.inFlight--;
    }
  }) as typeof actual.readFile;
  return { ...actual, lstat, readFile, default: { ...actual, lstat, readFile } };
});

afterEach(() => {
  calls.lstat = [];
  calls.readFile = [];
  calls.inFlight = calls.maxInFlight = 0;
});

const COUNT = 40;

/** A root with COUNT path items in `paths/`, each naming its own schema and a shared one under `schemas/deep/`. */
function splitDescription(): string {
  const folder = mkdtempSync(join(tmpdir(), 'vottur-read-ahead-'));
  mkdirSync(join(folder, 'paths'));
  mkdirSync(join(folder, 'schemas/deep'), { recursive: true });
  const paths = Array.from({ length: COUNT }, (_, i) => `  /item${i}:\n    $ref: './paths/p${i}.yaml'`).join('\n');
  writeFileSync(
    join(folder, 'openapi.yaml'),
    `openapi: 3.0.3\ninfo: { title: Split, version: 1.0.0 }\npaths:\n${paths}\n  /missing:\n    $ref: './paths/none.yaml'\n`,
  );
  for (let i = 0; i < COUNT; i++) {
    writeFileSync(
      join(folder, `paths/p${i}.yaml`),
      `get:\n  responses:\n    '200':\n      description: OK\n      content:\n        application/json:\n          schema:\n            $ref: '../schemas/deep/s${i}.yaml'\n    '404':\n      description: Not found\n      content:\n        application/json:\n          schema:\n            $ref: '../schemas/deep/shared.yaml#/Problem'\n    default:\n      description: Outside\n      content:\n        application/json:\n          schema:\n            $ref: '../../outside.yaml'\n`,
    );
    writeFileSync(join(folder, `schemas/deep/s${i}.yaml`), `type: object\nproperties:\n  id${i}: { type: string }\n`);
  }
  writeFileSync(
    join(folder, 'schemas/deep/shared.yaml'),
    'Problem:\n  type: object\n  properties:\n    title: { type: string }\n',
  );
  return folder;
}

describe('reading a split description ahead of the walk', () => {
  it('reads several files at once, at most 16, and asks about each folder and file once', async () => {
    const folder = splitDescription();
    const loaded = await loadDescription(join(folder, 'openapi.yaml'));
    // Read ahead: more than one file in flight (one after another, there never was), within the bound.
    expect(calls.maxInFlight).toBeGreaterThan(1);
    expect(calls.maxInFlight).toBeLessThanOrEqual(16);
    // Each path lstat'd once: `paths/` and `schemas/deep/` were asked about for every file before.
    const repeated = calls.lstat.filter((path, i) => calls.lstat.indexOf(path) !== i);
    expect(repeated).toEqual([]);
    // Every file read once; nothing outside the folder asked about.
    expect(new Set(calls.readFile).size).toBe(calls.readFile.length);
    expect([...calls.lstat, ...calls.readFile].filter((path) => path.includes('outside'))).toEqual([]);
    // Files placed in the walk's order, as reading one after another placed them.
    const placed = [...loaded.files.keys()].map((uri) => uri.slice(folder.length + 1));
    expect(placed).toEqual([
      'openapi.yaml',
      ...Array.from({ length: COUNT }, (_, i) => [
        `paths/p${i}.yaml`,
        `schemas/deep/s${i}.yaml`,
        ...(i === 0 ? ['schemas/deep/shared.yaml'] : []),
      ]).flat(),
    ]);
  });

  it('bundles to the same document, with the same problems, as a walk reading one file at a time', async () => {
    const folder = splitDescription();
    const loaded = await loadDescription(join(folder, 'openapi.yaml'));
    const data = loaded.data as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> };
    expect(Object.keys(data.paths)).toHaveLength(COUNT + 1);
    expect(data.paths['/item7']?.get?.responses['200']).toEqual({
      description: 'OK',
      content: { 'application/json': { schema: { type: 'object', properties: { id7: { type: 'string' } } } } },
    });
    // The shared schema is placed once, under the first path item, and referred to from the others.
    expect(data.paths['/item0']?.get?.responses['404']).toEqual({
      description: 'Not found',
      content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } },
    });
    expect(data.paths['/item5']?.get?.responses['404']).toEqual({
      description: 'Not found',
      content: {
        'application/json': { schema: { $ref: '#/paths/~1item0/get/responses/404/content/application~1json/schema' } },
      },
    });
    expect(loaded.problems.map((problem) => problem.path.join('/'))).toEqual([
      ...Array.from(
        { length: COUNT },
        (_, i) => `paths//item${i}/get/responses/default/content/application/json/schema/$ref`,
      ),
      'paths//missing/$ref',
    ]);
    expect(loaded.problems.at(-1)?.message).toBe(
      '`$ref: ./paths/none.yaml` cannot be resolved: the file paths/none.yaml does not exist',
    );
    expect(loaded.problems[0]?.message).toMatch(/points outside the description's folder, so it is not read/);
  });
});
