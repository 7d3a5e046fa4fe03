/**
 * A failing request as a `curl` command a person can paste into a shell to see the failure
 * again. Secrets never appear: credentials are written as the environment variable that should
 * hold them (`$VOTTUR_TOKEN`), and the caller masks national identifiers unless asked not to.
 */
import shellQuote from 'shell-quote';

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * The names of the operation's cookie parameters (issue 34, N1): their values are no secret and
   * are written as sent, so the failing value can be reproduced; every other cookie (an API key's)
   * is written as `$VOTTUR_TOKEN`.
   */
  publicCookies?: readonly string[];
}

/** Headers whose values are credentials: written as a variable reference, never as the value. */
const SECRET_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$/i;

/** Quotes one shell word; `$VOTTUR_TOKEN` references are left for the shell to expand inside double quotes. */
function word(text: string): string {
  return shellQuote.quote([text]);
}

export function toCurl(request: CurlRequest): string {
  const parts = ['curl', '-i', '-X', request.method.toUpperCase()];
  for (const [name, value] of Object.entries(request.headers)) {
    if (/^cookie$/i.test(name) && request.publicCookies !== undefined && request.publicCookies.length > 0) {
      // Each secret cookie's value is the variable, in double quotes for the shell to expand; the rest quoted as is.
      const pairs = value.split('; ');
      const open = (pair: string) => request.publicCookies?.includes(pair.slice(0, Math.max(0, pair.indexOf('='))));
      if (pairs.every(open)) parts.push('-H', word(`${name}: ${value}`));
      else
        parts.push(
          '-H',
          `${word(`${name}: `)}${pairs
            .map((pair) => (open(pair) ? word(pair) : `${word(pair.slice(0, pair.indexOf('=') + 1))}"$VOTTUR_TOKEN"`))
            .join(word('; '))}`,
        );
    } else if (SECRET_HEADERS.test(name)) {
      const scheme = /^(\w+)\s/.exec(value)?.[1];
      parts.push('-H', `"${name}: ${scheme ? `${scheme} ` : ''}$VOTTUR_TOKEN"`);
    } else parts.push('-H', word(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-binary', word(request.body));
  parts.push(word(request.url));
  return parts.join(' ');
}
