/**
 * Fault modes: deliberate deviations from the platform's conventions that the reference service
 * can be switched into, so that the contract suite can prove it catches each one. Each entry is
 * the fault's name, one line saying what it does, and the behaviour itself as hooks the service
 * calls at fixed points (see `app.ts`). Everything a fault does not name stays as in the clean
 * service; extra undocumented fields in a body are not a fault, and the one mode that adds one
 * (`snake-case-field`) is about its name.
 */
import { hyphenateNationalId } from './national-id.js';
import { httpProblem, type ProblemDetails } from './problem.js';

/** An answer sent as is: status, content type and body text. */
export interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What a fault answers instead of the clean service: a problem (rendered as errors are) or raw bytes. */
export type FaultAnswer = { problem: ProblemDetails } | { raw: RawAnswer };

export type ResourceKind = 'user-profile' | 'actor-profile';

export interface FaultBehaviour {
  /** Every answer (description and unknown routes included) is held back this long. */
  delayMs?: number;
  /** A request without any `Authorization` header is served as if it carried a valid token. */
  tokenOptional?: boolean;
  /** Changes the members of a 200 body (a fresh copy, free to change in place). */
  transformBody?: (body: Record<string, unknown>) => void;
  /** Replaces the whole 200 body once every `transformBody` has run. */
  wrapBody?: (body: Record<string, unknown>) => unknown;
  /** Answers a user or relation that does not exist, instead of `204 No Content`. */
  missingResource?: (kind: ResourceKind) => FaultAnswer;
  /** Answers every request about the description's example user, before the store is asked. */
  exampleUser?: () => FaultAnswer;
  /** Renders an error instead of Problem Details. */
  renderError?: (problem: ProblemDetails) => RawAnswer;
  /** Answers a national identifier of eleven digits with a 500 (an unchecked length reaching the store). */
  crashOnLongNationalId?: boolean;
  /** Answers a national identifier in the path with a character outside ASCII with a 500 (an ASCII-only column in the store). */
  crashOnNonAsciiNationalId?: boolean;
  /** Refuses `clientType=FIRST_PARTY`, a documented value, as bad input. */
  refuseFirstParty?: boolean;
  /** Serves any `clientType` as the default instead of refusing an unknown one. */
  anyClientType?: boolean;
  /** A missing identifier header is served as an identifier that does not exist (204), not refused. */
  missingHeaderNotFound?: boolean;
  /** A token's claims are read without checking its signature, issuer or expiry (an unsigned `alg: none` token passes). */
  unverifiedToken?: boolean;
  /** A method a route does not have is answered 405 without `Allow`. */
  noAllowHeader?: boolean;
  /** 401 and 403 come without `WWW-Authenticate`. */
  noWwwAuthenticate?: boolean;
  /** The charset JSON bodies are declared in (the clean service: utf-8). */
  jsonCharset?: string;
}

/** Fields of the bodies that hold a date-time. */
export const DATE_TIME_FIELDS = ['createdTimestamp', 'lastNudge', 'nextNudge'] as const;
/** Fields of the bodies that hold a national identifier. */
export const NATIONAL_ID_FIELDS = ['nationalId', 'toNationalId', 'fromNationalId'] as const;

/** How long `slow` holds every answer back: longer than vottur's default `--timeout` (10 s), so the default run catches it. */
export const SLOW_DELAY_MS = 12_000;

