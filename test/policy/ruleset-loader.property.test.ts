/**
 * Issue 34, item 2: the test that one more trick cannot dodge. fast-check writes repositories whose
 * configuration and ruleset files combine every construct a gated team could use to slip code
 * past a policy — extensions in any case and none, JavaScript behind a `.yaml` symbolic link,
 * merge keys, anchors, duplicate keys, custom tags, comments, byte order marks, `functions`,
 * `functionsDir`, `parserOptions`, `overrides[].extends`, nested `extends`, package names with a
 * committed `node_modules` package, and filter expressions in every JSONPath place (`given`,
 * `then.field`, aliases) — and runs each under the built-in strict policy (`--gate`), in process,
 * as the CLI does: the gate's one resolution of the configuration, then every ruleset it let
 * through, built and run by Spectral over a description. Every payload writes a sentinel file in
 * the test's own folder; it must never appear, and whatever was loaded has no executable part.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigResolver } from '../../src/config/index.js';
import { CORE_FUNCTIONS } from '../../src/lint/data-ruleset.js';
import { extendedLinter } from '../../src/lint/extends.js';
import { loadDescription } from '../../src/lint/load.js';
import { GateRun } from '../../src/policy/enforce.js';
import { gatePolicy } from '../../src/policy/index.js';
import { ROOT } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-loader-prop-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const DESCRIPTION = readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), 'utf8');

/** An expression that writes the sentinel if anything ever evaluates it as JavaScript. */
const expression = (sentinel: string) =>
  `@.constructor.constructor('process.getBuiltinModule("fs").writeFileSync(${JSON.stringify(sentinel)}, "ran")')()`;
/** The same, as a module (CommonJS, as Spectral's loader runs one). */
const moduleCode = (sentinel: string) =>
  `require('node:fs').writeFileSync(${JSON.stringify(sentinel)}, 'ran');\nmodule.exports = { rules: {} };\n`;

/** Entries that name code one way or another; every repository below has all of them on disk. */
const PAYLOAD_ENTRIES = [
  './evil.js',
  './evil.JS',
  './evil.Mjs',
  './evil',
  './evil.txt',
  './link.yaml',
  './payload.yaml',
  'evil-package',
  'team.yaml',
  'functions/evil.js',
] as const;

const EXTENSIONS = ['.yaml', '.YAML', '.yml', '.Yml', '.json', '.JSON', '.Json', '', '.txt'] as const;
const FILTER_PLACES = ['none', 'given', 'field', 'alias', 'alias-target'] as const;

interface RulesetShape {
  name: string;
  format: 'json' | 'yaml';
  extension: (typeof EXTENSIONS)[number];
  functions: boolean;
  functionsDir: boolean;
  parserOptions: boolean;
  unknownKey: boolean;
  customFunction: boolean;
  mergeKey: boolean;
  anchor: boolean;
  duplicateKey: boolean;
  customTag: boolean;
  comment: boolean;
  bom: boolean;
  filter: (typeof FILTER_PLACES)[number];
  overridesExtends: boolean;
  extends: string[];
}

/** True one time in six: a case combines a few constructs, and some cases none (then the ruleset loads). */
const sometimes = () => fc.integer({ min: 0, max: 5 }).map((n) => n === 0);

const shape = (name: string, extendsFrom: fc.Arbitrary<string>) =>
  fc.record<RulesetShape>({
    name: fc.constant(name),
    format: fc.constantFrom('json', 'yaml'),
    extension: fc.constantFrom(...EXTENSIONS),
    functions: sometimes(),
    functionsDir: sometimes(),
    parserOptions: sometimes(),
    unknownKey: sometimes(),
    customFunction: sometimes(),
    mergeKey: sometimes(),
    anchor: sometimes(),
    duplicateKey: sometimes(),
    customTag: sometimes(),
    comment: sometimes(),
    bom: sometimes(),
    filter: fc.oneof({ weight: 4, arbitrary: fc.constant('none' as const) }, fc.constantFrom(...FILTER_PLACES)),
    overridesExtends: sometimes(),
    extends: fc.array(extendsFrom, { maxLength: 2 }),
  });

