/**
 * Per-rule timing for `vottur lint --timing` (like ESLint's `TIMING=1`). Off by default, when
 * it costs one boolean test per rule call. When on, every rule's check and every shared walker
 * of `openapi/views.ts` is timed, and each is charged its *own* time: a rule that is the first to ask
 * for `schemas(document)` is not charged for the walk, which shows as its own line instead.
 *
 * No imports: this file is part of the ruleset, which runs under the stock Spectral CLI too.
 */
export interface TimingEntry {
  name: string;
  /** Own time (ms), without the timed work it called. */
  ms: number;
  calls: number;
}

const entries = new Map<string, TimingEntry>();
/** Time spent in timed work called by each open timed call (a stack, innermost last). */
const nested: number[] = [];

export const ruleTiming = {
  enabled: false,
  reset(): void {
    entries.clear();
    nested.length = 0;
  },
  /** Every timed rule and walker, slowest first. */
  entries(): TimingEntry[] {
    return [...entries.values()].sort((a, b) => b.ms - a.ms);
  },
};

/** Runs `work`, charging its own time to `name` when timing is on. */
export function timed<T>(name: string, work: () => T): T {
  if (!ruleTiming.enabled) return work();
  const started = performance.now();
  nested.push(0);
  try {
    return work();
  } finally {
    const total = performance.now() - started;
    const inner = nested.pop() ?? 0;
    if (nested.length > 0) nested.push((nested.pop() ?? 0) + total);
    let entry = entries.get(name);
    if (!entry) entries.set(name, (entry = { name, ms: 0, calls: 0 }));
    entry.ms += total - inner;
    entry.calls++;
  }
}
