/**
 * The options `vottur test` and `vottur check` share (credentials, limits, --data, --no-dredd, the
 * gate and the output), and how they become the contract library's options.
 */
import type { Command } from 'commander';
import type { AuthOptions } from '../contract/auth.js';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_EXAMPLES,
  DEFAULT_MAX_REQUESTS,
  DEFAULT_MAX_RESPONSE_TIME_MS,
  DEFAULT_MAX_RUN_SECONDS,
  DEFAULT_TIMEOUT_MS,
  MAX_BUDGET_SECONDS,
  MAX_SEED,
  parsePhases,
  PHASES,
  type ContractTestOptions,
  type Phase,
} from '../contract/index.js';
import type { Connection, ConnectionSource, Severity } from '../report/finding.js';
import type { ContractSettings } from '../config/index.js';
import { maskNationalIds } from '../pii.js';
import { CouldNotRunError, errorLine } from '../errors.js';
import {
  addBaselineOptions,
  addPolicyOptions,
  failSeverityOption,
  minCoverageOption,
  minScoreOption,
  type BaselineCommandOptions,
} from './options.js';
import { addOutputOptions, type OutputState } from './output.js';
import { envOf, type PolicyCommandOptions, type RunIo } from '../run/index.js';
import type { GateRun } from '../policy/enforce.js';
import { dirname } from 'node:path';
import { namedFileRoot } from '../runtime/safe-read.js';

/** The options `test` and `check` share, as commander hands them over. */
export interface ContractCommandOptions extends BaselineCommandOptions, PolicyCommandOptions {
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
  bearerWithoutScope?: string;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  xroadClient?: string;
  xroadId?: boolean;
  cert?: string;
  key?: string;
  ca: string[];
  /** From `contract.tls.passphraseEnv` (no command-line option: the default is VOTTUR_CERT_PASSPHRASE). */
  passphraseEnv?: string;
  /** Set when the TLS files come from `contract.tls`: the folder (the repository) they must be inside. */
  tlsRoot?: string;
  data?: string;
  dredd: boolean;
  phases?: Phase[];
  maxExamples?: number;
  budget?: number;
  /** The run-wide budget (src/contract/runner/budget.ts): command line only, never the configuration. */
  maxRequests?: number;
  maxRunTime?: number;
  seed?: number;
  minCoverage?: number;
  allowUnsafeMethods?: boolean;
}

/** The bounds of a rate, as `contract.rate` has them: slower never ends, faster is no limit. */
export const MIN_RATE = 0.1;
export const MAX_RATE = 1000;

/** `--rate 10` or `--rate 10/s`: requests per second, from MIN_RATE to MAX_RATE. */
export function ratePerSecond(value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(?:\/s)?$/.exec(value.trim());
  if (!match || Number(match[1]) <= 0)
    throw new CouldNotRunError(`--rate "${value}" is not a number of requests per second, e.g. 10 or 10/s`);
  const rate = Number(match[1]);
  // `--rate 0.000001` would make a run that never ends.
  if (rate < MIN_RATE || rate > MAX_RATE)
    throw new CouldNotRunError(
      `--rate "${value}" is outside ${MIN_RATE} to ${MAX_RATE} requests per second; give a rate within them, or leave --rate out for no limit`,
    );
  return rate;
}

function seedNumber(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > MAX_SEED)
    throw new CouldNotRunError(`--seed "${value}" is not a whole number from 0 to ${MAX_SEED}`);
  return Number(value);
}

