/**
 * Issue 34, outside attack o34r12: what reaches standard output, and the one-line refusals.
 * - B9: `lint --gate --fix-dry-run` printed a patch whose context lines (the description's own text)
 *   were live GitHub workflow commands once the runner trims the leading spaces. Every text on
 *   standard output now passes one neutraliser in `main`; the github format's own annotations
 *   are written through `stdoutCommands`.
 * - B6: `vottur report` on a saved report with a 5,000-level array in a finding overflowed the stack
 *   ("unexpected failure"); it is refused in one line by the same nesting bound lint applies.
 * - B15: `attest --help` said --fail-severity and --min-score exit 1; attest exits 0 once written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandSafeWriter } from '../../src/runtime/escape.js';
import { ROOT, votturInProcess as vottur } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-stdout-commands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const conformant = readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8');

/** A line a GitHub runner would run: after what .NET's TrimStart removes (and invisible characters), `::`. */
const live = (line: string) =>
  /^[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\p{Cf}]*::/u.test(line);

describe('every text on standard output is neutralised (B9)', () => {
  it('a --fix-dry-run patch under --gate carries no live workflow command, whatever the description says', async () => {
    const hostile = conformant
      .replace(
        '    national identifiers sent in headers, OAuth2 scopes) and lints with no error or warning.\n',
        '    national identifiers sent in headers, OAuth2 scopes) and lints with no error or warning.\n' +
          '    ::set-env name=X::y\n    ::stop-commands::token\n    \u2003::error title=forged::gate passed\n',
      )
      .replace('  version: 1.4.0', "  version: '1.4'");
    writeFileSync(join(dir, 'api.yaml'), hostile);
    const result = await vottur(['lint', 'api.yaml', '--gate', '--fix-dry-run'], { cwd: dir });
    expect(result.stdout).toContain('@@');
    expect(result.stdout).toContain('set-env name=X::y');
    expect(result.stdout.split(/\r\n|\r|\n/).filter(live)).toEqual([]);
  });

  it("the github format's own annotations stay commands", async () => {
    writeFileSync(join(dir, 'bad.yaml'), conformant.replace(/ {2}contact:\n(?: {4}.*\n)+/, ''));
    const result = await vottur(['lint', 'bad.yaml', '--gate', '-f', 'github'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(
      result.stdout
        .split('\n')
        .filter(live)
        .some((line) => line.startsWith('::error file=bad.yaml')),
    ).toBe(true);
  });

  it('a line split over several writes is judged whole; a final line without a break is written at the end', () => {
    let out = '';
    const writer = commandSafeWriter((text) => void (out += text));
    for (const piece of ['ok\n  :', ':add-mask::x\n', '#', '#[error]y\n', '::warn']) writer.write(piece);
    writer.commands('::error::own\n');
    writer.write('::notice::z');
    writer.flush();
    expect(out.split('\n')).toEqual([
      'ok',
      '  \\u003a:add-mask::x',
      '#\\u0023[error]y',
      '\\u003a:warn::error::own',
      '\\u003a:notice::z',
    ]);
  });
});

describe('a saved report nested too deep is refused in one line (B6)', () => {
  it('vottur report on a report with a 5,000-level array in a finding', async () => {
    writeFileSync(join(dir, 'bad.yaml'), conformant.replace(/ {2}contact:\n(?: {4}.*\n)+/, ''));
    const saved = await vottur(['lint', 'bad.yaml', '-f', 'json', '-o', 'rep.json'], { cwd: dir });
    expect(saved.code).toBe(1);
    const text = readFileSync(join(dir, 'rep.json'), 'utf8');
    for (const [name, deep] of [
      ['array', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ] as const) {
      writeFileSync(join(dir, `deep-${name}.json`), text.replace('"ruleId"', `"x": ${deep}, "ruleId"`));
      for (const gate of [[], ['--gate']]) {
        const result = await vottur(['report', `deep-${name}.json`, ...gate], { cwd: dir });
        expect(result.code).toBe(2);
        expect(result.stderr).toBe(
          `vottur: deep-${name}.json is not a vottur JSON report: it is nested deeper than 1000 levels, which no report needs\n`,
        );
      }
    }
  });
});

describe('attest --help says what attest does (B15)', () => {
  it('--fail-severity and --min-score set the recorded verdict; no exit 1 is promised', async () => {
    const result = await vottur(['attest', '--help']);
    const help = result.stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(
      /--fail-severity <level> the recorded verdict is "fail" when a finding is at or above this severity \(attest still exits 0/,
    );
    expect(help).toMatch(
      /--min-score <n> the recorded verdict is "fail" when the score of any document is below this \(attest still exits 0/,
    );
    expect(help).not.toMatch(/exit 1/);
  });
});
