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