const fileName = (ruleset: RulesetShape) => `${ruleset.name}${ruleset.extension}`;

/** A ruleset file's text with the constructs its shape asks for. */
function rulesetText(ruleset: RulesetShape, sentinel: string): string {
  const filter = `$..[?(${expression(sentinel)})]`;
  const data: Record<string, unknown> = {
    ...(ruleset.extends.length > 0 ? { extends: ruleset.extends } : {}),
    aliases: {
      Info: ruleset.filter === 'alias' ? [filter] : ['$.info'],
      ...(ruleset.filter === 'alias-target' ? { Targets: { targets: [{ formats: ['oas3'], given: [filter] }] } } : {}),
    },
    rules: {
      'house-title': {
        given: ruleset.filter === 'given' ? filter : '#Info',
        severity: 'warn',
        then: {
          field: ruleset.filter === 'field' ? `$[?(${expression(sentinel)})]` : 'title',
          function: ruleset.customFunction ? 'evil' : 'truthy',
        },
      },
      ...(ruleset.filter === 'alias-target'
        ? { 'house-target': { given: '#Targets', then: { function: 'truthy' } } }
        : {}),
    },
    ...(ruleset.functions ? { functions: ['evil'] } : {}),
    ...(ruleset.functionsDir ? { functionsDir: './functions' } : {}),
    ...(ruleset.parserOptions ? { parserOptions: { duplicateKeys: 'off' } } : {}),
    ...(ruleset.unknownKey ? { 'x-unknown': true } : {}),
    ...(ruleset.overridesExtends
      ? { overrides: [{ files: ['**/*.yaml'], extends: ['./evil.js'], rules: { 'house-title': 'error' } }] }
      : {}),
  };
  let text: string;
  if (ruleset.format === 'json') {
    text = JSON.stringify(data, null, 2);
    const extra: string[] = [];
    if (ruleset.comment) extra.push('// a comment');
    if (ruleset.duplicateKey) extra.push('"functions": ["evil"],', '"functions": [],');
    if (ruleset.anchor || ruleset.mergeKey || ruleset.customTag) extra.push('"description": "json has none of these",');
    text = `{\n${extra.join('\n')}\n${text.slice(1)}`;
  } else {
    text = stringify(data);
    const extra: string[] = [];
    if (ruleset.comment) extra.push('# a comment');
    if (ruleset.mergeKey)
      extra.push('x-code: &code', '  functions: [evil]', '  functionsDir: ./functions', '<<: *code');
    if (ruleset.anchor) extra.push('documentationUrl: &url https://example.is/rules', 'description: *url');
    if (ruleset.duplicateKey) extra.push('functions: [evil]', 'functions: []');
    if (ruleset.customTag)
      extra.push(`x-tagged: !!js/function ${JSON.stringify(`function () { ${moduleCode(sentinel).split('\n')[0]} }`)}`);
    text = `${extra.join('\n')}${extra.length > 0 ? '\n' : ''}${text}`;
  }
  return `${ruleset.bom ? '\uFEFF' : ''}${text}`;
}

/** Writes the repository: payloads of every kind, the ruleset files, the configuration. */
function writeRepository(dir: string, sentinel: string, rulesets: RulesetShape[], config: string[]): void {
  mkdirSync(join(dir, '.git'), { recursive: true });
  mkdirSync(join(dir, 'functions'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/evil-package'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/team.yaml'), { recursive: true });
  const code = moduleCode(sentinel);
  for (const name of ['evil.js', 'evil.JS', 'evil.Mjs', 'evil', 'evil.txt', 'functions/evil.js'])
    writeFileSync(join(dir, name), code);
  for (const name of ['evil-package', 'team.yaml']) {
    writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
    writeFileSync(join(dir, 'node_modules', name, 'index.js'), code);
  }
  symlinkSync(join(dir, 'evil.js'), join(dir, 'link.yaml'));
  // A plain-looking YAML file whose only rule carries the expression in `given`.
  writeFileSync(
    join(dir, 'payload.yaml'),
    stringify({ rules: { p: { given: `$[?(${expression(sentinel)})]`, then: { function: 'truthy' } } } }),
  );
  for (const ruleset of rulesets) writeFileSync(join(dir, fileName(ruleset)), rulesetText(ruleset, sentinel));
  writeFileSync(join(dir, 'vottur.config.yaml'), stringify({ extends: config }));
  writeFileSync(join(dir, 'api.yaml'), DESCRIPTION);
}

