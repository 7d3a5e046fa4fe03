/**
 * Checks every live answer gets, whichever phase sent the request: the charset of a JSON body,
 * the case of its field names, and the headers the description requires (`WWW-Authenticate` on
 * every 401 and 403, as RFC 6750 requires of bearer-token APIs).
 */
import type { Finding } from '../../report/finding.js';
import { documentedResponse } from '../description.js';
import { contractFinding } from '../finding.js';
import type { HttpResponse } from '../http.js';
import { isJsonMediaType, parseMediaType, type ResponseCheckContext } from '../validate.js';

/** A member name written snake_case or kebab-case (`email_verified`, `email-verified`); `_links`-style names are left alone. */
const NOT_CAMEL_CASE = /^[a-z][a-z0-9]*([_-][a-z0-9]+)+$/i;
const MAX_WALK_DEPTH = 32;

export function checkLiveConventions(ctx: ResponseCheckContext, response: HttpResponse): Finding[] {
  const findings: Finding[] = [];
  const add = (id: Parameters<typeof contractFinding>[0], message: string) =>
    findings.push(contractFinding(id, ctx.description.displayPath, { op: ctx.op, message, request: ctx.request }));
  const contentType = response.headers.get('content-type');
  const media = parseMediaType(contentType);

  if (isJsonMediaType(media)) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      add('contract-charset', `${ctx.exchange} (${ctx.probe}) answered ${response.status} with Content-Type \`${contentType}\`; JSON on the platform is UTF-8: send \`${media!.essence}\` or \`${media!.essence}; charset=utf-8\``);
    }
    // Problem Details name the offending inputs as keys (`fields`), in whatever case they have.
    if (response.body.length > 0 && !response.truncated && media!.subtype !== 'problem+json') {
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        body = undefined;
      }
      const wrong = notCamelCase(body);
      if (wrong.length > 0) {
        const shown = wrong.slice(0, 5).map((name) => `\`${name}\``).join(', ');
        add('contract-field-case', `${ctx.exchange} (${ctx.probe}) answered ${response.status} with ${wrong.length === 1 ? 'the member' : 'members'} ${shown}${wrong.length > 5 ? ` and ${wrong.length - 5} more` : ''} not in camelCase; the platform's fields are camelCase (${camelCase(wrong[0]!)})`);
      }
    }
  }

  const status = response.status;
  if ((status === 401 || status === 403) && !response.headers.has('www-authenticate')) {
    add('contract-response-headers', `${ctx.exchange} (${ctx.probe}) answered ${status} without a WWW-Authenticate header; RFC 6750 requires one on every ${status} of a bearer-token API (e.g. \`Bearer error="${status === 401 ? 'invalid_token' : 'insufficient_scope'}"\`)`);
  }
  const documented = documentedResponse(ctx.op, status);
  const headers = documented?.response.headers;
  if (headers && typeof headers === 'object') {
    for (const [name, header] of Object.entries(headers as Record<string, unknown>)) {
      if (!header || typeof header !== 'object' || (header as { required?: unknown }).required !== true) continue;
      if (['content-type', 'content-length'].includes(name.toLowerCase())) continue;
      if (!response.headers.has(name)) add('contract-response-headers', `${ctx.exchange} (${ctx.probe}) answered ${status} without the header ${name}, which the description requires for ${documented!.status}`);
    }
  }
  return findings;
}

function notCamelCase(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_WALK_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (NOT_CAMEL_CASE.test(key)) found.add(key);
      walk(value, depth + 1);
    }
  };
  walk(body, 0);
  return [...found];
}

function camelCase(name: string): string {
  return name.replace(/[_-]+([a-z0-9])/gi, (_match, letter: string) => letter.toUpperCase());
}
