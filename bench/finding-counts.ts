/**
 * Per-rule finding counts for every description of the catalogue and real corpora, as JSON to diff
 * before and after a rule change: `node dist/bench/finding-counts.js > counts.json`.
 * With `--sample N --seed S` it prints N findings of the catalogue corpus drawn with a seeded PRNG.
 * With `--per-rule K --seed S` it prints K findings of every rule that fires anywhere in the whole
 * corpus (catalogue, real, large and the multi-file DigitalOcean description), drawn with the same
 * PRNG rule by rule in rule-id order: the precision sample of docs/accuracy.md.
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
const perRuleAt = args.indexOf('--per-rule');
const folders = sampleAt >= 0 ? ['catalogue'] : perRuleAt >= 0 ? ['catalogue', 'real', 'large'] : ['catalogue', 'real'];
/** Every description linted, as `folder/name` under the corpus root. */
const documents = folders.flatMap((folder) =>
  readdirSync(join(root, folder))
    .filter((n) => /\.(ya?ml|json)$/.test(n))
    .sort()
    .map((name) => `${folder}/${name}`),
);
// The multi-file description is one document, its entry file; the files it refers to are not linted alone.
if (perRuleAt >= 0) documents.push('multifile/digitalocean/DigitalOcean-public.v2.yaml');
const counts: Record<string, Record<string, number>> = {};
const all: {
  document: string;
  file?: string;
  ruleId: string;
  severity: string;
  pointer: string;
  line: number;
  message: string;
}[] = [];
for (const document of documents) {
  const result = await lintDocument(join(root, document), { cwd: root });
  const perRule: Record<string, number> = {};
  for (const f of result.findings) {
    perRule[f.ruleId] = (perRule[f.ruleId] ?? 0) + 1;
    all.push({
      document,
      // A finding in a file the description refers to names that file; its pointer and line are in it.
      ...(f.document === document ? {} : { file: f.document }),
      ruleId: f.ruleId,
      severity: f.severity,
      pointer: f.pointer,
      line: f.line ?? 0,
      message: f.message,
    });
  }
  counts[document] = Object.fromEntries(Object.entries(perRule).sort());
}
const listAt = args.indexOf('--rule');
if (listAt >= 0) {
  // `--rule <id>`: every finding of one rule, one a line, to read what a change did.
  for (const f of all.filter((f) => f.ruleId === args[listAt + 1]))
    console.log(`${f.document} ${f.pointer} | ${f.message}`);
} else if (perRuleAt >= 0) {
  const perRule = Number(args[perRuleAt + 1] ?? 3);
  const random = prng(Number(seedAt >= 0 ? args[seedAt + 1] : 26));
  const sample = [];
  for (const ruleId of [...new Set(all.map((f) => f.ruleId))].sort()) {
    const pool = all.filter((f) => f.ruleId === ruleId);
    for (let drawn = 0; drawn < perRule && pool.length > 0; drawn++)
      sample.push(...pool.splice(Math.floor(random() * pool.length), 1));
  }
  console.error(`${all.length} findings, ${new Set(all.map((f) => f.ruleId)).size} rules fire, ${sample.length} drawn`);
  console.log(JSON.stringify(sample, null, 2));
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
