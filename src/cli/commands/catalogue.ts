/**
 * `vottur catalogue`: harvest every OpenAPI description from an X-Road security server, lint and
 * diff them all, and write the catalogue dashboard (docs/catalogue.md).
 *
 *   vottur catalogue harvest <security-server> --xroad-client <id> --out <folder>
 *   vottur catalogue report <folder> [--previous <folder>]
 *   vottur catalogue <security-server> --xroad-client <id> --out <root>   (both; each harvest in its own folder under <root>)
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { CouldNotRunError, errorLine } from '../../errors.js';
import type { Severity } from '../../report/finding.js';
import { HARVEST_DEFAULTS } from '../../catalogue/limits.js';
import { ratePerSecond } from '../contract-options.js';
import {
  addBaselineOptions,
  addOverlayOption,
  addPolicyOptions,
  failSeverityOption,
  minScoreOption,
  type BaselineCommandOptions,
} from '../options.js';
import { addOutputOptions, type OutputState } from '../output.js';
import {
  cwdOf,
  documentSettingsFor,
  envOf,
  finishRun,
  gateRunFor,
  overlaysFor,
  settle,
  takeOutputTargets,
  writeFileAtomically,
  type PolicyCommandOptions,
  type RunIo,
} from '../../run/index.js';
import type { CommandIo } from '../io.js';

export interface HarvestCommandOptions {
  xroadClient: string;
  out: string;
  instance?: string;
  subsystem?: string;
  allowedOnly?: boolean;
  concurrency: number;
  timeout: number;
  maxSize: number;
  retries: number;
  rate?: number;
  maxSubsystems: number;
  maxServices: number;
  maxServiceEndpoints: number;
  maxEndpoints: number;
  maxRecordedSize: number;
  maxTotalSize: number;
  maxDuration: number;
  cert?: string;
  key?: string;
  ca?: string;
  quiet?: boolean;
  /** harvest.json keeps people's national identifiers unmasked. */
  showPii?: boolean;
}

export interface CatalogueReportCommandOptions extends BaselineCommandOptions, PolicyCommandOptions {
  previous?: string;
  failSeverity: Severity;
  minScore?: number;
  quiet?: boolean;
  showPii?: boolean;
  jobs?: number;
  shard?: string;
  dashboard?: string | false;
  dashboardJson?: string;
  overlay?: string[];
  attestations?: string[];
  attestationKey?: string[];
  requireAttestation?: boolean;
}

function wholeNumber(option: string, minimum = 1) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value) || Number(value) < minimum)
      throw new CouldNotRunError(`${option} "${value}" is not a whole number of ${minimum} or more`);
    return Number(value);
  };
}

/** `16MB`, `512kB`, `1048576`: a size in bytes. */
export function parseSize(value: string, option = '--max-size'): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)\s*(b|bytes|kb|k|mb|m|gb|g)?$/i.exec(value.trim());
  if (!match)
    throw new CouldNotRunError(`${option} "${value}" is not a size; write e.g. 16MB, 512kB or a number of bytes`);
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = unit.startsWith('g') ? 1024 ** 3 : unit.startsWith('m') ? 1024 ** 2 : unit.startsWith('k') ? 1024 : 1;
  const bytes = Math.floor(Number(match[1]) * factor);
  if (bytes < 1) throw new CouldNotRunError(`${option} "${value}" must be above 0`);
  return bytes;
}

