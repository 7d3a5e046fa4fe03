/**
 * Loading a description: read the root file, parse it (YAML or JSON, keeping positions), and
 * bundle any external `$ref`s into one document whose references are all local, remembering
 * where each part came from so findings point at the right file and line.
 *
 * Safety: a `$ref` to a file outside the root document's folder is not read (nor anything but a
 * regular file), and `http(s)` references are not fetched unless the caller allows it. Each
 * refusal becomes a problem the linter reports as `platform-openapi-valid`; neither is ever a way
 * to read the CI machine's files or reach its network.
 *
 * The root document may also be an `http(s)` URL the user named, or `-` (standard input). A URL
 * document's relative `$ref`s are fetched when they stay on its origin and under its folder (the
 * same rule as a file's folder); anything else remote needs `--allow-remote-refs`, and a local
 * file is never read on a remote document's behalf. Every fetch is bounded (`./fetch.ts`).
 */
import { statSync, type Stats } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, extname, isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { shownPath } from '../report/source.js';
import { createRequire } from 'node:module';
import { DiagnosticSeverity, type IParserResult, type IRange } from '@stoplight/types';
import { CouldNotRunError, errorCode, errorMessage, LimitError } from '../errors.js';
import { fetchText, FetchError, FetchSizeError, MAX_REMOTE_BYTES, RunBudget, RunBudgetError } from './fetch.js';
import { MAX_NESTING, parseJsonFast } from './json.js';
import { parseYaml } from './yaml.js';
import type { LoadedOverlay } from './overlay.js';
import { decodePointer, encodePointer, pointerToRef } from '../../rulesets/lib/openapi/pointer.js';
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { readRegularFile, readRegularFileSync, resolveInsideSync } from '../runtime/safe-read.js';
import { cwdOf } from '../runtime/process-defaults.js';
import { sameOrigin } from '../runtime/host.js';
import { withoutFragment } from '../runtime/text.js';

// Spectral's JSON parser reads what `JSON.parse` cannot read exactly (comments, trailing commas,
// duplicate keys); required only then, since loading it costs more than parsing most descriptions.
type SpectralJson = typeof import('@stoplight/spectral-parsers').Json;
let spectralJson: SpectralJson | undefined;
const Json = (): SpectralJson =>
  (spectralJson ??= (
    createRequire(import.meta.url)('@stoplight/spectral-parsers') as typeof import('@stoplight/spectral-parsers')
  ).Json);

export type JsonPath = Array<string | number>;

export interface SourceFile {
  /** Absolute path, or URL for a remote document. */
  uri: string;
  text: string;
  /**
   * The bytes the text was decoded from, as they were read (a local file, standard input): what
   * was parsed, byte for byte. An attestation's digest is of these, never of a second read of the
   * disk (issue 34, C5). Absent for a text given in memory or fetched.
   */
  bytes?: Buffer;
  kind: 'json' | 'yaml';
  /**
   * The parse result. JSON parsed on the fast path (`./json.ts`) has no syntax tree (`ast` and
   * `lineMap` are undefined): ask `locate` for positions.
   */
  parsed: IParserResult<unknown>;
  /** 0-based range of the node at `path` in this file (or of the closest node that exists). */
  locate(path: JsonPath): IRange | undefined;
}

export interface LoadProblem {
  /** Where, in the bundled document, the problem sits. */
  path: JsonPath;
  message: string;
}

export interface LoadedDescription {
  rootUri: string;
  /** The description with every external `$ref` inlined or turned into a local one. */
  data: unknown;
  files: Map<string, SourceFile>;
  problems: LoadProblem[];
  /** Which file, and where in it, a path of the bundled document comes from. */
  origin(path: JsonPath, name?: boolean): { file: SourceFile; path: JsonPath };
  /** 0-based range of a bundled path in its own file (the closest existing node). */
  range(path: JsonPath): IRange | undefined;
}

