/**
 * Issue 34 (outside attack, round 5, C8): `diff --gate` said "0 changes … allows these changes",
 * exit 0, for a breaking change reached through 64 component `$ref`s (a response, a parameter, a
 * request body or a header, each a `$ref` to the next); 63 worked. Now a chain is followed to the
 * bound (MAX_REF_HOPS) and beyond it the place is `diff-ref-limit-reached`, an error: a breaking
 * change or the limit, exit 1, never silence. Over the CLI (in process), the attacker's shapes and
 * a property over chain length and kind.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REF_HOPS } from '../../rulesets/lib/openapi/resolve.js';
import { BEYOND_REFERENCE_VISITS, danglingReference, MAX_REFERENCE_VISITS } from '../../src/diff/sides.js';
import { votturInProcess } from '../cli/run.js';

const work = mkdtempSync(join(tmpdir(), 'vottur-diff-chains-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Kind = 'response' | 'parameter' | 'requestBody' | 'header';
type Json = Record<string, unknown>;

/** Each kind: its components map, the change at the chain's end (base, revision), the check that sees it. */
const KINDS: Record<Kind, { map: string; end: (revision: boolean) => Json; change: string }> = {
  response: {
    map: 'responses',
    end: (revision) => ({
      description: 'ok',
      content: { 'application/json': { schema: { type: revision ? 'array' : 'object' } } },
    }),
    change: 'diff-response-body-type-changed',
  },
  parameter: {
    map: 'parameters',
    end: (revision) => ({ name: 'q', in: 'query', required: revision, schema: { type: 'string' } }),
    change: 'diff-request-parameter-became-required',
  },
  requestBody: {
    map: 'requestBodies',
    end: (revision) => ({
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', ...(revision ? { required: ['x'] } : {}), properties: { x: { type: 'string' } } },
        },
      },
    }),
    change: 'diff-request-body-property-became-required',
  },
  header: {
    map: 'headers',
    end: (revision) => ({ description: 'd', schema: { type: revision ? 'integer' : 'string' } }),
    change: 'diff-response-header-type-changed',
  },
};

/** A description whose one operation reaches a `kind` component through `refs` `$ref`s in all (the attacker's shape). */
function description(kind: Kind, refs: number, revision: boolean): Json {
  const { map, end } = KINDS[kind];
  const ref = (i: number) => ({ $ref: `#/components/${map}/C${i}` });
  const components: Json = {};
  for (let i = 0; i < refs - 1; i++) components[`C${i}`] = ref(i + 1);
  components[`C${refs - 1}`] = end(revision);
  const operation: Json = {
    operationId: 'a',
    summary: 's',
    description: 'd',
    responses: { '200': { description: 'ok' } },
  };
  if (kind === 'response') operation.responses = { '200': ref(0) };
  if (kind === 'parameter') operation.parameters = [ref(0)];
  if (kind === 'requestBody') operation.requestBody = ref(0);
  if (kind === 'header') operation.responses = { '200': { description: 'ok', headers: { 'X-A': ref(0) } } };
  return {
    openapi: '3.0.3',
    info: { title: 'S', version: '1.0.0', description: 'x' },
    paths: { '/v1/a': { [kind === 'requestBody' ? 'post' : 'get']: operation } },
    components: { [map]: components },
  };
}

async function diff(kind: Kind, refs: number) {
  const files = [false, true].map((revision) => {
    const file = join(work, `${kind}-${refs}-${revision ? 'revision' : 'base'}.json`);
    writeFileSync(file, JSON.stringify(description(kind, refs, revision)));
    return file;
  });
  const result = await votturInProcess(['diff', '--gate', '--no-config', '--format', 'json', ...files]);
  const findings = (
    JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string; pointer: string }> }
  ).findings;
  return { code: result.code, findings, ids: findings.map((finding) => finding.ruleId) };
}

const kinds = Object.keys(KINDS) as Kind[];

describe('issue 34 C8: a breaking change behind a chain of component $refs is never silence', () => {
  it.each(kinds)(
    "%s: 64 $refs (followed) is the breaking change, 65 (the attacker's 64-chain) is the limit; exit 1",
    async (kind) => {
      const within = await diff(kind, MAX_REF_HOPS);
      expect(within.ids).toContain(KINDS[kind].change);
      expect(within.ids).not.toContain('diff-ref-limit-reached');
      expect(within.code).toBe(1);
      const beyond = await diff(kind, MAX_REF_HOPS + 1);
      const limit = beyond.findings.find((finding) => finding.ruleId === 'diff-ref-limit-reached');
      expect(limit?.severity).toBe('error');
      expect(limit?.pointer).toMatch(/^\/paths\/~1v1~1a\/(get|post)\//);
      expect(beyond.code).toBe(1);
    },
  );

  it('any length, any kind: the change or the limit, exit 1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), fc.integer({ min: 1, max: 3 * MAX_REF_HOPS }), async (kind, refs) => {
        const { code, ids } = await diff(kind, refs);
        expect(code).toBe(1);
        expect(ids).toContain(refs <= MAX_REF_HOPS ? KINDS[kind].change : 'diff-ref-limit-reached');
      }),
      { numRuns: 40 },
    );
  });

  it('a cycle of components is the limit, not "0 changes"', async () => {
    const cyclic = (revision: boolean) => {
      const doc = description('response', 3, revision);
      const responses = (doc.components as Json).responses as Json;
      responses.C2 = { $ref: '#/components/responses/C0' };
      if (revision) (doc.info as Json).version = '1.0.1';
      return doc;
    };
    const files = [false, true].map((revision) => {
      const file = join(work, `cycle-${revision}.json`);
      writeFileSync(file, JSON.stringify(cyclic(revision)));
      return file;
    });
    const result = await votturInProcess(['diff', '--gate', '--no-config', ...files]);
    expect(result.stdout).toContain('diff-ref-limit-reached');
    expect(result.code).toBe(1);
  });
});

describe("issue 34 C8: the diff's other bounds are said, never silence", () => {
  it('a description with more objects than the reference check reads is beyond it, not "every reference resolves"', () => {
    // Objects the walk visits first (it reads last members first), then a reference that names nothing.
    const doc = {
      paths: { '/v1/a': { get: { parameters: [{ $ref: '#/components/parameters/Nowhere' }] } } },
      components: { schemas: { Z: { allOf: new Array<number>(MAX_REFERENCE_VISITS + 1).fill(0) } } },
    };
    expect(danglingReference(doc)).toBe(BEYOND_REFERENCE_VISITS);
    // Within the bound the dangling reference is found (the same walk, the check can tell).
    doc.components.schemas.Z.allOf.length = 10;
    expect(danglingReference(doc)).toMatch(/^`\$ref: "#\/components\/parameters\/Nowhere"` at \/paths/);
  });
});
