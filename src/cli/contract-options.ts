/**
 * The options `vottur test` and `vottur check` share (credentials, limits, --data, --no-dredd, the
 * gate and the output), and how they become the contract library's options.
 */
import type { Command } from 'commander';
import type { AuthOptions } from '../contract/auth.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_EXAMPLES, DEFAULT_MAX_RESPONSE_TIME_MS, DEFAULT_TIMEOUT_MS, MAX_SEED, parsePhases, PHASES, type ContractTestOptions, type Phase } from '../contract/index.js';
import type { Severity } from '../report/finding.js';
import { maskNationalIds } from '../pii.js';
import { CouldNotRunError, errorLine } from '../errors.js';
import { addBaselineOptions, failSeverityOption, minCoverageOption, minScoreOption, type BaselineCommandOptions } from './options.js';
import { addOutputOptions, type OutputState } from './output.js';
import { configResolverFor, stderrOf, type CliIo } from './runner.js';

/** The options `test` and `check` share, as commander hands them over. */
export interface ContractCommandOptions extends BaselineCommandOptions {
  failSeverity: Severity;
  minScore?: number;
  quiet?: boolean;
  showPii?: boolean;
  timeout: number;
  concurrency: number;
  rate?: number;
  maxResponseTime: number;
  header: string[];
  bearer?: string;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  xroadClient?: string;
  xroadId?: boolean;
  cert?: string;
  key?: string;
  ca: string[];
  data?: string;
  dredd: boolean;
  phases?: Phase[];
  maxExamples?: number;
  seed?: number;
  minCoverage?: number;
  allowUnsafeMethods?: boolean;
}

/** `--rate 10` or `--rate 10/s`: requests per second. */
export function ratePerSecond(value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(?:\/s)?$/.exec(value.trim());
  if (!match || Number(match[1]) <= 0) throw new CouldNotRunError(`--rate "${value}" is not a number of requests per second, e.g. 10 or 10/s`);
  return Number(match[1]);
}

function seedNumber(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > MAX_SEED) throw new CouldNotRunError(`--seed "${value}" is not a whole number from 0 to ${MAX_SEED}`);
  return Number(value);
}

function wholeNumber(option: string) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value) || Number(value) < 1) throw new CouldNotRunError(`${option} "${value}" is not a whole number of 1 or more`);
    return Number(value);
  };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Adds the options shared by `test` and `check` (output options included). */
export function addContractOptions(command: Command, state: OutputState): Command {
  command
    .addOption(failSeverityOption())
    .addOption(minScoreOption())
    .option('-q, --quiet', 'stylish lists errors only, and no progress lines (the counts, the score, the exit code and the other formats keep every finding)')
    .option('--show-pii', 'show national identifiers unmasked in the output')
    .option('--timeout <ms>', 'time limit for each request, in milliseconds', wholeNumber('--timeout'), DEFAULT_TIMEOUT_MS)
    .option('--concurrency <n>', 'requests in flight at once', wholeNumber('--concurrency'), DEFAULT_CONCURRENCY)
    .option('--rate <n>', 'start at most n requests per second (10 or 10/s), over the whole run (default: no limit)', ratePerSecond)
    .option('--max-response-time <ms>', 'response time budget: a slower answer is a contract-response-time warning', wholeNumber('--max-response-time'), DEFAULT_MAX_RESPONSE_TIME_MS)
    .option('--header <header>', "a header sent with every authenticated request, 'Name: value' (repeatable)", collect, [])
    .option('--bearer <token>', 'an access token, sent as Authorization: Bearer <token>')
    .option('--token-url <url>', 'OAuth 2.0 token endpoint: fetch a token with the client-credentials grant')
    .option('--client-id <id>', 'OAuth 2.0 client id (with --token-url)')
    .option('--client-secret <secret>', 'OAuth 2.0 client secret (with --token-url); better: set VOTTUR_CLIENT_SECRET')
    .option('--scope <scopes>', 'scopes to ask for (with --token-url); default: the scopes the description requires')
    .option('--xroad-client <id>', 'send X-Road-Client: <id> (the calling subsystem on the data exchange layer)')
    .option('--xroad-id', 'send a new X-Road-Id (a UUID) with every request, as a security server client does')
    .option('--cert <file>', 'TLS client certificate to present: PEM (with --key), or PKCS#12 (.p12/.pfx; passphrase in VOTTUR_CERT_PASSPHRASE)')
    .option('--key <file>', 'private key of the --cert PEM certificate (passphrase, if any, in VOTTUR_CERT_PASSPHRASE)')
    .option('--ca <file>', "a private CA's certificate(s) to trust besides the system's, PEM (repeatable)", collect, [])
    .option('--data <file>', 'values for the planned requests, per operationId (YAML or JSON; see docs/contract.md)')
    .option('--no-dredd', 'skip the Dredd run (the planned requests and response checks still run)')
    .option('--phases <list>', `the phases to run, comma-separated (default all: ${PHASES.join(',')})`, (value: string) => parsePhases(value))
    .option('--max-examples <n>', `generated requests per operation in the fuzz phase, each of valid and invalid (default ${DEFAULT_MAX_EXAMPLES})`, wholeNumber('--max-examples'))
    .option('--seed <n>', 'seed of the generated requests; the report gives the seed of every run, and the same seed sends the same requests', seedNumber)
    .option('--allow-unsafe-methods', 'generate requests for methods other than GET, HEAD and OPTIONS, and send undocumented methods (never against a shared environment)')
    .addOption(minCoverageOption());
  addBaselineOptions(command);
  return addOutputOptions(command, state);
}

