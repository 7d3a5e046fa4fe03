/**
 * The examples phase: the requests the probes planned (probes/, plan.ts) — the request built from
 * the examples, an identifier that does not exist, a malformed one, no credentials, a token without
 * the scope — sent in turns across operations, each answer judged by the answer check its probe
 * names (expect.ts) and by the response checks.
 */
import type { Finding } from '../../report/finding.js';
import type { Credentials } from '../auth.js';
import { observationKey, observedAs } from '../causes.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { checkExpectation, expectationAdvice, type ExpectationContext } from '../expect.js';
import { contractFinding } from '../finding.js';
import type { HttpOutcome, HttpRequest } from '../http.js';
import type { PlannedRequest } from '../plan.js';
import { probeById } from '../probes/index.js';
import { requestLabel, requestUrl } from '../url.js';
import { checkLiveConventions, checkResponse, type SchemaValidators } from '../validate/index.js';

/** A planned request, the URL it went to, and what came back. */
export interface Exchange {
  planned: PlannedRequest;
  url: URL;
  outcome: HttpOutcome;
}

/** The credential headers a planned request is sent with. */
export function headersFor(planned: PlannedRequest, credentials: Credentials): Record<string, string> {
  if (planned.credentials === 'none') return credentials.base;
  if (planned.credentials === 'noScope') return credentials.noScope ?? credentials.base;
  return credentials.full;
}

/** A planned request as it is sent. */
export function plannedHttpRequest(planned: PlannedRequest, server: URL, credentials: Credentials): HttpRequest {
  return {
    method: planned.method,
    url: requestUrl(server, planned.pathname, planned.query),
    headers: { ...planned.headers, ...headersFor(planned, credentials) },
    ...(planned.body !== undefined ? { body: planned.body } : {}),
  };
}

/** The requests in turns: the first of every operation, then the second of every operation, and so on. */
export function roundRobin(requests: readonly PlannedRequest[]): PlannedRequest[] {
  const byOp = new Map<OperationModel, PlannedRequest[]>();
  for (const request of requests) {
    const list = byOp.get(request.op) ?? [];
    list.push(request);
    byOp.set(request.op, list);
  }
  const lists = [...byOp.values()];
  const ordered: PlannedRequest[] = [];
  for (let turn = 0; ordered.length < requests.length; turn++) {
    for (const list of lists) {
      const request = list[turn];
      if (request !== undefined) ordered.push(request);
    }
  }
  return ordered;
}

export interface ExamplesPhaseResult {
  exchanges: Exchange[];
  /** Operations whose request got no answer, with how many of their other requests were not sent. */
  failedOps: Map<OperationModel, number>;
}

/**
 * Sends the planned requests in turns. After a timeout or a refused connection nothing more is
 * sent for that operation: a server that does not answer costs one wait per operation, not one
 * per request.
 */
export async function examplesPhase(
  requests: readonly PlannedRequest[],
  server: URL,
  credentials: Credentials,
  transport: {
    /** Runs a task under the run's concurrency cap. */
    limit: <T>(task: () => Promise<T>) => Promise<T>;
    send: (request: HttpRequest, planned: PlannedRequest) => Promise<HttpOutcome>;
    /** Counts a request against the run's budget; false once it is spent (nothing more is sent). */
    take?: () => boolean;
  },
): Promise<ExamplesPhaseResult> {
  const failedOps = new Map<OperationModel, number>();
  const sent = await Promise.all(
    roundRobin(requests).map((planned) =>
      transport.limit(async (): Promise<Exchange | undefined> => {
        const held = failedOps.get(planned.op);
        if (held !== undefined) {
          failedOps.set(planned.op, held + 1);
          return undefined;
        }
        if (transport.take && !transport.take()) return undefined;
        const request = plannedHttpRequest(planned, server, credentials);
        const outcome = await transport.send(request, planned);
        if (!outcome.ok && !failedOps.has(planned.op)) failedOps.set(planned.op, 0);
        return { planned, url: request.url, outcome };
      }),
    ),
  );
  return { exchanges: sent.filter((e): e is Exchange => e !== undefined), failedOps };
}

/** The findings on one exchange: its probe's answer check, the response checks, the probe's advice. */
export function exchangeFindings(
  description: ContractDescription,
  validators: SchemaValidators,
  credentials: Credentials,
  exchange: Exchange,
  server: URL,
): Finding[] {
  const { planned, url, outcome } = exchange;
  const label = requestLabel(server, planned.method, url);
  const request = {
    method: planned.method,
    url: url.href,
    ...(outcome.ok ? { status: outcome.response.status } : {}),
    durationMs: outcome.durationMs,
  };
  if (!outcome.ok) {
    const id = outcome.kind === 'timeout' ? 'contract-timeout' : 'contract-unreachable';
    return [
      contractFinding(id, description.displayPath, {
        op: planned.op,
        request,
        message: `${label} (${probeById(planned.kind).name}): ${outcome.reason}`,
      }),
    ];
  }
  const ctx: ExpectationContext = {
    description,
    validators,
    op: planned.op,
    exchange: label,
    request,
    probe: probeById(planned.kind).name,
    hasCredentials: credentials.hasCredentials,
  };
  const response = outcome.response;
  const seen = observationKey(plannedHttpRequest(planned, server, credentials), response);
  const findings = [
    ...checkExpectation(ctx, planned, response),
    ...checkResponse(ctx, response),
    ...checkLiveConventions(ctx, response),
    ...expectationAdvice(ctx, planned, response),
  ];
  if (outcome.refusedRedirect) {
    findings.push(
      contractFinding('contract-redirect', description.displayPath, {
        op: planned.op,
        request,
        message: `${label} answered ${outcome.response.status} redirecting to another origin (${outcome.refusedRedirect.origin}); vottur does not follow redirects off the --server origin, and an API must not send its callers (and their credentials) elsewhere`,
      }),
    );
  }
  return findings.map((finding) => observedAs(finding, seen));
}
