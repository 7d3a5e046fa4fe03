/**
 * `vottur attest` and `vottur verify`: the lint run and gate of `vottur lint`, then the attestation
 * library (src/attest/) signs or checks the record. Exit codes: 0 signed / verified, 1 the
 * attestation does not verify (or, with --recheck, the verdict no longer holds), 2 could not run.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CouldNotRunError, EXIT_FINDINGS, EXIT_OK, errorLine, fileErrorReason } from '../../errors.js';
import type { Report, Severity } from '../../report/finding.js';
import { addPolicyOptions, failSeverityOption, minScoreOption } from '../options.js';
import type { CommandIo } from '../io.js';
import { cwdOf, envOf, lintRun, writeFileAtomically, type PolicyCommandOptions, type RunIo } from '../../run/index.js';

/** The variable that may hold the signing key's PEM, for CI secrets that are not files. */
export const ATTEST_KEY_ENV = 'VOTTUR_ATTEST_KEY';

interface RunOptions extends PolicyCommandOptions {
  config?: string | boolean;
  allowRemoteRefs?: boolean;
}

interface AttestOptions extends RunOptions {
  key?: string;
  output: string;
  failSeverity: Severity;
  minScore?: number;
}

interface VerifyOptions extends RunOptions {
  key: string;
  recheck?: boolean;
}

function readNamed(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CouldNotRunError(`cannot read ${what} ${file}: ${fileErrorReason(error)}`);
  }
}

/** The real path, or the path as given when it does not resolve (the read then says why). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
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
    const root = repositoryRoot(dirname(resolve(cwdOf(io), description)));
    if (root !== undefined && isInside(real(options.key), real(root)))
      throw new CouldNotRunError(
        `--key ${options.key} is inside the repository under check (${root}); keep the signing key outside it, or give it in ${ATTEST_KEY_ENV}`,
      );
    return privateKeyFrom(readNamed(options.key, 'the key'), `--key ${options.key}`);
  }
  const pem = envOf(io)[ATTEST_KEY_ENV];
  if (pem === undefined || pem.trim() === '')
    throw new CouldNotRunError(
      `give the signing key with --key <file> or in ${ATTEST_KEY_ENV} (PEM); nothing was signed`,
    );
  return privateKeyFrom(pem, ATTEST_KEY_ENV);
}

/** The lint run of `vottur lint <description>` (src/run/lint.ts): configuration, policy and gate resolved once, then settled. */
async function lintOne(description: string, options: RunOptions, io: RunIo): Promise<Report> {
  const { UNREADABLE_RULE } = await import('../../report/finding.js');
  const report = await lintRun(
    [description],
    {
      ...(options.config !== undefined ? { config: options.config } : {}),
      ...(options.policy !== undefined ? { policy: options.policy } : {}),
      ...(options.gate ? { gate: true } : {}),
      allowRemoteRefs: options.allowRemoteRefs,
      jobs: 1,
    },
    io,
  );
  const unreadable = report.findings.find((finding) => finding.ruleId === UNREADABLE_RULE);
  if (unreadable) throw new CouldNotRunError(unreadable.message);
  return report;
}

function addRunOptions(command: Command): Command {
  command
    .option(
      '--config <file>',
      "the configuration file (default: vottur.config.yaml found from the description's folder up to the repository root)",
    )
    .option('--no-config', 'use no configuration file')
    .option('--allow-remote-refs', 'fetch http(s) $refs (off by default)');
  return addPolicyOptions(command);
}

export function registerAttest(program: Command, io: CommandIo): void {
  const command = program
    .command('attest')
    .description(
      'lint a description under the gate and write a signed record of the verdict (an in-toto Statement in a DSSE envelope)',
    )
    .argument('<description>', 'the description file (every file its $refs reach is a subject)')
    .option('--key <file>', `the signing key, Ed25519 or ECDSA P-256 PEM (default: $${ATTEST_KEY_ENV})`)
    .requiredOption('-o, --output <file>', 'where to write the attestation (JSON)')
    .addOption(failSeverityOption())
    .addOption(minScoreOption());
  addRunOptions(command);
  command.action(async (description: string, options: AttestOptions) => {
    const privateKey = await signingKey(options, description, io);
    const { createAttestation, describeSubjects } = await import('../../attest/index.js');
    const report = await lintOne(description, options, io);
    const subjects = await describeSubjects(description, {
      cwd: cwdOf(io),
      allowRemoteRefs: options.allowRemoteRefs,
    });
    const { envelope, statement } = await createAttestation({
      report,
      subjects,
      gate: {
        failSeverity: options.failSeverity,
        ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
      },
      privateKey,
    });
    writeFileAtomically(resolve(cwdOf(io), options.output), `${JSON.stringify(envelope, null, 2)}\n`, options.output);
    const { predicate } = statement;
    io.stderr(
      `${errorLine(`attested ${subjects[0]?.name ?? description} (${subjects.length} file${subjects.length === 1 ? '' : 's'}): gate ${predicate.gate.verdict}, score ${predicate.score.score}/100 (${predicate.score.grade}); wrote ${options.output}`)}\n`,
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
    const publicKey = publicKeyFrom(readNamed(options.key, 'the key'), `--key ${options.key}`);
    const envelope = parseEnvelope(readNamed(attestation, 'the attestation'), attestation);
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
