/**
 * `npm run bench`: vottur against Redocly CLI (and, with --spectral, the Spectral CLI) as a user
 * runs them, measured against the speed targets; then how vottur's time grows with document
 * size, and what the worker pool buys on 100 documents. Writes bench/results.md.
 *
 *   npm run bench                                    (the full run: what bench/results.md holds)
 *   npm run bench -- --quick    (or VOTTUR_BENCH_QUICK=1: a few minutes, printed, results.md untouched)
 *   npm run bench -- --runs 5 --warmup 1 --only stripe --skip-scaling --skip-pool --spectral
 *   npm run bench -- --vottur ../old/dist/cli/main.js --output before.md   (another build of vottur, for a before/after)
 *
 * Every tool runs as a user runs it: a fresh `node` process per run, its output to a discarded
 * standard output, start-up included. Runs alternate between the tools (after a warm-up round
 * that is not counted, the first tool rotating), so a burst of load on the machine hits all of
 * them; only ratios of medians taken in one run are compared.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { referenceDescriptionPath } from '../src/reference/description.js';
import { findCorpus } from './corpus.js';
import { writeCuts, writePoolDocuments } from './documents.js';
import { gnuTimeAvailable, measure, type Measurement } from './measure.js';
import { linearFit, summarise, type Summary } from './stats.js';

const ROOT = join(import.meta.dirname, '../..');
const CORPUS = findCorpus(ROOT);
/** The reference description, wherever the package keeps it (one constant: src/reference/description.ts). */
const REFERENCE = referenceDescriptionPath();
const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const WRAPPER = join(ROOT, 'dist/bench/rss-wrapper.js');
const SPLITTER = join(ROOT, 'dist/bench/split.js');
const RESULTS = join(ROOT, 'bench/results.md');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: process.env.VOTTUR_BENCH_QUICK === '1' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
    only: { type: 'string' },
    spectral: { type: 'boolean', default: false },
    'skip-peers': { type: 'boolean', default: false },
    'skip-scaling': { type: 'boolean', default: false },
    'skip-pool': { type: 'boolean', default: false },
    'pool-documents': { type: 'string', default: '100' },
    'small-runs': { type: 'string' },
    'timeout-s': { type: 'string', default: '600' },
    output: { type: 'string' },
    vottur: { type: 'string' },
  },
});
const QUICK = args.quick;
const RUNS = Math.max(1, Number(args.runs ?? (QUICK ? '1' : '3')));
const WARMUP = Math.max(0, Number(args.warmup ?? '1'));
const TIMEOUT_MS = Number(args['timeout-s']) * 1000;
/** A quick run is printed; only a full run (or an explicit --output) replaces bench/results.md. */
const OUTPUT = args.output ?? (QUICK ? undefined : RESULTS);
/** The vottur command measured: this checkout's build, or another (`--vottur <main.js>`, e.g. an earlier build, for a before/after table). */
const VOTTUR = args.vottur ? resolve(args.vottur) : join(ROOT, 'dist/cli/main.js');

// No tool may reach the network during a benchmark (and waiting for it would skew the times).
const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NO_COLOR: '1',
  CI: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
  SCARF_ANALYTICS: 'false',
  DO_NOT_TRACK: '1',
};

const work = mkdtempSync(join(tmpdir(), 'vottur-bench-'));
const spectralRuleset = join(work, '.spectral.yaml');
writeFileSync(spectralRuleset, 'extends: spectral:oas\n');

type Format = 'json' | 'stylish';

/** One way of running a tool: the arguments after `node`, for the files given. */
interface Tool {
  name: string;
  argv(files: string[], format: Format): string[];
}

const VOTTUR_TOOL: Tool = {
  name: 'vottur',
  argv: (files, format) => [VOTTUR, 'lint', ...(format === 'json' ? ['--format', 'json'] : []), ...files],
};
const REDOCLY_TOOL: Tool = {
  name: 'redocly',
  argv: (files, format) => [REDOCLY, 'lint', '--format', format, ...files],
};
const SPECTRAL_TOOL: Tool = {
  name: 'spectral',
  argv: (files, format) => [
    SPECTRAL,
    'lint',
    '-r',
    spectralRuleset,
    '--format',
    format === 'json' ? 'json' : 'stylish',
    ...files,
  ],
};

