/**
 * Loading a description split over many files: its local files are read synchronously, each
 * folder on the way asked about once, while the bundle, the order the files are placed in, the
 * problems and the refusals stay what the asynchronous walk gave. (DigitalOcean's 2,900 files
 * were read one after another through ~8 awaited calls each — an lstat per folder of the path, a
 * stat, open, fstat, read, close — each a trip through libuv's thread pool: most of that run's
 * system time and much of its wall time.) `resolveInsideSync` answers as `resolveInside` does.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const calls = { lstat: [] as string[], asynchronous: [] as string[] };

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const lstatSync = ((path: string) => {
    calls.lstat.push(String(path));
    return actual.lstatSync(path);
  }) as typeof actual.lstatSync;
  return { ...actual, lstatSync, default: { ...actual, lstatSync } };
});

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const spy = <F extends (path: never, ...rest: never[]) => unknown>(name: string, real: F): F =>
    ((path: never, ...rest: never[]) => {
      calls.asynchronous.push(`${name} ${String(path)}`);
      return real(path, ...rest);
    }) as F;
  const wrapped = {
    lstat: spy('lstat', actual.lstat),
    stat: spy('stat', actual.stat),
    readFile: spy('readFile', actual.readFile),
    open: spy('open', actual.open),
  };
  return { ...actual, ...wrapped, default: { ...actual, ...wrapped } };
});

// Test files share a worker's module cache (vitest.config.ts: isolate false): the loader is
// loaded afresh, so that it reads through the mocked modules even after another file loaded it.
let loadDescription: typeof import('../../src/lint/load.js').loadDescription;
let resolveInside: typeof import('../../src/runtime/safe-read.js').resolveInside;
let resolveInsideSync: typeof import('../../src/runtime/safe-read.js').resolveInsideSync;
beforeAll(async () => {
  vi.resetModules();
  ({ loadDescription } = await import('../../src/lint/load.js'));
  ({ resolveInside, resolveInsideSync } = await import('../../src/runtime/safe-read.js'));
});

afterEach(() => {
  calls.lstat = [];
  calls.asynchronous = [];
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

describe('loading a description split over many files', () => {
  it('reads its files without an asynchronous call each, asking about each folder and file once', async () => {
    const folder = splitDescription();
    const loaded = await loadDescription(join(folder, 'openapi.yaml'));
    // Only the root document is read asynchronously (before: 5–7 awaited calls for each of the 41 files).
    expect(calls.asynchronous.filter((call) => !call.endsWith('openapi.yaml'))).toEqual([]);
    // Each path lstat'd once: `paths/` and `schemas/deep/` were asked about for every file before.
    const repeated = calls.lstat.filter((path, i) => calls.lstat.indexOf(path) !== i);
    expect(repeated).toEqual([]);
    expect(calls.lstat.length).toBeGreaterThan(COUNT);
    // Nothing outside the folder asked about.
    expect(calls.lstat.filter((path) => path.includes('outside'))).toEqual([]);
    // Files placed in the walk's order.
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

  it('bundles to the same document, with the same problems, as the asynchronous walk did', async () => {
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

describe('resolveInsideSync', () => {
  it('answers as resolveInside does: plain files, links inside and out, absolute links, loops, missing files', async () => {
    const base = mkdtempSync(join(tmpdir(), 'vottur-resolve-'));
    const root = join(base, 'root');
    mkdirSync(join(root, 'a/b'), { recursive: true });
    writeFileSync(join(root, 'a/b/file.yaml'), 'x: 1\n');
    writeFileSync(join(base, 'secret.yaml'), 'x: 2\n');
    symlinkSync('b', join(root, 'a/to-b'));
    symlinkSync('../../secret.yaml', join(root, 'a/out'));
    symlinkSync(join(root, 'a/b/file.yaml'), join(root, 'absolute-in'));
    symlinkSync(join(base, 'secret.yaml'), join(root, 'absolute-out'));
    symlinkSync('loop-2', join(root, 'loop-1'));
    symlinkSync('loop-1', join(root, 'loop-2'));
    symlinkSync('missing.yaml', join(root, 'dangling'));
    const paths = [
      'a/b/file.yaml',
      'a/to-b/file.yaml',
      'a/out',
      'absolute-in',
      'absolute-out',
      'loop-1',
      'dangling',
      'a/none.yaml',
      'a/b/file.yaml/below',
      '../secret.yaml',
      'a/../a/b/file.yaml',
    ].map((path) => join(root, path));
    const lstats = new Map();
    for (const path of paths) {
      const expected = await resolveInside(path, root);
      expect(resolveInsideSync(path, root), path).toEqual(expected);
      // With the lstat answers of the other paths kept, the same.
      expect(resolveInsideSync(path, root, root, lstats), path).toEqual(expected);
    }
    expect(resolveInsideSync(join(root, 'a/out'), root)).toEqual({ outside: true });
    expect(resolveInsideSync(join(root, 'a/to-b/file.yaml'), root)).toEqual({ path: join(root, 'a/b/file.yaml') });
  });
});
