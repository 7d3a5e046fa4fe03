/**
 * One run (issue 35): `vottur lint` and the language server settle findings with the one `settle`
 * (src/run/settle.ts), so they cannot disagree; `main` is a value (two runs in one process, each
 * with its own output and exit code); nothing below the bin touches the process's exit code or
 * streams.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDescriptionText } from '../../src/lsp/linting.js';
import type { Finding, Report } from '../../src/report/finding.js';
import { ROOT, votturInProcess } from '../cli/run.js';

const FIXTURES = join(ROOT, 'fixtures/run');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fixture copied into a repository of its own (a `.git` folder is what marks one). */
function repository(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `vottur-run-${name}-`));
  made.push(dir);
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  mkdirSync(join(dir, '.git'));
  return dir;
}

/** What a finding is, whoever reports it: its place, rule, level and whether it is held back. */
function shape(finding: Finding, cwd: string) {
  return {
    document: resolve(cwd, finding.document),
    ruleId: finding.ruleId,
    pointer: finding.pointer,
    severity: finding.severity,
    message: finding.message,
    baselineState: finding.baselineState ?? null,
    suppressed: (finding.suppressions ?? []).length > 0,
  };
}
const byPlace = (a: { ruleId: string; pointer: string; message: string }, b: typeof a) =>
  `${a.ruleId} ${a.pointer} ${a.message}`.localeCompare(`${b.ruleId} ${b.pointer} ${b.message}`);

/** `vottur lint <description> --format json` run from `cwd`, in this process. */
async function cliFindings(description: string, cwd: string) {
  const result = await votturInProcess(['lint', relative(cwd, description), '--format', 'json'], { cwd });
  expect(result.stderr).toBe('');
  expect([0, 1]).toContain(result.code);
  const report = JSON.parse(result.stdout) as Report;
  return report.findings.map((finding) => shape(finding, cwd)).sort(byPlace);
}

async function editorFindings(description: string) {
  const outcome = await lintDescriptionText({ root: description, texts: new Map(), trustedFolders: [tmpdir()] });
  expect(outcome.failure).toBeUndefined();
  return outcome.findings.map((finding) => shape(finding, outcome.cwd)).sort(byPlace);
}

describe('the command line and the language server settle alike', () => {
  it("the issue's example: a configuration in apis/ naming ../vottur-baseline.json", async () => {
    const repo = repository('subfolder-baseline');
    const description = join(repo, 'apis/users.yaml');
    const cli = await cliFindings(description, join(repo, 'apis'));
    const editor = await editorFindings(description);
    // The baseline holds back its five entries on both sides (the editor used to refuse the file as outside the repository).
    expect(cli.filter((finding) => finding.baselineState === 'unchanged')).toHaveLength(5);
    expect(editor).toEqual(cli);
  });

  const cases = readdirSync(FIXTURES);
  it('has fixtures with configurations, suppressions and baselines', () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });

  for (const name of cases) {
    it(`${name}: the same findings, levels, suppressions and baseline states`, async () => {
      const repo = repository(name);
      const configs = readdirSync(repo, { recursive: true, encoding: 'utf8' }).filter((file) =>
        file.endsWith('vottur.config.yaml'),
      );
      expect(configs).toHaveLength(1);
      const folder = dirname(join(repo, configs[0] ?? ''));
      const descriptions = readdirSync(folder).filter((file) => file.endsWith('.yaml') && !file.startsWith('vottur.'));
      for (const file of descriptions) {
        const cli = await cliFindings(join(folder, file), folder);
        // The fixture exercises what it is for: levels changed, a suppression honoured, one without a reason.
        expect(cli.some((finding) => finding.suppressed)).toBe(true);
        expect(cli.some((finding) => finding.ruleId === 'vottur-suppression-reason')).toBe(true);
        expect(await editorFindings(join(folder, file))).toEqual(cli);
      }
    });
  }
});