function wholeNumber(option: string) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value) || Number(value) < 1)
      throw new CouldNotRunError(`${option} "${value}" is not a whole number of 1 or more`);
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
    .option(
      '-q, --quiet',
      'stylish lists errors only, and no progress lines (the counts, the score, the exit code and the other formats keep every finding)',
    )
    .option('--show-pii', 'show national identifiers unmasked in the output')
    .option(
      '--timeout <ms>',
      'time limit for each request, in milliseconds',
      wholeNumber('--timeout'),
      DEFAULT_TIMEOUT_MS,
    )
    .option('--concurrency <n>', 'requests in flight at once', wholeNumber('--concurrency'), DEFAULT_CONCURRENCY)
    .option(
      '--rate <n>',
      'start at most n requests per second (10 or 10/s), over the whole run (default: no limit)',
      ratePerSecond,
    )
    .option(
      '--max-response-time <ms>',
      'response time budget: a slower answer is a contract-response-time warning',
      wholeNumber('--max-response-time'),
      DEFAULT_MAX_RESPONSE_TIME_MS,
    )
    .option(
      '--header <header>',
      "a header sent with every authenticated request, 'Name: value' (repeatable)",
      collect,
      [],
    )
    .option('--bearer <token>', 'an access token, sent as Authorization: Bearer <token>')
    .option(
      '--bearer-without-scope <token>',
      'a valid access token that lacks the scopes the operations require: the 403 probe sends it (with --bearer or --token-url)',
    )
    .option('--token-url <url>', 'OAuth 2.0 token endpoint: fetch a token with the client-credentials grant')
    .option('--client-id <id>', 'OAuth 2.0 client id (with --token-url)')
    .option('--client-secret <secret>', 'OAuth 2.0 client secret (with --token-url); better: set VOTTUR_CLIENT_SECRET')
    .option('--scope <scopes>', 'scopes to ask for (with --token-url); default: the scopes the description requires')
    .option('--xroad-client <id>', 'send X-Road-Client: <id> (the calling subsystem on the data exchange layer)')
    .option('--xroad-id', 'send a new X-Road-Id (a UUID) with every request, as a security server client does')
    .option(
      '--cert <file>',
      'TLS client certificate to present: PEM (with --key), or PKCS#12 (.p12/.pfx; passphrase in VOTTUR_CERT_PASSPHRASE)',
    )
    .option('--key <file>', 'private key of the --cert PEM certificate (passphrase, if any, in VOTTUR_CERT_PASSPHRASE)')
    .option('--ca <file>', "a private CA's certificate(s) to trust besides the system's, PEM (repeatable)", collect, [])
    .option('--data <file>', 'values for the planned requests, per operationId (YAML or JSON; see docs/contract.md)')
    .option('--no-dredd', 'skip the Dredd run (the planned requests and response checks still run)')
    .option(
      '--phases <list>',
      `the phases to run, comma-separated (default all: ${PHASES.join(',')})`,
      (value: string) => parsePhases(value),
    )
    .option(
      '--max-examples <n>',
      `generated requests per operation in the fuzz phase, each of valid and invalid (default ${DEFAULT_MAX_EXAMPLES})`,
      wholeNumber('--max-examples'),
    )
    .option(
      '--budget <seconds>',
      `seconds the fuzz phase generates for, instead of stopping at --max-examples (1 to ${MAX_BUDGET_SECONDS}); or contract.budget`,
      wholeNumber('--budget'),
    )
    .option(
      '--max-requests <n>',
      `requests the whole run sends at most; past it nothing more is sent and the run fails with contract-run-budget (default ${DEFAULT_MAX_REQUESTS.toLocaleString('en')}; command line only)`,
      wholeNumber('--max-requests'),
    )
    .option(
      '--max-run-time <seconds>',
      `seconds the whole run sends and generates for at most; past it the run fails with contract-run-budget (default ${DEFAULT_MAX_RUN_SECONDS}; command line only)`,
      wholeNumber('--max-run-time'),
    )
    .option(
      '--seed <n>',
      'seed of the generated requests; the report gives the seed of every run, and the same seed sends the same requests',
      seedNumber,
    )
    .option(
      '--allow-unsafe-methods',
      "send methods other than GET, HEAD and OPTIONS (examples, generated requests, Dredd's replay), and undocumented methods (never against a shared environment)",
    )
    .addOption(minCoverageOption());
  addBaselineOptions(command);
  addPolicyOptions(command);
  return addOutputOptions(command, state);
}

