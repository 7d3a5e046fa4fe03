/**
 * The generators' depth caps were silent (issue 34, item 6): a request body nested deeper than the
 * flattening for the generators (8 levels), the fuzz phase's values (5) or the coverage phase's
 * valid values (7) was generated cut short, and the run said nothing. Each cap an operation's
 * inputs reach is now one contract-generation-limit finding for the operation (not one per request):
 * an error when no value of the input is sent as known valid, a warning when one composed past the
 * caps is (N4); a body within the caps gives none. Through the CLI's `main` in this process
 * (test/cli/run.ts; the workers keep their modules from file to file, so the contract modules are
 * loaded once per worker, not once per file).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';
import { refusingServer } from './fixtures/refusing-server.js';

const refusing = refusingServer('vottur-generation-depth-');

/** An object schema `levels` deep: each level one required property `a`, a string at the bottom. */
function nested(levels: number): object {
  let schema: object = { type: 'string', example: 'x' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', required: ['a'], properties: { a: schema } };
  return schema;
}

async function describeBody(name: string, levels: number): Promise<string> {
  const file = join(refusing.folder, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1.0.0' },
      paths: {
        '/v1/things': {
          post: {
            requestBody: { required: true, content: { 'application/json': { schema: nested(levels) } } },
            responses: { '201': { description: 'made' }, '400': { description: 'bad' } },
          },
        },
      },
    }),
  );
  return file;
}

async function limits(levels: number): Promise<{ code: number | null; messages: string[]; severities: string[] }> {
  const file = await describeBody(`depth-${levels}`, levels);
  const result = await vottur(
    [
      'test',
      file,
      '--server',
      refusing.url,
      '--phases',
      'coverage,fuzz',
      '--max-examples',
      '5',
      '--allow-unsafe-methods',
      '--gate',
      '-f',
      'json',
    ],
    { cwd: refusing.folder },
  );
  const report = JSON.parse(result.stdout) as {
    findings: Array<{ ruleId: string; severity: string; message: string }>;
  };
  const found = report.findings.filter((f) => f.ruleId === 'contract-generation-limit');
  return { code: result.code, messages: found.map((f) => f.message), severities: found.map((f) => f.severity) };
}

describe('the examples phase says when it reaches its depth cap', () => {
  it('a body composed from schema examples 14 levels deep is a contract-generation-limit error, 10 levels none', async () => {
    for (const [levels, expected] of [
      [14, 1],
      [10, 0],
    ] as const) {
      const file = await describeBody(`examples-${levels}`, levels);
      const result = await vottur(
        [
          'test',
          file,
          '--server',
          refusing.url,
          '--phases',
          'examples',
          '--no-dredd',
          '--allow-unsafe-methods',
          '-f',
          'json',
        ],
        { cwd: refusing.folder },
      );
      const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> };
      const found = report.findings.filter((f) => f.ruleId === 'contract-generation-limit');
      expect(found, result.stderr).toHaveLength(expected);
      if (expected > 0) {
        expect(found[0]?.message).toContain('nests deeper than 12 levels, the depth the examples phase composes');
        expect(result.code).toBe(1);
      }
    }
  });
});

describe('the generators say when they reach a depth cap', () => {
  it('a body 4 levels deep reaches none', async () => {
    const { messages } = await limits(4);
    expect(messages).toEqual([]);
  });
  it('a body 6 levels deep reaches only the fuzz cap', async () => {
    const { messages } = await limits(6);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("the depth of the fuzz phase's values");
  });

  // Issue 34, N4: a value composed to the chain's full depth (candidates.ts, required members only)
  // is still sent as known valid, so what the caps leave untested is only variation below them:
  // each cap stays named, as a warning, not an error that fails the gate on a satisfiable schema.
  it('a body 12 levels deep: one finding per cap (flattening 8, fuzz 5, coverage 7), warnings while a full-depth value is sent', async () => {
    const { messages, severities } = await limits(12);
    expect(messages).toHaveLength(3);
    expect(new Set(severities)).toEqual(new Set(['warn']));
    expect(messages.some((m) => m.includes('deeper than 8 levels'))).toBe(true);
    expect(messages.some((m) => m.includes("deeper than 5 levels, the depth of the fuzz phase's values"))).toBe(true);
    expect(
      messages.some((m) => m.includes("deeper than 7 levels, the depth of the coverage phase's valid values")),
    ).toBe(true);
    expect(messages.every((m) => m.startsWith('an input of POST /v1/things: '))).toBe(true);
  });
});
