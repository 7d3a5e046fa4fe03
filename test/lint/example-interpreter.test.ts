/**
 * platform-example-valid passes an example on the interpreting validator's word
 * (rulesets/lib/openapi/interpreted.ts) and asks ajv only about the rest. Its findings stay ajv's
 * only if the interpreter never passes an example ajv fails: here both judge every example of
 * every fixture and corpus description, and a property test does the same for generated schemas
 * and values.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDescription } from '../../src/lint/load.js';
import { exampleInterpreter } from '../../rulesets/lib/openapi/interpreted.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';
import { exampleChecks, exampleValidators, regExp } from '../../rulesets/rules/platform-example-valid.js';
import { CORPUS_DIR } from '../corpus.js';
import { propertyRuns } from '../suites.js';

const ROOT = resolve(import.meta.dirname, '../..');

function descriptions(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return descriptions(path);
      return /\.(ya?ml|json)$/.test(name) ? [path] : [];
    });
}

/** How many examples the interpreter passed, and every one it passed that ajv fails. */
function compare(document: Document): { examples: number; passed: number; wrong: string[] } {
  const checks = exampleChecks(document);
  const passes = exampleInterpreter(document, regExp);
  const validatorAt = exampleValidators(document);
  let passed = 0;
  const wrong: string[] = [];
  for (const { given, schemaPath } of checks) {
    if (!passes(schemaPath, given.value)) continue;
    passed++;
    const validate = validatorAt(schemaPath);
    let valid: boolean;
    try {
      valid = validate ? validate(given.value) : true;
    } catch {
      valid = true; // the rule reports nothing for a schema ajv cannot run
    }
    if (!valid) wrong.push(`/${given.path.join('/')}`);
  }
  return { examples: checks.length, passed, wrong };
}

async function documentOf(file: string): Promise<Document | undefined> {
  try {
    const loaded = await loadDescription(file);
    const data = loaded.data;
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Document) : undefined;
  } catch {
    return undefined; // a fixture that does not load has no examples to judge
  }
}

