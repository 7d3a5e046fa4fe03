/**
 * Files vottur reads because a configuration or an option names them (the configuration itself, a
 * baseline, an accept file, a contract data file). In a gate the repository is hostile and writes
 * those names: `baseline: /dev/zero` must not fill the memory, `baseline: /proc/self/environ` must
 * not print the CI's environment, a FIFO must not hang the run, `--update-baseline` must not write
 * outside the repository. So such a file is read only when it is a regular file inside the
 * repository root (or the working folder when there is no repository), of at most
 * `NAMED_FILE_MAX_BYTES`, within `NAMED_FILE_TIMEOUT_MS`; and a refusal never quotes its content.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  readlinkSync,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import { lstat, open, readlink, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CouldNotRunError, errorCode, errorMessage, fileErrorReason } from '../errors.js';

/** The largest file a configuration or an option may name: 16 MB. */
export const NAMED_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** The time to open and read such a file whole: 10 s. */
export const NAMED_FILE_TIMEOUT_MS = 10_000;

/** The nearest folder from `folder` up that holds `.git` (a folder, or a worktree's file), or undefined. */
export function repositoryRoot(folder: string): string | undefined {
  let current = resolve(folder);
  for (;;) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The folder files named by options and configurations must be inside: the repository root of
 * the working folder, or the working folder itself when it is in no repository.
 */
export function namedFileRoot(cwd: string): string {
  return repositoryRoot(cwd) ?? resolve(cwd);
}

/** The real path of a folder (symbolic links resolved), or the folder as given when it cannot be resolved. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    // It does not exist (yet): the path as given is what is compared.
    return resolve(folder);
  }
}

/** True when `path` is `folder` or inside it (both absolute). */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Whether a path is inside one of the folders, both with symbolic links resolved (a link in a
 * trusted folder to a hostile one is not trust in the hostile one): the language server's trust
 * (docs/editors.md#workspace-trust). A path that cannot be resolved is inside none.
 */
export function insideRealFolders(path: string, folders: readonly string[]): boolean {
  const real = realPathOf(path);
  if (real === undefined) return false;
  return folders.some((folder) => {
    const realFolder = realPathOf(folder);
    return realFolder !== undefined && isInside(real, realFolder);
  });
}

/** A path's real path; a file not yet on disk (an unsaved document) by its folder's. */
export function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return undefined;
    }
  }
}

/**
 * Whether a real folder is a `.git` folder inside the repository, or inside one (a submodule's
 * too): vottur never writes there, where a hook it wrote would run at the next commit (o34r10
 * B11: `baseline: .git/hooks/pre-commit` in a configuration was written by `--update-baseline`).
 */
export function insideGitFolder(folder: string, root: string): boolean {
  if (!isInside(folder, root)) return false;
  return relative(root, folder)
    .split(sep)
    .some((part) => part.toLowerCase() === '.git');
}

/** The most symbolic links followed for one path before it is called a loop (Linux's own limit). */
const MAX_LINK_HOPS = 40;

export type Resolution =
  | { path: string; outside?: undefined; problem?: undefined }
  | { outside: true; path?: undefined; problem?: undefined }
  | { problem: string; path?: undefined; outside?: undefined };

/**
 * The real path of `path`, followed one component and one symbolic link at a time, and never
 * past the root: a link that leads outside `root` is "outside" as soon as its target is read,
 * before anything outside is asked about. So a committed link to `/etc/passwd` and one to
 * `/no/such/file` get the same answer, and the answer never tells whether a file outside the
 * repository exists (`realpath` would: it fails on a missing target and succeeds on a present one).
 * `root` is real (symbolic links resolved); `givenRoot` the same folder as written, which an
 * absolute link may name instead.
 */
export async function resolveInside(path: string, root: string, givenRoot: string = root): Promise<Resolution> {
  const steps = resolutionSteps(path, root, givenRoot);
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    let answer: Stats | string;
    try {
      answer = step.value.lstat !== undefined ? await lstat(step.value.lstat) : await readlink(step.value.readlink);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(answer);
  }
}

/**
 * `resolveInside` with the file system asked synchronously, each path's lstat kept in `lstats`
 * for the caller's other paths. For the many small files of one description: a read of a file
 * in the page cache takes microseconds, while each asynchronous call is a trip through libuv's
 * thread pool (on two busy cores, the pool's threads compete with the main thread for them).
 */
export function resolveInsideSync(
  path: string,
  root: string,
  givenRoot: string = root,
  lstats: Map<string, Stats> = new Map(),
): Resolution {
  const steps = resolutionSteps(path, root, givenRoot);
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    let answer: Stats | string;
    try {
      const asked = step.value.lstat;
      if (asked !== undefined) {
        let info = lstats.get(asked);
        if (info === undefined) lstats.set(asked, (info = lstatSync(asked)));
        answer = info;
      } else answer = readlinkSync(step.value.readlink);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(answer);
  }
}

