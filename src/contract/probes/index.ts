/**
 * The contract probes, one file each (`defineProbe`, see probe.ts), found by the generated index
 * (generated-index.ts, `npm run indexes`), in the order their requests are planned for an
 * operation (each probe's `order`). A new probe is a new file in this folder; its rule, if it is a
 * new one, goes in ../rules.ts. docs/writing-rules.md, "Writing a contract probe".
 */
import { ALL_PROBES } from './generated-index.js';
import type { Probe, ProbeRequest } from './probe.js';

export const PROBES = [...ALL_PROBES].sort((a, b) => a.order - b.order);

/** A probe's id: `positive`, `notFound`, `malformed`, `noAuth`, `noScope`. */
export type ProbeKind = (typeof PROBES)[number]['id'];

/** A request one of the probes planned. */
export type PlannedRequest = ProbeRequest<ProbeKind>;

const BY_ID: ReadonlyMap<string, Probe<ProbeKind>> = new Map(PROBES.map((probe) => [probe.id, probe]));

/** The probe with this id. */
export function probeById(id: ProbeKind): Probe<ProbeKind> {
  const probe = BY_ID.get(id);
  if (!probe) throw new Error(`vottur: no contract probe "${id}"`);
  return probe;
}

/** The probe every other one starts from: the request built from the examples. */
export const BASE_PROBE: Probe<ProbeKind> = probeById('positive');
