/**
 * `vottur check [description] [--server <url>]`: the one-command conformance run. Lints the
 * description, then contract-tests the server, and writes one report.
 *
 * With no description it checks vottur's own reference: the bundled user-profile description
 * against the reference service, started in-process on a free port with its development issuer
 * (whose client credentials it uses) and stopped afterwards. `--fault` switches that service into
 * a fault mode, to see what a deviation looks like.
 */
import type { Command } from 'commander';
import { acceptedBy } from '../../diff/accept.js';
import { runContractTests } from '../../contract/index.js';
import { lintLoadedDescription, readLimitReport } from '../../lint/files.js';
import { loadDescription } from '../../lint/load.js';
import { FAULT_NAMES, isFaultName, type FaultName } from '../../reference/faults.js';
import { startReferenceService, type RunningReferenceService } from '../../reference/service.js';
import type { Report } from '../../report/finding.js';
import type { GateRun } from '../../policy/enforce.js';
import { mergeReports } from '../../report/merge.js';
import { toolInfo } from '../../version.js';
import { CouldNotRunError, errorMessage, LimitError } from '../../errors.js';
import {
  addContractOptions,
  authFrom,
  note,
  runOptionsFrom,
  withContractSettings,
  type ContractCommandOptions,
} from '../contract-options.js';
import type { OutputState } from '../output.js';
import type { CommandIo } from '../io.js';
import { cwdOf, finishRun, gateRunFor, takeOutputTargets, settle, type RunIo } from '../../run/index.js';

interface CheckOptions extends ContractCommandOptions {
  server?: string;
  base?: string;
  accept?: string;
  allowRemoteRefs?: boolean;
  fault: FaultName[];
}

function collectFault(value: string, previous: FaultName[]): FaultName[] {
  if (!isFaultName(value)) throw new CouldNotRunError(`unknown fault "${value}": use one of ${FAULT_NAMES.join(', ')}`);
  return previous.includes(value) ? previous : [...previous, value];
}

const CREDENTIAL_FLAGS: Array<[keyof CheckOptions, string]> = [
  ['bearer', '--bearer'],
  ['tokenUrl', '--token-url'],
  ['clientId', '--client-id'],
  ['clientSecret', '--client-secret'],
  ['scope', '--scope'],
];

