/**
 * Closed value lists that an external standard fixes, as the standard writes them (issue 37,
 * eleventh outside measurement W4): an enum whose values are a standard's keeps the standard's
 * form, since renaming them (`add` → `ADD`) breaks every client of that standard. Each list is the
 * one its source defines, copied from the text cited beside it (no npm package carries the IANA
 * OAuth registries; the lists are short and closed, and change only with a new RFC).
 */
import { isEnglishWord } from './words.js';

export interface StandardValueList {
  /** The standard and section that define the values. */
  readonly source: string;
  readonly values: readonly string[];
}

export const STANDARD_VALUE_LISTS: readonly StandardValueList[] = Object.freeze([
  { source: 'RFC 6902 §4 (JSON Patch operations)', values: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
  {
    source: 'RFC 7591 §2 (OAuth 2.0 client registration: token_endpoint_auth_method)',
    values: ['none', 'client_secret_post', 'client_secret_basic'],
  },
  {
    source:
      'IANA OAuth Token Endpoint Authentication Methods (RFC 7591, OpenID Connect Registration 1.0 §2, RFC 8705 §2)',
    values: [
      'none',
      'client_secret_post',
      'client_secret_basic',
      'client_secret_jwt',
      'private_key_jwt',
      'tls_client_auth',
      'self_signed_tls_client_auth',
    ],
  },
  {
    source: 'RFC 7591 §2 (OAuth 2.0 client registration: grant_types)',
    values: ['authorization_code', 'implicit', 'password', 'client_credentials', 'refresh_token'],
  },
  { source: 'RFC 7591 §2 (OAuth 2.0 client registration: response_types)', values: ['code', 'token'] },
  {
    source: 'OpenID Connect Core 1.0 §3 (response_type values)',
    values: ['code', 'id_token', 'token', 'code id_token', 'code token', 'id_token token', 'code id_token token'],
  },
  { source: 'RFC 7009 §2.1 (OAuth token revocation: token_type_hint)', values: ['access_token', 'refresh_token'] },
  { source: 'RFC 7636 §4.3 (PKCE code_challenge_method)', values: ['plain', 'S256'] },
  { source: 'OpenID Connect Core 1.0 §3.1.2.1 (prompt)', values: ['none', 'login', 'consent', 'select_account'] },
  { source: 'OpenID Connect Core 1.0 §8 (subject_type)', values: ['public', 'pairwise'] },
  { source: 'OpenID Connect Registration 1.0 §2 (application_type)', values: ['web', 'native'] },
  {
    source: 'Regulation (EU) No 910/2014 (eIDAS) Art. 8 (levels of assurance)',
    values: ['low', 'substantial', 'high'],
  },
]);

/**
 * The standard whose closed list an enum's values are, when they are: every value is one of the
 * list's, and they are the whole list (`add … test`, the six JSON Patch operations; eIDAS's `low`,
 * `substantial`, `high`) or at least two and half of it with a value that is no plain English word
 * (`client_secret_basic` and `client_secret_post`, two of RFC 7591's three). A few common words
 * that happen to be in a list (`add` and `remove`, `low` and `high` of an API's own) are not the
 * standard's list.
 */
export function standardOfValues(values: readonly string[]): string | undefined {
  const distinct = [...new Set(values)];
  if (distinct.length < 2) return undefined;
  for (const list of STANDARD_VALUE_LISTS) {
    if (!distinct.every((value) => list.values.includes(value))) continue;
    if (distinct.length === list.values.length) return list.source;
    if (distinct.length * 2 >= list.values.length && distinct.some((value) => !isEnglishWord(value)))
      return list.source;
  }
  return undefined;
}

/**
 * A description that says its values are a standard's: it cites an RFC, an ISO or EN standard by
 * number, or names IANA's registries, the IETF or JSON Patch ("Token type hint, RFC 7009").
 */
export const NAMES_A_STANDARD =
  /\b(?:RFC[\s-]?\d{3,5}|ISO(?:\/IEC)?[\s-]?\d{3,5}|EN[\s-]\d{3,5}|IANA|IETF|JSON[\s-][Pp]atch)\b/;
