/**
 * Depth limits a run can reach are never silence (issue 34, item 6): a walk either goes as deep as
 * a description can nest (MAX_NESTING, 1000 levels: deeper is refused when read), or what it could
 * not read counts. Over the built CLI: an `x-vottur-ignore` 250 levels down is judged (a missing
 * reason is a finding; the walk stopped at 200 before), and a callback whose request schema
 * changes four properties down is a change (the diff's fingerprint stopped at 12 levels: "0 changes").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-walk-bounds-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ids = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Array<{ ruleId: string }> }).findings.map((f) => f.ruleId);

describe('walks over a description reach every level it may have', () => {
  it('an x-vottur-ignore without a reason 250 levels down is a finding', async () => {
    let deep: unknown = { 'x-vottur-ignore': { 'platform-field-camel-case': '' } };
    for (let i = 0; i < 250; i++) deep = { a: deep };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Deep', version: '1.0.0' },
      paths: {},
      'x-deep': deep,
    };
    writeFileSync(join(dir, 'deep.json'), JSON.stringify(document));
    const result = await votturInProcess(['lint', 'deep.json', '-f', 'json'], { cwd: dir });
    expect(ids(result.stdout)).toContain('vottur-suppression-reason');
  });
});

const callbackApi = (type: string) => `openapi: 3.0.3
info: { title: Hooks, version: 1.0.0 }
paths:
  /v1/hooks:
    post:
      operationId: subscribe
      responses: { '201': { description: ok } }
      callbacks:
        onEvent:
          '{$request.body#/url}':
            post:
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        a:
                          type: object
                          properties:
                            b:
                              type: object
                              properties:
                                c: { type: ${type} }
              responses: { '200': { description: ok } }
`;

describe('vottur diff reads a whole callback', () => {
  it('a type changed four properties down in a callback is a change, not "0 changes"', async () => {
    writeFileSync(join(dir, 'base.yaml'), callbackApi('string'));
    writeFileSync(join(dir, 'revision.yaml'), callbackApi('integer'));
    const result = await votturInProcess(['diff', 'base.yaml', 'revision.yaml', '-f', 'json'], { cwd: dir });
    expect(ids(result.stdout)).toContain('diff-operation-callback-changed');
    // The same callback unchanged is no change: the bound does not make every callback differ.
    const same = await votturInProcess(['diff', 'base.yaml', 'base.yaml', '-f', 'json'], { cwd: dir });
    expect(ids(same.stdout)).toEqual([]);
    expect(same.code).toBe(0);
  });
});
