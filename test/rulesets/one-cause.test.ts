/**
 * One cause, one finding, across rules: with every rule running, a mistake that several rules could
 * each see is reported by the one rule that owns it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-one-cause-'));

let count = 0;

/** The rules reporting at `pointer` or below it, and exactly at each of `at`. */
async function findingsUnder(text: string, pointer: string, at: string[] = []) {
  const file = join(dir, `doc-${count++}.yaml`);
  writeFileSync(file, text);
  const { findings } = await lintDocument(file);
  return findings
    .filter((f) => f.pointer === pointer || f.pointer.startsWith(`${pointer}/`) || at.includes(f.pointer))
    .map((f) => f.ruleId)
    .sort();
}

const HEAD = `openapi: 3.0.3
info:
  title: Machines
  description: The machines register.
  version: 1.0.0
paths:
  /v1/machines/{machineId}:
`;
const PARAMETER = `      parameters:
        - name: machineId
          in: path
          required: true
          description: The machine.
          example: m-1
          schema:
            type: string
`;

describe('one cause, one finding', () => {
  it('a GET answering 404 where 204 belongs: platform-no-404, and platform-get-204 silent', async () => {
    const doc = `${HEAD}    get:
      operationId: getMachine
      description: Reads a machine.
${PARAMETER}      responses:
        '200':
          description: The machine.
        '404':
          description: No such machine.
`;
    // platform-get-204 would point at `responses`; platform-no-404 points at the 404.
    const get = '/paths/~1v1~1machines~1{machineId}/get';
    expect(await findingsUnder(doc, `${get}/responses/404`, [`${get}/responses`])).toEqual([
      'platform-content-type',
      'platform-no-404',
    ]);
  });

  it('a 204 that declares a body: platform-content-type alone', async () => {
    const doc = `${HEAD}    delete:
      operationId: deleteMachine
      description: Deletes a machine.
${PARAMETER}      responses:
        '204':
          description: Deleted.
          content:
            application/json:
              schema:
                type: object
                properties:
                  name:
                    type: string
                    description: The name.
`;
    expect(await findingsUnder(doc, '/paths/~1v1~1machines~1{machineId}/delete/responses/204')).toEqual([
      'platform-content-type',
    ]);
  });
});
