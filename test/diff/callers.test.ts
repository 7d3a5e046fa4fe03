/**
 * Changes that once passed as harmless while they break callers (issue 39), each classed by what it
 * does to callers: in both directions, in each of the four places a schema sits and nested (a
 * property of array items, an allOf member, a oneOf member, a `$defs` entry); then deprecation and
 * sunset of operations, parameters and properties, judged against a fixed moment.
 */
import { describe, expect, it } from 'vitest';
import { check, SCOPE_DIRECTION, type ChangeClass } from '../../src/diff/checks.js';
import { compareDescriptions } from '../../src/diff/compare.js';
import type { Doc } from './cases.js';
import { describe31, NESTINGS, PLACES, schemaPair, type Schema } from './keywords.js';

const S = { type: 'string' };
const NOW = new Date('2030-01-01T00:00:00Z');

function rows(base: Doc, revision: Doc, now = NOW): string[] {
  return [
    ...new Set(compareDescriptions(base, revision, now).changes.map((c) => `${c.check} ${check(c.check).class}`)),
  ].sort();
}

interface Direction {
  base: Schema;
  revision: Schema;
  /** The change and its class in a request and in a response. */
  expect: Array<[change: string, classes: [ChangeClass, ChangeClass]]>;
}

const mapping = (phone: string) => ({
  type: 'object',
  required: ['kind'],
  properties: { kind: S },
  discriminator: { propertyName: 'kind', mapping: { email: 'Email', phone } },
});
const readOnlyB = (readOnly: boolean) => ({
  type: 'object',
  required: ['a', 'b'],
  properties: { a: S, b: readOnly ? { type: 'string', readOnly: true } : S },
});
const address = { type: 'object', properties: { a: { type: 'object', properties: { x: S } } } };
const restated = { allOf: [address, { properties: { a: { required: ['x'] } } }] };
const sunsetProperty = (sunset: string) => ({
  type: 'object',
  properties: { a: S, legacy: { type: 'string', deprecated: true, 'x-sunset': sunset } },
});

const TABLE: Record<string, [Direction, Direction]> = {
  // A mapping value that names another schema: the same value now means another shape, sent or received.
  'discriminator mapping value changed': [
    {
      base: mapping('Phone'),
      revision: mapping('Email'),
      expect: [['discriminator-mapping-changed', ['breaking', 'breaking']]],
    },
    {
      base: mapping('Email'),
      revision: mapping('Phone'),
      expect: [['discriminator-mapping-changed', ['breaking', 'breaking']]],
    },
  ],
  // Read-only and required: callers never sent it; writable and required: a request without it is refused.
  'read-only property made writable and required': [
    {
      base: readOnlyB(true),
      revision: readOnlyB(false),
      expect: [['read-only-removed-required', ['breaking', 'non-breaking']]],
    },
    { base: readOnlyB(false), revision: readOnlyB(true), expect: [['read-only-added', ['breaking', 'non-breaking']]] },
  ],
  // An allOf member that restates a property with a requirement of its own narrows that property.
  'allOf member requiring inside a property': [
    { base: address, revision: restated, expect: [['property-became-required', ['breaking', 'non-breaking']]] },
    { base: restated, revision: address, expect: [['property-became-optional', ['non-breaking', 'breaking']]] },
  ],
  // A deprecated property removed before the sunset it announced; the reverse is a property added.
  'deprecated property removed before its sunset': [
    {
      base: sunsetProperty('2031-06-30'),
      revision: { type: 'object', properties: { a: S } },
      expect: [['removed-before-sunset', ['breaking', 'breaking']]],
    },
    {
      base: { type: 'object', properties: { a: S } },
      revision: sunsetProperty('2031-06-30'),
      expect: [['property-added-optional', ['non-breaking', 'non-breaking']]],
    },
  ],
};

const idOf = (place: string, change: string) =>
  change.endsWith('-sunset') ? `diff-${change}` : `diff-${place}-${change}`;

