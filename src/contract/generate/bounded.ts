/**
 * A fast-check filter that gives up. `arbitrary.filter(accepts)` retries synchronously until a
 * value passes, and Vitest cannot time out a synchronous loop: a description whose constraints no
 * generated value meets (`minLength: 1000000`, an `email` of at most 3 characters, a pattern
 * whose values all break `maxLength`) hung the coverage and fuzz phases for ever. Here the draws
 * are bounded: after `MAX_FILTER_TRIES` misses the value comes from `otherwise`.
 */
import fc, { type Arbitrary, type Stream } from 'fast-check';
import { checkDeadline } from './deadline.js';

/** Draws before a filter gives up on its arbitrary and takes the fallback's value. */
export const MAX_FILTER_TRIES = 100;

interface Tagged {
  /** True: the value came from the fallback, and shrinks as the fallback's. */
  fallback: boolean;
  context: unknown;
}

class BoundedFilter<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arbitrary: Arbitrary<T>,
    private readonly accepts: (value: T) => boolean,
    private readonly otherwise: Arbitrary<T>,
    private readonly tries: number,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    for (let tries = 0; tries < this.tries; tries++) {
      // A draw and its check may be slow (a long pattern): the run's budget is checked between them.
      checkDeadline();
      const drawn = this.arbitrary.generate(mrng, biasFactor);
      if (this.accepts(drawn.value))
        return new fc.Value(drawn.value, { fallback: false, context: drawn.context } satisfies Tagged);
    }
    const drawn = this.otherwise.generate(mrng, biasFactor);
    return new fc.Value(drawn.value, { fallback: true, context: drawn.context } satisfies Tagged);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value) && this.accepts(value);
  }

  shrink(value: T, context: unknown): Stream<fc.Value<T>> {
    const tagged = context as Tagged | undefined;
    if (tagged?.fallback)
      return this.otherwise
        .shrink(value, tagged.context)
        .map((v) => new fc.Value(v.value, { fallback: true, context: v.context } satisfies Tagged));
    return this.arbitrary
      .shrink(value, tagged?.context)
      .filter((v) => this.accepts(v.value))
      .map((v) => new fc.Value(v.value, { fallback: false, context: v.context } satisfies Tagged));
  }
}

/**
 * `arbitrary.filter(accepts)` bounded to `tries` draws each time (`MAX_FILTER_TRIES` unless told);
 * when none passes, a value of `otherwise` (by default the arbitrary's own next value, unfiltered).
 */
export function boundedFilter<T>(
  arbitrary: Arbitrary<T>,
  accepts: (value: T) => boolean,
  otherwise: Arbitrary<T> = arbitrary,
  tries = MAX_FILTER_TRIES,
): Arbitrary<T> {
  return new BoundedFilter(arbitrary, accepts, otherwise, tries);
}

/**
 * Above this many values or arbitraries, one is picked by its index: `fc.constantFrom` and
 * `fc.oneof` take them as a call's arguments, and a call of 300,000 arguments (an enum of 300,000
 * values) overflows the stack (issue 34). Up to it, the same draws as before for the same seed.
 */
const MAX_SPREAD = 1_000;

/** One of `values`, however many, without a call's argument per value. */
export function pickFrom<T>(values: readonly T[]): Arbitrary<T> {
  if (values.length <= MAX_SPREAD) return fc.constantFrom(...values);
  return fc.nat({ max: values.length - 1 }).map((index) => values[index] as T);
}

/** A value of one of `arbitraries`, however many, without a call's argument per arbitrary. */
export function oneOfArbitraries<T>(arbitraries: ReadonlyArray<Arbitrary<T>>): Arbitrary<T> {
  if (arbitraries.length <= MAX_SPREAD) return fc.oneof(...arbitraries);
  return fc.nat({ max: arbitraries.length - 1 }).chain((index) => arbitraries[index] as Arbitrary<T>);
}
