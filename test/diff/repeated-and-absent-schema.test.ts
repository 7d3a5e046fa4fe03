/**
 * Attack o34r17 B1 and B4, over `vottur diff --gate` in-process.
 *
 * B1: a query parameter that became a form-exploded array of what it was was compared as the
 * scalar against the array's `items` only, so `minItems: 2` (one value refused) or `maxItems: 0`
 * (every value refused) passed as "may now be repeated". The scalar is now a list of exactly one
 * value, and the array's own keywords are compared against that.
 *
 * B4: a response media type (or a response header) whose `schema` was deleted was "0 changes",
 * though it means any value, as `schema: {}` does (which reported every property removed). A
 * missing schema now reads as `true`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-repeated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

const STATUS: Json = { type: 'string', enum: ['PAID', 'UNPAID'] };
const INVOICE: Json = {
  type: 'object',
  required: ['id', 'amount'],
  properties: { id: { type: 'string' }, amount: { type: 'integer' } },
};

function description(options: { status?: Json; body?: Json | 'none'; total?: Json | 'none' }): Json {
  const media: Json = options.body === 'none' ? {} : { schema: options.body ?? INVOICE };
  const total: Json =
    options.total === 'none' ? { required: true } : { required: true, schema: options.total ?? { type: 'integer' } };
  return {
    openapi: '3.0.3',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/invoices': {
        get: {
          parameters: [{ name: 'status', in: 'query', schema: options.status ?? STATUS }],
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Total': total },
              content: { 'application/json': media },
            },
          },
        },
      },
    },
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

const array = (extra: Json): Json => ({ type: 'array', items: STATUS, ...extra });

describe('a scalar query parameter that became an array: the array bounds what one value may be (o34r17 B1)', () => {
  for (const [name, extra, keyword, text] of [
    ['minItems: 2', { minItems: 2 }, 'minItems', 'minItems changed (1 → 2)'],
    ['minItems: 3', { minItems: 3 }, 'minItems', 'minItems changed (1 → 3)'],
    ['maxItems: 0', { maxItems: 0 }, 'maxItems', 'maxItems changed (1 → 0)'],
  ] as Array<[string, Json, string, string]>)
    it(`${name} refuses the one value callers sent: breaking, the gated run fails`, async () => {
      const { code, findings } = await gate(description({}), description({ status: array(extra) }));
      expect(code).toBe(1);
      const tightened = findings.filter((f) => f.ruleId === 'diff-request-parameter-constraint-tightened');
      expect(tightened.map((f) => f.pointer)).toEqual([`/paths/~1invoices/get/parameters/0/schema/${keyword}`]);
      expect(tightened[0]?.message).toContain(
        `query parameter status (as a list: one value is a list of one): ${text}`,
      );
      expect(tightened[0]?.severity).toBe('error');
    });

  it('an array that takes one value as before (minItems: 1, maxItems: 5, uniqueItems) is only repeated: exit 0', async () => {
    const { code, findings } = await gate(
      description({}),
      description({ status: array({ minItems: 1, maxItems: 5, uniqueItems: true }) }),
    );
    expect(code).toBe(0);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.map((f) => f.ruleId).sort()).toEqual([
      'diff-request-parameter-constraint-relaxed',
      'diff-request-parameter-type-widened',
    ]);
  });

  it('the reverse, an array of at least 2 values that became one value, is breaking on both counts', async () => {
    const { code, findings } = await gate(description({ status: array({ minItems: 2 }) }), description({}));
    expect(code).toBe(1);
    const ids = findings.map((f) => f.ruleId);
    expect(ids).toContain('diff-request-parameter-type-narrowed');
    expect(ids).toContain('diff-request-parameter-constraint-relaxed');
  });
});

describe('a schema deleted is any value, as {} is (o34r17 B4)', () => {
  it("a response media type's schema deleted: the properties removed and the type widened, breaking", async () => {
    const deleted = await gate(description({}), description({ body: 'none' }));
    const empty = await gate(description({}), description({ body: {} }));
    expect(deleted.code).toBe(1);
    const ids = deleted.findings.map((f) => f.ruleId).sort();
    expect(ids).toEqual(empty.findings.map((f) => f.ruleId).sort());
    expect(ids).toEqual([
      'diff-response-body-property-removed',
      'diff-response-body-property-removed',
      'diff-response-body-type-widened',
    ]);
    expect(
      deleted.findings.every((f) => f.pointer === '/paths/~1invoices/get/responses/200/content/application~1json'),
    ).toBe(true);
    expect(deleted.findings.find((f) => f.ruleId === 'diff-response-body-type-widened')?.message).toContain(
      'response 200 (application/json) no longer restricts its type (was object)',
    );
  });

  it("a response header's schema deleted: its type widened, breaking", async () => {
    const { code, findings } = await gate(description({}), description({ total: 'none' }));
    expect(code).toBe(1);
    expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-response-header-type-widened', '/paths/~1invoices/get/responses/200/headers/X-Total'],
    ]);
  });

  it('a schema added where there was none is compared too (narrower in a response: non-breaking)', async () => {
    const { code, findings } = await gate(description({ body: 'none' }), description({}));
    expect(code).toBe(0);
    expect(findings.map((f) => f.ruleId)).toContain('diff-response-body-type-narrowed');
  });
});
