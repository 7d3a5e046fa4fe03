/** One cause, one finding: findings of one operation from the same answer or under the same rule merge, the rest as evidence. */
import { describe, expect, it } from 'vitest';
import { observationKey, observedAs, oneFindingPerCause, statusOnly } from '../../src/contract/causes.js';
import notFound204 from '../../src/contract/answers/not-found-204.js';
import type { Finding } from '../../src/report/finding.js';

function finding(
  ruleId: string,
  message: string,
  options: { operation?: string; url?: string; status?: number; severity?: Finding['severity'] } = {},
): Finding {
  return {
    ruleId,
    severity: options.severity ?? 'error',
    category: 'errors',
    message,
    document: 'api.yaml',
    pointer: '/paths/~1v1~1users~1{id}/get',
    path: ['paths', '/v1/users/{id}', 'get'],
    docsUrl: `https://example.is/${ruleId}`,
    source: 'response',
    operation: options.operation ?? 'GET /v1/users/{id}',
    ...(options.url
      ? {
          request: {
            method: 'GET',
            url: options.url,
            ...(options.status !== undefined ? { status: options.status } : {}),
          },
        }
      : {}),
  };
}

describe('oneFindingPerCause', () => {
  it('a not-found answered 404: the probe leads, the status-documented checks and the Dredd transaction are its evidence', () => {
    const probe = finding('contract-not-found-204', 'answered 404 for the identifier', {
      url: 'http://h/v1/users/9',
      status: 404,
    });
    const status = finding('contract-status-documented', 'answered 404, not documented', {
      url: 'http://h/v1/users/9',
      status: 404,
    });
    const generated = finding('contract-status-documented', '(fuzz phase) answered 404, not documented', {
      url: 'http://h/v1/users/7',
      status: 404,
    });
    const dredd = finding('contract-dredd', 'Dredd transaction failed: statusCode', {
      url: 'http://h/v1/users/9',
      status: 404,
    });
    const merged = oneFindingPerCause([dredd, status, probe, generated]);
    expect(merged).toHaveLength(1);
    expect(merged[0].ruleId).toBe('contract-not-found-204');
    expect(merged[0].related?.map((r) => [r.ruleId, r.message])).toEqual([
      ['contract-status-documented', 'answered 404, not documented'],
      ['contract-status-documented', '(fuzz phase) answered 404, not documented'],
      ['contract-dredd', 'Dredd transaction failed: statusCode'],
    ]);
    expect(merged[0].related?.[0]).toMatchObject({
      document: 'api.yaml',
      severity: 'error',
      request: { method: 'GET', url: 'http://h/v1/users/9', status: 404 },
    });
  });

  it('the most specific leads, at the most severe severity: an error is never hidden under a warning', () => {
    const warning = finding('contract-created-timestamp', 'no createdTimestamp', {
      url: 'http://h/1',
      status: 200,
      severity: 'warn',
    });
    const error = finding('contract-schema', 'body does not match', { url: 'http://h/1', status: 200 });
    expect(oneFindingPerCause([warning, error]).map((f) => [f.ruleId, f.severity, f.related?.length])).toEqual([
      ['contract-created-timestamp', 'error', 1],
    ]);
  });

  it('a body the description documents no content for: the media type leads, what the body conventions find in it is evidence', () => {
    // openapi-backend's API-key example answers 200 with `{"operationId":"getPets"}` where its
    // description documents a 200 without content: the body should not be there at all.
    const timestamp = finding('contract-created-timestamp', 'no createdTimestamp', {
      url: 'http://h/pets',
      status: 200,
      severity: 'warn',
    });
    const fieldCase = finding('contract-field-case', 'members not in camelCase', { url: 'http://h/pets', status: 200 });
    const contentType = finding('contract-content-type', 'the description documents no content for 200', {
      url: 'http://h/pets',
      status: 200,
    });
    expect(
      oneFindingPerCause([timestamp, fieldCase, contentType]).map((f) => [f.ruleId, f.related?.map((r) => r.ruleId)]),
    ).toEqual([['contract-content-type', ['contract-created-timestamp', 'contract-field-case']]]);
    // An error answer's shape still leads over its media type (plain JSON errors are a Problem Details defect).
    const problem = finding('contract-problem-details', 'not Problem Details', { url: 'http://h/x', status: 400 });
    const plain = finding('contract-content-type', 'application/json, not application/problem+json', {
      url: 'http://h/x',
      status: 400,
    });
    expect(oneFindingPerCause([plain, problem]).map((f) => f.ruleId)).toEqual(['contract-problem-details']);
  });

  it('two body conventions one answer broke are two causes: each leads, the general checks stay evidence', () => {
    // Prism's dynamic mock answers a body with a wrong check digit and snake_case members in one.
    const at = { url: 'http://h/v1/users/1/actor-profiles/2', status: 200 };
    const nationalId = observedAs(finding('contract-national-id', 'wrong check digit', at), 'o1');
    const fieldCase = observedAs(finding('contract-field-case', '`in_da` not in camelCase', at), 'o1');
    const schema = observedAs(finding('contract-schema', 'body does not match', at), 'o1');
    const later = { url: 'http://h/v1/users/3/actor-profiles/4', status: 200 };
    const fieldCaseAgain = observedAs(finding('contract-field-case', '`in_da` again', later), 'o2');
    const nationalIdAgain = observedAs(finding('contract-national-id', 'wrong check digit again', later), 'o2');
    const merged = oneFindingPerCause([nationalId, fieldCase, schema, fieldCaseAgain, nationalIdAgain]);
    expect(merged.map((f) => [f.ruleId, f.related?.map((r) => r.message)])).toEqual([
      ['contract-national-id', ['wrong check digit again', 'body does not match']],
      ['contract-field-case', ['`in_da` again']],
    ]);
  });

  it('keeps apart other operations, other answers under other rules, and findings about the run', () => {
    const findings = [
      finding('contract-server-error', 'a 500', { url: 'http://h/1', status: 500 }),
      finding('contract-server-error', 'a 500', { url: 'http://h/2', status: 500, operation: 'GET /v1/other' }),
      finding('contract-charset', 'latin-1', { url: 'http://h/3', status: 200 }),
      finding('contract-timeout', 'no answer', { url: 'http://h/4', operation: 'GET /v1/third' }),
      finding('contract-response-time', 'slow', { url: 'http://h/5', operation: 'GET /v1/third' }),
      finding('contract-missing-example', 'no example', {}),
    ];
    expect(oneFindingPerCause(findings)).toEqual(findings);
  });

  it('every 5xx of an operation is one cause, whichever request met it', () => {
    const example = finding('contract-example-succeeds', 'the example answered 500', {
      url: 'http://h/1',
      status: 500,
    });
    const generated = finding('contract-server-error', '(fuzz phase) 500', { url: 'http://h/1?x=2' });
    const merged = oneFindingPerCause([example, generated]);
    expect(merged.map((f) => [f.ruleId, f.related?.map((r) => r.ruleId)])).toEqual([
      ['contract-server-error', ['contract-example-succeeds']],
    ]);
  });

  it('the same rule on one operation seen by several phases is one finding', () => {
    const coverage = finding('contract-server-error', '(coverage phase) 500', { url: 'http://h/1?a=1', status: 500 });
    const fuzz = finding('contract-server-error', '(fuzz phase) 500', { url: 'http://h/1?a=2', status: 500 });
    const merged = oneFindingPerCause([coverage, fuzz]);
    expect(merged.map((f) => [f.message, f.related?.map((r) => r.message)])).toEqual([
      ['(coverage phase) 500', ['(fuzz phase) 500']],
    ]);
  });
});

