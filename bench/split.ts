/**
 * The benchmark's reference for what this machine gives independent work in parallel:
 * `node split.js <n> <vottur main.js> <files...>` splits the files into n shares of about equal
 * size (largest first, each to the lightest share so far), runs one `vottur lint --jobs 1
 * <share...>` process per share at once, and waits for all (exit 1 if any found something, 2 if
 * any failed). Node options given to this script (`node --single-threaded split.js ...`) go to
 * each process. Balanced by size on purpose: `--shard` balances by count (a hash of the path), and
 * a large description landing beside another in one shard would measure the split, not the machine.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';

/** Splits `files` into `count` shares of about equal total size. */
export function splitBySize(files: readonly string[], count: number, size: (file: string) => number): string[][] {
  const shares = Array.from({ length: count }, () => ({ bytes: 0, files: [] as string[] }));
  const bySize = files
    .map((file) => ({ file, bytes: size(file) }))
    .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  for (const { file, bytes } of bySize) {
    const lightest = shares.reduce((min, share) => (share.bytes < min.bytes ? share : min));
    lightest.files.push(file);
    lightest.bytes += bytes;
  }
  return shares.map((share) => share.files.sort()).filter((share) => share.length > 0);
}

async function main(): Promise<void> {
  const [count, cli, ...files] = process.argv.slice(2);
  const n = Number(count);
  if (!cli || files.length === 0 || !(n >= 1)) {
    process.stderr.write('usage: node split.js <n> <vottur main.js> <files...>\n');
    process.exit(2);
  }
  const codes = await Promise.all(
    splitBySize(files, n, (file) => statSync(file).size).map(
      (share) =>
        new Promise<number>((resolve) => {
          const child = spawn(process.execPath, [...process.execArgv, cli, 'lint', '--jobs', '1', ...share], {
            stdio: ['ignore', 'ignore', 'inherit'],
          });
          child.on('close', (code) => resolve(code ?? 2));
          child.on('error', () => resolve(2));
        }),
    ),
  );
  process.exitCode = Math.max(...codes);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
