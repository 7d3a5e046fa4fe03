/**
 * `npm run bench:catalogue`: a catalogue of 1,000 services (`vottur serve --xroad --sample-size
 * 1000`, in its own process) harvested and reported by `vottur catalogue`, as a user runs it: a
 * fresh process per step, wall time and peak memory measured (GNU time where there is one). The
 * target: harvest and report in under 60 s on two cores, memory bounded. Writes
 * bench/catalogue.md.
 *
 *   npm run bench:catalogue                       (1,000 services, 3 runs)
 *   npm run bench:catalogue -- --size 200 --runs 1 --output /tmp/catalogue.md
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gnuTimeAvailable, measure, type Measurement } from './measure.js';
import { summarise } from './stats.js';

const ROOT = join(import.meta.dirname, '../..');
const VOTTUR = join(ROOT, 'dist/cli/main.js');
const WRAPPER = join(ROOT, 'dist/bench/rss-wrapper.js');
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    output: { type: 'string' },
  },
});
const SIZE = Number(args.size);
const RUNS = Math.max(1, Number(args.runs));
const OUTPUT = args.output ?? join(ROOT, 'bench/catalogue.md');
const CLIENT = 'IS-DEV/GOV/10000/vottur';

/** Starts the development security server with a generated catalogue; resolves to its address and a stop. */
function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [VOTTUR, 'serve', '--xroad', '--port', '0', '--sample-size', String(SIZE)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n'))
        resolve({
          url: (JSON.parse(text.split('\n')[0] ?? '') as { securityServer: string }).securityServer,
          stop: () => child.kill('SIGTERM'),
        });
    });
    child.once('exit', (code) => reject(new Error(`vottur serve --xroad exited with ${code}`)));
  });
}

const steps: Array<{ name: string; argv: (dir: string, url: string) => string[] }> = [
  {
    name: 'harvest (concurrency 4)',
    argv: (dir, url) => [VOTTUR, 'catalogue', 'harvest', url, '--xroad-client', CLIENT, '--out', join(dir, 'h')],
  },
  {
    name: 'report, lint in one thread (--jobs 1)',
    argv: (dir) => [
      VOTTUR,
      'catalogue',
      'report',
      join(dir, 'h'),
      '--jobs',
      '1',
      '--format',
      'json',
      '--output',
      join(dir, 'r1.json'),
    ],
  },
  {
    name: 'report, lint in a pool of 2 (--jobs 2)',
    argv: (dir) => [
      VOTTUR,
      'catalogue',
      'report',
      join(dir, 'h'),
      '--jobs',
      '2',
      '--format',
      'json',
      '--output',
      join(dir, 'r2.json'),
      '--dashboard',
      join(dir, 'd2.html'),
      '--dashboard-json',
      join(dir, 'd2.json'),
    ],
  },
  {
    name: 'report, shard 1/2 (--jobs 1)',
    argv: (dir) => [
      VOTTUR,
      'catalogue',
      'report',
      join(dir, 'h'),
      '--jobs',
      '1',
      '--shard',
      '1/2',
      '--format',
      'json',
      '--output',
      join(dir, 's1.json'),
    ],
  },
];

const server = await startServer();
// Each step's measurements, in the steps' order.
const results = steps.map((step) => ({ step, samples: [] as Measurement[] }));
try {
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-bench-catalogue-'));
    try {
      for (const { step, samples: list } of results) {
        const measured = await measure(step.argv(dir, server.url), { cwd: ROOT, timeoutMs: 600_000 }, WRAPPER);
        // Exit 1: the generated catalogue has services that fail the gate, as real ones do.
        if (measured.exitCode !== 0 && measured.exitCode !== 1)
          throw new Error(`${step.name}: exit ${measured.exitCode}`);
        list.push(measured);
        process.stdout.write(
          `${step.name}: ${(measured.wallMs / 1000).toFixed(1)} s, ${measured.rssMb.toFixed(0)} MB\n`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  server.stop();
}

const rows = results.map(({ step, samples: list }) => {
  const wall = summarise(list.map((m) => m.wallMs / 1000));
  const rss = Math.max(...list.map((m) => m.rssMb));
  const cpuSeconds = list.flatMap((m) => (m.cpuMs === undefined ? [] : [m.cpuMs / 1000]));
  const cpu = cpuSeconds.length === list.length ? summarise(cpuSeconds).median.toFixed(1) : '';
  return { name: step.name, wall: wall.median, rss, cpu };
});
const total = (rows[0]?.wall ?? NaN) + (rows[1]?.wall ?? NaN);
const text = [
  '# `vottur catalogue` at scale',
  '',
  `Written by \`npm run bench:catalogue\` (bench/catalogue.ts). A generated catalogue of ${SIZE} services (plus the sample's) served by \`vottur serve --xroad --sample-size ${SIZE}\` on loopback, in its own process on the same machine; each step a fresh \`vottur\` process, ${RUNS} run${RUNS === 1 ? '' : 's'}, median wall time and the highest peak RSS${(await gnuTimeAvailable()) ? ' (GNU time)' : ''}.`,
  '',
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1e9).toFixed(1)} GB, load average at the end ${(loadavg()[0] ?? NaN).toFixed(2)}; Node ${process.version}.`,
  '',
  '| step | wall (median) | CPU (median) | peak RSS |',
  '|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.name} | ${r.wall.toFixed(1)} s | ${r.cpu ? `${r.cpu} s` : ''} | ${r.rss.toFixed(0)} MB |`),
  `| **harvest + report (one thread)** | **${total.toFixed(1)} s** | | |`,
  '',
  `Target: harvest and report in under 60 s on 2 cores — ${total < 60 ? 'met' : 'NOT met'} (${total.toFixed(1)} s). Descriptions stream to disk as they arrive (the harvest holds none in memory); the report lints them from disk one at a time per thread and keeps only findings, so peak memory grows with the findings, not with the descriptions.`,
  '',
].join('\n');
writeFileSync(OUTPUT, text);
process.stdout.write(`\n${text}`);
