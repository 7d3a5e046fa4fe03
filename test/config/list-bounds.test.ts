/**
 * The lists of a configuration are bounded, and read in linear time (issue 34, attack r10 B7, B8).
 * Under a gate the configuration is the repository's: `extends` repeating `spectral:oas` 4,000 times
 * took 77 s and 1.3 GB with every finding repeated; `rules` naming 300,000 ids that are not vottur's
 * ran for over 11 minutes, because the `yaml` package compares each key of a map with every earlier
 * one. Past a bound: one line, exit 2. Within it, an entry given twice runs once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { MAX_CONFIG_EXTENDS, MAX_CONFIG_RULES } from '../../src/config/schema.js';
import type { Finding } from '../../src/report/finding.js';
import { parseYamlDocument } from '../../src/runtime/yaml-read.js';
import { parseYamlData } from '../../src/runtime/yaml-lines.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-list-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const API =
  'openapi: 3.0.3\ninfo: {title: Bad, version: 1.0.0}\npaths:\n  /Users:\n    get:\n      responses:\n        "200": {description: ok}\n';

async function lint(folder: string, config: string, args: string[] = ['--gate']) {
  const at = join(dir, folder);
  mkdirSync(join(at, '.git'), { recursive: true });
  writeFileSync(join(at, 'api.yaml'), API);
  writeFileSync(join(at, 'vottur.config.yaml'), config);
  return votturInProcess(['lint', 'api.yaml', '-f', 'json', ...args], { cwd: at });
}

describe('extends (o34r10 B7)', () => {
  it(`more than ${MAX_CONFIG_EXTENDS} entries: one line, exit 2, nothing loaded`, async () => {
    const result = await lint('extends-many', JSON.stringify({ extends: Array(4_000).fill('spectral:oas') }));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `vottur: vottur.config.yaml: \`extends\` must NOT have more than ${MAX_CONFIG_EXTENDS} items`,
    ]);
    // The same for entries naming files that do not exist: refused before any is looked for.
    const missing = Array.from({ length: 100_000 }, (_, i) => `./r${i}.yaml`);
    const files = await lint('extends-missing', JSON.stringify({ extends: missing }));
    expect(files.code).toBe(2);
    expect(files.stderr).toContain(`must NOT have more than ${MAX_CONFIG_EXTENDS} items`);
  }, 60_000);

  it('an entry given twice runs once: its findings are not repeated', async () => {
    const once = await lint('extends-once', 'extends: [spectral:oas]\n');
    const twice = await lint(
      'extends-twice',
      `extends: [${Array(MAX_CONFIG_EXTENDS).fill('spectral:oas').join(', ')}]\n`,
    );
    expect(twice.code, twice.stderr).toBe(once.code);
    const ids = (stdout: string) =>
      (JSON.parse(stdout) as { findings: Finding[] }).findings.map((finding) => `${finding.ruleId} ${finding.pointer}`);
    expect(ids(once.stdout).some((id) => id.startsWith('oas3-'))).toBe(true);
    expect(ids(twice.stdout)).toEqual(ids(once.stdout));
  }, 60_000);
});

describe('rules (o34r10 B8)', () => {
  it(`more than ${MAX_CONFIG_RULES} entries: one line, exit 2`, async () => {
    const rules = Object.fromEntries(Array.from({ length: MAX_CONFIG_RULES + 1 }, (_, i) => [`x${i}`, 'error']));
    const result = await lint('rules-many', JSON.stringify({ rules }));
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `vottur: vottur.config.yaml: \`rules\` must NOT have more than ${MAX_CONFIG_RULES} properties`,
    ]);
    const within = Object.fromEntries(Array.from({ length: MAX_CONFIG_RULES }, (_, i) => [`x${i}`, 'error']));
    expect((await lint('rules-within', JSON.stringify({ rules: within }))).code).toBe(1);
  }, 60_000);

  it('the same bound holds for the rules of an override', async () => {
    const rules = Object.fromEntries(Array.from({ length: MAX_CONFIG_RULES + 1 }, (_, i) => [`x${i}`, 'error']));
    const result = await lint('override-many', JSON.stringify({ overrides: [{ files: ['*.yaml'], rules }] }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`\`overrides.0.rules\` must NOT have more than ${MAX_CONFIG_RULES} properties`);
  }, 60_000);
});

describe("a key twice in a map, found in linear time (the yaml package's check is quadratic)", () => {
  const texts = [
    'a: 1\nb: 2\na: 3\n',
    '{"a": 1, "b": {"c": 1, "c": 2}}',
    'x:\n  - {k: 1}\n  - {k: 1, k: 2}\n',
    '1: a\n"1": b\n',
    'a: 1\nb: 2\n',
    'a: [1, 2\nb: 1\nb: 2\n',
    'b: 1\nb: 2\nc: [\n',
    '? [a]\n: 1\n? [a]\n: 2\n',
  ];

  it("finds what the package's own check finds, with the same code, position and wording", () => {
    for (const text of texts) {
      const ours = parseYamlDocument(text);
      const theirs = parseDocument(text, { uniqueKeys: true });
      expect(
        ours.errors.map((error) => [error.code, error.pos[0], error.message.split(':\n')[0]]),
        text,
      ).toEqual(theirs.errors.map((error) => [error.code, error.pos[0], error.message.split(':\n')[0]]));
    }
  });

  it('parses to the same data, and throws the same first error (the one reader of YAML written as data)', async () => {
    for (const text of texts) {
      let theirs: unknown;
      let ours: unknown;
      try {
        theirs = parse(text, { maxAliasCount: 100 });
      } catch (error) {
        theirs = (error as Error).message.split(':\n')[0];
      }
      try {
        ours = await parseYamlData(text);
      } catch (error) {
        ours = (error as Error).message.split(':\n')[0];
      }
      expect(ours, text).toEqual(theirs);
    }
  });

  it('reads 20,000 keys of one map and still finds the one given twice at the end', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `"x${i}": 1`).join(', ');
    const doc = parseYamlDocument(`{${keys}, "x5": 2}`);
    expect(doc.errors.map((error) => error.code)).toEqual(['DUPLICATE_KEY']);
  });
});
