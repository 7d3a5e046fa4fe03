/**
 * Where a request goes is not only the root's `servers` (attack o34r15 B9): a path item's or an
 * operation's own `servers`, a server variable's default and values, a link's `server` and every
 * URL of a security scheme send callers somewhere. A change of any is a finding, never "0 changes".
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDescriptions } from '../../src/diff/index.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-servers-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test documents are edited freely

function description(): Doc {
  return {
    openapi: '3.0.3',
    info: { title: 'S', version: '1.0.0', description: 'x' },
    servers: [{ url: 'https://api.example.is/r1' }],
    paths: {
      '/items/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getItem',
          responses: {
            '200': {
              description: 'ok',
              links: { self: { operationId: 'getItem', parameters: { id: '$request.path.id' } } },
            },
          },
        },
        put: { operationId: 'putItem', responses: { '204': { description: 'ok' } } },
      },
    },
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://login.example.is/authorize',
              tokenUrl: 'https://login.example.is/token',
              scopes: {},
            },
          },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://login.example.is/.well-known/openid-configuration' },
      },
    },
  };
}

let n = 0;
async function diff(mutate: (d: Doc) => void, prepare: (d: Doc) => void = () => {}) {
  const base = description();
  prepare(base);
  const revision = structuredClone(base);
  mutate(revision);
  const dir = join(folder, String(n++));
  mkdirSync(dir);
  writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
  writeFileSync(join(dir, 'rev.json'), JSON.stringify(revision));
  const report = await diffDescriptions(join(dir, 'base.json'), join(dir, 'rev.json'));
  return report.findings
    .filter((f) => f.ruleId.startsWith('diff-'))
    .map((f) => ({ ruleId: f.ruleId, pointer: f.pointer, message: f.message.replace(/ \(base: .*\)$/, '') }));
}

const OTHER = [{ url: 'https://other.example.net' }];

describe('servers wherever they appear', () => {
  it("an operation's own servers, at another host", async () => {
    expect(await diff((d) => (d.paths['/items/{id}'].put.servers = OTHER))).toEqual([
      {
        ruleId: 'diff-operation-servers-changed',
        pointer: '/paths/~1items~1{id}/put/servers',
        message: 'the servers of PUT /items/{id} changed from https://api.example.is/r1 to https://other.example.net',
      },
    ]);
  });

  it("a path item's servers: every operation under it", async () => {
    const found = await diff((d) => (d.paths['/items/{id}'].servers = OTHER));
    expect(found.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-operation-servers-changed', '/paths/~1items~1{id}/servers'],
      ['diff-operation-servers-changed', '/paths/~1items~1{id}/servers'],
    ]);
    expect(found.map((f) => f.message)).toContain(
      'the servers of GET /items/{id} changed from https://api.example.is/r1 to https://other.example.net',
    );
  });

  it("an operation's servers the same as the root's, and a root change alone, are each said once", async () => {
    expect(await diff((d) => (d.paths['/items/{id}'].put.servers = [{ url: 'https://api.example.is/r1' }]))).toEqual(
      [],
    );
    expect((await diff((d) => (d.servers = OTHER))).map((f) => f.ruleId)).toEqual(['diff-server-url-changed']);
  });

  it("a server variable's default or values, at the root and below it", async () => {
    const templated = [
      { url: 'https://{env}.example.is/r1', variables: { env: { default: 'api', enum: ['api', 'test'] } } },
    ];
    const root = await diff(
      (d) => (d.servers[0].variables.env = { default: 'evil', enum: ['evil'] }),
      (d) => (d.servers = structuredClone(templated)),
    );
    expect(root).toEqual([
      {
        ruleId: 'diff-server-url-changed',
        pointer: '/servers',
        message:
          'servers changed from https://{env}.example.is/r1 (env: api, one of api|test) to https://{env}.example.is/r1 (env: evil, one of evil)',
      },
    ]);
    const below = await diff(
      (d) => d.paths['/items/{id}'].put.servers[0].variables.env.enum.push('evil'),
      (d) => (d.paths['/items/{id}'].put.servers = structuredClone(templated)),
    );
    expect(below.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-operation-servers-changed', '/paths/~1items~1{id}/put/servers'],
    ]);
  });

  it("a link's server", async () => {
    const found = await diff(
      (d) => (d.paths['/items/{id}'].get.responses['200'].links.self.server = { url: 'https://other.example.net' }),
    );
    expect(found.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['diff-response-link-changed', '/paths/~1items~1{id}/get/responses/200/links/self'],
    ]);
  });

  it('every URL of a security scheme: authorization, refresh, OpenID Connect', async () => {
    const found = await diff((d) => {
      const flow = d.components.securitySchemes.oauth.flows.authorizationCode;
      flow.authorizationUrl = 'https://evil.example.net/authorize';
      flow.refreshUrl = 'https://evil.example.net/refresh';
      d.components.securitySchemes.oidc.openIdConnectUrl = 'https://evil.example.net/.well-known/openid-configuration';
    });
    expect(found.map((f) => [f.ruleId, f.pointer, f.message])).toEqual([
      [
        'diff-security-scheme-url-changed',
        '/components/securitySchemes/oauth/flows/authorizationCode/authorizationUrl',
        'the authorization URL (authorizationCode) of security scheme oauth changed from https://login.example.is/authorize to https://evil.example.net/authorize',
      ],
      [
        'diff-security-scheme-url-changed',
        '/components/securitySchemes/oauth/flows/authorizationCode/refreshUrl',
        'the refresh URL (authorizationCode) of security scheme oauth changed from (none) to https://evil.example.net/refresh',
      ],
      [
        'diff-security-scheme-url-changed',
        '/components/securitySchemes/oidc/openIdConnectUrl',
        'the OpenID Connect URL of security scheme oidc changed from https://login.example.is/.well-known/openid-configuration to https://evil.example.net/.well-known/openid-configuration',
      ],
    ]);
  });
});
