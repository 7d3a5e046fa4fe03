/**
 * The document's own words (issue 37, tenth outside measurement): glued segments split where the
 * prose writes their words apart, plurals the prose writes, and the bound on the work a hostile
 * prose can cause (reached, it is a walk-limit note, never silence).
 */
import { describe, expect, it } from 'vitest';
import { documentPlural, documentSplit, gluedSegmentWords } from '../../rulesets/lib/document-words.js';
import { limitsReached } from '../../rulesets/lib/openapi/limits.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';

const described = (...texts: string[]): Document => ({
  openapi: '3.0.3',
  info: { title: 'T', version: '1.0.0' },
  paths: Object.fromEntries(texts.map((text, i) => [`/p${i}`, { get: { description: text, responses: {} } }])),
});

describe('documentSplit', () => {
  it('splits a glued segment as the prose writes its words', () => {
    const document = described('Zoek Maatschappelijke activiteiten van een eigenaar.', 'Niet Natuurlijk Personen.');
    expect(documentSplit(document, 'maatschappelijkeactiviteiten')).toEqual(['maatschappelijke', 'activiteiten']);
    expect(documentSplit(document, 'nietnatuurlijkpersonen')).toEqual(['niet', 'natuurlijk', 'personen']);
  });
  it('leaves a segment the prose writes whole, an English word and code quoted in prose', () => {
    expect(
      documentSplit(described('Handelsregister personen: de handelsregisterpersonen.'), 'handelsregisterpersonen'),
    ).toBeUndefined();
    expect(documentSplit(described('The health care.'), 'healthcare')).toBeUndefined();
    expect(gluedSegmentWords(described('See `/v1/invoiceitems` for the invoice items.'), 'invoiceitems')).toEqual([
      'invoice',
      'items',
    ]);
  });
  it('bounds its work on a hostile prose and notes the bound', () => {
    // Every run of a's from 3 to 57 letters, each beside every other: each segment below is read
    // through many states before it fails; together they pass the document's budget.
    const runs = Array.from({ length: 55 }, (_, i) => 'a'.repeat(i + 3));
    const texts = runs.flatMap((first) => runs.map((second) => `${first} ${second}`));
    const chunks: string[] = [];
    for (let i = 0; i < texts.length; i += 60) chunks.push(texts.slice(i, i + 60).join(' . '));
    const document = described(...chunks);
    const started = Date.now();
    for (let tail = 1; tail <= 50 && limitsReached(document).length === 0; tail++)
      expect(documentSplit(document, `${'a'.repeat(60 - tail)}${'b'.repeat(tail)}`, 100_000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(limitsReached(document).map((limit) => limit.what)).toEqual([
      "more than 100,000 steps reading glued path segments by the document's own words",
    ]);
  });
});

describe('documentPlural', () => {
  it('takes the regular plural the document writes, English or German', () => {
    expect(documentPlural(described('Issues access tokens.'), 'token', false)).toBe('tokens');
    expect(documentPlural(described('Die Suche nach Krankenhäusern.'), 'krankenhaus', true)).toBe('krankenhaeuser');
    expect(documentPlural(described('Die Kinder.'), 'kind', true)).toBe('kinder');
  });
  it('takes none the document does not write, nor a genitive singular', () => {
    expect(documentPlural(described('The token.'), 'token', false)).toBeUndefined();
    expect(documentPlural(described('Die Daten des Krankenhauses.'), 'krankenhaus', true)).toBeUndefined();
  });
});
