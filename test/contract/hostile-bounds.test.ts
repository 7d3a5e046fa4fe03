/**
 * Size and number bounds of a schema never crash or hang generation (issue 34, item 6; an outside
 * attack, B1 B2 B7): a query array of `minItems: 100000000` hung the coverage phase at 3.5 GB
 * (`Array.from({length: minItems})`), `minItems: 4294967296` and `type: integer, minimum: 2000000`
 * (a default maximum of 1,000,000 below it) ended the gated run with exit 2 "unexpected failure".
 * Over the built CLI, in a child process: a hang is what is tested, and only a child can be killed.
 * Each run ends with a report; what generation cannot honour is a contract-generation-limit finding.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vottur } from '../cli/run.js';
import { refusingServer } from './fixtures/refusing-server.js';

const refusing = refusingServer('vottur-hostile-bounds-');

async function describeQuery(name: string, schema: object): Promise<string> {
  const file = join(refusing.folder, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      paths: {
        '/v1/items': {
          get: {
            parameters: [{ name: 'q', in: 'query', required: true, schema }],
            responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
          },
        },
      },
    }),
  );
  return file;
}

type Found = Array<{ ruleId: string; severity: string; message: string }>;

async function run(name: string, schema: object): Promise<{ code: number | null; stderr: string; findings: Found }> {
  const file = await describeQuery(name, schema);
  const result = await vottur(
    ['test', file, '--server', refusing.url, '--phases', 'coverage,fuzz', '--max-examples', '5', '-f', 'json'],
    { timeoutMs: 25_000 },
  );
  expect(result.stderr).not.toContain('unexpected failure');
  expect(result.code, result.stderr).not.toBe(2);
  return { ...result, findings: (JSON.parse(result.stdout) as { findings: Found }).findings };
}

const limits = (findings: Found) => findings.filter((f) => f.ruleId === 'contract-generation-limit');

describe('hostile size and number bounds end in a report', () => {
  for (const minItems of [100_000_000, 4_294_967_296]) {
    it(`a query array of minItems ${minItems} is one contract-generation-limit error (B1)`, async () => {
      const result = await run(`items-${minItems}`, { type: 'array', minItems, items: { type: 'string' } });
      expect(result.code).toBe(1);
      const found = limits(result.findings);
      expect(found).toHaveLength(1);
      expect(found[0]?.severity).toBe('error');
      expect(found[0]?.message).toContain(`minItems ${minItems} is beyond 1,000 items`);
    });
  }

  it('nested arrays of 100 items each are bounded by the items of the arrays around them', async () => {
    const schema = {
      type: 'array',
      minItems: 100,
      items: { type: 'array', minItems: 100, items: { type: 'integer' } },
    };
    const found = limits((await run('nested', schema)).findings);
    expect(found.map((f) => f.message).join('\n')).toContain('minItems 100 inside arrays of 100 items');
  });

  for (const [name, schema] of [
    ['integer minimum 2000000', { type: 'integer', minimum: 2_000_000 }],
    ['number minimum 2000000', { type: 'number', minimum: 2_000_000 }],
    ['integer minimum 1e20', { type: 'integer', minimum: 1e20 }],
    ['integer maximum -2000000', { type: 'integer', maximum: -2_000_000 }],
    ['3.1 exclusiveMinimum 5000000', { type: 'integer', exclusiveMinimum: 5_000_000 }],
    ['multipleOf 7 from 3000000', { type: 'integer', minimum: 3_000_000, multipleOf: 7 }],
  ] as const) {
    it(`${name} gives values within the bound, no crash and no limit (B2)`, async () => {
      const result = await run(name.replace(/\W+/g, '-'), schema);
      expect(limits(result.findings)).toEqual([]);
    });
  }

  it('minimum 10 with maximum 5 is a contract-generation-limit error naming both bounds, not a crash', async () => {
    const result = await run('inverted', { type: 'integer', minimum: 10, maximum: 5 });
    expect(result.code).toBe(1);
    const found = limits(result.findings);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('no integer satisfies minimum 10, maximum 5');
  });

  // C2 (second outside attack): fast-check builds a negated class from printable ASCII by an
  // unbounded filter, so a class matching none of it (`[^\s\S]`) hung coverage and fuzz for ever.
  for (const pattern of ['^[^\\s\\S]$', '^[^\\d\\D]+$', '^x[^ -~]$']) {
    it(`a pattern that matches nothing drawable (${pattern}) is contract-pattern-unsampled, not a hang (C2)`, async () => {
      const started = Date.now();
      const result = await run(`empty-class-${pattern.length}`, { type: 'string', pattern });
      expect(Date.now() - started).toBeLessThan(20_000);
      const unsampled = result.findings.filter((f) => f.ruleId === 'contract-pattern-unsampled');
      expect(unsampled).toHaveLength(1);
      expect(unsampled[0]?.message).toContain('negated character class no printable ASCII character matches');
    });
  }
});
