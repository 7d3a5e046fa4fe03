/**
 * What a service sends to its subscribers is its data too (issue 34, attack r8 L2): a bare array
 * with `user_name` and an integer `nationalId` under a 3.1 webhook or a 3.0 callback passed every
 * rule. The shared schema walk reads their schemas as it reads the paths', so the rules on fields
 * (names, identifiers, dates, money) judge them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-outbound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const payload = {
  type: 'object',
  properties: {
    user_name: { type: 'string', description: 'The name.' },
    nationalId: { type: 'integer', description: 'The person.' },
  },
};
const operation = {
  requestBody: { content: { 'application/json': { schema: payload } } },
  responses: { '200': { description: 'ok' } },
};

async function fieldFindings(document: object): Promise<string[]> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document));
  const { findings } = await lintDocument(file, { cwd: dir });
  return findings
    .filter((f) => f.ruleId === 'platform-field-camel-case' || f.ruleId === 'platform-national-id-format')
    .map((f) => `${f.ruleId} ${f.pointer ?? ''}`);
}

describe('schemas a service sends to subscribers are judged', () => {
  it('under a 3.1 webhook', async () => {
    expect(
      await fieldFindings({
        openapi: '3.1.0',
        info: { title: 'Hooks', version: '1.0.0' },
        paths: {},
        webhooks: { userCreated: { post: operation } },
      }),
    ).toEqual([
      'platform-field-camel-case /webhooks/userCreated/post/requestBody/content/application~1json/schema/properties/user_name',
      'platform-national-id-format /webhooks/userCreated/post/requestBody/content/application~1json/schema/properties/nationalId/type',
    ]);
  });

  it("under a 3.0 operation's callback", async () => {
    const at = '/paths/~1v1~1subscriptions/post/callbacks/created/{$request.body#~1callbackUrl}/post';
    expect(
      await fieldFindings({
        openapi: '3.0.3',
        info: { title: 'Hooks', version: '1.0.0' },
        paths: {
          '/v1/subscriptions': {
            post: {
              responses: { '201': { description: 'ok' } },
              callbacks: { created: { '{$request.body#/callbackUrl}': { post: operation } } },
            },
          },
        },
      }),
    ).toEqual([
      `platform-field-camel-case ${at}/requestBody/content/application~1json/schema/properties/user_name`,
      `platform-national-id-format ${at}/requestBody/content/application~1json/schema/properties/nationalId/type`,
    ]);
  });
});
