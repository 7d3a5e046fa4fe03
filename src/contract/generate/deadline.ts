/**
 * The run's deadline as the generators see it (issue 34, o34r14): `--max-run-time 30` ended at 53 s,
 * because every operation's inputs were made (values drawn, checked by ajv, a pattern of 300 groups
 * matched hundreds of times) before the first request took from the budget. The run sets a check
 * while it generates; the generators' loops call it between draws, and it throws `RunBudgetSpent`
 * once the budget is spent, which ends that work as the budget's own stop does (never the run).
 */

/** Thrown once the run's budget is spent: it ends that phase's or that input's work, never the run. */
export class RunBudgetSpent extends Error {
  constructor(readonly why: string) {
    super(why);
    this.name = 'RunBudgetSpent';
  }
}

let current: (() => void) | undefined;

/** Runs `work` with `check` as the deadline the generators call (the one before it again after). */
export async function withDeadline<T>(check: () => void, work: () => Promise<T>): Promise<T> {
  const before = current;
  current = check;
  try {
    return await work();
  } finally {
    current = before;
  }
}

/** Throws `RunBudgetSpent` once the run's budget is spent; nothing outside a run. */
export function checkDeadline(): void {
  current?.();
}
