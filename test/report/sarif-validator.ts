/**
 * Microsoft's SARIF validator (`Sarif.Multitool validate`, the @microsoft/sarif-multitool
 * devDependency), for every test that checks a SARIF log with it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Microsoft's SARIF multitool, from the @microsoft/sarif-multitool devDependency. */
function multitool(): string | undefined {
  try {
    const binary = createRequire(import.meta.url)('@microsoft/sarif-multitool') as string;
    if (!existsSync(binary)) return undefined;
    // Its postinstall (`chmod u+x`) does not run where npm blocks install scripts.
    const mode = statSync(binary).mode;
    if ((mode & 0o100) === 0) chmodSync(binary, mode | 0o100);
    return binary;
  } catch {
    return undefined;
  }
}

export const MULTITOOL = multitool();
if (!MULTITOOL)
  console.warn(
    `SKIPPED: the SARIF validator tests need @microsoft/sarif-multitool for ${process.platform}-${process.arch} (npm install)`,
  );

export interface ValidatorResult {
  ruleId: string;
  level?: string;
  message: { id?: string; arguments?: string[] };
}

/** Runs `Sarif.Multitool validate` and returns what it reported (its own SARIF log). */
export function validate(sarif: string, ruleKinds?: string): ValidatorResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-sarif-'));
  try {
    const input = join(dir, 'report.sarif');
    const output = join(dir, 'validation.sarif');
    writeFileSync(input, sarif);
    execFileSync(
      MULTITOOL!,
      [
        'validate',
        input,
        '--output',
        output,
        '--log',
        'ForceOverwrite',
        ...(ruleKinds ? ['--rule-kind', ruleKinds] : []),
      ],
      {
        // Invariant globalisation: no ICU library needed on the machine.
        env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
        stdio: 'pipe',
        timeout: 120_000,
      },
    );
    const log = JSON.parse(readFileSync(output, 'utf8'));
    return log.runs[0].results ?? [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Errors and warnings (a result without a level is a warning in SARIF). */
export function problems(results: ValidatorResult[]): string[] {
  return results
    .filter((r) => (r.level ?? 'warning') !== 'note' && r.level !== 'none')
    .map((r) => `${r.ruleId} ${r.message.id ?? ''} ${(r.message.arguments ?? []).join(' | ')}`);
}
