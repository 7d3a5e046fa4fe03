/**
 * Every finding of every description in the corpus (catalogue, real, large, the multi-file
 * DigitalOcean description) and in fixtures/, sorted, one JSON line each: the before/after
 * comparison of a change that must not change a finding.
 *
 *   node dist/bench/findings-snapshot.js > after.jsonl      # on this build
 *   node <other build>/dist/bench/findings-snapshot.js > before.jsonl
 *   diff before.jsonl after.jsonl
 *
 * `--only <substring>` keeps the documents whose path holds it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { lintDocument, platformRulesetLinter } from '../src/lint/lint.js';

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

/** The repository's root: the folder above dist/ (the build) or bench/ (the sources). */
const repository = resolve(import.meta.dirname, '..', import.meta.dirname.includes('/dist/') ? '..' : '.');

function descriptions(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...descriptions(path));
    else if (/\.(ya?ml|json)$/.test(name)) found.push(path);
  }
  return found;
}

const corpus = corpusRoot();
const documents = [
  ...(corpus
    ? [
        ...['catalogue', 'real', 'large'].flatMap((folder) => descriptions(join(corpus, folder))),
        join(corpus, 'multifile/digitalocean/DigitalOcean-public.v2.yaml'),
      ]
    : []),
  ...descriptions(join(repository, 'fixtures')),
];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
const linter = await platformRulesetLinter();
for (const file of documents) {
  if (only !== undefined && !file.includes(only)) continue;
  const shown = corpus && file.startsWith(corpus) ? `corpus/${relative(corpus, file)}` : relative(repository, file);
  let lines: string[];
  try {
    const result = await lintDocument(file, { cwd: dirname(file), linter });
    lines = result.findings.map((f) =>
      JSON.stringify([shown, f.document, f.ruleId, f.severity, f.pointer, f.line ?? 0, f.column ?? 0, f.message]),
    );
  } catch (error) {
    lines = [JSON.stringify([shown, 'could not lint', error instanceof Error ? error.message : String(error)])];
  }
  process.stdout.write(
    lines
      .sort()
      .map((line) => `${line}\n`)
      .join(''),
  );
}
