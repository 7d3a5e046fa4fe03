/**
 * The probe registry: every probe file in src/contract/probes/ is registered, in the order the
 * requests are planned; ids are unique; each reports under a contract rule; and at most one probe
 * stands for any status of Dredd's transactions.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractDescription } from '../../../src/contract/description.js';
import { BASE_PROBE, PROBES, probeById } from '../../../src/contract/probes/index.js';
import { CONTRACT_RULE_IDS } from '../../../src/contract/rules.js';
import { describeYaml, USERS } from './helpers.js';

const FOLDER = join(import.meta.dirname, '../../../src/contract/probes');

let users: ContractDescription;
beforeAll(async () => {
  users = await describeYaml(USERS);
});

describe('the probe registry', () => {
  it('lists every probe file, in planning order, the base probe first', async () => {
    const files = readdirSync(FOLDER).filter(
      (name) => name.endsWith('.ts') && !['index.ts', 'generated-index.ts', 'probe.ts'].includes(name),
    );
    const modules = await Promise.all(files.map(async (name) => (await import(join(FOLDER, name))).default));
    expect(new Set(modules)).toEqual(new Set(PROBES));
    expect(PROBES.map((probe) => probe.id)).toEqual(['positive', 'notFound', 'malformed', 'noAuth', 'noScope']);
    expect(PROBES[0]).toBe(BASE_PROBE);
  });

  it('finds each probe by its id, and only those', () => {
    for (const probe of PROBES) expect(probeById(probe.id)).toBe(probe);
    // @ts-expect-error: not a probe's id
    expect(() => probeById('nonesuch')).toThrow(/no contract probe "nonesuch"/);
  });

  it('reports each probe under a contract rule', () => {
    for (const probe of PROBES) expect(CONTRACT_RULE_IDS).toContain(probe.rule);
  });

  it("gives each status of Dredd's transactions to one probe at most", () => {
    for (const op of users.operations) {
      for (let status = 100; status < 600; status++) {
        const standing = PROBES.filter((probe) => probe.dredd.standsFor(status, op)).map((probe) => probe.id);
        expect(standing.length, `${op.label} ${status}: ${standing.join(', ')}`).toBeLessThanOrEqual(1);
      }
    }
  });
});
