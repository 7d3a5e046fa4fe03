/**
 * Signed conformance records: `vottur attest` and `vottur verify` are thin wrappers over this.
 * The lint run itself is the caller's (the same run and gate as `vottur lint`); this module names the
 * bytes judged, builds the in-toto Statement, signs it in a DSSE envelope, and checks one.
 */
import { relative, sep } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { CouldNotRunError } from '../errors.js';
import { maskedView, maskNationalIds } from '../pii.js';
import { parseErrorWithoutContent } from '../runtime/safe-read.js';
import { isRemote, loadDescription, type LoadedDescription } from '../lint/load.js';
import { platformRulesetLinter } from '../lint/lint.js';
import { gatePolicy } from '../policy/index.js';
import type { Report, Severity } from '../report/finding.js';
import { reportExitCode } from '../report/gate.js';
import { envelopeProblem, signEnvelope, verifyEnvelope, type DsseEnvelope } from './dsse.js';
import {
  buildStatement,
  PAYLOAD_TYPE,
  rulesetDigest,
  sha256Hex,
  statementProblem,
  type ConformancePredicate,
  type ContractRecord,
  type DiffRecord,
  type Statement,
  type Subject,
} from './statement.js';

export * from './dsse.js';
export * from './statement.js';

/**
 * Every file of a description (the root and each file its `$ref`s reach), named as the report names
 * documents (relative to `cwd`, `/`-separated; URLs as given) with the SHA-256 of its bytes. The
 * root comes first.
 */
export async function describeSubjects(
  file: string,
  options: { cwd: string; allowRemoteRefs?: boolean },
): Promise<Subject[]> {
  return subjectsOf(
    await loadDescription(file, { cwd: options.cwd, allowRemoteRefs: options.allowRemoteRefs }),
    options.cwd,
  );
}

/**
 * The subjects of a description already loaded: the SHA-256 of the very bytes the loader read and
 * parsed (a byte-order mark or line endings are part of what was judged), never a second read of
 * the disk. `vottur attest` loads once and lints, contract-tests and hashes that one load: a server
 * under test that rewrites the checkout during the run cannot get other bytes signed (issue 34, C5).
 */
export function subjectsOf(loaded: LoadedDescription, cwd: string): Subject[] {
  const uris = [loaded.rootUri, ...[...loaded.files.keys()].filter((uri) => uri !== loaded.rootUri).sort()];
  return uris.map((uri) => {
    const source = loaded.files.get(uri);
    const bytes = source?.bytes ?? Buffer.from(source?.text ?? '', 'utf8');
    const name = isRemote(uri) ? uri : relative(cwd, uri).split(sep).join('/');
    return { name, digest: { sha256: sha256Hex(bytes) } };
  });
}

/** vottur's own ruleset as this installation has it. */
export async function currentRuleset(): Promise<{ name: string; rules: number; sha256: string }> {
  return { name: 'vottur', ...rulesetDigest((await platformRulesetLinter()).rules) };
}

/** The policy the report ran under, with a digest (the built-in `gate` by its defaults' JSON). */
export function policyRecord(report: Report): ConformancePredicate['policy'] {
  const policy = report.configuration?.policy;
  if (!policy) return undefined;
  const sha256 = policy.sha256 ?? sha256Hex(JSON.stringify(gatePolicy()));
  return { name: policy.name, ...(policy.file !== undefined ? { file: policy.file } : {}), sha256 };
}

export interface GateThresholds {
  failSeverity: Severity;
  minScore?: number;
}

export function verdictOf(report: Report, gate: GateThresholds): 'pass' | 'fail' {
  return reportExitCode(report, gate) === 0 ? 'pass' : 'fail';
}

export async function createAttestation(input: {
  report: Report;
  subjects: Subject[];
  gate: GateThresholds;
  privateKey: KeyObject;
  contract?: ContractRecord;
  diff?: DiffRecord;
  /** The lint's own report, when a contract run or a diff joined it (its verdict is recorded apart). */
  lint?: Report;
  /** Keep national identifiers unmasked in the statement (`--show-pii`). */
  showPii?: boolean;
}): Promise<{ envelope: DsseEnvelope; statement: Statement }> {
  const policy = policyRecord(input.report);
  const built = buildStatement({
    subjects: input.subjects,
    report: input.report,
    ruleset: await currentRuleset(),
    ...(policy ? { policy } : {}),
    gate: {
      ...input.gate,
      verdict: verdictOf(input.report, input.gate),
      ...(input.lint ? { lintVerdict: verdictOf(input.lint, input.gate) } : {}),
    },
    ...(input.contract ? { contract: input.contract } : {}),
    ...(input.diff ? { diff: input.diff } : {}),
  });
  // The statement is output too (o34r15 B10: a file named 0101302989.yaml was in its subject, its
  // title and its rule ids): masked as the reports are, unless asked. Digests are never masked.
  const statement = input.showPii ? built : maskedView(built);
  const payload = Buffer.from(JSON.stringify(statement), 'utf8');
  return { envelope: signEnvelope(PAYLOAD_TYPE, payload, input.privateKey), statement };
}

