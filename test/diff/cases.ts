/**
 * The fixture pairs of `vottur diff`: one case per check, each a mutation of a small description
 * whose paths and component names are those of the reference description
 * (assets/reference/user-profile.openapi.yaml), so the same mutation applies to both. `prepare`
 * runs on base and revision alike (to add what the check needs), `mutate` on the revision only.
 * The expected class is written here by hand, independently of the checks table.
 */
import type { ChangeClass } from '../../src/diff/checks.js';
import type { Parsed } from '../values.js';

/** A description as the cases build and mutate it. */
export type Doc = Record<string, Parsed>;

export interface Expected {
  ruleId: string;
  pointer: string;
}

export interface DiffCase {
  /** The check (or platform-version rule) this case is for: fixtures/diff/<id>/. */
  id: string;
  /** The class the check's finding must have (for platform-version rules: undefined). */
  cls?: ChangeClass;
  prepare?: (doc: Doc) => void;
  mutate: (doc: Doc) => void;
  /** Every finding of the pair (ruleId and pointer), version findings included. */
  expect: Expected[];
}

export const OP = '/paths/~1v2~1users~1{nationalId}/get';
const PATH = '/paths/~1v2~1users~1{nationalId}';
const SCOPE = '@island.is/user-profile:read';

export function miniBase(): Doc {
  return {
    openapi: '3.0.3',
    info: { title: 'User Profile', description: 'Read access to user profiles.', version: '2.0.0' },
    servers: [{ url: '/' }],
    security: [{ IdentityServer: [SCOPE] }],
    paths: {
      '/v2/users/{nationalId}': {
        get: {
          tags: ['User profiles'],
          operationId: 'getUserProfile',
          summary: "Get one user's profile",
          description: 'Returns the profile of the user.',
          parameters: [
            { $ref: '#/components/parameters/NationalIdPath' },
            { $ref: '#/components/parameters/ClientType' },
          ],
          responses: {
            '200': { $ref: '#/components/responses/UserProfileFound' },
            '204': { $ref: '#/components/responses/NoUserProfile' },
            '400': { $ref: '#/components/responses/BadRequest' },
            '403': { $ref: '#/components/responses/Forbidden' },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        IdentityServer: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://innskra.island.is/connect/token',
              scopes: { [SCOPE]: 'Read user profiles.' },
            },
          },
        },
      },
      parameters: {
        NationalIdPath: {
          name: 'nationalId',
          in: 'path',
          required: true,
          description: 'National identifier.',
          schema: { type: 'string', pattern: '^[0-9]{10}$' },
        },
        ClientType: {
          name: 'clientType',
          in: 'query',
          required: false,
          description: 'Who the caller is.',
          schema: { type: 'string', enum: ['FIRST_PARTY', 'THIRD_PARTY'], default: 'THIRD_PARTY' },
        },
      },
      headers: { ContentLanguage: { description: 'Language of the problem text.', schema: { type: 'string' } } },
      responses: {
        UserProfileFound: {
          description: "The user's profile.",
          content: { 'application/json': { schema: { $ref: '#/components/schemas/UserProfile' } } },
        },
        NoUserProfile: { description: 'No profile.' },
        BadRequest: {
          description: 'Bad request.',
          headers: { 'Content-Language': { $ref: '#/components/headers/ContentLanguage' } },
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
        Forbidden: {
          description: 'Forbidden.',
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      },
      schemas: {
        UserProfile: {
          type: 'object',
          description: "A user's profile.",
          required: ['nationalId', 'email', 'locale'],
          properties: {
            nationalId: { type: 'string', pattern: '^[0-9]{10}$', description: 'National identifier.' },
            email: { type: 'string', format: 'email', nullable: true, description: "The user's e-mail address." },
            locale: { type: 'string', enum: ['en', 'is'], description: 'Preferred locale.' },
          },
        },
        Problem: {
          type: 'object',
          required: ['type'],
          properties: {
            type: { type: 'string', format: 'uri-reference' },
            title: { type: 'string' },
            status: { type: 'integer' },
          },
        },
      },
    },
  };
}

const get = (doc: Doc) => doc.paths['/v2/users/{nationalId}'].get;
const pathItem = (doc: Doc) => doc.paths['/v2/users/{nationalId}'];
const addPut = (body?: Doc) => (doc: Doc) => {
  pathItem(doc).put = {
    operationId: 'updateUserProfile',
    parameters: [{ $ref: '#/components/parameters/NationalIdPath' }],
    ...(body ? { requestBody: body } : {}),
    responses: { '204': { description: 'Updated.' } },
  };
  doc.components.schemas.UserProfileUpdate = {
    type: 'object',
    properties: { locale: { type: 'string', enum: ['en', 'is'] } },
  };
};
const jsonBody = (required: boolean, extra: Doc = {}) => ({
  required,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/UserProfileUpdate' } }, ...extra },
});
const PUT = `${PATH}/put`;
const addApiKey = (doc: Doc) => {
  doc.components.securitySchemes.ApiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
};
const v = (rule: string, pointer = '/info/version'): Expected => ({ ruleId: rule, pointer });
const BREAKING = v('platform-version-breaking-without-major');
const MINOR = v('platform-version-minor-required');
const PATCH = v('platform-version-patch-required');
/** The version finding each class brings when info.version stays 2.0.0. */
export const VERSION_FINDING: Record<ChangeClass, Expected> = {
  breaking: BREAKING,
  review: MINOR,
  'non-breaking': MINOR,
  documentation: PATCH,
};

const fixed: Array<Omit<DiffCase, 'expect'> & { expect: Expected[] }> = [
  {
    id: 'diff-path-removed',
    cls: 'breaking',
    mutate: (d) => delete d.paths['/v2/users/{nationalId}'],
    expect: [
      { ruleId: 'diff-path-removed', pointer: '/paths' },
      v('platform-version-removed-without-deprecation', '/paths'),
    ],
  },
  {
    id: 'diff-path-added',
    cls: 'non-breaking',
    mutate: (d) =>
      (d.paths['/v2/users/{nationalId}/settings'] = {
        get: { operationId: 'getSettings', responses: { '204': { description: 'None.' } } },
      }),
    expect: [{ ruleId: 'diff-path-added', pointer: '/paths/~1v2~1users~1{nationalId}~1settings' }],
  },
  {
    id: 'diff-path-parameter-renamed',
    cls: 'documentation',
    mutate: (d) => {
      d.paths['/v2/users/{userId}'] = d.paths['/v2/users/{nationalId}'];
      delete d.paths['/v2/users/{nationalId}'];
      d.components.parameters.NationalIdPath.name = 'userId';
    },
    expect: [{ ruleId: 'diff-path-parameter-renamed', pointer: '/paths/~1v2~1users~1{userId}' }],
  },
  {
    id: 'diff-operation-removed',
    cls: 'breaking',
    prepare: addPut(),
    mutate: (d) => delete pathItem(d).put,
    expect: [
      { ruleId: 'diff-operation-removed', pointer: PATH },
      v('platform-version-removed-without-deprecation', PATH),
    ],
  },
  {
    id: 'diff-deprecated-operation-removed',
    cls: 'review',
    prepare: (d) => {
      addPut()(d);
      pathItem(d).put.deprecated = true;
    },
    mutate: (d) => delete pathItem(d).put,
    expect: [
      { ruleId: 'diff-deprecated-operation-removed', pointer: PATH },
      v('platform-version-deprecated-removed', PATH),
    ],
  },
  {
    id: 'diff-removed-before-sunset',
    cls: 'breaking',
    prepare: (d) => {
      addPut()(d);
      pathItem(d).put.deprecated = true;
      pathItem(d).put['x-sunset'] = '2999-12-31';
    },
    mutate: (d) => delete pathItem(d).put,
    expect: [{ ruleId: 'diff-removed-before-sunset', pointer: PATH }, v('platform-version-deprecated-removed', PATH)],
  },
  {
    id: 'diff-sunset-moved-earlier',
    cls: 'breaking',
    prepare: (d) => Object.assign(get(d), { deprecated: true, 'x-sunset': '2999-12-31' }),
    mutate: (d) => (get(d)['x-sunset'] = '2999-06-30'),
    expect: [{ ruleId: 'diff-sunset-moved-earlier', pointer: `${OP}/x-sunset` }],
  },
  {
    id: 'diff-sunset-removed',
    cls: 'breaking',
    prepare: (d) => Object.assign(get(d), { deprecated: true, 'x-sunset': '2999-12-31' }),
    mutate: (d) => delete get(d)['x-sunset'],
    expect: [{ ruleId: 'diff-sunset-removed', pointer: OP }],
  },
  {
    id: 'diff-sunset-invalid',
    cls: 'breaking',
    prepare: (d) => (get(d).deprecated = true),
    mutate: (d) => (get(d)['x-sunset'] = 'next spring'),
    expect: [{ ruleId: 'diff-sunset-invalid', pointer: `${OP}/x-sunset` }],
  },
  {
    id: 'diff-deprecated-sunset-too-soon',
    cls: 'review',
    // A sunset announced for a deprecated operation; a date already past is less than six months
    // away whenever the test runs.
    prepare: (d) => (get(d).deprecated = true),
    mutate: (d) => (get(d)['x-sunset'] = '2001-01-31'),
    expect: [{ ruleId: 'diff-deprecated-sunset-too-soon', pointer: `${OP}/x-sunset` }],
  },
  {
    id: 'diff-operation-added',
    cls: 'non-breaking',
    mutate: (d) => addPut()(d),
    expect: [{ ruleId: 'diff-operation-added', pointer: PUT }],
  },
  {
    id: 'diff-operation-deprecated',
    cls: 'non-breaking',
    mutate: (d) => (get(d).deprecated = true),
    expect: [{ ruleId: 'diff-operation-deprecated', pointer: `${OP}/deprecated` }],
  },
  {
    id: 'diff-operation-undeprecated',
    cls: 'non-breaking',
    prepare: (d) => (get(d).deprecated = true),
    mutate: (d) => delete get(d).deprecated,
    expect: [{ ruleId: 'diff-operation-undeprecated', pointer: OP }],
  },
  {
    id: 'diff-operation-id-changed',
    cls: 'review',
    mutate: (d) => (get(d).operationId = 'fetchUserProfile'),
    expect: [{ ruleId: 'diff-operation-id-changed', pointer: `${OP}/operationId` }],
  },
  {
    id: 'diff-operation-summary-changed',
    cls: 'documentation',
    mutate: (d) => (get(d).summary = 'Read a profile'),
    expect: [{ ruleId: 'diff-operation-summary-changed', pointer: `${OP}/summary` }],
  },
  {
    id: 'diff-operation-description-changed',
    cls: 'documentation',
    mutate: (d) => (get(d).description = 'Returns a profile.'),
    expect: [{ ruleId: 'diff-operation-description-changed', pointer: `${OP}/description` }],
  },
  {
    id: 'diff-operation-tags-changed',
    cls: 'documentation',
    mutate: (d) => (get(d).tags = ['Profiles']),
    expect: [{ ruleId: 'diff-operation-tags-changed', pointer: `${OP}/tags` }],
  },
  {
    id: 'diff-api-description-changed',
    cls: 'documentation',
    mutate: (d) => (d.info.description = 'Profiles of users.'),
    expect: [{ ruleId: 'diff-api-description-changed', pointer: '/info/description' }],
  },
  {
    id: 'diff-server-url-changed',
    cls: 'review',
    mutate: (d) => (d.servers = [{ url: 'https://api.example.org/' }]),
    expect: [{ ruleId: 'diff-server-url-changed', pointer: '/servers' }],
  },
  {
    // An operation's own servers, pointing at another host, under root servers left alone (attack o34r15 B9).
    id: 'diff-operation-servers-changed',
    cls: 'review',
    mutate: (d) => (get(d).servers = [{ url: 'https://other.example.org/' }]),
    expect: [{ ruleId: 'diff-operation-servers-changed', pointer: `${OP}/servers` }],
  },
  {
    id: 'diff-request-parameter-removed',
    cls: 'review',
    mutate: (d) => get(d).parameters.splice(1, 1),
    expect: [{ ruleId: 'diff-request-parameter-removed', pointer: OP }],
  },
  {
    id: 'diff-request-parameter-added-required',
    cls: 'breaking',
    mutate: (d) => get(d).parameters.push({ name: 'fields', in: 'query', required: true, schema: { type: 'string' } }),
    expect: [{ ruleId: 'diff-request-parameter-added-required', pointer: `${OP}/parameters/2` }],
  },
  {
    id: 'diff-request-parameter-added-optional',
    cls: 'non-breaking',
    mutate: (d) => get(d).parameters.push({ name: 'fields', in: 'query', schema: { type: 'string' } }),
    expect: [{ ruleId: 'diff-request-parameter-added-optional', pointer: `${OP}/parameters/2` }],
  },
  {
    id: 'diff-request-parameter-became-required',
    cls: 'breaking',
    mutate: (d) => (d.components.parameters.ClientType.required = true),
    expect: [
      { ruleId: 'diff-request-parameter-became-required', pointer: '/components/parameters/ClientType/required' },
    ],
  },
  {
    id: 'diff-request-parameter-became-optional',
    cls: 'non-breaking',
    prepare: (d) => (d.components.parameters.ClientType.required = true),
    mutate: (d) => (d.components.parameters.ClientType.required = false),
    expect: [
      { ruleId: 'diff-request-parameter-became-optional', pointer: '/components/parameters/ClientType/required' },
    ],
  },
  {
    id: 'diff-request-parameter-location-changed',
    cls: 'breaking',
    mutate: (d) => (d.components.parameters.ClientType.in = 'header'),
    expect: [{ ruleId: 'diff-request-parameter-location-changed', pointer: '/components/parameters/ClientType/in' }],
  },
  {
    id: 'diff-request-parameter-style-changed',
    cls: 'breaking',
    mutate: (d) => (d.components.parameters.ClientType.explode = false),
    expect: [{ ruleId: 'diff-request-parameter-style-changed', pointer: '/components/parameters/ClientType' }],
  },
  {
    id: 'diff-request-parameter-deprecated',
    cls: 'non-breaking',
    mutate: (d) => (d.components.parameters.ClientType.deprecated = true),
    expect: [{ ruleId: 'diff-request-parameter-deprecated', pointer: '/components/parameters/ClientType/deprecated' }],
  },
  {
    id: 'diff-request-parameter-description-changed',
    cls: 'documentation',
    mutate: (d) => (d.components.parameters.ClientType.description = 'The kind of caller.'),
    expect: [
      {
        ruleId: 'diff-request-parameter-description-changed',
        pointer: '/components/parameters/ClientType/description',
      },
    ],
  },
  {
    id: 'diff-request-body-added-required',
    cls: 'breaking',
    prepare: addPut(),
    mutate: (d) => (pathItem(d).put.requestBody = jsonBody(true)),
    expect: [{ ruleId: 'diff-request-body-added-required', pointer: `${PUT}/requestBody` }],
  },
  {
    id: 'diff-request-body-added-optional',
    cls: 'non-breaking',
    prepare: addPut(),
    mutate: (d) => (pathItem(d).put.requestBody = jsonBody(false)),
    expect: [{ ruleId: 'diff-request-body-added-optional', pointer: `${PUT}/requestBody` }],
  },
  {
    id: 'diff-request-body-removed',
    cls: 'review',
    prepare: addPut(jsonBody(true)),
    mutate: (d) => delete pathItem(d).put.requestBody,
    expect: [{ ruleId: 'diff-request-body-removed', pointer: PUT }],
  },
  {
    id: 'diff-request-body-became-required',
    cls: 'breaking',
    prepare: addPut(jsonBody(false)),
    mutate: (d) => (pathItem(d).put.requestBody.required = true),
    expect: [{ ruleId: 'diff-request-body-became-required', pointer: `${PUT}/requestBody/required` }],
  },
  {
    id: 'diff-request-body-became-optional',
    cls: 'non-breaking',
    prepare: addPut(jsonBody(true)),
    mutate: (d) => (pathItem(d).put.requestBody.required = false),
    expect: [{ ruleId: 'diff-request-body-became-optional', pointer: `${PUT}/requestBody/required` }],
  },
  {
    id: 'diff-request-body-media-type-removed',
    cls: 'breaking',
    prepare: addPut(
      jsonBody(true, {
        'application/merge-patch+json': { schema: { $ref: '#/components/schemas/UserProfileUpdate' } },
      }),
    ),
    mutate: (d) => delete pathItem(d).put.requestBody.content['application/merge-patch+json'],
    expect: [{ ruleId: 'diff-request-body-media-type-removed', pointer: `${PUT}/requestBody/content` }],
  },
  {
    id: 'diff-request-body-media-type-added',
    cls: 'non-breaking',
    prepare: addPut(jsonBody(true)),
    mutate: (d) =>
      (pathItem(d).put.requestBody.content['application/merge-patch+json'] = {
        schema: { $ref: '#/components/schemas/UserProfileUpdate' },
      }),
    expect: [
      {
        ruleId: 'diff-request-body-media-type-added',
        pointer: `${PUT}/requestBody/content/application~1merge-patch+json`,
      },
    ],
  },
  {
    id: 'diff-request-body-media-type-parameters-changed',
    cls: 'breaking',
    prepare: addPut(jsonBody(true)),
    mutate: (d) => {
      const content = pathItem(d).put.requestBody.content;
      content['application/json; charset=utf-16'] = content['application/json'];
      delete content['application/json'];
    },
    expect: [
      {
        ruleId: 'diff-request-body-media-type-parameters-changed',
        pointer: `${PUT}/requestBody/content/application~1json; charset=utf-16`,
      },
    ],
  },
  {
    // A part of a multipart body written in another content type (attack o34r16 B6).
    id: 'diff-request-body-encoding-changed',
    cls: 'breaking',
    prepare: addPut({
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { profile: { type: 'object' } } },
          encoding: { profile: { contentType: 'application/json' } },
        },
      },
    }),
    mutate: (d) => {
      pathItem(d).put.requestBody.content['multipart/form-data'].encoding.profile.contentType = 'application/xml';
    },
    expect: [
      {
        ruleId: 'diff-request-body-encoding-changed',
        pointer: `${PUT}/requestBody/content/multipart~1form-data/encoding/profile`,
      },
    ],
  },
  {
    id: 'diff-request-body-schema-added',
    cls: 'breaking',
    prepare: addPut({ content: { 'text/plain': {} } }),
    mutate: (d) => (pathItem(d).put.requestBody.content['text/plain'].schema = { type: 'string', maxLength: 64 }),
    expect: [{ ruleId: 'diff-request-body-schema-added', pointer: `${PUT}/requestBody/content/text~1plain/schema` }],
  },
  {
    id: 'diff-request-body-schema-removed',
    cls: 'non-breaking',
    prepare: addPut({ content: { 'text/plain': { schema: { type: 'string', maxLength: 64 } } } }),
    mutate: (d) => delete pathItem(d).put.requestBody.content['text/plain'].schema,
    expect: [{ ruleId: 'diff-request-body-schema-removed', pointer: `${PUT}/requestBody/content/text~1plain` }],
  },
  {
    id: 'diff-response-status-removed',
    cls: 'review',
    mutate: (d) => delete get(d).responses['403'],
    expect: [{ ruleId: 'diff-response-status-removed', pointer: `${OP}/responses` }],
  },
  {
    id: 'diff-response-success-status-removed',
    cls: 'breaking',
    mutate: (d) => delete get(d).responses['204'],
    expect: [{ ruleId: 'diff-response-success-status-removed', pointer: `${OP}/responses` }],
  },
  {
    id: 'diff-response-status-added',
    cls: 'review',
    mutate: (d) => (get(d).responses['429'] = { description: 'Too many requests.' }),
    expect: [{ ruleId: 'diff-response-status-added', pointer: `${OP}/responses/429` }],
  },
  {
    id: 'diff-response-media-type-removed',
    cls: 'breaking',
    prepare: (d) => (d.components.responses.UserProfileFound.content['text/csv'] = { schema: { type: 'string' } }),
    mutate: (d) => delete d.components.responses.UserProfileFound.content['text/csv'],
    expect: [{ ruleId: 'diff-response-media-type-removed', pointer: '/components/responses/UserProfileFound/content' }],
  },
  {
    id: 'diff-response-media-type-added',
    cls: 'review',
    mutate: (d) => (d.components.responses.UserProfileFound.content['text/csv'] = { schema: { type: 'string' } }),
    expect: [
      { ruleId: 'diff-response-media-type-added', pointer: '/components/responses/UserProfileFound/content/text~1csv' },
    ],
  },
  {
    id: 'diff-response-media-type-parameters-changed',
    cls: 'review',
    mutate: (d) => {
      const content = d.components.responses.UserProfileFound.content;
      content['application/json; version=2'] = content['application/json'];
      delete content['application/json'];
    },
    expect: [
      {
        ruleId: 'diff-response-media-type-parameters-changed',
        pointer: '/components/responses/UserProfileFound/content/application~1json; version=2',
      },
    ],
  },
  {
    id: 'diff-response-header-removed',
    cls: 'breaking',
    prepare: (d) =>
      (d.components.responses.UserProfileFound.headers = {
        'X-Trace-Id': { schema: { type: 'string' } },
        'Cache-Control': { schema: { type: 'string' } },
      }),
    mutate: (d) => delete d.components.responses.UserProfileFound.headers['X-Trace-Id'],
    expect: [{ ruleId: 'diff-response-header-removed', pointer: '/components/responses/UserProfileFound/headers' }],
  },
  {
    id: 'diff-response-header-became-optional',
    cls: 'breaking',
    prepare: (d) =>
      (d.components.responses.UserProfileFound.headers = {
        'X-Trace-Id': { required: true, schema: { type: 'string' } },
      }),
    mutate: (d) => (d.components.responses.UserProfileFound.headers['X-Trace-Id'].required = false),
    expect: [
      {
        ruleId: 'diff-response-header-became-optional',
        pointer: '/components/responses/UserProfileFound/headers/X-Trace-Id',
      },
    ],
  },
  {
    id: 'diff-response-header-added',
    cls: 'non-breaking',
    mutate: (d) => (d.components.responses.UserProfileFound.headers = { 'X-Trace-Id': { schema: { type: 'string' } } }),
    expect: [
      { ruleId: 'diff-response-header-added', pointer: '/components/responses/UserProfileFound/headers/X-Trace-Id' },
    ],
  },
  {
    id: 'diff-response-description-changed',
    cls: 'documentation',
    mutate: (d) => (d.components.responses.UserProfileFound.description = 'The profile.'),
    expect: [
      { ruleId: 'diff-response-description-changed', pointer: '/components/responses/UserProfileFound/description' },
    ],
  },
  {
    // A type change under 70 one-element allOf wrappers, beyond the 64 levels a merge reads: the
    // comparison says where it stopped instead of "0 changes".
    id: 'diff-schema-limit-reached',
    cls: 'breaking',
    prepare: (d) => {
      let locale: Doc = d.components.schemas.UserProfile.properties.locale;
      for (let i = 0; i < 70; i++) locale = { allOf: [locale] };
      d.components.schemas.UserProfile.properties.locale = locale;
    },
    mutate: (d) => {
      let node: Doc = d.components.schemas.UserProfile.properties.locale;
      while (node.allOf) node = node.allOf[0];
      node.type = 'integer';
    },
    expect: [
      {
        ruleId: 'diff-schema-limit-reached',
        pointer: `/components/schemas/UserProfile/properties/locale${'/allOf/0'.repeat(65)}`,
      },
    ],
  },
  {
    // A response reached through 70 response components, each a $ref to the next, its type changed
    // at the end: beyond the 64 $refs a chain is followed, the comparison says where it stopped
    // instead of "0 changes" (issue 34, outside attack round 5, C8).
    id: 'diff-ref-limit-reached',
    cls: 'breaking',
    prepare: (d) => {
      const responses = d.components.responses;
      for (let i = 0; i < 70; i++) responses[`Chain${i}`] = { $ref: `#/components/responses/Chain${i + 1}` };
      responses.Chain70 = { description: 'The end.', content: { 'application/json': { schema: { type: 'object' } } } };
      d.paths['/v2/users/{nationalId}'].get.responses['200'] = { $ref: '#/components/responses/Chain0' };
    },
    mutate: (d) => (d.components.responses.Chain70.content['application/json'].schema.type = 'array'),
    expect: [{ ruleId: 'diff-ref-limit-reached', pointer: `${OP}/responses/200` }],
  },
  {
    id: 'diff-schema-description-changed',
    cls: 'documentation',
    mutate: (d) => (d.components.schemas.UserProfile.properties.email.description = 'E-mail address.'),
    expect: [
      {
        ruleId: 'diff-schema-description-changed',
        pointer: '/components/schemas/UserProfile/properties/email/description',
      },
    ],
  },
  {
    id: 'diff-security-scheme-removed',
    cls: 'breaking',
    prepare: (d) => {
      addApiKey(d);
      get(d).security = [{ IdentityServer: [SCOPE] }, { ApiKey: [] }];
    },
    mutate: (d) => (get(d).security = [{ IdentityServer: [SCOPE] }]),
    expect: [{ ruleId: 'diff-security-scheme-removed', pointer: `${OP}/security` }],
  },
  {
    id: 'diff-security-scheme-added',
    cls: 'breaking',
    prepare: (d) => (get(d).security = []),
    mutate: (d) => (get(d).security = [{ IdentityServer: [SCOPE] }]),
    expect: [{ ruleId: 'diff-security-scheme-added', pointer: `${OP}/security` }],
  },
  {
    id: 'diff-security-alternative-added',
    cls: 'non-breaking',
    prepare: addApiKey,
    mutate: (d) => (get(d).security = [{ IdentityServer: [SCOPE] }, { ApiKey: [] }]),
    expect: [{ ruleId: 'diff-security-alternative-added', pointer: `${OP}/security` }],
  },
  {
    id: 'diff-security-removed',
    cls: 'review',
    mutate: (d) => (get(d).security = []),
    expect: [{ ruleId: 'diff-security-removed', pointer: `${OP}/security` }],
  },
  {
    id: 'diff-security-scope-added',
    cls: 'breaking',
    mutate: (d) => (get(d).security = [{ IdentityServer: [SCOPE, '@island.is/user-profile:admin'] }]),
    expect: [{ ruleId: 'diff-security-scope-added', pointer: `${OP}/security` }],
  },
  {
    id: 'diff-security-scope-removed',
    cls: 'non-breaking',
    prepare: (d) => (get(d).security = [{ IdentityServer: [SCOPE, '@island.is/user-profile:admin'] }]),
    mutate: (d) => (get(d).security = [{ IdentityServer: [SCOPE] }]),
    expect: [{ ruleId: 'diff-security-scope-removed', pointer: `${OP}/security` }],
  },
  {
    id: 'diff-security-scheme-type-changed',
    cls: 'breaking',
    mutate: (d) => (d.components.securitySchemes.IdentityServer = { type: 'http', scheme: 'bearer' }),
    expect: [{ ruleId: 'diff-security-scheme-type-changed', pointer: '/components/securitySchemes/IdentityServer' }],
  },
  {
    id: 'diff-security-token-url-changed',
    cls: 'breaking',
    mutate: (d) =>
      (d.components.securitySchemes.IdentityServer.flows.clientCredentials.tokenUrl =
        'https://identity-server.island.is/connect/token'),
    expect: [
      {
        ruleId: 'diff-security-token-url-changed',
        pointer: '/components/securitySchemes/IdentityServer/flows/clientCredentials/tokenUrl',
      },
    ],
  },
  {
    // A refresh URL added, at another host (attack o34r15 B9).
    id: 'diff-security-scheme-url-changed',
    cls: 'breaking',
    mutate: (d) =>
      (d.components.securitySchemes.IdentityServer.flows.clientCredentials.refreshUrl =
        'https://elsewhere.example.org/connect/token'),
    expect: [
      {
        ruleId: 'diff-security-scheme-url-changed',
        pointer: '/components/securitySchemes/IdentityServer/flows/clientCredentials/refreshUrl',
      },
    ],
  },
  {
    id: 'diff-webhook-removed',
    cls: 'breaking',
    prepare: (d) =>
      (d.webhooks = {
        profileChanged: {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: { '200': { description: 'Received.' } },
          },
        },
        profileDeleted: { post: { responses: { '200': { description: 'Received.' } } } },
      }),
    mutate: (d) => delete d.webhooks.profileDeleted,
    expect: [{ ruleId: 'diff-webhook-removed', pointer: '/webhooks' }],
  },
  {
    id: 'diff-webhook-changed',
    cls: 'review',
    prepare: (d) =>
      (d.webhooks = {
        profileChanged: {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } },
            },
            responses: { '200': { description: 'Received.' } },
          },
        },
      }),
    // An answer the API now also takes from subscribers: a change to review, with nothing in it that
    // breaks them (a change inside the payload is compared as the body they receive: webhooks.test).
    mutate: (d) => (d.webhooks.profileChanged.post.responses['202'] = { description: 'Accepted.' }),
    expect: [{ ruleId: 'diff-webhook-changed', pointer: '/webhooks/profileChanged' }],
  },
  {
    id: 'diff-webhook-added',
    cls: 'non-breaking',
    mutate: (d) => (d.webhooks = { profileChanged: { post: { responses: { '200': { description: 'Received.' } } } } }),
    expect: [{ ruleId: 'diff-webhook-added', pointer: '/webhooks/profileChanged' }],
  },
  {
    id: 'diff-response-link-changed',
    cls: 'review',
    mutate: (d) =>
      (d.components.responses.UserProfileFound.links = {
        self: { operationId: 'getUserProfile', parameters: { nationalId: '$request.path.nationalId' } },
      }),
    expect: [{ ruleId: 'diff-response-link-changed', pointer: '/components/responses/UserProfileFound/links/self' }],
  },
  {
    id: 'diff-operation-callback-changed',
    cls: 'review',
    mutate: (d) =>
      (d.paths['/v2/users/{nationalId}'].get.callbacks = {
        profileChanged: {
          '{$request.query.callbackUrl}': { post: { responses: { '204': { description: 'Received.' } } } },
        },
      }),
    expect: [{ ruleId: 'diff-operation-callback-changed', pointer: `${OP}/callbacks/profileChanged` }],
  },
  {
    id: 'diff-operation-callback-url-removed',
    cls: 'breaking',
    prepare: (d) =>
      (d.paths['/v2/users/{nationalId}'].get.callbacks = {
        profileChanged: {
          '{$request.query.callbackUrl}': { post: { responses: { '204': { description: 'Received.' } } } },
        },
      }),
    mutate: (d) =>
      (d.paths['/v2/users/{nationalId}'].get.callbacks = {
        profileChanged: {
          '{$request.query.notifyUrl}': { post: { responses: { '204': { description: 'Received.' } } } },
        },
      }),
    expect: [{ ruleId: 'diff-operation-callback-url-removed', pointer: `${OP}/callbacks/profileChanged` }],
  },
];

