/**
 * The run-wide budget of `vottur test`/`vottur check` (issue 34, o34r12 B12): a description of
 * 3,000 trivial operations kept a gated run fuzzing for minutes with no end in sight, so the gated
 * repository's description set the gate's duration. Every request of the run (examples, the
 * generated phases) is counted against a request budget, and the run has a wall-clock budget;
 * once either is spent nothing more is sent or generated, Dredd's replay is not started, and the
 * run says so in one `contract-run-budget` error (a gated run fails). The operator sets both on the
 * command line (`--max-requests`, `--max-run-time`); a repository's configuration cannot.
 */

/** Requests a run sends at most, unless --max-requests says otherwise. */
export const DEFAULT_MAX_REQUESTS = 100_000;
/** Seconds a run's requests and generation take at most, unless --max-run-time says otherwise (20 minutes). */
export const DEFAULT_MAX_RUN_SECONDS = 1_200;
/** The largest --max-requests and --max-run-time (a day) the command line takes. */
export const MAX_RUN_REQUESTS = 10_000_000;
export const MAX_RUN_SECONDS = 86_400;

// Thrown by a phase's send, or a generator's loop, once the budget is spent (generate/deadline.ts).
export { RunBudgetSpent } from '../generate/deadline.js';

export interface RunBudget {
  /** Counts one request about to be sent; false (nothing counted) once the budget is spent. */
  take(): boolean;
  /** Why the budget is spent, in words, or undefined while it is not. */
  spent(): string | undefined;
  /** Milliseconds left of the time budget (0 once spent): Dredd's replay gets no more. */
  remainingMs(): number;
  /** Requests counted so far. */
  readonly sent: number;
  readonly maxRequests: number;
  readonly maxSeconds: number;
}

export function createRunBudget(maxRequests: number, maxSeconds: number, now: () => number = Date.now): RunBudget {
  const deadline = now() + maxSeconds * 1000;
  let sent = 0;
  let why: string | undefined;
  const spent = (): string | undefined => {
    if (why !== undefined) return why;
    if (sent >= maxRequests)
      why = `the run's request budget of ${maxRequests.toLocaleString('en')} requests (--max-requests) was spent`;
    else if (now() >= deadline)
      why = `the run's time budget of ${maxSeconds.toLocaleString('en')} s (--max-run-time) was spent`;
    return why;
  };
  return {
    take() {
      if (spent() !== undefined) return false;
      sent++;
      return true;
    },
    spent,
    remainingMs: () => Math.max(0, deadline - now()),
    get sent() {
      return sent;
    },
    maxRequests,
    maxSeconds,
  };
}