/** The harvest's options (`catalogue harvest` and `catalogue <url>`). */
export function addHarvestOptions(command: Command, required = true): Command {
  // Checked in the actions of `catalogue`: commander would ask a parent's required option of its subcommands too.
  const add = (flags: string, description: string) =>
    required ? command.requiredOption(flags, description) : command.option(flags, `${description} (required)`);
  add('--xroad-client <id>', 'the calling subsystem, INSTANCE/CLASS/MEMBER/SUBSYSTEM (sent as X-Road-Client)');
  add('--out <folder>', 'where to write the descriptions and harvest.json');
  return command
    .option('--instance <code>', 'only this X-Road instance (e.g. IS)')
    .option('--subsystem <glob>', "only subsystems whose code matches this glob (quote it: 'island-*')")
    .option('--allowed-only', 'ask allowedMethods (only the services the client may call) instead of listMethods')
    .option('--concurrency <n>', 'requests in flight at once', wholeNumber('--concurrency'), 4)
    .option(
      '--timeout <ms>',
      'time limit for each request, the whole answer included',
      wholeNumber('--timeout'),
      30_000,
    )
    .option(
      '--max-size <size>',
      'largest description taken (e.g. 16MB); a larger one is recorded as too large',
      (value: string) => parseSize(value),
      HARVEST_DEFAULTS.maxBytes,
    )
    .option(
      '--retries <n>',
      'retries with backoff after a 5xx, a timeout or a reset connection',
      wholeNumber('--retries', 0),
      2,
    )
    .option('--rate <n>', 'start at most n requests per second (10 or 10/s), over the whole harvest', ratePerSecond)
    .option(
      '--max-subsystems <n>',
      'most subsystems asked for their services; more is a catalogue-limit-reached finding',
      wholeNumber('--max-subsystems'),
      HARVEST_DEFAULTS.maxSubsystems,
    )
    .option(
      '--max-services <n>',
      'most services recorded over the whole harvest; more is a catalogue-limit-reached finding',
      wholeNumber('--max-services'),
      HARVEST_DEFAULTS.maxServices,
    )
    .option(
      '--max-service-endpoints <n>',
      "most endpoints recorded of one service's listing; more is a catalogue-limit-reached finding",
      wholeNumber('--max-service-endpoints'),
      HARVEST_DEFAULTS.maxServiceEndpoints,
    )
    .option(
      '--max-endpoints <n>',
      'most endpoints recorded over the whole harvest; more is a catalogue-limit-reached finding',
      wholeNumber('--max-endpoints'),
      HARVEST_DEFAULTS.maxEndpoints,
    )
    .option(
      '--max-recorded-size <size>',
      "most bytes of the security server's codes, names, endpoints, titles and versions the harvest records (e.g. 64MB); more is a catalogue-limit-reached finding",
      (value: string) => parseSize(value, '--max-recorded-size'),
      HARVEST_DEFAULTS.maxRecordedBytes,
    )
    .option(
      '--max-total-size <size>',
      'most bytes received over the whole harvest (e.g. 1GB); reaching it is a catalogue-limit-reached finding',
      (value: string) => parseSize(value, '--max-total-size'),
      HARVEST_DEFAULTS.maxTotalBytes,
    )
    .option(
      '--max-duration <s>',
      'most seconds the whole harvest takes; reaching it is a catalogue-limit-reached finding',
      wholeNumber('--max-duration'),
      HARVEST_DEFAULTS.maxDurationMs / 1000,
    )
    .option(
      '--cert <file>',
      'client certificate for mutual TLS with the security server: PEM (with --key), or PKCS#12 (.p12/.pfx; passphrase from VOTTUR_CERT_PASSPHRASE)',
    )
    .option('--key <file>', 'the private key of a PEM --cert')
    .option(
      '--ca <file>',
      "CA certificates (PEM) to trust for the security server's certificate, besides the system's",
    );
}

/**
 * The report's options (`catalogue report` and `catalogue <url>`): the gate, the lint's
 * configuration and baseline, sharding, the dashboard and every output format.
 */
