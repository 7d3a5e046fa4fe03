import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export const ROOT = join(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'dist/cli/main.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `vottur` command as a user would (npm test builds it first). */
export function vottur(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Runs `vottur` in this process, through the same `main` the bin calls, with its output captured:
 * no child process to start (0.3–0.4 s each). For every test whose subject is not the process
 * itself (the bin's exit code, signals, standard input, start-up, a hostile stdout): those keep
 * `vottur`. The environment is the test's own on top of this process's, as `vottur` gives it.
 */
export async function votturInProcess(
  args: string[],
  // timeoutMs is the child's; in-process, vitest's own timeout applies. stdin: what `-` reads (none: refused).
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; stdin?: Readable } = {},
): Promise<CliResult> {
  const { main } = await import('../../src/cli/program.js');
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    ...(options.stdin ? { stdin: options.stdin } : {}),
  });
  return { code, stdout, stderr };
}

/**
 * Whether a command line asks for the lint worker pool (`--jobs` above 1). The pool's threads run
 * the built worker (dist/lint/worker.js); `main` loaded from src/ in this process has none beside
 * it and lints in one thread, so a test of the pool runs the built `vottur` in a child.
 */
export function asksForWorkers(args: readonly string[]): boolean {
  const at = args.findIndex((arg) => arg === '--jobs' || arg === '-j');
  const value = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--jobs='))?.slice('--jobs='.length);
  return value !== undefined && Number(value) > 1;
}

/** `votturInProcess`, or `vottur` in a child when the command line asks for the worker pool. */
export function votturWhereItRuns(
  args: string[],
  options: Parameters<typeof votturInProcess>[1] = {},
): Promise<CliResult> {
  return asksForWorkers(args) ? vottur(args, options) : votturInProcess(args, options);
}
