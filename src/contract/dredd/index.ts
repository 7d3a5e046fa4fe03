/**
 * Dredd's replay of the description, as `vottur test` runs it after the planned requests: each of
 * Dredd's transactions (one per documented status and media type) is given the planned request of
 * the probe that stands for its status (each probe's `dredd` in ../probes/), with the credentials
 * that request was sent with, or is skipped with the reason. Dredd checks the status and headers,
 * and bodies where the description has no schema (ajv checks the others); its failures become
 * `contract-dredd` findings and its tally a progress line. run.ts runs Dredd itself.
 */
import type { TokenRenewal } from '../http.js';
import type { Finding } from '../../report/finding.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { observedAs } from '../causes.js';
import { contractFinding } from '../finding.js';
import type { HttpOutcome } from '../http.js';
import { BASE_PROBE, PROBES, type PlannedRequest } from '../probes/index.js';
import { DREDD_MAX_ENUM_VALUES, DREDD_MAX_EXAMPLE_CHARS } from './copy.js';
import { defaultDeadlineMs, runDredd, type DreddPrepared, type DreddRun, type DreddTransactionInfo } from './run.js';

/** A planned request that was sent, with what came of it. */
export interface SentRequest {
  planned: PlannedRequest;
  outcome: HttpOutcome;
}

export interface DreddReplayOptions {
  description: ContractDescription;
  server: URL;
  /** The time limit for each whole answer, as for the planned requests. */
  timeoutMs: number;
  /** What is left of the run's time budget: the replay's deadline is no later. */
  remainingMs?: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Paces every request (`--rate`), shared with the rest of the run. */
  pace?: () => Promise<void>;
  /** Keeps the OAuth 2.0 tokens valid (renewed as for the other requests). */
  tokens?: TokenRenewal;
  /** --allow-unsafe-methods: without it only GET, HEAD and OPTIONS transactions are sent. */
  allowUnsafeMethods?: boolean;
  /** The planned requests that were sent: each transaction replays the one for its status. */
  sent: readonly SentRequest[];
  /** The credential headers a planned request is sent with. */
  credentials: (planned: PlannedRequest) => Record<string, string>;
  /** Why an operation's requests were held back (no credentials given), to say so for its transactions. */
  heldBack?: ReadonlyMap<OperationModel, string>;
  progress: (message: string) => void;
}

export interface DreddReplay {
  findings: Finding[];
  /** Requests Dredd's transactions sent (skipped ones are not counted). */
  requests: number;
  /** Per operation: the requests its transactions sent, and their time. */
  operations: ReadonlyMap<OperationModel, { requests: number; durationMs: number }>;
}

export async function replayWithDredd(options: DreddReplayOptions): Promise<DreddReplay> {
  const { description } = options;
  const run = await runDredd({
    document: description.data,
    server: options.server.href,
    timeoutMs: options.timeoutMs,
    ...(options.remainingMs !== undefined
      ? { deadlineMs: Math.max(1, Math.min(defaultDeadlineMs(options.timeoutMs), options.remainingMs)) }
      : {}),
    concurrency: options.concurrency,
    ...(options.pace ? { pace: options.pace } : {}),
    ...(options.tokens ? { tokens: options.tokens } : {}),
    allowUnsafeMethods: options.allowUnsafeMethods === true,
    prepare: (info) => prepareTransaction(description, options.sent, options.credentials, info, options.heldBack),
    checkBody: (info) => !documentsSchema(description, info),
  });
  const ran = run.results.filter((r) => r.outcome !== 'skip');
  const operations = new Map<OperationModel, { requests: number; durationMs: number }>();
  for (const op of description.operations) {
    const results = ran.filter((r) => findOperation(description, r.info) === op);
    operations.set(op, {
      requests: results.length,
      durationMs: results.reduce((sum, r) => sum + (r.durationMs ?? 0), 0),
    });
  }
  return { findings: dreddFindings(description, run, options.progress), requests: ran.length, operations };
}

function findOperation(description: ContractDescription, info: DreddTransactionInfo): OperationModel | undefined {
  return description.operations.find((op) => op.method === info.method && op.pathKey === info.pathTemplate);
}

