/**
 * The generated phases of `vottur test`, after the examples: a deterministic coverage phase (each
 * input at and just past each of its constraints, each required input left out, forged
 * credentials, an undocumented method), a property-based fuzz phase (fast-check, seeded, failing
 * cases shrunk) and a stateful phase along the description's `links`. Each request is judged by
 * what it should provoke, and every answer gets the response checks the examples get. A finding
 * carries the request as `curl`, the phase and the seed.
 */
import type { Arbitrary } from 'fast-check';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { CouldNotRunError } from '../../errors.js';
import type { CoverageReport, Finding, OperationCoverage } from '../../report/finding.js';
import type { Credentials } from '../auth.js';
import { dataFor, dataValue, REQUEST_BODY_KEY, type ContractData } from '../data.js';
import { documentedResponse, type ContractDescription, type OperationModel, type ParameterModel } from '../description.js';
import { contractFinding } from '../finding.js';
import { coverageCases, validValue } from '../generate/cases.js';
import { toCurl } from '../generate/curl.js';
import { fuzzCases, invalidCases, validCases, type GeneratedCase, type GeneratedInput } from '../generate/fuzz.js';
import { evaluateExpression, linkSteps, type ExchangeContext } from '../generate/links.js';
import { flattenSchema } from '../generate/schema.js';
import type { HttpOutcome, HttpRequest, HttpResponse } from '../http.js';
import { BASE_PROBE, type ProbeKind } from '../probes/index.js';
import { isContractRuleId, type ContractRuleId } from '../rules.js';
import { checkLiveConventions, checkResponse, type SchemaValidators } from '../validate/index.js';

export type Phase = 'examples' | 'coverage' | 'fuzz' | 'stateful';
export const PHASES: readonly Phase[] = ['examples', 'coverage', 'fuzz', 'stateful'];
export const DEFAULT_MAX_EXAMPLES = 100;
/** Methods generated without --allow-unsafe-methods: a gate runs against shared test environments. */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
/** Coverage cases per input at most (an enum of 200 values is not 200 requests). */
const MAX_CASES_PER_INPUT = 16;
/** Fuzzing and shrinking of one operation stop after this long; what was found is kept. */
const FUZZ_TIME_LIMIT_MS = 30_000;

/** `examples,coverage` → the phases, in their fixed order; one line for an unknown name. */
export function parsePhases(text: string | readonly string[]): Phase[] {
  const names = (typeof text === 'string' ? text.split(',') : [...text]).map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!PHASES.some((phase) => phase === name)) throw new CouldNotRunError(`--phases: unknown phase "${name}"; use some of ${PHASES.join(', ')}`);
  }
  if (names.length === 0) throw new CouldNotRunError(`--phases needs at least one of ${PHASES.join(', ')}`);
  return PHASES.filter((phase) => names.includes(phase));
}

/**
 * The largest seed: nine digits, so that a seed is never taken for a national identifier (ten
 * digits) and masked where it is printed.
 */
export const MAX_SEED = 999_999_999;

/** A seed for a run that was given none (printed with the report, so it can be given next time). */
export function newSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}

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

export interface PhaseOptions {
  description: ContractDescription;
  validators: SchemaValidators;
  credentials: Credentials;
  server: URL;
  phases: readonly Phase[];
  seed: number;
  maxExamples: number;
  allowUnsafeMethods: boolean;
  data?: ContractData;
  examples: readonly ExampleExchange[];
  /** Operations not to generate requests for, with the reason (e.g. no credentials for a secured one). */
  skip?: ReadonlyMap<OperationModel, string>;
  /** Sends one request (the runner's time limit, concurrency cap and user agent). */
  send: (request: HttpRequest, op: OperationModel) => Promise<HttpOutcome>;
  progress?: (message: string) => void;
}

export interface PhaseResult {
  findings: Finding[];
  coverage: CoverageReport;
  /** Rules that ran (had an answer to judge). */
  ran: Set<ContractRuleId>;
  /** Requests sent per operation (label), all generated phases together. */
  requests: Map<string, number>;
}

type Expectation =
  | { kind: 'positive' }
  | { kind: 'negative'; input: string; constraint: string }
  | { kind: 'missing'; input: string }
  | { kind: 'forged'; token: string }
  | { kind: 'method'; documented: string[] };

interface Input extends GeneratedInput {
  parameter?: ParameterModel;
  /** The value the examples (or --data) give, else one made from the schema. */
  base: unknown;
  present: boolean;
}

