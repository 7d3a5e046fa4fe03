/**
 * `npm run bench:lsp`: how soon `vottur lsp` answers an edit, and whether its memory holds steady.
 * The server runs as an editor runs it (`vottur lsp --stdio`, a child process) and this bench is
 * its client (`vscode-jsonrpc`). Measured from sending an incremental `didChange` to receiving the
 * diagnostics of the changed text:
 *
 * - a 30 kB description (the Twilio description cut to ~30 kB of JSON, as bench:watch uses):
 *   30 edits alternately adding and removing one violation; target: median within 100 ms;
 * - the 4 MB Stripe description: edits to one operation's description; target: within 1 s;
 * - the server's memory after the first edit and after 500 (each answered before the next);
 *   target: within 1.5× of the first. Measured twice: the resident memory of the server process
 *   (which includes the free room V8 keeps in its heap), and the live heap after a full garbage
 *   collection, with the server run in this process over in-memory streams (`--expose-gc`).
 *
 * Results are printed and written to bench/lsp-results.md.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cutDocument } from './documents.js';
import { Server, type Diagnostic } from './lsp-client.js';
import { summarise } from './stats.js';
import { fixableRules } from '../src/fix/index.js';
import { runRules } from '../src/lint/engine.js';
import { IncrementalRuleRunner } from '../src/lint/incremental.js';
import { RULES } from '../rulesets/rules/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/cli/main.js');
const CPU_WRAPPER = join(ROOT, 'dist/bench/cpu-wrapper.js');
const EDITS = Number(process.env.VOTTUR_BENCH_EDITS ?? 30);
const MEMORY_EDITS = Number(process.env.VOTTUR_BENCH_MEMORY_EDITS ?? 500);
const STRIPE_EDITS = Number(process.env.VOTTUR_BENCH_STRIPE_EDITS ?? 4);

function corpusFolder(): string | undefined {
  if (process.env.VOTTUR_CORPUS) return process.env.VOTTUR_CORPUS;
  for (let dir = ROOT; dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(join(dir, 'shared/corpus'))) return join(dir, 'shared/corpus');
  return undefined;
}

function cutTo(document: Record<string, unknown>, bytes: number): string {
  let low = 0;
  let high = 1;
  let best = JSON.stringify(cutDocument(document, 0), null, 2);
  for (let i = 0; i < 20; i++) {
    const share = (low + high) / 2;
    const text = JSON.stringify(cutDocument(document, share), null, 2);
    if (text.length <= bytes) [low, best] = [share, text];
    else high = share;
  }
  return best;
}

/** CPU time a process has used (user + system, Linux /proc), in ms: on a busy machine, what an edit costs. */
function cpuMs(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The line and column of an offset. */
function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

const CODE_ACTION_REQUESTS = 10;

/**
 * The quick fixes for one diagnostic of a fixable rule: the first diagnostic the server offers a
 * fix for, asked for ten times (each answer computes the fixes and diffs the description before and
 * after each). A table row, or undefined when no diagnostic has a fix.
 */
async function codeActionTimes(server: Server, uri: string): Promise<string | undefined> {
  const fixable = new Set(fixableRules());
  for (const diagnostic of server.latest.get(uri) ?? []) {
    if (diagnostic.code === undefined || !fixable.has(diagnostic.code)) continue;
    const first = await server.codeActions(uri, diagnostic);
    const fixes = first.filter((action) => /\((non-breaking|documentation only|breaking|review)/.test(action.title));
    if (fixes.length === 0) continue;
    const times: number[] = [];
    const cpu = cpuMs(server.pid);
    for (let i = 0; i < CODE_ACTION_REQUESTS; i++) {
      const started = performance.now();
      await server.codeActions(uri, diagnostic);
      times.push(performance.now() - started);
    }
    const perRequest = (cpuMs(server.pid) - cpu) / CODE_ACTION_REQUESTS;
    const stats = summarise(times);
    return `| code actions for one diagnostic (${diagnostic.code}: ${fixes.map((f) => `"${f.title}"`).join(', ')}), fixes with their diff class, median of ${CODE_ACTION_REQUESTS} | ${fmt(stats.median)} (max ${fmt(stats.max)}); server CPU ${fmt(perRequest)} per request | | |`;
  }
  return undefined;
}

/** CPU of this process, ms. */
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const STRIPE_RULE_EDITS = 4;

/**
 * Offsets just inside the first `count` description strings under `paths` of a pretty-printed
 * JSON description: where an edit changes one operation's (or its parameter's) documentation.
 * Throws rather than edit elsewhere (Stripe has no `summary`; an edit that misses `paths` would
 * measure a full re-lint of a different document).
 */
function descriptionsInPaths(text: string, count: number): number[] {
  const paths = text.indexOf('\n  "paths": {');
  const key = '"description": "';
  const offsets: number[] = [];
  let at = paths;
  while (paths >= 0 && offsets.length < count) {
    at = text.indexOf(key, at + 1);
    if (at < 0) break;
    offsets.push(at + key.length);
  }
  if (offsets.length < count) throw new Error(`bench:lsp: fewer than ${count} descriptions under \`paths\` to edit`);
  return offsets;
}

/**
 * The rules alone on Stripe, in this process: a full run on each edited version against the
 * incremental linter the server uses (which re-runs path-local rules on the edited path item only).
 * Also checks that both give the same results.
 */
function rulesCpuOnStripe(stripe: string): string[] {
  const runner = new IncrementalRuleRunner();
  runner.run(RULES, JSON.parse(stripe));
  let full = 0;
  let incremental = 0;
  let same = true;
  const places = descriptionsInPaths(stripe, STRIPE_RULE_EDITS);
  let incrementalRuns = 0;
  for (let i = 0; i < STRIPE_RULE_EDITS; i++) {
    // Each edit changes one more operation's description (a documentation edit inside one path item).
    const at = places[i] ?? 0;
    const text = `${stripe.slice(0, at)}Edited ${i}: ${stripe.slice(at)}`;
    let started = ownCpu();
    const fresh = runRules(RULES, JSON.parse(text));
    full += ownCpu() - started;
    started = ownCpu();
    const reused = runner.run(RULES, JSON.parse(text));
    incremental += ownCpu() - started;
    if (runner.lastRun.mode === 'incremental') incrementalRuns++;
    const key = (r: { code: string; path: unknown[]; message: string }) => JSON.stringify([r.code, r.path, r.message]);
    same &&= JSON.stringify(fresh.map(key).sort()) === JSON.stringify(reused.map(key).sort());
  }
  return [
    `| rules' CPU per Stripe edit (in process, mean of ${STRIPE_RULE_EDITS}, parse excluded): full run → incremental | ${fmt(full / STRIPE_RULE_EDITS)} → ${fmt(incremental / STRIPE_RULE_EDITS)} (${same ? 'same findings' : '**findings differ**'}; ${incrementalRuns} of ${STRIPE_RULE_EDITS} runs incremental) | | |`,
  ];
}

/** `vottur lint --fix` over a copy of the catalogue corpus: the time on the clock and the CPU time of the command. */
function lintFixRow(corpus: string, dir: string): string {
  const folder = join(dir, 'catalogue');
  mkdirSync(folder);
  const files = readdirSync(join(corpus, 'catalogue')).filter((name) => /\.(json|ya?ml)$/.test(name));
  for (const name of files) copyFileSync(join(corpus, 'catalogue', name), join(folder, name));
  const cpuFile = join(dir, 'lint-fix.cpu');
  const started = performance.now();
  const run = spawnSync(process.execPath, [CPU_WRAPPER, cpuFile, CLI, 'lint', '--fix', ...files], {
    cwd: folder,
    encoding: 'utf8',
  });
  const wall = performance.now() - started;
  const applied = [...run.stderr.matchAll(/fixed [^:]+: (\d+) fix/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  const cpu = Number(readFileSync(cpuFile, 'utf8'));
  return `| \`vottur lint --fix\` over the catalogue corpus (${files.length} descriptions, ${applied} fixes applied) | ${(wall / 1000).toFixed(1)} s; CPU ${(cpu / 1000).toFixed(1)} s | | |`;
}

async function main(): Promise<void> {
  const corpus = corpusFolder();
  if (!corpus) {
    console.log('bench:lsp skipped: no shared/corpus found (set VOTTUR_CORPUS)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'vottur-bench-lsp-'));
  writeFileSync(join(dir, '.git'), '');
  const lines: string[] = [];
  const report = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    // 30 kB: one violation added and removed by an incremental edit (a snake_case property).
    const clean = cutTo(
      JSON.parse(readFileSync(join(corpus, 'large/twilio_api_v2010.json'), 'utf8')) as Record<string, unknown>,
      30_000,
    );
    const anchor = clean.indexOf('"properties": {\n') + '"properties": {\n'.length;
    const inserted = '"bench_added_field": { "type": "string", "description": "Added by the bench." },\n';
    const at = positionOf(clean, anchor);
    const file = join(dir, 'api.json');
    writeFileSync(file, clean);
    const uri = pathToFileURL(file).href;
    const hasAdded = (d: Diagnostic[]) => d.some((x) => x.message.includes('bench_added_field'));
    const add = (server: Server) => () => server.change(uri, { start: at, end: at }, inserted);
    const remove = (server: Server) => () =>
      server.change(uri, { start: at, end: { line: at.line + 1, character: 0 } }, '');
    /** Edits alternately adding and removing the violation; calls `after(i, ms)` once each is answered. */
    const edit = async (server: Server, count: number, after: (i: number, ms: number) => void) => {
      for (let i = 0; i < count; i++) {
        const adding = i % 2 === 0;
        after(
          i,
          await server.timed(uri, adding ? hasAdded : (d) => !hasAdded(d), adding ? add(server) : remove(server)),
        );
      }
    };
    const server = new Server();
    await server.start(dir);
    const openMs = await server.timed(
      uri,
      () => true,
      () => server.open(uri, clean),
    );
    const times: number[] = [];
    const rssAfter: number[] = [];
    const cpuBefore = cpuMs(server.pid);
    let cpuOfEdits = 0;
    await edit(server, Math.max(EDITS, MEMORY_EDITS), (i, ms) => {
      if (i < EDITS) times.push(ms);
      if (i === EDITS - 1) cpuOfEdits = cpuMs(server.pid) - cpuBefore;
      if (i === 0 || i === MEMORY_EDITS - 1) rssAfter.push(rssMb(server.pid));
    });
    const fixRow = await codeActionTimes(server, uri);
    await server.stop();
    const heapAfter: number[] = [];
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) {
      const local = new Server(true);
      await local.start(dir);
      await local.timed(
        uri,
        () => true,
        () => local.open(uri, clean),
      );
      await edit(local, MEMORY_EDITS, (i) => {
        if (i === 0 || i === MEMORY_EDITS - 1) {
          gc();
          gc();
          heapAfter.push(process.memoryUsage().heapUsed / 1024 / 1024);
        }
      });
      await local.stop();
    }
    const stats = summarise(times);
    report(
      `# vottur lsp benchmark\n\nWritten by \`npm run bench:lsp\` (bench/lsp.ts) on ${new Date().toISOString()}, Node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} on ${availableParallelism()} cores.\n`,
    );
    report(`| measure | value | target | met |\n| --- | --- | --- | --- |`);
    report(`| open of a ${(clean.length / 1024).toFixed(0)} kB description → diagnostics | ${fmt(openMs)} | | |`);
    report(
      `| edit of that description → diagnostics, median of ${times.length} | ${fmt(stats.median)} (q3 ${fmt(stats.q3)}, max ${fmt(stats.max)}) | ≤ 100 ms | ${stats.median <= 100 ? 'met' : '**not met**'} |`,
    );
    report(`| server CPU time per edit (mean of ${times.length}) | ${fmt(cpuOfEdits / times.length)} | | |`);
    const [rssFirst = NaN, rssLast = NaN] = rssAfter;
    const ratio = rssLast / rssFirst;
    report(
      `| server RSS after edit 1 → after edit ${MEMORY_EDITS} | ${rssFirst.toFixed(0)} MB → ${rssLast.toFixed(0)} MB (${ratio.toFixed(2)}×) | ≤ 1.5× | ${ratio <= 1.5 ? 'met' : '**not met**'} |`,
    );
    const [heapFirst, heapLast] = heapAfter;
    if (heapFirst !== undefined && heapLast !== undefined) {
      const heapRatio = heapLast / heapFirst;
      report(
        `| live heap after a full GC, edit 1 → edit ${MEMORY_EDITS} (server in process) | ${heapFirst.toFixed(1)} MB → ${heapLast.toFixed(1)} MB (${heapRatio.toFixed(2)}×) | ≤ 1.5× | ${heapRatio <= 1.5 ? 'met' : '**not met**'} |`,
      );
    }
    if (fixRow) report(fixRow);

    // Stripe, 4 MB: an edit to one operation's description (a documentation change; the rules run on that path item).
    const stripeFile = join(corpus, 'large/stripe_spec3_2022-04-12.json');
    if (existsSync(stripeFile)) {
      const stripe = readFileSync(stripeFile, 'utf8');
      const copy = join(dir, 'stripe.json');
      writeFileSync(copy, stripe);
      const stripeUri = pathToFileURL(copy).href;
      const big = new Server();
      await big.start(dir);
      const stripeOpen = await big.timed(
        stripeUri,
        () => true,
        () => big.open(stripeUri, stripe),
      );
      const where = positionOf(stripe, descriptionsInPaths(stripe, 1)[0] ?? 0);
      const stripeTimes: number[] = [];
      const stripeCpu = cpuMs(big.pid);
      for (let i = 0; i < STRIPE_EDITS; i++) {
        // Alternately insert and remove one character: each edit is a new text, answered in full.
        const edit =
          i % 2 === 0
            ? () => big.change(stripeUri, { start: where, end: where }, 'X')
            : () => big.change(stripeUri, { start: where, end: { ...where, character: where.character + 1 } }, '');
        stripeTimes.push(await big.timed(stripeUri, () => true, edit));
      }
      const stripeStats = summarise(stripeTimes);
      report(
        `| open of Stripe (${(stripe.length / 1024 / 1024).toFixed(1)} MB) → diagnostics | ${fmt(stripeOpen)} | | |`,
      );
      report(
        `| edit of Stripe → diagnostics, median of ${stripeTimes.length} | ${fmt(stripeStats.median)} (max ${fmt(stripeStats.max)}) | ≤ 1 s | ${stripeStats.median <= 1000 ? 'met' : '**not met**'} |`,
      );
      report(
        `| server CPU time per Stripe edit (mean of ${stripeTimes.length}) | ${fmt((cpuMs(big.pid) - stripeCpu) / Math.max(1, stripeTimes.length))} | | |`,
      );
      await big.stop();
      for (const row of rulesCpuOnStripe(stripe)) report(row);
    }
    report(lintFixRow(corpus, dir));
    writeFileSync(join(ROOT, 'bench/lsp-results.md'), `${lines.join('\n')}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
// The in-process server's streams stay open; the measurements are done.
process.exit(0);
