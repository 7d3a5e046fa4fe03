/**
 * What a generated phase is given: the operations to generate for, each with its inputs (computed
 * once), and `exchange`, which sends one tagged request, runs the answer check it is tagged with
 * and the response checks, and keeps the coverage figures. A phase decides which requests to send;
 * it never judges an answer itself.
 */
import type { Credentials } from '../auth.js';
import type { AnswerCheckId, AnswerRequest, Verdict } from '../answers/index.js';
import type { ContractData } from '../data.js';
import type { ContractDescription, OperationModel } from '../description.js';
import type { HttpOutcome, HttpRequest } from '../http.js';
import type { ProbeKind } from '../probes/index.js';
import type { Dictionary } from '../generate/dictionary.js';
import type { Input } from './inputs.js';

export type Phase = 'examples' | 'coverage' | 'fuzz' | 'stateful';
export type GeneratedPhase = Exclude<Phase, 'examples'>;

/** A request the examples phase sent, as the stateful phase and the coverage count need it. */
export interface ExampleExchange {
  op: OperationModel;
  /** The probe that planned it. */
  kind: ProbeKind;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  outcome: HttpOutcome;
}

/** A generated request, tagged with the answer check its answer must pass. */
export interface TaggedRequest {
  request: HttpRequest;
  /** The answer check (answers/) the answer must pass. */
  answer: AnswerCheckId;
  /** What the check is told besides the request: the input and constraint, the forged token, the documented methods. */
  detail?: Pick<AnswerRequest, 'input' | 'constraint' | 'token' | 'credential' | 'documented'>;
  /** What the request tests, in words, for the finding's `reproduce` (`query:limit: maximum 100`). */
  constraint?: string;
}

/** One operation a phase generates requests for. */
export interface PhaseOperation {
  op: OperationModel;
  /** Its position in the description (the fuzz phase's seed of the operation). */
  index: number;
  inputs: Input[];
}

export interface PhaseContext {
  description: ContractDescription;
  server: URL;
  credentials: Credentials;
  seed: number;
  maxExamples: number;
  /** With --budget: when the fuzz phase stops generating (ms since the epoch), however many cases that is. */
  deadline?: number;
  /** The strings the description and the answers so far contain, grown by every answer. */
  dictionary: Dictionary;
  allowUnsafeMethods: boolean;
  data?: ContractData;
  examples: readonly ExampleExchange[];
  /** The operations requests are generated for (not skipped). */
  operations: readonly PhaseOperation[];
  /** The inputs of any operation of the description, computed once. */
  inputsOf(op: OperationModel): Input[];
  /** Why nothing is generated for an operation; undefined when something is. */
  skipped(op: OperationModel): string | undefined;
  /** Counts an input as exercised, and a constraint of it as tested. */
  exercised(op: OperationModel, input: string, constraint?: string): void;
  /** Sends the request, checks the answer; the verdict of its answer check (undefined when right or unanswered). */
  exchange(op: OperationModel, phase: GeneratedPhase, tagged: TaggedRequest): Promise<Verdict | undefined>;
  /**
   * Reports that no value of the input ajv accepts was made within the redraws (verify.ts): one
   * contract-generation-limit finding per operation and input, pointing at the input's schema.
   */
  refused(op: OperationModel, input: Input, why: string): void;
  /** Reports a verdict on a request (once per rule, operation and phase), `extra` added to its message. */
  report(op: OperationModel, phase: GeneratedPhase, tagged: TaggedRequest, verdict: Verdict, extra?: string): void;
  progress?: (message: string) => void;
}
