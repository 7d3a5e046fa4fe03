/**
 * `escapedView` with members left unread: stylish never shows a finding's fingerprint, which the
 * linter computes only when read (src/lint/lint.ts), so escaping a report must not compute it,
 * and a finding copied because another member needed escaping keeps it uncomputed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapedView, escapeLine } from '../../src/runtime/escape.js';

const UNREAD = new Set(['fingerprint']);

/** A finding-like object whose `fingerprint` counts how often it is read. */
function lazyFinding(message: string): { finding: Record<string, unknown>; reads: () => number } {
  let reads = 0;
  const finding: Record<string, unknown> = { ruleId: 'rule', message, path: ['paths', message] };
  Object.defineProperty(finding, 'fingerprint', {
    enumerable: true,
    configurable: true,
    get: () => {
      reads++;
      return 'abc123';
    },
  });
  return { finding, reads: () => reads };
}

describe('escapedView with unread members', () => {
  it('does not read them, and a copy made for another member keeps them as they were', () => {
    const clean = lazyFinding('plain text');
    const dirty = lazyFinding('bell \u0007 here');
    const view = escapedView({ findings: [clean.finding, dirty.finding] }, escapeLine, UNREAD);
    expect(clean.reads()).toBe(0);
    expect(dirty.reads()).toBe(0);
    const copied = view.findings[1];
    // Compared by hand: expect() on the objects themselves would read every member.
    expect(view.findings[0] === clean.finding).toBe(true);
    expect(copied === dirty.finding).toBe(false);
    expect(copied.message).toBe(escapeLine('bell \u0007 here'));
    expect(Object.keys(copied)).toEqual(['ruleId', 'message', 'path', 'fingerprint']);
    expect(dirty.reads()).toBe(0);
    expect(copied.fingerprint).toBe('abc123');
    expect(dirty.reads()).toBe(1);
  });

  it('gives every other member what escapedView without unread members gives', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))), (record) => {
        const withUnread = escapedView(record, escapeLine, UNREAD) as Record<string, unknown>;
        const plain = escapedView(record, escapeLine) as Record<string, unknown>;
        const strip = (value: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'fingerprint'));
        expect(strip(withUnread)).toEqual(strip(plain));
        if ('fingerprint' in record) expect(withUnread.fingerprint).toBe(record.fingerprint);
      }),
    );
  });
});
