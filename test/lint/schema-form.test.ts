/**
 * The description's JSON Schema form converted one schema root at a time (`schemaForm` in
 * rulesets/lib/openapi/json-schema.ts) holds at every path what the whole conversion
 * (`preparedDescription`) holds, and the part of it given to ajv for the failing examples
 * (`reaching`) makes ajv give the same verdicts and errors as the whole description.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDescription } from '../../src/lint/load.js';
import {
  convertSchema30,
  preparedDescription,
  schemaForm,
  schemaRoots,
  valueAt,
} from '../../rulesets/lib/openapi/json-schema.js';
import { exampleInterpreter } from '../../rulesets/lib/openapi/interpreted.js';
import type { Document, JsonPath } from '../../rulesets/lib/openapi/types.js';
import { exampleChecks, exampleValidators, regExp } from '../../rulesets/rules/platform-example-valid.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';

async function documentOf(file: string): Promise<Document> {
  const { data } = await loadDescription(file);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${file} is not an object`);
  return data as Document;
}

/** Every path under `node` (objects and lists), from `path`. */
function pathsUnder(node: unknown, path: JsonPath, into: JsonPath[]): JsonPath[] {
  into.push(path);
  if (Array.isArray(node)) node.forEach((item, i) => pathsUnder(item, [...path, i], into));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) pathsUnder(value, [...path, key], into);
  return into;
}

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const TWILIO = join(CORPUS_DIR ?? '', 'large/twilio_api_v2010.json');

