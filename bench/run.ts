/**
 * `npm run bench`: vottur lint against the Spectral CLI (`spectral:oas`) and Redocly CLI
 * (`redocly lint`, recommended config) on the large corpus descriptions and the reference
 * description; then how vottur's time grows with document size, and what the worker pool buys
 * on 100 documents. Writes bench/results.md.
 *
 *   npm run bench -- --runs 5 --warmup 1            (defaults)
 *   npm run bench -- --only stripe --skip-scaling --skip-pool
 *
 * Every tool runs as a user runs it: a fresh `node` process per run, default output to a
 * discarded standard output, start-up included. Runs alternate between the tools (after a
 * warm-up round that is not counted), so a burst of load on the machine hits all of them.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { basename, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { writeCuts, writePoolDocuments } from './documents.js';
import { gnuTimeAvailable, measure, type Measurement } from './measure.js';
import { linearFit, summarise, type Summary } from './stats.js';

const ROOT = join(import.meta.dirname, '../..');
const CORPUS = join(ROOT, '../shared/corpus');
const REFERENCE = join(ROOT, 'assets/reference/user-profile.openapi.yaml');
const VOTTUR = join(ROOT, 'dist/src/cli/main.js');
const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const WRAPPER = join(ROOT, 'dist/bench/rss-wrapper.js');
const SPLITTER = join(ROOT, 'dist/bench/split.js');
const RESULTS = join(ROOT, 'bench/results.md');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    only: { type: 'string' },
    'skip-peers': { type: 'boolean', default: false },
    'skip-scaling': { type: 'boolean', default: false },
    'skip-pool': { type: 'boolean', default: false },
    'pool-documents': { type: 'string', default: '100' },
    'timeout-s': { type: 'string', default: '600' },
    output: { type: 'string', default: RESULTS },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const WARMUP = Math.max(0, Number(args.warmup));
const TIMEOUT_MS = Number(args['timeout-s']) * 1000;

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

interface Tool {
  name: string;
  argv(document: string): string[];
}

const work = mkdtempSync(join(tmpdir(), 'vottur-bench-'));
const spectralRuleset = join(work, '.spectral.yaml');
writeFileSync(spectralRuleset, 'extends: spectral:oas\n');

const TOOLS: Tool[] = [
  { name: 'vottur', argv: (document) => [VOTTUR, 'lint', document] },
  { name: 'spectral', argv: (document) => [SPECTRAL, 'lint', '-r', spectralRuleset, document] },
  { name: 'redocly', argv: (document) => [REDOCLY, 'lint', document] },
];

const notes: string[] = [];
const log = (text: string) => process.stderr.write(`${text}\n`);

function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function spread(summary: Summary, unit: (v: number) => string): string {
  return `${unit(summary.median)} (${unit(summary.min)}–${unit(summary.max)})`;
}

const mb = (value: number) => `${Math.round(value)} MB`;

async function timed(argv: string[]): Promise<Measurement> {
  const result = await measure(argv, { cwd: work, env: ENV, timeoutMs: TIMEOUT_MS }, WRAPPER);
  // 0: clean, 1: findings (all three tools); anything else means the run failed.
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(`${argv.map((a) => relative(ROOT, a) || a).join(' ')} exited with ${result.exitCode}`);
  return result;
}

interface Row {
  document: string;
  bytes: number;
  results: Map<string, { wall: Summary; rss: Summary }>;
}

/**
 * Short runs vary by ±20 % on a shared VM, more than a margin of 20 % can show in 5 runs; like
 * hyperfine, a document that lints in well under a second gets more runs (all tools alike).
 */
const SMALL_DOCUMENT_BYTES = 100_000;
const SMALL_DOCUMENT_RUN_FACTOR = 4;

function runsFor(document: string): number {
  return statSync(document).size < SMALL_DOCUMENT_BYTES ? RUNS * SMALL_DOCUMENT_RUN_FACTOR : RUNS;
}