interface Verdict {
  ruleId: ContractRuleId;
  message: string;
}

export async function runPhases(options: PhaseOptions): Promise<PhaseResult> {
  const { description, phases } = options;
  const findings: Finding[] = [];
  const ran = new Set<ContractRuleId>();
  const seen = new Set<string>();
  const perOp = new Map<OperationModel, { requests: Record<string, number>; statuses: Set<string>; inputs: Set<string>; constraints: Set<string>; skipped?: string; transportFailed?: boolean }>();
  const stats = (op: OperationModel) => {
    let entry = perOp.get(op);
    if (!entry) perOp.set(op, (entry = { requests: Object.fromEntries(phases.map((p) => [p, 0])), statuses: new Set(), inputs: new Set(), constraints: new Set() }));
    return entry;
  };
  const noteStatus = (op: OperationModel, status: number) => {
    const documented = documentedResponse(op, status);
    if (documented) stats(op).statuses.add(documented.status);
  };
  for (const example of options.examples) {
    stats(example.op).requests.examples = (stats(example.op).requests.examples ?? 0) + 1;
    if (example.outcome.ok) noteStatus(example.op, example.outcome.response.status);
    else stats(example.op).skipped = `its example request got no answer (${example.outcome.reason})`;
  }
  for (const [op, reason] of options.skip ?? []) stats(op).skipped ??= `not generated: ${reason}`;

  /** One finding per rule, operation and phase: a fault seen by 300 requests is one finding, not 300. */
  const report = (finding: Finding, phase: Phase) => {
    const key = `${finding.ruleId}\u0000${finding.operation ?? ''}\u0000${phase}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push(finding);
  };

  /** Sends one generated request, checks the answer; returns the verdict on its expectation. */
  const exchange = async (op: OperationModel, phase: Phase, request: HttpRequest, expectation: Expectation, constraint?: string): Promise<Verdict | undefined> => {
    // After a timeout or a refused connection nothing more is sent for the operation: one is reported, not hundreds.
    if (stats(op).transportFailed) return undefined;
    stats(op).requests[phase] = (stats(op).requests[phase] ?? 0) + 1;
    const outcome = await options.send(request, op);
    const relative = `${request.url.pathname.slice(options.server.pathname.replace(/\/+$/, '').length) || '/'}${request.url.search}`;
    const label = `${request.method} ${relative}`;
    const requestInfo = { method: request.method, url: request.url.href, ...(outcome.ok ? { status: outcome.response.status } : {}), durationMs: outcome.durationMs };
    const reproduce = { phase, curl: toCurl({ method: request.method, url: request.url.href, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) }), seed: options.seed, ...(constraint ? { constraint } : {}) };
    const make = (id: ContractRuleId, message: string): Finding => ({ ...contractFinding(id, description.displayPath, { op, message, request: requestInfo }), reproduce });
    if (!outcome.ok) {
      stats(op).transportFailed = true;
      report(make(outcome.kind === 'timeout' ? 'contract-timeout' : 'contract-unreachable', `${label} (${phase} phase): ${outcome.reason}`), phase);
      return undefined;
    }
    const response = outcome.response;
    noteStatus(op, response.status);
    const verdict = judge(label, phase, expectation, response);
    for (const id of verdictRules(expectation)) ran.add(id);
    if (expectation.kind !== 'method') {
      const ctx = { description, validators: options.validators, op, exchange: label, request: requestInfo, probe: `${phase} phase` };
      // A 5xx is contract-server-error's to report; its body's shape is beside the point.
      const checked = response.status >= 500 ? [] : [...checkResponse(ctx, response), ...checkLiveConventions(ctx, response)];
      for (const finding of checked) {
        if (isContractRuleId(finding.ruleId)) ran.add(finding.ruleId);
        report({ ...finding, reproduce }, phase);
      }
      for (const id of ['contract-charset', 'contract-field-case', 'contract-response-headers'] as const) ran.add(id);
    }
    return verdict;
  };
  const reportVerdict = (op: OperationModel, phase: Phase, request: HttpRequest, verdict: Verdict, constraint?: string, extra = '') => {
    const requestInfo = { method: request.method, url: request.url.href };
    report(
      {
        ...contractFinding(verdict.ruleId, description.displayPath, { op, message: `${verdict.message}${extra}`, request: requestInfo }),
        reproduce: { phase, curl: toCurl({ method: request.method, url: request.url.href, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) }), seed: options.seed, ...(constraint ? { constraint } : {}) },
      },
      phase,
    );
  };

  const operations = description.operations.map((op, index) => ({ op, index, inputs: operationInputs(description, op, options.data) }));
  for (const { op } of operations) {
    stats(op);
    if (stats(op).skipped === undefined && !options.allowUnsafeMethods && !SAFE_METHODS.includes(op.method)) stats(op).skipped = `${op.method} is not generated without --allow-unsafe-methods`;
  }
  const generated = operations.filter(({ op }) => stats(op).skipped === undefined);

  if (phases.includes('coverage')) {
    options.progress?.(`coverage phase: boundary values of ${generated.length} operation${generated.length === 1 ? '' : 's'}`);
    await Promise.all(generated.map(({ op, inputs }) => coveragePhase(op, inputs)));
    if (options.allowUnsafeMethods) await unsupportedMethods();
  }
  if (phases.includes('fuzz')) {
    options.progress?.(`fuzz phase: up to ${options.maxExamples} valid and ${options.maxExamples} invalid requests per operation, seed ${options.seed}`);
    await Promise.all(generated.map(({ op, inputs, index }) => fuzzPhase(op, inputs, index)));
  }
  if (phases.includes('stateful')) await statefulPhase();

  const coverage = coverageReport();
  return { findings, coverage, ran, requests: new Map([...perOp].map(([op, s]) => [op.label, Object.entries(s.requests).filter(([p]) => p !== 'examples').reduce((sum, [, n]) => sum + n, 0)])) };

  // -------------------------------------------------------------------------------------------

  async function coveragePhase(op: OperationModel, inputs: Input[]): Promise<void> {
    const base = baseValues(inputs);
    const tasks: Array<Promise<void>> = [];
    const run = (values: Record<string, unknown>, expectation: Expectation, constraint: string | undefined, headers?: Record<string, string>) => {
      const request = buildRequest(options.server, op, inputs, values, headers ?? options.credentials.full);
      tasks.push(
        exchange(op, 'coverage', request, expectation, constraint).then((verdict) => {
          if (verdict) reportVerdict(op, 'coverage', request, verdict, constraint);
        }),
      );
    };
    for (const input of inputs) {
      const cases = coverageCases(input.schema).slice(0, MAX_CASES_PER_INPUT);
      for (const c of cases) {
        if (input.parameter?.in === 'path' && (c.value === '' || c.value === null)) continue;
        stats(op).inputs.add(input.key);
        stats(op).constraints.add(`${input.key}\u0000${c.constraint}`);
        const constraint = `${input.key}: ${c.constraint}`;
        run({ ...base, [input.key]: c.value }, c.valid ? { kind: 'positive' } : { kind: 'negative', input: input.key, constraint: c.constraint }, constraint);
      }
      if (input.required && input.parameter?.in !== 'path') {
        const without = { ...base };
        delete without[input.key];
        stats(op).constraints.add(`${input.key}\u0000required`);
        run(without, { kind: 'missing', input: input.key }, `${input.key}: required, left out`);
      }
    }
    if (op.secured) {
      for (const [token, what] of forgedTokens(options.credentials)) {
        const headers = { ...withoutAuthorization(options.credentials.full), Authorization: `Bearer ${token}` };
        run(base, { kind: 'forged', token: what }, `credentials: ${what}`, headers);
      }
    }
    await Promise.all(tasks);
  }

  async function unsupportedMethods(): Promise<void> {
    const byPath = new Map<string, OperationModel[]>();
    for (const op of description.operations) byPath.set(op.pathKey, [...(byPath.get(op.pathKey) ?? []), op]);
    await Promise.all(
      [...byPath.values()].map(async (ops) => {
        const documented = ops.map((op) => op.method);
        const method = ['PUT', 'PATCH', 'DELETE', 'POST'].find((m) => !documented.includes(m));
        const op = ops.find((candidate) => candidate.method === 'GET') ?? ops[0];
        // Not for a path whose operation is skipped (no answer to its examples, no credentials).
        if (!method || !op || stats(op).skipped !== undefined) return;
        const inputs = operationInputs(description, op, options.data);
        const request = { ...buildRequest(options.server, op, inputs, baseValues(inputs), options.credentials.full), method };
        const verdict = await exchange(op, 'coverage', request, { kind: 'method', documented }, `method ${method} (not documented for ${op.pathKey})`);
        if (verdict) reportVerdict(op, 'coverage', request, verdict, `method ${method}`);
      }),
    );
  }

  async function fuzzPhase(op: OperationModel, inputs: Input[], index: number): Promise<void> {
    if (inputs.length === 0) return;
    const runOne = async (cases: Arbitrary<GeneratedCase> | undefined, positive: boolean, seed: number) => {
      if (!cases) return;
      const result = await fuzzCases(
        cases,
        async (generated) => {
          const values = { ...generated.values };
          for (const key of Object.keys(values)) stats(op).inputs.add(key.replace(/ \(missing\)$/, ''));
          const request = buildRequest(options.server, op, inputs, values, options.credentials.full);
          const invalid = generated.invalid;
          const expectation: Expectation = positive
            ? { kind: 'positive' }
            : invalid?.endsWith(' (missing)')
              ? { kind: 'missing', input: invalid.replace(/ \(missing\)$/, '') }
              : { kind: 'negative', input: invalid ?? '', constraint: 'its schema' };
          const verdict = await exchange(op, 'fuzz', request, expectation, generated.invalid);
          return verdict ? { verdict, request } : undefined;
        },
        { seed, maxExamples: options.maxExamples, timeLimitMs: FUZZ_TIME_LIMIT_MS },
      );
      if (result.failure) {
        const { verdict, request } = result.failure.failure;
        reportVerdict(op, 'fuzz', request, verdict, result.failure.case.invalid, ` (the smallest failing case, shrunk from ${result.failure.runs} generated requests)`);
      }
    };
    const seed = (options.seed + index * 2) | 0;
    await runOne(validCases(inputs), true, seed);
    await runOne(invalidCases(inputs), false, (seed + 1) | 0);
  }

  async function statefulPhase(): Promise<void> {
    const steps = linkSteps(description.data, description.operations).filter((step) => stats(step.to).skipped === undefined);
    if (steps.length === 0) return;
    options.progress?.(`stateful phase: ${steps.length} link${steps.length === 1 ? '' : 's'}`);
    for (const step of steps) {
      const from = options.examples.find((e) => e.op === step.from && e.kind === BASE_PROBE.id && e.outcome.ok && String(e.outcome.response.status).startsWith(step.status.slice(0, 1)));
      if (!from || !from.outcome.ok) continue;
      const fromInputs = operationInputs(description, step.from, options.data);
      const context = exchangeContext(from, from.outcome.response, fromInputs);
      const inputs = operationInputs(description, step.to, options.data);
      const values = baseValues(inputs);
      let complete = true;
      for (const [name, expression] of Object.entries(step.parameters)) {
        const value = evaluateExpression(expression, context);
        if (value === undefined) {
          complete = false;
          break;
        }
        const [location, bare] = name.includes('.') ? [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)] : [undefined, name];
        const input = inputs.find((candidate) => candidate.parameter?.name === bare && (location === undefined || candidate.parameter.in === location));
        if (input) values[input.key] = value;
      }
      if (step.requestBody !== undefined) {
        const body = evaluateExpression(step.requestBody, context);
        if (body !== undefined) values.body = body;
      }
      if (!complete) continue;
      const request = buildRequest(options.server, step.to, inputs, values, options.credentials.full);
      const verdict = await exchange(step.to, 'stateful', request, { kind: 'positive' }, `link ${step.name} from ${step.from.label}`);
      if (verdict) reportVerdict(step.to, 'stateful', request, verdict, `link ${step.name}`);
    }
  }

  function coverageReport(): CoverageReport {
    let covered = 0;
    let total = 0;
    let requests = 0;
    const list: OperationCoverage[] = description.operations.map((op) => {
      const s = stats(op);
      const inputs = operationInputs(description, op, options.data);
      const documented = op.responses.map((r) => r.status);
      const exercised = documented.filter((status) => s.statuses.has(status));
      const inputsExercised = inputs.filter((input) => s.inputs.has(input.key)).length;
      covered += exercised.length + inputsExercised;
      total += documented.length + inputs.length;
      requests += Object.values(s.requests).reduce((sum, n) => sum + n, 0);
      return {
        document: description.displayPath,
        operation: op.label,
        ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
        requests: s.requests,
        statuses: { documented, exercised },
        inputs: { total: inputs.length, exercised: inputsExercised },
        constraints: s.constraints.size,
        ...(s.skipped ? { skipped: s.skipped } : {}),
      };
    });
    return { percent: total === 0 ? 100 : Math.floor((100 * covered) / total), phases: [...phases], seed: options.seed, requests, operations: list };
  }
}

function verdictRules(expectation: Expectation): ContractRuleId[] {
  switch (expectation.kind) {
    case 'positive':
      return ['contract-server-error', 'contract-positive-data-accepted'];
    case 'negative':
      return ['contract-server-error', 'contract-negative-data-rejected'];
    case 'missing':
      return ['contract-server-error', 'contract-missing-required-input'];
    case 'forged':
      return ['contract-server-error', 'contract-ignored-auth'];
    case 'method':
      return ['contract-unsupported-method'];
  }
}

/** What an answer says about the request's expectation; undefined when it is right. */
function judge(label: string, phase: Phase, expectation: Expectation, response: HttpResponse): Verdict | undefined {
  const status = response.status;
  if (expectation.kind === 'method') {
    const allow = response.headers.get('allow');
    if (status === 405 && allow) return undefined;
    const documented = expectation.documented.join(', ');
    if (status === 405) return { ruleId: 'contract-unsupported-method', message: `${label}, a method the description does not document for this path, answered 405 without an Allow header; list the documented methods (Allow: ${documented})` };
    return { ruleId: 'contract-unsupported-method', message: `${label}, a method the description does not document for this path, answered ${status}; expected 405 with Allow: ${documented}` };
  }
  if (status >= 500) {
    const what = expectation.kind === 'negative' ? `a value that breaks ${expectation.input}'s ${expectation.constraint}` : expectation.kind === 'missing' ? `no ${expectation.input}` : expectation.kind === 'forged' ? `a forged token (${expectation.token})` : 'values the description allows';
    return { ruleId: 'contract-server-error', message: `${label} (${phase} phase, ${what}) answered ${status}; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details` };
  }
  switch (expectation.kind) {
    case 'positive':
      if (status === 400 || status === 422) return { ruleId: 'contract-positive-data-accepted', message: `${label} (${phase} phase) answered ${status}, though every value it sends is one the description allows; accept it, or document the constraint that refuses it` };
      return undefined;
    case 'negative':
      if (status < 400) return { ruleId: 'contract-negative-data-rejected', message: `${label} (${phase} phase) answered ${status} to a value that breaks ${expectation.input}'s ${expectation.constraint}; the server must refuse it with 400 Problem Details` };
      return undefined;
    case 'missing':
      if (status < 400) return { ruleId: 'contract-missing-required-input', message: `${label} (${phase} phase) answered ${status} without the required ${expectation.input}; the server must refuse it with 400 Problem Details` };
      return undefined;
    case 'forged':
      if (status === 401) return undefined;
      if (status < 400) return { ruleId: 'contract-ignored-auth', message: `${label} answered ${status} to a forged token (${expectation.token}); the server must check every token and answer 401` };
      if (status === 403) return { ruleId: 'contract-ignored-auth', message: `${label} answered 403 to a forged token (${expectation.token}); a token that is not valid is answered 401 (403 is for a valid token without the permission)` };
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs and requests

const IGNORED_HEADERS = ['accept', 'content-type', 'authorization'];

function operationInputs(description: ContractDescription, op: OperationModel, data: ContractData | undefined): Input[] {
  const given = dataFor(data, op)?.positive;
  const inputs: Input[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in === 'header' && IGNORED_HEADERS.includes(parameter.name.toLowerCase())) continue;
    if (parameter.in === 'cookie') continue;
    const schema = flattenSchema(description.data, parameter.schema ?? {}, parameter.name);
    const supplied = dataValue(given, parameter);
    const example = parameter.parameter.example;
    const present = supplied.found || example !== undefined || parameter.required;
    const base = supplied.found ? supplied.value : example !== undefined ? example : validValue(schema);
    inputs.push({ key: `${parameter.in}:${parameter.name}`, required: parameter.required, schema, parameter, base, present });
  }
  const body = op.requestBody;
  if (body && isObject(body.body.content)) {
    const content = body.body.content;
    const mediaType = Object.keys(content).find((type) => /json/i.test(type));
    if (mediaType !== undefined) {
      const media: unknown = content[mediaType];
      const field = (key: string): unknown => (isObject(media) ? media[key] : undefined);
      const schema = flattenSchema(description.data, field('schema') ?? {});
      const supplied = given && Object.prototype.hasOwnProperty.call(given, REQUEST_BODY_KEY) ? given[REQUEST_BODY_KEY] : undefined;
      inputs.push({ key: 'body', required: body.required, schema, base: supplied ?? field('example') ?? validValue(schema), present: true });
    }
  }
  return inputs;
}

function baseValues(inputs: readonly Input[]): Record<string, unknown> {
  return Object.fromEntries(inputs.filter((input) => input.present).map((input) => [input.key, input.base]));
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A header value HTTP can carry: anything outside visible ASCII percent-encoded. */
function headerValue(value: unknown): string {
  const text = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
  return text.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c)).replace(/%20/g, ' ').trim();
}