export function addCatalogueReportOptions(command: Command, state: OutputState): Command {
  command
    .addOption(failSeverityOption())
    .addOption(minScoreOption())
    .option(
      '-q, --quiet',
      'stylish lists errors only, and no progress bar (the counts, the score, the exit code and the other formats keep every finding)',
    )
    .option('--show-pii', 'show national identifiers unmasked in the output')
    .option('-j, --jobs <n>', 'lint worker threads (as vottur lint --jobs)', wholeNumber('--jobs'))
    .option(
      '--shard <i/n>',
      "report only the i-th of n shares of the services (stable per service name); merge the shards' --format json reports with vottur report",
    )
    .option('--dashboard <file>', 'write the HTML dashboard here (default: catalogue.html in the harvest folder)')
    .option('--no-dashboard', 'write no dashboard (HTML or JSON)')
    .option(
      '--dashboard-json <file>',
      "write the dashboard's figures as JSON here (default: catalogue.json in the harvest folder; the next report reads it for the trend)",
    )
    .option(
      '--attestations <source>',
      'attestations vottur attest wrote: a folder of them, a file, a URL, or a file listing paths and URLs one a line (repeatable); each description is matched by its sha256',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--attestation-key <file>',
      'a public key (PEM) whose attestations the catalogue trusts (repeatable; required with --attestations)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--require-attestation',
      'a service not attested, or attested for an earlier version only, is a finding (catalogue-not-attested, catalogue-attestation-outdated)',
    );
  addOverlayOption(command);
  addBaselineOptions(command);
  addPolicyOptions(command);
  addOutputOptions(command, state);
  return command;
}

/** The harvest folder of the newest earlier harvest under `root` (for `catalogue <url>`), if any. */
function latestHarvest(root: string, except: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    // No such folder yet: this is the first harvest.
    return undefined;
  }
  const harvests = names
    .map((name) => join(root, name))
    .filter((path) => path !== except && statSync(join(path, 'harvest.json'), { throwIfNoEntry: false })?.isFile())
    .sort();
  return harvests[harvests.length - 1];
}

/** `--cert/--key/--ca` read and checked before the first request (the same loader as `vottur test`). */
async function loadTls(options: HarvestCommandOptions, cwd: string, env: NodeJS.ProcessEnv) {
  if (options.cert === undefined && options.key === undefined && options.ca === undefined) return undefined;
  const { connectOptions, loadTlsMaterial } = await import('../../runtime/tls.js');
  const material = await loadTlsMaterial(
    {
      ...(options.cert !== undefined ? { cert: options.cert } : {}),
      ...(options.key !== undefined ? { key: options.key } : {}),
      ...(options.ca !== undefined ? { ca: options.ca } : {}),
    },
    cwd,
    env,
  );
  return material ? connectOptions(material) : undefined;
}

export async function runHarvest(url: string, options: HarvestCommandOptions, io: RunIo): Promise<string> {
  const cwd = cwdOf(io);
  const stderr = io.stderr;
  const { harvestCatalogue } = await import('../../catalogue/harvest.js');
  const { lintProgress } = await import('../../runtime/progress.js');
  const out = resolve(cwd, options.out);
  const tls = await loadTls(options, cwd, envOf(io));
  const progress =
    options.quiet || !io.progressStream
      ? { update: () => undefined, stop: () => undefined }
      : lintProgress({
          stream: io.progressStream,
          env: envOf(io),
          label: 'vottur catalogue harvest',
          unit: 'descriptions',
          afterMs: 1000,
          manyDocuments: 20,
        });
  let manifest;
  try {
    manifest = await harvestCatalogue({
      securityServer: url,
      client: options.xroadClient,
      out,
      ...(options.instance !== undefined ? { instance: options.instance } : {}),
      ...(options.subsystem !== undefined ? { subsystem: options.subsystem } : {}),
      allowedOnly: Boolean(options.allowedOnly),
      concurrency: options.concurrency,
      timeoutMs: options.timeout,
      maxBytes: options.maxSize,
      retries: options.retries,
      maxSubsystems: options.maxSubsystems,
      maxServices: options.maxServices,
      maxServiceEndpoints: options.maxServiceEndpoints,
      maxEndpoints: options.maxEndpoints,
      maxRecordedBytes: options.maxRecordedSize,
      maxTotalBytes: options.maxTotalSize,
      maxDurationMs: options.maxDuration * 1000,
      ...(options.rate !== undefined ? { rate: options.rate } : {}),
      ...(tls ? { tls } : {}),
      ...(options.showPii ? { showPii: true } : {}),
      onProgress: (done, total) => progress.update(done, total),
    });
  } finally {
    progress.stop();
  }
  const { summary } = manifest;
  const failed = manifest.services.flatMap((s) => (s.error ? [s.error.kind] : []));
  const kinds = [...new Set(failed)].map(
    (kind) => `${failed.filter((failedKind) => failedKind === kind).length} ${kind}`,
  );
  const problems = manifest.problems ?? [];
  const limitsReached = problems.filter((p) => p.kind === 'limit').length;
  const invalid = problems.filter((p) => p.kind === 'invalid-identifier').length;
  const unlisted = manifest.subsystems.filter((s) => s.error).length;
  stderr(
    `${errorLine(`harvested ${summary.harvested} of ${summary.services} REST service descriptions from ${summary.subsystems} subsystems into ${options.out} in ${(manifest.durationMs / 1000).toFixed(1)} s${failed.length ? ` (not harvested: ${kinds.join(', ')}; see harvest.json)` : ''}${summary.wsdlSkipped ? `; ${summary.wsdlSkipped} SOAP services skipped` : ''}${limitsReached ? `; ${limitsReached} bound${limitsReached === 1 ? '' : 's'} of the harvest reached (catalogue-limit-reached)` : ''}${invalid ? `; entries with an invalid identifier left out (catalogue-invalid-identifier)` : ''}${unlisted ? `; ${unlisted} subsystem${unlisted === 1 ? '' : 's'} whose services could not be listed` : ''}`)}\n`,
  );
  return out;
}

