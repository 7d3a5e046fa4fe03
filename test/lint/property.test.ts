/**
 * Property-based tests (fast-check) of the loader and the rules: generated YAML/JSON documents
 * and generated OpenAPI-shaped objects, with hostile keys (`__proto__`, `constructor`,
 * `prototype`), deep nesting and aliases. No run may end in anything but findings or a
 * `CouldNotRunError` (never "unexpected failure"), each run is bounded (a test timeout, not a
 * timed assertion), and a description with a known violation (a 404 response) is never clean.
 * Runs are few: the suite must stay fast on two cores.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CouldNotRunError } from '../../src/errors.js';
import { lintDocument, platformRulesetLinter, type Linter } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$ref', 'x-a', '200', '0'];
const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 6 }));
const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Any JSON value; `__proto__` keys are made own properties (as JSON.parse does) by building objects with defineProperty. */
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(toObject),
  ),
})).value;

function toObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
  return object;
}

/** JSON text with `__proto__` written as a key (JSON.stringify writes own `__proto__` properties). */
const asJson = (data: unknown) => JSON.stringify(data, null, 1);

/** A description that breaks platform-no-404 (a GET answering 404), with hostile extras around it. */
const violating = fc
  .record({
    top: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x-extra'), value), {
      maxLength: 3,
    }),
    inPath: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x-extra'), value), { maxLength: 2 }),
    inOperation: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x-extra'), value), { maxLength: 2 }),
    depth: fc.integer({ min: 0, max: 120 }),
    topFirst: fc.boolean(),
  })
  .map(({ top, inPath, inOperation, depth, topFirst }) => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < depth; i++) deep = i % 2 === 0 ? [deep] : toObject([['d', deep]]);
    const operation = toObject([
      ...inOperation,
      ['responses', { '200': { description: 'OK' }, '404': { description: 'Not found.' } }],
    ]);
    const base: Array<[string, unknown]> = [
      ['openapi', '3.0.3'],
      ['info', { title: 'Generated', version: '1.0.0' }],
      [
        'paths',
        {
          '/v1/things/{id}': toObject([
            ...inPath,
            ['parameters', [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]],
            ['get', operation],
          ]),
        },
      ],
      ['x-deep', deep],
    ];
    return toObject(topFirst ? [...top, ...base] : [...base, ...top]);
  });

let dir: string;
let linter: Linter;
let counter = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-property-'));
  linter = await platformRulesetLinter();
});

function write(extension: string, text: string): string {
  const file = join(dir, `doc-${counter++}.${extension}`);
  writeFileSync(file, text);
  return file;
}

/** Lints, and returns the rule ids, or the one-line reason the document was refused. */
async function outcome(file: string): Promise<{ ruleIds: string[] } | { refused: string }> {
  try {
    const { findings } = await lintDocument(file, { linter });
    return { ruleIds: findings.map((finding) => finding.ruleId) };
  } catch (error) {
    if (error instanceof CouldNotRunError) {
      expect(error.message).not.toContain('\n');
      return { refused: error.message };
    }
    throw error; // An "unexpected failure": the property fails.
  }
}

describe('the loader and the rules over generated documents', () => {
  it('never reports a description with a 404 response clean, however its keys are written (YAML and JSON)', async () => {
    await fc.assert(
      fc.asyncProperty(violating, fc.boolean(), async (document, json) => {
        const text = json ? asJson(document) : stringify(document, { aliasDuplicateObjects: false });
        const result = await outcome(write(json ? 'json' : 'yaml', text));
        expect('ruleIds' in result ? result.ruleIds : result).toContain('platform-no-404');
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('reads or refuses in one line any generated YAML or JSON, with aliases', async () => {
    const withAliases = fc
      .tuple(value, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 12 }))
      .map(([data, levels, width]) => {
        // An alias chain: each level repeats the previous `width` times (small ones read, big ones are refused).
        let text = `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-data: ${JSON.stringify(data)}\nx-l0: &l0 [a, b]\n`;
        for (let i = 1; i <= levels; i++)
          text += `x-l${i}: &l${i} [${Array(width)
            .fill(`*l${i - 1}`)
            .join(', ')}]\n`;
        return `${text}x-use: *l${levels}\n`;
      });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          value.map((data) => ['json', asJson(data)] as const),
          value.map((data) => ['yaml', stringify(data)] as const),
          withAliases.map((text) => ['yaml', text] as const),
        ),
        async ([kind, text]) => {
          const file = write(kind, text);
          try {
            const loaded = await loadDescription(file);
            const seen = new Set<unknown>();
            const stack: unknown[] = [loaded.data];
            while (stack.length > 0) {
              const node = stack.pop();
              if (typeof node !== 'object' || node === null || seen.has(node)) continue;
              seen.add(node);
              // Hostile keys stay data: no object's prototype is replaced.
              if (!Array.isArray(node)) expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
              for (const k of Object.keys(node)) stack.push((node as Record<string, unknown>)[k]);
            }
          } catch (error) {
            expect(error).toBeInstanceOf(CouldNotRunError);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('lints generated OpenAPI-shaped objects to findings, never a failure', async () => {
    const shaped = fc
      .record({
        paths: fc.dictionary(
          fc.oneof(fc.constantFrom('/v1/a', '/v1/{id}', '__proto__', 'constructor'), fc.string({ maxLength: 5 })),
          fc.dictionary(fc.constantFrom('get', 'post', 'parameters', '__proto__', '$ref', 'constructor'), value, {
            maxKeys: 3,
          }),
          { maxKeys: 3 },
        ),
        components: fc.dictionary(
          fc.constantFrom('schemas', 'responses', 'parameters', '__proto__', 'prototype'),
          fc.dictionary(key, value, { maxKeys: 3 }),
          { maxKeys: 3 },
        ),
      })
      .map(({ paths, components }) =>
        toObject([
          ['openapi', '3.1.0'],
          ['info', { title: 'T', version: '1' }],
          ['paths', paths],
          ['components', components],
        ]),
      );
    await fc.assert(
      fc.asyncProperty(shaped, fc.boolean(), async (document, json) => {
        const result = await outcome(write(json ? 'json' : 'yaml', json ? asJson(document) : stringify(document)));
        expect(result).toBeDefined();
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