/** Where each scope's schemas sit: a scalar target (a property or the parameter/header schema) and an object target. */
const SCOPES = {
  'request-parameter': {
    prepare: undefined,
    scalar: ['components', 'parameters', 'ClientType', 'schema'],
    object: ['components', 'parameters', 'ClientType', 'schema'],
  },
  'request-body': {
    prepare: addPut(jsonBody(true)),
    scalar: ['components', 'schemas', 'UserProfileUpdate', 'properties', 'locale'],
    object: ['components', 'schemas', 'UserProfileUpdate'],
  },
  'response-body': {
    prepare: undefined,
    scalar: ['components', 'schemas', 'UserProfile', 'properties', 'locale'],
    object: ['components', 'schemas', 'UserProfile'],
  },
  'response-header': {
    prepare: undefined,
    scalar: ['components', 'headers', 'ContentLanguage', 'schema'],
    object: ['components', 'headers', 'ContentLanguage', 'schema'],
  },
} as const;

/** A boolean schema (`false`) is a schema too. */
type Pair = [base: Doc | boolean, revision: Doc | boolean, pointerSuffix: string];
const S = { type: 'string' };
/** Base and revision schema for each change, and where below the target the finding points. */
const SCALAR: Record<string, Pair> = {
  'type-changed': [{ type: 'boolean' }, { type: 'integer' }, '/type'],
  'type-widened': [{ type: 'integer' }, { type: 'number' }, '/type'],
  'type-narrowed': [{ type: 'number' }, { type: 'integer' }, '/type'],
  'format-added': [S, { type: 'string', format: 'date' }, '/format'],
  'format-removed': [{ type: 'string', format: 'date' }, S, ''],
  'format-changed': [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }, '/format'],
  'enum-value-added': [{ type: 'string', enum: ['en', 'is'] }, { type: 'string', enum: ['en', 'is', 'de'] }, '/enum'],
  'enum-value-removed': [{ type: 'string', enum: ['en', 'is', 'de'] }, { type: 'string', enum: ['en', 'is'] }, '/enum'],
  'enum-added': [S, { type: 'string', enum: ['en', 'is'] }, '/enum'],
  'enum-removed': [{ type: 'string', enum: ['en', 'is'] }, S, ''],
  'constraint-tightened': [{ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }, '/maxLength'],
  'constraint-relaxed': [{ type: 'string', maxLength: 5 }, { type: 'string', maxLength: 10 }, '/maxLength'],
  'pattern-added': [S, { type: 'string', pattern: '^[a-z]+$' }, '/pattern'],
  'pattern-removed': [{ type: 'string', pattern: '^[a-z]+$' }, S, ''],
  'pattern-changed': [{ type: 'string', pattern: '^[a-z]+$' }, { type: 'string', pattern: '^[a-z]{2}$' }, '/pattern'],
  'nullable-added': [S, { type: 'string', nullable: true }, '/nullable'],
  'nullable-removed': [{ type: 'string', nullable: true }, S, ''],
  'default-changed': [{ type: 'string', default: 'en' }, { type: 'string', default: 'is' }, '/default'],
  'const-added': [S, { type: 'string', const: 'en' }, '/const'],
  'const-removed': [{ type: 'string', const: 'en' }, S, ''],
  'const-changed': [{ type: 'string', const: 'en' }, { type: 'string', const: 'is' }, '/const'],
  'not-added': [S, { type: 'string', not: { const: 'xx' } }, '/not'],
  'not-removed': [{ type: 'string', not: { const: 'xx' } }, S, ''],
  'not-changed': [{ type: 'string', not: { const: 'xx' } }, { type: 'string', not: { const: 'yy' } }, '/not'],
  // Boolean schemas (JSON Schema 2020-12, OpenAPI 3.1): `false` allows no value.
  'became-false': [S, false, ''],
  'no-longer-false': [false, S, ''],
  'read-only-added': [S, { type: 'string', readOnly: true }, '/readOnly'],
  'write-only-added': [S, { type: 'string', writeOnly: true }, '/writeOnly'],
  'write-only-removed': [{ type: 'string', writeOnly: true }, S, ''],
  'content-encoding-changed': [S, { type: 'string', contentEncoding: 'base64' }, '/contentEncoding'],
  'content-media-type-changed': [
    { type: 'string', contentMediaType: 'text/plain' },
    { type: 'string', contentMediaType: 'text/html' },
    '/contentMediaType',
  ],
  'content-schema-added': [
    { type: 'string', contentMediaType: 'application/json' },
    { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object' } },
    '/contentSchema',
  ],
  'content-schema-removed': [
    { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object' } },
    { type: 'string', contentMediaType: 'application/json' },
    '',
  ],
  'deprecation-changed': [S, { type: 'string', deprecated: true }, '/deprecated'],
  'keyword-changed': [{ type: 'string', 'x-kind': 'code' }, { type: 'string', 'x-kind': 'name' }, '/x-kind'],
};
const obj = (props: string[], required: string[], extra: Doc = {}) => ({
  type: 'object',
  required,
  properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])),
  ...extra,
});
const variant = (name: string) => ({ type: 'object', required: [name], properties: { [name]: { type: 'string' } } });
const disc = (mapping: Record<string, string>) => ({
  oneOf: [variant('email')],
  discriminator: {
    propertyName: 'kind',
    mapping: Object.fromEntries(
      Object.entries(mapping).map(([k, t]) => [k, `#/components/schemas/${t === 'E' ? 'Email' : 'Phone'}`]),
    ),
  },
});
const OBJECT: Record<string, Pair> = {
  'property-removed': [obj(['a', 'b'], ['a']), obj(['a'], ['a']), '/properties'],
  'property-added-required': [obj(['a'], ['a']), obj(['a', 'c'], ['a', 'c']), '/properties/c'],
  'property-added-optional': [obj(['a'], ['a']), obj(['a', 'c'], ['a']), '/properties/c'],
  'property-became-required': [obj(['a', 'b'], ['a']), obj(['a', 'b'], ['a', 'b']), '/required'],
  'property-became-optional': [obj(['a', 'b'], ['a', 'b']), obj(['a', 'b'], ['b']), '/properties/a'],
  'read-only-removed': [
    obj(['a'], ['a'], { properties: { a: { type: 'string' }, b: { type: 'string', readOnly: true } } }),
    obj(['a'], ['a'], { properties: { a: { type: 'string' }, b: { type: 'string' } } }),
    '/properties/b',
  ],
  'read-only-removed-required': [
    obj(['a'], ['a', 'b'], { properties: { a: { type: 'string' }, b: { type: 'string', readOnly: true } } }),
    obj(['a'], ['a', 'b'], { properties: { a: { type: 'string' }, b: { type: 'string' } } }),
    '/properties/b',
  ],
  'variant-added': [
    { oneOf: [variant('email'), variant('phone')] },
    { oneOf: [variant('email'), variant('phone'), variant('post')] },
    '/oneOf/2',
  ],
  'variant-removed': [
    { oneOf: [variant('email'), variant('phone'), variant('post')] },
    { oneOf: [variant('email'), variant('phone')] },
    '/oneOf',
  ],
  'composition-added': [{ type: 'object' }, { type: 'object', oneOf: [variant('email'), variant('phone')] }, '/oneOf'],
  'composition-removed': [{ type: 'object', oneOf: [variant('email'), variant('phone')] }, { type: 'object' }, ''],
  'additional-properties-forbidden': [
    obj(['a'], ['a']),
    obj(['a'], ['a'], { additionalProperties: false }),
    '/additionalProperties',
  ],
  'additional-properties-allowed': [obj(['a'], ['a'], { additionalProperties: false }), obj(['a'], ['a']), ''],
  'additional-properties-restricted': [
    obj(['a'], ['a']),
    obj(['a'], ['a'], { additionalProperties: S }),
    '/additionalProperties',
  ],
  'additional-properties-relaxed': [obj(['a'], ['a'], { additionalProperties: S }), obj(['a'], ['a']), ''],
  'items-added': [{ type: 'array' }, { type: 'array', items: S }, '/items'],
  'items-removed': [{ type: 'array', items: S }, { type: 'array' }, ''],
  'prefix-items-added': [{ type: 'array' }, { type: 'array', prefixItems: [S] }, '/prefixItems/0'],
  'prefix-items-removed': [{ type: 'array', prefixItems: [S] }, { type: 'array' }, ''],
  'contains-added': [{ type: 'array' }, { type: 'array', contains: S }, '/contains'],
  'contains-removed': [{ type: 'array', contains: S }, { type: 'array' }, ''],
  'property-names-added': [obj(['a'], ['a']), obj(['a'], ['a'], { propertyNames: { maxLength: 8 } }), '/propertyNames'],
  'property-names-removed': [obj(['a'], ['a'], { propertyNames: { maxLength: 8 } }), obj(['a'], ['a']), ''],
  'pattern-property-added': [
    obj(['a'], ['a']),
    obj(['a'], ['a'], { patternProperties: { '^x-': S } }),
    '/patternProperties/^x-',
  ],
  'pattern-property-removed': [obj(['a'], ['a'], { patternProperties: { '^x-': S } }), obj(['a'], ['a']), ''],
  'unevaluated-properties-restricted': [
    obj(['a'], ['a']),
    obj(['a'], ['a'], { unevaluatedProperties: false }),
    '/unevaluatedProperties',
  ],
  'unevaluated-properties-relaxed': [obj(['a'], ['a'], { unevaluatedProperties: false }), obj(['a'], ['a']), ''],
  'unevaluated-items-restricted': [
    { type: 'array', prefixItems: [S] },
    { type: 'array', prefixItems: [S], unevaluatedItems: false },
    '/unevaluatedItems',
  ],
  'unevaluated-items-relaxed': [
    { type: 'array', prefixItems: [S], unevaluatedItems: false },
    { type: 'array', prefixItems: [S] },
    '',
  ],
  'dependent-required-added': [
    obj(['a', 'b'], []),
    obj(['a', 'b'], [], { dependentRequired: { a: ['b'] } }),
    '/dependentRequired',
  ],
  'dependent-required-removed': [obj(['a', 'b'], [], { dependentRequired: { a: ['b'] } }), obj(['a', 'b'], []), ''],
  'dependent-schema-added': [
    obj(['a', 'b'], []),
    obj(['a', 'b'], [], { dependentSchemas: { a: { required: ['b'] } } }),
    '/dependentSchemas/a',
  ],
  'dependent-schema-removed': [
    obj(['a', 'b'], [], { dependentSchemas: { a: { required: ['b'] } } }),
    obj(['a', 'b'], []),
    '',
  ],
  'conditional-added': [
    obj(['a', 'b'], [], { if: { required: ['a'] } }),
    obj(['a', 'b'], [], { if: { required: ['a'] }, then: { required: ['b'] } }),
    '/then',
  ],
  'conditional-removed': [
    obj(['a', 'b'], [], { if: { required: ['a'] }, then: { required: ['b'] } }),
    obj(['a', 'b'], [], { if: { required: ['a'] } }),
    '',
  ],
  'condition-changed': [
    obj(['a', 'b'], [], { if: { required: ['a'] }, then: { required: ['b'] } }),
    obj(['a', 'b'], [], { if: { required: ['b'] }, then: { required: ['b'] } }),
    '/if',
  ],
  'discriminator-added': [
    { oneOf: [variant('email'), variant('phone')] },
    { oneOf: [variant('email'), variant('phone')], discriminator: { propertyName: 'kind' } },
    '/discriminator',
  ],
  'discriminator-removed': [
    { oneOf: [variant('email'), variant('phone')], discriminator: { propertyName: 'kind' } },
    { oneOf: [variant('email'), variant('phone')] },
    '',
  ],
  'discriminator-property-changed': [
    { oneOf: [variant('email')], discriminator: { propertyName: 'kind' } },
    { oneOf: [variant('email')], discriminator: { propertyName: 'type' } },
    '/discriminator/propertyName',
  ],
  'discriminator-mapping-added': [
    disc({ email: 'E' }),
    disc({ email: 'E', phone: 'P' }),
    '/discriminator/mapping/phone',
  ],
  'discriminator-mapping-removed': [disc({ email: 'E', phone: 'P' }), disc({ email: 'E' }), '/discriminator/mapping'],
  'discriminator-mapping-changed': [
    disc({ email: 'E', phone: 'P' }),
    disc({ email: 'E', phone: 'E' }),
    '/discriminator/mapping/phone',
  ],
};

