import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { FINDINGS_PER_CHUNK, formatJson, formatJsonChunks, toJsonReport } from '../../src/report/formatters/json.js';
import { maskDeep } from '../../src/pii.js';
import { parseJsonReport } from '../../src/report/merge.js';
import { reportSchema } from '../../src/report/schema.js';
import type { Report } from '../../src/report/finding.js';
import {
  CONTEXT,
  contractReport,
  emptyReport,
  lintReport,
  MASKED,
  NATIONAL_ID,
  NATIONAL_ID_HYPHEN,
  sampleReport,
} from './sample.js';
import type { JsonObject } from '../../rulesets/lib/openapi/types.js';
import { objectAt } from '../values.js';

const addFormats = addFormatsModule.default;

/**
 * The schema with `additionalProperties: false` added to every object it describes: the JSON
 * report may not write a property the schema does not document.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema))
      out[key] =
        key === 'properties' || key === '$defs'
          ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, closed(v)]))
          : closed(value);
    if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
    return out;
  }
  return schema;
}

function validator(strict: boolean) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv.compile(strict ? (closed(reportSchema()) as object) : reportSchema());
}

const reports: Array<[string, () => Report]> = [
  ['check (lint and contract)', sampleReport],
  ['lint', lintReport],
  ['test (contract)', contractReport],
  ['no findings', emptyReport],
];

describe('json format', () => {
  it('is a JSON Schema 2020-12 document', () => {
    expect(reportSchema().$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  for (const [name, make] of reports) {
    for (const showPii of [false, true]) {
      it(`validates against assets/report.schema.json, every property documented: ${name}${showPii ? ', --show-pii' : ''}`, () => {
        const value = JSON.parse(formatJson(make(), { ...CONTEXT, showPii }));
        const validate = validator(true);
        expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      });
    }
  }

  it('writes the documented top-level object in camelCase', () => {
    const value = JSON.parse(formatJson(sampleReport(), CONTEXT));
    expect(Object.keys(value)).toEqual([
      'tool',
      'createdTimestamp',
      'documents',
      'summary',
      'score',
      'absoluteScore',
      'rules',
      'findings',
      'operations',
    ]);
    expect(value.tool).toEqual({ name: 'vottur', version: '0.1.0' });
    expect(value.summary).toEqual({ error: 4, warn: 4, info: 0, hint: 1 });
    expect(value.score).toMatchObject({ score: 25, grade: 'F' });
    expect(value.score.byCategory['data-format']).toMatchObject({ score: 54, grade: 'F', rules: 4 });
    expect(value.findings).toHaveLength(9);
    expect(value.findings[1]).toMatchObject({
      ruleId: 'platform-national-id-format',
      line: 17,
      column: 13,
      severity: 'error',
      category: 'data-format',
    });
    expect(value.operations).toHaveLength(3);
  });

  it('masks national identifiers unless --show-pii', () => {
    const masked = formatJson(sampleReport(), CONTEXT);
    expect(masked).not.toContain(NATIONAL_ID);
    expect(masked).not.toContain(NATIONAL_ID_HYPHEN);
    expect(masked).toContain(MASKED);
    expect(masked).toContain('/v2/users/010130****');
    const shown = formatJson(sampleReport(), { ...CONTEXT, showPii: true });
    expect(shown).toContain(NATIONAL_ID);
    expect(shown).toContain(NATIONAL_ID_HYPHEN);
  });

  it('reads back into the same report', () => {
    const report = sampleReport();
    expect(parseJsonReport(JSON.parse(formatJson(report, { ...CONTEXT, showPii: true })))).toEqual(report);
  });

  it('has a schema that rejects what is not a report', () => {
    const validate = validator(false);
    const good = JSON.parse(formatJson(sampleReport(), CONTEXT));
    expect(validate(good)).toBe(true);
    // Each makes the report wrong in one place, which is what the schema must see.
    const mutations: Array<(r: JsonObject) => void> = [
      (r) => delete r.findings,
      (r) => delete r.score,
      (r) => (objectAt(r, ['findings', 0]).severity = 'fatal'),
      (r) => (objectAt(r, ['findings', 0]).category = 'style'),
      (r) => (objectAt(r, ['findings', 0]).line = 0),
      (r) => (objectAt(r, ['findings', 0]).pointer = 'paths/x'),
      (r) => (r.createdTimestamp = 'yesterday'),
      (r) => (objectAt(r, ['score']).grade = 'E'),
      (r) => (objectAt(r, ['score']).score = 101),
      (r) => delete objectAt(r, ['score', 'byCategory']).security,
      (r) => (objectAt(r, ['rules', 0]).docsUrl = 'not a uri'),
      (r) => (objectAt(r, ['operations', 0]).requests = -1),
    ];
    for (const mutate of mutations) {
      const copy = structuredClone(good);
      mutate(copy);
      expect(validate(copy), mutate.toString()).toBe(false);
    }
    expect(validate([])).toBe(false);
  });

  describe('written in pieces (a large report is never one string)', () => {
    /** A lint report of `count` findings, every seventh naming a national identifier in its message and pointer. */
    function many(count: number): Report {
      const base = lintReport();
      const findings = Array.from({ length: count }, (_, i) => {
        const finding = base.findings[i % base.findings.length];
        const id = i % 7 === 0 ? `/users/${NATIONAL_ID}` : `/users/${i}`;
        return {
          ...finding,
          message: `${finding.message} (${i})`,
          pointer: `/paths/${id.replace(/\//g, '~1')}`,
          path: ['paths', id],
        };
      });
      return { ...base, findings };
    }

    for (const count of [
      0,
      1,
      FINDINGS_PER_CHUNK - 1,
      FINDINGS_PER_CHUNK,
      FINDINGS_PER_CHUNK + 1,
      2 * FINDINGS_PER_CHUNK,
      1234,
    ]) {
      for (const showPii of [false, true]) {
        it(`are, joined, JSON.stringify of the whole report: ${count} findings${showPii ? ', --show-pii' : ''}`, () => {
          const report = count === 0 ? emptyReport() : many(count);
          const whole = `${JSON.stringify(showPii ? toJsonReport(report, { showPii }) : maskDeep(toJsonReport(report, { showPii: true })), null, 2)}\n`;
          const pieces = [...formatJsonChunks(report, { ...CONTEXT, showPii })];
          expect(pieces.join('')).toBe(whole);
          expect(formatJson(report, { ...CONTEXT, showPii })).toBe(whole);
          // Findings are rendered some at a time.
          expect(pieces.length).toBe(Math.ceil(count / FINDINGS_PER_CHUNK) + 1);
        });
      }
    }

    it('leave out a member with no JSON value, as JSON.stringify does', () => {
      const report = { ...sampleReport(), operations: undefined } as unknown as Report;
      expect([...formatJsonChunks(report, CONTEXT)].join('')).toBe(
        `${JSON.stringify(maskDeep(toJsonReport(report, { showPii: true })), null, 2)}\n`,
      );
    });
  });
});
