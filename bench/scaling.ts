/**
 * `npm run bench:scaling`: how the cost of `vottur lint`, `vottur diff` and the language server's
 * edit grows with the size of a description. Synthetic OpenAPI 3.0 descriptions of 100, 1,000,
 * 10,000 and 50,000 operations (and a catalogue of 1,000 small services, linted in one process)
 * are generated, each command is timed as a user runs it (a fresh process; the language server as
 * an editor runs it), with its peak resident memory, and the growth is fitted as time ≈ a·nᵇ
 * (least squares on the logarithms): b ≈ 1 is linear. Writes bench/scaling.md and
 * docs/performance-scaling.svg (log-log).
 *
 *   npm run bench:scaling                                  # every size, 3 runs each
 *   npm run bench:scaling -- --sizes 100,1000 --runs 1     # a quick look
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Server } from './lsp-client.js';
import { measure } from './measure.js';
import { linearFit, median } from './stats.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/cli/main.js');
const WRAPPER = join(ROOT, 'dist/bench/rss-wrapper.js');

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000,10000,50000' },
    runs: { type: 'string', default: '3' },
    services: { type: 'string', default: '1000' },
    properties: { type: 'string', default: '5000,20000' },
    tags: { type: 'string', default: '25000,100000' },
    parameters: { type: 'string', default: '10000,40000' },
    duplicates: { type: 'string', default: '1000,4000' },
    'timeout-s': { type: 'string', default: '900' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const RUNS = Math.max(1, Number(args.runs));
const TIMEOUT_MS = Number(args['timeout-s']) * 1000;

/**
 * One schema of `count` properties, named as dates, moments, amounts, codes and units (issue 34, B5:
 * rules that looked at a property's siblings once per property took 65 s on 20,000 plain ones).
 */
export function wideDescription(count: number): Record<string, unknown> {
  const words = ['Date', 'Time', 'Closed', 'Created', 'Amount', 'Price', 'CurrencyCode', 'LanguageCode', 'Unit', 'Id'];
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    properties[`x${i}${words[i % words.length]}`] = { type: i % 3 === 0 ? 'integer' : 'string' };
  return {
    openapi: '3.0.3',
    info: { title: 'Wide', version: '1.0.0', description: 'One schema of many properties.' },
    paths: {},
    components: { schemas: { Wide: { type: 'object', properties } } },
  };
}

const INFO = { title: 'Many', version: '1.0.0', description: 'One list of many entries.' };

/** `count` tags (issue 34, B13: ajv's pairwise uniqueItems check took 151 s on 100,000). */
export function taggedDescription(count: number): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: INFO,
    paths: {},
    tags: Array.from({ length: count }, (_, i) => ({ name: `t${i}` })),
  };
}

/** One operation of `count` query parameters (issue 34, B13: 106 s on 40,000). */
export function parametersDescription(count: number): Record<string, unknown> {
  const parameters = Array.from({ length: count }, (_, i) => ({
    name: `p${i}`,
    in: 'query',
    schema: { type: 'string' },
  }));
  return {
    openapi: '3.0.3',
    info: INFO,
    paths: { '/v1/things': { get: { parameters, responses: { '200': { description: 'ok' } } } } },
  };
}

/** `count` operations sharing one `operationId` (issue 34, B12: a 35 MB report for 1,000, out of memory for 4,000). */
export function duplicateIdsDescription(count: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    paths[`/d${i}`] = {
      get: { operationId: 'same', summary: 's', description: 'd', responses: { '200': { description: 'ok' } } },
    };
  return { openapi: '3.0.3', info: INFO, paths };
}

/** The series of one growing list each, whose lint time is to grow linearly with the list. */
const SERIES: Array<{
  option: 'properties' | 'tags' | 'parameters' | 'duplicates';
  label: (count: string) => string;
  make: (count: number) => Record<string, unknown>;
}> = [
  { option: 'properties', label: (count) => `one schema of ${count} properties`, make: wideDescription },
  { option: 'tags', label: (count) => `${count} tags`, make: taggedDescription },
  { option: 'parameters', label: (count) => `one operation of ${count} parameters`, make: parametersDescription },
  {
    option: 'duplicates',
    label: (count) => `${count} operations sharing one operationId`,
    make: duplicateIdsDescription,
  },
];

