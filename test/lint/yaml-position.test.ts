/**
 * A YAML syntax error is reported where the parser stopped, not at 1:1. yaml-ast-parser reports
 * text after the end of the first document (a stray `]` or `}` at the start of a line: "expected a
 * single document in the stream") at offset 0 of line 0 with only the offset set; the loader turns
 * that offset into the line and column of the first character it could not read.
 */
import { DiagnosticSeverity } from '@stoplight/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/lint/yaml.js';

const LINES = ['openapi: 3.0.3', 'info:', '  title: A', '  version: 1.0.0', 'paths:', '  /a:', '    get: {}'];

function errors(text: string) {
  return parseYaml(text)
    .parsed.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error)
    .map((error) => ({ line: error.range.start.line, character: error.range.start.character, message: error.message }));
}

const firstError = (text: string) => errors(text)[0];

describe('YAML syntax errors', () => {
  it('puts a stray closing bracket after the first document at its own line and column', () => {
    const text = [...LINES.slice(0, 4), ']', ...LINES.slice(4)].join('\n');
    expect(errors(text)).toEqual([
      { line: 4, character: 0, message: 'end of the stream or a document separator is expected' },
      { line: 4, character: 0, message: 'expected a single document in the stream, but found more' },
    ]);
  });

  it('keeps the position yaml-ast-parser gives other errors (bad indentation at 5:2)', () => {
    const text = [...LINES.slice(0, 4), ' x: y', ...LINES.slice(4)].join('\n');
    expect(firstError(text)).toMatchObject({ line: 4, character: 1 });
  });

  it('reports the line of the stray character wherever it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LINES.length }), fc.constantFrom(']', '}'), (at, stray) => {
        const text = [...LINES.slice(0, at), `${stray} trailing`, ...LINES.slice(at)].join('\n');
        // The first errors are the stray character's (what follows may break further).
        expect(
          errors(text)
            .map((error) => [error.line, error.character])
            .slice(0, 2),
        ).toEqual([
          [at, 0],
          [at, 0],
        ]);
      }),
      { numRuns: 30 },
    );
  });
});

describe('tabs (sixth outside measurement, issue 37)', () => {
  const tabWarnings = (text: string) =>
    parseYaml(text)
      .parsed.diagnostics.filter((d) => /tabs/.test(d.message))
      .map((d) => [d.range.start.line, d.range.start.character]);

  it("a tab inside a quoted or block scalar is the scalar's content: no warning (an HTML table in a description gave 264)", () => {
    const quoted = [
      'openapi: 3.0.3',
      'info:',
      '  title: A',
      '  version: 1.0.0',
      '  description: "<table>',
      '\t<tr>',
      '\t\t<td>x</td>"',
      'paths: {}',
    ];
    expect(tabWarnings(quoted.join('\n'))).toEqual([]);
    const block = [
      'openapi: 3.0.3',
      'info:',
      '  title: A',
      '  version: 1.0.0',
      '  description: |',
      '    a\tb',
      '    \tc',
      'paths: {}',
    ];
    expect(tabWarnings(block.join('\n'))).toEqual([]);
  });

  it('a tab outside any scalar (after a value, as separation) is still a warning, at its place', () => {
    const text = ['openapi: 3.0.3', 'info:', '  title: A\t', '  version: 1.0.0', 'paths: {}'].join('\n');
    expect(tabWarnings(text)).toEqual([[2, 10]]);
  });

  it('wherever tabs stand inside a double-quoted value that the yaml package (YAML 1.2) reads without error, none is a warning (property)', async () => {
    const { parseDocument } = await import('yaml');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', ' ', '\t', '\n\t', '<td>', '\n  '), { minLength: 1, maxLength: 30 }),
        (parts) => {
          const text = `openapi: 3.0.3\ninfo:\n  title: "${parts.join('')}"\n  version: 1.0.0\npaths: {}\n`;
          if (parseDocument(text).errors.length > 0) return;
          expect(tabWarnings(text)).toEqual([]);
        },
      ),
      { numRuns: 200, seed: 37_6 },
    );
  });
});
