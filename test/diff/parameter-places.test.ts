/**
 * Attack C1's smaller items (issue 34), over the CLI in-process: a constraint in the second part of
 * an `allOf` is compared (it was on main too: this keeps it so), and a parameter described with
 * `content` instead of `schema` is compared at all (on main its `maxLength: 10 → 5` gave no change).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-diff-places-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const description = (pattern: string, maxLength: number) =>
  [
    'openapi: 3.0.3',
    'info: { title: t, version: 1.0.0 }',
    'paths:',
    '  /x:',
    '    get:',
    '      parameters:',
    '        - name: q',
    '          in: query',
    '          schema:',
    '            allOf:',
    '              - { type: string }',
    `              - { pattern: '${pattern}', maxLength: ${maxLength} }`,
    '        - name: c',
    '          in: query',
    '          content:',
    '            application/json:',
    `              schema: { type: string, maxLength: ${maxLength} }`,
    '      responses:',
    "        '200': { description: ok }",
    '',
  ].join('\n');

type Found = Array<{ ruleId: string; message: string; pointer: string }>;

async function diff(): Promise<Found> {
  const base = join(folder, 'base.yaml');
  const revision = join(folder, 'revision.yaml');
  await writeFile(base, description('^[a-z]+$', 10));
  await writeFile(revision, description('^[0-9]+$', 5));
  const result = await votturInProcess(['diff', base, revision, '-f', 'json']);
  expect(result.code, result.stderr).not.toBe(2);
  return (JSON.parse(result.stdout) as { findings: Found }).findings;
}

describe('constraints the diff compares wherever a parameter writes them', () => {
  it("the second allOf part's pattern and maxLength are compared", async () => {
    const found = await diff();
    const pointers = found.map((f) => f.pointer);
    expect(pointers).toContain('/paths/~1x/get/parameters/0/schema/allOf/1/pattern');
    expect(pointers).toContain('/paths/~1x/get/parameters/0/schema/allOf/1/maxLength');
  });

  it("a parameter's content schema is compared: maxLength 10 → 5 is a tightened constraint", async () => {
    const found = await diff();
    const tightened = found.filter(
      (f) => f.pointer === '/paths/~1x/get/parameters/1/content/application~1json/schema/maxLength',
    );
    expect(tightened.map((f) => f.ruleId)).toEqual(['diff-request-parameter-constraint-tightened']);
    expect(tightened[0]?.message).toContain('query parameter c');
  });
});
