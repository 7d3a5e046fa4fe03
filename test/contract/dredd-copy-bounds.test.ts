/**
 * Issue 34 (o34r15): a 300,000-value enum (a 3 MB description) hung `vottur test --gate` past 90 s
 * at 1.3 GB, in Dredd's synchronous parse of its copy of the description, where no deadline fires.
 * Dredd's copy cuts enums and examples past a size (counted, reported as contract-limit-reached),
 * and a copy past DREDD_MAX_COPY_CHARS is not given to Dredd at all.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { answeringServer } from './fixtures/refusing-server.js';
import {
  dreddCopy,
  DREDD_MAX_ENUM_VALUES,
  DREDD_MAX_EXAMPLE_CHARS,
  type DreddCut,
} from '../../src/contract/dredd/copy.js';
import { DREDD_MAX_COPY_CHARS, runDredd } from '../../src/contract/dredd/run.js';
import { objectAt, valueAt } from '../values.js';

const server = answeringServer('vottur-o34r16-', 200, 'application/json', {});

describe("Dredd's copy of the description is bounded", () => {
  it('cuts long enums and large examples, counting them, and leaves members called enum or example alone', () => {
    const long = Array.from({ length: 300 }, (_, i) => `v${i}`);
    const big = { text: 'x'.repeat(DREDD_MAX_EXAMPLE_CHARS) };
    const document = {
      openapi: '3.0.3',
      paths: {},
      components: {
        schemas: {
          H: { type: 'string', enum: long, example: big },
          S: { type: 'string', enum: ['a', 'b'], example: 'a' },
          M: { type: 'object', properties: { enum: { type: 'string' }, example: { type: 'string' } } },
        },
      },
    };
    const cut: DreddCut = { enums: 0, examples: 0 };
    const copy = dreddCopy(document, cut);
    expect(cut).toEqual({ enums: 1, examples: 1 });
    expect(valueAt(copy, ['components', 'schemas', 'H', 'enum'])).toHaveLength(DREDD_MAX_ENUM_VALUES);
    expect(valueAt(copy, ['components', 'schemas', 'H', 'example'])).toBeUndefined();
    expect(objectAt(copy, ['components', 'schemas', 'S'])).toEqual({ type: 'string', enum: ['a', 'b'], example: 'a' });
    expect(objectAt(copy, ['components', 'schemas', 'M', 'properties'])).toEqual({
      enum: { type: 'string' },
      example: { type: 'string' },
    });
    // The description itself is not changed.
    expect(document.components.schemas.H.enum).toHaveLength(300);
  });

  it('a copy past the size Dredd is given is not parsed: Dredd is not run, and the run says so', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1', description: 'x'.repeat(DREDD_MAX_COPY_CHARS) },
      paths: {},
    };
    const started = Date.now();
    const run = await runDredd({
      document,
      server: server.url,
      timeoutMs: 1_000,
      prepare: () => ({ skip: 'not sent' }),
      checkBody: () => false,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.results).toEqual([]);
    expect(run.limit).toMatch(/^the description's copy for Dredd is .*, past the 24 MB Dredd's parser .* is given/);
  });

  it('a 300,000-value enum ends in seconds, with a contract-limit-reached finding for what was cut', async () => {
    const file = join(server.folder, 'enum.json');
    const values = Array.from({ length: 300_000 }, (_, i) => `v${i}`);
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1.0.0' },
        paths: {
          '/v1/x': {
            get: {
              operationId: 'x',
              parameters: [{ name: 'h', in: 'query', schema: { $ref: '#/components/schemas/H' } }],
              responses: {
                '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
              },
            },
          },
        },
        components: { schemas: { H: { type: 'string', enum: values } } },
      }),
    );
    const started = Date.now();
    const { code, stdout } = await votturInProcess([
      'test',
      file,
      '--server',
      server.url,
      '--bearer',
      'SECRETTOKEN123456',
      '--phases',
      'examples',
      '-f',
      'json',
    ]);
    expect(Date.now() - started).toBeLessThan(30_000);
    const report = JSON.parse(stdout) as { findings: Array<{ ruleId: string; severity: string; message: string }> };
    expect(code).not.toBe(2);
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        ruleId: 'contract-limit-reached',
        severity: 'info',
        message: expect.stringMatching(/^In Dredd's copy of the description 1 enum was cut to 64 values/) as unknown,
      }),
    );
  }, 60_000);
});
