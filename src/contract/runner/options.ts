/** What `vottur test` is asked to do: the options of one contract run, and their validation. */
import type { LoadedDescription, LoadOptions } from '../../lint/load.js';
import { cwdOf } from '../../runtime/process-defaults.js';
import { CouldNotRunError } from '../../errors.js';
import type { AuthOptions } from '../auth.js';
import type { ContractData } from '../data.js';
import { createPacer } from '../http.js';
import { DEFAULT_MAX_REQUESTS, DEFAULT_MAX_RUN_SECONDS, MAX_RUN_REQUESTS, MAX_RUN_SECONDS } from './budget.js';
import { DEFAULT_MAX_EXAMPLES, MAX_SEED, newSeed, parsePhases, PHASES, type Phase } from '../phases/index.js';

export interface ContractTestOptions {
  /** Path of the OpenAPI 3.0/3.1 description (YAML or JSON). */
  description: string;
  /** Base URL of the server under test; the description's paths are appended to it. */
  server: string;
  auth?: AuthOptions;
  /** Where secrets named by environment variable are read (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
  /** What a `description` of `-` reads: the run's standard input. */
  stdin?: LoadOptions['stdin'];
  /** A `--data` file path, or its parsed contents. */
  data?: string | ContractData;
  /** Time limit per request in ms (default 10000). */
  timeoutMs?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Requests started per second at most, over the whole run (default: no limit). */
  rate?: number;
  /** An answer slower than this (ms) is a `contract-response-time` warning (default 2000). */
  maxResponseTimeMs?: number;
  /** Run Dredd's transactions too (default true). */
  dredd?: boolean;
  /** Leave national identifiers unmasked in the report and progress messages (default false). */
  showPii?: boolean;
  /** Paths are resolved and reported relative to this folder (default: the working directory). */
  cwd?: string;
  allowRemoteRefs?: boolean;
  /** The phases to run (default all): examples, coverage, fuzz, stateful. */
  phases?: readonly Phase[] | string;
  /** Seed of the generated requests (default: a new one, given in the report's coverage). */
  seed?: number;
  /** Generated requests per operation and polarity in the fuzz phase (default 100). */
  maxExamples?: number;
  /**
   * Seconds the fuzz phase generates for (1 to MAX_BUDGET_SECONDS), instead of stopping at
   * maxExamples: deeper exploration at a known cost.
   */
  budgetSeconds?: number;
  /** Generate requests for methods other than GET, HEAD and OPTIONS (default false). */
  allowUnsafeMethods?: boolean;
  /** The description already loaded (by `loadDescription`): it is not read and parsed again. */
  loaded?: LoadedDescription;
  /** Progress lines and notices (Dredd transactions skipped and why), already masked. */
  onProgress?: (message: string) => void;
  /**
   * Requests the whole run sends at most (default DEFAULT_MAX_REQUESTS), and seconds it takes at
   * most (default DEFAULT_MAX_RUN_SECONDS): past either a `contract-run-budget` error (budget.ts).
   */
  maxRequests?: number;
  maxRunSeconds?: number;
  /**
   * The run is under an operator's policy (`--gate`/`--policy`): an operation left untested is a
   * `contract-operation-untested` error, so the gated run fails (without one, a warning; every run reports it).
   */
  underPolicy?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** --budget's upper bound: an hour; a repository's configuration cannot make a run that never ends. */
export const MAX_BUDGET_SECONDS = 3600;
export const DEFAULT_CONCURRENCY = 4;
/** The response time budget: an answer slower than this is a warning. */
export const DEFAULT_MAX_RESPONSE_TIME_MS = 2_000;

/** The options checked and filled in with their defaults: what every later step is given. */
export interface RunSettings {
  cwd: string;
  server: URL;
  timeoutMs: number;
  concurrency: number;
  maxResponseTimeMs: number;
  /** With --rate: waits until the next request may start. */
  pace?: () => Promise<void>;
  phases: readonly Phase[];
  maxExamples: number;
  seed: number;
  budgetSeconds?: number;
  allowUnsafeMethods: boolean;
  dredd: boolean;
  showPii: boolean;
  underPolicy: boolean;
  maxRequests: number;
  maxRunSeconds: number;
}

/** Checks the options (one line, `CouldNotRunError`, for a bad one) and fills in the defaults. */
export function runSettings(options: ContractTestOptions): RunSettings {
  const timeoutMs = positiveInteger(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, '--timeout');
  const concurrency = positiveInteger(options.concurrency ?? DEFAULT_CONCURRENCY, '--concurrency');
  const maxResponseTimeMs = positiveInteger(
    options.maxResponseTimeMs ?? DEFAULT_MAX_RESPONSE_TIME_MS,
    '--max-response-time',
  );
  if (options.rate !== undefined && !(Number.isFinite(options.rate) && options.rate > 0))
    throw new CouldNotRunError(`--rate must be a number of requests per second above 0 (got ${options.rate})`);
  const server = parseServer(options.server);
  const phases = parsePhases(options.phases ?? PHASES);
  const maxExamples = positiveInteger(options.maxExamples ?? DEFAULT_MAX_EXAMPLES, '--max-examples');
  if (options.seed !== undefined && (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > MAX_SEED)) {
    throw new CouldNotRunError(`--seed must be a whole number from 0 to ${MAX_SEED} (got ${options.seed})`);
  }
  const budget = options.budgetSeconds;
  if (budget !== undefined && (!Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET_SECONDS))
    throw new CouldNotRunError(
      `--budget must be a whole number of seconds from 1 to ${MAX_BUDGET_SECONDS} (got ${budget})`,
    );
  const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
  if (!Number.isInteger(maxRequests) || maxRequests < 1 || maxRequests > MAX_RUN_REQUESTS)
    throw new CouldNotRunError(
      `--max-requests must be a whole number from 1 to ${MAX_RUN_REQUESTS} (got ${maxRequests})`,
    );
  const maxRunSeconds = options.maxRunSeconds ?? DEFAULT_MAX_RUN_SECONDS;
  if (!Number.isInteger(maxRunSeconds) || maxRunSeconds < 1 || maxRunSeconds > MAX_RUN_SECONDS)
    throw new CouldNotRunError(
      `--max-run-time must be a whole number of seconds from 1 to ${MAX_RUN_SECONDS} (got ${maxRunSeconds})`,
    );
  return {
    cwd: cwdOf(options),
    maxRequests,
    maxRunSeconds,
    server,
    timeoutMs,
    concurrency,
    maxResponseTimeMs,
    ...(options.rate !== undefined ? { pace: createPacer(options.rate) } : {}),
    phases,
    maxExamples,
    seed: options.seed ?? newSeed(),
    ...(budget !== undefined ? { budgetSeconds: budget } : {}),
    allowUnsafeMethods: Boolean(options.allowUnsafeMethods),
    dredd: options.dredd !== false,
    showPii: Boolean(options.showPii),
    underPolicy: Boolean(options.underPolicy),
  };
}

function positiveInteger(value: number, option: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new CouldNotRunError(`${option} must be a whole number of 1 or more (got ${value})`);
  return value;
}

function parseServer(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CouldNotRunError(
      `--server ${text} is not a URL; give the base URL of the service, e.g. https://example.island.is/r1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CouldNotRunError(`--server must be an http or https URL (got ${url.protocol})`);
  if (url.username || url.password)
    throw new CouldNotRunError('--server must not carry credentials; give them with --header, --bearer or --token-url');
  if (url.search || url.hash)
    throw new CouldNotRunError('--server must be a base URL without a query string or fragment');
  return url;
}