const notes: string[] = [];
const log = (text: string) => process.stderr.write(`${text}\n`);

function ms(value: number): string {
  return value >= 10_000
    ? `${(value / 1000).toFixed(1)} s`
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${Math.round(value)} ms`;
}

function spread(summary: Summary, unit: (v: number) => string): string {
  return `${unit(summary.median)} (${unit(summary.min)}–${unit(summary.max)})`;
}

const mb = (value: number) => `${Math.round(value)} MB`;

async function timed(argv: string[]): Promise<Measurement> {
  const result = await measure(argv, { cwd: work, env: ENV, timeoutMs: TIMEOUT_MS }, WRAPPER);
  // 0: clean, 1: findings (all three tools); anything else means the run failed.
  if (result.exitCode !== 0 && result.exitCode !== 1)
    throw new Error(`${argv.map((a) => relative(ROOT, a) || a).join(' ')} exited with ${result.exitCode}`);
  return result;
}

/** One measured command line per tool, compared with each other. */
interface Case {
  label: string;
  /** The tools' command lines (arguments after `node`), the first being vottur's. */
  commands: Array<{ tool: string; argv: string[] }>;
  runs: number;
}

interface ToolResult {
  wall: Summary;
  rss: Summary;
  cpu?: Summary;
}

interface CaseResult {
  label: string;
  results: Map<string, ToolResult>;
}

/** A case's result for one tool: every case is measured for every tool it is compared on, vottur first. */
function toolResult(row: CaseResult, tool: string): ToolResult {
  const result = row.results.get(tool);
  if (result === undefined) throw new Error(`benchmark case "${row.label}" has no result for ${tool}`);
  return result;
}

/** The result of the case with this label: every case asked for is measured. */
function caseResult(results: CaseResult[], label: string): CaseResult {
  const result = results.find((r) => r.label === label);
  if (result === undefined) throw new Error(`benchmark case "${label}" was not measured`);
  return result;
}

/**
 * Runs every case's commands `runs` times after WARMUP rounds, alternating: each round runs every
 * case once, and within a case the tool that goes first rotates from round to round.
 */
async function measureCases(cases: Case[]): Promise<CaseResult[]> {
  // Each case's commands, each with the measurements of its runs.
  const measured = cases.map((c) => ({
    c,
    commands: c.commands.map((command) => ({ ...command, samples: [] as Measurement[] })),
  }));
  const rounds = Math.max(...cases.map((c) => c.runs));
  for (let round = 0; round < WARMUP + rounds; round++) {
    for (const { c, commands } of measured) {
      if (round >= WARMUP + c.runs) continue;
      const order = rotated(commands, round);
      for (const command of order) {
        const result = await timed(command.argv);
        log(
          `${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${c.runs}`} ${c.label} ${command.tool}: ${ms(result.wallMs)}, ${mb(result.rssMb)}`,
        );
        if (round >= WARMUP) command.samples.push(result);
      }
    }
  }
  return measured.map(({ c, commands }) => ({
    label: c.label,
    results: new Map(
      commands.map(({ tool, samples: list }) => {
        const cpu = list.flatMap((m) => (m.cpuMs === undefined ? [] : [m.cpuMs]));
        return [
          tool,
          {
            wall: summarise(list.map((m) => m.wallMs)),
            rss: summarise(list.map((m) => m.rssMb)),
            ...(cpu.length === list.length ? { cpu: summarise(cpu) } : {}),
          },
        ];
      }),
    ),
  }));
}

function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}×`;
}

function size(file: string): string {
  const bytes = statSync(file).size;
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`;
}

/** The list started `by` places on (wrapping round): each round of runs starts with another tool. */
function rotated<T>(list: readonly T[], by: number): T[] {
  const start = list.length === 0 ? 0 : by % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}