describe('main is a value', () => {
  it('runs twice in one process with different arguments, each with its own output and exit code', async () => {
    const repo = repository('levels-and-suppressions');
    const [failing, version, passing] = await Promise.all([
      votturInProcess(['lint', 'api.yaml', '--format', 'json'], { cwd: repo }),
      votturInProcess(['--version']),
      votturInProcess(['lint', join(ROOT, 'fixtures/conformant/catalogue-api.yaml')], { cwd: repo }),
    ]);
    expect(failing.code).toBe(1);
    expect((JSON.parse(failing.stdout) as Report).findings.length).toBeGreaterThan(5);
    expect(failing.stderr).toBe('');
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toMatch(/No problems found in 1 document/);
    expect(passing.stdout).not.toContain('{');
    // A mistake in a third run is its own: exit 2, one line on its own stderr.
    const wrong = await votturInProcess(['lint', 'missing.yaml'], { cwd: repo });
    expect(wrong).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^vottur: cannot read missing\.yaml/) });
    expect(process.exitCode).toBeUndefined();
  });
});

describe('a run reads from its io, not the process', () => {
  /** A repository outside this process's working folder, with the files named relative to it. */
  function work(): string {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-run-cwd-'));
    made.push(dir);
    mkdirSync(join(dir, '.git'));
    cpSync(join(ROOT, 'fixtures/loading/multi'), join(dir, 'multi'), { recursive: true });
    const breaking = join(ROOT, 'fixtures/diff/diff-response-body-property-removed');
    cpSync(join(breaking, 'base.yaml'), join(dir, 'base.yaml'));
    cpSync(join(breaking, 'revision.yaml'), join(dir, 'revision.yaml'));
    writeFileSync(
      join(dir, 'accept.yaml'),
      JSON.stringify([
        {
          rule: 'diff-response-body-property-removed',
          pointer: '/components/schemas/UserProfile',
          reason: 'agreed with callers',
        },
      ]),
    );
    return dir;
  }

  it('diff --accept and bundle resolve what the command line names from io.cwd', async () => {
    const cwd = work();
    expect(resolve(cwd)).not.toBe(process.cwd());
    // The accept file named relative to the run's folder (read from the process's, it was "no such file").
    const diff = await votturInProcess(
      ['diff', '--accept', 'accept.yaml', 'base.yaml', 'revision.yaml', '--format', 'json'],
      { cwd },
    );
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(0);
    expect((JSON.parse(diff.stdout) as { diff: { accepted: number } }).diff.accepted).toBe(1);
    // The root and its $refs read from the run's folder, the --output written there, named from there.
    const bundle = await votturInProcess(['bundle', 'multi/openapi.yaml', '-o', 'bundled.yaml'], { cwd });
    expect(bundle.code).toBe(0);
    expect(bundle.stderr).toMatch(/^vottur: wrote bundled\.yaml from 3 files/);
    expect(readFileSync(join(cwd, 'bundled.yaml'), 'utf8')).toMatch(/^openapi: /m);
    // check --base and --accept too.
    const check = await votturInProcess(
      ['check', 'revision.yaml', '--base', 'base.yaml', '--accept', 'accept.yaml', '--format', 'json', '-q'],
      { cwd },
    );
    expect(check.stderr).toBe('');
    const findings = (JSON.parse(check.stdout) as Report).findings.filter((f) => f.source === 'diff');
    expect(findings.map((f) => f.suppressions?.[0]?.justification)).toEqual(['agreed with callers']);
  });

  it('reads `-` from io.stdin, and without one refuses it in one line', async () => {
    const text = readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8');
    const given = await votturInProcess(['lint', '-'], { stdin: Readable.from([text]) });
    expect(given.stderr).toBe('');
    expect(given.code).toBe(0);
    expect(given.stdout).toMatch(/No problems found in 1 document/);
    const none = await votturInProcess(['lint', '-']);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^vottur: .*cannot read standard input: this run was given none; name a file\n$/);
  });

  it('reads a secret named by environment variable from io.env', async () => {
    const result = await votturInProcess(
      [
        'test',
        join(ROOT, 'fixtures/conformant/catalogue-api.yaml'),
        '--server',
        'http://127.0.0.1:9',
        '--token-url',
        'http://127.0.0.1:9/token',
        '--client-id',
        'x',
      ],
      { env: { VOTTUR_CLIENT_SECRET: 'given-in-io-env' } },
    );
    // Past the secret (read from io.env, which this process's environment does not have), to the token request.
    expect(process.env.VOTTUR_CLIENT_SECRET).toBeUndefined();
    expect(result.stderr).not.toMatch(/needs the client secret/);
    expect(result.stderr).toMatch(/token/);
    expect(result.code).toBe(2);
  });
});