async function compareTools(documents: string[]): Promise<Row[]> {
  const tools = args['skip-peers'] ? TOOLS.slice(0, 1) : TOOLS;
  const samples = new Map<string, Map<string, Measurement[]>>(documents.map((d) => [d, new Map(tools.map((t) => [t.name, []]))]));
  const rounds = Math.max(...documents.map(runsFor));
  for (let round = 0; round < WARMUP + rounds; round++) {
    for (const document of documents) {
      const runs = runsFor(document);
      if (round >= WARMUP + runs) continue;
      // Rotate which tool goes first, so none always runs right after another's cache warm-up.
      const order = tools.map((_, i) => tools[(i + round) % tools.length]!);
      for (const tool of order) {
        const result = await timed(tool.argv(document));
        log(`${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${runs}`} ${basename(document)} ${tool.name}: ${ms(result.wallMs)}, ${mb(result.rssMb)}`);
        if (round >= WARMUP) samples.get(document)!.get(tool.name)!.push(result);
      }
    }
  }
  return documents.map((document) => ({
    document,
    bytes: statSync(document).size,
    results: new Map(
      tools.map((tool) => {
        const list = samples.get(document)!.get(tool.name)!;
        return [tool.name, { wall: summarise(list.map((m) => m.wallMs)), rss: summarise(list.map((m) => m.rssMb)) }];
      }),
    ),
  }));
}

function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}×`;
}

function comparisonTable(rows: Row[]): string {
  const peers = !args['skip-peers'];
  const lines = [
    peers
      ? '| document | size | vottur lint | Spectral CLI (`spectral:oas`) | Redocly CLI `lint` | vottur / Spectral (time) | vottur / Redocly (time) | vottur / Redocly (RSS) |'
      : '| document | size | vottur lint |',
    peers ? '| --- | --- | --- | --- | --- | --- | --- | --- |' : '| --- | --- | --- |',
  ];
  for (const row of rows) {
    const cell = (tool: string) => {
      const result = row.results.get(tool)!;
      return `${spread(result.wall, ms)}, ${spread(result.rss, mb)}`;
    };
    const size = row.bytes >= 1e6 ? `${(row.bytes / 1e6).toFixed(1)} MB` : `${Math.round(row.bytes / 1e3)} kB`;
    if (!peers) {
      lines.push(`| ${basename(row.document)} | ${size} | ${cell('vottur')} |`);
      continue;
    }
    const v = row.results.get('vottur')!;
    const s = row.results.get('spectral')!;
    const r = row.results.get('redocly')!;
    lines.push(
      `| ${basename(row.document)} | ${size} | ${cell('vottur')} | ${cell('spectral')} | ${cell('redocly')} | ${ratio(v.wall.median, s.wall.median)} | ${ratio(v.wall.median, r.wall.median)} | ${ratio(v.rss.median, r.rss.median)} |`,
    );
  }
  return lines.join('\n');
}

function targets(rows: Row[]): string {
  if (args['skip-peers']) return '';
  const lines = ['| target | document | measured | met |', '| --- | --- | --- | --- |'];
  for (const row of rows) {
    const v = row.results.get('vottur')!;
    const s = row.results.get('spectral')!;
    const r = row.results.get('redocly')!;
    const name = basename(row.document);
    if (row.document === REFERENCE) {
      lines.push(`| whole process ≤ Redocly's wall time | ${name} | ${ratio(v.wall.median, r.wall.median)} | ${v.wall.median <= r.wall.median ? 'yes' : 'no'} |`);
      continue;
    }
    lines.push(`| wall time ≤ 1.0× Redocly | ${name} | ${ratio(v.wall.median, r.wall.median)} | ${v.wall.median <= r.wall.median ? 'yes' : 'no'} |`);
    lines.push(`| wall time ≤ 0.2× Spectral CLI | ${name} | ${ratio(v.wall.median, s.wall.median)} | ${v.wall.median <= 0.2 * s.wall.median ? 'yes' : 'no'} |`);
    lines.push(`| peak RSS ≤ Redocly | ${name} | ${ratio(v.rss.median, r.rss.median)} | ${v.rss.median <= r.rss.median ? 'yes' : 'no'} |`);
  }
  return lines.join('\n');
}

async function scaling(large: string[]): Promise<string> {
  const shares = [0.25, 0.5, 1];
  const cuts = writeCuts(large, shares, join(work, 'cuts'));
  // The fixed cost of a run (start-up, loading the ruleset): vottur on the smallest description there is.
  const tiny = join(work, 'tiny.json');
  writeFileSync(tiny, JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1.0.0' }, paths: {} }));
  const samples = new Map<string, number[]>([[tiny, []], ...cuts.map((cut) => [cut.file, []] as [string, number[]])]);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const file of samples.keys()) {
      const result = await timed([VOTTUR, 'lint', file]);
      log(`${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${RUNS}`} scaling ${basename(file)}: ${ms(result.wallMs)}`);
      if (round >= WARMUP) samples.get(file)!.push(result.wallMs);
    }
  }
  const base = summarise(samples.get(tiny)!).median;
  const lines = [
    `Fixed cost of a run (vottur on an empty description): ${ms(base)}. "Work" below is the median wall time minus that.`,
    '',
    '| document | share of paths | paths | size | wall time (median, min–max) | work | work per MB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const fits: string[] = [];
  for (const source of large) {
    const own = cuts.filter((cut) => cut.source === source);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const cut of own) {
      const summary = summarise(samples.get(cut.file)!);
      const workMs = summary.median - base;
      xs.push(cut.bytes / 1e6);
      ys.push(workMs);
      lines.push(`| ${basename(source)} | ${Math.round(cut.share * 100)} % | ${cut.paths} | ${(cut.bytes / 1e6).toFixed(2)} MB | ${spread(summary, ms)} | ${ms(workMs)} | ${ms(workMs / (cut.bytes / 1e6))} |`);
    }
    const fit = linearFit(xs, ys);
    const growth = ys[ys.length - 1]! / ys[0]!;
    const sizeGrowth = xs[xs.length - 1]! / xs[0]!;
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
 * YAML scaling (issue 15.7: 10,000 paths took 17.7 s when the YAML loader was quadratic): vottur on
 * generated YAML descriptions of 5,000, 10,000 and 20,000 paths; time per path should stay flat.
 */
async function yamlScaling(): Promise<string> {
  const counts = [5_000, 10_000, 20_000];
  const files = counts.map((count) => {
    const file = join(work, `generated-${count}.yaml`);
    writeFileSync(file, generatedYaml(count));
    return file;
  });
  const samples = new Map<string, number[]>(files.map((file) => [file, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const file of files) {
      const result = await timed([VOTTUR, 'lint', file, '--format', 'json']);
      log(`${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${RUNS}`} yaml ${basename(file)}: ${ms(result.wallMs)}`);
      if (round >= WARMUP) samples.get(file)!.push(result.wallMs);
    }
  }
  const lines = ['| paths | size | wall time (median, min–max) | per 1,000 paths |', '| --- | --- | --- | --- |'];
  counts.forEach((count, i) => {
    const summary = summarise(samples.get(files[i]!)!);
    lines.push(`| ${count.toLocaleString('en')} | ${(statSync(files[i]!).size / 1e6).toFixed(1)} MB | ${spread(summary, ms)} | ${ms(summary.median / (count / 1000))} |`);
  });
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
    [SPLIT_SERIAL, ['--single-threaded', SPLITTER, String(cores), VOTTUR, ...files.map((file) => relative(work, file))]],
  ];
  const samples = new Map<string, Measurement[]>(variants.map(([name]) => [name, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const [name, argv] of variants.map((_, i) => variants[(i + round) % variants.length]!)) {
      const result = await timed(argv);
      log(`${round < WARMUP ? 'warm-up' : `run ${round - WARMUP + 1}/${RUNS}`} pool ${name}: ${ms(result.wallMs)}, ${mb(result.rssMb)}`);
      if (round >= WARMUP) samples.get(name)!.push(result);
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
  for (const [name] of variants) {
    const list = samples.get(name)!;
    const wall = summarise(list.map((m) => m.wallMs));
    const cpuList = list.flatMap((m) => (m.cpuMs === undefined ? [] : [m.cpuMs]));
    const cpu = cpuList.length === list.length ? summarise(cpuList).median : undefined;
    medians.set(name, wall.median);
    cpuMedians.set(name, cpu);
    lines.push(`| ${name} | ${spread(wall, ms)} | ${cpu === undefined ? 'n/a' : ms(cpu)} | ${cpu === undefined ? 'n/a' : `${(cpu / wall.median).toFixed(2)}`} | ${spread(summarise(list.map((m) => m.rssMb)), mb)} |`);
  }
  const single = medians.get(SINGLE)!;
  const speedup = single / medians.get(POOL)!;
  const ceiling = single / Math.min(medians.get(SPLIT)!, medians.get(SPLIT_SERIAL)!);
  const singleCpu = cpuMedians.get(SINGLE);
  lines.push(
    '',
    `Speed-up of the pool over one at a time: **${speedup.toFixed(2)}×** on ${cores} cores (target: ≥ 1.7× on 2 cores).`,
    '',
    `${cores} independent processes, each linting its share balanced by size, reach at best ${ceiling.toFixed(2)}× over one at a time (with or without V8's helper threads): the ceiling for any way of spreading this work on this machine (peak RSS in those rows is the largest single process's).` +
      (singleCpu === undefined
        ? ''
        : ` The reason: one at a time is not one core's work. It keeps ${(singleCpu / single).toFixed(2)} cores busy, because V8 compiles hot code and collects garbage on helper threads; without them (\`--single-threaded\`) the same run takes ${ms(medians.get(SERIAL)!)}. On ${cores} cores a second lint can only take what those helper threads leave.`),
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(VOTTUR)) throw new Error('dist/src/cli/main.js is missing: run npm run build first (npm run bench does)');
  const load = loadavg();
  const started = new Date();
  const corpusPresent = existsSync(CORPUS);
  const matches = (file: string) => !args.only || basename(file).includes(args.only);
  const large = corpusPresent
    ? readdirSync(join(CORPUS, 'large'))
        .filter((name) => /\.(json|ya?ml)$/.test(name))
        .sort()
        .map((name) => join(CORPUS, 'large', name))
        .filter(matches)
    : [];
  if (!corpusPresent) notes.push(`The shared corpus (${relative(ROOT, CORPUS)}) is absent on this machine: the large documents, the size scaling and the pool were skipped.`);
  const documents = [...large];
  if (existsSync(REFERENCE)) {
    if (matches(REFERENCE)) documents.push(REFERENCE);
  } else notes.push(`${relative(ROOT, REFERENCE)} is absent: the small reference description was skipped.`);
  if (!(await gnuTimeAvailable())) notes.push('GNU time is not installed: peak RSS is each process\'s own maxRSS, reported by bench/rss-wrapper.');

  const sections: string[] = [];
  if (documents.length > 0) {
    const rows = await compareTools(documents);
    sections.push(
      '## vottur lint and its peers',
      '',
      `Whole-process wall time and peak RSS, median (min–max) of ${RUNS} runs (${RUNS * SMALL_DOCUMENT_RUN_FACTOR} for documents under ${SMALL_DOCUMENT_BYTES / 1000} kB) after ${WARMUP} warm-up round(s), tools alternating. vottur runs the full platform ruleset (${'`'}vottur lint <file>${'`'}), Spectral CLI ${'`'}spectral lint -r <.spectral.yaml: extends spectral:oas>${'`'}, Redocly CLI ${'`'}redocly lint <file>${'`'} (recommended rules). Ratios are of the medians.`,
      '',
      comparisonTable(rows),
      '',
      targets(rows),
    );
  }
  if (large.length > 0 && !args['skip-scaling']) sections.push('', '## Time against document size', '', await scaling(large));
  if (!args['skip-scaling'] && !args.only) sections.push('', '## Generated YAML: time against paths', '', await yamlScaling());
  if (corpusPresent && !args['skip-pool']) sections.push('', '## Many documents: the worker pool', '', await pool(CORPUS));

  const cpu = cpus();
  const machine = [
    `- Date: ${started.toISOString()}`,
    `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js: ${process.version} (${process.platform} ${process.arch})`,
    `- Load average at the start: ${load.map((l) => l.toFixed(2)).join(', ')}; at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`,
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
  writeFileSync(args.output!, text);
  process.stdout.write(text);
  log(`\nwrote ${relative(process.cwd(), args.output!) || args.output}`);
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
