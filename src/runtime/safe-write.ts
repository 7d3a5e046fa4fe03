/**
 * The one way vottur writes a file the user, a configuration or a repository named: a report
 * (`--output`), an attestation (`attest -o`), a bundle (`bundle -o`), a fix overlay
 * (`--fix-overlay`), fixed descriptions (`--fix`), a baseline, the catalogue's dashboard, the
 * starter configuration. Every such write first asks `refuseLeavingRepository`: a path inside the
 * repository must stay inside it, so a committed symbolic link (`out -> ../outside`, `attest ->
 * /home/runner/.ssh`) never carries a write out of it (issue 34, attack r5 C6). The operator may
 * still name a path outside the repository outright (`-o /tmp/x.json`, `--output /dev/null`).
 *
 * Every write is staged (`stageFile`: a temporary file created exclusively in the target's real
 * folder, written in pieces, synced, closed) and then committed (`commitStaged`: the folder asked
 * again whether it is still inside the repository, then the rename). `writeFileAtomically` is both
 * for one text; the report writer (src/run/output.ts) stages every `--output` first and commits
 * them together. The folder is held open while staged: on Linux its descriptor's
 * `/proc/self/fd/<n>` names it, so the temporary file is created, and renamed, in that very folder
 * whatever becomes of its name (a folder swapped for a link during the run, issue 34 attack r7
 * W11). Elsewhere the real path is used, and a swap in the window between the check and the
 * open remains (docs/security.md).
 *
 * The only other writes in src/ go to folders vottur made for itself (a temporary folder, its
 * compile cache, its development certificates) or to the catalogue's harvest folder; eslint.config.js
 * refuses node:fs's writing functions anywhere else.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CouldNotRunError, errorCode, errorMessage } from '../errors.js';
import { insideGitFolder, isInside, namedFileRoot } from './safe-read.js';

/**
 * Refuses a file inside `root` whose real place is outside it: its folder's real path, and the file's
 * own when it exists (a link to a file outside is refused, not replaced). Both are asked, so a
 * folder that is a link out (`out -> ../outside`) is refused even when the name in it links back in
 * (`../outside/x -> repo/y`): the new file would land in the folder outside. One line, exit 2,
 * nothing written. A path outside `root` as given is the operator's to name and is let through.
 */
export function refuseLeavingRepository(shown: string, file: string, root: string): void {
  if (!isInside(file, root)) return;
  const realRoot = realOrSelf(root);
  // Where the new file's name really is: its folder's real path (or the folder as given when it
  // does not exist yet; the write then fails on it).
  const inFolder = join(realOrSelf(dirname(file)), basename(file));
  const places = [inFolder];
  try {
    // The file itself when it exists: a link to a file outside is not the repository's to write.
    places.push(realpathSync(file));
  } catch {
    // It does not exist yet (or is a dangling link, which the rename replaces): its folder decides.
  }
  const real = places.find((place) => !isInside(place, realRoot));
  if (real !== undefined)
    throw new CouldNotRunError(
      `cannot write ${shown}: it leads outside the repository (to ${real}) through a symbolic link; name a file inside it, or a path outside it by its own name; nothing was written`,
    );
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // Not there (yet): compared as given.
    return path;
  }
}

/** How many random temporary names are tried before the write is given up (each is 96 random bits). */
const TEMP_ATTEMPTS = 8;

/** The longest file name most file systems take, in bytes (NAME_MAX). */
const NAME_MAX = 255;

/**
 * The temporary name for `name`: `.<name>.<24 hex>.tmp`, with `<name>` shortened (by whole
 * characters) so the whole stays within NAME_MAX bytes: a target name near the limit is still
 * written (issue 34, attack r7 W12), and one past it is refused by its own rename.
 */
function temporaryName(name: string): string {
  const suffix = `.${randomBytes(12).toString('hex')}.tmp`;
  const room = NAME_MAX - 1 - suffix.length;
  let kept = '';
  let bytes = 0;
  for (const character of name) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > room) break;
    kept += character;
  }
  return `.${kept}${suffix}`;
}

/**
 * Creates a new temporary file for `file` in `folder` (the target's real folder: no symbolic link
 * left in it), exclusively: `O_CREAT | O_EXCL | O_NOFOLLOW`, under a random name
 * (`.<name>.<24 hex>.tmp`). A name that already exists, a symbolic link above all (a committed
 * `.<name>.<pid>.tmp -> /outside`, issue 34 attack r6 W01), is never opened: another random name is
 * tried, and after `TEMP_ATTEMPTS` the write fails. The caller writes the file and renames it.
 */
