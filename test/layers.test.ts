/**
 * The layers point one way, and this test keeps them so: it reads every import of `src/` and
 * `rulesets/` with TypeScript's own pre-processor (static imports, re-exports and `import()`
 * alike) and checks the rules the README's architecture section states.
 *
 *   src/cli/            commands, options, main(argv, io)          (nothing else imports it)
 *   src/lsp/            the language server: a front end, as the CLI is (imports the run, never the CLI)
 *   src/run/            the one run: resolve, settle, render, exit code (imports libraries; never the CLI or lsp)
 *   src/lint/ contract/ reference/ diff/ config/ baseline/ policy/ fix/ catalogue/
 *                       libraries                                  (never import the CLI or the run)
 *   src/report/         the Finding model, score, formatters       (imports no library)
 *   rulesets/           the OpenAPI layer and the ruleset          (imports nothing from src/)
 *   src/errors.ts pii.ts runtime/ version.ts paths.ts   shared     (import nothing above them)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name).split(sep).join('/'));
}

/** file → the project files it imports (relative specifiers only; `.js` written for `.ts`). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sources('src'), ...sources('rulesets')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const imported = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((entry) => entry.fileName)
      .filter((name) => name.startsWith('.'));
    graph.set(
      file,
      imported.map((specifier) =>
        relative(ROOT, resolve(ROOT, dirname(file), specifier))
          .split(sep)
          .join('/')
          .replace(/\.js$/, '.ts'),
      ),
    );
  }
  return graph;
}

const graph = importGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const under = (file: string, ...prefixes: string[]) =>
  prefixes.some((prefix) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix));

const LIBRARIES = [
  'src/lint/',
  'src/contract/',
  'src/reference/',
  'src/diff/',
  'src/config/',
  'src/baseline/',
  'src/policy/',
  'src/fix/',
  'src/lsp/',
  'src/catalogue/',
];
const SHARED = ['src/errors.ts', 'src/pii.ts', 'src/runtime/', 'src/version.ts', 'src/paths.ts'];

function violations(rule: (edge: { from: string; to: string }) => boolean): string[] {
  return edges.filter(rule).map((edge) => `${edge.from} -> ${edge.to}`);
}

describe('the import graph', () => {
  it('reads every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(200);
  });

  it('nothing outside src/cli imports from it (the library stands without the CLI)', () => {
    expect(violations(({ from, to }) => under(to, 'src/cli/') && !under(from, 'src/cli/'))).toEqual([]);
  });

  it('the run imports neither the CLI nor the language server (both go through it)', () => {
    expect(violations(({ from, to }) => under(from, 'src/run/') && under(to, 'src/cli/', 'src/lsp/'))).toEqual([]);
  });

  it('libraries do not import the run: only the CLI, the language server and the library API go through it', () => {
    expect(
      violations(({ from, to }) => under(from, ...LIBRARIES.filter((l) => l !== 'src/lsp/')) && under(to, 'src/run/')),
    ).toEqual([]);
  });

  it('commands do not import each other', () => {
    expect(violations(({ from, to }) => under(from, 'src/cli/commands/') && under(to, 'src/cli/commands/'))).toEqual(
      [],
    );
  });

  it('formatters import the types module, not their index', () => {
    expect(
      violations(
        ({ from, to }) =>
          under(from, 'src/report/formatters/') &&
          from !== 'src/report/formatters/index.ts' &&
          to === 'src/report/formatters/index.ts',
      ),
    ).toEqual([]);
  });

  it('the report model and formatters import no library', () => {
    expect(violations(({ from, to }) => under(from, 'src/report/') && under(to, ...LIBRARIES, 'src/run/'))).toEqual([]);
  });

  it('the reference service stands alone: no other library, no report', () => {
    expect(
      violations(
        ({ from, to }) =>
          under(from, 'src/reference/') &&
          under(to, ...LIBRARIES.filter((l) => l !== 'src/reference/'), 'src/report/', 'src/run/'),
      ),
    ).toEqual([]);
  });

  it('the OpenAPI layer imports no library, no report and no CLI', () => {
    expect(
      violations(({ from, to }) => under(from, 'rulesets/') && under(to, ...LIBRARIES, 'src/report/', 'src/cli/')),
    ).toEqual([]);
  });

  it('the ruleset imports nothing from src/ (the stock Spectral CLI bundles it alone)', () => {
    expect(violations(({ from, to }) => under(from, 'rulesets/') && under(to, 'src/'))).toEqual([]);
  });

  it('shared modules import nothing above them', () => {
    expect(violations(({ from, to }) => under(from, ...SHARED) && !under(to, ...SHARED))).toEqual([]);
  });

  it('no two rooms import each other: the folders (and the shared modules, as one) stand in one order', () => {
    // A cycle of folders is an arrow that runs back up in a drawing of the house, though no file cycle
    // exists (src/config/rule-catalogue.ts imported the policy that imports the configuration).
    const room = (file: string) =>
      under(file, ...SHARED)
        ? 'shared'
        : file
            .split('/')
            .slice(0, file.startsWith('src/') ? 2 : 1)
            .join('/');
    const rooms = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      if (room(from) === room(to)) continue;
      rooms.set(room(from), (rooms.get(room(from)) ?? new Set()).add(room(to)));
    }
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
      [...(rooms.get(from) ?? [])].some(
        (next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))),
      );
    const backwards = [...rooms].flatMap(([from, targets]) =>
      [...targets].filter((to) => reaches(to, from)).map((to) => `${from} -> ${to}`),
    );
    expect(backwards).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next) && graph.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