/** Expected class of each schema change in a request and in a response, by hand. */
const SCHEMA_CLASS: Record<string, [ChangeClass, ChangeClass]> = {
  'type-changed': ['breaking', 'breaking'],
  'type-widened': ['non-breaking', 'breaking'],
  'type-narrowed': ['breaking', 'non-breaking'],
  'format-added': ['breaking', 'non-breaking'],
  'format-removed': ['non-breaking', 'breaking'],
  'format-changed': ['breaking', 'breaking'],
  'enum-value-added': ['non-breaking', 'breaking'],
  'enum-value-removed': ['breaking', 'non-breaking'],
  'enum-added': ['breaking', 'non-breaking'],
  'enum-removed': ['non-breaking', 'breaking'],
  'constraint-tightened': ['breaking', 'non-breaking'],
  'constraint-relaxed': ['non-breaking', 'breaking'],
  'pattern-added': ['breaking', 'non-breaking'],
  'pattern-removed': ['non-breaking', 'breaking'],
  'pattern-changed': ['review', 'review'],
  'nullable-added': ['non-breaking', 'breaking'],
  'nullable-removed': ['breaking', 'non-breaking'],
  'default-changed': ['review', 'review'],
  'property-removed': ['review', 'breaking'],
  'property-added-required': ['breaking', 'non-breaking'],
  'property-added-optional': ['non-breaking', 'non-breaking'],
  'property-became-required': ['breaking', 'non-breaking'],
  'property-became-optional': ['non-breaking', 'breaking'],
  'variant-added': ['non-breaking', 'breaking'],
  'variant-removed': ['breaking', 'non-breaking'],
  'composition-added': ['breaking', 'non-breaking'],
  'composition-removed': ['non-breaking', 'breaking'],
  'additional-properties-forbidden': ['breaking', 'non-breaking'],
  'additional-properties-allowed': ['non-breaking', 'breaking'],
  'additional-properties-restricted': ['breaking', 'non-breaking'],
  'additional-properties-relaxed': ['non-breaking', 'breaking'],
  'const-added': ['breaking', 'non-breaking'],
  'const-removed': ['non-breaking', 'breaking'],
  'const-changed': ['breaking', 'breaking'],
  'items-added': ['breaking', 'non-breaking'],
  'items-removed': ['non-breaking', 'breaking'],
  'prefix-items-added': ['breaking', 'non-breaking'],
  'prefix-items-removed': ['non-breaking', 'breaking'],
  'contains-added': ['breaking', 'non-breaking'],
  'contains-removed': ['non-breaking', 'breaking'],
  'property-names-added': ['breaking', 'non-breaking'],
  'property-names-removed': ['non-breaking', 'breaking'],
  'pattern-property-added': ['breaking', 'non-breaking'],
  'pattern-property-removed': ['non-breaking', 'breaking'],
  'unevaluated-properties-restricted': ['breaking', 'non-breaking'],
  'unevaluated-properties-relaxed': ['non-breaking', 'breaking'],
  'unevaluated-items-restricted': ['breaking', 'non-breaking'],
  'unevaluated-items-relaxed': ['non-breaking', 'breaking'],
  'dependent-required-added': ['breaking', 'non-breaking'],
  'dependent-required-removed': ['non-breaking', 'breaking'],
  'dependent-schema-added': ['breaking', 'non-breaking'],
  'dependent-schema-removed': ['non-breaking', 'breaking'],
  'conditional-added': ['breaking', 'non-breaking'],
  'conditional-removed': ['non-breaking', 'breaking'],
  'condition-changed': ['breaking', 'breaking'],
  'not-added': ['breaking', 'non-breaking'],
  'not-removed': ['non-breaking', 'breaking'],
  'not-changed': ['breaking', 'breaking'],
  'became-false': ['breaking', 'breaking'],
  'no-longer-false': ['non-breaking', 'breaking'],
  'discriminator-added': ['review', 'review'],
  'discriminator-removed': ['review', 'review'],
  'discriminator-property-changed': ['review', 'review'],
  'discriminator-mapping-added': ['review', 'review'],
  'discriminator-mapping-removed': ['review', 'review'],
  'discriminator-mapping-changed': ['breaking', 'breaking'],
  'read-only-added': ['breaking', 'non-breaking'],
  'read-only-removed': ['non-breaking', 'non-breaking'],
  'read-only-removed-required': ['breaking', 'non-breaking'],
  'write-only-added': ['non-breaking', 'breaking'],
  'write-only-removed': ['non-breaking', 'non-breaking'],
  'content-encoding-changed': ['breaking', 'breaking'],
  'content-media-type-changed': ['breaking', 'breaking'],
  'content-schema-added': ['breaking', 'non-breaking'],
  'content-schema-removed': ['non-breaking', 'breaking'],
  'deprecation-changed': ['non-breaking', 'non-breaking'],
  'keyword-changed': ['review', 'review'],
};