export function createTemporaryBeside(folder: string, file: string, mode = 0o666): { fd: number; temp: string } {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let last: unknown;
  for (let attempt = 0; attempt < TEMP_ATTEMPTS; attempt += 1) {
    const temp = join(folder, temporaryName(basename(file)));
    try {
      return { fd: openSync(temp, flags, mode), temp };
    } catch (error) {
      last = error;
      if (errorCode(error) !== 'EEXIST' && errorCode(error) !== 'ELOOP') throw error;
    }
  }
  throw last;
}

/**
 * Why a file cannot be written, as the one line the user reads: what is wrong and what to do, for
 * every error the file system gives (the code itself for one not listed), never a stack trace.
 */
export function cannotWrite(shown: string, error: unknown): CouldNotRunError {
  if (error instanceof CouldNotRunError) return error;
  const code = errorCode(error);
  const why =
    code === 'ENOENT'
      ? 'its folder does not exist'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'not allowed to write there'
        : code === 'ENOSPC' || code === 'EDQUOT'
          ? 'the disk is full; free some space or write elsewhere'
          : code === 'ENAMETOOLONG'
            ? `its name is too long for the file system (at most ${NAME_MAX} bytes a name); give a shorter name`
            : code === 'ENOTDIR'
              ? 'a part of its path is not a folder; name a file in a folder'
              : code === 'EISDIR'
                ? 'it is a folder; name a file'
                : code === 'EEXIST' || code === 'ELOOP'
                  ? `${code}: every temporary name tried in its folder (${TEMP_ATTEMPTS}) was taken; remove the files or links named .${basename(shown)}.*.tmp there`
                  : code === 'EMFILE' || code === 'ENFILE'
                    ? 'too many files are open; run it again with fewer at once'
                    : `${code ?? errorMessage(error)}; check the path and the file system`;
  return new CouldNotRunError(`cannot write ${shown}: ${why}; nothing was written`);
}

/** A folder held open while a file is staged in it (see `holdFolder`). */
interface HeldFolder {
  /** The path the folder's entries are named by: `/proc/self/fd/<n>` where it is held, else its real path. */
  path: string;
  /** Its real path when it was checked. */
  real: string;
  fd?: number;
}

/**
 * Opens the real folder (`O_DIRECTORY | O_NOFOLLOW`) and, where the system names an open
 * descriptor (`/proc/self/fd/<n>`, Linux), names its entries through it: an open and a rename
 * there happen in this folder whatever becomes of its name meanwhile, as openat(2) and renameat(2)
 * would. Then asks where the folder really is now: a folder swapped for a link out between the
 * `realpath` and the open is refused here (`inside` is the repository when the path given is in
 * it). Without /proc the real path is used as it is, and the swap between the two remains.
 */
function holdFolder(shown: string, real: string, inside: string | undefined): HeldFolder {
  let fd: number | undefined;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    // A link at the real path now: it was swapped since; anything else is the folder's own trouble.
    if (errorCode(error) === 'ELOOP' || errorCode(error) === 'ENOTDIR') throw leaves(shown, real);
    throw error;
  }
  const path = `/proc/self/fd/${fd}`;
  let now: string;
  try {
    now = readlinkSync(path);
  } catch {
    // No /proc: the real path it is.
    closeSync(fd);
    return { path: real, real };
  }
  const held: HeldFolder = { path, real: now, fd };
  try {
    stillInside(shown, held, inside);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return held;
}

function leaves(shown: string, real: string): CouldNotRunError {
  return new CouldNotRunError(
    `cannot write ${shown}: its folder was replaced while it was written (it now leads away from ${real}); write it again, and find what changes the folder; nothing was written`,
  );
}

/**
 * Asks where the held folder is now: still inside the repository (when the path given was in it),
 * and, without /proc, still at the real path that was checked. Else the write is refused.
 */
function stillInside(shown: string, held: HeldFolder, inside: string | undefined): void {
  let now: string;
  try {
    now = held.fd !== undefined ? readlinkSync(held.path) : realpathSync(held.real);
  } catch {
    throw leaves(shown, held.real);
  }
  if (held.fd === undefined && now !== held.real) throw leaves(shown, held.real);
  if (inside !== undefined && !isInside(now, inside))
    throw new CouldNotRunError(
      `cannot write ${shown}: it leads outside the repository (to ${now}) through a symbolic link; name a file inside it, or a path outside it by its own name; nothing was written`,
    );
}

/** A file written whole under a temporary name, waiting for `commitStaged` (or `discardStaged`). */
export interface StagedFile {
  shown: string;
  /** The temporary file's name in the held folder. */
  temp: string;
  /** The target's name in the held folder. */
  name: string;
  folder: HeldFolder;
  /** The repository's real path when the path given is inside it (the rename asks again). */
  inside: string | undefined;
}

