/**
 * A finding names its subject by the name it has: a schema component by its
 * name, a part of another file of a multi-file description by that file, never by the path of the
 * first operation that happened to use it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';
import { nameComponentSubject, printPath } from '../../rulesets/lib/rule.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function messages(file: string, rule: string, cwd = ROOT): Promise<string[]> {
  const result = await votturInProcess(['lint', file, '-f', 'json'], { cwd });
  return (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> }).findings
    .filter((f) => f.ruleId === rule)
    .map((f) => f.message);
}

describe('subjects in messages', () => {
  it('a schema in another file is named by its file, not by the operation that uses it', async () => {
    const [message] = await messages('fixtures/loading/multi/openapi.yaml', 'platform-created-timestamp');
    expect(message).toMatch(/^`schemas\/user\.yaml` is returned as data in a 2xx response/);
    expect(message).not.toContain('paths[');
  });

  it('a schema component is named by its name', async () => {
    writeFileSync(
      join(dir, 'components.yaml'),
      [
        'openapi: 3.0.3',
        'info: {title: T, version: "1.0.0"}',
        'paths:',
        '  /v1/users/{userId}:',
        '    get:',
        '      parameters: [{name: userId, in: path, required: true, schema: {type: string}}]',
        '      responses:',
        "        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}",
        'components:',
        '  schemas:',
        '    User: {type: object, properties: {name: {type: string, description: The name.}}}',
        '',
      ].join('\n'),
    );
    const [message] = await messages('components.yaml', 'platform-created-timestamp', dir);
    expect(message).toMatch(/^`User` is returned as data/);
  });

  it('a schema whose name is not a JavaScript identifier is named as written, never as ["…"]', () => {
    for (const name of ['Minarsidur.Models.Umsokn', 'Umsókn', 'Tegund-Ökutækis']) {
      const path = ['components', 'schemas', name, 'properties', 'nafn'];
      const named = nameComponentSubject(`\`${printPath(path)}\` has no description.`, path);
      expect(named).toBe(`\`${name}.properties.nafn\` has no description.`);
      const whole = ['components', 'schemas', name];
      expect(nameComponentSubject(`\`${printPath(whole)}\` is returned as data.`, whole)).toBe(
        `\`${name}\` is returned as data.`,
      );
    }
  });
});
