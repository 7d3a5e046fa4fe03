/**
 * A repository's `vocabulary:` changes which findings the rules give (a page member named
 * `weirdPager` makes `platform-created-timestamp` fall silent here): every word it adds is listed
 * in the report's configuration record, in every format, with the file that adds it, as a rule
 * level or a contract setting is. Attack B8 of issue 34.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-vocabulary-record-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const API = `openapi: 3.0.3
info: {title: V, version: 1.0.0, description: x}
paths:
  /v1/things:
    get:
      operationId: listThings
      description: lists
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: {type: array, items: {type: object, properties: {name: {type: string}, createdTimestamp: {type: string, format: date-time}}}}
                  weirdPager: {type: string}
              example: {data: [], weirdPager: x}
`;

interface Record_ {
  vocabulary?: Array<{ key: string; value: string; file: string }>;
}

describe('a configuration vocabulary under --gate', () => {
  it('is listed in the configuration record (JSON, stylish) with the file that adds it', async () => {
    const dir = mkdtempSync(join(folder, 'repo-'));
    writeFileSync(join(dir, 'api.yaml'), API);
    const without = await votturInProcess(['lint', 'api.yaml', '--gate', '-f', 'json'], { cwd: dir });
    writeFileSync(
      join(dir, 'vottur.config.yaml'),
      'vocabulary:\n  collectionPageMembers: [weirdPager]\n  nationalIdAliases: [kt]\n',
    );
    const json = await votturInProcess(['lint', 'api.yaml', '--gate', '-f', 'json'], { cwd: dir });
    const ids = (stdout: string) =>
      (JSON.parse(stdout) as { findings: Array<{ ruleId: string }> }).findings.map((f) => f.ruleId);
    // The vocabulary changes the findings...
    expect(ids(json.stdout).length).toBeLessThan(ids(without.stdout).length);
    // ...and says so in the record.
    const record = (JSON.parse(json.stdout) as { configuration?: Record_ }).configuration;
    expect(record?.vocabulary).toEqual([
      { key: 'collectionPageMembers', value: '[weirdPager]', file: 'vottur.config.yaml' },
      { key: 'nationalIdAliases', value: '[kt]', file: 'vottur.config.yaml' },
    ]);
    const stylish = await votturInProcess(['lint', 'api.yaml', '--gate'], { cwd: dir });
    expect(stylish.stdout + stylish.stderr).toContain(
      'vocabulary collectionPageMembers: [weirdPager], nationalIdAliases: [kt]',
    );
    const markdown = await votturInProcess(['lint', 'api.yaml', '--gate', '-f', 'markdown'], { cwd: dir });
    expect(markdown.stdout).toContain('vocabulary.collectionPageMembers: \\[weirdPager\\] added by vottur.config.yaml');
  });
});
