/**
 * Recursion over description data without the JavaScript stack: a recursive function written as a
 * generator that `yield`s each call it would make (`const r = yield* call(child)` is written
 * `const r = yield child`) is run by `runIterative` on a stack of its own, so a `$ref` chain of any
 * length is followed to its end where plain recursion overflowed ("Maximum call stack size
 * exceeded" at a few thousand links). The order of the calls, and so any memoisation they do, is
 * the recursive function's own.
 */

/** One step of a recursive computation: yields an argument it needs the result for, returns its own result. */
export type Step<A, R> = Generator<A, R, R>;

/** Runs `step(argument)` to its result, each nested call on an explicit stack (its length bounded by memory, not by the call stack). */
export function runIterative<A, R>(step: (argument: A) => Step<A, R>, argument: A): R {
  const stack: Step<A, R>[] = [step(argument)];
  // The result handed to the step on top (ignored by a step's first `next`, as generators do).
  let result = undefined as R;
  for (let top = stack.at(-1); top; top = stack.at(-1)) {
    const next = top.next(result);
    if (next.done) {
      stack.pop();
      result = next.value;
    } else stack.push(step(next.value));
  }
  return result;
}
