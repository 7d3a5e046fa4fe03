import { readFileSync } from 'node:fs';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { referenceDescriptionPath } from '../../src/reference/description.js';
import type { Parsed } from '../values.js';
import { loadDescription, schemaErrors, schemaValidators } from './helpers.js';

const document = loadDescription();
const validators = schemaValidators(document);

type Obj = Record<string, Parsed>;

function deref(node: Obj): Obj {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((value: Obj, key: string) => value[key], document);
  }
  return current;
}

const operations = Object.entries(document.paths as Obj).flatMap(([path, item]) =>
  Object.entries(item as Obj).map(([method, operation]) => ({ path, method, operation: operation as Obj })),
);

describe('the reference description', () => {
  it('is OpenAPI 3.0.3 at version 2.x.y, every path under /v2/', () => {
    expect(document.openapi).toBe('3.0.3');
    expect(document.info.version).toMatch(/^2\.[0-9]+\.[0-9]+$/);
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/v2\//);
  });

  it('has a complete info object', () => {
    const { info } = document;
    expect(info.title).toEqual(expect.any(String));
    expect(info.description).toEqual(expect.any(String));
    expect(info.contact).toMatchObject({
      name: expect.any(String),
      email: expect.stringContaining('@'),
      url: expect.stringMatching(/^https:\/\//),
    });
    expect(info['x-category']).toEqual(['personal', 'official']);
    expect(info['x-pricing']).toEqual(['free']);
    for (const key of ['responsibleParty', 'documentation', 'bugReport', 'featureRequest']) {
      expect(info['x-links'][key], key).toMatch(/^https:\/\/[^/]+\//);
    }
  });

  it('describes the four operations, each with its own operationId', () => {
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'get /v2/users/.national-id',
      'get /v2/users/.to-national-id/actor-profiles/.from-national-id',
      'get /v2/users/{nationalId}',
      'get /v2/users/{toNationalId}/actor-profiles/{fromNationalId}',
    ]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(4);
    for (const { operation } of operations) expect(operation.description).toEqual(expect.any(String));
  });

  it('documents 200, 204 without content, 400, 401, 403 and 500 as Problem Details, and never 404', () => {
    for (const { path, operation } of operations) {
      expect(Object.keys(operation.responses).sort(), path).toEqual(['200', '204', '400', '401', '403', '500']);
      expect(deref(operation.responses['204']).content, path).toBeUndefined();
      for (const status of ['400', '401', '403', '500']) {
        const content = deref(operation.responses[status]).content;
        expect(Object.keys(content), `${path} ${status}`).toEqual(['application/problem+json']);
      }
    }
  });

  it('gives every parameter a description and an example that fits its schema, required ones first', () => {
    for (const { path, operation } of operations) {
      const parameters = (operation.parameters as Obj[]).map(deref);
      const required = parameters.map((parameter) => parameter.required === true);
      expect(required, path).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
      for (const parameter of parameters) {
        expect(parameter.description, parameter.name).toEqual(expect.any(String));
        expect(parameter.example, parameter.name).toBeDefined();
        if (parameter.schema.pattern) expect(parameter.example).toMatch(new RegExp(parameter.schema.pattern));
        if (parameter.schema.enum) expect(parameter.schema.enum).toContain(parameter.example);
      }
    }
  });

  it('gives every response media type an example that validates against its schema', () => {
    let checked = 0;
    for (const [name, response] of Object.entries(document.components.responses as Obj)) {
      for (const [mediaType, media] of Object.entries<Obj>((response as Obj).content ?? {})) {
        expect(media.example, `${name} ${mediaType}`).toBeDefined();
        const schemaName = (media.schema.$ref as string).split('/').pop()!;
        expect(schemaErrors(validators, schemaName, media.example), `${name} ${mediaType}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBe(6);
  });

  it('gives UserProfile every field of the platform table plus createdTimestamp, nullable where a value may be missing', () => {
    const schema = document.components.schemas.UserProfile;
    expect(Object.keys(schema.properties).sort()).toEqual(
      [
        'nationalId',
        'email',
        'mobilePhoneNumber',
        'locale',
        'mobilePhoneNumberVerified',
        'emailVerified',
        'documentNotifications',
        'emailNotifications',
        'profileImageUrl',
        'needsNudge',
        'lastNudge',
        'nextNudge',
        'isRestricted',
        'createdTimestamp',
      ].sort(),
    );
    const nullable = Object.entries(schema.properties as Obj)
      .filter(([, property]) => property.nullable === true)
      .map(([name]) => name)
      .sort();
    expect(nullable).toEqual(['email', 'lastNudge', 'mobilePhoneNumber', 'nextNudge', 'profileImageUrl']);
    expect(schema.properties.locale.enum).toEqual(['en', 'is']);
    for (const name of ['lastNudge', 'nextNudge', 'createdTimestamp'])
      expect(schema.properties[name].format, name).toBe('date-time');
  });

  it('rejects date-times without fraction or zone, and hyphenated identifiers', () => {
    const example = document.components.responses.UserProfileFound.content['application/json'].example;
    expect(schemaErrors(validators, 'UserProfile', example)).toEqual([]);
    expect(
      schemaErrors(validators, 'UserProfile', { ...example, createdTimestamp: '2024-05-02T09:30:00' }),
    ).not.toEqual([]);
    expect(
      schemaErrors(validators, 'UserProfile', { ...example, createdTimestamp: '2024-05-02T09:30:00Z' }),
    ).not.toEqual([]);
    expect(schemaErrors(validators, 'UserProfile', { ...example, lastNudge: '2024-05-02T09:30:00.000+00:00' })).toEqual(
      [],
    );
    expect(schemaErrors(validators, 'UserProfile', { ...example, nationalId: '010130-2989' })).not.toEqual([]);
  });

  it('declares OAuth 2.0 client credentials with the user-profile read scope, required at top level', () => {
    const scheme = document.components.securitySchemes.IdentityServer;
    expect(scheme.type).toBe('oauth2');
    expect(Object.keys(scheme.flows)).toEqual(['clientCredentials']);
    expect(Object.keys(scheme.flows.clientCredentials.scopes)).toEqual(['@island.is/user-profile:read']);
    expect(document.security).toEqual([{ IdentityServer: ['@island.is/user-profile:read'] }]);
  });

  it("lints clean under Spectral's full OpenAPI ruleset (no error, warning, info or hint)", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'all']] } as never);
    const path = referenceDescriptionPath();
    const results = await spectral.run(new Document(readFileSync(path, 'utf8'), Parsers.Yaml, path));
    expect(results.map((result) => `${result.code} ${result.path.join('.')}: ${result.message}`)).toEqual([]);
  });
});