describe('the interpreting validator passes no example ajv fails', () => {
  it('on every fixture', async () => {
    let examples = 0;
    let passed = 0;
    for (const file of descriptions(join(ROOT, 'fixtures'))) {
      const document = await documentOf(file);
      if (!document) continue;
      const result = compare(document);
      examples += result.examples;
      passed += result.passed;
      expect(result.wrong, file).toEqual([]);
    }
    // The comparison compared something: most fixture examples are valid, and passed.
    expect(examples).toBeGreaterThan(100);
    expect(passed).toBeGreaterThan(examples / 2);
  }, 300_000);

  const corpus = CORPUS_DIR
    ? [
        ...['catalogue', 'real', 'large'].flatMap((folder) => descriptions(join(CORPUS_DIR!, folder))),
        join(CORPUS_DIR, 'multifile/digitalocean/DigitalOcean-public.v2.yaml'),
      ]
    : [];
  it.skipIf(!CORPUS_DIR).each(corpus.length > 0 ? corpus : ['(SKIPPED: no shared/corpus; set VOTTUR_CORPUS)'])(
    'on %s',
    { timeout: 300_000 },
    async (file) => {
      const document = await documentOf(file);
      expect(document).toBeDefined();
      const result = compare(document!);
      expect(result.wrong).toEqual([]);
      expect(result.passed).toBeLessThanOrEqual(result.examples);
    },
  );

  it('on generated schemas and values', { timeout: 600_000 }, () => {
    const type = fc.constantFrom('string', 'integer', 'number', 'boolean', 'null', 'array', 'object');
    const format = fc.constantFrom('int32', 'int64', 'email', 'uuid', 'date', 'date-time', 'uri', 'float', 'unknown');
    const pattern = fc.constantFrom('^a+$', '[0-9]', '^(a|b)*c$', '(?<=x)y', '\\p{L}');
    // Schemas of one or two keywords: with more, nearly every value fails for some other reason.
    const leaf = fc.oneof(
      fc.record({ type }),
      fc.record({ type, format }),
      fc.record({ format }),
      fc.record({ pattern }),
      fc.record({ type: fc.constant('string'), pattern }),
      fc.record({ minimum: fc.integer({ min: -5, max: 5 }) }),
      fc.record({ exclusiveMaximum: fc.integer({ min: -5, max: 5 }) }),
      fc.record({ multipleOf: fc.constantFrom(2, 0.5, 0.1) }),
      fc.record({ maxLength: fc.nat(4) }),
      fc.record({ enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }) }),
      fc.record({ type, nullable: fc.boolean() }),
      fc.record({ nullable: fc.constant(true) }),
      fc.constant({ $ref: '#/components/schemas/B' }),
      fc.record({ $ref: fc.constant('#/components/schemas/B'), type }),
    );
    const schema = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.constantFrom('a', 'b', 'format'), tie('node'), { maxKeys: 2 }),
            required: fc.subarray(['a', 'b']),
            additionalProperties: fc.oneof(fc.boolean(), tie('node')),
          },
          { requiredKeys: ['properties'] },
        ),
        fc.record({ type: fc.constant('array'), items: tie('node'), minItems: fc.nat(2) }, { requiredKeys: ['items'] }),
        fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ allOf: fc.array(tie('node'), { minLength: 1, maxLength: 2 }) }),
        fc.record({ not: tie('node') }),
      ),
    }));
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(
        'aaa',
        'a1',
        'ac',
        'x@y.is',
        '2026-11-28',
        'abc',
        2 ** 31,
        2 ** 31 - 1,
        2 ** 53,
        1.5,
        0.3,
        -1,
        4,
        [],
        {},
      ),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.jsonValue({ maxDepth: 1 })),
    );
    fc.assert(
      fc.property(fc.constantFrom('3.0.3', '3.1.0'), schema.node, schema.node, value, (openapi, a, b, generated) => {
        // An example is parsed from JSON or YAML text: fast-check's objects may have no prototype,
        // which ajv's enum equality (it compares constructors) tells apart from a parsed `{}`
        // (seed 1166312273: `{__proto__: null}` against `enum: [{}]`).
        const example: unknown = JSON.parse(JSON.stringify(generated));
        const document = {
          openapi,
          info: { title: 't', version: '1' },
          paths: {},
          components: { schemas: { A: a, B: b } },
        } as Document;
        const passes = exampleInterpreter(document, regExp);
        if (!passes(['components', 'schemas', 'A'], example)) return;
        const validate = exampleValidators(document)(['components', 'schemas', 'A']);
        let valid: boolean;
        try {
          valid = validate ? validate(example) : true;
        } catch {
          valid = true; // the rule reports nothing for a schema ajv cannot run
        }
        expect(valid).toBe(true);
      }),
      {
        numRuns: propertyRuns(2000),
        examples: [
          // ajv's multipleOf is wrong for quotients from 1e21 up (parseInt of "1e+21"): the interpreter must defer to it.
          [
            '3.0.3',
            { properties: {}, additionalProperties: { items: { multipleOf: 2 } } },
            { format: 'int32' },
            { a: [-2e21] },
          ],
        ],
      },
    );
  });
});

describe('which schemas the interpreter is trusted with', () => {
  // A walk that finds an untrusted schema marks the way it took there; every schema on it reaches
  // that schema, and a schema off the way is judged by its own walk.
  const document = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        A: { type: 'object', properties: { shared: { $ref: '#/components/schemas/Shared' } } },
        B: { type: 'array', items: { $ref: '#/components/schemas/Shared' } },
        Shared: { type: 'object', properties: { kind: { $ref: '#/components/schemas/Kinded' } } },
        Kinded: { type: 'object', discriminator: { propertyName: 'kind' }, properties: { kind: { type: 'string' } } },
        Plain: { type: 'object', properties: { name: { type: 'string' } } },
        Sibling: {
          type: 'object',
          properties: { plain: { $ref: '#/components/schemas/Plain' }, n: { type: 'integer' } },
        },
      },
    },
  } as Document;
  const at = (name: string): string[] => ['components', 'schemas', name];

  it.each([
    ['A', 'B', 'Shared'],
    ['Shared', 'B', 'A'],
    ['B', 'Shared', 'A'],
  ])('leaves every schema that reaches a discriminator to ajv, asked in the order %s, %s, %s', (...order) => {
    const passes = exampleInterpreter(document, regExp);
    const valid = { A: {}, B: [], Shared: {} } as Record<string, unknown>;
    for (const name of order) expect(passes(at(name), valid[name])).toBe(false);
    // A schema that reaches only trusted ones is still the interpreter's, before or after.
    expect(passes(at('Sibling'), { plain: { name: 'x' }, n: 1 })).toBe(true);
    expect(passes(at('Plain'), { name: 'x' })).toBe(true);
  });
});
