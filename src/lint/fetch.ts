/**
 * Fetching a description (a document the user named by URL, or a remote `$ref` the user allowed
 * with `--allow-remote-refs`), bounded: at most `maxBytes` of body, one deadline for the whole
 * exchange (headers and every byte of the body, not a timer that restarts on each byte), and
 * redirects followed only to the same origin (a few hops). Each limit ends the fetch with a
 * one-line reason; nothing is buffered past the cap. docs/security.md lists the defaults.
 */
import { errorMessage } from '../errors.js';
import { sameOrigin } from '../runtime/host.js';

/** Largest remote document read, in bytes (20 MB: ten times the largest public description we know). */
export const MAX_REMOTE_BYTES = 20 * 1024 * 1024;
/** Deadline for fetching one remote document, headers and body together. */
export const REMOTE_TIMEOUT_MS = 10_000;
/** Same-origin redirects followed for one document. */
export const MAX_REDIRECTS = 5;

/** Bytes of URL documents, remote `$ref`s and standard input read in one run, together: 64 MB. */
export const RUN_MAX_BYTES = 64 * 1024 * 1024;
/** Documents fetched in one run (URL documents and remote `$ref`s together). */
export const RUN_MAX_FETCHES = 500;
/** Time for all the fetching and standard input of one run, from its start. */
export const RUN_TIMEOUT_MS = 120_000;

export interface FetchLimits {
  maxBytes?: number;
  timeoutMs?: number;
  /** The run's budget this fetch draws on (see `RunBudget`). */
  budget?: RunBudget;
}

export class FetchError extends Error {}

/** A fetched document over the size bound of one document: the document's limit, not the run's (a finding). */
export class FetchSizeError extends FetchError {}

/** The run's budget is spent: every later fetch of the run fails the same way. */
export class RunBudgetError extends FetchError {}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** A run's budget as it crosses to a worker thread: the counters are shared, not copied. */
export interface RunBudgetState {
  /** [bytes read, fetches made] as two Int32 counters. */
  counters: SharedArrayBuffer;
  /** When the run's time is up (ms since the epoch), and how long it had. */
  deadline: number;
  timeoutMs: number;
  maxBytes: number;
  maxFetches: number;
}

/**
 * What a whole run may fetch and read from streams: the limits of one document (20 MB, 10 s) do
 * not bound a run that names many URLs, or a document whose 200 `$ref`s are each just under the
 * limit (4 GB, and a heap crash). One budget per run, shared by every document of it and by the
 * worker threads (its counters live in shared memory): total bytes, total fetches, total time.
 * Running out ends the fetch that overdraws it with a `FetchError` naming the budget.
 */
export class RunBudget {
  private readonly counters: Int32Array;
  private constructor(private readonly state: RunBudgetState) {
    this.counters = new Int32Array(state.counters);
  }

  static create(limits: { maxBytes?: number; maxFetches?: number; timeoutMs?: number } = {}): RunBudget {
    const timeoutMs = limits.timeoutMs ?? RUN_TIMEOUT_MS;
    return new RunBudget({
      counters: new SharedArrayBuffer(8),
      deadline: Date.now() + timeoutMs,
      timeoutMs,
      maxBytes: limits.maxBytes ?? RUN_MAX_BYTES,
      maxFetches: limits.maxFetches ?? RUN_MAX_FETCHES,
    });
  }

  static from(state: RunBudgetState): RunBudget {
    return new RunBudget(state);
  }

  /** The budget to send to a worker thread. */
  share(): RunBudgetState {
    return this.state;
  }

  /** Time left, in ms (0 when spent). */
  remainingMs(): number {
    return Math.max(0, this.state.deadline - Date.now());
  }

  /** Counts one fetch of `url`; throws when the run has made its last. */
  takeFetch(url: string): void {
    if (this.remainingMs() === 0) throw this.timeUp(url);
    const made = Atomics.add(this.counters, 1, 1) + 1;
    if (made > this.state.maxFetches)
      throw new RunBudgetError(
        `${url} is not fetched: this run has fetched ${this.state.maxFetches} documents, the most for one run (docs/security.md)`,
      );
  }

  /** Counts `bytes` read for `what`; throws when the run's total is over its limit. */
  takeBytes(bytes: number, what: string): void {
    const total = Atomics.add(this.counters, 0, Math.min(bytes, 0x3fffffff)) + bytes;
    if (total > this.state.maxBytes)
      throw new RunBudgetError(
        `${what} is not read whole: this run has read ${megabytes(this.state.maxBytes)} of URL documents, remote $refs and standard input, the most for one run (docs/security.md)`,
      );
  }

  timeUp(what: string): RunBudgetError {
    return new RunBudgetError(
      `${what} is not read whole: this run has spent its ${this.state.timeoutMs / 1000} s for fetching and standard input, the most for one run (docs/security.md)`,
    );
  }
}

/** The body of `url` as text, or a `FetchError` saying in one line why not. */
export async function fetchText(url: string, limits: FetchLimits = {}): Promise<string> {
  const maxBytes = limits.maxBytes ?? MAX_REMOTE_BYTES;
  const budget = limits.budget;
  budget?.takeFetch(url);
  const ownTimeout = limits.timeoutMs ?? REMOTE_TIMEOUT_MS;
  // The document's own deadline, or what is left of the run's, whichever comes first.
  const runLeft = budget?.remainingMs() ?? Infinity;
  const timeoutMs = Math.min(ownTimeout, runLeft);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const late = () =>
    budget !== undefined && runLeft < ownTimeout
      ? budget.timeUp(url)
      : new FetchError(`fetching ${url} took longer than ${timeoutMs / 1000} s, so it was stopped`);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await fetch(current, { redirect: 'manual', signal: controller.signal });
      } catch (error) {
        if (timedOut) throw late();
        // Node's fetch says only "fetch failed"; its cause names the reason (refused, unknown host, …).
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
        throw new FetchError(`cannot fetch ${current}: ${cause ?? errorMessage(error)}`);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel().catch(() => undefined);
        const next = new URL(location, current);
        if (!sameOrigin(next, new URL(url)))
          throw new FetchError(
            `${current} redirects to another host (${next.origin}), which is not followed; name that URL if you trust it`,
          );
        if (hop + 1 > MAX_REDIRECTS)
          throw new FetchError(`${url} redirects more than ${MAX_REDIRECTS} times, so it is not followed`);
        current = next.href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new FetchError(`fetching ${current} answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      const tooLarge = () =>
        new FetchSizeError(
          `${current} is larger than ${megabytes(maxBytes)}, the most read for one document, so it is not read`,
        );
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      if (!response.body) return '';
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for (;;) {
          const read = await reader.read();
          if (read.done) break;
          // A fetched body is a stream of bytes, though Node's types leave its chunks untyped.
          const value: unknown = read.value;
          if (!(value instanceof Uint8Array)) throw new FetchError(`cannot fetch ${current}: its body is not bytes`);
          size += value.byteLength;
          if (size > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw tooLarge();
          }
          try {
            budget?.takeBytes(value.byteLength, current);
          } catch (error) {
            await reader.cancel().catch(() => undefined);
            throw error;
          }
          chunks.push(value);
        }
      } catch (error) {
        if (error instanceof FetchError) throw error;
        if (timedOut) throw late();
        throw new FetchError(`cannot fetch ${current}: ${errorMessage(error)}`);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
  } finally {
    clearTimeout(timer);
  }
}
