/**
 * `vottur test <description> --server <url>`: contract tests against a live server.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { runContractTests } from '../../contract/index.js';
import {
  addContractOptions,
  authFrom,
  runOptionsFrom,
  withContractSettings,
  type ContractCommandOptions,
} from '../contract-options.js';
import { CouldNotRunError, LimitError } from '../../errors.js';
import type { OutputState } from '../output.js';
import { addOverlayOption } from '../options.js';
import type { CommandIo } from '../io.js';
import { cwdOf, finishRun, gateRunFor, overlaysFor, takeOutputTargets, settle } from '../../run/index.js';

export function registerTest(program: Command, io: CommandIo): void {
  const state: OutputState = { targets: [] };
  const command = program
    .command('test')
    .description('contract-test a live server against its OpenAPI description and the platform conventions')
    .argument('<description>', 'the OpenAPI 3.0/3.1 or Swagger 2.0 description (YAML or JSON)')
    .option(
      '--server <url>',
      'base URL of the server under test (the paths are appended to it); or contract.server in vottur.config.yaml',
    )
    .option('--allow-remote-refs', 'fetch http(s) $refs of the description');
  addOverlayOption(command);
  addContractOptions(command, state);
  command.action(
    async (
      description: string,
      given: ContractCommandOptions & { server?: string; allowRemoteRefs?: boolean; overlay?: string[] },
      self: Command,
    ) => {
      const targets = takeOutputTargets(state);
      const run = await gateRunFor(given, io);
      const overlays = await overlaysFor(given, run, io);
      const options = await withContractSettings(given, self, description, run, io);
      const refusedServer = run.refusals.find((finding) => finding.ruleId === 'policy-server-refused');
      if (options.server === undefined && refusedServer)
        throw new CouldNotRunError(`${refusedServer.message} Give the server with --server <url>.`);
      if (options.server === undefined)
        throw new CouldNotRunError(
          'vottur test needs --server <url> (or contract.server in vottur.config.yaml): the base URL of the server under test',
        );
      let report;
      try {
        // With overlays, the description the server is held to is the patched one.
        const loaded =
          overlays.length > 0
            ? await (
                await import('../../lint/load.js')
              ).loadDescription(
                /^https?:\/\//i.test(description) || description === '-'
                  ? description
                  : resolve(cwdOf(io), description),
                {
                  cwd: cwdOf(io),
                  allowRemoteRefs: options.allowRemoteRefs,
                  overlays,
                  ...(io.stdin ? { stdin: io.stdin } : {}),
                },
              )
            : undefined;
        report = await runContractTests({
          description,
          ...(loaded ? { loaded } : {}),
          server: options.server,
          auth: authFrom(options),
          ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
          ...runOptionsFrom(options, io),
          ...(run.policy ? { underPolicy: true } : {}),
        });
      } catch (error) {
        if (!(error instanceof LimitError)) throw error;
        // A bound reached in reading the description (issue 34): its finding is the verdict, and
        // nothing is sent to the server.
        const { readLimitReport } = await import('../../lint/files.js');
        report = readLimitReport(description, cwdOf(io), error.message);
      }
      io.exit(await finishRun(await settle(report, run, options, io), targets, options, io));
    },
  );
}
