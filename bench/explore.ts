/**
 * How far `vottur test` explores a server nobody here wrote, measured as Zhang & Arcuri compare
 * REST fuzzers ("Open Problems in Fuzzing RESTful APIs", TOSEM 2023): line coverage (c8) of the
 * server process, the description fetched from the running app, default options, seeds 1–3.
 *
 *   node dist/bench/explore.js <folder> [app...] [--uncovered <dir>]
 *
 * <folder> holds one folder per app of the Web Fuzzing Dataset's `js_npm/rest/` (`ncs`, `scs`,
 * `disease-sh-api`: the app's folder as the dataset has it, taken with the search tool's fetch) and
 * a `node_modules` with `express` 4 and `c8` (`npm install express@4 c8`). `disease-sh-api` needs
 * its own dependencies (`npm install --omit=dev` in its folder, with `express-async-errors`) and
 * Debian's `redis-server`: each run starts one on a free port with a copy of the dataset's
 * `em/db/dump.rdb`.
 *
 * Each run starts the app under c8, runs `vottur test <the app's own description URL>` against
 * it, stops it with its own `POST /shutdown` (the dataset added that route for c8), and reads
 * c8's summary twice: c8's default (the files the process loaded, as the published figures count)
 * and `--all` (every `.js` file of the app's `src/`, loaded or not). Prints a Markdown table
 * (docs/performance.md keeps it). With `--uncovered <dir>`, c8's text report of each run (the
 * line numbers no request reached, per file) is written to `<dir>/<app>-<seed>.txt`.
 *
 * Why the description is fetched: `ncs` and `scs` serve theirs from `app.js` (`GET /swagger.json`,
 * a 240-line literal); read from disk, those lines are never run and the figure drops by ~30
 * points (ncs 68.9 % instead of 99.2 %) for nothing the tool did.
 *
 * Why `express-async-errors` for `disease-sh-api`: every route of it is an `async` function; on
 * Node 15 and later a throw inside one is an unhandled rejection that ends the process (the
 * dataset's apps were written for Node 14, where it left the request hanging), so the first
 * defect found would end the run. Preloaded (`node -r express-async-errors`), Express answers
 * such a throw with 500, as a server error is meant to be seen.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve(import.meta.dirname, '../cli/main.js');
const SEEDS = [1, 2, 3];

interface App {
  /** The file `node` starts, in the app's folder. */
  main: string;
  /** Where the running app serves its description. */
  description: string;
  /** The app needs Redis with the dataset's dump. */
  redis?: boolean;
  /** Modules preloaded with `node -r`, resolved from the app's folder. */
  preload?: string[];
}

const APPS: Record<string, App> = {
  ncs: { main: 'src/server.js', description: '/swagger.json' },
  scs: { main: 'src/server.js', description: '/swagger.json' },
  'disease-sh-api': {
    main: 'src/serverStart.js',
    description: '/apidocs/swagger_v3.json',
    redis: true,
    preload: ['express-async-errors'],
  },
};
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function listening(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

interface Run {
  app: string;
  seed: number;
  /** c8's default: the lines of the files the server loaded. */
  lines: number;
  /** c8 --all: every line of the app's src/. */
  linesAll: number;
  seconds: number;
  requests: number;
  serverErrors: number;
  errors: number;
  /** Requests answered 500 (leading or related) with a query parameter given twice. */
  repeatedParameter: number;
  /** Requests answered 500 (leading or related) with a numeric query value of nine digits or more. */
  hugeNumber: number;
  /** Findings whose request vottur malformed itself: an empty path segment or a template's `{name}`. */
  selfMade: number;
}

interface ReportFinding {
  ruleId: string;
  severity: string;
  operation?: string;
  request?: { url?: string };
  /** Findings of the same cause, each with its own request (a second defect of one operation sits here). */
  related?: Array<{ ruleId?: string; request?: { url?: string } }>;
}

function repeatsAParameter(url: string): boolean {
  const names = [...new URL(url).searchParams.keys()];
  return new Set(names).size < names.length;
}

function hasHugeNumber(url: string): boolean {
  return [...new URL(url).searchParams.values()].some((value) => /^\d{9,}$/.test(value));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not percent-encoding vottur wrote: compared as it is
  }
}

/**
 * A request vottur malformed itself: a path parameter of its operation's template sent empty or as
 * the template's own text (`{name}`), or a path of another shape than the template's. The request
 * path is matched to the template from its end (the server's base path comes before it).
 */
function malformedByVottur(url: string, operation: string | undefined): boolean {
  const template = operation?.split(' ')[1];
  if (template === undefined) return false;
  const sent = new URL(url).pathname.split('/');
  const wanted = template.split('/');
  if (sent.length < wanted.length) return true;
  const tail = sent.slice(sent.length - wanted.length);
  return wanted.some((segment, i) => {
    const value = decoded(tail[i] ?? '');
    if (!/^\{[^/]*\}$/.test(segment)) return value !== segment;
    return value === '' || value === segment;
  });
}

async function startRedis(folder: string, scratch: string): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  copyFileSync(join(folder, 'em', 'db', 'dump.rdb'), join(scratch, 'dump.rdb'));
  const redis = spawn(
    'redis-server',
    // The dump is read, never written back: no snapshots, no append-only file.
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      scratch,
      '--dbfilename',
      'dump.rdb',
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'ignore' },
  );
  await listening(port);
  return { port, stop: () => redis.kill() };
}