export interface LoadOptions {
  /** Files are named in messages relative to this folder (default: the working directory). */
  cwd?: string;
  allowRemoteRefs?: boolean;
  /** Time limit for fetching one remote document, headers and whole body (ms). */
  remoteTimeoutMs?: number;
  /** Largest remote document read (bytes; default `MAX_REMOTE_BYTES` of ./fetch.ts). */
  maxRemoteBytes?: number;
  /**
   * Texts that stand for files (absolute path → text), read instead of the disk: an editor's
   * unsaved buffers, or a description with a fix applied in memory.
   */
  texts?: ReadonlyMap<string, string>;
  /** The run's budget for fetching and standard input, shared by its documents (one of its own otherwise). */
  budget?: RunBudget;
  /**
   * Overlays applied, in order, to the bundled description (`--overlay`): what is checked is the
   * description as patched. Places in the patched parts are shown at the closest node the files have.
   */
  overlays?: readonly LoadedOverlay[];
  /** What `-` reads: the run's standard input (the bin hands in the process's); none: `-` cannot be read. */
  stdin?: Readable;
}

/** `-`: the description is read from standard input. */
export const STDIN = '-';

/** The root file of a loaded description: the loader reads it before anything else, so it is always there. */
export function rootFile(loaded: LoadedDescription): SourceFile {
  const root = loaded.files.get(loaded.rootUri);
  if (root === undefined) throw new Error(`the loaded description has no root file ${loaded.rootUri}`);
  return root;
}

export function isRemote(file: string): boolean {
  return REMOTE.test(file);
}

/**
 * Standard input, bounded as a fetched document is: at most `maxBytes` (20 MB) and the run's byte
 * budget, within the run's time (`vottur lint - < /dev/zero` stops at the cap, in one line).
 */
async function readStdin(stream: Readable | undefined, budget: RunBudget, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const refuse = (why: string) => new CouldNotRunError(`cannot read standard input: ${why}`);
  if (stream === undefined) throw refuse('this run was given none; name a file');
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new CouldNotRunError(budget.timeUp('standard input').message)),
        budget.remainingMs(),
      );
      stream.on('data', (data: Buffer | string) => {
        // A stream given in-process may carry strings (Readable.from): counted as their UTF-8 bytes.
        const chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        size += chunk.byteLength;
        try {
          if (size > maxBytes)
            throw new LimitError(
              `standard input is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most read for one document, so it is not read`,
            );
          budget.takeBytes(chunk.byteLength, 'standard input');
        } catch (error) {
          reject(
            error instanceof FetchError
              ? new CouldNotRunError(error.message)
              : error instanceof Error
                ? error
                : new Error(errorMessage(error)),
          );
          return;
        }
        chunks.push(chunk);
      });
      stream.once('end', resolve);
      stream.once('error', (error) => reject(refuse(error.message)));
    });
  } finally {
    clearTimeout(timer);
    stream.removeAllListeners('data');
    // Nothing more is read: a stream without end (a device, a pipe that never closes) is let go.
    stream.pause();
    if (size > maxBytes || budget.remainingMs() === 0) stream.destroy();
  }
  return Buffer.concat(chunks);
}