/** `--attestations` read and verified with the `--attestation-key`s; one line on standard error says what was used. */
async function attestationsFor(options: CatalogueReportCommandOptions, cwd: string, io: Pick<CommandIo, 'stderr'>) {
  if (options.requireAttestation && !options.attestations?.length)
    throw new CouldNotRunError('--require-attestation needs --attestations <folder, file or URL> to look in');
  if (!options.attestations?.length) return undefined;
  if (!options.attestationKey?.length)
    throw new CouldNotRunError(
      '--attestations needs --attestation-key <public key PEM>: an attestation counts only when a key the operator trusts signed it',
    );
  const [{ publicKeyFrom }, { readAttestations }, { readGivenFileSync }] = await Promise.all([
    import('../../attest/index.js'),
    import('../../catalogue/attestations.js'),
    import('../../runtime/safe-read.js'),
  ]);
  const keys = options.attestationKey.map((file) => {
    // The bounded reader: a regular file, at most 16 MB, never a FIFO or a device (o34r15 B8).
    const pem = readGivenFileSync(file, { what: '--attestation-key', cwd }).toString('utf8');
    return { shown: file, key: publicKeyFrom(pem, `--attestation-key ${file}`) };
  });
  const read = await readAttestations(options.attestations, keys, cwd);
  const stderr = io.stderr;
  if (!options.quiet || read.refused.length > 0)
    stderr(
      `${errorLine(
        `${read.records.length} attestation${read.records.length === 1 ? '' : 's'} verified${
          read.refused.length > 0
            ? `; ${read.refused.length} not used (${read.refused
                .slice(0, 3)
                .map((r) => `${r.source}: ${r.why}`)
                .join('; ')}${read.refused.length > 3 ? '; …' : ''})`
            : ''
        }`,
      )}\n`,
    );
  return read.records;
}

/** Why rulesets are loaded as data only while a harvest is linted. */
const HARVEST_UNTRUSTED =
  'a catalogue report lints descriptions security servers sent, so rulesets are loaded as data only (docs/security.md#the-catalogue)';

