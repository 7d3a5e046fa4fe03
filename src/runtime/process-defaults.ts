/**
 * The one place below the bin that reads the process's working folder and environment: the
 * defaults of a library call that names neither (`lint(files)` from an embedding program). A run
 * is given both through its io (src/run/io.ts); the CLI always passes them on, so `main` run
 * in-process with another folder resolves every path from that folder. A test scans src/ for
 * `process.cwd()` anywhere else (test/run/one-run.test.ts).
 */
export function cwdOf(given: { cwd?: string | undefined }): string {
  return given.cwd ?? process.cwd();
}

export function envOf(given: { env?: NodeJS.ProcessEnv | undefined }): NodeJS.ProcessEnv {
  return given.env ?? process.env;
}
