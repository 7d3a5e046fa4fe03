/**
 * Three changes `vottur diff --gate` allowed as "0 changes" (outside attack 34, round 12, B10):
 * a change inside a webhook, a boolean schema `true` → `false`, and a request media type whose
 * parameters changed (`application/json` → `application/json; charset=utf-16`).
 */
import { describe, expect, it } from 'vitest';
import { check } from '../../src/diff/checks.js';
import { compareDescriptions } from '../../src/diff/compare.js';
import { mediaTypeMeaning } from '../../src/diff/description-tree.js';
import type { Doc } from './cases.js';

const found = (base: Doc, revision: Doc) =>
  compareDescriptions(base, revision)
    .changes.map((change) => `${change.check} ${check(change.check).class}`)
    .sort();

/** The attacker's pair: one path, and (a) a webhook, (b) a request property, (c) a request media type. */
function doc(
  options: { hookType?: unknown; property?: unknown; mediaType?: string; responseMediaType?: string } = {},
): Doc {
  const d: Doc = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/v1/things': {
        post: {
          operationId: 'p',
          requestBody: {
            required: true,
            content: {
              [options.mediaType ?? 'application/json']: {
                schema: { type: 'object', properties: { a: options.property ?? true } },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: { [options.responseMediaType ?? 'application/json']: { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
  };
  if (options.hookType !== undefined)
    d.webhooks = {
      ev: {
        post: {
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { a: { type: options.hookType } } } },
            },
          },
          responses: { '200': { description: 'x' } },
        },
      },
    };
  return d;
}

describe('webhooks: a change inside one is reported, as a callback change is', () => {
  it('a request body property string → integer inside webhooks.ev.post needs review (it was "0 changes"), and is the breaking type change the subscriber receives', () => {
    expect(found(doc({ hookType: 'string' }), doc({ hookType: 'integer' }))).toEqual([
      'diff-response-body-type-changed breaking',
      'diff-webhook-changed review',
    ]);
  });

  it('points at the webhook on both sides', () => {
    const [change] = compareDescriptions(doc({ hookType: 'string' }), doc({ hookType: 'integer' })).changes;
    expect(change?.path).toEqual(['webhooks', 'ev']);
    expect(change?.basePath).toEqual(['webhooks', 'ev']);
    expect(change?.message).toBe('webhook ev was changed');
  });

  it('a property named description, title or x-… is a property: its change is found (its name was skipped as documentation)', () => {
    for (const name of ['description', 'title', 'example', 'x-id']) {
      const rename = (d: Doc) => {
        const schema = d.webhooks.ev.post.requestBody.content['application/json'].schema;
        schema.properties = { [name]: schema.properties.a };
        return d;
      };
      expect(found(rename(doc({ hookType: 'string' })), rename(doc({ hookType: 'integer' }))), name).toEqual([
        'diff-response-body-type-changed breaking',
        'diff-webhook-changed review',
      ]);
    }
  });

  it('the same webhook moved behind a $ref, or only its description edited, is no change', () => {
    const base = doc({ hookType: 'string' });
    const moved = doc({ hookType: 'string' });
    moved.components = { pathItems: { Ev: moved.webhooks.ev } };
    moved.webhooks.ev = { $ref: '#/components/pathItems/Ev' };
    expect(found(base, moved)).toEqual([]);
    const described = doc({ hookType: 'string' });
    described.webhooks.ev.post.description = 'Sent when a thing changes.';
    expect(found(base, described)).toEqual([]);
  });

  it('a change behind a webhook $ref is found through it', () => {
    const base = doc({ hookType: 'string' });
    base.components = { pathItems: { Ev: base.webhooks.ev } };
    base.webhooks.ev = { $ref: '#/components/pathItems/Ev' };
    const revision = structuredClone(base);
    revision.components.pathItems.Ev.post.responses['200'].description = 'y';
    expect(found(base, revision)).toEqual([]);
    revision.components.pathItems.Ev.post.responses['410'] = { description: 'Unsubscribe.' };
    expect(found(base, revision)).toEqual(['diff-webhook-changed review']);
  });
});

describe('boolean schemas are compared as schemas: true allows everything, false nothing', () => {
  it('a request property true → false is breaking (it was "0 changes")', () => {
    expect(found(doc({ property: true }), doc({ property: false }))).toEqual([
      'diff-request-body-became-false breaking',
    ]);
  });

  it('a request property false → true, or false → a schema, widens the request', () => {
    expect(found(doc({ property: false }), doc({ property: true }))).toEqual([
      'diff-request-body-no-longer-false non-breaking',
    ]);
    expect(found(doc({ property: false }), doc({ property: { type: 'string' } }))).toEqual([
      'diff-request-body-no-longer-false non-breaking',
    ]);
  });

  it('a request property schema → false is breaking, and nothing else is claimed about it', () => {
    expect(found(doc({ property: { type: 'string', maxLength: 3 } }), doc({ property: false }))).toEqual([
      'diff-request-body-became-false breaking',
    ]);
  });

  it('true reads as {} (a type added to it narrows), false as false (no change)', () => {
    expect(found(doc({ property: true }), doc({ property: {} }))).toEqual([]);
    expect(found(doc({ property: false }), doc({ property: false }))).toEqual([]);
    expect(found(doc({ property: true }), doc({ property: { type: 'string' } }))).toEqual([
      'diff-request-body-type-narrowed breaking',
    ]);
  });

  it('a $ref to a false schema is false', () => {
    const revision = doc({ property: { $ref: '#/components/schemas/Nothing' } });
    revision.components = { schemas: { Nothing: false } };
    expect(found(doc({ property: true }), revision)).toEqual(['diff-request-body-became-false breaking']);
  });

  it('in subschemas too: items, prefixItems, patternProperties, oneOf alternatives (they were keyword-changed, review, or silent)', () => {
    const body = (schema: unknown) => doc({ property: schema });
    expect(found(body({ type: 'array', items: { type: 'string' } }), body({ type: 'array', items: false }))).toEqual([
      'diff-request-body-became-false breaking',
    ]);
    expect(
      found(body({ type: 'array', prefixItems: [{ type: 'string' }] }), body({ type: 'array', prefixItems: [false] })),
    ).toEqual(['diff-request-body-became-false breaking']);
    expect(
      found(
        body({ type: 'object', patternProperties: { '^x': { type: 'string' } } }),
        body({ type: 'object', patternProperties: { '^x': false } }),
      ),
    ).toEqual(['diff-request-body-became-false breaking']);
    expect(
      found(body({ oneOf: [{ type: 'string' }, { type: 'integer' }] }), body({ oneOf: [{ type: 'string' }, false] })),
    ).toEqual(['diff-request-body-became-false breaking']);
  });

  it('a response property that becomes false is never sent again: breaking, as its removal is', () => {
    const response = (property: unknown): Doc => {
      const d = doc();
      d.paths['/v1/things'].post.responses['200'].content['application/json'].schema = {
        type: 'object',
        properties: { a: property },
      };
      return d;
    };
    expect(found(response({ type: 'string' }), response(false))).toEqual(['diff-response-body-became-false breaking']);
    expect(found(response(false), response({ type: 'string' }))).toEqual([
      'diff-response-body-no-longer-false breaking',
    ]);
  });
});

describe('media types are compared with their parameters', () => {
  it('a request application/json → application/json; charset=utf-16 is breaking (it was "0 changes")', () => {
    expect(found(doc(), doc({ mediaType: 'application/json; charset=utf-16' }))).toEqual([
      'diff-request-body-media-type-parameters-changed breaking',
    ]);
  });

  it('the schema of a media type whose parameters changed is still compared', () => {
    expect(found(doc({ property: true }), doc({ mediaType: 'application/json; version=2', property: false }))).toEqual([
      'diff-request-body-became-false breaking',
      'diff-request-body-media-type-parameters-changed breaking',
    ]);
  });

  it('a response media type whose parameters changed needs review', () => {
    expect(found(doc(), doc({ responseMediaType: 'application/json; profile="https://example.org/v2"' }))).toEqual([
      'diff-response-media-type-parameters-changed review',
    ]);
  });

  it('the same meaning written otherwise is no change: case, spaces, quotes, order, charset=utf-8 on JSON', () => {
    expect(found(doc(), doc({ mediaType: 'Application/JSON; charset="UTF-8"' }))).toEqual([]);
    expect(
      found(
        doc({ mediaType: 'text/plain; charset=utf-8; format=flowed' }),
        doc({ mediaType: 'text/plain;format="flowed";  charset=UTF-8' }),
      ),
    ).toEqual([]);
  });

  it('the old media type kept beside a new parameterised one: only an added media type', () => {
    const revision = doc();
    const content = revision.paths['/v1/things'].post.requestBody.content;
    content['application/json; charset=utf-16'] = content['application/json'];
    expect(found(doc(), revision)).toEqual(['diff-request-body-media-type-added non-breaking']);
  });

  it('two base media types of one type, the revision keeping one: the other is removed', () => {
    const base = doc();
    const content = base.paths['/v1/things'].post.requestBody.content;
    content['application/json; charset=utf-16'] = content['application/json'];
    expect(found(base, doc())).toEqual(['diff-request-body-media-type-removed breaking']);
  });

  it('reads a media type as its meaning', () => {
    expect(mediaTypeMeaning('application/json')).toBe('application/json');
    expect(mediaTypeMeaning('application/problem+json; charset=UTF-8')).toBe('application/problem+json');
    expect(mediaTypeMeaning('application/json; charset=utf-16')).toBe('application/json;charset="utf-16"');
    expect(mediaTypeMeaning('text/plain; Charset=UTF-8')).toBe('text/plain;charset="utf-8"');
    expect(mediaTypeMeaning('application/vnd.x+json; Version="2"')).toBe('application/vnd.x+json;version="2"');
  });
});
