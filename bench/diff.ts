/**
 * `npm run bench:diff`: `vottur diff` of the Stripe description (shared/corpus/large/, 4 MB)
 * against a copy with 50 changes scattered over its schemas (enum values, bounds, new properties,
 * descriptions, a `const`, an `x-` extension), as a user runs it: a fresh `node` process per run,
 * output discarded, median of the runs printed. The target is under 1 s on the team's machine.
 *
 *   npm run bench:diff -- --runs 7
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findCorpus } from './corpus.js';
import { measure } from './measure.js';
import { summarise } from './stats.js';

const ROOT = join(import.meta.dirname, '../..');
const WRAPPER = join(ROOT, 'dist/bench/rss-wrapper.js');
const STRIPE = join(findCorpus(ROOT), 'large/stripe_spec3_2022-04-12.json');
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, changes: { type: 'string', default: '50' } },
});

type Doc = Record<string, any>;

/** Changes `count` schema properties, spread evenly over the components, one kind of change after another. */
export function scatterChanges(document: Doc, count: number): number {
  const properties: Array<[Doc, string]> = [];
  for (const schema of Object.values<Doc>(document.components?.schemas ?? {})) {
    for (const name of Object.keys(schema?.properties ?? {})) properties.push([schema.properties, name]);
  }
  const step = Math.max(1, Math.floor(properties.length / count));
  let changed = 0;
  for (let i = 0; i < properties.length && changed < count; i += step, changed++) {
    const [holder, name] = properties[i];
    const property = holder[name];
    switch (changed % 6) {
      case 0:
        holder[name] = { ...property, description: `${property.description ?? ''} (changed)` };
        break;
      case 1:
        holder[name] = { ...property, maxLength: 40 };
        break;
      case 2:
        holder[name] = { ...property, 'x-changed': true };
        break;
      case 3:
        holder[`${name}_added`] = { type: 'string' };
        break;
      case 4:
        holder[name] = Array.isArray(property.enum)
          ? { ...property, enum: [...property.enum, 'added'] }
          : { ...property, nullable: !property.nullable };
        break;
      default:
        holder[name] = { ...property, const: 'fixed' };
        break;
    }
  }
  return changed;
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'vottur-bench-diff-'));
  try {
    const document = JSON.parse(readFileSync(STRIPE, 'utf8')) as Doc;
    const changed = scatterChanges(document, Number(args.changes));
    const revision = join(folder, 'stripe-changed.json');
    writeFileSync(revision, JSON.stringify(document));
    const argv = [
      join(ROOT, 'dist/cli/main.js'),
      'diff',
      STRIPE,
      revision,
      '--no-config',
      '--format',
      'json',
      '--output',
      join(folder, 'out.json'),
    ];
    const runs = Number(args.runs);
    const times: number[] = [];
    await measure(argv, { cwd: ROOT, timeoutMs: 120_000 }, WRAPPER);
    for (let i = 0; i < runs; i++) times.push((await measure(argv, { cwd: ROOT, timeoutMs: 120_000 }, WRAPPER)).wallMs);
    const summary = summarise(times);
    const findings = JSON.parse(readFileSync(join(folder, 'out.json'), 'utf8')).findings.length;
    console.log(
      `| vottur diff, Stripe (4 MB) against a copy with ${changed} scattered changes | median ${(summary.median / 1000).toFixed(2)} s over ${runs} runs | ${findings} findings |`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
