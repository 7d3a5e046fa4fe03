#!/usr/bin/env node
/**
 * The README's two score tables ("What the real island.is descriptions score": the catalogue's 15
 * descriptions and the real ones), regenerated from the tool: `vottur lint --format json` over
 * the shared corpus, one row per document (errors, warnings, info, score). A table typed by hand
 * went stale (legal-gazette's 18 warnings where the tool finds 17); test/docs/readme.test.ts
 * compares the README with this script's output.
 *
 *   node scripts/corpus-tables.mjs            # print both tables
 *   node scripts/corpus-tables.mjs --write    # replace them in README.md
 *
 * Needs `npm run build` and the corpus (`VOTTUR_CORPUS`, else `shared/corpus` beside the clone).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');

/** The tables this script owns, by the corpus folder they are about. */
export const TABLES = [
  { folder: 'catalogue', pattern: /\.(json|ya?ml)$/ },
  { folder: 'real', pattern: /\.ya?ml$/ },
];

export function findCorpus() {
  if (process.env.VOTTUR_CORPUS)
    return existsSync(process.env.VOTTUR_CORPUS) ? resolve(process.env.VOTTUR_CORPUS) : undefined;
  for (let dir = dirname(ROOT); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpus');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The files of a table, in the README's order: by extension (JSON first), then by name. */
function files(corpus, { folder, pattern }) {
  return readdirSync(join(corpus, folder))
    .filter((name) => pattern.test(name))
    .sort((a, b) => extname(a).localeCompare(extname(b)) || a.localeCompare(b))
    .map((name) => join(corpus, folder, name));
}

/** The table's rows, header included, as the README writes them. */
export function table(corpus, spec) {
  const paths = files(corpus, spec);
  let stdout;
  try {
    stdout = execFileSync(process.execPath, [CLI, 'lint', ...paths, '--format', 'json', '--jobs', '1'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    // Exit 1: findings, the report is on standard output all the same.
    if (error.status !== 1) throw error;
    stdout = error.stdout;
  }
  const report = JSON.parse(stdout);
  const titles = new Map(report.documents.map((document) => [document.path, document.title ?? '']));
  const scores = new Map(report.score.byDocument.map((row) => [row.document, row]));
  const rows = paths.map((path) => {
    const row = scores.get(path);
    const { error, warn, info } = row?.summary ?? { error: 0, warn: 0, info: 0 };
    const score = row ? `${row.score} (${row.grade})` : '100 (A)';
    return `| \`${basename(path)}\` | ${titles.get(path) ?? ''} | ${error} | ${warn} | ${info} | ${score} |`;
  });
  return ['| document | title | errors | warnings | info | score |', '|---|---|---:|---:|---:|---:|', ...rows];
}

/**
 * Where a table sits in the README: the header line after the paragraph naming its folder
 * (`../shared/corpus/<folder>/`), through its last row.
 */
export function locate(lines, folder) {
  const mention = lines.findIndex((line) => line.includes(`../shared/corpus/${folder}/`));
  if (mention < 0) throw new Error(`README.md names no ../shared/corpus/${folder}/`);
  const start = lines.findIndex((line, i) => i > mention && line.startsWith('| document | title |'));
  if (start < 0) throw new Error(`no table after ../shared/corpus/${folder}/ in README.md`);
  let end = start;
  while (end + 1 < lines.length && lines[end + 1].startsWith('|')) end++;
  return { start, end };
}

const main = () => {
  const corpus = findCorpus();
  if (!corpus) {
    process.stderr.write('corpus-tables: no shared/corpus beside the repository; set VOTTUR_CORPUS to its folder\n');
    process.exit(2);
  }
  const readme = join(ROOT, 'README.md');
  const lines = readFileSync(readme, 'utf8').split('\n');
  for (const spec of TABLES) {
    const rows = table(corpus, spec);
    if (process.argv.includes('--write')) {
      const { start, end } = locate(lines, spec.folder);
      lines.splice(start, end - start + 1, ...rows);
    } else process.stdout.write(`${spec.folder}:\n${rows.join('\n')}\n\n`);
  }
  if (process.argv.includes('--write')) writeFileSync(readme, lines.join('\n'));
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