describe('causes by observation', () => {
  const at = (f: Finding, key: string) => observedAs(f, key);

  it('the same URL asked with other credentials is another observation: a forged token served leads on its own', () => {
    const url = 'http://h/v1/users/1';
    // The positive request and the forged-token request: same method and URL, other Authorization.
    const positive = at(
      finding('contract-field-case', 'answered 200 with the member `commodo_b`', { url, status: 200 }),
      'real',
    );
    const forged = at(
      finding('contract-ignored-auth', 'answered 200 to a forged token', { url, status: 200 }),
      'forged',
    );
    const forgedCase = at(
      finding('contract-field-case', 'answered 200 with the member `commodo_b` (forged)', { url, status: 200 }),
      'forged',
    );
    const notFound = at(
      finding('contract-not-found-204', 'answered 200 for an identifier that does not exist', {
        url: 'http://h/v1/users/9',
        status: 200,
      }),
      'nf',
    );
    const notFoundCase = at(
      finding('contract-field-case', 'answered 200 with `commodo_b` (not found)', {
        url: 'http://h/v1/users/9',
        status: 200,
      }),
      'nf',
    );
    const merged = oneFindingPerCause([notFound, notFoundCase, forged, forgedCase, positive]);
    expect(merged.map((f) => f.ruleId).sort()).toEqual([
      'contract-field-case',
      'contract-ignored-auth',
      'contract-not-found-204',
    ]);
    const ignored = merged.find((f) => f.ruleId === 'contract-ignored-auth');
    expect(ignored?.related?.map((r) => r.ruleId)).toEqual(['contract-field-case']);
  });

  it('the lead is the most specific convention the answer broke', () => {
    const schema = at(finding('contract-schema', 'lacks createdTimestamp', { url: 'http://h/1', status: 200 }), 'o');
    const created = at(
      finding('contract-created-timestamp', 'no createdTimestamp', {
        url: 'http://h/1',
        status: 200,
        severity: 'error',
      }),
      'o',
    );
    expect(oneFindingPerCause([schema, created])[0]?.ruleId).toBe('contract-created-timestamp');
    const example = at(finding('contract-example-succeeds', 'answered 418', { url: 'http://h/2', status: 418 }), 'p');
    const documented = at(
      finding('contract-status-documented', 'answered 418, not documented', { url: 'http://h/2', status: 418 }),
      'p',
    );
    expect(oneFindingPerCause([example, documented])[0]?.ruleId).toBe('contract-status-documented');
  });

  it("an undocumented status met by a probe: the status leads, unless the probe's convention names that status", () => {
    // The undocumented-status fault: the not-found probe met the 418 every request met.
    const probe = at(
      statusOnly(finding('contract-not-found-204', 'answered 418; expected 204', { url: 'http://h/3', status: 418 })),
      'q',
    );
    const documented = at(
      finding('contract-status-documented', 'answered 418, not documented', { url: 'http://h/3', status: 418 }),
      'q',
    );
    const merged = oneFindingPerCause([probe, documented]);
    expect(merged.map((f) => [f.ruleId, f.related?.map((r) => r.ruleId)])).toEqual([
      ['contract-status-documented', ['contract-not-found-204']],
    ]);
    // A 404 is what the not-found convention is about: the probe leads (its verdict is not statusOnly).
    const on404 = at(finding('contract-not-found-204', 'answered 404', { url: 'http://h/4', status: 404 }), 'r');
    const doc404 = at(
      finding('contract-status-documented', 'answered 404, not documented', { url: 'http://h/4', status: 404 }),
      'r',
    );
    expect(oneFindingPerCause([doc404, on404])[0]?.ruleId).toBe('contract-not-found-204');
    // Where the status is documented, a statusOnly verdict leads as its rule does.
    const alone = at(
      statusOnly(finding('contract-not-found-204', 'answered 409', { url: 'http://h/5', status: 409 })),
      's',
    );
    const schema = at(finding('contract-schema', 'body', { url: 'http://h/5', status: 409 }), 's');
    expect(oneFindingPerCause([schema, alone])[0]?.ruleId).toBe('contract-not-found-204');
  });

  it('the not-found check says which of its verdicts are the status alone', () => {
    const op = { label: 'GET /v1/users/{id}' } as never;
    const request = { op, label: 'GET /v1/users/9' };
    const answer = (status: number) => ({ status, headers: new Headers(), body: '', truncated: false });
    expect(notFound204.check(request, answer(418))?.statusOnly).toBe(true);
    for (const status of [404, 200, 400])
      expect(notFound204.check(request, answer(status))?.statusOnly).toBeUndefined();
  });

  it('one observation: the same request with another body is another observation', () => {
    const request = { method: 'POST', url: new URL('http://h/pets'), headers: { Accept: 'application/json' } };
    const answer = { status: 400, headers: new Headers(), body: '{}', truncated: false };
    expect(observationKey({ ...request, body: '{"a":1}' }, answer)).not.toBe(
      observationKey({ ...request, body: '{"a":2}' }, answer),
    );
    expect(observationKey({ ...request, headers: { 'X-Api-Key': 'a' } }, answer)).not.toBe(
      observationKey({ ...request, headers: { 'X-Api-Key': 'b' } }, answer),
    );
    // What is asked for and per-request identifiers do not make another observation.
    expect(observationKey({ ...request, headers: { Accept: 'x', 'X-Road-Id': '1' } }, answer)).toBe(
      observationKey({ ...request, headers: { Accept: 'y', 'X-Road-Id': '2' } }, answer),
    );
    expect(observationKey(request, answer)).not.toBe(observationKey(request, { ...answer, body: '{"b":1}' }));
  });

  it('a break of the schema that leads a cause of its own is not also the evidence that raises a timestamp warning to an error (outside try, koa-swagger-decorator)', () => {
    // Two answers of one operation each broke the platform's createdTimestamp (a warning) and the
    // schema (an error): one schema defect and one convention warning, not two errors.
    const first = { url: 'http://h/api/user/aaaaaaaa', status: 200 };
    const second = { url: 'http://h/api/user/gg', status: 200 };
    const findings = [
      observedAs(finding('contract-created-timestamp', 'no createdTimestamp', { ...first, severity: 'warn' }), 'o1'),
      observedAs(finding('contract-schema', 'no `msg`', first), 'o1'),
      observedAs(finding('contract-created-timestamp', 'no createdTimestamp', { ...second, severity: 'warn' }), 'o2'),
      observedAs(finding('contract-schema', 'no `msg`', second), 'o2'),
    ];
    const merged = oneFindingPerCause(findings);
    expect(merged.map((f) => [f.ruleId, f.severity, f.related?.map((r) => r.ruleId) ?? []])).toEqual([
      ['contract-created-timestamp', 'warn', ['contract-created-timestamp']],
      ['contract-schema', 'error', ['contract-schema']],
    ]);
  });
});
