/**
 * Microsoft's SARIF validator (`Sarif.Multitool validate`, the @microsoft/sarif-multitool
 * devDependency), for every test that checks a SARIF log with it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { QUICK, QUICK_SKIP_REASON } from '../suites.js';

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

/** The validator, or undefined where it is not installed (or in `npm run test:quick`, which leaves it out). */
export const MULTITOOL = QUICK ? undefined : multitool();
if (QUICK) console.warn(`SKIPPED: the SARIF validator checks ${QUICK_SKIP_REASON}`);
else if (!MULTITOOL)
  console.warn(
    `SKIPPED: the SARIF validator tests need @microsoft/sarif-multitool for ${process.platform}-${process.arch} (npm install)`,
  );

/** `title`, or `title` with the reason the validator does not run. */
export function validatorTitle(title: string): string {
  if (MULTITOOL) return title;
  return `${title} ${QUICK ? QUICK_SKIP_REASON : '(SKIPPED: no @microsoft/sarif-multitool for this platform)'}`;
}

export interface ValidatorResult {
  ruleId: string;
  level?: string;
  message: { id?: string; arguments?: string[] };
}

/** One SARIF log to validate, and the validator's rule kinds beyond its default (`Sarif`), e.g. `Sarif;Gh`. */
export interface SarifToValidate {
  sarif: string;
  ruleKinds?: string;
}

/**
 * The validator's own rules but SARIF2006 (UrisShouldBeReachable), which sends an HTTP GET to every
 * help URI in a log: a note at most (`problems` leaves notes out), and where the network is shut,
 * as here, a DNS timeout per host (75 s for one diff log instead of 4 s).
 */
const WITHOUT_REACHABILITY = `<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" />
  </Properties>
</Properties>
`;

/**
 * Runs `Sarif.Multitool validate` once over every log (one start of the .NET tool, several
 * seconds, however many logs) and returns what it reported about each, in order. The tool runs
 * with the union of the rule kinds asked for; a log that did not ask for a kind gets none of its
 * results (each rule kind has its own id prefix: SARIF, GH).
 */
export function validateAll(logs: SarifToValidate[]): ValidatorResult[][] {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-sarif-'));
  try {
    const inputs = logs.map((log, i) => {
      const input = join(dir, `report-${i}.sarif`);
      writeFileSync(input, log.sarif);
      return input;
    });
    const kindsOf = (log: SarifToValidate) => (log.ruleKinds ?? 'Sarif').split(';');
    const kinds = [...new Set(logs.flatMap(kindsOf))];
    const output = join(dir, 'validation.sarif');
    const config = join(dir, 'validation.xml');
    writeFileSync(config, WITHOUT_REACHABILITY);
    execFileSync(
      MULTITOOL!,
      [
        'validate',
        ...inputs,
        '--output',
        output,
        '--log',
        'ForceOverwrite',
        '--config',
        config,
        '--rule-kind',
        kinds.join(';'),
      ],
      {
        // Invariant globalisation: no ICU library needed on the machine.
        env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
        stdio: 'pipe',
        timeout: 120_000,
      },
    );
    const log = JSON.parse(readFileSync(output, 'utf8')) as { runs: { results?: LocatedResult[] }[] };
    const byInput = logs.map((): ValidatorResult[] => []);
    for (const result of log.runs[0].results ?? []) {
      const uri = result.locations?.[0]?.physicalLocation?.artifactLocation?.uri;
      const index = uri === undefined ? -1 : inputs.findIndex((input) => pathToFileURL(input).href === uri);
      // A result about no input file would be lost in the split: fail rather than pass it by.
      if (index < 0) throw new Error(`the SARIF validator reported on no input log: ${JSON.stringify(result)}`);
      const prefix = result.ruleId.replace(/\d+$/, '').toLowerCase();
      if (kindsOf(logs[index]).some((kind) => kind.toLowerCase() === prefix)) byInput[index].push(result);
    }
    return byInput;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface LocatedResult extends ValidatorResult {
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[];
}

/** Runs `Sarif.Multitool validate` on one log and returns what it reported (its own SARIF log). */
export function validate(sarif: string, ruleKinds?: string): ValidatorResult[] {
  return validateAll([{ sarif, ruleKinds }])[0];
}

/** Errors and warnings (a result without a level is a warning in SARIF). */
export function problems(results: ValidatorResult[]): string[] {
  return results
    .filter((r) => (r.level ?? 'warning') !== 'note' && r.level !== 'none')
    .map((r) => `${r.ruleId} ${r.message.id ?? ''} ${(r.message.arguments ?? []).join(' | ')}`);
}