/** A table of every tool's wall and peak RSS per case, with vottur's ratios to each peer. */
function comparisonTable(results: CaseResult[]): string {
  const tools = [...(results[0]?.results.keys() ?? [])];
  const peers = tools.slice(1);
  const lines = [
    `| case | ${tools.join(' | ')} | ${peers.map((peer) => `vottur / ${peer} (wall) | vottur / ${peer} (CPU) | vottur / ${peer} (RSS)`).join(' | ')} |`,
    `| --- | ${tools.map(() => '---').join(' | ')} | ${peers.map(() => '--- | --- | ---').join(' | ')} |`,
  ];
  for (const row of results) {
    const v = toolResult(row, 'vottur');
    const cells = tools.map((tool) => {
      const r = toolResult(row, tool);
      return `${spread(r.wall, ms)}, ${r.cpu ? `CPU ${ms(r.cpu.median)}, ` : ''}${mb(r.rss.median)}`;
    });
    const ratios = peers.map((peer) => {
      const p = toolResult(row, peer);
      return `${ratio(v.wall.median, p.wall.median)} | ${v.cpu && p.cpu ? ratio(v.cpu.median, p.cpu.median) : 'n/a'} | ${ratio(v.rss.median, p.rss.median)}`;
    });
    lines.push(`| ${row.label} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** One line of the target table. */
interface TargetRow {
  target: string;
  measured: number;
  /** For a wall-time ratio: the same ratio of CPU time (user + system), less disturbed by other load on the machine. */
  cpu?: number;
  limit: number;
  unit: 'ratio' | 'ms';
}

function targetTable(rows: TargetRow[]): string {
  const lines = [
    '| target | measured | limit | met | margin | CPU-time ratio |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const shown = (value: number) => (row.unit === 'ratio' ? `${value.toFixed(2)}×` : ms(value));
    const met = row.measured <= row.limit;
    // By how much: the share of the limit left over (met) or exceeded (not met).
    const margin = `${met ? '' : '+'}${Math.round((100 * Math.abs(row.measured - row.limit)) / row.limit)} % ${met ? 'under' : 'over'}`;
    lines.push(
      `| ${row.target} | ${shown(row.measured)} | ≤ ${shown(row.limit)} | ${met ? 'met' : '**not met**'} | ${margin} | ${row.cpu === undefined ? '' : `${row.cpu.toFixed(2)}×`} |`,
    );
  }
  return lines.join('\n');
}

async function scaling(large: string[]): Promise<string> {
  const shares = [0.25, 0.5, 1];
  const cuts = writeCuts(large, shares, join(work, 'cuts'));
  // The fixed cost of a run (start-up, loading the ruleset): vottur on the smallest description there is.
  const tiny = join(work, 'tiny.json');
  writeFileSync(tiny, JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1.0.0' }, paths: {} }));
  // Each cut with the wall times of its runs; the empty description is measured first.
  const measuredCuts = cuts.map((cut) => ({ ...cut, samples: [] as number[] }));
  const tinySamples: number[] = [];
  const measured = [{ file: tiny, samples: tinySamples }, ...measuredCuts];
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const { file, samples } of measured) {
      const result = await timed([VOTTUR, 'lint', file]);
      log(
        `${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${RUNS}`} scaling ${basename(file)}: ${ms(result.wallMs)}`,
      );
      if (round >= WARMUP) samples.push(result.wallMs);
    }
  }
  const base = summarise(tinySamples).median;
  const lines = [
    `Fixed cost of a run (vottur on an empty description): ${ms(base)}. "Work" below is the median wall time minus that.`,
    '',
    '| document | share of paths | paths | size | wall time (median, min–max) | work | work per MB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const fits: string[] = [];
  for (const source of large) {
    const own = measuredCuts.filter((cut) => cut.source === source);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const cut of own) {
      const summary = summarise(cut.samples);
      const workMs = summary.median - base;
      xs.push(cut.bytes / 1e6);
      ys.push(workMs);
      lines.push(
        `| ${basename(source)} | ${Math.round(cut.share * 100)} % | ${cut.paths} | ${(cut.bytes / 1e6).toFixed(2)} MB | ${spread(summary, ms)} | ${ms(workMs)} | ${ms(workMs / (cut.bytes / 1e6))} |`,
      );
    }
    const fit = linearFit(xs, ys);
    const growth = (ys.at(-1) ?? NaN) / (ys[0] ?? NaN);
    const sizeGrowth = (xs.at(-1) ?? NaN) / (xs[0] ?? NaN);
    fits.push(
      `- ${basename(source)}: work ≈ ${Math.round(fit.intercept)} ms + ${Math.round(fit.slope)} ms/MB × size (R² = ${fit.r2.toFixed(3)}); from 25 % to 100 % the size grew ${sizeGrowth.toFixed(1)}× and the work ${growth.toFixed(1)}×.`,
    );
  }
  return [...lines, '', ...fits].join('\n');
}

