/** What every check on one live answer is given, and what the checks share. */
import type { Finding } from '../../report/finding.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { DEFAULT_MAX_BODY_BYTES, describeBytes, type HttpResponse } from '../http.js';
import type { SchemaValidators } from './schema.js';

export interface ResponseCheckContext {
  description: ContractDescription;
  validators: SchemaValidators;
  op: OperationModel;
  /** `GET /v2/users/0101302989`, for messages. */
  exchange: string;
  request: NonNullable<Finding['request']>;
  /** Status names accepted for the request, for messages (e.g. "the not-found probe"). */
  probe: string;
}

/** A JSON body parsed once for every check that reads it: its value, or why it is not JSON. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

/** "a body larger than the 5 MB limit (vottur reads no more of an answer than that)". */
export function tooLarge(response: HttpResponse): string {
  return `a body larger than the ${describeBytes(response.limitBytes ?? DEFAULT_MAX_BODY_BYTES)} limit (vottur reads no more of an answer than that)`;
}