describe('below the bin, nothing touches the process', () => {
  /** Every source file under src/ but the bin itself. */
  const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join('src', name).split(sep).join('/'))
    .filter((file) => file !== 'src/cli/main.ts');

  const WRITES = ['exitCode', 'stdout', 'stderr'];
  /** What a run is given through its io: the working folder, the environment, standard input. */
  const READS = ['cwd', 'chdir', 'env', 'stdin'];

  /** `process.<name>` for each of `names` in code (comments and strings left out). */
  function uses(file: string, names: readonly string[] = WRITES): string[] {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // Parsed only where the words appear at all: most files never name them.
    if (!new RegExp(`process\\s*\\.\\s*(${names.join('|')})\\b`).test(text)) return [];
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'process' &&
        names.includes(node.name.text)
      ) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${file}:${line + 1}: process.${node.name.text}`);
      }
      ts.forEachChild(node, visit);
    };
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    visit(source);
    return found;
  }

  /**
   * Defaults of library functions that take a stream and are handed one by the bin through `io`
   * (the language server's transport; the reference service's `log: true`, which `serve` never passes).
   */
  const ALLOWED = new Set(['src/lsp/server.ts', 'src/reference/service.ts']);

  it('reads every source file', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no process.exitCode, process.stdout or process.stderr below src/cli/main.ts', () => {
    const found = files.filter((file) => !ALLOWED.has(file)).flatMap((file) => uses(file));
    expect(found).toEqual([]);
  });

  it('the allowed files use only a stream default, never write or set the exit code', () => {
    for (const file of ALLOWED) expect(uses(file).every((use) => /process\.(stdout|stderr)$/.test(use))).toBe(true);
    expect(readFileSync(join(ROOT, 'src/lsp/server.ts'), 'utf8')).not.toMatch(/process\.(stdout|stderr)\.write/);
  });

  it('the scan finds what it looks for', () => {
    expect(uses('src/cli/main.ts')).toEqual(expect.arrayContaining([expect.stringContaining('process.exitCode')]));
    expect(uses('src/cli/main.ts', READS)).toEqual(
      expect.arrayContaining(['cwd', 'env', 'stdin'].map((name) => expect.stringContaining(`process.${name}`))),
    );
  });

  /**
   * Where the process's folder, environment or standard input may still be read below the bin: the
   * one default of a library call that names no folder or environment (`cwdOf`, `envOf`); the
   * compile cache, a process-wide switch only the bin turns on; the language server's transport
   * default (the bin hands it the streams through io).
   */
  const READERS: Record<string, string[]> = {
    'src/runtime/process-defaults.ts': ['process.cwd', 'process.env'],
    'src/runtime/compile-cache.ts': ['process.env'],
    'src/lsp/server.ts': ['process.stdin'],
  };

  it('no process.cwd(), process.env, process.stdin or process.chdir below the bin but the defaults', () => {
    // Anything else reading them would make `main` run in-process with `cwd` or `env` given resolve
    // from the test runner's folder: a path named relative to io.cwd read from the wrong place.
    const found = files.filter((file) => !(file in READERS)).flatMap((file) => uses(file, READS));
    expect(found).toEqual([]);
    for (const [file, allowed] of Object.entries(READERS)) {
      const names = uses(file, READS).map((use) => use.replace(/^.*: /, ''));
      expect(names.length, file).toBeGreaterThan(0);
      expect(
        names.every((name) => allowed.includes(name)),
        file,
      ).toBe(true);
    }
  });
});
