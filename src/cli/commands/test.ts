/**
 * `vottur test <description> --server <url>`: contract tests against a live server.
 */
import type { Command } from 'commander';
import { runContractTests } from '../../contract/index.js';
import { addContractOptions, authFrom, runOptionsFrom, type ContractCommandOptions } from '../contract-options.js';
import type { OutputState } from '../output.js';
import { finishRun, takeOutputTargets, withBaseline, type CliIo } from '../runner.js';

export function registerTest(program: Command, io: CliIo = {}): void {
  const state: OutputState = { targets: [] };
  const command = program
    .command('test')
    .description('contract-test a live server against its OpenAPI description and the platform conventions')
    .argument('<description>', 'the OpenAPI 3.0/3.1 description (YAML or JSON)')
    .requiredOption('--server <url>', 'base URL of the server under test (the paths are appended to it)')
    .option('--allow-remote-refs', 'fetch http(s) $refs of the description');
  addContractOptions(command, state);
  command.action(async (description: string, options: ContractCommandOptions & { server: string; allowRemoteRefs?: boolean }) => {
    const targets = takeOutputTargets(state);
    const report = await runContractTests({
      description,
      server: options.server,
      auth: authFrom(options),
      ...(options.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
      ...runOptionsFrom(options, io),
    });
    process.exitCode = finishRun(await withBaseline(report, options, io), targets, options, io);
  });
}
