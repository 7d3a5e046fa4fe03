/**
 * An operation's security as the contract tests use it: its requirement objects (alternatives,
 * any one of which is enough) each naming one or more schemes (a combination: all of them
 * together), and per scheme the credential it is carried in. The forged-credential cases come from
 * here: a forged token only for a bearer-token scheme (`http` bearer, `oauth2`, `openIdConnect`),
 * a wrong key for an `apiKey`, wrong credentials for `http` basic — each sent with the other
 * schemes of its alternative as given and the credentials of the other alternatives left out, so
 * a server that rightly authorises through another alternative is never blamed.
 */
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { effectiveSecurity, type OperationInfo } from '../../rulesets/lib/openapi/views.js';
import type { OpenApiDocument } from '../../rulesets/lib/rule.js';
import { forgedTokens, type Credentials } from './auth.js';

/** How a scheme's credential is checked: a bearer token, user and password, an API key, or something vottur does not forge. */
export type CredentialKind = 'bearer' | 'basic' | 'apiKey' | 'other';

export interface SchemeUse {
  /** The scheme's name under `components.securitySchemes`. */
  name: string;
  kind: CredentialKind;
  /** For an API key: where it goes and under which name. */
  in?: 'header' | 'query' | 'cookie';
  keyName?: string;
}

/** The requirement objects of an operation: any one of them is enough, each needs all its schemes. */
export type SecurityAlternatives = SchemeUse[][];

export function operationSecurity(document: OpenApiDocument, op: OperationInfo): SecurityAlternatives {
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const alternatives: SecurityAlternatives = [];
  for (const requirement of effectiveSecurity(document, op) ?? []) {
    if (!isObject(requirement)) continue;
    alternatives.push(
      Object.keys(requirement).map((name) =>
        schemeUse(name, resolve(document, schemes[name], ['components', 'securitySchemes', name]).value),
      ),
    );
  }
  return alternatives;
}

function schemeUse(name: string, scheme: unknown): SchemeUse {
  if (!isObject(scheme)) return { name, kind: 'other' };
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { name, kind: 'bearer' };
  if (scheme.type === 'http' && typeof scheme.scheme === 'string') {
    const http = scheme.scheme.toLowerCase();
    if (http === 'bearer') return { name, kind: 'bearer' };
    if (http === 'basic') return { name, kind: 'basic' };
  }
  if (
    scheme.type === 'apiKey' &&
    typeof scheme.name === 'string' &&
    ['header', 'query', 'cookie'].includes(String(scheme.in))
  )
    return { name, kind: 'apiKey', in: scheme.in as 'header' | 'query' | 'cookie', keyName: scheme.name };
  return { name, kind: 'other' };
}

/** The kinds of credential an operation's security uses (all alternatives). */
export function credentialKinds(alternatives: SecurityAlternatives): Set<CredentialKind> {
  return new Set(alternatives.flat().map((scheme) => scheme.kind));
}

/** The header a scheme's credential travels in (`Authorization`, an API key's header, `Cookie`); none for a query key. */
function slot(scheme: SchemeUse): string | undefined {
  if (scheme.kind === 'bearer' || scheme.kind === 'basic') return 'authorization';
  if (scheme.kind === 'apiKey')
    return scheme.in === 'header' ? scheme.keyName?.toLowerCase() : scheme.in === 'cookie' ? 'cookie' : undefined;
  return undefined;
}

/** One forged-credential case: the headers to send, a query parameter to add, and what was forged. */
export interface ForgedCredential {
  headers: Record<string, string>;
  /** An API key in the query: `[name, wrong value]`. */
  query?: [string, string];
  /** In words, for the finding: `a garbage token`, `a wrong API key in X-Api-Key`. */
  what: string;
  kind: Exclude<CredentialKind, 'other'>;
}

const WRONG_KEY = 'vottur-wrong-key';
const WRONG_BASIC = `Basic ${Buffer.from('vottur:wrong-password', 'utf8').toString('base64')}`;

/**
 * The forged-credential cases of an operation: for each alternative and each scheme in it that
 * vottur can forge, that scheme's credential replaced by a forged one, the alternative's other
 * schemes as given, every other alternative's credentials left out.
 */
