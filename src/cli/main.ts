#!/usr/bin/env node
/**
 * The `vottur` bin: the one place that touches the process. It hands `main` the process's
 * streams, working folder and environment, and sets the exit code from what `main` returns.
 */
import { EXIT_COULD_NOT_RUN, errorLine } from '../errors.js';
import { compileCacheName, main } from './program.js';

/**
 * Standard output that cannot take more: a reader that went away (`| head`, EPIPE) ends the run
 * quietly, as other command-line tools do; any other failure (a full disk, ENOSPC) is one line and
 * exit 2. Without this, Node throws the write error as an unhandled 'error' event with a stack trace.
 */
function guardStandardOutput(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.stderr.write(
      `${errorLine(`cannot write to standard output: ${error.code ?? error.message}; check the disk or the file it goes to`)}\n`,
    );
    process.exit(EXIT_COULD_NOT_RUN);
  });
}

guardStandardOutput();
const cacheName = compileCacheName(process.argv.slice(2));
// Before the command's dependencies load: their compiled code is cached on disk between runs, per command.
if (cacheName !== undefined) (await import('../runtime/compile-cache.js')).enableCompileCache(cacheName);
// main settles every failure into an exit code and a line on stderr: there is nothing to catch here.
void main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  stdin: process.stdin,
  progressStream: process.stderr,
  streams: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  signals: process,
}).then((code) => {
  process.exitCode = code;
});