/**
 * A description of `operations` operations: path items of two operations each (a read and an
 * update), each with a path parameter, a body or response schema of its own in `components`, and
 * examples, as real descriptions have them. `variant` changes a few things for `vottur diff`.
 */
export function syntheticDescription(operations: number, variant = false): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const items = Math.ceil(operations / 2);
  for (let i = 0; i < items; i++) {
    const name = `Resource${i}`;
    // The revision: one path item in 100 gone, one schema in 100 with a new required property.
    if (variant && i % 100 === 1) continue;
    const changed = variant && i % 100 === 2;
    schemas[name] = {
      type: 'object',
      description: `A resource of kind ${i}.`,
      required: ['id', ...(changed ? ['kind'] : [])],
      properties: {
        id: { type: 'string', description: 'The identifier.', example: `r-${i}` },
        name: { type: 'string', description: 'The name.', maxLength: 100, example: `Resource ${i}` },
        amount: { type: 'integer', format: 'int32', description: 'How many.', minimum: 0, example: i },
        status: { type: 'string', enum: ['ACTIVE', 'CLOSED'], description: 'The status.', example: 'ACTIVE' },
        ...(changed ? { kind: { type: 'string', description: 'The kind.' } } : {}),
      },
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const parameter = {
      name: 'id',
      in: 'path',
      required: true,
      description: 'The identifier.',
      schema: { type: 'string', pattern: '^r-[0-9]+$' },
      example: `r-${i}`,
    };
    const ok = (description: string) => ({
      '200': {
        description,
        content: { 'application/json': { schema: ref, example: { id: `r-${i}`, name: `Resource ${i}`, amount: i } } },
      },
      '404': { description: 'Not found.' },
    });
    paths[`/v1/resources-${i}/{id}`] = {
      get: {
        operationId: `getResource${i}`,
        summary: `Get resource ${i}`,
        description: 'Returns the resource.',
        tags: ['resources'],
        parameters: [parameter],
        responses: ok('The resource.'),
      },
      put: {
        operationId: `updateResource${i}`,
        summary: `Update resource ${i}`,
        description: 'Replaces the resource.',
        tags: ['resources'],
        parameters: [parameter],
        requestBody: { required: true, content: { 'application/json': { schema: ref } } },
        responses: ok('The updated resource.'),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: `Synthetic API of ${operations} operations`,
      version: variant ? '1.1.0' : '1.0.0',
      description: 'Generated for the scaling benchmark.',
      contact: { name: 'Benchmark', email: 'bench@example.is' },
    },
    servers: [{ url: 'https://example.is/api' }],
    tags: [{ name: 'resources', description: 'Resources.' }],
    paths,
    components: { schemas },
  };
}

interface Row {
  label: string;
  operations: number;
  bytes: number;
  lint: { ms: number; mb: number };
  diff?: { ms: number; mb: number };
  edit?: { ms: number; mb: number };
  /** A row of one of the SERIES (its size is a count of list entries, not operations). */
  series?: (typeof SERIES)[number]['option'];
}

async function timed(argv: string[]): Promise<{ ms: number; mb: number }> {
  const ms: number[] = [];
  const mb: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await measure(argv, { cwd: ROOT, timeoutMs: TIMEOUT_MS }, WRAPPER);
    if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(`${argv.join(' ')}: exit ${result.exitCode}`);
    ms.push(result.wallMs);
    mb.push(result.rssMb);
  }
  return { ms: median(ms), mb: median(mb) };
}

/** The language server's edit → diagnostics (median of RUNS edits after the open), and the server's peak RSS. */
async function lspEdit(file: string, text: string): Promise<{ ms: number; mb: number }> {
  const server = new Server();
  try {
    await server.start(dirname(file));
    const uri = pathToFileURL(file).href;
    await server.timed(
      uri,
      () => true,
      () => server.open(uri, text),
    );
    // Edit the first operation's description: the text before its closing quote gains a character.
    const at = text.indexOf('Returns the resource.') + 'Returns the resource'.length;
    const before = text.slice(0, at);
    const line = before.split('\n').length - 1;
    const character = at - before.lastIndexOf('\n') - 1;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const position = { line, character };
      times.push(
        await server.timed(
          uri,
          () => true,
          () => server.change(uri, { start: position, end: position }, 's'),
        ),
      );
    }
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { ms: median(times), mb: (peakKb * 1024) / 1e6 };
  } finally {
    await server.stop();
  }
}