/** The credential options as the library takes them; one line for an inconsistent set. */
export function authFrom(options: ContractCommandOptions): AuthOptions {
  const oauthOnly = (['clientId', 'clientSecret', 'scope'] as const).filter((key) => options[key] !== undefined);
  const [firstOauthOnly] = oauthOnly;
  if (!options.tokenUrl && firstOauthOnly !== undefined) {
    const flag = { clientId: '--client-id', clientSecret: '--client-secret', scope: '--scope' }[firstOauthOnly];
    throw new CouldNotRunError(`${flag} needs --token-url (the client-credentials token endpoint)`);
  }
  if (options.bearerWithoutScope !== undefined && options.bearer === undefined && !options.tokenUrl)
    throw new CouldNotRunError('--bearer-without-scope needs --bearer or --token-url (the token with the scopes)');
  return {
    ...(options.header.length ? { headers: options.header } : {}),
    ...(options.bearer !== undefined ? { bearer: options.bearer } : {}),
    ...(options.bearerWithoutScope !== undefined ? { bearerWithoutScope: options.bearerWithoutScope } : {}),
    ...(options.xroadClient !== undefined ? { xroadClient: options.xroadClient } : {}),
    ...(options.xroadId ? { xroadId: true } : {}),
    ...(options.cert !== undefined || options.key !== undefined || options.ca.length > 0
      ? {
          tls: {
            ...(options.cert !== undefined ? { cert: options.cert } : {}),
            ...(options.key !== undefined ? { key: options.key } : {}),
            ...(options.ca.length ? { ca: options.ca } : {}),
            ...(options.passphraseEnv !== undefined ? { passphraseEnv: options.passphraseEnv } : {}),
            ...(options.tlsRoot !== undefined ? { root: options.tlsRoot } : {}),
          },
        }
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
export function runOptionsFrom(
  options: ContractCommandOptions,
  io: RunIo,
): Pick<
  ContractTestOptions,
  | 'timeoutMs'
  | 'concurrency'
  | 'rate'
  | 'maxResponseTimeMs'
  | 'dredd'
  | 'showPii'
  | 'data'
  | 'onProgress'
  | 'phases'
  | 'maxExamples'
  | 'budgetSeconds'
  | 'maxRequests'
  | 'maxRunSeconds'
  | 'seed'
  | 'allowUnsafeMethods'
  | 'cwd'
  | 'stdin'
  | 'env'
> {
  const stderr = io.stderr;
  return {
    ...(io.cwd !== undefined ? { cwd: io.cwd } : {}),
    ...(io.stdin ? { stdin: io.stdin } : {}),
    env: envOf(io),
    timeoutMs: options.timeout,
    concurrency: options.concurrency,
    maxResponseTimeMs: options.maxResponseTime,
    ...(options.rate !== undefined ? { rate: options.rate } : {}),
    dredd: options.dredd,
    showPii: Boolean(options.showPii),
    ...(options.data !== undefined ? { data: options.data } : {}),
    ...(options.phases ? { phases: options.phases } : {}),
    ...(options.maxExamples !== undefined ? { maxExamples: options.maxExamples } : {}),
    ...(options.budget !== undefined ? { budgetSeconds: options.budget } : {}),
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    ...(options.maxRunTime !== undefined ? { maxRunSeconds: options.maxRunTime } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.allowUnsafeMethods ? { allowUnsafeMethods: true } : {}),
    ...(options.quiet ? {} : { onProgress: (message: string) => stderr(`${errorLine(message)}\n`) }),
  };
}

/** A note on standard error, masked unless --show-pii; silent with --quiet. */
export function note(options: Pick<ContractCommandOptions, 'quiet' | 'showPii'>, io: RunIo, message: string): void {
  if (options.quiet) return;
  io.stderr(`${errorLine(options.showPii ? message : maskNationalIds(message))}\n`);
}

/**
 * The contract settings of the configuration (`contract:` in vottur.config.yaml) where the command
 * line gave none: an option given on the command line always wins. Secrets come only from the
 * environment variables the configuration names: `VOTTUR_…` ones without a policy, under one only
 * the variable the policy lists for that key. Under a policy the configuration's server is used
 * only when the policy names its host, its token endpoint only when the policy lists that whole
 * URL, and its TLS files never. Credentials never go over plain HTTP to another machine. Whatever is
 * refused is a finding of the run (`run.refusals`), never silently dropped.
 */
export async function withContractSettings<T extends ContractCommandOptions & { server?: string }>(
  options: T,
  command: Command,
  description: string | undefined,
  run?: GateRun,
  io: Pick<RunIo, 'env'> = {},
): Promise<T> {
  const merged: T = { ...options };
  const found = description === undefined || !run ? undefined : await run.configFor(description);
  const settings = found?.config.contract;
  if (found && settings && run && description !== undefined) {
    const { hostOf, normalisedUrl, POLICY_SECRET, POLICY_SERVER, secretEnvAllowed } =
      await import('../policy/index.js');
    const policy = run.policy;
    const { shown } = found;
    const fromDefault = (name: string) =>
      command.getOptionValueSource(name) === undefined || command.getOptionValueSource(name) === 'default';
    // Hosts the operator named on the command line: credentials may go there.
    const operatorHosts = new Set(
      [options.server, options.tokenUrl].flatMap((url) => (url === undefined ? [] : [hostOf(url) ?? ''])),
    );
    if (settings.server !== undefined && merged.server === undefined) {
      if (policy && !policy.servers.includes(hostOf(settings.server) ?? '')) {
        run.refuse(
          POLICY_SERVER,
          `\`contract.server: ${settings.server}\` in ${shown} was not used: under the policy (${policy.name}) contract requests go only to the server the operator names (--server) or a host the policy lists.`,
          description,
        );
      } else merged.server = settings.server;
    }
    if (settings.tokenUrl !== undefined && merged.tokenUrl === undefined) {
      // The whole URL, not its host: another path or port of the server under test is the team's.
      if (policy && !policy.tokenUrls.includes(normalisedUrl(settings.tokenUrl))) {
        run.refuse(
          POLICY_SERVER,
          `\`contract.tokenUrl: ${settings.tokenUrl}\` in ${shown} was not used: under the policy (${policy.name}) the client secret goes only to the token endpoint the operator names (--token-url) or the policy lists (hosts.tokenUrls), scheme, host, port and path.`,
          description,
        );
      } else merged.tokenUrl = settings.tokenUrl;
    }
    // Every other knob: bounded by the configuration's schema, listed in the report, and under a
    // policy used only where the policy lists it (contract.settings); the command line wins.
    const { CONTRACT_SETTING_KEYS } = await import('../policy/index.js');
    for (const key of CONTRACT_SETTING_KEYS) {
      const value = settings[key];
      if (value === undefined) continue;
      // The client's id and scope belong to the token endpoint: not without one.
      if ((key === 'clientId' || key === 'scope') && merged.tokenUrl === undefined) continue;
      const numeric =
        key === 'timeout' || key === 'concurrency' || key === 'maxResponseTime' || key === 'rate' || key === 'budget';
      const overridden = numeric ? !fromDefault(key) : merged[key] !== undefined;
      // The one judgement of a setting, shared with a saved report's (rejudgeSaved).
      const honoured = run.judgeSetting(
        { key, value, file: shown, ...(overridden ? { overridden } : {}) },
        description,
      );
      if (honoured && !overridden) (merged as Record<string, unknown>)[key] = value;
    }
    // Credentials from the configuration's environment variables go only where the operator (or the policy) allows.
    const credentialsAllowed =
      !policy ||
      merged.server === undefined ||
      operatorHosts.has(hostOf(merged.server) ?? '') ||
      policy.credentialHosts.includes(hostOf(merged.server) ?? '');
    const fromEnv = (key: 'clientSecretEnv' | 'bearerEnv', name: string, what: string): string | undefined => {
      if (!secretEnvAllowed(key, name, policy)) {
        run.refuse(
          POLICY_SECRET,
          policy
            ? `\`contract.${key}: ${name}\` in ${shown} was not read: under the policy (${policy.name}) a configuration names a secret's variable only where the policy lists that variable for ${key} (secrets.${key}); give the ${what} on the command line.`
            : `\`contract.${key}: ${name}\` in ${shown} was not read: a configuration names only environment variables starting VOTTUR_ for a secret; rename the variable (e.g. VOTTUR_${key === 'bearerEnv' ? 'TOKEN' : 'CLIENT_SECRET'}) or give the ${what} on the command line.`,
          description,
        );
        return undefined;
      }
      if (!credentialsAllowed) {
        run.refuse(
          POLICY_SECRET,
          `\`contract.${key}: ${name}\` in ${shown} was not read: the ${what} would go to ${merged.server}, a host the operator did not name; under the policy (${policy.name}) credentials go only to hosts given on the command line or listed by the policy.`,
          description,
        );
        return undefined;
      }
      const value = envOf(io)[name];
      if (value === undefined || value === '')
        throw new CouldNotRunError(
          `the configuration names the environment variable ${name} for the ${what}, and it is not set; set it, or give the ${what} on the command line`,
        );
      return value;
    };
    if (settings.clientSecretEnv !== undefined && merged.clientSecret === undefined) {
      const value = fromEnv('clientSecretEnv', settings.clientSecretEnv, 'client secret');
      if (value !== undefined) merged.clientSecret = value;
    }
    if (settings.bearerEnv !== undefined && merged.bearer === undefined && merged.tokenUrl === undefined) {
      const value = fromEnv('bearerEnv', settings.bearerEnv, 'bearer token');
      if (value !== undefined) merged.bearer = value;
    }
    // contract.tls: whole, and only when the command line gave no TLS option. A client certificate
    // is a credential: it goes only where the others may, and its passphrase only from an allowed variable.
    const tls = settings.tls;
    if (tls !== undefined && options.cert === undefined && options.key === undefined && options.ca.length === 0) {
      const passphraseEnv = tls.passphraseEnv;
      if (policy) {
        // The operator's TLS material comes from the command line: a configuration's files would
        // choose what the gate trusts and which of the machine's files it reads.
        run.refuse(
          POLICY_SECRET,
          `\`contract.tls\` in ${shown} was not used: under the policy (${policy.name}) the client certificate and the CAs to trust come from the command line (--cert, --key, --ca).`,
          description,
        );
      } else if (passphraseEnv !== undefined && !secretEnvAllowed('passphraseEnv', passphraseEnv, policy)) {
        run.refuse(
          POLICY_SECRET,
          `\`contract.tls.passphraseEnv: ${passphraseEnv}\` in ${shown} was not read, and contract.tls was not used: a configuration names only environment variables starting VOTTUR_ for a secret; rename the variable (e.g. VOTTUR_CERT_PASSPHRASE) or give the certificate on the command line (--cert).`,
          description,
        );
      } else {
        if (tls.cert !== undefined) merged.cert = tls.cert;
        if (tls.key !== undefined) merged.key = tls.key;
        if (tls.ca !== undefined) merged.ca = typeof tls.ca === 'string' ? [tls.ca] : [...tls.ca];
        if (passphraseEnv !== undefined) merged.passphraseEnv = passphraseEnv;
        // The configuration's files are read from inside the repository only.
        merged.tlsRoot = namedFileRoot(dirname(found.file));
      }
    }
    // The operator's own credentials go only to a server the operator named or the policy lists for
    // credentials: a token obtained with a secret from VOTTUR_CLIENT_SECRET as much as one given
    // (attack o34r10 B1), and a client certificate.
    // Read from what the merge took, not the command line alone: a token endpoint the configuration
    // chose makes a token from the operator's VOTTUR_CLIENT_SECRET too (attack o34r11 A2).
    const operatorCredentials = sendsCredentials(merged) || merged.cert !== undefined;
    if (!credentialsAllowed && operatorCredentials) {
      throw new CouldNotRunError(
        `the credentials of this run would go to ${merged.server} (contract.server in ${shown}), a host the policy (${policy.name}) does not list under hosts.credentials; give the server with --server`,
      );
    }
  }
  await refusePlainHttpCredentials(merged);
  if (run && merged.server !== undefined) run.recordConnection(connectionOf(options, merged, settings));
  return merged;
}

/**
 * Where the run's requests go and who chose each credential (never its value): the operator
 * (command line, environment) or the configuration, read from what the merge above took.
 */
function connectionOf(
  given: ContractCommandOptions & { server?: string },
  merged: ContractCommandOptions & { server?: string },
  settings: ContractSettings | undefined,
): Omit<Connection, 'document' | 'honoured'> {
  const from = (operator: unknown): ConnectionSource => (operator !== undefined ? 'operator' : 'configuration');
  const credentials: Connection['credentials'] = [];
  const bearerGiven = given.bearer ?? given.bearerWithoutScope;
  if (bearerGiven !== undefined || merged.bearer !== undefined)
    credentials.push({
      kind: 'bearer token',
      from: from(bearerGiven),
      ...(bearerGiven === undefined && settings?.bearerEnv !== undefined ? { variable: settings.bearerEnv } : {}),
    });
  // With a token endpoint a secret is sent, given or from VOTTUR_CLIENT_SECRET (the operator's).
  // Only a secret the merge took from the configuration's variable is the configuration's.
  const secretFromConfiguration = given.clientSecret === undefined && merged.clientSecret !== undefined;
  if (merged.clientSecret !== undefined || merged.tokenUrl !== undefined)
    credentials.push({
      kind: 'client secret',
      from: secretFromConfiguration ? 'configuration' : 'operator',
      ...(secretFromConfiguration && settings?.clientSecretEnv !== undefined
        ? { variable: settings.clientSecretEnv }
        : {}),
    });
  if (merged.header.length > 0) credentials.push({ kind: 'header', from: 'operator' });
  // The TLS files are the configuration's only where the command line gave none (withContractSettings).
  const tlsFrom: ConnectionSource = merged.tlsRoot !== undefined ? 'configuration' : 'operator';
  const tlsFile = (file: string) => (tlsFrom === 'configuration' ? { file } : {});
  if (merged.cert !== undefined)
    credentials.push({ kind: 'client certificate', from: tlsFrom, ...tlsFile(merged.cert) });
  for (const ca of merged.ca) credentials.push({ kind: 'trusted CA', from: tlsFrom, ...tlsFile(ca) });
  if (merged.passphraseEnv !== undefined)
    credentials.push({ kind: 'certificate passphrase', from: tlsFrom, variable: merged.passphraseEnv });
  return {
    server: merged.server ?? '',
    serverFrom: from(given.server),
    ...(merged.tokenUrl !== undefined ? { tokenUrl: merged.tokenUrl, tokenUrlFrom: from(given.tokenUrl) } : {}),
    credentials,
  };
}

/**
 * Whether the run sends the server a credential: a bearer token, a token it obtains from a token
 * endpoint (whose secret may come from VOTTUR_CLIENT_SECRET, read later by the contract library:
 * the token URL is what says one will be sent), or headers. The one answer for every check.
 */
export function sendsCredentials(
  options: Pick<ContractCommandOptions, 'bearer' | 'bearerWithoutScope' | 'clientSecret' | 'tokenUrl'> & {
    header?: readonly string[];
  },
): boolean {
  return (
    options.bearer !== undefined ||
    options.bearerWithoutScope !== undefined ||
    options.clientSecret !== undefined ||
    options.tokenUrl !== undefined ||
    (options.header?.length ?? 0) > 0
  );
}

/**
 * Credentials (a bearer token, one obtained from a token endpoint, headers) never go over plain
 * HTTP to another machine, and a client secret never to a token endpoint over plain HTTP.
 */
export async function refusePlainHttpCredentials(
  options: Parameters<typeof sendsCredentials>[0] & { server?: string },
): Promise<void> {
  const { plainHttpRefusal } = await import('../policy/index.js');
  if (sendsCredentials(options) && options.server !== undefined) {
    const why = plainHttpRefusal(options.server);
    if (why) throw new CouldNotRunError(`${why}: use https://, or run without credentials`);
  }
  if (options.tokenUrl !== undefined) {
    const why = plainHttpRefusal(options.tokenUrl);
    if (why) throw new CouldNotRunError(`the token endpoint ${why.replace(/^\S+ /, '')}: use https://`);
  }
}