/** Whether a data ruleset (as the loader hands it to Spectral) holds anything executable. */
function executableParts(value: unknown, at = ''): string[] {
  if (typeof value === 'function') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => executableParts(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (['functions', 'functionsDir', 'parserOptions'].includes(key)) found.push(`${at}/${key}`);
    if (key === 'function' && !(CORE_FUNCTIONS as readonly string[]).includes(item as string))
      found.push(`${at}/${key}`);
    if ((key === 'given' || key === 'field') && /[?(@]/.test(JSON.stringify(item))) found.push(`${at}/${key}`);
    found.push(...executableParts(item, `${at}/${key}`));
  }
  return found;
}

const CLEAN: RulesetShape = {
  name: '',
  format: 'yaml',
  extension: '.yaml',
  functions: false,
  functionsDir: false,
  parserOptions: false,
  unknownKey: false,
  customFunction: false,
  mergeKey: false,
  anchor: true,
  duplicateKey: false,
  customTag: false,
  comment: true,
  bom: true,
  filter: 'none',
  overridesExtends: false,
  extends: ['./r1.yaml'],
};

let counter = 0;
/** Cases in which a repository ruleset file was loaded (as data): the property must reach that branch too. */
let loadedFiles = 0;

describe('issue 34: the gate loads no executable part of any ruleset, whatever it is made of', () => {
  it('a payload never runs, and the run refuses or loads data only', async () => {
    const anyEntry = fc.constantFrom(...PAYLOAD_ENTRIES, 'spectral:oas', './r1.yaml', './r1.yml', './r1');
    await fc.assert(
      fc.asyncProperty(
        shape('r0', anyEntry),
        shape('r1', fc.constantFrom(...PAYLOAD_ENTRIES, './r0.yaml', 'spectral:oas')),
        fc.array(fc.constantFrom(...PAYLOAD_ENTRIES, './r0', './r1.yaml', 'spectral:oas'), { maxLength: 2 }),
        fc.constantFrom('.yaml', '.YAML', '.json', ''),
        async (r0, r1, others, r0Reference) => {
          const dir = join(top, `case-${++counter}`);
          const sentinel = join(dir, 'SENTINEL');
          // The configuration names r0 with an extension of any case (or none), beside other entries.
          const config = [...new Set([`./r0${r0Reference}`, ...others])];
          // r0 is written with the extension the configuration names it by, so it is found.
          writeRepository(dir, sentinel, [{ ...r0, extension: r0Reference }, r1], config);
          const run = new GateRun(new ConfigResolver({ cwd: dir }), gatePolicy(), dir);
          const settings = await run.settingsFor('api.yaml');
          const data = settings?.extends?.data ?? [];
          expect(executableParts(data)).toEqual([]);
          if (data.some((item) => typeof item !== 'string')) loadedFiles++;
          if (settings?.extends) {
            const linter = await extendedLinter(settings.extends);
            await linter.run(await loadDescription(join(dir, 'api.yaml')));
          }
          expect(existsSync(sentinel)).toBe(false);
          // Either the run refused something (a finding names it) or all it loaded was data.
          const refused = run.refusals.filter((finding) => finding.ruleId === 'policy-extends-refused');
          expect(refused.length + data.length).toBe(config.length);
          for (const finding of refused)
            expect(finding.message).toMatch(/^`extends: .+` in vottur\.config\.yaml was not loaded: /);
          rmSync(dir, { recursive: true, force: true });
        },
      ),
      {
        numRuns: 80,
        // One case with nothing refused, so the branch that loads and runs the data is always taken.
        examples: [[{ ...CLEAN, name: 'r0' }, { ...CLEAN, name: 'r1' }, ['spectral:oas'], '.yaml']],
      },
    );
    expect(loadedFiles).toBeGreaterThan(0);
  }, 240_000);
});
