/**
 * Pattern-driven generation is bounded (issue 34, Why 15): a description whose `pattern` asks for
 * values of 10⁸ characters made the coverage and fuzz phases run out of memory. Now such a pattern
 * is not sampled, the run finishes over real HTTP, and contract-pattern-unsampled names it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { MAX_PATTERN_SAMPLE_LENGTH, unsampledReason } from '../../src/contract/generate/pattern-bounds.js';
import { everything } from './evidence.js';
import { refusingServer } from './fixtures/refusing-server.js';

const refusing = refusingServer('vottur-pattern-bounds-');

async function describeCode(name: string, pattern: string): Promise<string> {
  const file = join(refusing.folder, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      paths: {
        '/v1/codes': {
          get: {
            parameters: [{ name: 'code', in: 'query', required: true, schema: { type: 'string', pattern } }],
            responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
          },
        },
      },
    }),
  );
  return file;
}

describe('pattern-driven generation is bounded', () => {
  for (const [name, pattern] of [
    ['issue', '^((a{1000}){1000}){100}$'],
    ['long', '^(a{1000}){20}$'],
  ] as const) {
    it(`a pattern asking for too long values (${pattern}) is a finding, and the coverage and fuzz phases end`, async () => {
      const report = await runContractTests({
        description: await describeCode(name, pattern),
        server: refusing.url,
        phases: ['coverage', 'fuzz'],
        maxExamples: 5,
        timeoutMs: 2000,
      });
      const unsampled = everything(report).filter((f) => f.ruleId === 'contract-pattern-unsampled');
      expect(unsampled).toHaveLength(1);
      expect(unsampled[0]?.severity).toBe('error');
      expect(unsampled[0]?.message).toContain(`longer than ${MAX_PATTERN_SAMPLE_LENGTH} characters`);
      expect(unsampled[0]?.path).toEqual(['paths', '/v1/codes', 'get', 'parameters', 0, 'schema', 'pattern']);
    });
  }

  it('a pattern within the bounds is sampled and no finding is made', async () => {
    const report = await runContractTests({
      description: await describeCode('plain', '^[A-Z]{2}[0-9]{4}$'),
      server: refusing.url,
      phases: ['coverage', 'fuzz'],
      maxExamples: 5,
      timeoutMs: 2000,
    });
    expect(everything(report).some((f) => f.ruleId === 'contract-pattern-unsampled')).toBe(false);
  });

  it('estimates the longest value from the syntax: bounded counts multiply, unbounded ones count a few', () => {
    expect(unsampledReason('^[a-z]{1,64}$')).toBeUndefined();
    expect(unsampledReason('^(ab|c)*$')).toBeUndefined();
    expect(unsampledReason(`^a{${MAX_PATTERN_SAMPLE_LENGTH}}$`)).toBeUndefined();
    expect(unsampledReason(`^a{${MAX_PATTERN_SAMPLE_LENGTH + 1}}$`)).toBeDefined();
    expect(unsampledReason('^(a{200}){200}$')).toBeDefined();
    expect(unsampledReason('^(?:x{100}|y)+$')).toBeUndefined();
    expect(unsampledReason('^(?:x{1001}){10}$')).toBeDefined();
  });
});