function detectKind(uri: string, text: string): SourceFile['kind'] {
  const ext = extname(new URL(uri, 'file:///').pathname).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  return /^\s*[{[]/.test(text) ? 'json' : 'yaml';
}

/**
 * Parses text, or explains in one line why it is not YAML/JSON. JSON goes through `JSON.parse`
 * with positions computed on demand (`./json.ts`) unless only Spectral's parser can read it
 * exactly; YAML goes through Spectral's parser, which measured faster than the `yaml` package
 * for the same data and positions (see docs/performance.md).
 */
export function parseSource(uri: string, text: string, display: string): SourceFile {
  const kind = detectKind(uri, text);
  if (kind === 'yaml') {
    let yaml: ReturnType<typeof parseYaml>;
    try {
      yaml = parseYaml(text);
    } catch (error) {
      // A bound reached stays one (a finding of the run, not "could not run").
      if (error instanceof LimitError) throw new LimitError(`${display}: ${error.message}`);
      if (error instanceof CouldNotRunError) throw new CouldNotRunError(`${display}: ${error.message}`);
      throw error;
    }
    throwOnFatal(yaml.parsed, display, kind);
    return { uri, text, kind, parsed: yaml.parsed, locate: (path) => yaml.locate(path) };
  }
  const fast = parseJsonFast(text);
  if (fast && 'tooDeep' in fast)
    throw new LimitError(
      `${display}: it is nested deeper than ${MAX_NESTING} levels; no API description needs that many, so it is not read`,
    );
  if (fast) {
    const parsed = {
      data: fast.data,
      diagnostics: [],
      ast: undefined,
      lineMap: undefined,
    } as unknown as IParserResult<unknown>;
    return { uri, text, kind, parsed, locate: (path) => fast.locate(path, true) };
  }
  let parsed: IParserResult<unknown>;
  try {
    parsed = Json().parse(text);
  } catch (error) {
    if (error instanceof RangeError)
      throw new LimitError(`${display}: it is nested too deeply to read; no API description needs that many levels`);
    throw error;
  }
  throwOnFatal(parsed, display, kind);
  // Spectral's JSON parser (used only for JSON that `JSON.parse` cannot read exactly: comments,
  // trailing commas, duplicate keys) assigns keys, so a `__proto__` key would become a prototype.
  if (hasForeignPrototype(parsed.data)) {
    throw new CouldNotRunError(
      `${display}: it has a \`__proto__\` key and also comments, trailing commas or duplicate keys; remove either so the document can be read as plain data`,
    );
  }
  return {
    uri,
    text,
    kind,
    parsed,
    locate: (path) => Json().getLocationForJsonPath(parsed as never, path, true)?.range,
  };
}

/** The JSON parser's error codes (jsonc-parser's, such as `ValueExpected`) in words; YAML's messages are words already. */
const JSON_ERRORS: Record<string, string> = {
  ValueExpected: 'a value is missing',
  PropertyNameExpected: 'a property name is missing',
  ColonExpected: 'a `:` is missing',
  CommaExpected: 'a `,` is missing',
  CloseBraceExpected: 'a closing `}` is missing',
  CloseBracketExpected: 'a closing `]` is missing',
  EndOfFileExpected: 'there is more after the end of the document',
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a number written wrongly',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfComment: 'a comment is not closed',
  InvalidUnicode: 'a \\u escape is not valid',
  InvalidEscapeCharacter: 'an escape is not valid',
  InvalidCharacter: 'a character not allowed in a string',
};

function throwOnFatal(parsed: IParserResult<unknown>, display: string, kind: SourceFile['kind']): void {
  const fatal = parsed.diagnostics.find((d) => d.severity === DiagnosticSeverity.Error);
  if (fatal) {
    const where = `${display}:${fatal.range.start.line + 1}:${fatal.range.start.character + 1}`;
    const what =
      kind === 'json'
        ? (JSON_ERRORS[fatal.message] ?? fatal.message.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
        : fatal.message;
    throw new CouldNotRunError(
      `${where}: not valid ${kind === 'json' ? 'JSON' : 'YAML'} (${what}); fix the syntax and run again`,
    );
  }
}

/** Whether any object in the data has a prototype other than `Object.prototype` (a `__proto__` key was assigned). */
function hasForeignPrototype(data: unknown): boolean {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && Object.getPrototypeOf(node) !== Object.prototype) return true;
    for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
  }
  return false;
}

/** Sets a key as an own data property: a `__proto__` key stays data, never a prototype. */
function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/**
 * The largest local file of a description: the root the command line names, or a file its `$ref`s
 * reach (64 MB). `vottur lint /dev/urandom` read without end and a FIFO hung before.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * A local file of a description, through the one bounded reader: a regular file, at most
 * MAX_FILE_BYTES; a file over it, or not read in time, is a bound reached (a LimitError).
 */
async function readLocalFile(path: string, refuse: (why: string) => Error): Promise<Buffer> {
  return readRegularFile(path, {
    refuse,
    limit: (why) => new LimitError(refuse(why).message),
    maxBytes: MAX_FILE_BYTES,
  });
}

/** Keys that say a YAML/JSON document is meant as an API description. */
const DESCRIPTION_KEYS = ['openapi', 'swagger', 'info', 'paths', 'components', 'webhooks'];

const REMOTE = /^https?:\/\//i;

export async function loadDescription(file: string, given: LoadOptions = {}): Promise<LoadedDescription> {
  const budget = given.budget ?? RunBudget.create();
  const options: LoadOptions = given.budget ? given : { ...given, budget };
  const cwd = cwdOf(options);
  let rootUri: string;
  let display: string;
  let text: string;
  let bytes: Buffer | undefined;
  if (REMOTE.test(file)) {
    // A URL the user named: fetched (bounded), its folder on that origin is "the folder".
    rootUri = display = file;
    try {
      text = await fetchText(file, {
        timeoutMs: options.remoteTimeoutMs,
        maxBytes: options.maxRemoteBytes,
        budget: options.budget,
      });
    } catch (error) {
      // Over the size of one document: the description's bound, a finding (issue 34).
      if (error instanceof FetchSizeError) throw new LimitError(`cannot read ${file}: ${error.message}`);
      if (error instanceof FetchError) throw new CouldNotRunError(`cannot read ${file}: ${error.message}`);
      throw error;
    }
  } else if (file === STDIN) {
    // Standard input stands for a document in the working directory (its `$ref`s are read from there).
    rootUri = resolvePath(cwd, STDIN);
    display = STDIN;
    bytes = await readStdin(options.stdin, budget, options.maxRemoteBytes ?? MAX_REMOTE_BYTES);
    text = bytes.toString('utf8');
  } else {
    const absolute = resolvePath(cwd, file);
    display = shownPath(cwd, absolute);
    // Paths stay as the user wrote them (a symbolic link in them is shown, not resolved); the
    // folder check below compares real paths, so a link cannot lead a `$ref` out of the folder.
    rootUri = absolute;
    try {
      const given = options.texts?.get(rootUri);
      if (given !== undefined) text = given;
      else {
        bytes = await readLocalFile(rootUri, (why) => new CouldNotRunError(`cannot read ${display}: ${why}`));
        text = bytes.toString('utf8');
      }
    } catch (error) {
      if (error instanceof CouldNotRunError) throw error;
      const code = errorCode(error);
      const why =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'it is a folder'
            : code === 'EACCES'
              ? 'permission denied'
              : errorMessage(error);
      throw new CouldNotRunError(`cannot read ${display}: ${why}; check the path`);
    }
  }
  const root: SourceFile = { ...parseSource(rootUri, text, display), ...(bytes ? { bytes } : {}) };
  checkIsDescription(root.parsed.data, display);
  const files = new Map<string, SourceFile>([[rootUri, root]]);
  const rootFolder = REMOTE.test(rootUri) ? new URL('.', rootUri).href : dirname(rootUri);
  const rootFolderReal = REMOTE.test(rootUri) ? rootFolder : await realpath(rootFolder);
  const problems: LoadProblem[] = [];
  // Bundled path prefix (encoded pointer) → where that subtree came from.
  const origins = new Map<string, { file: SourceFile; path: JsonPath }>();
  let data: unknown = root.parsed.data;

  // Fast path: a document without external references is used as parsed, untouched.
  // A `$id` changes the base URI of the `$ref`s under it (OpenAPI 3.1, JSON Schema 2020-12): read by the bundle too.
  if (/\$ref["']?\s*:\s*["']?(?!#)[^\s"']/.test(text) || /["']?\$id["']?\s*:/.test(text)) {
    data = await bundle(root, files, origins, problems, rootFolder, rootFolderReal, options);
  }

  if (options.overlays && options.overlays.length > 0) {
    const { applyOverlays } = await import('./overlay.js');
    data = applyOverlays(data, options.overlays).document;
    checkIsDescription(data, `${display} with its overlays applied`);
  }

  // `name`: the place of the member's name, in the file that declares the member, not in the file
  // its value came from when that value is a `$ref` the bundle inlined at this path (#24).
  const origin = (path: JsonPath, name = false): { file: SourceFile; path: JsonPath } => {
    if (origins.size === 0) return { file: root, path };
    if (name && path.length > 0 && origins.has(encodePointer(path))) {
      const parent = origin(path.slice(0, -1));
      return { file: parent.file, path: [...parent.path, path[path.length - 1] as string | number] };
    }
    // Pointers of every prefix, built in one pass; the longest placed prefix wins.
    const prefixes: string[] = [];
    let pointer = '';
    for (const segment of path) prefixes.push((pointer += encodePointer([segment])));
    for (let length = path.length; length > 0; length--) {
      const prefix = prefixes[length - 1];
      const found = prefix === undefined ? undefined : origins.get(prefix);
      if (found) return { file: found.file, path: [...found.path, ...path.slice(length)] };
    }
    return { file: root, path };
  };
  return {
    rootUri,
    data,
    files,
    problems,
    origin,
    range(path) {
      const where = origin(path);
      return where.file.locate(where.path);
    },
  };
}

/** A document that is not an API description at all is refused in one line (exit 2), not linted. */
export function checkIsDescription(data: unknown, display: string): void {
  if (data === undefined || data === null)
    throw new CouldNotRunError(`${display} is empty; write an OpenAPI description in it (or name the right file)`);
  if (!isObject(data)) {
    throw new CouldNotRunError(
      `${display} is not an OpenAPI description (its top level is a ${Array.isArray(data) ? 'list' : typeof data}, not an object)`,
    );
  }
  if (!DESCRIPTION_KEYS.some((key) => Object.prototype.hasOwnProperty.call(data, key))) {
    throw new CouldNotRunError(
      `${display} is not an API description (it has none of ${DESCRIPTION_KEYS.map((key) => `\`${key}\``).join(', ')} at its top level); name an OpenAPI description`,
    );
  }
}

async function bundle(
  root: SourceFile,
  files: Map<string, SourceFile>,
  origins: Map<string, { file: SourceFile; path: JsonPath }>,
  problems: LoadProblem[],
  rootFolder: string,
  rootFolderReal: string,
  options: LoadOptions,
): Promise<unknown> {
  // `file#pointer` → where its content was first placed in the bundle.
  const placed = new Map<string, JsonPath>();
  const cwd = cwdOf(options);

  let budgetSpent = false;
  const loadFile = async (uri: string): Promise<SourceFile | string> => {
    const cached = files.get(uri);
    if (cached) return cached;
    let text: string;
    let bytes: Buffer | undefined;
    const given = options.texts?.get(uri);
    if (given !== undefined) text = given;
    else if (REMOTE.test(uri)) {
      try {
        text = await fetchText(uri, {
          timeoutMs: options.remoteTimeoutMs,
          maxBytes: options.maxRemoteBytes,
          budget: options.budget,
        });
      } catch (error) {
        // The run's budget spent: one finding says so, not one for each `$ref` left.
        if (error instanceof RunBudgetError) {
          if (budgetSpent) return '';
          budgetSpent = true;
          return `${error.message}; the remote $refs after it are not read either`;
        }
        if (error instanceof FetchError) return error.message;
        throw error;
      }
    } else {
      const read = readLocal(uri);
      if (!Buffer.isBuffer(read)) return read.problem;
      bytes = read;
      text = read.toString('utf8');
    }
    let parsed: SourceFile;
    try {
      parsed = {
        ...parseSource(uri, text, REMOTE.test(uri) ? uri : relative(cwd, uri)),
        ...(bytes ? { bytes } : {}),
      };
    } catch (error) {
      return errorMessage(error);
    }
    files.set(uri, parsed);
    return parsed;
  };

  // Local files are read synchronously: a description split over thousands of small files
  // (DigitalOcean's 2,900) spent most of its wall time in the ~8 asynchronous calls each file's
  // read was (an lstat per folder on its path, a stat, then open, fstat, read and close), one
  // after another, each a trip through libuv's thread pool. Read from the page cache, a file
  // takes microseconds; parsing it holds the thread far longer. Each folder is asked about once.
  const lstats = new Map<string, Stats>();
  const readLocal = (uri: string): Buffer | { problem: string } => {
    try {
      // Followed one link at a time and never past the folder: a link to a missing file outside
      // and one to a present file get the same answer (src/runtime/safe-read.ts).
      const resolved = resolveInsideSync(uri, rootFolderReal, rootFolder, lstats);
      const real = resolved.path;
      if (real === undefined)
        return {
          problem: resolved.outside
            ? `${relative(rootFolder, uri)} is a link to a file outside the description's folder, so it is not read`
            : resolved.problem === 'no such file'
              ? `the file ${relative(rootFolder, uri)} does not exist`
              : `cannot read ${relative(rootFolder, uri)}: ${resolved.problem}`,
        };
      // Only regular files: a FIFO or a device would block or never end. The last component was
      // asked about with lstat and is no link (every link on the way was followed), so its answer
      // is stat's.
      const checked = lstats.get(real) ?? statSync(real);
      if (!checked.isFile())
        return { problem: `${relative(rootFolder, uri)} is not a regular file, so it is not read` };
      return readRegularFileSync(real, {
        refuse: (why) => new CouldNotRunError(`cannot read ${relative(rootFolder, uri)}: ${why}`),
        maxBytes: MAX_FILE_BYTES,
        checked,
      });
    } catch (error) {
      if (error instanceof CouldNotRunError) return { problem: error.message };
      return {
        problem:
          errorCode(error) === 'ENOENT'
            ? `the file ${relative(rootFolder, uri)} does not exist`
            : `cannot read ${relative(rootFolder, uri)}: ${errorMessage(error)}`,
      };
    }
  };

  const valueAt = (data: unknown, pointer: JsonPath): { found: boolean; value: unknown } => {
    let node = data;
    for (const segment of pointer) {
      if (Array.isArray(node) && /^(?:0|[1-9]\d*)$/.test(String(segment)) && Number(segment) < node.length)
        node = node[Number(segment)];
      else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment as string];
      else return { found: false, value: undefined };
    }
    return { found: true, value: node };
  };

  /** Where (file, pointer) already sits in the bundle, if it or a parent was placed. */
  const placedAt = (uri: string, pointer: JsonPath): JsonPath | undefined => {
    for (let length = pointer.length; length >= 0; length--) {
      const at = placed.get(`${uri}#${encodePointer(pointer.slice(0, length))}`);
      if (at) return [...at, ...pointer.slice(length)];
    }
    return undefined;
  };

  const refusal = (ref: string, target: string, base: SourceFile): string | undefined => {
    if (REMOTE.test(target)) {
      // A URL document's own folder on its own origin plays the part of a file's folder.
      if (REMOTE.test(rootFolder) && target.startsWith(rootFolder) && sameOrigin(new URL(target), new URL(rootFolder)))
        return undefined;
      return options.allowRemoteRefs
        ? undefined
        : `\`$ref: ${ref}\` points to a remote document, which is not fetched; inline it, or pass --allow-remote-refs if you trust that host`;
    }
    if (REMOTE.test(base.uri))
      return `\`$ref: ${ref}\` in the remote document ${base.uri} points to a local file, which is not read`;
    const inside = relative(rootFolder, target);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep)[0] === '..') {
      return `\`$ref: ${ref}\` points outside the description's folder, so it is not read; move the file under ${rootFolder === cwd ? 'this folder' : relative(cwd, rootFolder) || '.'} or inline it`;
    }
    return undefined;
  };

  // The schema resources the root embeds (`$id`, resolved against the base URI around it): a
  // `$ref` to one names it, never a file of the same name on disk (issue 34, attack B16).
  const rootBase = baseOf(root.uri);
  const embedded = embeddedResources(root.parsed.data, rootBase);

  // `at` is the bundled path of the node being walked: one array, extended and cut back around
  // each child (the walk awaits one child at a time), copied only where it is kept. `fileRoot`: the
  // node is a file's whole document, whose `$id` is the file's own name, not a resource within it.
  const at: JsonPath = [];
  // One base per file, not per node: pathToFileURL was most of the walk on Box (~0.17 s).
  const fileBases = new Map<string, string>([[root.uri, rootBase]]);
  const walk = async (node: unknown, file: SourceFile, fileRoot: boolean, givenBase?: string): Promise<unknown> => {
    let fileBase = fileBases.get(file.uri);
    if (fileBase === undefined) fileBases.set(file.uri, (fileBase = baseOf(file.uri)));
    let base = givenBase ?? fileBase;
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      for (let i = 0; i < node.length; i++) {
        at.push(i);
        out.push(await walk(node[i], file, false, base));
        at.pop();
      }
      return out;
    }
    if (!isObject(node)) return node;
    if (typeof node.$id === 'string' && !fileRoot) base = withId(node.$id, base) ?? base;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      const hash = ref.indexOf('#');
      const location = hash === -1 ? ref : ref.slice(0, hash);
      const pointer = decodePointer(hash === -1 ? '' : ref.slice(hash));
      // Against the base URI where it stands: a resource the root embeds is that resource.
      const absolute = withId(location, base);
      const resource = absolute === undefined || file !== root ? undefined : embedded.get(absolute);
      if (resource !== undefined) {
        // Under an embedded `$id` the reference stays as written: a `#/…` pointer there is read
        // against that resource's base URI (JSON Schema 2020-12, 8.2.1), so the document pointer
        // it would be rewritten to names nothing to ajv, which then checked no answer against it
        // (issue 34). ajv resolves it by the `$id`s the document registers; no file is read for it.
        if (base !== rootBase) return node;
        // A plain-name fragment (`#a`) is an `$anchor`, which the document's references find by name.
        const anchor = hash !== -1 && ref.length > hash + 1 && ref[hash + 1] !== '/';
        return { ...node, $ref: anchor ? ref.slice(hash) : pointerToRef([...resource, ...pointer]) };
      }
      if (location === '' && file === root && base === rootBase) return node; // A local reference in the root stays as it is.
      let targetUri: string;
      try {
        targetUri =
          base !== fileBase
            ? // Under a `$id`: the reference is resolved against it (a file path for a `file:` base).
              targetOf(absolute, ref)
            : location === ''
              ? file.uri
              : REMOTE.test(location)
                ? location
                : REMOTE.test(file.uri)
                  ? new URL(location, file.uri).href
                  : resolvePath(dirname(file.uri), decodeURIComponent(location));
      } catch {
        // A `%` not followed by two hex digits, or a URL that cannot be parsed: a broken reference, not a crash.
        problems.push({
          path: [...at, '$ref'],
          message: `\`$ref: ${ref}\` is not a valid reference (a \`%\` must start an escape such as \`%20\`); write the file's path as it is named`,
        });
        return node;
      }
      const refused = refusal(ref, targetUri, file);
      if (refused) {
        problems.push({ path: [...at, '$ref'], message: refused });
        return node;
      }
      if (targetUri === root.uri) return { ...node, $ref: pointerToRef(pointer) };
      const existing = placedAt(targetUri, pointer);
      if (existing) return { $ref: pointerToRef(existing) };
      const target = await loadFile(targetUri);
      if (typeof target === 'string') {
        if (target !== '')
          problems.push({ path: [...at, '$ref'], message: `\`$ref: ${ref}\` cannot be resolved: ${target}` });
        return node;
      }
      const { found, value } = valueAt(target.parsed.data, pointer);
      if (!found) {
        problems.push({
          path: [...at, '$ref'],
          message: `\`$ref: ${ref}\` cannot be resolved: ${relative(rootFolder, targetUri)} has nothing at ${encodePointer(pointer) || 'its root'}`,
        });
        return node;
      }
      const bundlePath = [...at];
      placed.set(`${targetUri}#${encodePointer(pointer)}`, bundlePath);
      origins.set(encodePointer(bundlePath), { file: target, path: pointer });
      return walk(value, target, pointer.length === 0);
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      at.push(key);
      setKey(out, key, await walk(node[key], file, false, base));
      at.pop();
    }
    // A `$dynamicRef` is not bundled as a `$ref` is (its target depends on the dynamic scope): one
    // in another file keeps naming that file, so nothing reads its fragment as the root's (the
    // walks do not follow it, and note where: rulesets/lib/openapi/resolve.ts). Never fetched.
    const dynamicRef = node.$dynamicRef;
    if (file !== root && typeof dynamicRef === 'string' && dynamicRef.startsWith('#'))
      setKey(
        out,
        '$dynamicRef',
        `${REMOTE.test(file.uri) ? withoutFragment(file.uri) : relative(rootFolder, file.uri).split(sep).join('/')}${dynamicRef}`,
      );
    return out;
  };

  return walk(root.parsed.data, root, true);
}

