/**
 * A trailing slash added to or removed from a path is a different URL (RFC 3986): `/v1/pets/1`
 * and `/v1/pets/1/` are answered by different routes on many servers and gateways. The old path
 * is removed (breaking, as a change of the path's case is), never a rename "the URLs callers send
 * are the same". A renamed path parameter stays documentation only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-slash-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const description = (pathKey: string, name = 'id') =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'P', version: '1.0.0', description: 'x' },
    paths: {
      [pathKey]: {
        get: {
          operationId: 'g',
          parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });

async function diff(base: string, revision: string) {
  const dir = mkdtempSync(join(folder, 'case-'));
  writeFileSync(join(dir, 'base.json'), base);
  writeFileSync(join(dir, 'rev.json'), revision);
  const result = await votturInProcess(['diff', 'base.json', 'rev.json', '--gate', '-f', 'json'], { cwd: dir });
  const findings = result.stdout
    ? (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string; pointer: string }> }).findings
    : [];
  return { ...result, findings };
}

describe('a trailing slash on a path', () => {
  it.each([
    ['added', '/v1/pets/{id}', '/v1/pets/{id}/'],
    ['removed', '/v1/pets/{id}/', '/v1/pets/{id}'],
    ['added with the parameter renamed', '/v1/pets/{id}', '/v1/pets/{petId}/'],
  ])('%s: the old path is removed, breaking; the gate fails', async (_, before, after) => {
    const result = await diff(description(before), description(after, after.includes('petId') ? 'petId' : 'id'));
    expect(result.code, result.stderr).toBe(1);
    expect(result.findings.map((f) => f.ruleId)).not.toContain('diff-path-parameter-renamed');
    expect(result.findings).toContainEqual(expect.objectContaining({ ruleId: 'diff-path-removed', severity: 'error' }));
  });

  it('a renamed path parameter with the same slashes is still documentation only', async () => {
    const result = await diff(description('/v1/pets/{id}/'), description('/v1/pets/{petId}/', 'petId'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.findings.map((f) => f.ruleId)).toContain('diff-path-parameter-renamed');
  });
});
