/**
 * The operator's policy: what the repository under check (its vottur.config.yaml, its inline
 * suppressions, its baseline, its accept file) may change about a gate's verdict. In a
 * registration gate the team being gated writes all of those; the operator writes only the
 * command line. `--gate` applies the built-in strict policy; `--policy <file>` (or
 * `VOTTUR_POLICY`) one the operator wrote, which starts from the same defaults
 * (`assets/policy.schema.json`, docs/gate.md). Without a policy nothing here applies, except the
 * rules about secrets that hold for every run.
 *
 * A thing the policy refuses is never silently dropped: it becomes a finding of a `policy-…` rule
 * that names it, and the run's `configuration` record lists it with `honoured: false`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { CouldNotRunError } from '../errors.js';
import { packageFile } from '../paths.js';
import { severityRank, type Finding, type RuleMeta, type Severity } from '../report/finding.js';
import { envOf } from '../runtime/process-defaults.js';
import { hostKey, isLoopbackUrl, urlHost, urlHostKey } from '../runtime/host.js';
import { parseYamlData } from '../runtime/yaml-lines.js';

export const POLICY_SCHEMA_FILE = 'assets/policy.schema.json';
/** The environment variable that names a policy file when `--policy` is not given. */
export const POLICY_ENV = 'VOTTUR_POLICY';
/** Secrets come from environment variables with this prefix, or those a policy names. */
export const SECRET_ENV_PREFIX = 'VOTTUR_';

/** The configuration keys that name a secret's environment variable. */
export type SecretKey = 'bearerEnv' | 'clientSecretEnv' | 'passphraseEnv';

/**
 * The contract settings of a configuration that change what a run sends or how its answers are
 * judged, besides the server, the token endpoint, the secrets and the TLS files (which the policy
 * judges by their own keys): under a policy the repository sets one only where the policy lists it
 * (`contract.settings`). `maxResponseTime: 120000` would silence every response-time finding.
 */
export const CONTRACT_SETTING_KEYS = [
  'timeout',
  'concurrency',
  'maxResponseTime',
  'rate',
  'budget',
  'data',
  'xroadClient',
  'clientId',
  'scope',
] as const;
export type ContractSettingKey = (typeof CONTRACT_SETTING_KEYS)[number];

/** The policy file as written (every member optional: a missing one keeps the strict default). */
export interface PolicyFile {
  extends?: { packages?: string[]; files?: boolean };
  rules?: { mayLower?: string[]; floor?: Record<string, Severity> };
  suppressions?: { rules?: string[] };
  accept?: { rules?: string[] };
  baseline?: { rules?: string[]; maxExpiryDays?: number };
  secrets?: Partial<Record<SecretKey, string[]>>;
  hosts?: { servers?: string[]; credentials?: string[]; tokenUrls?: string[] };
  contract?: { settings?: ContractSettingKey[] };
}

/** A policy in force: the file's choices over the strict defaults. */
export interface Policy {
  /** `gate` for the built-in policy, else the file as given. */
  name: string;
  file?: string;
  sha256?: string;
  /** npm packages a configuration may extend (besides Spectral's built-in `spectral:oas`, `spectral:asyncapi`, `spectral:arazzo`). */
  extendsPackages: string[];
  /** Whether a configuration may extend ruleset files (YAML or JSON, never with functions). */
  extendsFiles: boolean;
  /** Rules a configuration may turn off or lower (`*`: any). */
  mayLower: string[];
  /** The lowest level a configuration may give a rule; default: the rule's own severity. */
  floor: Record<string, Severity>;
  /** Rules whose `x-vottur-ignore` holds a finding back. */
  suppressionRules: string[];
  /** Rules whose diff acceptances (`x-vottur-ignore` in the revision, `--accept`) hold a change back. */
  acceptRules: string[];
  /** Rules whose entries in a baseline the repository names hold a finding back. */
  baselineRules: string[];
  /** With `baselineRules`: an entry holds back only with an `expires` at most this many days ahead. */
  baselineMaxExpiryDays?: number;
  /**
   * Environment variables a configuration may name for a secret under the policy, per key: the
   * exact variable for the exact key (`bearerEnv: [VOTTUR_TOKEN]`); none by default, not even
   * `VOTTUR_…` ones (`contract.bearerEnv: VOTTUR_CERT_PASSPHRASE` would send the operator's
   * passphrase to the team's server).
   */
  secretEnv: Record<SecretKey, string[]>;
  /** Token endpoints (whole URLs: scheme, host, port, path) a configuration may name as `contract.tokenUrl`. */
  tokenUrls: string[];
  /** Hosts a configuration may name as `contract.server`. */
  servers: string[];
  /** Hosts credentials may be sent to besides those on the command line. */
  credentialHosts: string[];
  /** Contract settings (CONTRACT_SETTING_KEYS) a configuration may set; none by default. */
  contractSettings: ContractSettingKey[];
}

