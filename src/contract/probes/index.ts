/**
 * The contract probes, one file each, in the order their requests are planned for an operation.
 * A new probe is a new file in this folder (`defineProbe`, see probe.ts) and one line here; its
 * rule, if it is a new one, goes in ../rules.ts. docs/writing-rules.md, "Writing a contract probe".
 */
import malformed from './malformed.js';
import noAuth from './no-auth.js';
import noScope from './no-scope.js';
import notFound from './not-found.js';
import positive from './positive.js';
import type { Probe, ProbeRequest } from './probe.js';

export const PROBES = [positive, notFound, malformed, noAuth, noScope] as const;

/** A probe's id: `positive`, `notFound`, `malformed`, `noAuth`, `noScope`. */
export type ProbeKind = (typeof PROBES)[number]['id'];

/** A request one of the probes planned. */
export type PlannedRequest = ProbeRequest<ProbeKind>;

/** The probe every other one starts from: the request built from the examples. */
export const BASE_PROBE: Probe<ProbeKind> = positive;

const BY_ID: ReadonlyMap<string, Probe<ProbeKind>> = new Map(PROBES.map((probe) => [probe.id, probe]));

/** The probe with this id. */
export function probeById(id: ProbeKind): Probe<ProbeKind> {
  const probe = BY_ID.get(id);
  if (!probe) throw new Error(`vottur: no contract probe "${id}"`);
  return probe;
}
