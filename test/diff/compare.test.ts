/** The comparison on its own: edge cases found on real descriptions, recursion, and matching. */
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/diff/checks.js';
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

  it('matches headers case-insensitively and media types by meaning (charset=utf-8 on JSON is no parameter)', () => {
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

/**
 * The cases where vottur was compared with oasdiff's own test pairs and differed: the pairs here are
 * written for vottur (a citizen's contact details), with the same shape of change.
 */
describe('compositions', () => {
  const S = { type: 'string' };
  const contact = { type: 'object', required: ['nationalId', 'email'], properties: { nationalId: S, email: S } };
  const api = (body: Doc, where: 'request' | 'response' = 'request'): Doc => ({
    openapi: '3.0.3',
    info: { title: 'Contacts', version: '1.0.0' },
    paths: {
      '/v1/contacts': {
        post: {
          ...(where === 'request' ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
          responses: {
            '200': {
              description: 'Saved.',
              ...(where === 'response' ? { content: { 'application/json': { schema: body } } } : {}),
            },
          },
        },
      },
    },
  });
  const classOf = (id: string) => CHECKS.find((c) => c.id === id)?.class;
  // Two alternatives that both match every body the base accepted (both fields were required).
  const wrapped = {
    oneOf: [
      { type: 'object', required: ['nationalId'], properties: { nationalId: S, email: S } },
      { type: 'object', required: ['email'], properties: { nationalId: S, email: S } },
    ],
  };

  it('a request body wrapped in a oneOf of overlapping alternatives is breaking: every old body matches both, and is refused', () => {
    const found = checks(api(contact), api(wrapped));
    expect(found).toContain('diff-request-body-composition-added');
    expect(classOf('diff-request-body-composition-added')).toBe('breaking');
    expect(found.filter((id) => classOf(id) === 'breaking')).toEqual(['diff-request-body-composition-added']);
  });

  it('a response body wrapped the same way is breaking through the properties no longer always sent', () => {
    const found = checks(api(contact, 'response'), api(wrapped, 'response'));
    expect(found.filter((id) => classOf(id) === 'breaking')).toContain('diff-response-body-property-removed');
    expect(classOf('diff-response-body-composition-added')).toBe('non-breaking');
  });

  it('a oneOf unwrapped into one of its alternatives widens a request (non-breaking) and a response (breaking)', () => {
    expect(checks(api({ type: 'object', ...wrapped }), api({ type: 'object' }))).toEqual([
      'diff-request-body-composition-removed',
    ]);
    expect(classOf('diff-request-body-composition-removed')).toBe('non-breaking');
    expect(classOf('diff-response-body-composition-removed')).toBe('breaking');
  });

  it('an allOf member that restates what the other members require changes nothing a caller sends', () => {
    const base = { allOf: [contact, { type: 'object', properties: { email: S } }] };
    const revision = { allOf: [...base.allOf, { type: 'object', properties: { nationalId: S } }] };
    expect(checks(api(base), api(revision))).toEqual([]);
  });

  it('an allOf member adding an optional property is that property added, as if written in place', () => {
    const revision = { allOf: [contact, { type: 'object', properties: { phone: S } }] };
    expect(checks(api(contact), api(revision))).toEqual(['diff-request-body-property-added-optional']);
  });

  it('an allOf member adding a required property is caught as that property, required', () => {
    const required = { allOf: [contact, { type: 'object', required: ['phone'], properties: { phone: S } }] };
    expect(checks(api(contact), api(required))).toEqual(['diff-request-body-property-added-required']);
  });
});

describe('links and callbacks', () => {
  const withLinkAndCallback = (target: string): Doc => {
    const doc = miniBase();
    doc.components.responses.UserProfileFound.links = { self: { operationId: target } };
    doc.paths['/v2/users/{nationalId}'].get.callbacks = {
      profileChanged: { '{$request.query.url}': { post: { responses: { '204': { description: 'Received.' } } } } },
    };
    return doc;
  };

  it('a link or callback changed or removed needs review; the same ones moved behind a $ref are no change', () => {
    const base = withLinkAndCallback('getUserProfile');
    const changed = withLinkAndCallback('getOtherProfile');
    expect(checks(base, changed)).toEqual(['diff-response-link-changed']);
    const removed = structuredClone(base);
    delete removed.components.responses.UserProfileFound.links;
    delete removed.paths['/v2/users/{nationalId}'].get.callbacks;
    expect(checks(base, removed).sort()).toEqual(['diff-operation-callback-changed', 'diff-response-link-changed']);
    const moved = structuredClone(base);
    moved.components.callbacks = { ProfileChanged: moved.paths['/v2/users/{nationalId}'].get.callbacks.profileChanged };
    moved.paths['/v2/users/{nationalId}'].get.callbacks.profileChanged = {
      $ref: '#/components/callbacks/ProfileChanged',
    };
    expect(checks(base, moved)).toEqual([]);
  });
});
