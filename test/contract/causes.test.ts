/** One cause, one finding: findings of one operation from the same answer or under the same rule merge, the rest as evidence. */
import { describe, expect, it } from 'vitest';
import { oneFindingPerCause } from '../../src/contract/causes.js';
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

  it('the most severe leads: an error under a warning of the same answer leads it', () => {
    const warning = finding('contract-created-timestamp', 'no createdTimestamp', {
      url: 'http://h/1',
      status: 200,
      severity: 'warn',
    });
    const error = finding('contract-schema', 'body does not match', { url: 'http://h/1', status: 200 });
    expect(oneFindingPerCause([warning, error]).map((f) => [f.ruleId, f.related?.length])).toEqual([
      ['contract-schema', 1],
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