export function registerCheck(program: Command, io: CommandIo): void {
  const state: OutputState = { targets: [] };
  const command = program
    .command('check')
    .description(
      'lint a description and contract-test its server in one run (no arguments: the bundled reference service)',
    )
    .argument('[description]', 'the OpenAPI description; leave out to check the bundled reference service')
    .option('--server <url>', 'base URL of the server under test; without it only the description is linted')
    .option('--allow-remote-refs', 'fetch http(s) $refs of the description')
    .option(
      '--base <description>',
      'also report what changed since this version (a file, or REF:path read from git), as vottur diff does',
    )
    .option('--accept <file>', 'with --base: changes accepted on purpose, as vottur diff --accept')
    .option(
      '--fault <name>',
      `with the bundled reference service only: make it deviate (${FAULT_NAMES.join(', ')}); repeatable`,
      collectFault,
      [],
    );
  addContractOptions(command, state);
  command.action(async (description: string | undefined, given: CheckOptions, self: Command) => {
    const targets = takeOutputTargets(state);
    const run = await gateRunFor(given, io);
    const options = await withContractSettings(given, self, description, run, io);
    if (description === undefined) {
      if (options.server !== undefined)
        throw new CouldNotRunError(
          '--server needs the description to test it against: vottur check <description> --server <url>',
        );
      const given = CREDENTIAL_FLAGS.find(([key]) => options[key] !== undefined);
      if (given || options.header.length > 0) {
        throw new CouldNotRunError(
          `${given ? given[1] : '--header'} applies to a server you name; the bundled reference service uses its own development issuer`,
        );
      }
      if (options.base !== undefined)
        throw new CouldNotRunError(
          '--base needs the description to compare: vottur check <description> --base <REF:path>',
        );
      if (options.data !== undefined)
        throw new CouldNotRunError(
          '--data applies to a server you name; the bundled reference service answers its own examples',
        );
      io.exit(
        await finishRun(await settle(await checkReference(options, io, run), run, options, io), targets, options, io),
      );
      return;
    }
    if (options.fault.length > 0)
      throw new CouldNotRunError(
        '--fault applies to the bundled reference service only: run vottur check without a description',
      );
    if (options.accept !== undefined && options.base === undefined)
      throw new CouldNotRunError('--accept applies to the changes --base finds: add --base <REF:path>');
    // Read and parsed once, for the linter and the contract tests alike.
    const cwd = cwdOf(io);
    let loaded;
    try {
      loaded = await loadDescription(description, {
        cwd,
        ...(io.stdin ? { stdin: io.stdin } : {}),
        ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
      });
    } catch (error) {
      if (!(error instanceof LimitError)) throw error;
      // A bound reached in reading the description (issue 34): its finding is the verdict, and
      // nothing of it is linted, compared or sent to the server.
      io.exit(
        await finishRun(
          await settle(readLimitReport(description, cwd, error.message), run, options, io),
          targets,
          options,
          io,
        ),
      );
      return;
    }
    const settings = await run.settingsFor(description);
    const lint = await lintLoadedDescription(loaded, {
      cwd,
      ...(settings ? { settings } : {}),
    });
    const reports = [lint];
    if (options.base !== undefined) {
      const { diffAgainstBase, readAcceptFile } = await import('../../diff/index.js');
      const accept = options.accept !== undefined ? await readAcceptFile(options.accept, cwd) : undefined;
      if (options.accept !== undefined) run.recordFile(options.accept, 'accept');
      const diff = await diffAgainstBase(options.base, loaded, {
        cwd,
        ...(accept ? { accept } : {}),
        ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
      });
      reports.push(run.judgeAcceptances(diff.report, acceptedBy(diff.accepted, accept)));
    }
    if (options.server === undefined) {
      note(
        options,
        io,
        'no --server given, so only the description was linted; add --server <url> to contract-test the service',
      );
      io.exit(
        await finishRun(
          await settle(reports.length === 1 ? lint : mergeReports(reports, { tool: toolInfo() }), run, options, io),
          targets,
          options,
          io,
        ),
      );
      return;
    }
    const contract = await runContractTests({
      description,
      loaded,
      server: options.server,
      auth: authFrom(options),
      ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
      ...runOptionsFrom(options, io),
      ...(run.policy ? { underPolicy: true } : {}),
    });
    io.exit(
      await finishRun(
        await settle(mergeReports([...reports, contract], { tool: toolInfo() }), run, options, io),
        targets,
        options,
        io,
      ),
    );
  });
}

async function checkReference(options: CheckOptions, io: RunIo, run: GateRun): Promise<Report> {
  let service: RunningReferenceService;
  try {
    service = await startReferenceService({ port: 0, auth: 'dev', faults: options.fault });
  } catch (error) {
    throw new CouldNotRunError(`cannot start the reference service: ${errorMessage(error).replace(/\s+/g, ' ')}`);
  }
  try {
    note(
      options,
      io,
      `checking the bundled reference service at ${service.baseUrl}${options.fault.length ? ` (fault: ${options.fault.join(', ')})` : ''}`,
    );
    const { tokenUrl, clientId, clientSecret } = service;
    if (tokenUrl === undefined || clientId === undefined || clientSecret === undefined)
      throw new Error('the reference service started with its dev issuer gave no client credentials');
    run.recordConnection({
      server: service.baseUrl,
      serverFrom: 'reference service',
      tokenUrl,
      tokenUrlFrom: 'reference service',
      credentials: [{ kind: 'client secret', from: 'reference service' }],
    });
    const loaded = await loadDescription(service.descriptionPath, { cwd: cwdOf(io) });
    const lint = await lintLoadedDescription(loaded, { cwd: cwdOf(io) });
    const contract = await runContractTests({
      description: service.descriptionPath,
      loaded,
      server: service.baseUrl,
      auth: {
        oauth: {
          tokenUrl,
          clientId,
          clientSecret,
          scope: service.scope,
        },
      },
      ...runOptionsFrom(options, io),
      ...(run.policy ? { underPolicy: true } : {}),
      // vottur's own service on loopback: every method may be tried.
      allowUnsafeMethods: true,
    });
    return mergeReports([lint, contract], { tool: toolInfo() });
  } finally {
    await service.close();
  }
}
