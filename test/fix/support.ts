/** Shared by the fix tests: lint a loaded description, apply a fix in memory, and ask `vottur diff` (on files) what it did. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CHECKS, diffDescriptions } from '../../src/diff/index.js';
import { applyFileEdits, reload, textsOf, type Fix, type FixEffect } from '../../src/fix/index.js';
import { lintDocument } from '../../src/lint/index.js';
import type { LoadedDescription } from '../../src/lint/load.js';
import type { Finding } from '../../src/report/finding.js';

export async function findingsOf(loaded: LoadedDescription): Promise<Finding[]> {
  return (await lintDocument(loaded.rootUri, { loaded })).findings;
}

export async function applied(loaded: LoadedDescription, fix: Fix): Promise<LoadedDescription> {
  return reload(loaded, applyFileEdits(textsOf(loaded), fix.edits));
}

const CLASS_OF = new Map<string, FixEffect>(CHECKS.map((check) => [check.id, check.class]));
const RANK: Record<FixEffect, number> = { documentation: 0, 'non-breaking': 1, review: 2, breaking: 3 };

/** The highest class `vottur diff` reports between two texts of a single-file description, written to files. */
export async function diffClass(name: string, before: string, after: string): Promise<FixEffect> {
  const folder = mkdtempSync(join(tmpdir(), 'vottur-fix-test-'));
  try {
    const base = join(folder, `before-${basename(name)}`);
    const revision = join(folder, `after-${basename(name)}`);
    writeFileSync(base, before);
    writeFileSync(revision, after);
    const report = await diffDescriptions(base, revision);
    let effect: FixEffect = 'documentation';
    for (const finding of report.findings) {
      const cls = CLASS_OF.get(finding.ruleId);
      if (cls && RANK[cls] > RANK[effect]) effect = cls;
    }
    return effect;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Findings counted per rule. */
export function countByRule(findings: readonly Finding[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.ruleId, (counts.get(finding.ruleId) ?? 0) + 1);
  return counts;
}
