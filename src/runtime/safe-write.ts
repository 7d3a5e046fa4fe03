/**
 * The one way vottur writes a file the user, a configuration or a repository named: a report
 * (`--output`), an attestation (`attest -o`), a bundle (`bundle -o`), a fix overlay
 * (`--fix-overlay`), fixed descriptions (`--fix`), a baseline, the catalogue's dashboard, the
 * starter configuration. Every such write first asks `refuseLeavingRepository`: a path inside the
 * repository must stay inside it, so a committed symbolic link (`out -> ../outside`, `attest ->
 * /home/runner/.ssh`) never carries a write out of it (issue 34, attack r5 C6). The operator may
 * still name a path outside the repository outright (`-o /tmp/x.json`, `--output /dev/null`).
 *
 * The only other writes in src/ go to folders vottur made for itself (a temporary folder, its
 * compile cache, its development certificates) or to the catalogue's harvest folder; eslint.config.js
 * refuses node:fs's writing functions anywhere else.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, realpathSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CouldNotRunError, errorCode, errorMessage } from '../errors.js';
import { isInside, namedFileRoot } from './safe-read.js';

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

/**
 * Creates a new temporary file for `file` in `folder` (the target's real folder: no symbolic link
 * left in it), exclusively: `O_CREAT | O_EXCL | O_NOFOLLOW`, under a random name
 * (`.<name>.<24 hex>.tmp`). A name that already exists, a symbolic link above all (a committed
 * `.<name>.<pid>.tmp -> /outside`, issue 34 attack r6 W01), is never opened: another random name is
 * tried, and after `TEMP_ATTEMPTS` the write fails. The caller writes the file and renames it.
 */
export function createTemporaryBeside(folder: string, file: string): { fd: number; temp: string } {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let last: unknown;
  for (let attempt = 0; attempt < TEMP_ATTEMPTS; attempt += 1) {
    const temp = join(folder, `.${basename(file)}.${randomBytes(12).toString('hex')}.tmp`);
    try {
      return { fd: openSync(temp, flags, 0o666), temp };
    } catch (error) {
      last = error;
      if (errorCode(error) !== 'EEXIST' && errorCode(error) !== 'ELOOP') throw error;
    }
  }
  throw last;
}

/**
 * Writes a file whole or not at all, after `refuseLeavingRepository`: a temporary file created
 * exclusively in the target's real folder (`createTemporaryBeside`, never through a symbolic link),
 * then renamed over the target's name in that same real folder. A target that is itself a symbolic
 * link is **replaced** by the new file, never written through: the rename swaps the name, the link
 * goes, and what it pointed at is untouched (one leading out of the repository is refused first).
 * `cwd` names the run's folder: the repository is the one around it (or the folder itself outside
 * any), as for every file a run names.
 */
export function writeFileAtomically(path: string, text: string, shown: string, cwd: string): void {
  refuseLeavingRepository(shown, path, namedFileRoot(cwd));
  let created: { fd: number; temp: string } | undefined;
  try {
    // The folder as it really is: the temporary file and the rename both happen there, so no
    // link in the path is followed between the check above and the write.
    const folder = realpathSync(dirname(resolve(path)));
    const target = join(folder, basename(path));
    created = createTemporaryBeside(folder, target);
    const bytes = Buffer.from(text, 'utf8');
    try {
      for (let written = 0; written < bytes.length;) written += writeSync(created.fd, bytes, written);
    } finally {
      closeSync(created.fd);
    }
    renameSync(created.temp, target);
  } catch (error) {
    // Only the file this write created is removed: never a name that was there before.
    if (created) rmSync(created.temp, { force: true });
    throw new CouldNotRunError(
      `cannot write ${shown}: ${errorCode(error) ?? errorMessage(error)}; nothing was written`,
    );
  }
}
