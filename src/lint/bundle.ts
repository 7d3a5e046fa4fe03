/**
 * One self-contained document from a multi-file description: what an X-Road security server can
 * register a REST service from (it takes ONE OpenAPI description URL). The `$ref` rewriting is
 * `@apidevtools/swagger-parser`'s `bundle` (json-schema-ref-parser underneath): every external
 * `$ref` becomes an internal one, and the referenced parts are placed once.
 *
 * Safety: swagger-parser's own resolvers would read any path on the disk and fetch any URL. Both
 * are switched off; its only resolver answers from the files vottur's loader (`./load.ts`) has
 * already read under the rules `vottur lint` follows (files inside the root document's folder, no
 * links out of it, regular files only; remote documents only with `allowRemoteRefs`, through
 * `./fetch.ts` with its limits). So the bundle reads exactly what `vottur lint` reads, and a
 * `$ref` the loader refused is a refusal here too, in one line, before anything is written.
 */
import { fileURLToPath } from 'node:url';
import { resolve as resolvePath } from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import { CouldNotRunError, errorMessage } from '../errors.js';
import { decodePointer, encodePointer, pointerToRef } from '../../rulesets/lib/openapi/pointer.js';
import { XROAD_MAX_DESCRIPTION_SIZE } from '../../rulesets/rules/platform-xroad-registrable.js';
import type SwaggerParserType from '@apidevtools/swagger-parser';
import { isRemote, loadDescription, rootFile, type LoadOptions } from './load.js';
import { withoutFragment } from '../runtime/text.js';

type SwaggerParserOptions = SwaggerParserType.Options;

export type BundleFormat = 'yaml' | 'json';

export interface BundleOptions extends Pick<
  LoadOptions,
  'cwd' | 'stdin' | 'allowRemoteRefs' | 'remoteTimeoutMs' | 'maxRemoteBytes'
> {
  /** Output format; by default the root document's own (YAML or JSON). */
  format?: BundleFormat;
}

export interface BundleResult {
  /** The bundled document, serialised. */
  text: string;
  format: BundleFormat;
  /** Its size in characters, as the security server counts it (UTF-8 decoded). */
  characters: number;
  /** The security server's limit (`XROAD_MAX_DESCRIPTION_SIZE` of platform-xroad-registrable). */
  limit: number;
  /** The files (paths or URLs) the bundle was made from, root first. */
  files: string[];
}

/** The loaded file a resolver request stands for: a path, a `file:` URL or an http(s) URL. */
function keyOf(url: string): string {
  if (isRemote(url)) return withoutFragment(url);
  const path = url.startsWith('file:') ? fileURLToPath(withoutFragment(url)) : withoutFragment(url);
  return resolvePath(path);
}

/**
 * json-schema-ref-parser writes an internal `$ref` as the bare JSON pointer (`#/paths/~1v2~1keys~1{id}`),
 * but a `$ref` is a URI reference, whose fragment cannot hold `{`, `}` or a space: such a bundle
 * fails OpenAPI's own schema (`platform-openapi-valid`). Each is rewritten percent-encoded, the
 * form vottur's loader writes, and which every reader decodes back to the same pointer.
 */
function internalRefsAsUris(data: unknown): void {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#'))
      record.$ref = pointerToRef(decodePointer(record.$ref));
    for (const value of Object.values(record)) stack.push(value);
  }
}

export async function bundleDescription(file: string, options: BundleOptions = {}): Promise<BundleResult> {
  const loaded = await loadDescription(file, {
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.stdin ? { stdin: options.stdin } : {}),
    allowRemoteRefs: options.allowRemoteRefs,
    remoteTimeoutMs: options.remoteTimeoutMs,
    maxRemoteBytes: options.maxRemoteBytes,
  });
  // A refused or broken `$ref` would leave the bundle pointing at a file the server cannot read.
  const problem = loaded.problems[0];
  if (problem) {
    const more = loaded.problems.length > 1 ? ` (and ${loaded.problems.length - 1} more)` : '';
    throw new CouldNotRunError(
      `cannot bundle: at ${encodePointer(problem.path) || '/'}: ${problem.message}${more}; nothing was written`,
    );
  }
  const texts = new Map<string, string>();
  for (const [uri, source] of loaded.files) texts.set(isRemote(uri) ? uri : resolvePath(uri), source.text);

  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  let bundled: unknown;
  try {
    const parserOptions: SwaggerParserOptions = {
      resolve: {
        // Neither the disk nor the network: only what the loader read.
        file: false,
        http: false,
        external: true,
        vottur: {
          order: 1,
          canRead: true,
          read: (info: { url: string }) => {
            const text = texts.get(keyOf(info.url));
            if (text === undefined)
              throw new CouldNotRunError(`${info.url} was not read by vottur's loader, so it is not bundled`);
            return text;
          },
        },
      },
    };
    bundled = await SwaggerParser.bundle(loaded.rootUri, parserOptions);
  } catch (error) {
    throw new CouldNotRunError(`cannot bundle ${file}: ${errorMessage(error).split('\n')[0]}`);
  }
  internalRefsAsUris(bundled);
  const format = options.format ?? rootFile(loaded).kind;
  const text =
    format === 'json'
      ? `${JSON.stringify(bundled, null, 2)}\n`
      : // No anchors or aliases: a shared object is written out where it is used, as JSON would be.
        stringifyYaml(bundled, { aliasDuplicateObjects: false, lineWidth: 0 });
  return {
    text,
    format,
    characters: text.length,
    limit: XROAD_MAX_DESCRIPTION_SIZE,
    files: [...loaded.files.keys()],
  };
}
