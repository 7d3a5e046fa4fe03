/**
 * The benchmark's reference for what a machine gives independent work in parallel:
 * `node shards.js <n> <vottur main.js> <pattern>` runs n `vottur lint --jobs 1 --shard i/n`
 * processes at once and waits for all (exit 1 if any found something, 2 if any failed).
 */
import { spawn } from 'node:child_process';

const [count, cli, pattern] = process.argv.slice(2);
const n = Number(count);
if (!cli || !pattern || !(n >= 1)) {
  process.stderr.write('usage: node shards.js <n> <vottur main.js> <pattern>\n');
  process.exit(2);
}
const codes = await Promise.all(
  Array.from({ length: n }, (_, i) =>
    new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [cli, 'lint', '--jobs', '1', '--shard', `${i + 1}/${n}`, pattern], { stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('close', (code) => resolve(code ?? 2));
      child.on('error', () => resolve(2));
    }),
  ),
);
process.exitCode = Math.max(...codes);
