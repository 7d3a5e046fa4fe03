/**
 * The generated phases (coverage, fuzz, stateful) after the examples: given the example exchanges
 * to start from, the operations to leave out, and the transport they share the cap with.
 */
import type { Credentials } from '../auth.js';
import type { ContractData } from '../data.js';
import type { ContractDescription, OperationModel } from '../description.js';
import { headersFor, type Exchange } from '../phases/examples.js';
import { runPhases, type PhaseResult } from '../phases/index.js';
import type { SchemaValidators } from '../validate/index.js';
import type { RunSettings } from './options.js';
import type { Transport } from './transport.js';
import type { RunBudget } from './budget.js';

export interface GeneratedPhasesInput {
  settings: RunSettings;
  description: ContractDescription;
  validators: SchemaValidators;
  credentials: Credentials;
  data?: ContractData;
  exchanges: readonly Exchange[];
  /** Operations nothing is generated for, with the reason. */
  notTested: ReadonlyMap<OperationModel, string>;
  /** Secured operations held back for want of credentials, asked once without them (coverage phase). */
  askWithoutCredentials?: readonly OperationModel[];
  transport: Transport;
  budget: RunBudget;
  progress: (message: string) => void;
}

/** Runs the generated phases asked for; undefined when only the examples were. */
export async function generatedPhases(input: GeneratedPhasesInput): Promise<PhaseResult | undefined> {
  const { settings, credentials, exchanges, progress } = input;
  if (!settings.phases.some((phase) => phase !== 'examples')) return undefined;
  const generated = await runPhases({
    description: input.description,
    validators: input.validators,
    credentials,
    server: settings.server,
    phases: settings.phases,
    seed: settings.seed,
    maxExamples: settings.maxExamples,
    ...(settings.budgetSeconds !== undefined ? { budgetMs: settings.budgetSeconds * 1000 } : {}),
    allowUnsafeMethods: settings.allowUnsafeMethods,
    skip: input.notTested,
    ...(input.askWithoutCredentials ? { askWithoutCredentials: input.askWithoutCredentials } : {}),
    ...(input.data ? { data: input.data } : {}),
    examples: exchanges.map((e) => ({
      op: e.planned.op,
      kind: e.planned.kind,
      method: e.planned.method,
      url: e.url,
      headers: { ...e.planned.headers, ...headersFor(e.planned, credentials) },
      ...(e.planned.body !== undefined ? { body: e.planned.body } : {}),
      outcome: e.outcome,
    })),
    send: input.transport.sendGenerated,
    budget: input.budget,
    progress,
  });
  // The undocumented-method check sends PUT, PATCH, DELETE or POST (fetch cannot send TRACE, the
  // one safe method a path would not document): say that it was not run.
  if (settings.phases.includes('coverage') && !settings.allowUnsafeMethods) {
    progress(
      'coverage: the undocumented-method check (405 with Allow) was not run: it sends PUT, PATCH, DELETE or POST, which vottur sends only with --allow-unsafe-methods',
    );
  }
  progress(
    `generated ${generated.coverage.requests - exchanges.length} requests (seed ${settings.seed}; --seed ${settings.seed} sends the same ones); coverage ${generated.coverage.percent}%`,
  );
  return generated;
}