/** The credential options as the library takes them; one line for an inconsistent set. */
export function authFrom(options: ContractCommandOptions): AuthOptions {
  const oauthOnly = (['clientId', 'clientSecret', 'scope'] as const).filter((key) => options[key] !== undefined);
  if (!options.tokenUrl && oauthOnly.length > 0) {
    const flag = { clientId: '--client-id', clientSecret: '--client-secret', scope: '--scope' }[oauthOnly[0]];
    throw new CouldNotRunError(`${flag} needs --token-url (the client-credentials token endpoint)`);
  }
  return {
    ...(options.header.length ? { headers: options.header } : {}),
    ...(options.bearer !== undefined ? { bearer: options.bearer } : {}),
    ...(options.xroadClient !== undefined ? { xroadClient: options.xroadClient } : {}),
    ...(options.xroadId ? { xroadId: true } : {}),
    ...(options.cert !== undefined || options.key !== undefined || options.ca.length > 0
      ? { tls: { ...(options.cert !== undefined ? { cert: options.cert } : {}), ...(options.key !== undefined ? { key: options.key } : {}), ...(options.ca.length ? { ca: options.ca } : {}) } }
      : {}),
    ...(options.tokenUrl !== undefined
      ? {
          oauth: {
            tokenUrl: options.tokenUrl,
            clientId: options.clientId ?? '',
            ...(options.clientSecret !== undefined ? { clientSecret: options.clientSecret } : {}),
            ...(options.scope !== undefined ? { scope: options.scope } : {}),
          },
        }
      : {}),
  };
}

/** The library options for a run, minus description, server and credentials. */
export function runOptionsFrom(options: ContractCommandOptions, io: CliIo): Pick<ContractTestOptions, 'timeoutMs' | 'concurrency' | 'rate' | 'maxResponseTimeMs' | 'dredd' | 'showPii' | 'data' | 'onProgress' | 'phases' | 'maxExamples' | 'seed' | 'allowUnsafeMethods'> {
  const stderr = stderrOf(io);
  return {
    timeoutMs: options.timeout,
    concurrency: options.concurrency,
    maxResponseTimeMs: options.maxResponseTime,
    ...(options.rate !== undefined ? { rate: options.rate } : {}),
    dredd: options.dredd,
    showPii: Boolean(options.showPii),
    ...(options.data !== undefined ? { data: options.data } : {}),
    ...(options.phases ? { phases: options.phases } : {}),
    ...(options.maxExamples !== undefined ? { maxExamples: options.maxExamples } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.allowUnsafeMethods ? { allowUnsafeMethods: true } : {}),
    ...(options.quiet ? {} : { onProgress: (message: string) => stderr(`${errorLine(message)}\n`) }),
  };
}

/** A note on standard error, masked unless --show-pii; silent with --quiet. */
export function note(options: Pick<ContractCommandOptions, 'quiet' | 'showPii'>, io: CliIo, message: string): void {
  if (options.quiet) return;
  stderrOf(io)(`${errorLine(options.showPii ? message : maskNationalIds(message))}\n`);
}

/**
 * The contract settings of the configuration (`contract:` in vottur.config.yaml) where the command
 * line gave none: an option given on the command line always wins. Secrets come only from the
 * environment variables the configuration names.
 */
export async function withContractSettings<T extends ContractCommandOptions & { server?: string }>(options: T, command: Command, description: string | undefined, io: CliIo = {}): Promise<T> {
  if (description === undefined) return options;
  const settings = (await (await configResolverFor(options, io)).forDocument(description))?.config.contract;
  if (!settings) return options;
  const merged: T = { ...options };
  const fromDefault = (name: string) => command.getOptionValueSource(name) === undefined || command.getOptionValueSource(name) === 'default';
  for (const key of ['server', 'tokenUrl', 'clientId', 'scope', 'xroadClient', 'data'] as const) {
    if (settings[key] !== undefined && merged[key] === undefined) (merged as Record<string, unknown>)[key] = settings[key];
  }
  for (const [key, option] of [['timeout', 'timeout'], ['concurrency', 'concurrency'], ['maxResponseTime', 'maxResponseTime'], ['rate', 'rate']] as const) {
    if (settings[key] !== undefined && fromDefault(option)) (merged as Record<string, unknown>)[key] = settings[key];
  }
  const fromEnv = (name: string, what: string): string => {
    const value = process.env[name];
    if (value === undefined || value === '') throw new CouldNotRunError(`the configuration names the environment variable ${name} for the ${what}, and it is not set; set it, or give the ${what} on the command line`);
    return value;
  };
  if (settings.clientSecretEnv !== undefined && merged.clientSecret === undefined) merged.clientSecret = fromEnv(settings.clientSecretEnv, 'client secret');
  if (settings.bearerEnv !== undefined && merged.bearer === undefined && merged.tokenUrl === undefined) merged.bearer = fromEnv(settings.bearerEnv, 'bearer token');
  return merged;
}
