/** The comparison on its own: edge cases found on real descriptions, recursion, and matching. */
import { describe, expect, it } from 'vitest';
import { compareDescriptions } from '../../src/diff/compare.js';
import { miniBase, type Doc } from './cases.js';

const checks = (base: Doc, revision: Doc) => compareDescriptions(base, revision).changes.map((c) => c.check);

describe('compareDescriptions', () => {
  it('keeps two paths apart whose templates differ only in parameter names (it_siopeplus has such a pair)', () => {
    const doc = miniBase();
    const op = doc.paths['/v2/users/{nationalId}'];
    doc.paths['/v2/users/{userId}'] = {
      get: {
        ...structuredClone(op.get),
        operationId: 'other',
        parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string' } }],
      },
    };
    const reordered = structuredClone(doc);
    reordered.paths = Object.fromEntries(Object.entries(reordered.paths).reverse());
    expect(checks(doc, reordered)).toEqual([]);
  });

  it('terminates on recursive schemas and still finds a change deep inside', () => {
    const base = miniBase();
    base.components.schemas.UserProfile.properties.delegate = { $ref: '#/components/schemas/UserProfile' };
    const revision = structuredClone(base);
    expect(checks(base, revision)).toEqual([]);
    revision.components.schemas.UserProfile.properties.locale.enum.push('de');
    expect(checks(base, revision)).toEqual(['diff-response-body-enum-value-added']);
  });

  it('compares allOf parts merged: moving a property between parts is no change, removing it is', () => {
    const base = miniBase();
    const profile = base.components.schemas.UserProfile;
    base.components.schemas.UserProfile = {
      description: profile.description,
      allOf: [
        {
          type: 'object',
          required: profile.required,
          properties: { nationalId: profile.properties.nationalId, email: profile.properties.email },
        },
        { properties: { locale: profile.properties.locale } },
      ],
    };
    const revision = miniBase();
    expect(checks(base, revision)).toEqual([]);
    delete revision.components.schemas.UserProfile.properties.email;
    revision.components.schemas.UserProfile.required = ['nationalId', 'locale'];
    expect(checks(base, revision)).toEqual(['diff-response-body-property-removed']);
  });

  it('matches headers case-insensitively and media types without parameters', () => {
    const base = miniBase();
    base.components.responses.UserProfileFound.headers = { 'X-Trace-Id': { schema: { type: 'string' } } };
    const revision = structuredClone(base);
    revision.components.responses.UserProfileFound.headers = { 'x-trace-id': { schema: { type: 'string' } } };
    const content = revision.components.responses.UserProfileFound.content;
    content['application/json; charset=utf-8'] = content['application/json'];
    delete content['application/json'];
    expect(checks(base, revision)).toEqual([]);
  });

  it('a renamed security scheme with the same definition is no change', () => {
    const base = miniBase();
    const revision = structuredClone(base);
    revision.components.securitySchemes.Idp = revision.components.securitySchemes.IdentityServer;
    delete revision.components.securitySchemes.IdentityServer;
    revision.security = [{ Idp: ['@island.is/user-profile:read'] }];
    expect(checks(base, revision)).toEqual([]);
  });

  describe('OpenAPI 3.2', () => {
    const doc32 = (): Doc => ({
      openapi: '3.2.0',
      $self: 'https://api.example.org/things.yaml',
      info: { title: 'Things', version: '1.0.0' },
      tags: [
        { name: 'things', kind: 'nav' },
        { name: 'archive', parent: 'things' },
      ],
      paths: {
        '/v1/things': {
          query: {
            operationId: 'searchThings',
            parameters: [
              { name: 'filter', in: 'querystring', content: { 'application/json': { schema: { type: 'object' } } } },
            ],
            responses: {
              '200': {
                description: 'Found.',
                content: {
                  'application/jsonl': {
                    itemSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
                  },
                },
              },
            },
          },
          additionalOperations: {
            COPY: { operationId: 'copyThings', responses: { '204': { description: 'Copied.' } } },
          },
        },
      },
    });

    it('compares the query method and additionalOperations as operations', () => {
      const revision = doc32();
      delete revision.paths['/v1/things'].query;
      delete revision.paths['/v1/things'].additionalOperations.COPY;
      expect(checks(doc32(), revision).sort()).toEqual(['diff-operation-removed', 'diff-operation-removed']);
    });

    it('compares the itemSchema of a streamed body', () => {
      const revision = doc32();
      revision.paths['/v1/things'].query.responses['200'].content['application/jsonl'].itemSchema.required = [];
      expect(checks(doc32(), revision)).toEqual(['diff-response-body-property-became-optional']);
    });

    it('matches a querystring parameter by location and name; tag parent/kind and $self are no change to callers', () => {
      const revision = doc32();
      revision.tags = [{ name: 'things' }, { name: 'archive' }];
      revision.$self = 'https://api.example.org/v1/things.yaml';
      expect(checks(doc32(), revision)).toEqual([]);
      revision.paths['/v1/things'].query.parameters[0].required = true;
      expect(checks(doc32(), revision)).toEqual(['diff-request-parameter-became-required']);
    });
  });
});
