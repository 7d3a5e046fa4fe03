/**
 * Judgement calls in one place: which names mean a national identifier, which path words are
 * verbs (custom methods). Each list is documented in docs/vocabulary.md; change them here only.
 */

/**
 * Names that hold a national identifier (kennitala) under a name other than `nationalId`,
 * compared after lower-casing and removing `_`, `-` and spaces. `kennitala` is the Icelandic
 * word, `kt` its common abbreviation; `ssn` and "social security number" are how English-language
 * code often renders it; the rest are the other spellings of "national id".
 */
export const NATIONAL_ID_ALIASES: readonly string[] = [
  'kennitala',
  'kennitolu',
  'kennitolur',
  'kt',
  'ssn',
  'socialsecuritynumber',
  'socialsecurityno',
  'nationalid',
  'nationalidentifier',
  'nationalidnumber',
  'nationalidentificationnumber',
  'personalidentitycode',
  'personalidnumber',
];

/**
 * Header names the platform's request convention uses to carry national identifiers
 * (`X-Param-National-Id`, `X-Param-To-National-Id`, `X-Query-National-Id`, ...).
 */
export const NATIONAL_ID_HEADER = /^X-(Param|Query)-([A-Z][a-z0-9]*-)*National-Id$/;

/**
 * Words that, as the last static segment of a path, make it a custom method
 * (`/v1/messages/{messageId}/archive`), which the platform maps to POST.
 */
export const CUSTOM_METHOD_VERBS: readonly string[] = [
  'activate',
  'approve',
  'archive',
  'assign',
  'authorize',
  'batch-get',
  'calculate',
  'cancel',
  'check',
  'close',
  'confirm',
  'deactivate',
  'decline',
  'disable',
  'enable',
  'execute',
  'export',
  'generate',
  'import',
  'lock',
  'merge',
  'move',
  'notify',
  'open',
  'publish',
  'reject',
  'renew',
  'reopen',
  'reset',
  'resend',
  'restore',
  'revoke',
  'run',
  'search',
  'send',
  'sign',
  'submit',
  'sync',
  'undelete',
  'unlock',
  'unpublish',
  'unarchive',
  'validate',
  'verify',
  'withdraw',
];

/** Names of query parameters that put an API version in the query string (`?v=1`, `?version=2`). */
export const VERSION_QUERY_PARAMETERS: readonly string[] = ['v', 'version', 'api-version', 'apiversion', 'api_version'];