export async function runCatalogueReport(
  folder: string,
  options: CatalogueReportCommandOptions,
  state: OutputState,
  io: RunIo,
): Promise<number> {
  const cwd = cwdOf(io);
  const targets = takeOutputTargets(state);
  const { reportCatalogue } = await import('../../catalogue/report.js');
  const { parseShard } = await import('../../lint/files.js');
  const { lintProgress } = await import('../../runtime/progress.js');
  // One resolution of the configuration and the operator's policy for the whole report. A harvest
  // is what security servers sent: no configuration is read from inside it (only the operator's,
  // from the command line or the working folder), and the rulesets the operator's configuration
  // extends are loaded the gate's way (data only, no code) whatever the flags (docs/security.md).
  const { gatePolicy } = await import('../../policy/index.js');
  const gate = await gateRunFor(options, io, { policy: gatePolicy(), why: HARVEST_UNTRUSTED }, resolve(cwd, folder));
  const overlays = await overlaysFor(options, gate, io);
  const attestations = await attestationsFor(options, cwd, io);
  const progress =
    options.quiet || !io.progressStream
      ? { update: () => undefined, stop: () => undefined }
      : lintProgress({
          stream: io.progressStream,
          env: envOf(io),
          label: 'vottur catalogue report',
          unit: 'descriptions',
        });
  let run;
  try {
    run = await reportCatalogue({
      folder,
      cwd,
      ...(options.previous !== undefined ? { previous: options.previous } : {}),
      ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
      ...(options.shard !== undefined ? { shard: parseShard(options.shard) } : {}),
      settingsFor: documentSettingsFor(gate),
      onProgress: (done, total) => progress.update(done, total),
      ...(overlays.length > 0 ? { overlays } : {}),
      ...(attestations ? { attestations } : {}),
      ...(options.requireAttestation ? { requireAttestation: true } : {}),
      ...(gate.policy ? { policy: gate.policy.name } : {}),
    });
  } finally {
    progress.stop();
  }
  const report = await settle(run.report, gate, options, io);
  // A shard's dashboard would show a share of the catalogue as if it were all of it.
  if (options.dashboard !== false && options.shard === undefined) {
    const { buildDashboard, readDashboard, DASHBOARD_HTML_FILE, DASHBOARD_JSON_FILE } =
      await import('../../catalogue/dashboard.js');
    const { renderDashboardHtml } = await import('../../catalogue/dashboard-html.js');
    const previous = options.previous !== undefined ? readDashboard(resolve(cwd, options.previous), cwd) : undefined;
    const dashboard = buildDashboard(run, report, {
      failSeverity: options.failSeverity,
      ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
      ...(previous ? { previous } : {}),
    });
    const endpoints = new Map(
      run.manifest.services.map((s) => [s.name, s.endpoints.map((e) => `${e.method} ${e.path}`)]),
    );
    const html = renderDashboardHtml(dashboard, report, { showPii: Boolean(options.showPii), endpoints });
    const htmlFile = resolve(
      cwd,
      typeof options.dashboard === 'string' ? options.dashboard : join(folder, DASHBOARD_HTML_FILE),
    );
    const jsonFile = resolve(cwd, options.dashboardJson ?? join(folder, DASHBOARD_JSON_FILE));
    // National identifiers in a provider's words (an error's reason) are masked, as in every
    // report, and the characters a terminal acts on escaped (the file is meant to be printed too).
    const { maskedView } = await import('../../pii.js');
    const { escapeJsonText } = await import('../../runtime/escape.js');
    writeFileAtomically(
      jsonFile,
      `${escapeJsonText(JSON.stringify(options.showPii ? dashboard : maskedView(dashboard), null, 2))}\n`,
      options.dashboardJson ?? join(folder, DASHBOARD_JSON_FILE),
      cwd,
    );
    writeFileAtomically(
      htmlFile,
      html,
      typeof options.dashboard === 'string' ? options.dashboard : join(folder, DASHBOARD_HTML_FILE),
      cwd,
    );
    const s = dashboard.summary;
    io.stderr(
      `${errorLine(`${s.services} services, ${s.passing} passing the gate (${s.passingShare}%), catalogue score ${s.score} (${s.grade})${s.breakingWithoutMajor ? `, ${s.breakingWithoutMajor} with a breaking change and no new major version` : ''}; dashboard: ${typeof options.dashboard === 'string' ? options.dashboard : join(folder, DASHBOARD_HTML_FILE)}`)}\n`,
    );
  }
  return finishRun(report, targets, { ...options }, io);
}