describe('changes classed by what they do to callers, both directions, every place, nested', () => {
  const cases = Object.entries(TABLE).flatMap(([name, directions]) =>
    directions.flatMap((direction, index) =>
      PLACES.flatMap((place) =>
        NESTINGS.map((nesting) => [name, index === 0 ? 'forward' : 'back', place, nesting, direction] as const),
      ),
    ),
  );
  it.each(cases)('%s (%s), %s, %s', (_name, _way, place, nesting, direction) => {
    const pair = schemaPair(place, nesting, direction.base, direction.revision);
    const side = SCOPE_DIRECTION[place] === 'request' ? 0 : 1;
    expect(rows(pair.base, pair.revision)).toEqual(
      direction.expect.map(([change, classes]) => `${idOf(place, change)} ${classes[side]}`).sort(),
    );
  });
});

describe('media types', () => {
  const withContent = (request: Doc, response: Doc): Doc => {
    const doc = describe31('request-body', S);
    const operation = doc.paths['/v1/things'].post;
    operation.requestBody = { content: request };
    operation.responses['200'].content = response;
    return doc;
  };
  const json = { 'application/json': { schema: { type: 'object' } } };

  it('a request media type that gets a schema refuses what it took: breaking; the reverse is not', () => {
    const open = withContent({ 'text/plain': {} }, json);
    const typed = withContent({ 'text/plain': { schema: { type: 'string', maxLength: 10 } } }, json);
    expect(rows(open, typed)).toEqual(['diff-request-body-schema-added breaking']);
    expect(rows(typed, open)).toEqual(['diff-request-body-schema-removed non-breaking']);
  });

  it('a media type added to a response needs review (a caller without Accept may get it); removed is breaking', () => {
    const one = withContent(json, json);
    const two = withContent(json, { ...json, 'application/xml': { schema: { type: 'object' } } });
    expect(rows(one, two)).toEqual(['diff-response-media-type-added review']);
    expect(rows(two, one)).toEqual(['diff-response-media-type-removed breaking']);
  });
});

