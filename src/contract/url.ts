import { withoutTrailing } from '../runtime/text.js';
/**
 * The one URL builder of the contract tests: a request's path (already encoded) and query string
 * appended to the server's base URL, and the request named relative to it in messages.
 */
export function requestUrl(server: URL, pathname: string, query: string): URL {
  const url = new URL(server.href);
  url.pathname = `${withoutTrailing(server.pathname, '/')}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
  url.search = query ? `?${query}` : '';
  return url;
}

/** `GET /v2/users/0101302989?x=1`: the request as messages name it, relative to the server's base path. */
export function requestLabel(server: URL, method: string, url: URL): string {
  return `${method} ${url.pathname.slice(withoutTrailing(server.pathname, '/').length) || '/'}${url.search}`;
}