/** A generated YAML description with `count` paths (one GET each, a path parameter, an object response). */
function generatedYaml(count: number): string {
  const parts = ['openapi: 3.0.3\ninfo:\n  title: Generated\n  version: 1.0.0\npaths:\n'];
  for (let i = 0; i < count; i++) {
    parts.push(
      `  /v1/things${i}/{id}:\n    get:\n      operationId: getThing${i}\n      parameters:\n        - name: id\n          in: path\n          required: true\n          schema:\n            type: string\n      responses:\n        '200':\n          description: The thing.\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n                  id:\n                    type: string\n`,
    );
  }
  return parts.join('');
}

/**
 * YAML scaling (10,000 paths took 17.7 s when the YAML loader was quadratic): vottur on
 * generated YAML descriptions of 5,000, 10,000 and 20,000 paths; time per path should stay flat.
 */
async function yamlScaling(): Promise<string> {
  const counts = [5_000, 10_000, 20_000];
  const measured = counts.map((count) => {
    const file = join(work, `generated-${count}.yaml`);
    writeFileSync(file, generatedYaml(count));
    return { count, file, samples: [] as number[] };
  });
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const { file, samples } of measured) {
      const result = await timed([VOTTUR, 'lint', file, '--format', 'json']);
      log(
        `${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${RUNS}`} yaml ${basename(file)}: ${ms(result.wallMs)}`,
      );
      if (round >= WARMUP) samples.push(result.wallMs);
    }
  }
  const lines = ['| paths | size | wall time (median, min–max) | per 1,000 paths |', '| --- | --- | --- | --- |'];
  for (const { count, file, samples } of measured) {
    const summary = summarise(samples);
    lines.push(
      `| ${count.toLocaleString('en')} | ${(statSync(file).size / 1e6).toFixed(1)} MB | ${spread(summary, ms)} | ${ms(summary.median / (count / 1000))} |`,
    );
  }
  return lines.join('\n');
}

async function pool(corpus: string): Promise<string> {
  const count = Number(args['pool-documents']);
  const folder = join(work, 'pool');
  const files = writePoolDocuments(corpus, count, folder);
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const pattern = 'pool/*'; // relative to the benchmark's working folder
  const cores = cpus().length;
  const POOL = `pool (--jobs ${cores}: one worker per core)`;
  const SINGLE = 'one at a time (--jobs 1)';
  const SPLIT = `${cores} independent processes, --jobs 1 each (reference)`;
  const SERIAL = 'one at a time, V8 without helper threads (node --single-threaded, reference)';
  const SPLIT_SERIAL = `${cores} independent processes, V8 without helper threads (reference)`;
  const variants: Array<[string, string[]]> = [
    [POOL, [VOTTUR, 'lint', '--jobs', String(cores), pattern]],
    [SINGLE, [VOTTUR, 'lint', '--jobs', '1', pattern]],
    // What this machine gives independent work in parallel: no pool, each process its own
    // share (balanced by size), its own start-up and output.
    [SPLIT, [SPLITTER, String(cores), VOTTUR, ...files.map((file) => relative(work, file))]],
    // How much of the one-at-a-time run already happens on other cores (V8 compiles and
    // collects garbage on helper threads): the same run with them off.
    [SERIAL, ['--single-threaded', VOTTUR, 'lint', '--jobs', '1', pattern]],
    // ...and independent processes that leave each other the cores those threads would take.
    [
      SPLIT_SERIAL,
      ['--single-threaded', SPLITTER, String(cores), VOTTUR, ...files.map((file) => relative(work, file))],
    ],
  ];
  const measured = variants.map(([name, argv]) => ({ name, argv, samples: [] as Measurement[] }));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const { name, argv, samples } of rotated(measured, round)) {
      const result = await timed(argv);
      log(
        `${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${RUNS}`} pool ${name}: ${ms(result.wallMs)}, ${mb(result.rssMb)}`,
      );
      if (round >= WARMUP) samples.push(result);
    }
  }
  const lines = [
    `${files.length} documents (${(bytes / 1e6).toFixed(1)} MB: every large corpus description once, the rest copies of corpus/real), one \`vottur lint '<folder>/*'\` process each run. CPU time is user + system time of the process and its children; "cores busy" is CPU time / wall time.`,
    '',
    '| mode | wall time (median, min–max) | CPU time (median) | cores busy | peak RSS (median, min–max) |',
    '| --- | --- | --- | --- | --- |',
  ];
  const medians = new Map<string, number>();
  const cpuMedians = new Map<string, number | undefined>();
  for (const { name, samples: list } of measured) {
    const wall = summarise(list.map((m) => m.wallMs));
    const cpuList = list.flatMap((m) => (m.cpuMs === undefined ? [] : [m.cpuMs]));
    const cpu = cpuList.length === list.length ? summarise(cpuList).median : undefined;
    medians.set(name, wall.median);
    cpuMedians.set(name, cpu);
    lines.push(
      `| ${name} | ${spread(wall, ms)} | ${cpu === undefined ? 'n/a' : ms(cpu)} | ${cpu === undefined ? 'n/a' : `${(cpu / wall.median).toFixed(2)}`} | ${spread(summarise(list.map((m) => m.rssMb)), mb)} |`,
    );
  }
  const median = (name: string): number => {
    const value = medians.get(name);
    if (value === undefined) throw new Error(`the pool benchmark measured no variant "${name}"`);
    return value;
  };
  const single = median(SINGLE);
  const speedup = single / median(POOL);
  const ceiling = single / Math.min(median(SPLIT), median(SPLIT_SERIAL));
  const singleCpu = cpuMedians.get(SINGLE);
  lines.push(
    '',
    `Speed-up of the pool over one at a time: **${speedup.toFixed(2)}×** on ${cores} cores (target: ≥ 1.7× on 2 cores).`,
    '',
    `${cores} independent processes, each linting its share balanced by size, reach at best ${ceiling.toFixed(2)}× over one at a time (with or without V8's helper threads): the ceiling for any way of spreading this work on this machine (peak RSS in those rows is the largest single process's).` +
      (singleCpu === undefined
        ? ''
        : ` The reason: one at a time is not one core's work. It keeps ${(singleCpu / single).toFixed(2)} cores busy, because V8 compiles hot code and collects garbage on helper threads; without them (\`--single-threaded\`) the same run takes ${ms(median(SERIAL))}. On ${cores} cores a second lint can only take what those helper threads leave.`),
  );
  return lines.join('\n');
}