describe('deprecation and sunset (judged at 2030-01-01)', () => {
  const api = (operation: Doc, extraPaths: Doc = {}): Doc => ({
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    paths: {
      '/v1/things': { get: { responses: { '200': { description: 'Things.' } } } },
      '/v1/old': { get: { responses: { '200': { description: 'Old.' } }, ...operation } },
      ...extraPaths,
    },
  });
  const gone = (): Doc => {
    const doc = api({});
    delete doc.paths['/v1/old'];
    return doc;
  };

  it('an operation removed before its x-sunset is breaking; with no sunset or after it, a review', () => {
    expect(rows(api({ deprecated: true, 'x-sunset': '2030-12-31' }), gone())).toEqual([
      'diff-removed-before-sunset breaking',
    ]);
    expect(rows(api({ deprecated: true, 'x-sunset': '2029-12-31' }), gone())).toEqual([
      'diff-deprecated-operation-removed review',
    ]);
    expect(rows(api({ deprecated: true }), gone())).toEqual(['diff-deprecated-operation-removed review']);
  });

  it('reads the sunset from a Sunset response header (RFC 8594, an HTTP-date)', () => {
    const header = (date: string): Doc => ({
      deprecated: true,
      responses: {
        '200': { description: 'Old.', headers: { Sunset: { schema: { type: 'string', example: date } } } },
      },
    });
    expect(rows(api(header('Sat, 31 Aug 2030 23:59:59 GMT')), gone())).toEqual(['diff-removed-before-sunset breaking']);
    // The sunset checks own the header's value: the example's change is not also a documentation change.
    expect(rows(api(header('Sat, 31 Aug 2030 23:59:59 GMT')), api(header('Fri, 31 May 2030 23:59:59 GMT')))).toEqual([
      'diff-sunset-moved-earlier breaking',
    ]);
  });

  const withHeader = (sunset: Doc): Doc => ({
    deprecated: true,
    responses: { '200': { description: 'Old.', headers: { Sunset: sunset } } },
  });
  const DATE = 'Sat, 31 Aug 2030 23:59:59 GMT';

  it('reads a Sunset header from every place a header carries its value', () => {
    const places: Doc[] = [
      { schema: S, example: DATE },
      { schema: S, examples: { retire: { value: DATE } } },
      { schema: S, examples: { retire: { $ref: '#/components/examples/retire' } } },
      { schema: { type: 'string', examples: [DATE] } },
      { schema: { type: 'string', const: DATE } },
      { schema: { type: 'string', default: DATE } },
      { schema: { type: 'string', example: DATE } },
      { schema: { type: 'string', enum: [DATE] } },
    ];
    for (const place of places) {
      const base = { ...api(withHeader(place)), components: { examples: { retire: { value: DATE } } } };
      expect(rows(base, gone()), JSON.stringify(place)).toEqual(['diff-removed-before-sunset breaking']);
    }
  });

  it("a path item's x-sunset applies to its operations that announce none of their own", () => {
    const inPathItem = (sunset: string, operation: Doc = { deprecated: true }) => {
      const doc = api(operation);
      doc.paths['/v1/old']['x-sunset'] = sunset;
      return doc;
    };
    expect(rows(inPathItem('2030-12-31'), gone())).toEqual(['diff-removed-before-sunset breaking']);
    expect(rows(inPathItem('2029-12-31'), gone())).toEqual(['diff-deprecated-operation-removed review']);
    // The operation's own sunset comes first.
    expect(rows(inPathItem('2030-12-31', { deprecated: true, 'x-sunset': '2029-12-31' }), gone())).toEqual([
      'diff-deprecated-operation-removed review',
    ]);
  });

  it("once a Sunset header's value is read as the sunset, only the sunset checks judge its change", () => {
    const later = 'Tue, 31 Dec 2030 23:59:59 GMT';
    const earlier = 'Fri, 31 May 2030 23:59:59 GMT';
    for (const keyword of ['enum', 'const'] as const) {
      const at = (date: string) =>
        api(withHeader({ schema: { type: 'string', [keyword]: keyword === 'enum' ? [date] : date } }));
      expect(rows(at(DATE), at(later)), `${keyword} later`).toEqual([]);
      expect(rows(at(DATE), at(earlier)), `${keyword} earlier`).toEqual(['diff-sunset-moved-earlier breaking']);
      expect(rows(at(DATE), api({ deprecated: true })), `${keyword} header deleted`).toEqual([
        'diff-sunset-removed breaking',
      ]);
      expect(rows(at(DATE), api(withHeader({ schema: S }))), `${keyword} value deleted`).toEqual([
        'diff-sunset-removed breaking',
      ]);
    }
    // An enum of several values is no sunset: its changes stay with the header checks.
    const many = (values: string[]) => api(withHeader({ schema: { type: 'string', enum: values } }));
    expect(rows(many([DATE, later]), many([DATE, later, earlier]))).toEqual([
      'diff-response-header-enum-value-added breaking',
    ]);
  });

  it('a sunset moved earlier, deleted or not a date is breaking; moved later is nothing', () => {
    const at = (sunset?: string) => api({ deprecated: true, ...(sunset ? { 'x-sunset': sunset } : {}) });
    expect(rows(at('2031-01-01'), at('2030-09-01'))).toEqual(['diff-sunset-moved-earlier breaking']);
    expect(rows(at('2031-01-01'), at())).toEqual(['diff-sunset-removed breaking']);
    expect(rows(at('2031-01-01'), at('when the new one is ready'))).toEqual(['diff-sunset-invalid breaking']);
    expect(rows(at('2031-01-01'), at('2032-01-01'))).toEqual([]);
  });

  it('a new deprecation with a sunset under six months away is a review that names the guide', () => {
    const deprecate = (sunset: string) => api({ deprecated: true, 'x-sunset': sunset });
    const soon = compareDescriptions(api({}), deprecate('2030-05-31'), NOW).changes;
    expect(soon.map((c) => c.check).sort()).toEqual(['diff-deprecated-sunset-too-soon', 'diff-operation-deprecated']);
    expect(soon.find((c) => c.check === 'diff-deprecated-sunset-too-soon')?.message).toMatch(
      /design guide \(versioning\.md\) promises at least six months' notice/,
    );
    expect(rows(api({}), deprecate('2030-07-02'))).toEqual(['diff-operation-deprecated non-breaking']);
  });

  it('a deprecated parameter removed before its sunset is breaking, after it a review', () => {
    const withParameter = (sunset: string) =>
      api({ parameters: [{ name: 'legacy', in: 'query', deprecated: true, 'x-sunset': sunset, schema: S }] });
    expect(rows(withParameter('2030-06-30'), api({}))).toEqual(['diff-removed-before-sunset breaking']);
    expect(rows(withParameter('2029-06-30'), api({}))).toEqual(['diff-request-parameter-removed review']);
  });
});