/** The planned request whose probe stands for a transaction's status, with its credentials; or why there is none. */
export function prepareTransaction(
  description: ContractDescription,
  sent: readonly SentRequest[],
  credentials: (planned: PlannedRequest) => Record<string, string>,
  info: DreddTransactionInfo,
  heldBack?: ReadonlyMap<OperationModel, string>,
): DreddPrepared {
  const op = findOperation(description, info);
  if (!op) return { skip: `vottur cannot match it to an operation of the description` };
  const ofOp = sent.filter((e) => e.planned.op === op);
  // Every probe starts from the request built from the examples: without it nothing was sent.
  if (!ofOp.some((e) => e.planned.kind === BASE_PROBE.id)) {
    const why = heldBack?.get(op);
    return {
      skip:
        why !== undefined ? `${why}, so the requests of ${op.label} were not sent` : BASE_PROBE.dredd.whenNotSent(op),
    };
  }
  const status = info.status;
  const probe = PROBES.find((candidate) => candidate.dredd.standsFor(status, op));
  if (!probe)
    return {
      skip: status >= 500 ? `a ${status} cannot be caused on purpose` : `vottur has no request that causes ${status}`,
    };
  const exchange = ofOp.find((e) => e.planned.kind === probe.id);
  if (!exchange) return { skip: probe.dredd.whenNotSent(op) };
  const unfit = probe.dredd.unfit?.(status, op, exchange.outcome);
  if (unfit !== undefined) return { skip: unfit };
  const { planned } = exchange;
  const { Accept: _accept, ...headers } = planned.headers;
  return {
    pathAndQuery: `${planned.pathname}${planned.query ? `?${planned.query}` : ''}`,
    headers: { ...headers, ...credentials(planned) },
    ...(planned.body !== undefined ? { body: planned.body } : {}),
  };
}

function documentsSchema(description: ContractDescription, info: DreddTransactionInfo): boolean {
  const op = findOperation(description, info);
  const response = op?.responses.find((r) => r.status === String(info.status));
  if (!response) return false;
  const media = info.mediaType ? response.content[info.mediaType] : Object.values(response.content)[0];
  return media?.schema !== undefined;
}

function dreddFindings(
  description: ContractDescription,
  dredd: DreddRun,
  progress: (message: string) => void,
): Finding[] {
  const findings: Finding[] = [];
  if (dredd.limit) {
    findings.push(contractFinding('contract-limit-reached', description.displayPath, { message: dredd.limit }));
  }
  if (dredd.cut) {
    const { enums, examples } = dredd.cut;
    findings.push(
      contractFinding('contract-limit-reached', description.displayPath, {
        severity: 'info',
        message: `In Dredd's copy of the description ${enums.toLocaleString('en')} enum${enums === 1 ? ' was' : 's were'} cut to ${DREDD_MAX_ENUM_VALUES} values and ${examples.toLocaleString('en')} example${examples === 1 ? '' : 's'} over ${DREDD_MAX_EXAMPLE_CHARS / 1024} KB left out (its parser reads the copy with no deadline); ajv checked the bodies against the whole description`,
      }),
    );
  }
  if (dredd.failure) {
    findings.push(
      contractFinding('contract-dredd', description.displayPath, {
        severity: 'info',
        message: `Dredd could not run on this description, so its transactions were not tested (the other checks ran): ${oneLine(dredd.failure)}`,
      }),
    );
  }
  const skipped = new Map<string, string[]>();
  for (const result of dredd.results) {
    const op = findOperation(description, result.info);
    const path = op ? [...op.path, 'responses', String(result.info.status)] : [];
    const request = {
      method: result.method,
      url: result.url,
      ...(result.actualStatus !== undefined ? { status: result.actualStatus } : {}),
      ...(result.durationMs !== undefined ? { durationMs: result.durationMs } : {}),
    };
    if (result.outcome === 'skip') {
      skipped.set(result.message, [
        ...(skipped.get(result.message) ?? []),
        // One transaction per media type: the media type tells them apart.
        `${result.info.method} ${result.info.pathTemplate} ${result.info.status}${result.info.mediaType ? ` ${result.info.mediaType}` : ''}`,
      ]);
    } else if (result.outcome === 'fail') {
      const finding = contractFinding('contract-dredd', description.displayPath, {
        ...(op ? { op } : {}),
        path,
        request,
        message: `Dredd transaction "${result.info.name}" failed: ${oneLine(result.message)}`,
      });
      // A transaction per media type of a response that documents several is a request of its own:
      // its Accept selects the representation, so it is not the observation of vottur's request
      // to the same URL, and its failure (the Accept ignored) leads its own cause.
      const media = op?.responses.find((r) => r.status === String(result.info.status))?.content;
      const selects = result.info.mediaType !== undefined && Object.keys(media ?? {}).length > 1;
      findings.push(
        selects
          ? observedAs(finding, `dredd\u0000${result.method} ${result.url}\u0000accept ${result.info.mediaType ?? ''}`)
          : finding,
      );
    } else if (result.outcome === 'error') {
      findings.push(
        contractFinding('contract-dredd', description.displayPath, {
          ...(op ? { op } : {}),
          path,
          request,
          message: `Dredd transaction "${result.info.name}" could not run: ${oneLine(result.message)}`,
        }),
      );
    }
  }
  if (!dredd.failure) {
    const count = (outcome: string) => dredd.results.filter((r) => r.outcome === outcome).length;
    progress(
      `dredd: ${dredd.results.length} transactions, ${count('pass')} passed, ${count('fail')} failed, ${count('error')} errors, ${count('skip')} skipped`,
    );
    for (const [reason, names] of skipped) progress(`dredd: skipped ${names.length} (${names.join('; ')}): ${reason}`);
  }
  return findings;
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');
}
