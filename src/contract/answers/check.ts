/**
 * What an answer check is. Every request vottur sends on purpose — a probe's, or one the coverage,
 * fuzz or stateful phase generated — is tagged with the check its answer must pass: a small
 * function of the request and the answer, registered under an id (`index.ts`), that says what is
 * wrong with the answer under one of its rules, or nothing when the answer is right. The probes
 * and the phases use the same checks; the rules that ran are the checks' rules.
 */
import type { Severity } from '../../report/finding.js';
import type { OperationModel, ParameterModel } from '../description.js';
import type { HttpResponse } from '../http.js';
import type { ContractRuleId } from '../rules.js';

/** A parameter value a probe replaced, and by what. */
export interface ReplacedIdentifier {
  parameter: ParameterModel;
  value: string;
}

/** What an answer check is told about the request it judges the answer to. */
export interface AnswerRequest {
  op: OperationModel;
  /** The request as a message names it: `GET /v2/users/0101302989?limit=5`. */
  label: string;
  /** The generated phase that sent it (`coverage`, `fuzz`, `stateful`); none for a probe's request. */
  phase?: string;
  /** For the not-found and malformed-identifier probes: the identifier replaced, and by what. */
  identifier?: ReplacedIdentifier;
  /** Where the request's values came from, in words (`the description's examples`; plan.ts). */
  built?: string;
  /** Whether the user gave any credentials (for the hint on a 401). */
  hasCredentials?: boolean;
  /** For a negative or missing-input case: the input (`query:limit`, `body`). */
  input?: string;
  /** For a negative case: the constraint its value breaks. */
  constraint?: string;
  /** For a forged-credential case: which forgery (`a garbage token`, `a wrong API key in …`). */
  token?: string;
  /** For a forged-credential case: the kind of credential forged. */
  credential?: 'bearer' | 'basic' | 'apiKey';
  /** For an undocumented method: the methods the path documents. */
  documented?: readonly string[];
}

/** What is wrong with an answer, under which rule. */
export interface Verdict {
  rule: ContractRuleId;
  message: string;
  /** When not the rule's own severity (a rejection that names a business rule is for review). */
  severity?: Severity;
  /**
   * The verdict says only that the status is not the one expected: no convention of the rule names
   * the status met (a 418 where the not-found probe expects 204, unlike a 404 or a 200). Where that
   * status is undocumented too, the undocumented status is the more specific defect of the answer.
   */
  statusOnly?: boolean;
}

export interface AnswerCheck<Id extends string = string> {
  id: Id;
  /** Every rule its verdicts come under: these ran when the check judged an answer. */
  rules: readonly ContractRuleId[];
  /** What is wrong with the answer; undefined when it is right. */
  check(request: AnswerRequest, answer: HttpResponse): Verdict | undefined;
}

/** An answer check, its id kept as a literal type. */
export function defineAnswerCheck<const Id extends string>(check: AnswerCheck<Id>): AnswerCheck<Id> {
  return check;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** "path parameter nationalId (`0101302989`)": read after "a malformed" or "the". */
export function identifierWords(request: AnswerRequest): string {
  const identifier = request.identifier;
  return identifier
    ? `${identifier.parameter.in} parameter ${identifier.parameter.name} (\`${identifier.value}\`)`
    : 'identifier';
}

/**
 * A request answered 5xx: whatever a request sends, the server answers it. Every request — a
 * probe's or a generated one — is held to this before its own expectation (`checkAnswer`).
 */
export function serverErrorVerdict(request: AnswerRequest, answer: HttpResponse, what: string): Verdict | undefined {
  if (answer.status < 500) return undefined;
  return {
    rule: 'contract-server-error',
    message: `${request.label} (${request.phase !== undefined ? `${request.phase} phase, ${what}` : request.identifier ? `with the ${identifierWords(request)}` : request.built !== undefined ? `built from ${request.built}` : what}) answered ${answer.status}; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
  };
}
