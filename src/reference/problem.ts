/**
 * Problem Details (RFC 7807) as the reference service answers errors, in the platform's form:
 * `type` always, `title` and `status` always, `detail` and `instance` when they say something,
 * and the `traceId` extension naming the request in the logs.
 */
import { STATUS_CODES } from 'node:http';
import { maskNationalIds } from '../pii.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The problem type the platform uses for a request whose parameters fail validation. */
export const VALIDATION_FAILED_TYPE = 'https://docs.devland.is/reference/problems/validation-failed';

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  traceId?: string;
  /** For validation failures: what is wrong with each parameter, by parameter name. */
  fields?: Record<string, string>;
}

/** `https://httpstatuses.org/<status>` with the status's standard reason phrase as title. */
export function httpProblem(status: number, detail?: string): ProblemDetails {
  const problem: ProblemDetails = { type: `https://httpstatuses.org/${status}`, title: reasonPhrase(status), status };
  if (detail !== undefined) problem.detail = detail;
  return problem;
}

/** A 400 `validation-failed` problem naming every parameter that failed. */
export function validationProblem(fields: Record<string, string>): ProblemDetails {
  const detail = Object.entries(fields)
    .map(([name, message]) => `${name}: ${message}`)
    .join(' ');
  return { type: VALIDATION_FAILED_TYPE, title: 'Validation Failed', status: 400, detail, fields };
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown Status';
}

/**
 * Masks whatever could be a national identifier in text that goes back to a caller: the
 * platform's masking (`0101302989` → `010130****`) and, beyond it, every run of seven or more
 * digits (a mistyped identifier is still personal data).
 */
export function maskForProblem(text: string): string {
  return maskNationalIds(text).replace(/[0-9]{7,}/g, (digits) => `${digits.slice(0, 6)}****`);
}

/** How a rejected parameter value is quoted in a problem: masked and kept short. */
export function quoteRejectedValue(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return maskForProblem(JSON.stringify(shown));
}

/**
 * A whole HTTP/1.1 response carrying a Problem Details body, for answers written straight to the
 * socket (errors Node raises before a request exists). The connection is closed after it.
 */
export function rawProblemResponse(problem: ProblemDetails): string {
  const body = JSON.stringify(problem);
  return [
    `HTTP/1.1 ${problem.status} ${problem.title}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Content-Language: en',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