describe.skipIf(!CORPUS_DIR)(
  corpusTitle('the JSON Schema form of a corpus description, converted as it is read'),
  () => {
    reportMissingCorpus();
    it('holds what the whole conversion holds, at every path under every schema root (Twilio)', async () => {
      const document = await documentOf(TWILIO);
      const whole = preparedDescription(document, true);
      const form = schemaForm(document, true);
      let compared = 0;
      for (const root of schemaRoots(document)) {
        for (const path of pathsUnder(valueAt(whole, root), root, [])) {
          expect(form.at(path), path.join('/')).toEqual(valueAt(whole, path));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(10_000);
    });

    it('assembles the whole form as converting every root of one JSON copy of the description does (Twilio, Box)', async () => {
      for (const file of [TWILIO, join(CORPUS_DIR ?? '', 'large/box_openapi.json')]) {
        const document = await documentOf(file);
        // The conversion as it was written before the form was converted root by root.
        const reference = JSON.parse(JSON.stringify(document)) as Document;
        for (const root of schemaRoots(document)) {
          const schema = valueAt(reference, root);
          if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) continue;
          const parent = valueAt(reference, root.slice(0, -1)) as Record<string | number, unknown>;
          parent[root.at(-1) ?? ''] = convertSchema30(schema as Record<string, unknown>, ['discriminator']);
        }
        const form = schemaForm(document, true);
        // Some roots read first (as the interpreter does), the rest converted when the whole is assembled.
        for (const root of schemaRoots(document).filter((_, i) => i % 3 === 0)) form.at(root);
        expect(form.whole()).toEqual(reference);
        expect(preparedDescription(document, true)).toBe(form.whole());
      }
    });

    it('gives ajv only what the failing examples reach, with the same verdicts and errors as the whole description (Twilio)', async () => {
      const document = await documentOf(TWILIO);
      const passes = exampleInterpreter(document, regExp);
      const failing = exampleChecks(document).filter(({ given, schemaPath }) => !passes(schemaPath, given.value));
      expect(failing.length).toBeGreaterThan(100);
      const part = schemaForm(document, true).reaching(failing.map(({ schemaPath }) => schemaPath));
      expect(part).not.toBe(preparedDescription(document, true));
      expect(Object.keys((part.components as { schemas: object }).schemas).length).toBeLessThan(
        Object.keys((preparedDescription(document, true).components as { schemas: object }).schemas).length,
      );
      const announced = exampleValidators(document);
      announced.announce(failing.map(({ schemaPath }) => schemaPath));
      // A copy of the document: validators are memoised per document, and this one is never announced.
      const whole = exampleValidators(structuredClone(document));
      for (const { given, schemaPath } of failing) {
        const a = announced(schemaPath);
        const b = whole(schemaPath);
        expect(a === undefined).toBe(b === undefined);
        expect(a?.(given.value)).toBe(b?.(given.value));
        expect(a?.errors ?? null).toEqual(b?.errors ?? null);
      }
    });

    it('gives ajv a part of Box, whose `$id`s are property names and schema examples, with the same verdicts and errors', async () => {
      const document = await documentOf(join(CORPUS_DIR ?? '', 'large/box_openapi.json'));
      const checks = exampleChecks(document);
      const paths = checks.map(({ schemaPath }) => schemaPath);
      const part = schemaForm(document, true).reaching(paths);
      expect(part).not.toBe(preparedDescription(document, true));
      const announced = exampleValidators(document);
      announced.announce(paths);
      const whole = exampleValidators(structuredClone(document));
      for (const { given, schemaPath } of checks) {
        const a = announced(schemaPath);
        const b = whole(schemaPath);
        expect(a === undefined).toBe(b === undefined);
        expect(a?.(given.value)).toBe(b?.(given.value));
        expect(a?.errors ?? null).toEqual(b?.errors ?? null);
      }
    });
  },
);

describe('the part of the JSON Schema form given to ajv', () => {
  it('is the whole description where a part could read differently', () => {
    const base = (components: object, paths: object = {}) =>
      ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components }) as unknown as Document;
    const at: JsonPath = ['components', 'schemas', 'A'];
    // An `$id` anywhere: ajv registers it from the whole description (and refuses duplicates).
    const identified = base({ schemas: { A: { type: 'string' }, B: { $id: 'https://example.com/b' } } });
    expect(schemaForm(identified, true).reaching([at])).toBe(preparedDescription(identified, true));
    // A reference to something that is not a schema root (a parameter object).
    const parameterRef = base({
      schemas: { A: { properties: { p: { $ref: '#/components/parameters/P' } } } },
      parameters: { P: { name: 'p', in: 'query', schema: { type: 'string' } } },
    });
    expect(schemaForm(parameterRef, true).reaching([at])).toBe(preparedDescription(parameterRef, true));
    // A reference to another file.
    const external = base({ schemas: { A: { $ref: 'other.yaml#/A' } } });
    expect(schemaForm(external, true).reaching([at])).toBe(preparedDescription(external, true));
    // A reference to a schema root that does not exist.
    const missing = base({ schemas: { A: { $ref: '#/components/schemas/Missing' } } });
    expect(schemaForm(missing, true).reaching([at])).toBe(preparedDescription(missing, true));
    // An `$id` in an example outside every schema root (kept by the conversion): ajv reads it too.
    const exampleId = base(
      { schemas: { A: { type: 'string' } } },
      {
        '/x': { get: { responses: { '200': { content: { 'application/json': { example: { $id: 'x' } } } } } } },
      },
    );
    expect(schemaForm(exampleId, true).reaching([at])).toBe(preparedDescription(exampleId, true));
    // One under a keyword the conversion keeps (`not` is converted, a `default` is copied as it is).
    const defaultId = base({ schemas: { A: { type: 'object', default: { $anchor: 'a' } } } });
    expect(schemaForm(defaultId, true).reaching([at])).toBe(preparedDescription(defaultId, true));
    // Otherwise the part: the root asked for and what it reaches, converted, and nothing else.
    const plain = base(
      {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { type: 'string', nullable: true },
          C: { type: 'integer' },
        },
      },
      { '/x': { get: { responses: { '200': json({ $ref: '#/components/schemas/A' }) } } } },
    );
    // A property named `$id`, and an `$id` in a schema's `example` (the conversion drops `example`):
    // no identifier ajv registers, so the part.
    const named = base({
      schemas: {
        A: { type: 'object', properties: { $id: { type: 'string' } }, example: { $id: 'x' } },
        B: { type: 'object', additionalProperties: { example: { $anchor: 'y' } } },
      },
    });
    expect(schemaForm(named, true).reaching([at])).toEqual({
      components: { schemas: { A: { type: 'object', properties: { $id: { type: 'string' } } } } },
    });
    const part = schemaForm(plain, true).reaching([
      ['paths', '/x', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
    ]);
    expect(part).toEqual({
      paths: { '/x': { get: { responses: { '200': json({ $ref: '#/components/schemas/A' }) } } } },
      components: {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { type: ['string', 'null'] },
        },
      },
    });
  });
});
