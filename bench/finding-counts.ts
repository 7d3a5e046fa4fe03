/**
 * Per-rule finding counts for every description of the catalogue and real corpora, as JSON to diff
 * before and after a rule change: `node dist/bench/finding-counts.js > counts.json`.
 * With `--sample N --seed S` it prints N findings of the catalogue corpus drawn with a seeded PRNG.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { lintDocument } from '../src/lint/lint.js';

/** The shared corpus: $VOTTUR_CORPUS, or the first `shared/corpus` found walking up from here. */
function corpusRoot(): string | undefined {
  if (process.env.VOTTUR_CORPUS) return process.env.VOTTUR_CORPUS;
  let dir = resolve(import.meta.dirname);
  for (;;) {
    const candidate = join(dir, 'shared/corpus');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** mulberry32: a small seeded PRNG, so a sample can be drawn again. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const root = corpusRoot();
if (!root) {
  console.error('shared/corpus not found; set VOTTUR_CORPUS to its folder.');
  process.exit(2);
}
const args = process.argv.slice(2);
const sampleAt = args.indexOf('--sample');
const seedAt = args.indexOf('--seed');
const folders = sampleAt >= 0 ? ['catalogue'] : ['catalogue', 'real'];
const counts: Record<string, Record<string, number>> = {};
const all: { document: string; ruleId: string; pointer: string; line: number; message: string }[] = [];
for (const folder of folders) {
  for (const name of readdirSync(join(root, folder))
    .filter((n) => /\.(ya?ml|json)$/.test(n))
    .sort()) {
    const result = await lintDocument(join(root, folder, name), { cwd: root });
    const perRule: Record<string, number> = {};
    for (const f of result.findings) {
      perRule[f.ruleId] = (perRule[f.ruleId] ?? 0) + 1;
      all.push({
        document: `${folder}/${name}`,
        ruleId: f.ruleId,
        pointer: f.pointer,
        line: f.line ?? 0,
        message: f.message,
      });
    }
    counts[`${folder}/${name}`] = Object.fromEntries(Object.entries(perRule).sort());
  }
}
const listAt = args.indexOf('--rule');
if (listAt >= 0) {
  // `--rule <id>`: every finding of one rule, one a line, to read what a change did.
  for (const f of all.filter((f) => f.ruleId === args[listAt + 1]))
    console.log(`${f.document} ${f.pointer} | ${f.message}`);
} else if (sampleAt >= 0) {
  const size = Number(args[sampleAt + 1] ?? 40);
  const random = prng(Number(seedAt >= 0 ? args[seedAt + 1] : 18));
  const pool = [...all];
  const sample = [];
  while (sample.length < size && pool.length > 0) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  console.log(JSON.stringify(sample, null, 2));
} else {
  const totals: Record<string, number> = {};
  for (const perRule of Object.values(counts))
    for (const [rule, n] of Object.entries(perRule)) totals[rule] = (totals[rule] ?? 0) + n;
  console.log(
    JSON.stringify({ totals: Object.fromEntries(Object.entries(totals).sort()), documents: counts }, null, 2),
  );
}
