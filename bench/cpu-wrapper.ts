/**
 * `node cpu-wrapper.js <cpu-file> <script> [args...]` runs a Node CLI script in this process and,
 * when the process exits, writes the CPU time it used (user + system, ms) to <cpu-file>: on a
 * machine others load, CPU time says what a command costs better than the time on the clock.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [cpuFile, script, ...args] = process.argv.slice(2);
if (!cpuFile || !script) {
  process.stderr.write('usage: node cpu-wrapper.js <cpu-file> <script> [args...]\n');
  process.exit(2);
}
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  writeFileSync(cpuFile, `${((user + system) / 1000).toFixed(0)}\n`);
});
process.argv = [process.argv[0] ?? process.execPath, resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
