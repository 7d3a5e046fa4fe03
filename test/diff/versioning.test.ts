/**
 * The platform's way through a breaking change, step by step, and the versioning rules around it:
 * publish the new major beside the old (deprecated) one, then retire the old one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffDescriptionsDetailed } from '../../src/diff/index.js';
import { classify } from '../../src/diff/checks.js';
import { reportExitCode } from '../../src/report/gate.js';
import { miniBase, type Doc } from './cases.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-versioning-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let count = 0;

async function diff(base: Doc, revision: Doc) {
  const dir = join(folder, String(count++));
  const b = `${dir}-base.yaml`;
  const r = `${dir}-revision.yaml`;
  writeFileSync(b, stringify(base));
  writeFileSync(r, stringify(revision));
  const result = await diffDescriptionsDetailed(b, r);
  return {
    ...result,
    rules: result.report.findings.map((f) => `${f.severity} ${f.ruleId}`).sort(),
    exit: reportExitCode(result.report),
  };
}

describe('versioning', () => {
  const v2 = miniBase();
  const v3beside = structuredClone(v2);
  v3beside.info.version = '3.0.0';
  v3beside.paths['/v2/users/{nationalId}'].get.deprecated = true;
  v3beside.paths['/v3/users/{nationalId}'] = structuredClone(v2.paths['/v2/users/{nationalId}']);
  v3beside.paths['/v3/users/{nationalId}'].get.operationId = 'getUserProfileV3';
  delete v3beside.components.schemas.UserProfile.properties.email; // the breaking change, in /v3 only…
  v3beside.components.schemas.UserProfileV2 = structuredClone(v2.components.schemas.UserProfile);
  v3beside.components.responses.UserProfileFoundV2 = {
    description: "The user's profile.",
    content: { 'application/json': { schema: { $ref: '#/components/schemas/UserProfileV2' } } },
  };
  v3beside.paths['/v2/users/{nationalId}'].get.responses['200'] = { $ref: '#/components/responses/UserProfileFoundV2' };
  v3beside.components.schemas.UserProfile.required = ['nationalId', 'locale'];
  const v3only = structuredClone(v3beside);
  v3only.info.version = '3.1.0';
  delete v3only.paths['/v2/users/{nationalId}'];

  it('step 1: the new major beside the deprecated old one passes (no error)', async () => {
    const result = await diff(v2, v3beside);
    expect(result.rules).toEqual(['info diff-operation-deprecated', 'info diff-path-added']);
    expect(result.verdict.newMajor).toBe(true);
    expect(result.exit).toBe(0);
  });

  it('step 2: retiring the deprecated major warns about the notice period, and passes', async () => {
    const result = await diff(v3beside, v3only);
    expect(result.rules).toEqual([
      'warn diff-deprecated-operation-removed',
      'warn platform-version-deprecated-removed',
    ]);
    expect(result.report.findings.find((f) => f.ruleId === 'platform-version-deprecated-removed')!.message).toContain(
      "six months' notice",
    );
    expect(result.exit).toBe(0);
  });

  it('the same change in place, without a new major, fails', async () => {
    const inPlace = structuredClone(v2);
    delete inPlace.components.schemas.UserProfile.properties.email;
    inPlace.components.schemas.UserProfile.required = ['nationalId', 'locale'];
    inPlace.info.version = '2.1.0';
    const result = await diff(v2, inPlace);
    expect(result.rules).toEqual([
      'error diff-response-body-property-removed',
      'error platform-version-breaking-without-major',
    ]);
    expect(result.exit).toBe(1);
  });

  it('a major bump in info.version without a /v3 prefix does not allow a breaking change, and the majors disagree', async () => {
    const bumped = structuredClone(v2);
    bumped.info.version = '3.0.0';
    delete bumped.components.schemas.UserProfile.properties.email;
    bumped.components.schemas.UserProfile.required = ['nationalId', 'locale'];
    const result = await diff(v2, bumped);
    expect(result.rules).toEqual([
      'error diff-response-body-property-removed',
      'error platform-version-breaking-without-major',
      'error platform-version-path-major-mismatch',
    ]);
  });

  it('a description without version prefixes that raises its major reports its breaking changes as needing review', async () => {
    const unprefixed = structuredClone(v2);
    unprefixed.paths = { '/users/{nationalId}': unprefixed.paths['/v2/users/{nationalId}'] };
    const next = structuredClone(unprefixed);
    next.info.version = '3.0.0';
    delete next.components.schemas.UserProfile.properties.email;
    next.components.schemas.UserProfile.required = ['nationalId', 'locale'];
    const result = await diff(unprefixed, next);
    expect(result.rules).toEqual(['warn diff-response-body-property-removed']);
    expect(result.report.findings[0].message).toContain('allowed by the new major version 3.0.0');
    expect(result.exit).toBe(0);
  });

  it('a bump that is big enough gives no version finding', async () => {
    const added = structuredClone(v2);
    added.paths['/v2/users/{nationalId}'].get.parameters.push({
      name: 'fields',
      in: 'query',
      schema: { type: 'string' },
    });
    added.info.version = '2.1.0';
    expect((await diff(v2, added)).rules).toEqual(['info diff-request-parameter-added-optional']);
    const documented = structuredClone(v2);
    documented.info.description = 'Profiles.';
    documented.info.version = '2.0.1';
    expect((await diff(v2, documented)).rules).toEqual(['hint diff-api-description-changed']);
  });

  it('direction is decided in one place', () => {
    expect(classify('request', 'narrow')).toBe('breaking');
    expect(classify('response', 'widen')).toBe('breaking');
    expect(classify('request', 'widen')).toBe('non-breaking');
    expect(classify('response', 'narrow')).toBe('non-breaking');
    expect(classify('response', 'additive')).toBe('non-breaking');
    expect(classify('request', 'undecidable')).toBe('review');
  });
});
