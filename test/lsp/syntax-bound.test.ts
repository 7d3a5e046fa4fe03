/** Issue 34, B7: the language server reads every document through one bounded reader. */
import { describe, expect, it } from 'vitest';
import { Syntax } from '../../src/lsp/syntax.js';
import { MAX_NESTING } from '../../src/lint/json.js';

describe('Syntax.read', () => {
  it('refuses a JSON text nested 1,000,000 deep in well under a second, before any parser', () => {
    const deep = `{"openapi":"3.0.3","x-deep":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    const started = performance.now();
    expect(Syntax.read(deep)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses YAML flow collections past the bound, and reads a document at it', () => {
    expect(
      Syntax.read(`openapi: 3.0.3\nx: ${'['.repeat(MAX_NESTING + 1)}${']'.repeat(MAX_NESTING + 1)}\n`),
    ).toBeUndefined();
    const syntax = Syntax.read(`openapi: 3.0.3\nx: ${'['.repeat(MAX_NESTING - 1)}${']'.repeat(MAX_NESTING - 1)}\n`);
    expect(syntax?.at({ line: 0, character: 2 })?.path).toEqual(['openapi']);
  });
});