/** The built-in strict policy (`--gate`): the repository may raise levels and list things, nothing more. */
export function gatePolicy(): Policy {
  return {
    name: 'gate',
    extendsPackages: [],
    extendsFiles: true,
    mayLower: [],
    floor: {},
    suppressionRules: [],
    acceptRules: [],
    baselineRules: [],
    secretEnv: { bearerEnv: [], clientSecretEnv: [], passphraseEnv: [] },
    tokenUrls: [],
    servers: [],
    credentialHosts: [],
    contractSettings: [],
  };
}

export function sha256(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

let validator: ValidateFunction | undefined;

async function validatePolicy(data: unknown): Promise<ValidateFunction['errors']> {
  if (!validator) {
    const { Ajv } = await import('ajv');
    validator = new Ajv({ allErrors: false, strict: false }).compile(
      JSON.parse(readFileSync(packageFile(POLICY_SCHEMA_FILE), 'utf8')) as object,
    );
  }
  return validator(data) ? null : validator.errors;
}

/** Reads and validates a policy file (YAML or JSON); a problem is one line naming the key. */
export async function readPolicy(file: string, cwd: string): Promise<Policy> {
  const path = resolve(cwd, file);
  const { parseErrorWithoutContent, readNamedFile } = await import('../runtime/safe-read.js');
  let text: string;
  try {
    // The operator's own file (on the command line or in VOTTUR_POLICY), so anywhere on the
    // machine; still a regular file of at most 16 MB, read with a deadline.
    text = await readNamedFile(path, { what: 'the policy', shown: file, root: '/' });
  } catch (error) {
    if (error instanceof CouldNotRunError && error.message.endsWith(': no such file'))
      throw new CouldNotRunError(`${error.message}; check --policy or VOTTUR_POLICY`);
    throw error;
  }
  let data: unknown;
  try {
    data = extname(path) === '.json' ? JSON.parse(text) : await parseYamlData(text);
  } catch (error) {
    // Never the parser's quote of the file: a wrong VOTTUR_POLICY (/proc/self/environ) would print it.
    throw new CouldNotRunError(
      `the policy ${file} is not valid ${extname(path) === '.json' ? 'JSON' : 'YAML'}: ${parseErrorWithoutContent(error)}`,
    );
  }
  data ??= {};
  const error = (await validatePolicy(data))?.[0];
  if (error) {
    const at = error.instancePath.split('/').slice(1).join('.') || '(top level)';
    const extra = error.keyword === 'additionalProperties' ? ` \`${String(error.params.additionalProperty)}\`` : '';
    throw new CouldNotRunError(
      `the policy ${file}: \`${at}\` ${error.message}${extra} (see ${POLICY_SCHEMA_FILE} and docs/gate.md)`,
    );
  }
  const given = data as PolicyFile;
  const strict = gatePolicy();
  return {
    ...strict,
    name: file,
    file,
    sha256: sha256(text),
    extendsPackages: given.extends?.packages ?? strict.extendsPackages,
    extendsFiles: given.extends?.files ?? strict.extendsFiles,
    mayLower: given.rules?.mayLower ?? strict.mayLower,
    floor: given.rules?.floor ?? strict.floor,
    suppressionRules: given.suppressions?.rules ?? strict.suppressionRules,
    acceptRules: given.accept?.rules ?? strict.acceptRules,
    baselineRules: given.baseline?.rules ?? strict.baselineRules,
    ...(given.baseline?.maxExpiryDays !== undefined ? { baselineMaxExpiryDays: given.baseline.maxExpiryDays } : {}),
    secretEnv: {
      bearerEnv: given.secrets?.bearerEnv ?? strict.secretEnv.bearerEnv,
      clientSecretEnv: given.secrets?.clientSecretEnv ?? strict.secretEnv.clientSecretEnv,
      passphraseEnv: given.secrets?.passphraseEnv ?? strict.secretEnv.passphraseEnv,
    },
    tokenUrls: (given.hosts?.tokenUrls ?? strict.tokenUrls).map(normalisedUrl),
    servers: (given.hosts?.servers ?? strict.servers).map(listedHost),
    credentialHosts: (given.hosts?.credentials ?? strict.credentialHosts).map(listedHost),
    contractSettings: given.contract?.settings ?? strict.contractSettings,
  };
}

/**
 * The policy the command line asks for: `--policy <file>`, else `VOTTUR_POLICY`, else `--gate`'s
 * built-in one; none when neither is given. `--gate` with a policy file is the file (it starts
 * from the same defaults).
 */
export async function policyFor(
  options: { policy?: string; gate?: boolean },
  cwd: string,
  env: NodeJS.ProcessEnv = envOf({}),
): Promise<Policy | undefined> {
  const file = options.policy ?? (env[POLICY_ENV] ? env[POLICY_ENV] : undefined);
  if (file !== undefined) return readPolicy(file, cwd);
  return options.gate ? gatePolicy() : undefined;
}

/** Whether `rule` is in a policy's list (`*` names every rule). */
export function listed(rules: readonly string[], rule: string): boolean {
  return rules.includes('*') || rules.includes(rule);
}

/* ------------------------------------------------------------------------------------------ */
/* The rules of the policy's own findings.                                                    */

export const POLICY_EXTENDS = 'policy-extends-refused';
export const POLICY_LEVEL = 'policy-level-refused';
export const POLICY_SUPPRESSION = 'policy-suppression-refused';
export const POLICY_BASELINE = 'policy-baseline-refused';
export const POLICY_ACCEPT = 'policy-accept-refused';
export const POLICY_SECRET = 'policy-secret-refused';
export const POLICY_SERVER = 'policy-server-refused';
export const POLICY_SETTING = 'policy-setting-refused';

const docs = (id: string) => `https://github.com/vottur/vottur/blob/main/docs/gate.md#${id}`;

/** The rules of the policy's findings, as reports list rules. */
export const POLICY_RULES: readonly RuleMeta[] = [
  {
    id: POLICY_EXTENDS,
    severity: 'error',
    category: 'security',
    description:
      'The configuration extends a ruleset that would run code from the repository (a JavaScript ruleset, `functions`, or a package the policy does not name); it was not loaded.',
    docsUrl: docs(POLICY_EXTENDS),
    source: 'lint',
  },
  {
    id: POLICY_LEVEL,
    severity: 'warn',
    category: 'documentation',
    description: "The configuration turns a rule off or lowers it below the policy's floor; the rule keeps its level.",
    docsUrl: docs(POLICY_LEVEL),
    source: 'lint',
  },
  {
    id: POLICY_SUPPRESSION,
    severity: 'warn',
    category: 'documentation',
    description:
      'An x-vottur-ignore holds back findings of a rule the policy does not let the repository suppress; they count.',
    docsUrl: docs(POLICY_SUPPRESSION),
    source: 'lint',
  },
  {
    id: POLICY_BASELINE,
    severity: 'warn',
    category: 'documentation',
    description:
      'Baseline entries the policy does not allow (a baseline the repository names, a rule it does not list, an expiry too far ahead); their findings count.',
    docsUrl: docs(POLICY_BASELINE),
    source: 'lint',
  },
  {
    id: POLICY_ACCEPT,
    severity: 'warn',
    category: 'documentation',
    description:
      'A diff change accepted by the repository (x-vottur-ignore in the revision, an accept entry) for a rule the policy does not list; the change counts.',
    docsUrl: docs(POLICY_ACCEPT),
    source: 'diff',
  },
  {
    id: POLICY_SECRET,
    severity: 'error',
    category: 'security',
    description:
      'The configuration names an environment variable for a secret that the policy does not allow (only VOTTUR_… and those the policy names); it was not read.',
    docsUrl: docs(POLICY_SECRET),
    source: 'contract',
  },
  {
    id: POLICY_SERVER,
    severity: 'error',
    category: 'security',
    description:
      'The configuration names a server or token endpoint the operator did not name; no request (and no credential) went to it.',
    docsUrl: docs(POLICY_SERVER),
    source: 'contract',
  },
  {
    id: POLICY_SETTING,
    severity: 'warn',
    category: 'documentation',
    description:
      "The configuration sets a contract setting (timeout, rate, maxResponseTime, data…) the policy does not let the repository set; the operator's value or the default was used.",
    docsUrl: docs(POLICY_SETTING),
    source: 'contract',
  },
];

/** The rule of a policy finding: policy findings are only of the rules POLICY_RULES lists. */
export function policyRule(ruleId: string): RuleMeta {
  const meta = POLICY_RULES.find((rule) => rule.id === ruleId);
  if (!meta) throw new Error(`${ruleId} is not a policy rule POLICY_RULES lists`);
  return meta;
}

/** A finding of a policy rule, about `document` (the description the configuration applies to). */
export function policyFinding(ruleId: string, message: string, document: string): Finding {
  const meta = policyRule(ruleId);
  return {
    ruleId,
    severity: meta.severity,
    category: meta.category,
    message,
    document,
    pointer: '',
    path: [],
    docsUrl: meta.docsUrl,
    source: meta.source,
    fingerprint: `${ruleId}:${sha256(`${document}\u0000${message}`).slice(0, 16)}`,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Levels.                                                                                    */

/**
 * The level a rule takes when a configuration asks for `level`: the asked level when the policy
 * allows it (raising always is), else the floor (the policy's, or the rule's own severity).
 */
export function levelUnderPolicy(
  policy: Policy,
  rule: string,
  own: Severity,
  level: Severity | 'off',
): { level: Severity | 'off'; honoured: boolean } {
  if (listed(policy.mayLower, rule)) return { level, honoured: true };
  const floor = policy.floor[rule] ?? own;
  if (level !== 'off' && severityRank(level) <= severityRank(floor)) return { level, honoured: true };
  return { level: severityRank(own) <= severityRank(floor) ? own : floor, honoured: false };
}

/* ------------------------------------------------------------------------------------------ */
/* Secrets and hosts.                                                                         */

/**
 * Whether a configuration may name this environment variable for this secret: without a policy a
 * `VOTTUR_…` one; under a policy only the exact variable the policy lists for that exact key.
 */
export function secretEnvAllowed(key: SecretKey, name: string, policy: Policy | undefined): boolean {
  return policy ? policy.secretEnv[key].includes(name) : name.startsWith(SECRET_ENV_PREFIX);
}

/** A URL as compared for a token endpoint: scheme, host, port (default ports dropped) and path. */
export function normalisedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    // The host by its one key (runtime/host.ts): `0x7f.1` and `127.0.0.1` are one endpoint.
    const host = urlHostKey(parsed);
    if (host === undefined) return url;
    return `${parsed.protocol}//${urlHost(host)}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    // Not a URL: compared as written, and so matches no endpoint.
    return url;
  }
}

/** The host of a URL by its one key (`api.example.is`, `127.0.0.1` for `0x7f.1`; runtime/host.ts), or undefined. */
export function hostOf(url: string): string | undefined {
  return urlHostKey(url);
}

/** A host of the policy's lists by its key; one the URL parser refuses stays as written (lower case), and matches no URL's. */
function listedHost(host: string): string {
  return hostKey(host) ?? host.toLowerCase();
}

/** Whether a URL's host is this machine (credentials may go there over plain HTTP): the one judgement, runtime/host.ts. */
export function isLoopback(url: string): boolean {
  return isLoopbackUrl(url);
}

/** Why credentials must not go to this URL over this scheme, or undefined. */
export function plainHttpRefusal(url: string): string | undefined {
  return /^http:/i.test(url) && !isLoopback(url)
    ? `${url} is plain HTTP to a host that is not this machine; credentials go only over HTTPS (or to localhost)`
    : undefined;
}

/** The path of a file as reports name it. */
export function shownFile(file: string, cwd: string): string {
  // A relative name is the run's folder's (path.relative would take it from the process's).
  return relative(cwd, resolve(cwd, file)).split('\\').join('/') || file;
}
