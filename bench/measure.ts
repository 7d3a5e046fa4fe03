/**
 * Runs one command and measures its wall time and peak resident memory. With GNU time
 * (`/usr/bin/time`) the peak RSS is the kernel's for the whole process; without it, Node
 * commands are run through `rss-wrapper.js`, which reports the process's own `maxRSS`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GNU_TIME = '/usr/bin/time';
/** Peak RSS (KB), user and system CPU seconds. */
const TIME_FORMAT = '%M %U %S';
const TIME_LINE = /^(\d+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

export interface Measurement {
  wallMs: number;
  /** Peak resident set size, in MB (10^6 bytes). */
  rssMb: number;
  /** User + system CPU time of the process and the children it waited for, in ms (GNU time only). */
  cpuMs?: number;
  exitCode: number | null;
}

export interface MeasureOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}

let timeWorks: boolean | undefined;

/** True when /usr/bin/time is GNU time (accepts `-f` and `-o`). */
export async function gnuTimeAvailable(): Promise<boolean> {
  if (timeWorks !== undefined) return timeWorks;
  if (!existsSync(GNU_TIME)) return (timeWorks = false);
  const dir = mkdtempSync(join(tmpdir(), 'vottur-bench-'));
  try {
    const result = await run([GNU_TIME, '-f', TIME_FORMAT, '-o', join(dir, 'rss'), process.execPath, '-e', '0'], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    timeWorks =
      result.code === 0 && TIME_LINE.test(readFileSync(join(dir, 'rss'), 'utf8').trim().split('\n').pop() ?? '');
  } catch {
    // No GNU time on this machine (or it failed): the Node wrapper measures instead.
    timeWorks = false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return timeWorks;
}

function run(
  argv: string[],
  options: MeasureOptions,
): Promise<{ code: number | null; wallMs: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const [command, ...commandArgs] = argv;
    if (command === undefined) {
      reject(new Error('no command to measure'));
      return;
    }
    const started = performance.now();
    const child = spawn(command, commandArgs, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, wallMs: performance.now() - started, stderr });
    });
  });
}

/**
 * Measures `argv` (a Node script and its arguments, `[script, ...args]`, run with this Node;
 * Node options such as `--single-threaded` may come first). Wall time is taken around the whole
 * process, start-up included.
 */
export async function measure(argv: string[], options: MeasureOptions, wrapper: string): Promise<Measurement> {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-bench-'));
  try {
    const rssFile = join(dir, 'rss');
    const gnu = await gnuTimeAvailable();
    const flags = argv.slice(
      0,
      Math.max(
        0,
        argv.findIndex((arg) => !arg.startsWith('-')),
      ),
    );
    const command = gnu
      ? [GNU_TIME, '-f', TIME_FORMAT, '-o', rssFile, process.execPath, ...argv]
      : [process.execPath, ...flags, wrapper, rssFile, ...argv.slice(flags.length)];
    const result = await run(command, options);
    const lines = existsSync(rssFile) ? readFileSync(rssFile, 'utf8').trim().split('\n') : [];
    const last = lines[lines.length - 1] ?? '';
    // GNU time: "KB user sys" (its last line; a killed command has a note above it); the wrapper: "KB".
    const match = gnu ? TIME_LINE.exec(last) : /^(\d+)$/.exec(last);
    if (!match)
      throw new Error(`no peak RSS for ${argv.join(' ')} (exit ${result.code}): ${result.stderr.slice(0, 500)}`);
    return {
      wallMs: result.wallMs,
      rssMb: (Number(match[1]) * 1024) / 1e6,
      ...(gnu ? { cpuMs: (Number(match[2]) + Number(match[3])) * 1000 } : {}),
      exitCode: result.code,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
