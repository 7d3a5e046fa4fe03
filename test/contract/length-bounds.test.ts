/**
 * Length-driven generation is bounded (issue 34, item 6; an outside attack, B2): a string schema
 * with `minLength: 1000000` hung the coverage phase (a sample stretched to a million characters
 * one copy at a time), and constraints no generated value meets (an `email` of at most 3
 * characters, a pattern whose values all break `minLength`) made fast-check retry its filter
 * synchronously for ever. Over the built CLI, in a child process: a hang is what is tested, and
 * only a child can be killed. Each run ends; the minLength beyond the bound is a finding that fails the run.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vottur } from '../cli/run.js';
import { refusingServer } from './fixtures/refusing-server.js';

const refusing = refusingServer('vottur-length-bounds-');

async function describeCode(name: string, schema: object): Promise<string> {
  const file = join(refusing.folder, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      paths: {
        '/v1/codes': {
          get: {
            parameters: [{ name: 'code', in: 'query', required: true, schema }],
            responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
          },
        },
      },
    }),
  );
  return file;
}

function findings(stdout: string): Array<{ ruleId: string; severity: string; message: string }> {
  return (JSON.parse(stdout) as { findings: Array<{ ruleId: string; severity: string; message: string }> }).findings;
}

describe('length-driven generation is bounded', () => {
  it('a minLength of 1,000,000 is a contract-generation-limit error, and the coverage and fuzz phases end', async () => {
    const file = await describeCode('million', { type: 'string', minLength: 1_000_000 });
    const result = await vottur(
      ['test', file, '--server', refusing.url, '--phases', 'coverage,fuzz', '--max-examples', '5', '-f', 'json'],
      { timeoutMs: 25_000 },
    );
    expect(result.code, result.stderr).toBe(1);
    const limits = findings(result.stdout).filter((f) => f.ruleId === 'contract-generation-limit');
    expect(limits).toHaveLength(1);
    expect(limits[0]?.severity).toBe('error');
    expect(limits[0]?.message).toContain('minLength 1000000 is beyond 10,000 characters');
  });

  for (const [name, schema] of [
    ['email', { type: 'string', format: 'email', maxLength: 3 }],
    ['pattern', { type: 'string', pattern: '^[a-z]{1,5}$', minLength: 20 }],
    ['multiple', { type: 'integer', minimum: 1, maximum: 5, multipleOf: 10 }],
  ] as const) {
    it(`constraints no generated value meets (${name}) end the fuzz phase instead of retrying for ever`, async () => {
      const file = await describeCode(name, schema);
      const result = await vottur(
        ['test', file, '--server', refusing.url, '--phases', 'coverage,fuzz', '--max-examples', '5', '-f', 'json'],
        { timeoutMs: 25_000 },
      );
      expect(result.code, result.stderr).not.toBeNull();
      expect(result.code, result.stderr).not.toBe(2);
    });
  }
});
