/**
 * `vottur attest` and `vottur verify`: the lint run and gate of `vottur lint`, then the attestation
 * library (src/attest/) signs or checks the record. Exit codes: 0 signed / verified, 1 the
 * attestation does not verify (or, with --recheck, the verdict no longer holds), 2 could not run.
 */
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CouldNotRunError, EXIT_FINDINGS, EXIT_OK, errorLine } from '../../errors.js';
import type { LoadedDescription } from '../../lint/load.js';
import type { Report, Severity } from '../../report/finding.js';
import { addOverlayOption, addPolicyOptions, failSeverityOption, minScoreOption } from '../options.js';
import type { CommandIo } from '../io.js';
import {
  cwdOf,
  envOf,
  gateRunFor,
  overlaysFor,
  settle,
  writeFileAtomically,
  type PolicyCommandOptions,
  type RunIo,
} from '../../run/index.js';

/** The variable that may hold the signing key's PEM, for CI secrets that are not files. */
export const ATTEST_KEY_ENV = 'VOTTUR_ATTEST_KEY';

interface RunOptions extends PolicyCommandOptions {
  config?: string | boolean;
  /** `--baseline`: the operator's baseline, as `vottur lint --baseline` (the Action passes its input). */
  baseline?: string;
  allowRemoteRefs?: boolean;
  overlay?: string[];
  showPii?: boolean;
}

interface AttestOptions extends RunOptions {
  key?: string;
  output: string;
  failSeverity: Severity;
  minScore?: number;
  server?: string;
  base?: string;
  accept?: string;
  header: string[];
  bearer?: string;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  xroadClient?: string;
  timeout: number;
  phases?: string;
  seed?: number;
  maxExamples?: number;
  dredd: boolean;
  data?: string;
}

interface VerifyOptions extends RunOptions {
  key: string;
  recheck?: boolean;
}

/**
 * A file the command line names, read from the run's folder by the bounded reader: a link in the
 * repository to /proc/self/environ or /dev/zero, or a FIFO, is refused in one line (o34r15 B8).
 */
async function readNamed(cwd: string, file: string, what: string): Promise<string> {
  const { readGivenFileSync } = await import('../../runtime/safe-read.js');
  return readGivenFileSync(file, { what, cwd }).toString('utf8');
}

/** The real path, or the path as given when it does not resolve (the read then says why). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The signing key: `--key <file>` or `VOTTUR_ATTEST_KEY`. A key file inside the repository under
 * check is refused: whoever can commit there could then sign in the operator's name.
 */
async function signingKey(options: AttestOptions, description: string, io: RunIo) {
  const { privateKeyFrom } = await import('../../attest/index.js');
  if (options.key !== undefined) {
    const { isInside, repositoryRoot } = await import('../../runtime/safe-read.js');
    const cwd = cwdOf(io);
    const root = repositoryRoot(dirname(resolve(cwd, description)));
    if (root !== undefined && isInside(real(resolve(cwd, options.key)), real(root)))
      throw new CouldNotRunError(
        `--key ${options.key} is inside the repository under check (${root}); keep the signing key outside it, or give it in ${ATTEST_KEY_ENV}`,
      );
    return privateKeyFrom(await readNamed(cwd, options.key, 'the key'), `--key ${options.key}`);
  }
  const pem = envOf(io)[ATTEST_KEY_ENV];
  if (pem === undefined || pem.trim() === '')
    throw new CouldNotRunError(
      `give the signing key with --key <file> or in ${ATTEST_KEY_ENV} (PEM); nothing was signed`,
    );
  return privateKeyFrom(pem, ATTEST_KEY_ENV);
}

const ATTEST_LOADS_DATA =
  'vottur attest (and verify --recheck) loads rulesets as data only, with or without --gate: an attestation is a record others rely on, and no code from the repository runs to make it (docs/attest.md)';

/** The lint run of `vottur lint <description>`: configuration, policy and gate resolved once, then settled. */
async function lintOne(description: string, options: RunOptions, io: RunIo): Promise<Report> {
  return (await gatedRun(description, options, io)).report;
}

/**
 * What the gate runs, once: the lint; with `--base`, the diff (as `vottur check --base`); with
 * `--server`, the contract tests; under the one configuration and policy, then settled into one
 * report. The lint's own report comes back too, for its verdict apart.
 */
