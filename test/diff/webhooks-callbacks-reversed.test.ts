/**
 * Attack o34r17 B10 and B11, over `vottur diff --gate` in-process.
 *
 * B10: a webhook's or a callback's payload was compared only as a whole, one review warning, so a
 * subscriber's breaking change (every property of the payload removed, an enum value added, a
 * property no longer required, the callback's URL expression changed) passed the gate with exit 0.
 * The payload is now compared with the direction reversed (what the API sends is a response to the
 * subscriber), and a callback URL expression removed is diff-operation-callback-url-removed.
 *
 * B11: a query parameter's `allowEmptyValue: true` removed was "0 changes".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-reversed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

const PAYLOAD: Json = {
  type: 'object',
  required: ['invoiceId', 'status'],
  properties: { invoiceId: { type: 'string' }, status: { type: 'string', enum: ['PAID'] } },
};
const ANSWER: Json = { type: 'object', properties: { received: { type: 'boolean' } } };

function description(
  options: { payload?: Json; answer?: Json; expression?: string; allowEmptyValue?: boolean } = {},
): Json {
  const item = {
    post: {
      requestBody: { required: true, content: { 'application/json': { schema: options.payload ?? PAYLOAD } } },
      responses: {
        '200': { description: 'ok', content: { 'application/json': { schema: options.answer ?? ANSWER } } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/invoices': {
        post: {
          parameters: [
            {
              name: 'status',
              in: 'query',
              schema: { type: 'string' },
              ...(options.allowEmptyValue === false ? {} : { allowEmptyValue: true }),
            },
          ],
          callbacks: { paid: { [options.expression ?? '{$request.body#/callbackUrl}']: item } },
          responses: { '201': { description: 'created' } },
        },
      },
    },
    webhooks: { invoicePaid: item },
  };
}

let files = 0;
async function gate(base: Json, revision: Json) {
  const names = [base, revision].map((document) => {
    const name = `d${files++}.json`;
    writeFileSync(join(dir, name), JSON.stringify(document));
    return name;
  });
  const result = await vottur(['diff', ...names, '--gate', '-f', 'json'], { cwd: dir });
  expect(result.code, result.stderr).not.toBe(2);
  const report = JSON.parse(result.stdout) as {
    findings: Array<{ ruleId: string; severity: string; pointer: string; message: string }>;
  };
  return { code: result.code, findings: report.findings.filter((f) => f.ruleId.startsWith('diff-')) };
}

const CALLBACK = '/paths/~1invoices/post/callbacks/paid/{$request.body#~1callbackUrl}/post';

describe('a webhook or callback payload is compared as what the subscriber receives (o34r17 B10)', () => {
  it('an enum value added to the payload is breaking, in the webhook and in the callback', async () => {
    const payload = structuredClone(PAYLOAD);
    ((payload.properties as Json).status as Json).enum = ['PAID', 'LATE'];
    const { code, findings } = await gate(description(), description({ payload }));
    expect(code).toBe(1);
    const added = findings.filter((f) => f.ruleId === 'diff-response-body-enum-value-added');
    expect(added.map((f) => f.pointer).sort()).toEqual([
      `${CALLBACK}/requestBody/content/application~1json/schema/properties/status/enum`,
      '/webhooks/invoicePaid/post/requestBody/content/application~1json/schema/properties/status/enum',
    ]);
    expect(added.map((f) => f.message).join('\n')).toContain(
      'callback paid ({$request.body#/callbackUrl}) POST request body the API sends (application/json) property status: enum value "LATE" added',
    );
    expect(added.map((f) => f.message).join('\n')).toContain(
      'webhook POST request body the API sends (application/json) property status: enum value "LATE" added',
    );
  });

  it('the payload replaced by one with only invoiceId: status removed, breaking', async () => {
    const { code, findings } = await gate(
      description(),
      description({ payload: { type: 'object', properties: { invoiceId: { type: 'string' } } } }),
    );
    expect(code).toBe(1);
    expect(findings.filter((f) => f.ruleId === 'diff-response-body-property-removed')).toHaveLength(2);
  });

  it('a property the payload no longer requires is breaking', async () => {
    const { code, findings } = await gate(
      description(),
      description({ payload: { ...PAYLOAD, required: ['invoiceId'] } }),
    );
    expect(code).toBe(1);
    expect(findings.map((f) => f.ruleId)).toContain('diff-response-body-property-became-optional');
  });

  it("the subscriber's answer gaining a required property is compared as a request body: breaking", async () => {
    const { code, findings } = await gate(
      description(),
      description({ answer: { ...ANSWER, required: ['received'] } }),
    );
    expect(code).toBe(1);
    expect(findings.filter((f) => f.ruleId === 'diff-request-body-property-became-required')).toHaveLength(2);
  });

  it('a property added to the payload is not breaking (exit 0)', async () => {
    const payload = structuredClone(PAYLOAD);
    (payload.properties as Json).paidAt = { type: 'string' };
    const { code, findings } = await gate(description(), description({ payload }));
    expect(code).toBe(0);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it("a callback's URL expression changed: diff-operation-callback-url-removed, breaking", async () => {
    const { code, findings } = await gate(description(), description({ expression: '{$request.body#/notifyUrl}' }));
    expect(code).toBe(1);
    const removed = findings.filter((f) => f.ruleId === 'diff-operation-callback-url-removed');
    expect(removed.map((f) => f.pointer)).toEqual(['/paths/~1invoices/post/callbacks/paid']);
    expect(removed[0]?.message).toContain(
      'callback paid no longer calls {$request.body#/callbackUrl} (it calls {$request.body#/notifyUrl}): callers that gave that URL are not called back',
    );
  });
});

describe("a query parameter's allowEmptyValue (o34r17 B11)", () => {
  it('removed: an empty value is refused, breaking', async () => {
    const { code, findings } = await gate(description(), description({ allowEmptyValue: false }));
    expect(code).toBe(1);
    expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-request-parameter-constraint-tightened', '/paths/~1invoices/post/parameters/0'],
    ]);
    expect(findings[0]?.message).toContain(
      'query parameter status no longer allows an empty value (allowEmptyValue removed): `?status=` is refused',
    );
  });

  it('added: relaxed, exit 0', async () => {
    const { code, findings } = await gate(description({ allowEmptyValue: false }), description());
    expect(code).toBe(0);
    expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-request-parameter-constraint-relaxed', '/paths/~1invoices/post/parameters/0/allowEmptyValue'],
    ]);
  });

  it('an extension of the parameter changed is a keyword change to review, never silence', async () => {
    const base = description();
    const revision = description();
    const parameter = (document: Json) =>
      ((((document.paths as Json)['/invoices'] as Json).post as Json).parameters as Json[])[0];
    parameter(base)['x-audit'] = 'a';
    parameter(revision)['x-audit'] = 'b';
    const { findings } = await gate(base, revision);
    expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-request-parameter-keyword-changed', '/paths/~1invoices/post/parameters/0/x-audit'],
    ]);
  });
});