const FAULT_TABLE = [
  {
    name: 'bare-array',
    description: 'A 200 body (user or actor profile) comes wrapped in a JSON array: `[{...}]` instead of `{...}`.',
    behaviour: { wrapBody: (body) => [body] },
  },
  {
    name: 'not-found-404',
    description: 'An unknown user, or two users with no relation, answers 404 (Problem Details) instead of 204.',
    behaviour: {
      missingResource: (kind) => ({
        problem: httpProblem(
          404,
          kind === 'user-profile' ? 'The user has no profile.' : 'The two users have no relation.',
        ),
      }),
    },
  },
  {
    name: 'plain-json-errors',
    description: 'Every error comes as `application/json` `{ "error": "..." }` without any Problem Details member.',
    behaviour: {
      renderError: (problem) => ({
        status: problem.status,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ error: problem.detail ?? problem.title }),
      }),
    },
  },
  {
    name: 'hyphen-national-id',
    description: 'National identifiers in bodies (nationalId, toNationalId, fromNationalId) are written `######-####`.',
    behaviour: {
      transformBody: (body) => {
        for (const field of NATIONAL_ID_FIELDS)
          if (typeof body[field] === 'string') body[field] = hyphenateNationalId(body[field]);
      },
    },
  },
  {
    name: 'bad-date-time',
    description:
      'Date-times in bodies (createdTimestamp, lastNudge, nextNudge) lose fraction and zone: `2024-05-02T09:30:00`.',
    behaviour: {
      transformBody: (body) => {
        for (const field of DATE_TIME_FIELDS)
          if (typeof body[field] === 'string') body[field] = body[field].slice(0, 19);
      },
    },
  },
  {
    name: 'missing-created-timestamp',
    description: 'Bodies lack `createdTimestamp`.',
    behaviour: {
      transformBody: (body) => {
        delete body.createdTimestamp;
      },
    },
  },
  {
    name: 'wrong-type',
    description: 'The boolean `emailVerified` is sent as the string "true" or "false".',
    behaviour: {
      transformBody: (body) => {
        if (typeof body.emailVerified === 'boolean') body.emailVerified = String(body.emailVerified);
      },
    },
  },
  {
    name: 'undocumented-status',
    description:
      "The description's example user answers 418 (Problem Details), a status the description does not document.",
    behaviour: { exampleUser: () => ({ problem: httpProblem(418, 'This service is a teapot for the example user.') }) },
  },
  {
    name: 'no-auth',
    description: 'Requests without a token are served (a token that is sent is still checked).',
    behaviour: { tokenOptional: true },
  },
  {
    name: 'server-error',
    description: "The description's example user answers 500 with an HTML stack trace (`text/html`).",
    behaviour: {
      exampleUser: () => ({ raw: { status: 500, contentType: 'text/html; charset=utf-8', body: htmlStackTrace() } }),
    },
  },
  {
    name: 'crash-on-long-id',
    description: 'A national identifier of eleven digits answers 500 (Problem Details) instead of 400.',
    behaviour: { crashOnLongNationalId: true },
  },
  {
    name: 'crash-on-non-ascii-id',
    description:
      'A national identifier in the path with a character outside ASCII (`þ`, `٠١٠١…`, an emoji) answers 500 (Problem Details) instead of 400.',
    behaviour: { crashOnNonAsciiNationalId: true },
  },
  {
    name: 'refuse-first-party',
    description: '`clientType=FIRST_PARTY`, a documented value, is refused with 400.',
    behaviour: { refuseFirstParty: true },
  },
  {
    name: 'any-client-type',
    description: 'Any `clientType` is served (as `THIRD_PARTY`) instead of an unknown one being refused with 400.',
    behaviour: { anyClientType: true },
  },
  {
    name: 'missing-header-204',
    description: 'A request without the required `X-Param-*` identifier header answers 204 instead of 400.',
    behaviour: { missingHeaderNotFound: true },
  },
  {
    name: 'unverified-token',
    description:
      "A token's signature, issuer and expiry are not checked: an unsigned (`alg: none`) or tampered token with the scope is served.",
    behaviour: { unverifiedToken: true },
  },
  {
    name: 'no-allow-header',
    description: 'A method a path does not have answers 405 without an `Allow` header.',
    behaviour: { noAllowHeader: true },
  },
  {
    name: 'no-www-authenticate',
    description: '401 and 403 answers come without `WWW-Authenticate`.',
    behaviour: { noWwwAuthenticate: true },
  },
  {
    name: 'latin1-charset',
    description: 'JSON bodies are declared `application/json; charset=iso-8859-1`.',
    behaviour: { jsonCharset: 'iso-8859-1' },
  },
  {
    name: 'snake-case-field',
    description: 'User profiles carry an extra member `profile_image_url` beside `profileImageUrl`.',
    behaviour: {
      transformBody: (body) => {
        if ('profileImageUrl' in body) body.profile_image_url = body.profileImageUrl;
      },
    },
  },
  {
    name: 'slow',
    description: `Every answer comes after ${SLOW_DELAY_MS / 1000} s.`,
    behaviour: { delayMs: SLOW_DELAY_MS },
  },
] as const satisfies ReadonlyArray<{ name: string; description: string; behaviour: FaultBehaviour }>;

export type FaultName = (typeof FAULT_TABLE)[number]['name'];

export interface FaultInfo {
  name: FaultName;
  /** One line: what the service does differently in this mode. */
  description: string;
}

/** Every fault mode, in a stable order, with what it does. */
export const FAULTS: readonly FaultInfo[] = FAULT_TABLE.map(({ name, description }) => ({ name, description }));

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((fault) => fault.name);

export function isFaultName(value: string): value is FaultName {
  return FAULT_NAMES.some((name) => name === value);
}

/** The behaviours of the given faults, in the table's order (so `wrapBody` composes predictably). */
export function faultBehaviours(names: readonly FaultName[]): FaultBehaviour[] {
  return FAULT_TABLE.filter((fault) => names.includes(fault.name)).map((fault) => fault.behaviour as FaultBehaviour);
}

/** Checks and de-duplicates fault names; an unknown name throws, listing the valid ones. */
export function parseFaults(names: readonly string[]): FaultName[] {
  const result: FaultName[] = [];
  for (const name of names) {
    if (!isFaultName(name)) throw new Error(`unknown fault "${name}": use one of ${FAULT_NAMES.join(', ')}`);
    if (!result.includes(name)) result.push(name);
  }
  return result;
}

/** What an unhandled exception looks like from a framework that renders errors as HTML pages. */
function htmlStackTrace(): string {
  const error = new TypeError("Cannot read properties of undefined (reading 'email')");
  const stack = (error.stack ?? String(error)).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Error</title>',
    '</head>',
    '<body>',
    `<pre>${stack.split('\n').join('<br> &nbsp; &nbsp;')}</pre>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