/** The (operations, value) pairs of the rows that have the value. */
function pointsOf(rows: readonly Row[], pick: (row: Row) => number | undefined): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const row of rows) {
    const value = pick(row);
    if (value !== undefined) points.push([row.operations, value]);
  }
  return points;
}

function growth(rows: readonly Row[], pick: (row: Row) => number | undefined): string {
  const points = pointsOf(rows, pick).filter(([operations]) => operations >= 1000);
  if (points.length < 2) return 'n/a';
  const fit = linearFit(
    points.map(([operations]) => Math.log(operations)),
    points.map(([, value]) => Math.log(value)),
  );
  return `n^${fit.slope.toFixed(2)}`;
}

const COLOURS = { lint: '#1f77b4', diff: '#d62728', edit: '#2ca02c' } as const;

/** A log-log plot of the three commands' times against the number of operations. */
function svg(rows: readonly Row[]): string {
  const width = 640;
  const height = 400;
  const left = 70;
  const bottom = 50;
  const top = 20;
  const right = 150;
  const xs = rows.map((row) => Math.log10(row.operations));
  const values = rows.flatMap((row) => [row.lint.ms, row.diff?.ms, row.edit?.ms]).filter((v) => v !== undefined);
  const xMin = Math.floor(Math.min(...xs));
  const xMax = Math.ceil(Math.max(...xs));
  const yMin = Math.floor(Math.log10(Math.min(...values)));
  const yMax = Math.ceil(Math.log10(Math.max(...values)));
  const x = (v: number) => left + ((v - xMin) / (xMax - xMin || 1)) * (width - left - right);
  const y = (ms: number) => height - bottom - ((Math.log10(ms) - yMin) / (yMax - yMin || 1)) * (height - bottom - top);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
  ];
  for (let e = xMin; e <= xMax; e++)
    parts.push(
      `<line x1="${x(e)}" y1="${top}" x2="${x(e)}" y2="${height - bottom}" stroke="#ddd"/>`,
      `<text x="${x(e)}" y="${height - bottom + 16}" text-anchor="middle">${(10 ** e).toLocaleString('en')}</text>`,
    );
  for (let e = yMin; e <= yMax; e++)
    parts.push(
      `<line x1="${left}" y1="${y(10 ** e)}" x2="${width - right}" y2="${y(10 ** e)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y(10 ** e) + 4}" text-anchor="end">${10 ** e >= 1000 ? `${10 ** (e - 3)} s` : `${10 ** e} ms`}</text>`,
    );
  parts.push(
    `<text x="${(left + width - right) / 2}" y="${height - 12}" text-anchor="middle">operations (log)</text>`,
    `<text x="16" y="${(top + height - bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(top + height - bottom) / 2})">wall time (log)</text>`,
  );
  const series: Array<[keyof typeof COLOURS, string, (row: Row) => number | undefined]> = [
    ['lint', 'vottur lint', (row) => row.lint.ms],
    ['diff', 'vottur diff', (row) => row.diff?.ms],
    ['edit', 'language server edit', (row) => row.edit?.ms],
  ];
  series.forEach(([key, name, pick], index) => {
    const points = pointsOf(rows, pick);
    const d = points.map(([operations, ms], i) => `${i === 0 ? 'M' : 'L'}${x(Math.log10(operations))},${y(ms)}`);
    parts.push(`<path d="${d.join(' ')}" fill="none" stroke="${COLOURS[key]}" stroke-width="2"/>`);
    for (const [operations, ms] of points)
      parts.push(`<circle cx="${x(Math.log10(operations))}" cy="${y(ms)}" r="3" fill="${COLOURS[key]}"/>`);
    const ly = top + 20 + index * 20;
    parts.push(
      `<line x1="${width - right + 10}" y1="${ly}" x2="${width - right + 30}" y2="${ly}" stroke="${COLOURS[key]}" stroke-width="2"/>`,
      `<text x="${width - right + 36}" y="${ly + 4}">${name} (${growth(rows, pick)})</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'vottur-scaling-'));
  const rows: Row[] = [];
  try {
    for (const operations of SIZES) {
      const file = join(work, `api-${operations}.json`);
      const revision = join(work, `api-${operations}-revised.json`);
      const text = JSON.stringify(syntheticDescription(operations), null, 2);
      writeFileSync(file, text);
      writeFileSync(revision, JSON.stringify(syntheticDescription(operations, true), null, 2));
      const common = ['--no-config', '--format', 'json', '--output', join(work, 'out.json')];
      const lint = await timed([CLI, 'lint', file, ...common]);
      const diff = await timed([CLI, 'diff', file, revision, ...common]);
      const edit = await lspEdit(file, text);
      rows.push({
        label: `${operations.toLocaleString('en')} operations`,
        operations,
        bytes: text.length,
        lint,
        diff,
        edit,
      });
      console.error(
        `${operations} operations: lint ${lint.ms.toFixed(0)} ms, diff ${diff.ms.toFixed(0)} ms, edit ${edit.ms.toFixed(0)} ms`,
      );
    }
    // One growing list each (properties, tags, parameters, duplicate ids): lint time is to grow linearly with it.
    for (const series of SERIES) {
      for (const count of args[series.option].split(',').map(Number)) {
        const file = join(work, `${series.option}-${count}.json`);
        const text = JSON.stringify(series.make(count), null, 2);
        writeFileSync(file, text);
        const lint = await timed([
          CLI,
          'lint',
          file,
          '--no-config',
          '--format',
          'json',
          '--output',
          join(work, 'out.json'),
        ]);
        rows.push({
          label: series.label(count.toLocaleString('en')),
          operations: count,
          bytes: text.length,
          lint,
          series: series.option,
        });
        console.error(`${series.label(String(count))}: lint ${lint.ms.toFixed(0)} ms`);
      }
    }
    // The catalogue: many small services in one `vottur lint` process.
    const services = Number(args.services);
    const folder = join(work, 'catalogue');
    mkdirSync(folder);
    let bytes = 0;
    for (let i = 0; i < services; i++) {
      const text = JSON.stringify(syntheticDescription(10), null, 2);
      bytes += text.length;
      writeFileSync(join(folder, `service-${i}.json`), text);
    }
    const catalogue = await timed([
      CLI,
      'lint',
      join(folder, '*.json'),
      '--no-config',
      '--format',
      'json',
      '--output',
      join(work, 'out.json'),
    ]);
    rows.push({
      label: `catalogue of ${services.toLocaleString('en')} services (10 operations each)`,
      operations: services * 10,
      bytes,
      lint: catalogue,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const [one, five, fifteen] = loadavg();
  const described = rows.filter((row) => row.diff !== undefined);
  const cell = (value?: { ms: number; mb: number }) =>
    value
      ? `${value.ms < 1000 ? `${value.ms.toFixed(0)} ms` : `${(value.ms / 1000).toFixed(2)} s`} / ${value.mb.toFixed(0)} MB`
      : '—';
  const lines = [
    '# vottur scaling benchmark',
    '',
    `Written by \`npm run bench:scaling\` (bench/scaling.ts) on ${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${one?.toFixed(1)}, ${five?.toFixed(1)}, ${fifteen?.toFixed(1)} at the end. Median of ${RUNS} run(s); wall time / peak RSS. Growth fitted from 1,000 operations up (time ≈ a·nᵇ; b = 1 is linear).`,
    '',
    '| description | size | vottur lint | vottur diff (against a revision) | language server: edit → diagnostics (server peak RSS) |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${(row.bytes / 1e6).toFixed(1)} MB | ${cell(row.lint)} | ${cell(row.diff)} | ${cell(row.edit)} |`,
    ),
    '',
    `Fitted growth: lint ${growth(described, (row) => row.lint.ms)}, diff ${growth(described, (row) => row.diff?.ms)}, language server edit ${growth(described, (row) => row.edit?.ms)}; peak RSS of lint ${growth(described, (row) => row.lint.mb)}.`,
    '',
    ...SERIES.map(
      (series) =>
        `${series.label('N')}: lint ${growth(
          rows.filter((row) => row.series === series.option),
          (row) => row.lint.ms,
        )} in N (b = 1 is linear; 2 was issue 34's quadratic sibling scans, uniqueItems and fingerprint lists).`,
    ),
    '',
  ];
  writeFileSync(join(ROOT, 'bench/scaling.md'), lines.join('\n'));
  writeFileSync(join(ROOT, 'docs/performance-scaling.svg'), svg(described));
  console.log(lines.join('\n'));
}

await main();
