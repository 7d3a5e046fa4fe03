/**
 * Issue 34, B14: a 2,000-long `$ref` chain (178 KB) ended the gated lint in "unexpected failure:
 * rule platform-amount-format failed … Maximum call stack size exceeded" (exit 2), and the
 * language server published no diagnostics at all: a clean-looking file. Two mechanisms:
 * - the shared schema walk (`schemas`, rulesets/lib/openapi/views.ts) keeps its own stack, so a
 *   chain of any length is walked to its end;
 * - a rule that still throws is one `vottur-rule-failed` error finding for that rule, the other
 *   rules' findings stand, and the gate fails visibly, in the CLI and in the language server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runRules } from '../../src/lint/engine.js';
import { lintDocument } from '../../src/lint/lint.js';
import { RULE_FAILED_META } from '../../src/lint/limits.js';
import { defineRule } from '../../rulesets/lib/rule.js';
import type { Finding } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';
import { LspClient } from '../lsp/client.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-ref-chains-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Link = 'property' | 'allOf' | 'items' | 'bare' | 'additionalProperties' | 'anyOf' | 'not';
const LINKS: Link[] = ['property', 'allOf', 'items', 'bare', 'additionalProperties', 'anyOf', 'not'];

/** S0 → S1 → … → S`length`, each link of the given kind; `used`: the chain is a parameter's, a body's and a response's schema. */
function chain(length: number, link: Link, used = true): string {
  const to = (i: number) => ({ $ref: `#/components/schemas/S${i + 1}` });
  const shape = (i: number): unknown => {
    switch (link) {
      case 'property':
        return { type: 'object', properties: { amount: to(i) } };
      case 'allOf':
        return { allOf: [to(i)] };
      case 'items':
        return { type: 'array', items: to(i) };
      case 'bare':
        return to(i);
      case 'additionalProperties':
        return { type: 'object', additionalProperties: to(i) };
      case 'anyOf':
        return { anyOf: [to(i), { type: 'string' }] };
      case 'not':
        return { not: to(i) };
    }
  };
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) schemas[`S${i}`] = shape(i);
  schemas[`S${length}`] = { type: 'object', properties: { createdAt: { type: 'string' }, amount: { type: 'number' } } };
  const root = { $ref: '#/components/schemas/S0' };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'S', version: '1.0.0', description: 'x' },
    paths: !used
      ? {}
      : {
          '/v1/things': {
            post: {
              operationId: 'p',
              parameters: [{ name: 'q', in: 'query', schema: root }],
              requestBody: { content: { 'application/json': { schema: root } } },
              responses: { '200': { description: 'ok', content: { 'application/json': { schema: root } } } },
            },
          },
        },
    components: { schemas },
  });
}

const ids = (findings: Finding[]) => new Set(findings.map((f) => f.ruleId));