/** What resolving a path asks the file system, one question at a time (the answer, or the error thrown in). */
type Question = { lstat: string; readlink?: undefined } | { readlink: string; lstat?: undefined };

function* resolutionSteps(
  path: string,
  root: string,
  givenRoot: string,
): Generator<Question, Resolution, Stats | string> {
  const start = resolve(path);
  const base = isInside(start, root) ? root : isInside(start, givenRoot) ? givenRoot : undefined;
  if (base === undefined) return { outside: true };
  const queue = relative(base, start).split(sep);
  let current = root;
  let hops = 0;
  while (queue.length > 0) {
    const part = queue.shift() as string;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = dirname(current);
      if (!isInside(current, root)) return { outside: true };
      continue;
    }
    const next = join(current, part);
    let info: Stats;
    try {
      // `next` is inside the root: asking about it tells nothing about the machine outside.
      info = (yield { lstat: next }) as Stats;
    } catch (error) {
      const code = errorCode(error);
      return {
        problem:
          code === 'ENOENT' || code === 'ENOTDIR'
            ? 'no such file'
            : code === 'EACCES'
              ? 'not allowed to read it'
              : (code ?? 'cannot resolve its path'),
      };
    }
    if (!info.isSymbolicLink()) {
      current = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return { problem: 'a loop of symbolic links' };
    let target: string;
    try {
      target = (yield { readlink: next }) as string;
    } catch (error) {
      return { problem: errorCode(error) ?? 'cannot resolve its path' };
    }
    if (isAbsolute(target)) {
      // Only an absolute target that starts at the root (real or as given) is followed, and from
      // the root on; anything else leads outside, whatever is there.
      const from = [root, givenRoot].find((folder) => target === folder || target.startsWith(`${folder}${sep}`));
      if (from === undefined) return { outside: true };
      current = root;
      queue.unshift(...target.slice(from.length).split(sep));
    } else queue.unshift(...target.split(sep));
  }
  return { path: current };
}