function setAt(doc: Doc, path: readonly string[], value: unknown): void {
  let node = doc;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]] = structuredClone(value);
}
const pointerOf = (path: readonly string[]) =>
  `/${path.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

function schemaCases(): DiffCase[] {
  const cases: DiffCase[] = [];
  for (const [scope, where] of Object.entries(SCOPES)) {
    const direction = scope.startsWith('request') ? 0 : 1;
    const groups: Array<[Record<string, Pair>, readonly string[] | undefined]> = [
      [SCALAR, where.scalar],
      [OBJECT, where.object],
    ];
    for (const [pairs, target] of groups) {
      if (!target) continue;
      for (const [change, [baseSchema, revisionSchema, suffix]] of Object.entries(pairs)) {
        const id = `diff-${scope}-${change}`;
        cases.push({
          id,
          cls: SCHEMA_CLASS[change][direction],
          prepare: (d) => {
            where.prepare?.(d);
            setAt(d, target, baseSchema);
          },
          mutate: (d) => setAt(d, target, revisionSchema),
          expect: [{ ruleId: id, pointer: `${pointerOf(target)}${suffix}` }],
        });
      }
    }
  }
  return cases;
}

const versionCases: DiffCase[] = [
  {
    id: 'platform-version-breaking-without-major',
    mutate: (d) => d.components.schemas.UserProfile.required.pop(),
    expect: [
      {
        ruleId: 'diff-response-body-property-became-optional',
        pointer: '/components/schemas/UserProfile/properties/locale',
      },
      BREAKING,
    ],
  },
  {
    id: 'platform-version-removed-without-deprecation',
    mutate: (d) => {
      d.info.version = '3.0.0';
      d.paths['/v3/users/{nationalId}'] = d.paths['/v2/users/{nationalId}'];
      delete d.paths['/v2/users/{nationalId}'];
    },
    expect: [
      { ruleId: 'diff-path-removed', pointer: '/paths' },
      v('platform-version-removed-without-deprecation', '/paths'),
      { ruleId: 'diff-path-added', pointer: '/paths/~1v3~1users~1{nationalId}' },
    ],
  },
  {
    id: 'platform-version-deprecated-removed',
    prepare: (d) => (get(d).deprecated = true),
    mutate: (d) => {
      d.info.version = '3.0.0';
      d.paths['/v3/users/{nationalId}'] = structuredClone(d.paths['/v2/users/{nationalId}']);
      delete d.paths['/v3/users/{nationalId}'].get.deprecated;
      delete d.paths['/v2/users/{nationalId}'];
    },
    expect: [
      { ruleId: 'diff-deprecated-operation-removed', pointer: '/paths' },
      v('platform-version-deprecated-removed', '/paths'),
      { ruleId: 'diff-path-added', pointer: '/paths/~1v3~1users~1{nationalId}' },
    ],
  },
  {
    id: 'platform-version-minor-required',
    mutate: (d) => get(d).parameters.push({ name: 'fields', in: 'query', schema: { type: 'string' } }),
    expect: [{ ruleId: 'diff-request-parameter-added-optional', pointer: `${OP}/parameters/2` }, MINOR],
  },
  {
    id: 'platform-version-patch-required',
    mutate: (d) => (get(d).summary = 'Read a profile'),
    expect: [{ ruleId: 'diff-operation-summary-changed', pointer: `${OP}/summary` }, PATCH],
  },
  {
    id: 'platform-version-decreased',
    prepare: (d) => (d.info.version = '2.1.0'),
    mutate: (d) => (d.info.version = '2.0.1'),
    expect: [v('platform-version-decreased')],
  },
  {
    id: 'platform-version-path-major-mismatch',
    mutate: (d) => (d.info.version = '3.0.0'),
    expect: [v('platform-version-path-major-mismatch')],
  },
  { id: 'platform-version-invalid', mutate: (d) => (d.info.version = '2.1'), expect: [v('platform-version-invalid')] },
];

/** Every case; a check's case adds the version finding its class brings (info.version stays 2.0.0). */
export function diffCases(): DiffCase[] {
  const checkCases = [...fixed, ...schemaCases()].map((c) => ({
    ...c,
    expect: [...c.expect, VERSION_FINDING[c.cls!]],
  }));
  return [...checkCases, ...versionCases];
}

/** Severity of each platform-version rule, by hand. */
export const VERSION_SEVERITY: Record<string, 'error' | 'warn'> = {
  'platform-version-breaking-without-major': 'error',
  'platform-version-removed-without-deprecation': 'error',
  'platform-version-deprecated-removed': 'warn',
  'platform-version-minor-required': 'warn',
  'platform-version-patch-required': 'warn',
  'platform-version-decreased': 'error',
  'platform-version-path-major-mismatch': 'error',
  'platform-version-invalid': 'error',
};

export function casePair(c: DiffCase, base: Doc = miniBase()): { base: Doc; revision: Doc } {
  const prepared = structuredClone(base);
  c.prepare?.(prepared);
  const revision = structuredClone(prepared);
  c.mutate(revision);
  return { base: prepared, revision };
}
