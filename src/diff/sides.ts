/**
 * One side of a diff: a description file (multi-file descriptions bundled by the lint loader,
 * with its safety rules), or `REF:path`, a description as committed in git (`git show`), so
 * `vottur diff origin/main:apis/users.yaml apis/users.yaml` works in CI. A git side with
 * external `$ref`s has the `.yaml`/`.yml`/`.json` files of its folder at that commit written to a
 * temporary folder and loaded from there (the same folder rule then applies).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { CouldNotRunError, errorMessage } from '../errors.js';
import { shownPath } from '../report/source.js';
import { loadDescription, type LoadedDescription, type LoadOptions } from '../lint/load.js';
import { convertSwagger2, isSwagger2, type ConvertedSwagger } from '../lint/swagger.js';
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { lookupRefAt } from '../../rulesets/lib/openapi/resolve.js';
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import type {} from '../../rulesets/lib/rule.js';
import { cwdOf } from '../runtime/process-defaults.js';

export interface Side {
  /** As the user named it (`apis/users.yaml`, `origin/main:apis/users.yaml`). */
  name: string;
  loaded: LoadedDescription;
  /** A file of the loaded description (absolute path or URL) as reports show it. */
  display: (uri: string) => string;
  /**
   * A Swagger 2.0 description converted in memory to OpenAPI 3.0, as `vottur lint` does
   * (src/lint/swagger.ts): the diff compares the converted document, and places are reported in
   * the original through `originOf`.
   */
  converted?: ConvertedSwagger;
}

const MAX_GIT_BYTES = 64 * 1024 * 1024;
/** The most a description's folder at a commit may hold (`git archive`'s tar stream): 64 MB. */
export const MAX_GIT_ARCHIVE_BYTES = 64 * 1024 * 1024;

/**
 * git as the gate reads it: `--no-replace-objects`, since a `refs/replace/*` object the repository
 * brings would swap one commit's content for another's under the same name.
 */
const GIT_OPTIONS = ['--no-replace-objects'];

function git(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...GIT_OPTIONS, ...args],
      { cwd, maxBuffer: MAX_GIT_BYTES, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) reject(new Error((stderr || error.message).trim().split('\n')[0]));
        else resolve(stdout);
      },
    );
  });
}

/** `REF:path` when the argument is written as one (not `C:\\...`, not a URL, not an absolute path). */
export function parseGitSpec(spec: string): { ref: string; path: string } | undefined {
  if (isAbsolute(spec) || /^[a-z][a-z0-9+.-]*:\/\//i.test(spec) || /^[A-Za-z]:[\\/]/.test(spec)) return undefined;
  // No git ref starts with a dot: `./name:with-colon.yaml` is how a file of that name is given.
  if (spec.startsWith('.')) return undefined;
  const colon = spec.indexOf(':');
  if (colon <= 0 || colon === spec.length - 1) return undefined;
  return { ref: spec.slice(0, colon), path: spec.slice(colon + 1) };
}

/** True when `ref` names a commit in the repository at `cwd` (never read as an option: `--end-of-options`). */
async function isGitRef(ref: string, cwd: string): Promise<boolean> {
  if (ref.startsWith('-')) return false;
  return git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd).then(
    () => true,
    () => false,
  );
}

/**
 * The refs git could mean by the name at the start of `ref` (before `^`, `~`, `@{`), in the order
 * git tries them (git-rev-parse(1), "SPECIFYING REVISIONS"): the name itself (a full `refs/…` name or
 * `HEAD`-like), `refs/<name>`, `refs/tags/<name>`, `refs/heads/<name>`, `refs/remotes/<name>`,
 * `refs/remotes/<name>/HEAD`; and, for a name written in hexadecimal, the object it abbreviates.
 * Git takes the first and at most warns, so a tag named `origin/main` (which the checked repository
 * can push) would silently become the base of `diff origin/main:api.yaml`: more than one is refused.
 */
