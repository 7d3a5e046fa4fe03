/**
 * Pairs that break nobody (fixtures/diff/non-breaking/<name>/): a new optional parameter, a new
 * response property, a new operation, description edits, reordered keys, YAML ↔ JSON, a `$ref`
 * inlined or extracted, a Sunset header's date moved later. None gives a breaking finding. The pairs are written from the cases
 * below (VOTTUR_UPDATE_FIXTURES=1 rewrites them; the test checks the files match).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffDescriptions } from '../../src/diff/index.js';
import { miniBase, type Doc } from './cases.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/diff/non-breaking');
const get = (d: Doc) => d.paths['/v2/users/{nationalId}'].get;

function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reorder(v)]),
    );
  return value;
}

function deprecateWithSunset(d: Doc, value: Doc): void {
  get(d).deprecated = true;
  get(d).responses['200'] = {
    description: 'The profile.',
    headers: { Sunset: { description: 'When the operation goes (RFC 8594).', schema: { type: 'string', ...value } } },
  };
}
const sunsetSchema = (d: Doc) => get(d).responses['200'].headers.Sunset.schema;

const PAIRS: Record<
  string,
  { base?: (d: Doc) => void; revision: (d: Doc) => Doc | void; json?: boolean; changes: string[] }
> = {
  'new-optional-parameter': {
    revision: (d) => void get(d).parameters.push({ name: 'fields', in: 'query', schema: { type: 'string' } }),
    changes: ['diff-request-parameter-added-optional'],
  },
  'new-response-property': {
    revision: (d) => void (d.components.schemas.UserProfile.properties.nickname = { type: 'string' }),
    changes: ['diff-response-body-property-added-optional'],
  },
  'new-operation': {
    revision: (d) =>
      void (d.paths['/v2/users/{nationalId}'].delete = {
        operationId: 'deleteUserProfile',
        responses: { '204': { description: 'Deleted.' } },
      }),
    changes: ['diff-operation-added'],
  },
  'description-edits': {
    revision: (d) => {
      d.info.description = 'Profiles.';
      get(d).description = 'Returns a profile.';
      d.components.schemas.UserProfile.properties.locale.description = 'Locale (ISO 639-1).';
    },
    changes: ['diff-api-description-changed', 'diff-operation-description-changed', 'diff-schema-description-changed'],
  },
  // A Sunset header's date moved later (issue 39, W01/W02): callers get more time, and the header's
  // single enum value or const is the sunset, not a narrowed value the header checks would class.
  'sunset-header-moved-later': {
    base: (d) => deprecateWithSunset(d, { enum: ['Sun, 01 Aug 2038 00:00:00 GMT'] }),
    revision: (d) => void (sunsetSchema(d).enum = ['Wed, 01 Dec 2038 00:00:00 GMT']),
    changes: [],
  },
  'sunset-header-const-moved-later': {
    base: (d) => {
      d.openapi = '3.1.0';
      deprecateWithSunset(d, { const: 'Sun, 01 Aug 2038 00:00:00 GMT' });
    },
    revision: (d) => void (sunsetSchema(d).const = 'Wed, 01 Dec 2038 00:00:00 GMT'),
    changes: [],
  },
  'reordered-keys': { revision: (d) => reorder(d) as Doc, changes: [] },
  'yaml-to-json': { revision: () => undefined, json: true, changes: [] },
  'ref-inlined': {
    revision: (d) => {
      d.components.responses.UserProfileFound.content['application/json'].schema = structuredClone(
        d.components.schemas.UserProfile,
      );
      get(d).parameters[1] = structuredClone(d.components.parameters.ClientType);
    },
    changes: [],
  },
  'ref-extracted': {
    base: (d) => {
      d.components.responses.UserProfileFound.content['application/json'].schema = structuredClone(
        d.components.schemas.UserProfile,
      );
      delete d.components.schemas.UserProfile;
    },
    revision: (d) => {
      d.components.schemas.Profile = d.components.responses.UserProfileFound.content['application/json'].schema;
      d.components.responses.UserProfileFound.content['application/json'].schema = {
        $ref: '#/components/schemas/Profile',
      };
    },
    changes: [],
  },
};

function files(name: string): Record<string, string> {
  const pair = PAIRS[name];
  const base = miniBase();
  pair.base?.(base);
  let revision: Doc = structuredClone(base);
  revision = pair.revision(revision) ?? revision;
  return {
    'base.yaml': stringify(base, { lineWidth: 0 }),
    [pair.json ? 'revision.json' : 'revision.yaml']: pair.json
      ? `${JSON.stringify(revision, null, 2)}\n`
      : stringify(revision, { lineWidth: 0 }),
  };
}

if (process.env.VOTTUR_UPDATE_FIXTURES) {
  for (const name of Object.keys(PAIRS)) {
    mkdirSync(join(FIXTURES, name), { recursive: true });
    for (const [file, text] of Object.entries(files(name))) writeFileSync(join(FIXTURES, name, file), text);
  }
}

describe('non-breaking pairs', () => {
  it('lists every pair', () => expect(readdirSync(FIXTURES).sort()).toEqual(Object.keys(PAIRS).sort()));

  it.each(Object.keys(PAIRS).map((name) => [name] as const))(
    '%s: no breaking finding, only the expected changes',
    async (name) => {
      const produced = files(name);
      for (const [file, text] of Object.entries(produced))
        expect(readFileSync(join(FIXTURES, name, file), 'utf8')).toBe(text);
      const revisionFile = Object.keys(produced).find((file) => file.startsWith('revision'))!;
      const report = await diffDescriptions(join(FIXTURES, name, 'base.yaml'), join(FIXTURES, name, revisionFile));
      expect(report.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)).toEqual([]);
      expect(
        report.findings
          .filter((f) => f.ruleId.startsWith('diff-'))
          .map((f) => f.ruleId)
          .sort(),
      ).toEqual([...PAIRS[name].changes].sort());
    },
  );
});
