/**
 * `recogniseNationalId` keeps its answers per document, vocabulary and schema object (several
 * rules ask about every property and parameter): a kept answer is given only for the same name,
 * path, holder and `byDocument`, never for another field that shares the schema object.
 */
import { describe, expect, it } from 'vitest';
import { recogniseNationalId } from '../../rulesets/lib/national-id.js';
import { DEFAULT_VOCABULARY, vocabularyWith } from '../../rulesets/lib/vocabulary.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';

const shared = { type: 'string' };
const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } as unknown as Document;

describe('recogniseNationalId answers kept per schema object', () => {
  it('gives the same answer when asked again with the same arguments', () => {
    const first = recogniseNationalId(document, DEFAULT_VOCABULARY, 'kennitala', shared, ['a', 'schema']);
    expect(first?.by).toBe('alias');
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'kennitala', shared, ['a', 'schema'])).toEqual(first);
  });

  it('answers another name, path or holder of the same schema object anew', () => {
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'kennitala', shared, ['b'])?.by).toBe('alias');
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'title', shared, ['b'])).toBeUndefined();
    // The path of the answer is the one asked about, not the first asker's.
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'kennitala', shared, ['c', 0])?.path).toEqual(['c', 0]);
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'kennitala', shared, ['c', '0'])?.path).toEqual([
      'c',
      '0',
    ]);
    // The holder's description counts: the same name and schema with another holder is asked anew.
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'owner', shared, ['d'], {})).toBeUndefined();
    expect(
      recogniseNationalId(document, DEFAULT_VOCABULARY, 'owner', shared, ['d'], { description: 'Kennitala eiganda' })
        ?.by,
    ).toBe('description');
  });

  it('keeps the answers of each vocabulary and document apart', () => {
    const withAlias = vocabularyWith({ nationalIdAliases: ['ownerRef'] });
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'ownerRef', shared, ['e'])).toBeUndefined();
    expect(recogniseNationalId(document, withAlias, 'ownerRef', shared, ['e'])?.by).toBe('alias');
    const other = {
      ...document,
      components: { schemas: { Person: { properties: { ownerRef: { type: 'string', description: 'Kennitala' } } } } },
    } as unknown as Document;
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'ownerRef', shared, ['f'])).toBeUndefined();
    expect(recogniseNationalId(other, DEFAULT_VOCABULARY, 'ownerRef', shared, ['f'])?.by).toBe('description');
  });
});
