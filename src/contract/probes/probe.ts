/**
 * What a contract probe is. A probe is one request the platform's conventions imply for an
 * operation — the request built from the examples, an identifier that does not exist, a malformed
 * one, no credentials, a token without the scope — with what its answer must be, the contract rule
 * it reports under, and which of Dredd's transactions its request stands for. What the answer must
 * be is an answer check of `../answers/` that the probe names: the generated phases use the same
 * checks.
 *
 * Each probe is one file in this folder (`defineProbe({...})`), in the generated index, as a lint rule
 * is one file in `rulesets/rules/`. `plan.ts` asks every probe for its requests, `expect.ts` asks
 * the answer check the probe names whether an answer is right, and the Dredd adapter asks which probe stands for a
 * transaction's status: none of them knows one probe from another.
 */
import type { JsonPath } from '../../../rulesets/lib/rule.js';
import type { Finding } from '../../report/finding.js';
import type { OperationData } from '../data.js';
import type { ContractDescription, OperationModel, ParameterModel } from '../description.js';
import type { AnswerCheckId } from '../answers/index.js';
import type { HttpOutcome, HttpResponse } from '../http.js';
import type { ContractRuleId } from '../rules.js';
import type { ResponseCheckContext } from '../validate/context.js';

/** The credentials a request is sent with: all that were given, none, or a token without the scope. */
export type RequestCredentials = 'full' | 'none' | 'noScope';

import type { ReplacedIdentifier } from '../answers/check.js';
export type { ReplacedIdentifier } from '../answers/check.js';

/** One planned request, ready to send (credentials are added when it is sent). */
export interface ProbeRequest<Kind extends string = string> {
  /** The id of the probe that planned it. */
  kind: Kind;
  op: OperationModel;
  method: string;
  /** Encoded path (the description's template filled in), to be appended to the server's base path. */
  pathname: string;
  /** Encoded query string without `?` (empty when there is none). */
  query: string;
  /** Headers from parameters, `Accept` and `Content-Type`; credentials are added when sending. */
  headers: Record<string, string>;
  body?: string;
  credentials: RequestCredentials;
  /** For `notFound` and `malformed`: the identifier that was replaced, and by what. */
  identifier?: ReplacedIdentifier;
  /** What the probe expects, in words. */
  expectation: string;
  /** Where its values came from, in words (plan.ts): "built from" the description's examples, `--data`, the schema. */
  built?: string;
}

/** Parameter → the value a request sends for it. */
export type Values = ReadonlyMap<ParameterModel, unknown>;

/** A parameter that identifies something, and what kind of identifier it takes. */
export interface IdentifierParameter {
  parameter: ParameterModel;
  kind: 'nationalId' | 'uuid' | 'integer' | 'string';
  /** Names a resource (a path parameter, or an `X-Param-*` header standing for one). */
  resource: boolean;
}

/** What a probe is given to plan its requests for one operation. */
export interface PlanContext<Request> {
  description: ContractDescription;
  op: OperationModel;
  /** The `--data` values for the operation, if any. */
  data?: OperationData;
  /** The values of the request built from the examples (or `--data`): every probe starts from them. */
  values: Values;
  /** The parameters that identify something; resource identifiers in the order of the path. */
  identifiers: readonly IdentifierParameter[];
  /** Every ten-digit string in the description and the data (an identifier that must not exist is none of them). */
  knownIdentifiers: ReadonlySet<string>;
  /** The probe's request with these values (the examples' body, `Accept` and `Content-Type` as for every request). */
  request(values: Values, credentials: RequestCredentials, identifier?: ReplacedIdentifier): Request;
  /** A `contract-missing-example` finding: a value the probe needs cannot be derived, so its request is not sent. */
  missing(path: JsonPath, message: string): Finding;
}

/** The requests a probe plans for one operation, and the values it could not derive. */
export interface ProbePlan<Request> {
  requests: Request[];
  findings?: Finding[];
}

/** What a probe is given to judge an answer. */
export interface ExpectationContext extends ResponseCheckContext {
  /** Whether the user gave any credentials (for the hint on a 401). */
  hasCredentials: boolean;
}

/** Which of Dredd's transactions (one per documented status) a probe's request stands for. */
export interface DreddStatus {
  /** True when the probe's request is the one to send for a transaction expecting `status` of `op`. */
  standsFor(status: number, op: OperationModel): boolean;
  /** Why such a transaction is skipped when the probe sent no request for the operation. */
  whenNotSent(op: OperationModel): string;
  /** Why the request it sent cannot stand for the transaction after all, seeing the answer it got. */
  unfit?(status: number, op: OperationModel, outcome: HttpOutcome): string | undefined;
}

export interface Probe<Id extends string = string> {
  id: Id;
  /**
   * Where its requests come in an operation's plan (lower first). `positive`, the request built
   * from the examples, is first: every other probe starts from it.
   */
  order: number;
  /** The probe in a sentence: "the not-found probe". */
  name: string;
  /** What it expects, in words: "204 with an empty body". */
  expectation: string;
  /** The contract rule its expectation reports under. */
  rule: ContractRuleId;
  /**
   * The requests it sends for one operation (none where it does not apply). Generic in the
   * request's type, which the planner chooses: a probe returns what `context.request` gave it.
   */
  plan<Request>(context: PlanContext<Request>): ProbePlan<Request>;
  /** The answer check its requests' answers must pass (`../answers/`). */
  answer: AnswerCheckId;
  /** Advice on the answer, given after the response checks (e.g. what the answer left unchecked). */
  advise?(context: ExpectationContext, planned: ProbeRequest, response: HttpResponse): Finding[];
  dredd: DreddStatus;
}

/** A probe, its id kept as a literal type (the registry's `ProbeKind` is the union of them). */
export function defineProbe<const Id extends string>(probe: Probe<Id>): Probe<Id> {
  return probe;
}

export { isSuccess } from '../answers/check.js';