async function gatedRun(
  description: string,
  options: RunOptions & Partial<AttestOptions>,
  io: RunIo,
): Promise<{ report: Report; lint: Report; contract?: Report; diff?: Report; loaded: LoadedDescription }> {
  const { lintFiles } = await import('../../lint/files.js');
  const { loadDescription } = await import('../../lint/load.js');
  const { UNREADABLE_RULE } = await import('../../report/finding.js');
  // An attestation is a record others rely on: with or without --gate, the repository's rulesets
  // are read by the policy's strict loader, as data, and none of its code runs (docs/attest.md).
  const { gatePolicy } = await import('../../policy/index.js');
  const run = await gateRunFor(options, io, { policy: gatePolicy(), why: ATTEST_LOADS_DATA });
  const overlays = await overlaysFor(options, run, io);
  const cwd = cwdOf(io);
  // Read once: the lint, the diff, the contract run and the record's digests all take this one
  // load, so the bytes signed are the bytes judged, whatever changes on disk during the run (a
  // server under test that rewrites the checkout; issue 34, C5).
  const loaded = await loadDescription(description, {
    cwd,
    ...(io.stdin ? { stdin: io.stdin } : {}),
    ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
    ...(overlays.length > 0 ? { overlays } : {}),
  });
  const lint = await lintFiles([description], {
    cwd,
    loaded,
    allowRemoteRefs: options.allowRemoteRefs,
    jobs: 1,
    ...(overlays.length > 0 ? { overlays } : {}),
    settingsFor: (file) => run.settingsFor(file),
  });
  const unreadable = lint.findings.find((finding) => finding.ruleId === UNREADABLE_RULE);
  if (unreadable) throw new CouldNotRunError(unreadable.message);
  if (options.server === undefined && options.base === undefined) {
    const report = await settle(lint, run, baselineOf(options), io);
    return { report, lint: report, loaded };
  }
  const { mergeReports } = await import('../../report/merge.js');
  const { toolInfo } = await import('../../version.js');
  const reports = [lint];
  let diff: Report | undefined;
  if (options.base !== undefined) {
    const [{ diffAgainstBase, readAcceptFile }, { acceptedBy }] = await Promise.all([
      import('../../diff/index.js'),
      import('../../diff/accept.js'),
    ]);
    const accept = options.accept !== undefined ? await readAcceptFile(options.accept, cwd) : undefined;
    if (options.accept !== undefined) run.recordFile(options.accept, 'accept');
    const result = await diffAgainstBase(options.base, loaded, {
      cwd,
      ...(accept ? { accept } : {}),
      ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
      ...(overlays.length > 0 ? { overlays } : {}),
    });
    diff = run.judgeAcceptances(result.report, acceptedBy(result.accepted, accept));
    reports.push(diff);
  }
  let contract: Report | undefined;
  if (options.server !== undefined) {
    const [{ runContractTests }, { authFrom, runOptionsFrom, refusePlainHttpCredentials }] = await Promise.all([
      import('../../contract/index.js'),
      import('../contract-options.js'),
    ]);
    // The same refusal as vottur test's: no credential over plain HTTP to another machine (o34r10 B3).
    await refusePlainHttpCredentials({ ...options, header: options.header ?? [] });
    // The contract options attest takes, with the defaults of vottur test for the rest.
    const given = {
      ...options,
      // --key is the signing key here, never a TLS client key.
      key: undefined,
      cert: undefined,
      header: options.header ?? [],
      ca: [],
      timeout: options.timeout ?? 10_000,
      concurrency: 4,
      maxResponseTime: 2_000,
      dredd: options.dredd ?? true,
      quiet: true,
      ...(options.phases !== undefined ? { phases: options.phases.split(',').map((phase) => phase.trim()) } : {}),
    } as unknown as import('../contract-options.js').ContractCommandOptions;
    contract = await runContractTests({
      description,
      loaded,
      server: options.server,
      auth: authFrom(given),
      ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
      ...runOptionsFrom(given, io),
      ...(run.policy ? { underPolicy: true } : {}),
    });
    reports.push(contract);
  }
  const report = await settle(mergeReports(reports, { tool: toolInfo() }), run, baselineOf(options), io);
  // The lint's part of the settled report (levels, suppressions and baseline applied as for the whole).
  const { operations: _operations, coverage: _coverage, diff: _diff, ...rest } = report;
  const lintPart: Report = {
    ...rest,
    findings: report.findings.filter(
      (finding) => finding.source !== 'contract' && finding.source !== 'diff' && finding.source !== 'response',
    ),
  };
  return {
    report,
    loaded,
    lint: lintPart,
    ...(contract ? { contract } : {}),
    ...(diff ? { diff } : {}),
  };
}

