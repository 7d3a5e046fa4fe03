/**
 * Every output format of `vottur lint` on the corpus, written to a folder, to prove that a speed
 * change left the reports byte for byte as they were:
 *
 *   node dist/bench/outputs.js /tmp/before        (on the old build)
 *   node dist/bench/outputs.js /tmp/after         (on the new one)
 *   diff -r /tmp/before /tmp/after                (nothing: the same reports)
 *
 * Each document (the large corpus, every catalogue description, the reference description, and
 * the whole catalogue in one run) is linted once per format set, by the built CLI in a fresh
 * process; the exit code is kept beside the reports. The only thing that changes from run to run,
 * the time a report was made (ISO timestamps), and the folder of the checkout's reference
 * description are replaced by fixed words.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { referenceDescriptionPath } from '../src/reference/description.js';
import { findCorpus } from './corpus.js';

const ROOT = join(import.meta.dirname, '../..');
const CORPUS = findCorpus(ROOT);
const VOTTUR = join(ROOT, 'dist/cli/main.js');
const FORMATS = ['json', 'sarif', 'junit', 'github', 'gitlab', 'markdown', 'html', 'stylish'];

const out = process.argv[2] === undefined ? undefined : resolve(process.argv[2]);
if (!out) {
  console.error('usage: node dist/bench/outputs.js <folder> [name-filter]');
  process.exit(2);
}
const only = process.argv[3];
mkdirSync(out, { recursive: true });

const listed = (folder: string) =>
  existsSync(join(CORPUS, folder))
    ? readdirSync(join(CORPUS, folder))
        .filter((name) => /\.(json|ya?ml)$/.test(name))
        .sort()
        .map((name) => join(CORPUS, folder, name))
    : [];
const catalogue = listed('catalogue');
const cases: Array<[string, string[]]> = [
  ...[...listed('large'), ...catalogue, ...listed('real'), referenceDescriptionPath()].map(
    (file): [string, string[]] => [basename(file), [file]],
  ),
  ['catalogue-all', catalogue],
];

const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
/** Where this checkout keeps the reference description: named by a fixed word, so two checkouts compare. */
const REFERENCE_FOLDER = dirname(referenceDescriptionPath());
const normalised = (text: string) =>
  text
    .replace(TIMESTAMP, 'TIMESTAMP')
    .split(pathToFileURL(REFERENCE_FOLDER).href)
    .join('REFERENCE')
    .split(REFERENCE_FOLDER)
    .join('REFERENCE');

for (const [name, files] of cases) {
  if (only && !name.includes(only)) continue;
  const dir = join(out, name);
  mkdirSync(dir, { recursive: true });
  // Every format to its own file, then stylish as it is shown (cut at 100), --quiet and every
  // finding, and the JSON report on standard output with and without --show-pii.
  const runs: Array<[string, string[]]> = [
    ['all', FORMATS.flatMap((format) => ['--format', format, '--output', join(dir, `report.${format}`)])],
    ['stylish-default', []],
    ['stylish-all', ['--max-problems', '0']],
    ['stylish-quiet', ['--quiet']],
    ['json-show-pii', ['--format', 'json', '--show-pii']],
    // Masked by the format alone on standard output (issue 38), as the report file is.
    ['json-stdout', ['--format', 'json']],
  ];
  for (const [label, args] of runs) {
    const result = spawnSync(process.execPath, [VOTTUR, 'lint', ...args, ...files], {
      cwd: CORPUS,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    });
    if (result.error) throw result.error;
    writeFileSync(join(dir, `${label}.stdout`), normalised(result.stdout));
    writeFileSync(join(dir, `${label}.stderr`), normalised(result.stderr));
    writeFileSync(join(dir, `${label}.exit`), `${result.status}\n`);
  }
  for (const format of FORMATS) {
    const file = join(dir, `report.${format}`);
    if (existsSync(file)) writeFileSync(file, normalised(readFileSync(file, 'utf8')));
  }
  process.stderr.write(`${name}\n`);
}