/** The base URI of a document (a `file:` URL for a path), without a fragment. */
function baseOf(uri: string): string {
  return REMOTE.test(uri) ? withoutFragment(uri) : pathToFileURL(uri).href;
}

/** `reference` resolved against `base`, without its fragment; undefined when it is no URI reference. */
function withId(reference: string, base: string): string | undefined {
  try {
    const url = new URL(reference, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Where a `$ref` resolved against a `$id` leads: a path for a `file:` URI, the URL for http(s);
 * any other scheme (`urn:`) names no document vottur can read, and the reference is refused.
 */
function targetOf(absolute: string | undefined, ref: string): string {
  if (absolute === undefined) throw new Error(`no URI: ${ref}`);
  if (absolute.startsWith('file:')) return fileURLToPath(absolute);
  if (REMOTE.test(absolute)) return absolute;
  throw new Error(`not a document: ${ref}`);
}

/** Objects visited when listing embedded resources: far beyond a real description, still bounded. */
const MAX_RESOURCE_SCAN = 1_000_000;

/**
 * The schema resources a document embeds: each `$id` below its root, resolved against the base URI
 * of the resources around it, and where it is. Iterative and bounded (no recursion on hostile nesting).
 */
function embeddedResources(data: unknown, base: string): Map<string, JsonPath> {
  const found = new Map<string, JsonPath>();
  const stack: Array<{ node: unknown; path: JsonPath; base: string }> = [{ node: data, path: [], base }];
  for (let visits = 0; stack.length > 0 && visits < MAX_RESOURCE_SCAN; visits++) {
    const { node, path, base: around } = stack.pop() as { node: unknown; path: JsonPath; base: string };
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push({ node: item, path: [...path, i], base: around }));
      continue;
    }
    if (!isObject(node)) continue;
    let here = around;
    if (typeof node.$id === 'string' && path.length > 0) {
      const id = withId(node.$id, around);
      if (id !== undefined) {
        here = id;
        if (!found.has(id)) found.set(id, path);
      }
    }
    for (const key of Object.keys(node)) stack.push({ node: node[key], path: [...path, key], base: here });
  }
  return found;
}
