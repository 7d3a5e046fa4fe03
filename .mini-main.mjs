// Experiment: main with only the lint command registered.
import { Command } from 'commander';
const { registerLint } = await import('/work/main/dist/src/cli/commands/lint.js');
const program = new Command('vottur').exitOverride();
registerLint(program);
await program.parseAsync(process.argv.slice(2), { from: 'user' });