describe('a long $ref chain (B14)', () => {
  it('over the CLI: the attack`s 2,000-long chain gives findings and exit 1, never "unexpected failure"', async () => {
    writeFileSync(join(dir, 'chain.json'), chain(2000, 'property', false));
    const result = await votturInProcess(['lint', 'chain.json', '--gate', '-f', 'json'], { cwd: dir });
    expect(result.stderr).not.toMatch(/unexpected failure/);
    expect(result.code).toBe(1);
    const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings;
    // The schema walk reaches the chain's end: each of the 2,000 properties is judged.
    expect(findings.filter((f) => f.ruleId === 'platform-schema-property-description').length).toBeGreaterThan(2000);
    expect(ids(findings)).not.toContain(RULE_FAILED_META.id);
  });

  it('over the CLI: a 6,000-long chain used by a parameter and a body gives the example rules` findings, no rule fails', async () => {
    // schemaHasExample recursed once per link: "Maximum call stack size exceeded" in
    // platform-parameter-example, a vottur-rule-failed finding in place of the rule's own.
    for (const link of ['bare', 'property'] as const) {
      writeFileSync(join(dir, `used-${link}.json`), chain(6000, link));
      const result = await votturInProcess(['lint', `used-${link}.json`, '-f', 'json'], { cwd: dir });
      const found = ids((JSON.parse(result.stdout) as { findings: Finding[] }).findings);
      expect(found).not.toContain(RULE_FAILED_META.id);
      for (const rule of [
        'platform-parameter-example',
        'platform-request-body-example',
        'platform-response-body-example',
      ])
        expect(found).toContain(rule);
    }
  });

  it('over the CLI: a body that is an array of itself gives the example rules` findings, no rule fails', async () => {
    // Whether a body is raw bytes recursed down `items` without end: a vottur-rule-failed finding.
    const list = { $ref: '#/components/schemas/List' };
    const media = { content: { 'application/json': { schema: list } } };
    writeFileSync(
      join(dir, 'self-list.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'S', version: '1.0.0', description: 'x' },
        paths: {
          '/v1/things': {
            post: { operationId: 'p', requestBody: media, responses: { '200': { description: 'ok', ...media } } },
          },
        },
        components: { schemas: { List: { type: 'array', items: list } } },
      }),
    );
    const result = await votturInProcess(['lint', 'self-list.json', '-f', 'json'], { cwd: dir });
    const found = ids((JSON.parse(result.stdout) as { findings: Finding[] }).findings);
    expect(found).not.toContain(RULE_FAILED_META.id);
    for (const rule of ['platform-request-body-example', 'platform-response-body-example'])
      expect(found).toContain(rule);
  });

  it('a chain of references is judged once for all its links: those leading into a cycle are each a cycle, those reaching a definition are not, in either order', async () => {
    // platform-openapi-valid keeps each reference's answer for the rest of the document (a chain of
    // 6,000 was followed from each of its links); a link met first or last is judged alike.
    const cycleAt = async (schemas: Record<string, unknown>) => {
      const file = join(dir, 'cycles.json');
      writeFileSync(
        file,
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'C', version: '1.0.0' },
          paths: {},
          components: { schemas },
        }),
      );
      const { findings } = await lintDocument(file, { cwd: dir });
      return findings
        .filter((f) => f.ruleId === 'platform-openapi-valid' && /back to itself/.test(f.message))
        .map((f) => f.pointer)
        .sort();
    };
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const cycle = { Tail: ref('Into'), Into: ref('Ping'), Ping: ref('Pong'), Pong: ref('Ping') };
    const chain = { A: ref('B'), B: ref('C'), C: { type: 'object' } };
    const pointers = (...names: string[]) => names.map((name) => `/components/schemas/${name}/$ref`).sort();
    expect(await cycleAt({ ...cycle, ...chain })).toEqual(pointers('Into', 'Ping', 'Pong', 'Tail'));
    // The cycle's members met before the links leading into it, the definition's chain from its middle.
    expect(
      await cycleAt({
        Pong: cycle.Pong,
        Ping: cycle.Ping,
        Into: cycle.Into,
        Tail: cycle.Tail,
        B: chain.B,
        A: chain.A,
        C: chain.C,
      }),
    ).toEqual(pointers('Into', 'Ping', 'Pong', 'Tail'));
  });

  it('a rule that throws is one error finding of its own; the other rules run', () => {
    const fails = defineRule({
      id: 'x-throws',
      severity: 'warn',
      category: 'documentation',
      source: { document: 'seed', section: 'test' },
      description: 'throws',
      check: () => {
        const deep = (n: number): number => deep(n + 1) + 1;
        return [{ message: String(deep(0)), path: [] }];
      },
    });
    const works = defineRule({ ...fails, id: 'x-works', check: () => [{ message: 'found', path: ['info'] }] });
    const results = runRules([fails, works], { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} });
    expect(results.map((r) => [r.code, r.severity])).toEqual([
      [RULE_FAILED_META.id, 'error'],
      ['x-works', 'warn'],
    ]);
    expect(results[0]?.message).toMatch(/^Rule `x-throws` could not check this document \(Maximum call stack size/);
  });

  it('for any link kind and length: the lint ends with findings, and any rule that fails is a finding', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LINKS), fc.integer({ min: 1_000, max: 6_000 }), async (link, length) => {
        const file = join(dir, `${link}-${length}.json`);
        writeFileSync(file, chain(length, link));
        // lintDocument throws on a run that cannot end in findings (the CLI's "unexpected failure").
        const { findings } = await lintDocument(file, { cwd: dir });
        expect(findings.length).toBeGreaterThan(0);
        for (const finding of findings.filter((f) => f.ruleId === RULE_FAILED_META.id))
          expect(finding.severity).toBe('error');
      }),
      { numRuns: 8, seed: 34_14 },
    );
  });

  it('in the language server: the chain gets diagnostics, never a silent clean file', async () => {
    const folder = join(dir, 'ws');
    mkdirSync(join(folder, '.git'), { recursive: true });
    const api = join(folder, 'api.json');
    writeFileSync(api, chain(2000, 'property'));
    const lsp = await LspClient.start({ rootPath: folder, cwd: folder });
    try {
      await lsp.open(api);
      const diagnostics = await lsp.waitFor(api, (list) => list.length > 0);
      expect(diagnostics.some((d) => d.code === 'platform-schema-property-description')).toBe(true);
    } finally {
      await lsp.stop();
    }
  });
});
