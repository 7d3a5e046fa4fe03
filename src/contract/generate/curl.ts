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
  /**
   * The run's secrets (the operator's tokens, keys and client secrets): a header or cookie that
   * carries one is written as `$VOTTUR_TOKEN`, and every other value as sent — a forged key or
   * token vottur made up (`vottur-wrong-key`) is what reproduces the failure, and no secret (a
   * second outside try: the command showed the real key's variable, and did not fail again).
   * Without the list, the headers credentials usually travel in are written as the variable.
   */
  secrets?: readonly string[];
}

/** Headers whose values are credentials: written as a variable reference, never as the value. */
const SECRET_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$/i;

/** Quotes one shell word; `$VOTTUR_TOKEN` references are left for the shell to expand inside double quotes. */
function word(text: string): string {
  return shellQuote.quote([text]);
}

export function toCurl(request: CurlRequest): string {
  const parts = ['curl', '-i', '-X', request.method.toUpperCase()];
  const secrets = request.secrets?.filter((secret) => secret.length > 0);
  const carriesSecret = (name: string, value: string) =>
    secrets === undefined ? SECRET_HEADERS.test(name) : secrets.some((secret) => value.includes(secret));
  for (const [name, value] of Object.entries(request.headers)) {
    if (secrets !== undefined && !carriesSecret(name, value)) {
      parts.push('-H', word(`${name}: ${value}`));
      continue;
    }
    if (/^cookie$/i.test(name) && request.publicCookies !== undefined && request.publicCookies.length > 0) {
      // Each secret cookie's value is the variable, in double quotes for the shell to expand; the rest quoted as is.
      const pairs = value.split('; ');
      const open = (pair: string) => request.publicCookies?.includes(pair.slice(0, Math.max(0, pair.indexOf('='))));
      if (pairs.every(open)) parts.push('-H', word(`${name}: ${value}`));
      else
        parts.push(
          '-H',
          `${word(`${name}: `)}${pairs
            .map((pair) =>
              open(pair) || (secrets !== undefined && !carriesSecret(name, pair))
                ? word(pair)
                : `${word(pair.slice(0, pair.indexOf('=') + 1))}"$VOTTUR_TOKEN"`,
            )
            .join(word('; '))}`,
        );
    } else if (carriesSecret(name, value)) {
      const scheme = /^(\w+)\s/.exec(value)?.[1];
      parts.push('-H', `"${name}: ${scheme ? `${scheme} ` : ''}$VOTTUR_TOKEN"`);
    } else parts.push('-H', word(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-binary', word(request.body));
  parts.push(word(request.url));
  return parts.join(' ');
}
