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

type Doc = Record<string, unknown>;

/** The value's members when it is an object (not an array), else none. */
function members(value: unknown): Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {};
}

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** Changes `count` schema properties, spread evenly over the components, one kind of change after another. */
export function scatterChanges(document: Doc, count: number): number {
  const properties: Array<[Doc, string]> = [];
  for (const schema of Object.values(members(members(document.components).schemas))) {
    const holder = members(members(schema).properties);
    for (const name of Object.keys(holder)) properties.push([holder, name]);
  }
  const step = Math.max(1, Math.floor(properties.length / count));
  let changed = 0;
  for (let i = 0; i < properties.length && changed < count; i += step, changed++) {
    const entry = properties[i];
    if (entry === undefined) break;
    const [holder, name] = entry;
    const property = members(holder[name]);
    switch (changed % 6) {
      case 0:
        holder[name] = {
          ...property,
          description: `${typeof property.description === 'string' ? property.description : ''} (changed)`,
        };
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
        holder[name] = isList(property.enum)
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
    const { findings: listed } = members(JSON.parse(readFileSync(join(folder, 'out.json'), 'utf8')));
    const findings = isList(listed) ? listed.length : 0;
    console.log(
      `| vottur diff, Stripe (4 MB) against a copy with ${changed} scattered changes | median ${(summary.median / 1000).toFixed(2)} s over ${runs} runs | ${findings} findings |`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