export function registerCatalogue(program: Command, io: CommandIo): Command {
  const state: OutputState = { targets: [] };
  const command = program
    .command('catalogue')
    .description(
      'harvest every OpenAPI description from an X-Road security server, lint and diff them all, and write the catalogue dashboard (harvest and report in one go; each harvest in its own folder under --out, compared with the newest before it)',
    )
    .argument(
      '<security-server-url>',
      'the security server, e.g. https://security-server.example.is (vottur serve --xroad starts a development one)',
    )
    .configureHelp({ subcommandTerm: (sub) => `${sub.name()} ${sub.usage()}` });
  addHarvestOptions(command, false);
  addCatalogueReportOptions(command, state);
  command.addOption(
    new Option('--previous <folder>', 'the harvest to compare with (default: the newest harvest already under --out)'),
  );
  command.action(async (url: string, options: HarvestCommandOptions & CatalogueReportCommandOptions) => {
    requireHarvestOptions(options);
    const cwd = cwdOf(io);
    const root = resolve(cwd, options.out);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const folder = join(root, stamp);
    const previous = options.previous ?? latestHarvest(root, folder);
    await runHarvest(url, { ...options, out: join(options.out, stamp) }, io);
    io.exit(
      await runCatalogueReport(
        join(options.out, stamp),
        { ...options, ...(previous !== undefined ? { previous } : {}) },
        state,
        io,
      ),
    );
  });

  // The subcommands share the parent's options by name, and commander hands an option written
  // after `harvest` or `report` to whichever command defines it first: the parent. So the
  // values given on the command line are taken from both, and the output targets go to one state.
  const harvest = command
    .command('harvest')
    .description(
      'list the clients and services of an X-Road security server and fetch every OpenAPI description into a folder, with harvest.json',
    )
    .argument('<security-server-url>', 'the security server, e.g. https://security-server.example.is');
  addHarvestOptions(harvest, false);
  harvest.option('--show-pii', "keep people's national identifiers unmasked in harvest.json");
  harvest.action(async (url: string, options: HarvestCommandOptions) => {
    const all = givenOptions(command, options);
    requireHarvestOptions(all);
    await runHarvest(url, all, io);
    io.exit(0);
  });

  const report = command
    .command('report')
    .description(
      'lint every harvested description, compare each with the previous harvest, and write the dashboard and the report',
    )
    .argument('<folder>', 'a harvest folder (written by vottur catalogue harvest)')
    .option('--previous <folder>', 'an earlier harvest folder: each service is compared with it (vottur diff)');
  addCatalogueReportOptions(report, state);
  report.action(async (folder: string, options: CatalogueReportCommandOptions) => {
    io.exit(await runCatalogueReport(folder, givenOptions(command, options), state, io));
  });
  return command;
}

/** A subcommand's options, with those the parent took from the command line on top. */
function givenOptions<T extends object>(parent: Command, own: T): T {
  const merged: Record<string, unknown> = { ...(own as Record<string, unknown>) };
  for (const [key, value] of Object.entries(parent.opts()))
    if (parent.getOptionValueSource(key) === 'cli') merged[key] = value;
  return merged as T;
}

function requireHarvestOptions(options: Partial<HarvestCommandOptions>): asserts options is HarvestCommandOptions {
  if (options.xroadClient === undefined)
    throw new CouldNotRunError(
      "required option '--xroad-client <id>' not specified: the calling subsystem, e.g. --xroad-client IS-DEV/GOV/10000/vottur",
    );
  if (options.out === undefined)
    throw new CouldNotRunError(
      "required option '--out <folder>' not specified: the folder to harvest into, e.g. --out catalogue",
    );
}