/** The large descriptions the issue sets targets for (Twilio is measured, with no target). */
const LARGE_TARGETS = ['stripe', 'cloudflare', 'box'];

async function main(): Promise<void> {
  if (!existsSync(VOTTUR)) throw new Error('dist/cli/main.js is missing: run npm run build first (npm run bench does)');
  const load = loadavg();
  const started = new Date();
  const corpusPresent = existsSync(CORPUS);
  const matches = (file: string) => !args.only || basename(file).includes(args.only);
  const listed = (folder: string) =>
    corpusPresent && existsSync(join(CORPUS, folder))
      ? readdirSync(join(CORPUS, folder))
          .filter((name) => /\.(json|ya?ml)$/.test(name))
          .sort()
          .map((name) => join(CORPUS, folder, name))
      : [];
  const large = listed('large').filter(matches);
  const catalogue = listed('catalogue');
  if (!corpusPresent)
    notes.push(
      `The shared corpus (${relative(ROOT, CORPUS)}) is absent on this machine: the large and catalogue documents, the size scaling and the pool were skipped.`,
    );
  if (!(await gnuTimeAvailable()))
    notes.push("GNU time is not installed: peak RSS is each process's own maxRSS, reported by bench/rss-wrapper.");
  if (QUICK)
    notes.push(
      `Quick run (--quick): ${RUNS} run(s) per case after ${WARMUP} warm-up round(s), no size scaling or pool; the figures are indicative only.`,
    );

  const peers = args['skip-peers'] ? [] : [REDOCLY_TOOL, ...(args.spectral ? [SPECTRAL_TOOL] : [])];
  const compare = (label: string, files: string[], format: Format, runs: number): Case => ({
    label,
    commands: [VOTTUR_TOOL, ...peers].map((tool) => ({ tool: tool.name, argv: tool.argv(files, format) })),
    runs,
  });
  const smallRuns = QUICK ? RUNS : Number(args['small-runs'] ?? RUNS * 2);
  const largeCases = large.flatMap((file) =>
    (['json', 'stylish'] as const).map((format) =>
      compare(`${basename(file)} (${size(file)}), ${format}`, [file], format, RUNS),
    ),
  );
  const small = [...(existsSync(REFERENCE) && matches(REFERENCE) ? [REFERENCE] : []), ...catalogue.filter(matches)];
  if (!existsSync(REFERENCE))
    notes.push(`${relative(ROOT, REFERENCE)} is absent: the small reference description was skipped.`);
  const smallCases = small.map((file) => compare(`${basename(file)} (${size(file)}), json`, [file], 'json', smallRuns));
  const catalogueCase =
    catalogue.length > 0 && !args.only
      ? [compare(`all of catalogue/ (${catalogue.length} files) in one process, json`, catalogue, 'json', smallRuns)]
      : [];
  // Start-up: the commands that do no linting, against Node starting and doing nothing.
  const startupCases: Case[] = args.only
    ? []
    : [
        { label: 'node -e 0 (the floor)', commands: [{ tool: 'vottur', argv: ['-e', '0'] }], runs: QUICK ? 3 : 10 },
        {
          label: 'vottur --version',
          commands: [{ tool: 'vottur', argv: [VOTTUR, '--version'] }],
          runs: QUICK ? 3 : 10,
        },
        { label: 'vottur --help', commands: [{ tool: 'vottur', argv: [VOTTUR, '--help'] }], runs: QUICK ? 3 : 10 },
      ];

  const sections: string[] = [];
  const targets: TargetRow[] = [];
  if (startupCases.length > 0) {
    const results = await measureCases(startupCases);
    const wall = (label: string) => toolResult(caseResult(results, label), 'vottur').wall;
    const floor = wall('node -e 0 (the floor)').median;
    sections.push(
      '## Start-up',
      '',
      `Whole process, median (min–max) of ${startupCases[0]?.runs ?? 0} runs after ${WARMUP} warm-up round(s), alternating.`,
      '',
      '| command | wall | above `node -e 0` | peak RSS |',
      '| --- | --- | --- | --- |',
      ...results.map((r) => {
        const v = toolResult(r, 'vottur');
        return `| \`${r.label}\` | ${spread(v.wall, ms)} | ${ms(v.wall.median - floor)} | ${mb(v.rss.median)} |`;
      }),
      '',
    );
    for (const label of ['vottur --version', 'vottur --help']) {
      targets.push({ target: `\`${label}\` whole process`, measured: wall(label).median, limit: 100, unit: 'ms' });
    }
  }
  if (peers.length > 0) {
    const cases = [...largeCases, ...smallCases, ...catalogueCase];
    if (cases.length > 0) {
      const results = await measureCases(cases);
      const byLabel = new Map(results.map((r) => [r.label, r]));
      const of = (c: Case) => {
        const result = byLabel.get(c.label);
        if (result === undefined) throw new Error(`benchmark case "${c.label}" was not measured`);
        return result;
      };
      const describe = `Whole-process wall time, median (min–max), median CPU time (user + system, GNU time) and median peak RSS of ${RUNS} runs (${smallRuns} for the small documents) after ${WARMUP} warm-up round(s), tools alternating. vottur: \`vottur lint [--format json] <files>\` (the full platform ruleset); Redocly CLI: \`redocly lint --format <json|stylish> <files>\` (its recommended rules)${args.spectral ? '; Spectral CLI: `spectral lint -r <extends: spectral:oas>`' : ''}. Ratios are of the medians.`;
      if (largeCases.length > 0)
        sections.push('## Large descriptions', '', describe, '', comparisonTable(largeCases.map(of)), '');
      if (smallCases.length + catalogueCase.length > 0)
        sections.push(
          '## Small descriptions',
          '',
          describe,
          '',
          comparisonTable([...smallCases, ...catalogueCase].map(of)),
          '',
        );
      const wallRatio = (c: Case, peer = 'redocly') =>
        toolResult(of(c), 'vottur').wall.median / toolResult(of(c), peer).wall.median;
      const cpuRatio = (c: Case, peer = 'redocly') => {
        const v = toolResult(of(c), 'vottur').cpu;
        const p = toolResult(of(c), peer).cpu;
        return v && p ? v.median / p.median : undefined;
      };
      const rssRatio = (c: Case, peer = 'redocly') =>
        toolResult(of(c), 'vottur').rss.median / toolResult(of(c), peer).rss.median;
      for (const c of largeCases) {
        if (!LARGE_TARGETS.some((name) => c.label.toLowerCase().startsWith(name))) continue;
        targets.push({
          target: `${c.label}: wall / Redocly`,
          measured: wallRatio(c),
          cpu: cpuRatio(c),
          limit: 0.5,
          unit: 'ratio',
        });
        targets.push({ target: `${c.label}: peak RSS / Redocly`, measured: rssRatio(c), limit: 0.8, unit: 'ratio' });
      }
      for (const c of smallCases)
        targets.push({
          target: `${c.label}: whole process / Redocly`,
          measured: wallRatio(c),
          cpu: cpuRatio(c),
          limit: 0.6,
          unit: 'ratio',
        });
      for (const c of catalogueCase)
        targets.push({
          target: `${c.label} / Redocly in one process`,
          measured: wallRatio(c),
          cpu: cpuRatio(c),
          limit: 0.5,
          unit: 'ratio',
        });
    }
  }
  if (targets.length > 0) {
    const met = targets.filter((t) => t.measured <= t.limit).length;
    sections.unshift(
      '## Targets',
      '',
      `${met} of ${targets.length} met. Margin: how far under the limit (met) or over it (not met), as a share of the limit.`,
      '',
      targetTable(targets),
      '',
    );
  }
  if (large.length > 0 && !args['skip-scaling'] && !QUICK)
    sections.push('## Time against document size', '', await scaling(large), '');
  if (!args['skip-scaling'] && !args.only && !QUICK)
    sections.push('## Generated YAML: time against paths', '', await yamlScaling(), '');
  if (corpusPresent && !args['skip-pool'] && !QUICK)
    sections.push('## Many documents: the worker pool', '', await pool(CORPUS), '');

  const cpu = cpus();
  const machine = [
    `- Date: ${started.toISOString()}`,
    `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js: ${process.version} (${process.platform} ${process.arch})`,
    `- Load average at the start: ${load.map((l) => l.toFixed(2)).join(', ')}; at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
    `- Peak RSS measured with: ${(await gnuTimeAvailable()) ? 'GNU time (/usr/bin/time, %M)' : 'bench/rss-wrapper (process.resourceUsage().maxRSS)'}`,
  ];
  const text = [
    '# vottur benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); see docs/performance.md for what the numbers mean.',
    '',
    '## Machine',
    '',
    ...machine,
    ...(notes.length > 0 ? ['', ...notes.map((note) => `> ${note}`)] : []),
    '',
    ...sections,
    '',
  ].join('\n');
  process.stdout.write(text);
  if (OUTPUT) {
    writeFileSync(OUTPUT, text);
    log(`\nwrote ${relative(process.cwd(), OUTPUT) || OUTPUT}`);
  }
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
