/**
 * How far `vottur test` explores a server nobody here wrote, measured as Zhang & Arcuri compare
 * REST fuzzers ("Open Problems in Fuzzing RESTful APIs", TOSEM 2023): line coverage (c8) of the
 * server process, the description the app ships, default options, seeds 1–3.
 *
 *   node dist/bench/explore.js <folder> [app...]
 *
 * <folder> holds one folder per app of the Web Fuzzing Dataset's `js_npm/rest/` (`ncs/src`,
 * `scs/src`: the app's `src` as the dataset has it, taken with the search tool's fetch) and a
 * `node_modules` with `express` 4 and `c8` (`npm install express@4 c8`). Each run starts the app
 * under c8, runs `vottur test src/swagger.json` against it, stops it with its own
 * `POST /shutdown`, and reads c8's summary. Prints a Markdown table (docs/performance.md keeps it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve(import.meta.dirname, '../cli/main.js');
const SEEDS = [1, 2, 3];

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
  lines: number;
  seconds: number;
  requests: number;
  serverErrors: number;
  errors: number;
}

async function measure(folder: string, app: string, seed: number): Promise<Run> {
  const port = await freePort();
  const reports = mkdtempSync(join(tmpdir(), 'vottur-explore-'));
  const c8 = join(folder, 'node_modules', 'c8', 'bin', 'c8.js');
  const server = spawn(
    process.execPath,
    [
      c8,
      '--reporter=json-summary',
      `--report-dir=${reports}`,
      `--temp-directory=${join(reports, 'raw')}`,
      '--all',
      '--include=src/**',
      process.execPath,
      'src/server.js',
    ],
    {
      cwd: join(folder, app),
      env: { ...process.env, PORT: String(port), NODE_PATH: join(folder, 'node_modules') },
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
        join(folder, app, 'src', 'swagger.json'),
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
    const report = JSON.parse(result.stdout) as {
      findings: Array<{ ruleId: string; severity: string; related?: Array<{ ruleId?: string }> }>;
      coverage?: { requests: number };
    };
    await fetch(`http://127.0.0.1:${port}/shutdown`, { method: 'POST' }).catch(() => undefined);
    await exited;
    const summary = JSON.parse(readFileSync(join(reports, 'coverage-summary.json'), 'utf8')) as {
      total: { lines: { pct: number } };
    };
    return {
      app,
      seed,
      lines: summary.total.lines.pct,
      seconds,
      requests: report.coverage?.requests ?? 0,
      serverErrors: report.findings.filter((f) => f.ruleId === 'contract-server-error').length,
      errors: report.findings.filter((f) => f.severity === 'error').length,
    };
  } finally {
    server.kill();
    rmSync(reports, { recursive: true, force: true });
  }
}

const [folder, ...apps] = process.argv.slice(2);
if (!folder) {
  process.stderr.write('usage: node dist/bench/explore.js <folder with ncs/, scs/ and node_modules> [app...]\n');
  process.exit(2);
}
const runs: Run[] = [];
for (const app of apps.length > 0 ? apps : ['ncs', 'scs'])
  for (const seed of SEEDS) {
    const run = await measure(resolve(folder), app, seed);
    process.stderr.write(`${JSON.stringify(run)}\n`);
    runs.push(run);
  }
process.stdout.write(
  '| app | seed | lines (c8) | wall time | requests | errors (server errors) |\n|---|---|---|---|---|---|\n',
);
for (const r of runs)
  process.stdout.write(
    `| \`${r.app}\` | ${r.seed} | ${r.lines.toFixed(1)} % | ${r.seconds.toFixed(1)} s | ${r.requests} | ${r.errors} (${r.serverErrors}) |\n`,
  );