/**
 * The first half of the one writer: after `refuseLeavingRepository`, holds the target's real
 * folder (`holdFolder`), creates the temporary file there exclusively (`createTemporaryBeside`),
 * writes the pieces to its descriptor in order (a report of 22 MB is never one string), gives it
 * `mode` (the mode of the file it replaces), syncs and closes it. On any failure the temporary file
 * is removed and the folder let go; a failure of the file system is one line (`cannotWrite`), any
 * other (a formatter's) is thrown as it is.
 */
export function stageFile(
  path: string,
  pieces: Iterable<string>,
  shown: string,
  cwd: string,
  options: { mode?: number } = {},
): StagedFile {
  const root = namedFileRoot(cwd);
  refuseLeavingRepository(shown, path, root);
  const inside = isInside(resolve(path), root) ? realOrSelf(root) : undefined;
  let folder: HeldFolder | undefined;
  let created: { fd: number; temp: string } | undefined;
  try {
    // The folder as it really is: the temporary file and the rename both happen there.
    const real = realpathSync(dirname(resolve(path)));
    // Never into a `.git` folder, by any name or link: a hook there runs at the next commit.
    if (inside !== undefined && insideGitFolder(real, inside))
      throw new CouldNotRunError(
        `cannot write ${shown}: it is inside the repository's .git folder, which vottur never writes; nothing was written`,
      );
    folder = holdFolder(shown, real, inside);
    created = createTemporaryBeside(folder.path, path);
    const { fd } = created;
    try {
      for (const piece of pieces) {
        const bytes = Buffer.from(piece, 'utf8');
        for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
      }
      if (options.mode !== undefined) fchmodSync(fd, options.mode);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return { shown, temp: basename(created.temp), name: basename(path), folder, inside };
  } catch (error) {
    if (created) removeQuietly(created.temp);
    if (folder) letGo(folder);
    throw isSystemError(error) ? cannotWrite(shown, error) : error;
  }
}

/**
 * The second half: asks again where the folder is (still inside the repository), then renames the
 * temporary file over the target's name in that same folder. A target that is a symbolic link is
 * replaced, not followed. On failure the temporary file is removed; one line either way.
 */
export function commitStaged(staged: StagedFile): void {
  const { folder, shown } = staged;
  try {
    stillInside(shown, folder, staged.inside);
    renameSync(join(folder.path, staged.temp), join(folder.path, staged.name));
  } catch (error) {
    removeQuietly(join(folder.path, staged.temp));
    throw cannotWrite(shown, error);
  } finally {
    letGo(folder);
  }
}

/** Removes a staged file that will not be committed (another target failed), and lets its folder go. */
export function discardStaged(staged: StagedFile): void {
  removeQuietly(join(staged.folder.path, staged.temp));
  letGo(staged.folder);
}

/**
 * Writes the pieces to a character device named outright (`--output /dev/null`), which a rename
 * cannot replace: opened without following a link (`O_NOFOLLOW`), never created, and refused when
 * what is there is not a character device by then.
 */
export function writeToDevice(path: string, pieces: Iterable<string>, shown: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NOFOLLOW);
    if (!fstatSync(fd).isCharacterDevice())
      throw new CouldNotRunError(
        `cannot write ${shown}: it is no longer a device; give another --output; nothing was written`,
      );
    for (const piece of pieces) {
      const bytes = Buffer.from(piece, 'utf8');
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
    }
  } catch (error) {
    throw isSystemError(error) ? cannotWrite(shown, error) : error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Only a file this write created is removed, and a failure to remove it is not the write's error. */
function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or its name too long to remove (it was never created then).
  }
}

function letGo(folder: HeldFolder): void {
  if (folder.fd === undefined) return;
  try {
    closeSync(folder.fd);
  } catch {
    // Closed already.
  }
  delete folder.fd;
}

/** A failure of the file system (it has a `syscall`), not of the code that renders what is written. */
export function isSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error && typeof error.syscall === 'string';
}

/**
 * Writes a file whole or not at all: `stageFile` then `commitStaged`. A temporary file created
 * exclusively in the target's real folder (`createTemporaryBeside`, never through a symbolic link),
 * then renamed over the target's name in that same real folder. A target that is itself a symbolic
 * link is **replaced** by the new file, never written through: the rename swaps the name, the link
 * goes, and what it pointed at is untouched (one leading out of the repository is refused first).
 * `cwd` names the run's folder: the repository is the one around it (or the folder itself outside
 * any), as for every file a run names.
 */
export function writeFileAtomically(path: string, text: string, shown: string, cwd: string): void {
  commitStaged(stageFile(path, [text], shown, cwd));
}
