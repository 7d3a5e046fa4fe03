/**
 * The house habits are part of `npm test`: ESLint (type-checked rules) and Prettier run before the
 * tests, so a floating promise, an unsafe `any`, an unexplained disable or unformatted code fails
 * CI. These tests hold the configuration to catching them.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

async function ruleIdsFor(code: string, file: string): Promise<(string | null)[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const results = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

describe('ESLint with the project configuration', { timeout: 180_000 }, () => {
  it('reports a floating promise, an unsafe any and a needless assertion in src', async () => {
    const code = [
      'export async function save(): Promise<void> {}',
      'export function run(value: unknown): string {',
      '  void save;',
      '  save();',
      '  const parsed = JSON.parse("{}");',
      '  const base: string = "x";',
      '  const text = base as string;',
      '  return String(parsed.name) + text + String(value);',
      '}',
      '',
    ].join('\n');
    const ids = await ruleIdsFor(code, 'src/errors.ts');
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
    expect(ids).toContain('@typescript-eslint/no-unsafe-member-access');
    expect(ids).toContain('@typescript-eslint/no-unnecessary-type-assertion');
  });

  it('reports a switch that misses a case of a union, and a disable that gives no reason', async () => {
    const code = [
      "export function label(kind: 'a' | 'b'): string {",
      '  switch (kind) {',
      "    case 'a':",
      "      return 'A';",
      '  }',
      "  return '';",
      '}',
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
      'export const loose: any = 1;',
      '',
    ].join('\n');
    const ids = await ruleIdsFor(code, 'src/errors.ts');
    expect(ids).toContain('@typescript-eslint/switch-exhaustiveness-check');
    expect(ids).toContain('@eslint-community/eslint-comments/require-description');
  });

  it('reports a non-null assertion in src, where a value must be narrowed or checked by name', async () => {
    const code = ['export function first(list: readonly string[]): string {', '  return list[0]!;', '}', ''].join('\n');
    expect(await ruleIdsFor(code, 'src/errors.ts')).toContain('@typescript-eslint/no-non-null-assertion');
  });

  it('accepts the same code written carefully', async () => {
    const code = [
      'export async function save(): Promise<void> {}',
      'export async function run(): Promise<void> {',
      '  await save();',
      '}',
      '',
    ].join('\n');
    expect(await ruleIdsFor(code, 'src/errors.ts')).toEqual([]);
  });
});

describe('Prettier with the project configuration', () => {
  it('tells formatted from unformatted TypeScript', async () => {
    const options = await prettier.resolveConfig(join(ROOT, 'src/errors.ts'));
    expect(options).toMatchObject({ singleQuote: true });
    // TypeScript is read with Babel's parser: the same formatting over the whole tree, without loading
    // the TypeScript compiler (npm test's format check: about a fifth less CPU, issue 35).
    expect(options?.parser).toBe('babel-ts');
    const settings = { ...options, filepath: join(ROOT, 'src/example.ts') };
    expect(await prettier.check('const  name = "x"\n', settings)).toBe(false);
    expect(await prettier.check("const name = 'x';\n", settings)).toBe(true);
  });
});

describe('npm test', () => {
  it('runs the linter and the format check beside the build and then the tests', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    // The build, the linter and the format check side by side; the tests start once the build is
    // done, beside the linter (type-checked rules: a minute on one core), not after it (issue 35).
    // Each task's lines carry its name; every task runs to its end and any failure fails npm test.
    expect((scripts.test ?? '').split(/\s+/)).toEqual([
      'run-p',
      '--continue-on-error',
      '--print-label',
      '--silent',
      'test:vitest',
      'lint',
      'format:check',
    ]);
    // The tests that start the bin run dist/cli/main.js: the whole build (tsc, then the bundle) comes first.
    expect((scripts['test:vitest'] ?? '').split('&&').map((step) => step.trim())).toEqual([
      'npm run build --silent',
      'vitest run',
    ]);
    expect(scripts.build).toBe('tsc -p . && node scripts/bundle-cli.mjs');
    expect(scripts.lint).toMatch(/^eslint /);
    expect(scripts['format:check']).toMatch(/^prettier --check /);
  });
});
