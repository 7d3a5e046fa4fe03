/**
 * Fetching a description (a document the user named by URL, or a remote `$ref` the user allowed
 * with `--allow-remote-refs`), bounded: at most `maxBytes` of body, one deadline for the whole
 * exchange (headers and every byte of the body, not a timer that restarts on each byte), and
 * redirects followed only to the same origin (a few hops). Each limit ends the fetch with a
 * one-line reason; nothing is buffered past the cap. docs/security.md lists the defaults.
 */

/** Largest remote document read, in bytes (20 MB: ten times the largest public description we know). */
export const MAX_REMOTE_BYTES = 20 * 1024 * 1024;
/** Deadline for fetching one remote document, headers and body together. */
export const REMOTE_TIMEOUT_MS = 10_000;
/** Same-origin redirects followed for one document. */
export const MAX_REDIRECTS = 5;

export interface FetchLimits {
  maxBytes?: number;
  timeoutMs?: number;
}

export class FetchError extends Error {}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The body of `url` as text, or a `FetchError` saying in one line why not. */
export async function fetchText(url: string, limits: FetchLimits = {}): Promise<string> {
  const maxBytes = limits.maxBytes ?? MAX_REMOTE_BYTES;
  const timeoutMs = limits.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const late = () => new FetchError(`fetching ${url} took longer than ${timeoutMs / 1000} s, so it was stopped`);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await fetch(current, { redirect: 'manual', signal: controller.signal });
      } catch (error) {
        if (timedOut) throw late();
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        throw new FetchError(`cannot fetch ${current}: ${cause ?? (error as Error).message}`);
      }
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel().catch(() => undefined);
        const next = new URL(response.headers.get('location')!, current);
        if (next.origin !== new URL(url).origin) throw new FetchError(`${current} redirects to another host (${next.origin}), which is not followed; name that URL if you trust it`);
        if (hop + 1 > MAX_REDIRECTS) throw new FetchError(`${url} redirects more than ${MAX_REDIRECTS} times, so it is not followed`);
        current = next.href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new FetchError(`fetching ${current} answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      const tooLarge = () => new FetchError(`${current} is larger than ${megabytes(maxBytes)}, the most read for one document, so it is not read`);
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      if (!response.body) return '';
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw tooLarge();
          }
          chunks.push(value);
        }
      } catch (error) {
        if (error instanceof FetchError) throw error;
        if (timedOut) throw late();
        throw new FetchError(`cannot fetch ${current}: ${(error as Error).message}`);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
  } finally {
    clearTimeout(timer);
  }
}
