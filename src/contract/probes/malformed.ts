/**
 * An identifier of the wrong form → 400 with Problem Details (bad input is never a 5xx, and never
 * served). Sent for every national-identifier, `uuid` or integer identifier of the operation, its
 * value replaced by `not-a-national-id`, `not-a-uuid` or `not-a-number`.
 */
import { MALFORMED_INTEGER, MALFORMED_NATIONAL_ID, MALFORMED_UUID } from '../conventions.js';
import { defineProbe, type IdentifierParameter } from './probe.js';

const rule = 'contract-invalid-input-400';

const MALFORMED: Partial<Record<IdentifierParameter['kind'], string>> = {
  nationalId: MALFORMED_NATIONAL_ID,
  uuid: MALFORMED_UUID,
  integer: MALFORMED_INTEGER,
};

export default defineProbe({
  id: 'malformed',
  order: 3,
  name: 'the malformed-identifier probe',
  expectation: '400 with Problem Details',
  rule,
  answer: 'invalid-input-400',
  plan(context) {
    const requests = [];
    for (const id of context.identifiers) {
      const value = MALFORMED[id.kind];
      if (value === undefined) continue;
      const values = new Map(context.values);
      values.set(id.parameter, value);
      requests.push(context.request(values, 'full', { parameter: id.parameter, value }));
    }
    return { requests };
  },
  dredd: {
    standsFor: (status) => status === 400,
    whenNotSent: () => 'no malformed value can be derived for its parameters',
  },
});
