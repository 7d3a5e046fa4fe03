/**
 * recogniseNationalId is asked about one field by several rules, with and without the document's
 * own use of the name (`byDocument`): each answer must be what that question alone gives, whatever
 * was asked before and whatever a caller did with an earlier answer.
 */
import { describe, expect, it } from 'vitest';
import { recogniseNationalId } from '../../rulesets/lib/national-id.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';
import { DEFAULT_VOCABULARY } from '../../rulesets/lib/vocabulary.js';

function description(): Document {
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Applicant: {
          type: 'object',
          properties: { idNumber: { type: 'string', description: 'Kennitala umsækjanda' } },
        },
        Vehicle: { type: 'object', properties: { idNumber: { type: 'string' }, colour: { type: 'string' } } },
      },
    },
  };
}

describe('recogniseNationalId, asked again about one field', () => {
  it('answers by the document only when asked to, in either order', () => {
    const document = description();
    const vehicle = (document.components as { schemas: Record<string, { properties: Record<string, object> }> }).schemas
      .Vehicle.properties;
    const path = ['components', 'schemas', 'Vehicle', 'properties', 'idNumber'];
    const schema = vehicle.idNumber;
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'idNumber', schema, path, schema as never, false)).toBe(
      undefined,
    );
    const found = recogniseNationalId(document, DEFAULT_VOCABULARY, 'idNumber', schema, path, schema as never);
    expect(found).toMatchObject({ by: 'description', plural: false, path });
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'idNumber', schema, path, schema as never, false)).toBe(
      undefined,
    );
    // An answer changed by its caller is not the next caller's.
    if (found) found.plural = true;
    expect(recogniseNationalId(document, DEFAULT_VOCABULARY, 'idNumber', schema, path, schema as never)).toMatchObject({
      plural: false,
    });
    // The same schema object under another name or place is read for that name and place.
    expect(
      recogniseNationalId(
        document,
        DEFAULT_VOCABULARY,
        'colour',
        schema,
        [...path.slice(0, -1), 'colour'],
        schema as never,
      ),
    ).toBe(undefined);
  });
});

describe('recogniseNationalId, a foreign term remembered per name', () => {
  it('hands each caller its own prefix, and reads the same name the same way at every place', () => {
    const document = description();
    const ask = (at: string) =>
      recogniseNationalId(
        document,
        DEFAULT_VOCABULARY,
        'debtorPersonnummer',
        { type: 'string' },
        ['components', 'schemas', at, 'properties', 'debtorPersonnummer'],
        { type: 'string' },
      );
    const first = ask('Applicant');
    expect(first).toMatchObject({ by: 'alias', foreign: 'the Swedish personnummer', prefix: ['debtor'] });
    // The name rule builds its suggestion from the prefix: a caller that changes it changes only its own.
    first?.prefix?.push('changed');
    expect(ask('Vehicle')).toMatchObject({ prefix: ['debtor'] });
  });

  it('reads a foreign description the same way however often it is asked', () => {
    const document = description();
    const schema = { type: 'string', description: 'Fødselsnummer til skyldner' };
    for (const at of ['Applicant', 'Vehicle', 'Applicant'])
      expect(
        recogniseNationalId(
          document,
          DEFAULT_VOCABULARY,
          'nationalId',
          schema,
          ['components', 'schemas', at, 'properties', 'nationalId'],
          schema as never,
        ),
      ).toMatchObject({ by: 'name', foreign: 'the Norwegian fødselsnummer' });
  });
});