function c8Summary(c8: string, cwd: string, reports: string, all: boolean): number {
  const dir = join(reports, all ? 'all' : 'loaded');
  spawnSync(
    process.execPath,
    [
      c8,
      'report',
      '--reporter=json-summary',
      `--report-dir=${dir}`,
      `--temp-directory=${join(reports, 'raw')}`,
      '--include=src/**',
      '--exclude=src/public/**',
      ...(all ? ['--all'] : []),
    ],
    { cwd, stdio: 'ignore' },
  );
  const summary = JSON.parse(readFileSync(join(dir, 'coverage-summary.json'), 'utf8')) as {
    total: { lines: { pct: number } };
  };
  return summary.total.lines.pct;
}

/** c8's text report of the loaded files (uncovered line numbers per file), to `file`. */
function c8Uncovered(c8: string, cwd: string, reports: string, file: string): void {
  const text = spawnSync(
    process.execPath,
    [
      c8,
      'report',
      '--reporter=text',
      `--temp-directory=${join(reports, 'raw')}`,
      '--include=src/**',
      '--exclude=src/public/**',
    ],
    { cwd, encoding: 'utf8', env: { ...process.env, COLUMNS: '400' } },
  );
  writeFileSync(file, text.stdout);
}

async function measure(folder: string, name: string, seed: number, uncovered?: string): Promise<Run> {
  const app = APPS[name];
  if (!app) throw new Error(`unknown app ${name}: one of ${Object.keys(APPS).join(', ')}`);
  const port = await freePort();
  const reports = mkdtempSync(join(tmpdir(), 'vottur-explore-'));
  const cwd = join(folder, name);
  const redis = app.redis ? await startRedis(cwd, reports) : undefined;
  const c8 = join(folder, 'node_modules', 'c8', 'bin', 'c8.js');
  const server = spawn(
    process.execPath,
    [
      c8,
      '--reporter=json-summary',
      `--report-dir=${join(reports, 'run')}`,
      `--temp-directory=${join(reports, 'raw')}`,
      process.execPath,
      ...(app.preload ?? []).flatMap((module) => ['-r', module]),
      app.main,
    ],
    {
      cwd,
      env: {
        ...process.env,
        PORT: String(port),
        NODE_PATH: join(folder, 'node_modules'),
        ...(redis ? { REDIS_PORT: String(redis.port), REDIS_HOST: '127.0.0.1' } : {}),
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise((done) => server.once('exit', done));
  try {
    await listening(port);
    const started = process.hrtime.bigint();
    const result = spawnSync(
      process.execPath,
      [
        CLI,
        'test',
        `http://127.0.0.1:${port}${app.description}`,
        '--server',
        `http://127.0.0.1:${port}/`,
        '--seed',
        String(seed),
        '--format',
        'json',
        '--quiet',
      ],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const report = JSON.parse(result.stdout) as { findings: ReportFinding[]; coverage?: { requests: number } };
    await fetch(`http://127.0.0.1:${port}/shutdown`, { method: 'POST' }).catch(() => undefined);
    await exited;
    // Every request answered 500, the lead's and those related to it (one operation's second defect is related).
    const serverErrorUrls = report.findings.flatMap((f) =>
      [f, ...(f.related ?? [])].flatMap((r) =>
        r.ruleId === 'contract-server-error' && r.request?.url ? [r.request.url] : [],
      ),
    );
    if (uncovered) c8Uncovered(c8, cwd, reports, join(uncovered, `${name}-${seed}.txt`));
    return {
      app: name,
      seed,
      lines: c8Summary(c8, cwd, reports, false),
      linesAll: c8Summary(c8, cwd, reports, true),
      seconds,
      requests: report.coverage?.requests ?? 0,
      serverErrors: report.findings.filter((f) => f.ruleId === 'contract-server-error').length,
      errors: report.findings.filter((f) => f.severity === 'error').length,
      repeatedParameter: serverErrorUrls.filter(repeatsAParameter).length,
      hugeNumber: serverErrorUrls.filter(hasHugeNumber).length,
      selfMade: report.findings.filter((f) => f.request?.url && malformedByVottur(f.request.url, f.operation)).length,
    };
  } finally {
    server.kill();
    redis?.stop();
    rmSync(reports, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const at = args.indexOf('--uncovered');
const uncovered = at >= 0 ? args.splice(at, 2)[1] : undefined;
if (at >= 0 && !uncovered) {
  process.stderr.write('--uncovered needs a folder\n');
  process.exit(2);
}
if (uncovered) mkdirSync(uncovered, { recursive: true });
const [folder, ...apps] = args;
if (!folder) {
  process.stderr.write(
    'usage: node dist/bench/explore.js <folder with ncs/, scs/, disease-sh-api/ and node_modules> [app...]\n',
  );
  process.exit(2);
}
const runs: Run[] = [];
for (const app of apps.length > 0 ? apps : Object.keys(APPS))
  for (const seed of SEEDS) {
    const run = await measure(resolve(folder), app, seed, uncovered);
    process.stderr.write(`${JSON.stringify(run)}\n`);
    runs.push(run);
  }
process.stdout.write(
  '| app | seed | lines (c8) | lines (c8 --all) | wall time | requests | errors (server errors) | repeated parameter / huge number 500s | self-made |\n|---|---|---|---|---|---|---|---|---|\n',
);
for (const r of runs)
  process.stdout.write(
    `| \`${r.app}\` | ${r.seed} | ${r.lines.toFixed(1)} % | ${r.linesAll.toFixed(1)} % | ${r.seconds.toFixed(1)} s | ${r.requests} | ${r.errors} (${r.serverErrors}) | ${r.repeatedParameter} / ${r.hugeNumber} | ${r.selfMade} |\n`,
  );