export function buildRequest(server: URL, op: OperationModel, inputs: readonly Input[], values: Record<string, unknown>, credentials: Record<string, string>): HttpRequest {
  let pathname = op.pathKey;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...credentials };
  let body: string | undefined;
  for (const input of inputs) {
    if (!Object.prototype.hasOwnProperty.call(values, input.key)) continue;
    const value = values[input.key];
    const parameter = input.parameter;
    if (!parameter) {
      body = JSON.stringify(value);
      continue;
    }
    switch (parameter.in) {
      case 'path':
        pathname = pathname.split(`{${parameter.name}}`).join(encodeURIComponent(Array.isArray(value) ? value.map(scalar).join(',') : scalar(value)));
        break;
      case 'query':
        if (Array.isArray(value)) for (const item of value) query.append(parameter.name, scalar(item));
        else query.append(parameter.name, scalar(value));
        break;
      case 'header':
        headers[parameter.name] = headerValue(value);
        break;
    }
  }
  const accept = [...new Set(op.responses.flatMap((r) => Object.keys(r.content)))];
  if (accept.length) headers.Accept = accept.join(', ');
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const url = new URL(server.href);
  url.pathname = `${server.pathname.replace(/\/+$/, '')}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
  const search = query.toString();
  url.search = search ? `?${search}` : '';
  return { method: op.method, url, headers, ...(body !== undefined ? { body } : {}) };
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/**
 * Tokens no server may accept: a garbage string, an unsigned `alg: none` token with the real
 * token's claims (or plausible ones), and the real token with its signature broken.
 */
export function forgedTokens(credentials: Credentials): Array<[string, string]> {
  const authorization = Object.entries(credentials.full).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const real = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const [header, payload, signature, ...more] = real?.split('.') ?? [];
  const isJwt = header !== undefined && payload !== undefined && signature !== undefined && more.length === 0;
  let claims: Record<string, unknown> = { sub: 'vottur-forged', scope: '', exp: Math.floor(Date.now() / 1000) + 3600 };
  if (isJwt) {
    try {
      const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (isObject(decoded)) claims = decoded;
    } catch {
      // Not a JWT: the plausible claims stand.
    }
  }
  const tokens: Array<[string, string]> = [
    ['vottur-forged-token', 'a garbage token'],
    [`${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.`, 'an unsigned alg "none" token'],
  ];
  if (isJwt && signature.length > 4) {
    const flipped = `${signature.slice(0, -4)}${signature.slice(-4).split('').reverse().join('') === signature.slice(-4) ? 'AAAA' : signature.slice(-4).split('').reverse().join('')}`;
    tokens.push([`${header}.${payload}.${flipped}`, 'the real token with its signature changed']);
  }
  return tokens;
}

function exchangeContext(example: ExampleExchange, response: HttpResponse, inputs: readonly Input[]): ExchangeContext {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const input of inputs) {
    if (input.parameter?.in === 'path') path[input.parameter.name] = input.base;
    if (input.parameter?.in === 'query') {
      const value = example.url.searchParams.get(input.parameter.name);
      if (value !== null) query[input.parameter.name] = value;
    }
  }
  let body: unknown;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = response.body;
  }
  let requestBody: unknown;
  try {
    requestBody = example.body !== undefined ? JSON.parse(example.body) : undefined;
  } catch {
    requestBody = example.body;
  }
  return {
    url: example.url.href,
    method: example.method,
    request: { path, query, headers: example.headers, ...(requestBody !== undefined ? { body: requestBody } : {}) },
    response: { status: response.status, headers: Object.fromEntries(response.headers.entries()), ...(body !== undefined ? { body } : {}) },
  };
}