/** The operator's `--baseline`, for settling as `vottur lint` does. */
function baselineOf(options: RunOptions): { baseline?: string } {
  return options.baseline !== undefined ? { baseline: options.baseline } : {};
}

function addRunOptions(command: Command): Command {
  command
    .option(
      '--baseline <file>',
      "the operator's baseline, as vottur lint --baseline: findings in it are not counted (see docs/baseline.md)",
    )
    .option(
      '--config <file>',
      "the configuration file (default: vottur.config.yaml found from the description's folder up to the repository root)",
    )
    .option('--no-config', 'use no configuration file')
    .option('--allow-remote-refs', 'fetch http(s) $refs (off by default)')
    .option('--show-pii', 'show national identifiers unmasked (in the attestation too)');
  addOverlayOption(command);
  return addPolicyOptions(command);
}

export function registerAttest(program: Command, io: CommandIo): void {
  const command = program
    .command('attest')
    .description(
      'lint a description and write a signed record of the verdict and the policy it ran under, if any (an in-toto Statement in a DSSE envelope; --gate for a record catalogues under a policy accept)',
    )
    .argument('<description>', 'the description file (every file its $refs reach is a subject)')
    .option('--key <file>', `the signing key, Ed25519 or ECDSA P-256 PEM (default: $${ATTEST_KEY_ENV})`)
    .requiredOption('-o, --output <file>', 'where to write the attestation (JSON)')
    // attest records the verdict and exits 0 once the attestation is written (docs/attest.md): its
    // help says what these set, not an exit code it never gives (issue 34, attack B15).
    .addOption(
      failSeverityOption(
        'the recorded verdict is "fail" when a finding is at or above this severity (attest still exits 0 once the attestation is written)',
      ),
    )
    .addOption(
      minScoreOption(
        'the recorded verdict is "fail" when the score of any document is below this (attest still exits 0 once the attestation is written)',
      ),
    )
    .option(
      '--server <url>',
      'also contract-test this server (as vottur test) and record its target and summary; its findings join the verdict',
    )
    .option(
      '--base <description>',
      'also compare with this version (a file, or REF:path read from git, as vottur diff) and record its verdict',
    )
    .option('--accept <file>', 'with --base: changes accepted on purpose, as vottur diff --accept')
    .option(
      '--header <header>',
      "with --server: a header sent with every authenticated request, 'Name: value' (repeatable)",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option('--bearer <token>', 'with --server: an access token, sent as Authorization: Bearer <token>')
    .option('--token-url <url>', 'with --server: OAuth 2.0 token endpoint (client-credentials grant)')
    .option('--client-id <id>', 'with --token-url: the client id')
    .option('--client-secret <secret>', 'with --token-url: the client secret; better: set VOTTUR_CLIENT_SECRET')
    .option('--scope <scopes>', 'with --token-url: the scopes to ask for')
    .option('--xroad-client <id>', 'with --server: send X-Road-Client: <id>')
    .option('--timeout <ms>', 'with --server: time limit for each request, in milliseconds', Number, 10_000)
    .option('--phases <list>', 'with --server: the contract phases to run, comma-separated (default all)')
    .option('--seed <n>', 'with --server: seed of the generated requests', Number)
    .option('--max-examples <n>', 'with --server: generated requests per operation in the fuzz phase', Number)
    .option('--data <file>', 'with --server: values for the planned requests (see docs/contract.md)')
    .option('--no-dredd', 'with --server: skip the Dredd run');
  addRunOptions(command);
  command.action(async (description: string, options: AttestOptions) => {
    if (options.accept !== undefined && options.base === undefined)
      throw new CouldNotRunError('--accept applies to the changes --base finds: add --base <REF:path>');
    const privateKey = await signingKey(options, description, io);
    const { contractRecord, createAttestation, diffRecord, subjectsOf } = await import('../../attest/index.js');
    const ran = await gatedRun(description, options, io);
    const { report } = ran;
    // The bytes the run parsed, from its one load: never a second read of the disk.
    const subjects = subjectsOf(ran.loaded, cwdOf(io));
    const { envelope, statement } = await createAttestation({
      report,
      subjects,
      gate: {
        failSeverity: options.failSeverity,
        ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
      },
      privateKey,
      ...(options.showPii ? { showPii: true } : {}),
      ...(ran.contract && options.server !== undefined
        ? { contract: contractRecord(ran.contract, options.server), lint: ran.lint }
        : {}),
      ...(ran.diff && options.base !== undefined ? { diff: diffRecord(ran.diff, options.base), lint: ran.lint } : {}),
    });
    writeFileAtomically(
      resolve(cwdOf(io), options.output),
      `${JSON.stringify(envelope, null, 2)}\n`,
      options.output,
      cwdOf(io),
    );
    const { predicate } = statement;
    io.stderr(
      `${errorLine(`attested ${subjects[0]?.name ?? description} (${subjects.length} file${subjects.length === 1 ? '' : 's'}): gate ${predicate.gate.verdict}, score ${predicate.score.score}/100 (${predicate.score.grade})${predicate.contract ? `; contract run against ${predicate.contract.target}: ${predicate.contract.passed} of ${predicate.contract.operations} operations passed` : ''}${predicate.diff ? `; diff with ${predicate.diff.base}: ${predicate.diff.verdict}` : ''}; wrote ${options.output}`)}\n`,
    );
    // The record is written whatever the verdict: a failing verdict, signed, is what it records.
    io.exit(EXIT_OK);
  });
}

export function registerVerify(program: Command, io: CommandIo): void {
  const command = program
    .command('verify')
    .description('check a vottur attestation: signature, the description bytes, tool and ruleset versions')
    .argument('<attestation>', 'the file vottur attest wrote')
    .argument('<description>', 'the description it should be about')
    .requiredOption('--key <file>', 'the public key (PEM) the attestation was signed with')
    .option('--recheck', 'lint the description again under the attested thresholds and say whether the verdict holds');
  addRunOptions(command);
  command.action(async (attestation: string, description: string, options: VerifyOptions) => {
    const { describeSubjects, parseEnvelope, publicKeyFrom, recheck, verifyAttestation } =
      await import('../../attest/index.js');
    const { toolInfo } = await import('../../version.js');
    const publicKey = publicKeyFrom(await readNamed(cwdOf(io), options.key, 'the key'), `--key ${options.key}`);
    const envelope = parseEnvelope(await readNamed(cwdOf(io), attestation, 'the attestation'), attestation);
    const subjects = await describeSubjects(description, {
      cwd: cwdOf(io),
      allowRemoteRefs: options.allowRemoteRefs,
    });
    const result = await verifyAttestation({ envelope, publicKey, subjects, tool: toolInfo() });
    for (const problem of result.problems) io.stderr(`${errorLine(`${attestation}: ${problem}`)}\n`);
    if (result.statement === undefined || result.problems.length > 0) {
      io.exit(EXIT_FINDINGS);
      return;
    }
    const { predicate } = result.statement;
    io.stdout(
      `verified: ${subjects[0]?.name ?? description} as attested (${subjects.length} file${subjects.length === 1 ? '' : 's'}) by ${predicate.tool.name} ${predicate.tool.version}: gate ${predicate.gate.verdict}, score ${predicate.score.score}/100, ${predicate.createdTimestamp}\n`,
    );
    if (options.recheck) {
      const again = recheck(result.statement, await lintOne(description, options, io));
      io.stdout(
        again.holds
          ? `recheck: the verdict holds (${again.now}, score ${again.score}/100)\n`
          : `recheck: the verdict no longer holds: attested ${again.attested}, now ${again.now} (score ${again.score}/100)\n`,
      );
      io.exit(again.holds ? EXIT_OK : EXIT_FINDINGS);
      return;
    }
    io.exit(EXIT_OK);
  });
}