export function forgedCredentials(alternatives: SecurityAlternatives, credentials: Credentials): ForgedCredential[] {
  const slots = new Set(
    alternatives
      .flat()
      .map(slot)
      .filter((s): s is string => s !== undefined),
  );
  const cases: ForgedCredential[] = [];
  const seen = new Set<string>();
  const add = (forged: ForgedCredential) => {
    const key = JSON.stringify([forged.headers, forged.query, forged.what]);
    if (seen.has(key)) return;
    seen.add(key);
    cases.push(forged);
  };
  for (const alternative of alternatives) {
    const own = new Set(alternative.map(slot).filter((s): s is string => s !== undefined));
    // The credentials the alternative's schemes travel in, and every header that is no scheme's.
    const kept = Object.fromEntries(
      Object.entries(credentials.full).filter(
        ([name]) => !slots.has(name.toLowerCase()) || own.has(name.toLowerCase()),
      ),
    );
    for (const scheme of alternative) {
      const target = slot(scheme);
      const without = Object.fromEntries(Object.entries(kept).filter(([name]) => name.toLowerCase() !== target));
      switch (scheme.kind) {
        case 'bearer':
          for (const [token, what] of forgedTokens(credentials))
            add({ headers: { ...without, Authorization: `Bearer ${token}` }, what, kind: 'bearer' });
          break;
        case 'basic':
          add({
            headers: { ...without, Authorization: WRONG_BASIC },
            what: 'wrong user name and password (Basic)',
            kind: 'basic',
          });
          break;
        case 'apiKey': {
          const keyName = scheme.keyName ?? '';
          const what = `a wrong API key in the ${scheme.in} ${scheme.in === 'cookie' ? 'value' : 'parameter'} ${keyName}`;
          if (scheme.in === 'header') add({ headers: { ...without, [keyName]: WRONG_KEY }, what, kind: 'apiKey' });
          else if (scheme.in === 'cookie')
            add({ headers: { ...without, Cookie: `${keyName}=${WRONG_KEY}` }, what, kind: 'apiKey' });
          else add({ headers: without, query: [keyName, WRONG_KEY], what, kind: 'apiKey' });
          break;
        }
        case 'other':
          break;
      }
    }
  }
  return cases;
}

/**
 * What a 401 or 403 of the operation must carry in `WWW-Authenticate`, by the schemes it uses:
 * a `Bearer` challenge (RFC 6750, 401 and 403) for bearer tokens, a `Basic` one (RFC 7617, 401)
 * for basic; none for API keys, for which no challenge scheme is defined. An operation without
 * security is held to RFC 9110 (every 401 carries a challenge).
 */
export function challengeRequired(
  alternatives: SecurityAlternatives,
  status: 401 | 403,
): { rfc: string; example: string } | undefined {
  const kinds = credentialKinds(alternatives);
  if (kinds.has('bearer'))
    return { rfc: 'RFC 6750', example: `Bearer error="${status === 401 ? 'invalid_token' : 'insufficient_scope'}"` };
  if (status === 403) return undefined;
  if (kinds.has('basic')) return { rfc: 'RFC 7617', example: 'Basic realm="…"' };
  if (kinds.size === 0) return { rfc: 'RFC 9110', example: 'a challenge of the scheme the resource takes' };
  return undefined;
}

/** Whether headers carry a scheme's credential; a kind vottur cannot tell apart (`other`, a query key) counts as carried. */
function carries(scheme: SchemeUse, headers: Record<string, string>): boolean {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const authorization = lower.get('authorization')?.trim().toLowerCase();
  if (scheme.kind === 'bearer') return authorization !== undefined && !authorization.startsWith('basic ');
  if (scheme.kind === 'basic') return authorization !== undefined && authorization.startsWith('basic ');
  if (scheme.kind === 'apiKey') {
    if (scheme.in === 'header') return lower.has(scheme.keyName?.toLowerCase() ?? '');
    if (scheme.in === 'cookie') return (lower.get('cookie') ?? '').includes(`${scheme.keyName ?? ''}=`);
  }
  return true;
}

/**
 * The schemes an operation needs that the given credentials do not carry, when no alternative of
 * its security is carried in full; empty when one is (or the operation needs none). A bearer token
 * is no API key: the credentials are matched per scheme.
 */
export function schemesWithoutCredentials(
  alternatives: SecurityAlternatives,
  headers: Record<string, string>,
): SchemeUse[] {
  if (alternatives.length === 0 || alternatives.some((alternative) => alternative.every((s) => carries(s, headers))))
    return [];
  const missing = new Map<string, SchemeUse>();
  for (const alternative of alternatives)
    for (const scheme of alternative) if (!carries(scheme, headers)) missing.set(scheme.name, scheme);
  return [...missing.values()];
}

/** How to pass a scheme's credential, for a message: `--header 'api_key: …'`, `--bearer <token>`. */
export function howToPass(scheme: SchemeUse): string {
  if (scheme.kind === 'apiKey' && scheme.in === 'header') return `--header '${scheme.keyName ?? scheme.name}: …'`;
  if (scheme.kind === 'apiKey' && scheme.in === 'cookie')
    return `--header 'Cookie: ${scheme.keyName ?? scheme.name}=…'`;
  if (scheme.kind === 'basic') return `--header 'Authorization: Basic …'`;
  return '--bearer <token>';
}
