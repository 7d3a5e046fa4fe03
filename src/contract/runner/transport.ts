/**
 * How every request of a run travels: one concurrency cap for the planned and the generated
 * requests, the time limit, `--rate`, the client certificate's `fetch`, the per-request headers,
 * token renewal, and the response time budget (the slowest answer per operation).
 */
import type { Finding } from '../../report/finding.js';
import { toolInfo } from '../../version.js';
import type { Credentials } from '../auth.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { contractFinding } from '../finding.js';
import { createLimiter, send, type HttpOutcome, type HttpRequest, type SendOptions } from '../http.js';
import type { PlannedRequest } from '../plan.js';
import type { RunSettings } from './options.js';

export interface Transport {
  /** Runs a task under the run's concurrency cap. */
  limit: <T>(task: () => Promise<T>) => Promise<T>;
  /** Sends a planned request (its caller holds a place under the cap). */
  sendPlanned: (request: HttpRequest, planned: PlannedRequest) => Promise<HttpOutcome>;
  /** Sends a generated request under the cap; redirects are never followed. */
  sendGenerated: (request: HttpRequest, op: OperationModel) => Promise<HttpOutcome>;
  /** Whether any answer was timed (the response time rule ran). */
  timedAny: () => boolean;
  /** One `contract-response-time` warning per operation with answers over the budget, naming its slowest. */
  responseTimeFindings: (description: ContractDescription) => Finding[];
}

interface Slowest {
  durationMs: number;
  over: number;
  answers: number;
  label: string;
}

export function createTransport(settings: RunSettings, credentials: Credentials): Transport {
  const limit = createLimiter(settings.concurrency);
  const base: SendOptions = {
    timeoutMs: settings.timeoutMs,
    userAgent: `vottur/${toolInfo().version}`,
    allowUnsafeMethods: settings.allowUnsafeMethods,
    ...(settings.pace ? { pace: settings.pace } : {}),
    ...(credentials.fetch
      ? { fetch: credentials.fetch, clientCertificate: Boolean(credentials.clientCertificate) }
      : {}),
    ...(credentials.perRequest ? { perRequest: credentials.perRequest } : {}),
    ...(credentials.tokens ? { tokens: credentials.tokens } : {}),
  };
  const slowest = new Map<OperationModel, Slowest>();
  const timed = (op: OperationModel, label: string, outcome: HttpOutcome): HttpOutcome => {
    if (!outcome.ok) return outcome;
    const entry = slowest.get(op) ?? { durationMs: 0, over: 0, answers: 0, label };
    entry.answers++;
    if (outcome.durationMs > settings.maxResponseTimeMs) entry.over++;
    if (outcome.durationMs > entry.durationMs) Object.assign(entry, { durationMs: outcome.durationMs, label });
    slowest.set(op, entry);
    return outcome;
  };
  return {
    limit,
    sendPlanned: async (request, planned) =>
      timed(
        planned.op,
        `${request.method} ${planned.pathname}${planned.query ? `?${planned.query}` : ''}`,
        await send(request, {
          ...base,
          followRedirect: (status) => !planned.op.responses.some((r) => r.status === String(status)),
        }),
      ),
    sendGenerated: (request, op) =>
      limit(async () =>
        timed(
          op,
          `${request.method} ${request.url.pathname}${request.url.search}`,
          await send(request, { ...base, followRedirect: () => false }),
        ),
      ),
    timedAny: () => slowest.size > 0,
    responseTimeFindings: (description) =>
      [...slowest]
        .filter(([, entry]) => entry.over > 0)
        .map(([op, entry]) =>
          contractFinding('contract-response-time', description.displayPath, {
            op,
            message: `${entry.label} took ${Math.round(entry.durationMs)} ms, over the response time budget of ${settings.maxResponseTimeMs} ms (--max-response-time); ${entry.over} of ${entry.answers} answers to ${op.label} were over it`,
          }),
        ),
  };
}
