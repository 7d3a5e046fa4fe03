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
import { realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CouldNotRunError, errorCode, errorMessage } from '../errors.js';
import { isInside, namedFileRoot } from './safe-read.js';

/**
 * Refuses a file inside `root` whose real place (the file itself when it exists, else its folder's
 * real path) is outside it: one line, exit 2, nothing written. A path outside `root` as given is
 * the operator's to name and is let through.
 */
export function refuseLeavingRepository(shown: string, file: string, root: string): void {
  if (!isInside(file, root)) return;
  const realRoot = realOrSelf(root);
  // The file itself when it exists (a link to a device is written through), else its folder.
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    // It does not exist yet: where its folder really is decides.
    real = join(realOrSelf(dirname(file)), basename(file));
  }
  if (!isInside(real, realRoot))
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

/**
 * Writes a file whole or not at all (a temporary file beside it, renamed over it), after
 * `refuseLeavingRepository`. `cwd` names the run's folder: the repository is the one around it
 * (or the folder itself outside any), as for every file a run names.
 */
export function writeFileAtomically(path: string, text: string, shown: string, cwd: string): void {
  refuseLeavingRepository(shown, path, namedFileRoot(cwd));
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CouldNotRunError(
      `cannot write ${shown}: ${errorCode(error) ?? errorMessage(error)}; nothing was written`,
    );
  }
}
