/**
 * A generator of schema fixture pairs: a schema change put in each of the four places a schema
 * sits (request parameter, request body, response body, response header), at the top or nested
 * (a property of array items, an allOf member, a oneOf member, a `$defs` entry), as a pair of
 * OpenAPI 3.1 descriptions. The keyword tests build thousands of pairs from small tables with it.
 */
import type { SchemaScope } from '../../src/diff/checks.js';
import type { Doc } from './cases.js';

export type Schema = Doc | boolean;

export const PLACES: readonly SchemaScope[] = ['request-parameter', 'request-body', 'response-body', 'response-header'];
export const NESTINGS = ['top', 'array-item-property', 'allOf-member', 'oneOf-member', '$defs-entry'] as const;
export type Nesting = (typeof NESTINGS)[number];

/** A description with `schema` in `place`; `defs` become `components.schemas.Holder.$defs`. */
export function describe31(place: SchemaScope, schema: Schema, defs: Doc = {}): Doc {
  const operation: Doc = { operationId: 'createThing', responses: { '200': { description: 'Created.' } } };
  if (place === 'request-parameter') operation.parameters = [{ name: 'filter', in: 'query', schema }];
  if (place === 'request-body') operation.requestBody = { content: { 'application/json': { schema } } };
  if (place === 'response-body') operation.responses['200'].content = { 'application/json': { schema } };
  if (place === 'response-header') operation.responses['200'].headers = { 'X-Thing': { schema } };
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    paths: { '/v1/things': { post: operation } },
    components: { schemas: { Holder: { $defs: defs } } },
  };
}

/** `inner` placed at `nesting`: the schema of the place, and the `$defs` it needs. */
export function nest(nesting: Nesting, inner: Schema): { schema: Schema; defs: Doc } {
  switch (nesting) {
    case 'top':
      return { schema: inner, defs: {} };
    case 'array-item-property':
      return { schema: { type: 'array', items: { type: 'object', properties: { thing: inner } } }, defs: {} };
    case 'allOf-member':
      return { schema: { allOf: [inner, { 'x-part': 'second' }] }, defs: {} };
    case 'oneOf-member':
      return { schema: { oneOf: [inner, { type: 'null' }] }, defs: {} };
    case '$defs-entry':
      return { schema: { $ref: '#/components/schemas/Holder/$defs/inner' }, defs: { inner } };
  }
}

/** The pair of descriptions for a change from `base` to `revision` of the schema at `place`, `nesting`. */
export function schemaPair(
  place: SchemaScope,
  nesting: Nesting,
  base: Schema,
  revision: Schema,
): { base: Doc; revision: Doc } {
  const b = nest(nesting, base);
  const r = nest(nesting, revision);
  return { base: describe31(place, b.schema, b.defs), revision: describe31(place, r.schema, r.defs) };
}
