/**
 * The ruleset works outside vottur: the stock Spectral CLI loads the built file and finds the
 * same rule ids on every rule fixture; a user's own ruleset extends it through `vottur/ruleset`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';
import { isSwagger2 } from '../../src/lint/swagger.js';
import { RULES } from '../../rulesets/rules/index.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const BUILT_RULESET = join(ROOT, 'dist/rulesets/vottur.js');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');
// Spectral's own diagnostics, not rules of ours (its resolver reports a dangling `$ref` as
// `invalid-ref`; vottur resolves nothing and reports it as platform-openapi-valid, which the
// stock CLI also reports).
const SPECTRAL_INTERNAL = new Set(['unrecognized-format', 'parser', 'invalid-ref']);

// A Swagger 2.0 fixture: vottur runs every rule on its in-memory conversion (src/lint/swagger.ts),
// the stock CLI only the rules for any format (the others declare OpenAPI 3): compared by those.
const ANY_FORMAT = new Set(RULES.filter((rule) => rule.anyFormat).map((rule) => rule.id));

// vottur's loader refuses `$ref`s outside the document's folder and remote ones (a finding);
// Spectral's resolver reads them. These fixtures test that refusal.
const LOADER_ONLY = [
  'platform-openapi-valid/fail-ref-outside-folder.yaml',
  'platform-openapi-valid/fail-remote-ref.yaml',
];

interface SpectralResult {
  code: string;
  source: string;
  path: string[];
}

async function spectralLint(ruleset: string, files: string[], cwd = ROOT): Promise<SpectralResult[]> {
  const result = await run(
    SPECTRAL,
    ['lint', '-r', ruleset, '-f', 'json', '--quiet', '--fail-severity', 'hint', ...files],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string; code?: number }) => {
    // Exit 1 means "findings"; anything else is a failure to run.
    if (error.code !== 1 || !error.stdout) throw error;
    return { stdout: error.stdout };
  });
  return JSON.parse(result.stdout || '[]') as SpectralResult[];
}

function fixtureFiles(): string[] {
  const root = join(ROOT, 'fixtures/rules');
  return (
    readdirSync(root)
      .flatMap((rule) => readdirSync(join(root, rule)).map((name) => join(root, rule, name)))
      // The fixtures, not their expected.json (the messages the rule test asserts).
      .filter((file) => /\/(pass|fail)[^/]*\.(ya?ml|json)$/.test(file))
      .sort()
  );
}

describe('the stock Spectral CLI', () => {
  beforeAll(() => {
    if (!existsSync(BUILT_RULESET))
      throw new Error('dist/rulesets/vottur.js is missing: run `npm run build` first (npm test does)');
  });

  it('finds the same rule ids as vottur lint on every rule fixture', { timeout: 120_000 }, async () => {
    const files = fixtureFiles();
    const results = await spectralLint(
      BUILT_RULESET,
      files.map((file) => relative(ROOT, file)),
    );
    const bySpectral = new Map<string, Set<string>>(files.map((file) => [file, new Set()]));
    for (const result of results)
      if (!SPECTRAL_INTERNAL.has(result.code)) bySpectral.get(result.source)?.add(result.code);
    let compared = 0;
    for (const file of files) {
      const vottur = new Set((await lintDocument(file)).findings.map((finding) => finding.ruleId));
      if (isSwagger2((await loadDescription(file)).data))
        for (const id of vottur) if (!ANY_FORMAT.has(id)) vottur.delete(id);
      if (LOADER_ONLY.some((name) => file.endsWith(name))) {
        // By design, only vottur refuses these references; the stock CLI follows them.
        expect(vottur.has('platform-openapi-valid'), relative(ROOT, file)).toBe(true);
        vottur.delete('platform-openapi-valid');
        bySpectral.get(file)!.delete('platform-openapi-valid');
      }
      expect([...bySpectral.get(file)!].sort(), relative(ROOT, file)).toEqual([...vottur].sort());
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
    // The fixtures exercise nearly every rule: the comparison is not vacuous.
    expect(new Set(results.map((r) => r.code)).size).toBeGreaterThan(10);
  });
});

describe('extending the ruleset through the package export vottur/ruleset', () => {
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'vottur-extend-'));
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(ROOT, join(project, 'node_modules/vottur'), 'dir');
    writeFileSync(join(project, 'api.yaml'), 'openapi: 3.0.3\ninfo:\n  title: ""\n  version: 1.0.0\npaths: {}\n');
  });

  it('works from a YAML ruleset (extends: vottur/ruleset), with a rule turned off', async () => {
    writeFileSync(
      join(project, '.spectral.yaml'),
      'extends:\n  - vottur/ruleset\nrules:\n  platform-info-description: "off"\n',
    );
    const codes = new Set((await spectralLint('.spectral.yaml', ['api.yaml'], project)).map((r) => r.code));
    expect(codes.has('platform-info-title')).toBe(true);
    expect(codes.has('platform-info-description')).toBe(false);
  });

  it('works from a JavaScript ruleset that imports it', async () => {
    writeFileSync(
      join(project, '.spectral.mjs'),
      "import vottur from 'vottur/ruleset';\nexport default { extends: [vottur], rules: { 'platform-info-title': 'off' } };\n",
    );
    const codes = new Set((await spectralLint('.spectral.mjs', ['api.yaml'], project)).map((r) => r.code));
    expect(codes.has('platform-info-title')).toBe(false);
    expect(codes.size).toBeGreaterThan(0);
  });
});
