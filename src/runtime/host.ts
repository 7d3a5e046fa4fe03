/**
 * The one judgement of a host: what it is, not how it is spelt (issue 34). Every place that
 * compares hosts (the server the operator named against the configuration's, the token endpoint,
 * the policy's lists, a redirect's target, a remote `$ref`'s origin) and every place that asks
 * whether a host is this machine goes through here, so `http://0x7f.1/`, `http://2130706433/`,
 * `http://[::ffff:127.0.0.1]/` and `http://localhost./` are judged as the address they name.
 *
 * A host is first put through the WHATWG URL parser (what `fetch` connects to: IPv4 in any radix
 * and number of parts, percent-decoding, IDNA, lower case), then an IP address through ipaddr.js
 * (an IPv4-mapped IPv6 address is its IPv4 address; IPv6 in its one compressed form), and a name
 * loses the trailing dot of its fully qualified spelling.
 */
import ipaddr from 'ipaddr.js';

/** The canonical key of a host as written (`API.example.is.`, `0x7f.1`, `[::ffff:7f00:1]`), or undefined when it is no host. */
export function hostKey(host: string): string | undefined {
  // A bare IPv6 address (a policy's list may give one without brackets) is bracketed for the URL parser.
  const written = ipaddr.IPv6.isValid(host) ? `[${host}]` : host;
  let hostname: string;
  try {
    const parsed = new URL(`http://${written}/`);
    // Anything beyond a host (a path, a user, a port) makes it no host.
    if (parsed.username || parsed.password || parsed.port || parsed.pathname !== '/' || parsed.search || parsed.hash)
      return undefined;
    hostname = parsed.hostname;
  } catch {
    // Not a host the URL parser accepts.
    return undefined;
  }
  return canonical(hostname);
}

/** The canonical key of a URL's host, or undefined when it is no URL (or has no host). */
export function urlHostKey(url: string | URL): string | undefined {
  let hostname: string;
  try {
    hostname = (typeof url === 'string' ? new URL(url) : url).hostname;
  } catch {
    // Not a URL: it has no host.
    return undefined;
  }
  return hostname === '' ? undefined : canonical(hostname);
}

/** A hostname as the URL parser gives it (lower case, IPv6 in brackets), canonical. */
function canonical(hostname: string): string {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return ipaddr.process(bare).toString();
  // `localhost.` and `localhost` are one name (the root label written out).
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
}

/**
 * Whether a host key names this machine: `localhost`, or an address in a loopback range
 * (127.0.0.0/8, ::1, and either through an IPv4-mapped IPv6 address). A name under `.localhost`
 * is not taken: RFC 6761 asks resolvers to keep it on this machine, but Node asks the system's
 * resolver, which may send it to DNS, where anyone may answer.
 */
export function isLoopbackHost(key: string | undefined): boolean {
  if (key === undefined) return false;
  if (key === 'localhost') return true;
  return ipaddr.isValid(key) && ipaddr.process(key).range() === 'loopback';
}

/** Whether a URL's host is this machine (`isLoopbackHost` of its key). */
export function isLoopbackUrl(url: string | URL): boolean {
  return isLoopbackHost(urlHostKey(url));
}

/** Whether two URLs have one origin: the same scheme, port and host (by its key). */
export function sameOrigin(a: URL, b: URL): boolean {
  const host = urlHostKey(a);
  return a.protocol === b.protocol && a.port === b.port && host !== undefined && host === urlHostKey(b);
}

/** A host key as it goes into a URL (an IPv6 address in brackets). */
export function urlHost(key: string): string {
  return key.includes(':') ? `[${key}]` : key;
}
