/** Dredd's replay of the planned requests, when it can be run: not with a client certificate, not when nothing answered. */
import type { Credentials } from '../auth.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { replayWithDredd, type DreddReplay } from '../dredd/index.js';
import { headersFor, type Exchange } from '../phases/examples.js';
import type { RunSettings } from './options.js';

export interface DreddInput {
  settings: RunSettings;
  description: ContractDescription;
  credentials: Credentials;
  exchanges: readonly Exchange[];
  /** Operations held back, which Dredd's transactions skip too. */
  notTested: ReadonlyMap<OperationModel, string>;
  progress: (message: string) => void;
  /** What is left of the run's time budget: Dredd's replay ends by then (not only by its own deadline). */
  remainingMs?: number;
}

/** Replays with Dredd; undefined (and a progress line saying why) when it is not run. */
export async function dreddStep(input: DreddInput): Promise<DreddReplay | undefined> {
  const { settings, credentials, exchanges, progress } = input;
  if (!settings.dredd || !settings.phases.includes('examples')) return undefined;
  if (credentials.fetch) {
    progress(
      'dredd: not run, since its HTTP client cannot present a TLS client certificate or trust a private CA (--cert, --ca)',
    );
    return undefined;
  }
  if (exchanges.length > 0 && exchanges.every((e) => !e.outcome.ok)) {
    progress('dredd: not run, since no request to the server got an answer');
    return undefined;
  }
  return replayWithDredd({
    description: input.description,
    server: settings.server,
    timeoutMs: settings.timeoutMs,
    ...(input.remainingMs !== undefined ? { remainingMs: input.remainingMs } : {}),
    concurrency: settings.concurrency,
    ...(settings.pace ? { pace: settings.pace } : {}),
    ...(credentials.tokens ? { tokens: credentials.tokens } : {}),
    allowUnsafeMethods: settings.allowUnsafeMethods,
    sent: exchanges,
    credentials: (planned) => headersFor(planned, credentials),
    heldBack: input.notTested,
    progress,
  });
}
