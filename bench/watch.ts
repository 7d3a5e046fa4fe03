/**
 * `npm run bench:watch`: how soon `vottur lint --watch` answers a save of a 30 kB description.
 * A Twilio description cut to ~30 kB of JSON (bench/documents.ts) is watched with the library's
 * watcher (src/lint/watch.ts); each save alternates a version with and without one violation, and
 * the time from the write to the watcher's line saying what changed is measured, as is the load and
 * lint alone. The save-to-answer time includes chokidar's wait for the write to settle (STABLE_MS).
 * Target: the answer within 100 ms of the save.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STABLE_MS, watchLint } from '../src/lint/watch.js';
import { cutDocument } from './documents.js';
import { summarise } from './stats.js';

const TARGET_BYTES = 30_000;
const SAVES = Number(process.env.VOTTUR_BENCH_SAVES ?? 30);

/** The corpus: VOTTUR_CORPUS, or a `shared/corpus` folder above the repository. */
function corpusFolder(): string | undefined {
  if (process.env.VOTTUR_CORPUS) return process.env.VOTTUR_CORPUS;
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared/corpus'))) return join(dir, 'shared/corpus');
  }
  return undefined;
}

/** The largest cut of `document` whose JSON is at most TARGET_BYTES. */
function cutTo(document: Record<string, unknown>): string {
  let low = 0;
  let high = 1;
  let best = JSON.stringify(cutDocument(document, 0), null, 2);
  for (let i = 0; i < 20; i++) {
    const share = (low + high) / 2;
    const text = JSON.stringify(cutDocument(document, share), null, 2);
    if (text.length <= TARGET_BYTES) [low, best] = [share, text];
    else high = share;
  }
  return best;
}

async function main(): Promise<void> {
  const corpus = corpusFolder();
  if (!corpus) {
    console.log('bench:watch skipped: no shared/corpus found (set VOTTUR_CORPUS)');
    return;
  }
  const source = JSON.parse(readFileSync(join(corpus, 'large/twilio_api_v2010.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const clean = cutTo(source);
  // One violation more: a property in snake_case, in the first schema with properties.
  const withViolation = clean.replace(
    /"properties": \{\n/,
    '"properties": {\n"bench_added_field": { "type": "string", "description": "Added by the bench." },\n',
  );
  if (withViolation === clean) throw new Error('bench:watch: found no properties to add a violation to');
  const dir = mkdtempSync(join(tmpdir(), 'vottur-bench-watch-'));
  const file = join(dir, 'api.json');
  writeFileSync(file, clean);

  let savedAt = 0;
  let answered: ((ms: number) => void) | undefined;
  const lintMs: number[] = [];
  const watcher = await watchLint([file], {
    cwd: dir,
    write: (text) => {
      if (answered && /^api\.json: (\d+ new|no change)/m.test(text)) answered(performance.now() - savedAt);
    },
    onLinted: ({ ms }) => lintMs.push(ms),
  });
  lintMs.length = 0;
  const latencies: number[] = [];
  try {
    for (let i = 0; i < SAVES; i++) {
      const answer = new Promise<number>((resolve) => (answered = resolve));
      savedAt = performance.now();
      writeFileSync(file, i % 2 === 0 ? withViolation : clean);
      // A time of its own for each save (file times move in clock ticks).
      const modified = Date.now() / 1000 + (i + 1) * 2;
      utimesSync(file, modified + 3600, modified);
      latencies.push(await answer);
      // Saves a person makes, apart: the watcher is idle again before the next one.
      await new Promise((idle) => setTimeout(idle, 200));
    }
  } finally {
    await watcher.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (name: string, values: number[]) => {
    const s = summarise(values);
    return `| ${name} | ${s.median.toFixed(1)} | ${s.q1.toFixed(1)}–${s.q3.toFixed(1)} | ${s.max.toFixed(1)} | ${s.n} |`;
  };
  console.log(
    `vottur lint --watch on a ${(clean.length / 1000).toFixed(1)} kB description (Twilio cut), ${SAVES} saves; chokidar waits ${STABLE_MS} ms for a save to settle. Target: answer ≤ 100 ms after the save.\n`,
  );
  console.log('| measure | median (ms) | IQR (ms) | max (ms) | saves |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(row('save → answer printed', latencies));
  console.log(row('load + lint (in the answer)', lintMs));
}

await main();
