/** The contract rules' documentation stays in step with the code. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractRules } from '../../src/contract/index.js';
import { PROBES } from '../../src/contract/probes/index.js';
import { FAULT_NAMES } from '../../src/reference/faults.js';
import { FAULT_TABLE } from './fixtures/fault-table.js';

const ROOT = join(import.meta.dirname, '../..');
const guide = readFileSync(join(ROOT, 'docs/contract.md'), 'utf8');

describe('contract rule documentation', () => {
  it.each(contractRules().map((rule) => [rule.id, rule] as const))(
    '%s has a page: why, what triggers it, how to fix, examples',
    (id, rule) => {
      const page = join(ROOT, 'docs/rules', `${id}.md`);
      expect(existsSync(page), `docs/rules/${id}.md`).toBe(true);
      const text = readFileSync(page, 'utf8');
      expect(text.startsWith(`# ${id}\n`)).toBe(true);
      expect(text).toContain(`**Severity:** ${rule.severity} · **Category:** ${rule.category}`);
      for (const section of ['Why', 'What triggers it', 'How to fix', 'Failing', 'Passing'])
        expect(text).toMatch(new RegExp(`^## ${section}$`, 'm'));
      expect(rule.docsUrl).toBe(`https://github.com/vottur/vottur/blob/main/docs/rules/${id}.md`);
    },
  );

  it('lists every rule in docs/contract.md with its severity and category', () => {
    for (const rule of contractRules()) {
      expect(guide).toContain(
        `| [${rule.id}](rules/${rule.id}.md) | ${rule.severity} | ${rule.category} | ${rule.source} |`,
      );
    }
  });

  it('has the fault table for every fault mode, naming the rules the matrix test expects', () => {
    for (const fault of FAULT_NAMES) {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${fault}\` |`));
      expect(row, fault).toBeDefined();
      for (const id of FAULT_TABLE[fault].rules) expect(row).toContain(`\`${id}\``);
      // The errors one cause gives, in the table's last column.
      expect(row).toMatch(new RegExp(`\\| ${FAULT_TABLE[fault].errors} \\|$`));
    }
  });

  it('has a row for every probe in the planned requests table, naming its rule', () => {
    for (const probe of PROBES) {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${probe.id}\` |`));
      expect(row, probe.id).toBeDefined();
      expect(row).toContain(`[${probe.rule}](rules/${probe.rule}.md)`);
    }
  });
});