export interface NamedFileOptions {
  /** What the file is, as a message names it: `the baseline`, `the configuration`, `the --data file`. */
  what: string;
  /** How a message names the file (as the user or the configuration wrote it). */
  shown?: string;
  /** The folder it must be inside (the repository of the run's folder: `namedFileRoot(cwd)`). */
  root: string;
  maxBytes?: number;
  timeoutMs?: number;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** What the file is, when it is not a regular file. */
function kindOf(info: import('node:fs').Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Reads a file a configuration or an option names, as UTF-8, under the rules above. Every refusal
 * is one line (a CouldNotRunError) naming the file and the rule, never its content.
 */
export async function readNamedFile(file: string, options: NamedFileOptions): Promise<string> {
  return (await readNamedBytes(file, options)).toString('utf8');
}

/** As `readNamedFile`, the bytes as they are (a PKCS#12 file, a DER certificate). */
export async function readNamedBytes(file: string, options: NamedFileOptions): Promise<Buffer> {
  const shown = options.shown ?? file;
  const root = realFolder(options.root);
  const maxBytes = options.maxBytes ?? NAMED_FILE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? NAMED_FILE_TIMEOUT_MS;
  const refuse = (why: string) => new CouldNotRunError(`cannot read ${options.what} ${shown}: ${why}`);
  const outside = `it is outside the repository (${root}); name a file inside it`;
  // Containment is decided on the path as written before the file system is asked anything, so a
  // refusal never tells whether a file outside the repository exists.
  const lexical = resolve(file);
  if (!isInside(lexical, root) && !isInside(lexical, resolve(options.root))) throw refuse(outside);
  const resolved = await resolveInside(lexical, root, resolve(options.root));
  const real = resolved.path;
  if (real === undefined) throw refuse(resolved.outside ? outside : resolved.problem);
  const before = await stat(real).catch(() => undefined);
  if (!before) throw refuse('no such file');
  return readRegularFile(real, { refuse, maxBytes, timeoutMs, checked: before });
}

/**
 * Reads a regular file whole, of at most `maxBytes`, within `timeoutMs`: a FIFO, a device or a
 * folder is refused before it is opened (and again on the open handle, which is opened without
 * blocking), and a file over the limit, or growing past it while read, is refused without being read
 * whole. The one bounded read of files named by a configuration (`readNamedBytes`) and of the
 * descriptions the command line names (`vottur lint /dev/urandom` read without end, a FIFO hung).
 * Errors of the file system other than these (ENOENT, EACCES) are thrown as they are.
 */
export async function readRegularFile(
  real: string,
  options: {
    refuse: (why: string) => Error;
    /** The refusal when a bound is reached (the size, the time); `refuse` by default. */
    limit?: (why: string) => Error;
    maxBytes: number;
    timeoutMs?: number;
    /** The file's `stat`, when the caller has it. */
    checked?: import('node:fs').Stats;
  },
): Promise<Buffer> {
  const { refuse, maxBytes } = options;
  const limit = options.limit ?? refuse;
  const timeoutMs = options.timeoutMs ?? NAMED_FILE_TIMEOUT_MS;
  const before = options.checked ?? (await stat(real));
  if (!before.isFile()) throw refuse(`it is ${kindOf(before)}, not a regular file`);
  if (before.size > maxBytes) throw limit(`it is ${megabytes(before.size)}, over the limit of ${megabytes(maxBytes)}`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(limit(`not read within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  const read = async (): Promise<Buffer> => {
    // O_NONBLOCK: a file swapped for a FIFO after the check above does not hang the open; O_NOFOLLOW:
    // nor is it swapped for a symbolic link.
    const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw refuse(`it is ${kindOf(info)}, not a regular file`);
      // Read at most one byte over the limit: a file that grows while read is refused, not read whole.
      const buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(info.size + 1, 64 * 1024)));
      let length = 0;
      for (;;) {
        if (length === buffer.length) {
          if (length > maxBytes) throw limit(`it is over the limit of ${megabytes(maxBytes)}`);
          break;
        }
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      if (length > maxBytes) throw limit(`it is over the limit of ${megabytes(maxBytes)}`);
      return buffer.subarray(0, length);
    } finally {
      await handle.close();
    }
  };
  try {
    return await Promise.race([read(), deadline]);
  } catch (error) {
    throw refusedRead(error, refuse);
  } finally {
    clearTimeout(timer);
  }
}

/** What a failed read is called, in the refusal's words. */
function refusedRead(error: unknown, refuse: (why: string) => Error): Error {
  if (error instanceof CouldNotRunError) return error;
  const code = errorCode(error);
  return refuse(
    code === 'ELOOP'
      ? 'it was replaced by a symbolic link'
      : code === 'EACCES'
        ? 'not allowed to read it'
        : (code ?? 'it could not be read'),
  );
}

/**
 * `readRegularFile` without waiting, for a split description's many local files (a bundling walk
 * over 2,850 files spent more time in libuv's queue than reading). The same checks: a regular file,
 * at most `maxBytes`, opened without following a link and without blocking on a FIFO swapped in
 * after the check. A regular file's read does not block, so there is no timer.
 */
export function readRegularFileSync(
  real: string,
  options: { refuse: (why: string) => Error; maxBytes: number; checked?: Stats },
): Buffer {
  const { refuse, maxBytes } = options;
  const before = options.checked ?? statSync(real);
  if (!before.isFile()) throw refuse(`it is ${kindOf(before)}, not a regular file`);
  if (before.size > maxBytes) throw refuse(`it is ${megabytes(before.size)}, over the limit of ${megabytes(maxBytes)}`);
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    throw refusedRead(error, refuse);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw refuse(`it is ${kindOf(info)}, not a regular file`);
    // At most one byte over the limit: a file that grows while read is refused, not read whole.
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(info.size + 1, 64 * 1024)));
    let length = 0;
    while (length < buffer.length) {
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw refuse(`it is over the limit of ${megabytes(maxBytes)}`);
    return buffer.subarray(0, length);
  } catch (error) {
    throw refusedRead(error, refuse);
  } finally {
    closeSync(fd);
  }
}

/** What `readGivenFile` is told of the file: how messages name it, and its bound. */
export interface GivenFileOptions {
  /** What the file is: `the key`, `the attestation`, `the report`. */
  what: string;
  /** How a message names the file (as the command line wrote it). */
  shown?: string;
  /** The working folder the path is relative to. */
  cwd: string;
  maxBytes?: number;
}

/**
 * Where a file the command line names is read from, or the refusal. The path as written may be
 * anywhere the user chooses (`--key ~/keys/k.pem`); but one written inside the repository
 * (`namedFileRoot(cwd)`) is followed inside it only, so a committed symbolic link
 * (`openapi.attestation.json -> /proc/self/environ`, o34r15 B8) does not take the read elsewhere.
 */
function givenFilePath(file: string, options: GivenFileOptions, refuse: (why: string) => Error): string {
  const lexical = resolve(options.cwd, file);
  const givenRoot = namedFileRoot(options.cwd);
  const root = realFolder(givenRoot);
  if (!isInside(lexical, root) && !isInside(lexical, givenRoot)) {
    try {
      return realpathSync(lexical);
    } catch (error) {
      throw refuse(fileErrorReason(error));
    }
  }
  const resolved = resolveInsideSync(lexical, root, givenRoot);
  if (resolved.path !== undefined) return resolved.path;
  throw refuse(
    resolved.outside
      ? `it leads outside the repository (${root}) through a symbolic link; name the file it leads to`
      : resolved.problem,
  );
}

/**
 * Reads a file the command line names (a key, an attestation, a report, a catalogue's input) under
 * the bounded reader's rules: a regular file (never a FIFO or a device), at most `maxBytes`
 * (`NAMED_FILE_MAX_BYTES`), not led out of the repository by a link. A refusal is one
 * CouldNotRunError naming the file and the rule, never its content.
 */
export function readGivenFileSync(file: string, options: GivenFileOptions): Buffer {
  const refuse = (why: string) => new CouldNotRunError(`cannot read ${options.what} ${options.shown ?? file}: ${why}`);
  const real = givenFilePath(file, options, refuse);
  let info: Stats;
  try {
    info = statSync(real);
  } catch (error) {
    throw refuse(fileErrorReason(error));
  }
  return readRegularFileSync(real, { refuse, maxBytes: options.maxBytes ?? NAMED_FILE_MAX_BYTES, checked: info });
}

/** As `readGivenFileSync`, within `NAMED_FILE_TIMEOUT_MS`, for a command that reads asynchronously. */
export async function readGivenFile(file: string, options: GivenFileOptions): Promise<Buffer> {
  const refuse = (why: string) => new CouldNotRunError(`cannot read ${options.what} ${options.shown ?? file}: ${why}`);
  const real = givenFilePath(file, options, refuse);
  const info = await stat(real).catch((error: unknown) => {
    throw refuse(fileErrorReason(error));
  });
  return readRegularFile(real, { refuse, maxBytes: options.maxBytes ?? NAMED_FILE_MAX_BYTES, checked: info });
}

/**
 * Refuses to write a file a configuration or an option names outside the repository root (or the
 * working folder): `--update-baseline` with `baseline: /tmp/x.json` in a hostile configuration.
 * The folder the file goes in must exist and be inside; the file, when it exists, must be a
 * regular file.
 */
export function assertWritableInside(file: string, options: Pick<NamedFileOptions, 'what' | 'shown' | 'root'>): void {
  const shown = options.shown ?? file;
  const root = realFolder(options.root);
  const refuse = (why: string) =>
    new CouldNotRunError(`cannot write ${options.what} ${shown}: ${why}; nothing was written`);
  let folder: string;
  try {
    folder = realpathSync(dirname(resolve(file)));
  } catch {
    throw refuse('its folder does not exist');
  }
  const target = join(folder, resolve(file).slice(dirname(resolve(file)).length + 1));
  if (!isInside(target, root)) throw refuse(`it is outside the repository (${root}); name a file inside it`);
  if (insideGitFolder(folder, root))
    throw refuse("it is inside the repository's .git folder, which vottur never writes");
  let real: string | undefined;
  try {
    real = realpathSync(target);
  } catch {
    // No file there yet: it will be created in the folder checked above.
    real = undefined;
  }
  if (real !== undefined && !isInside(real, root)) throw refuse(`it leads outside the repository (${root})`);
}

/**
 * A parser's complaint without the text it quotes: Node's JSON.parse says `Unexpected token 'P',
 * "PATH=/usr/"... is not valid JSON`, which would print the start of any file a configuration
 * names. Kept: the parser's wording when it quotes nothing, and the line and column or position.
 */
export function parseErrorWithoutContent(error: unknown): string {
  // The first line, cut: the wording is short, and the expressions below are not read over a long one.
  const message = (errorMessage(error).split('\n')[0] ?? '').slice(0, 500);
  const where = /line (\d+),? column (\d+)/i.exec(message) ?? undefined;
  const position = /position (\d+)/i.exec(message) ?? undefined;
  const at = where ? `at line ${where[1]}, column ${where[2]}` : position ? `at position ${position[1]}` : '';
  const wording = message
    .replace(/\s*(at|in JSON at)?\s*(line \d+,? column \d+|position \d+.*)$/i, '')
    .replace(/:\s*$/, '')
    .trim();
  const quotes = /["'`]|\d{3,}/.test(wording);
  // The `yaml` package's own codes for what its wording would quote: said in vottur's words.
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  if (code === 'TAG_RESOLVE_FAILED')
    return ['a tag YAML 1.2 does not know (data only: no tags)', at].filter(Boolean).join(' ');
  return [quotes || !wording ? 'not valid' : wording, at].filter(Boolean).join(' ');
}