/** An envelope from the text of an attestation file, or a one-line refusal (exit 2: nothing to verify). */
export function parseEnvelope(text: string, shown: string): DsseEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's complaint without the text it quotes (o34r15 B8: `"PATH=/root"... is not valid JSON`).
    throw new CouldNotRunError(
      `${shown} is not JSON (${parseErrorWithoutContent(error)}); give the file vottur attest wrote`,
    );
  }
  const problem = envelopeProblem(value);
  if (problem !== undefined) throw new CouldNotRunError(`${shown} is not a DSSE envelope: ${problem}`);
  return value as DsseEnvelope;
}

export interface Verification {
  /** The statement, once its signature verified; undefined when it did not. */
  statement?: Statement;
  /** What does not hold, one line each; empty when the attestation verifies. */
  problems: string[];
}

/**
 * Checks the signature, then that the statement is vottur's, that the description's files are the
 * bytes it names (the same files, the same digests), and that this vottur and its ruleset are the
 * ones that signed. Nothing in an unverified payload is trusted or reported.
 */
export async function verifyAttestation(input: {
  envelope: DsseEnvelope;
  publicKey: KeyObject;
  subjects: Subject[];
  tool: { name: string; version: string };
}): Promise<Verification> {
  if (input.envelope.payloadType !== PAYLOAD_TYPE)
    // Not quoted: the envelope is the repository's text.
    return { problems: [`the payload type is not ${PAYLOAD_TYPE}`] };
  const payload = verifyEnvelope(input.envelope, input.publicKey);
  if (payload === undefined) return { problems: ['the signature does not verify with the given public key'] };
  let statement: unknown;
  try {
    statement = JSON.parse(payload.toString('utf8'));
  } catch {
    return { problems: ['the signed payload is not JSON'] };
  }
  const shape = statementProblem(statement);
  if (shape !== undefined) return { problems: [shape] };
  const signed = statement as Statement;
  const problems: string[] = [];
  // Names compared as masked, on both sides: a statement is signed masked unless --show-pii, and
  // the description's files are named as they are now.
  const attested = new Map(signed.subject.map((subject) => [maskNationalIds(subject.name), subject.digest.sha256]));
  for (const subject of input.subjects) {
    const digest = attested.get(maskNationalIds(subject.name));
    if (digest === undefined) problems.push(`${subject.name} is not a subject of the attestation`);
    else if (digest !== subject.digest.sha256)
      problems.push(
        `${subject.name} changed since it was attested (sha256 ${subject.digest.sha256}, attested ${digest})`,
      );
  }
  const present = new Set(input.subjects.map((subject) => maskNationalIds(subject.name)));
  for (const name of attested.keys())
    if (!present.has(name)) problems.push(`${name} was attested but is not part of the description now`);
  const { tool, ruleset } = signed.predicate;
  if (tool.name !== input.tool.name || tool.version !== input.tool.version)
    problems.push(`attested by ${tool.name} ${tool.version}, this is ${input.tool.name} ${input.tool.version}`);
  const current = await currentRuleset();
  if (ruleset.sha256 !== current.sha256)
    problems.push(
      `the ruleset changed since the attestation (${ruleset.rules} rules, sha256 ${ruleset.sha256.slice(0, 12)}…; now ${current.rules} rules, ${current.sha256.slice(0, 12)}…)`,
    );
  return { statement: signed, problems };
}

/** What a contract report says of its run, for the statement (`--server`). */
export function contractRecord(report: Report, target: string): ContractRecord {
  const operations = report.operations ?? [];
  return {
    target,
    operations: operations.length,
    passed: operations.filter((operation) => operation.findings === 0 && operation.notTested === undefined).length,
    notTested: operations.filter((operation) => operation.notTested !== undefined).length,
    requests: operations.reduce((sum, operation) => sum + operation.requests, 0),
    findings: report.findings.length,
    ...(report.coverage
      ? { coverage: { percent: report.coverage.percent, phases: report.coverage.phases, seed: report.coverage.seed } }
      : {}),
  };
}

/** What a diff report says of its comparison, for the statement (`--base`). */
export function diffRecord(report: Report, base: string): DiffRecord | undefined {
  if (!report.diff) return undefined;
  const { verdict, allowed, newMajor, counts: byClass } = report.diff;
  return { base, verdict, allowed, newMajor, counts: { ...byClass } };
}

/**
 * Whether a new lint under the attested thresholds reaches the attested verdict (the lint's own,
 * when the attestation recorded a contract run or a diff beside it: those are not repeated).
 */
export function recheck(
  statement: Statement,
  report: Report,
): { holds: boolean; attested: 'pass' | 'fail'; now: 'pass' | 'fail'; score: number } {
  const { failSeverity, minScore } = statement.predicate.gate;
  const now = verdictOf(report, { failSeverity, ...(minScore !== undefined ? { minScore } : {}) });
  const { score } = buildStatement({
    subjects: statement.subject,
    report,
    ruleset: statement.predicate.ruleset,
    gate: { failSeverity, verdict: now },
  }).predicate.score;
  const attested = statement.predicate.gate.lintVerdict ?? statement.predicate.gate.verdict;
  return { holds: now === attested, attested, now, score };
}