async function refCandidates(ref: string, cwd: string): Promise<string[]> {
  const name = /^[^~^@]*(?:@(?!\{)[^~^@]*)*/.exec(ref)?.[0] ?? '';
  if (name === '' || name === '@') return [];
  const rules = [
    `refs/${name}`,
    `refs/tags/${name}`,
    `refs/heads/${name}`,
    `refs/remotes/${name}`,
    `refs/remotes/${name}/HEAD`,
  ];
  if (name.startsWith('refs/')) rules.unshift(name);
  const listed = new Set(
    (await git(['for-each-ref', '--format=%(refname)', '--end-of-options', ...new Set(rules)], cwd).catch(() => ''))
      .split('\n')
      .filter(Boolean),
  );
  const found = [...new Set(rules)].filter((rule) => listed.has(rule));
  if (/^[A-Z][A-Z0-9_]*$/.test(name)) {
    const file = (await git(['rev-parse', '--git-path', name], cwd).catch(() => '')).trim();
    if (file && existsSync(isAbsolute(file) ? file : join(cwd, file))) found.unshift(name);
  }
  if (/^[0-9a-f]{4,64}$/i.test(name)) {
    const objects = await git(['rev-parse', '--disambiguate=' + name], cwd).catch(() => '');
    if (objects.trim()) found.push(`the object ${name}`);
  }
  return found;
}

/**
 * What a side names: a file, or `REF:path` in git. `REF:path` is always git's, never a file of the
 * working folder: a repository under check could commit a file named `origin/main:api.yaml` and so
 * choose the base of its own diff in a shallow clone, where `origin/main` does not exist. A ref git
 * does not know is one line naming it (and how to fetch it); a ref that starts with `-` is refused
 * (it would be read as an option). A file whose name holds a colon is given as `./name`.
 */
export async function resolveSideSpec(spec: string, cwd: string): Promise<{ ref: string; path: string } | undefined> {
  const gitSpec = parseGitSpec(spec);
  if (!gitSpec) return undefined;
  if (gitSpec.ref.startsWith('-'))
    throw new CouldNotRunError(`${spec}: a git ref cannot start with "-"; name the ref as git shows it`);
  if (!(await isGitRef(gitSpec.ref, cwd)))
    throw new CouldNotRunError(
      `${spec}: the git ref ${gitSpec.ref} is not in this clone (a shallow checkout has only the commit it checked out); fetch it (git fetch origin, or fetch-depth: 0 in actions/checkout) and run again, or give a file whose name holds a colon as ./${spec}`,
    );
  const candidates = await refCandidates(gitSpec.ref, cwd);
  if (candidates.length > 1) {
    const full = candidates.find((candidate) => candidate.startsWith('refs/remotes/')) ?? candidates[0];
    throw new CouldNotRunError(
      `${spec}: the git ref ${gitSpec.ref} is ambiguous: it names ${candidates.join(' and ')}; write it in full, e.g. ${full}:${gitSpec.path}`,
    );
  }
  return gitSpec;
}

/** Writes `path` (a folder, relative to `cwd`) as it is at `ref` into `target`, keeping paths relative to `cwd`. */
function extractFolder(
  ref: string,
  path: string,
  cwd: string,
  target: string,
  maxBytes = MAX_GIT_ARCHIVE_BYTES,
): Promise<void> {
  const archive = spawn('git', [...GIT_OPTIONS, 'archive', '--format=tar', '--end-of-options', ref, path], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tar = spawn('tar', ['-x', '-C', target], { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  let tooLarge = false;
  let size = 0;
  archive.stderr.on('data', (chunk) => (errors += chunk));
  tar.stderr.on('data', (chunk) => (errors += chunk));
  // Counted as it passes: a folder holding a 2 GB file stops at the limit, nothing more written.
  archive.stdout.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > maxBytes && !tooLarge) {
      tooLarge = true;
      archive.kill();
      tar.kill();
    }
  });
  archive.stdout.pipe(tar.stdin);
  // tar gone early: git's writes fail with EPIPE, which its exit code already says.
  tar.stdin.on('error', () => undefined);
  // Both processes' ends, whatever order they come in ("git archive exited null" was tar's end
  // read before git's).
  const ended = (child: ReturnType<typeof spawn>) =>
    new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
  return Promise.all([ended(archive), ended(tar)]).then(([archiveCode, tarCode]) => {
    if (tooLarge)
      throw new Error(
        `the folder is larger than ${maxBytes / (1024 * 1024)} MB at that commit, the most read for one description`,
      );
    if (archiveCode !== 0 || tarCode !== 0)
      throw new Error(errors.trim().split('\n')[0] || `git archive exited ${archiveCode}, tar ${tarCode}`);
  });
}

const EXTERNAL_REF = /\$ref["']?\s*:\s*["']?(?!#)[^\s"']/;

async function loadGitSide(spec: string, ref: string, path: string, cwd: string, options: LoadOptions): Promise<Side> {
  const relativePath = normalize(path.replace(/^\.\//, ''));
  if (relativePath.startsWith('..') || isAbsolute(relativePath))
    throw new CouldNotRunError(`${spec}: give the path inside the repository, relative to the current folder`);
  let text: string;
  try {
    // A file's content only: `git show` of a folder prints its listing, which was then written over
    // the temporary folder itself (attack o34r10 B10: "unexpected failure: EISDIR").
    text = await git(['cat-file', 'blob', '--end-of-options', `${ref}:./${relativePath.split(sep).join('/')}`], cwd);
  } catch (error) {
    throw new CouldNotRunError(
      `cannot read ${spec} from git (${errorMessage(error)}); check the ref and the path (relative to the current folder)`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'vottur-diff-'));
  try {
    const root = join(folder, relativePath);
    await mkdir(dirname(root), { recursive: true });
    await writeFile(root, text);
    if (EXTERNAL_REF.test(text)) {
      // The description's folder at that commit, in one `git archive` piped to `tar`.
      const dir = dirname(relativePath);
      await extractFolder(ref, dir === '.' ? '.' : `./${dir.split(sep).join('/')}`, cwd, folder).catch(
        (error: Error) => {
          throw new CouldNotRunError(`cannot read the folder of ${spec} from git (${error.message}); check the ref`);
        },
      );
    }
    const loaded = await loadDescription(root, options);
    return {
      name: spec,
      loaded,
      display: (uri) => (uri.startsWith(folder + sep) ? `${ref}:${relative(folder, uri).split(sep).join('/')}` : uri),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** How a file of a description on disk is shown: as lint and test show it (relative inside `cwd`, else as given). */
export function displayIn(cwd: string): (uri: string) => string {
  return (uri) => (/^https?:/i.test(uri) ? uri : shownPath(cwd, uri));
}

export async function loadSide(spec: string, options: LoadOptions & { cwd?: string } = {}): Promise<Side> {
  const cwd = cwdOf(options);
  const gitSpec = await resolveSideSpec(spec, cwd);
  const side = gitSpec
    ? await loadGitSide(spec, gitSpec.ref, gitSpec.path, cwd, options)
    : {
        name: spec,
        loaded: await loadDescription(isAbsolute(spec) ? spec : join(cwd, spec), options),
        display: displayIn(cwd),
      };
  const data = side.loaded.data;
  const problem = side.loaded.problems[0];
  if (problem)
    throw new CouldNotRunError(
      `${spec}: ${problem.message}; fix the description (vottur lint shows every problem) and run again`,
    );
  if (isObject(data) && isSwagger2(data)) {
    const converted = await convertSwagger2(data).catch((error: unknown) => {
      throw new CouldNotRunError(
        `${spec} is Swagger 2.0 and could not be converted to OpenAPI 3 (${errorMessage(error)}); convert it yourself (npx swagger2openapi ${spec}) and compare the result`,
      );
    });
    return { ...side, converted };
  }
  if (!isObject(data) || typeof data.openapi !== 'string' || !/^3\./.test(data.openapi)) {
    throw new CouldNotRunError(
      `${spec} is neither an OpenAPI 3 description (no "openapi: 3.x" at its top level) nor Swagger 2.0 ("swagger: '2.0'")`,
    );
  }
  const dangling = danglingReference(data);
  if (dangling === BEYOND_REFERENCE_VISITS)
    throw new CouldNotRunError(
      `${spec}: more than ${MAX_REFERENCE_VISITS.toLocaleString('en')} objects, beyond what the diff checks its references in, so it is not compared (a reference past the bound that names nothing would compare as nothing, "0 changes")`,
    );
  if (dangling)
    throw new CouldNotRunError(
      `${spec}: ${dangling}, so what it stands for cannot be compared; fix the reference (vottur lint shows every problem) and run again`,
    );
  const missing = missingPaths(data);
  if (missing)
    throw new CouldNotRunError(
      `${spec}: ${missing}; fix the description (vottur lint shows every problem) and run again`,
    );
  return side;
}

/**
 * What is wrong when a description has no `paths` object to compare (3.0 requires one; 3.1 one of
 * `paths`, `webhooks`, `components`). `vottur lint` reports this as platform-openapi-valid, a blocking
 * finding (nothing else can be checked); a diff of it would compare nothing and say "0 changes …
 * allows these changes", so like any other description it cannot read, the diff refuses it.
 */
function missingPaths(data: Record<string, unknown>): string | undefined {
  if (isObject(data.paths)) return undefined;
  if (
    data.paths === undefined &&
    /^3\.[1-9]/.test(String(data.openapi)) &&
    (isObject(data.webhooks) || isObject(data.components))
  )
    return undefined;
  const strays = Object.keys(data).filter((key) => key.startsWith('/'));
  const hint = strays.length
    ? ` (${strays.slice(0, 3).join(', ')}${strays.length > 3 ? ', …' : ''} ${strays.length === 1 ? 'sits' : 'sit'} at the top level: indent ${strays.length === 1 ? 'it' : 'them'} under \`paths:\`)`
    : '';
  return data.paths === undefined
    ? `has no \`paths\`${hint}, so there is nothing to compare`
    : `\`paths\` is not an object${hint}, so there is nothing to compare`;
}

/** Subtrees that hold data (examples, values), where a `$ref` member is not a reference. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'const', 'enum', 'default', 'value']);

/**
 * The first local reference (`$ref` or `$dynamicRef` starting with `#`) that names nothing in the
 * document, in words, or undefined. The diff follows references to compare what they stand for;
 * one that names nothing (a pointer to a missing member, `#pet` with no `$anchor: pet`, or one
 * with several) would compare as nothing on both sides: "0 changes", whatever changed behind it.
 * Iterative, at most MAX_REFERENCE_VISITS objects: a description with more is BEYOND_REFERENCE_VISITS, refused.
 */
export function danglingReference(
  document: Record<string, unknown>,
): string | typeof BEYOND_REFERENCE_VISITS | undefined {
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: document, path: [] }];
  let visits = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    // The bound reached is said, never read as "every reference resolves" (issue 34, C8).
    if (++visits > MAX_REFERENCE_VISITS) return BEYOND_REFERENCE_VISITS;
    const { node, path } = next;
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push({ node: item, path: [...path, String(index)] }));
      continue;
    }
    if (!isObject(node)) continue;
    for (const key of ['$ref', '$dynamicRef'] as const) {
      const ref = node[key];
      // Against the schema resource it stands in: an embedded `$id` sets its own base.
      if (typeof ref === 'string' && ref.startsWith('#') && !lookupRefAt(document, ref, path))
        return `\`${key}: ${JSON.stringify(ref).slice(0, 120)}\` at ${encodePointer(path) || '/'} names nothing in the description${/^#(?!\/)./.test(ref) ? ' (no single $anchor or $dynamicAnchor of that name)' : ''}`;
    }
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      if (typeof value === 'object' && value !== null) stack.push({ node: value, path: [...path, key] });
    }
  }
  return undefined;
}

export const MAX_REFERENCE_VISITS = 2_000_000;
export const BEYOND_REFERENCE_VISITS = Symbol('beyond MAX_REFERENCE_VISITS');
