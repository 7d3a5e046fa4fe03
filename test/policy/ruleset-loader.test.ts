/**
 * The gate's ruleset loader (src/policy/ruleset.ts), decision by decision: how a file is read
 * (strict JSON, YAML 1.2 core schema, the byte order mark), what a ruleset may contain, which
 * JSONPaths and regular expressions pass, and where a package comes from.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatePolicy } from '../../src/policy/index.js';
import { jsonPathRefusal, loadUnderPolicy, parseRulesetText, ruleBudget } from '../../src/policy/ruleset.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-ruleset-loader-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'vottur.config.yaml');

async function why(name: string, text: string): Promise<string | undefined> {
  writeFileSync(join(dir, name), text);
  const load = await loadUnderPolicy(`./${name}`, config, gatePolicy(), dir);
  return load.ok ? undefined : load.why;
}

const RULE = 'rules:\n  house:\n    given: $.info\n    then: { field: title, function: truthy }\n';

describe('reading a ruleset file', () => {
  it('JSON: no comments, no duplicate names; a leading byte order mark is dropped', async () => {
    await expect(parseRulesetText('{"a": 1, // c\n"b": 2}', 'json', 'r.json')).rejects.toThrow(/not valid JSON/);
    await expect(parseRulesetText('{"a": 1, "a": 2}', 'json', 'r.json')).rejects.toThrow(/duplicate name/);
    await expect(parseRulesetText('\uFEFF{"a": 1}', 'json', 'r.json')).resolves.toEqual({ a: 1 });
  });

  it('YAML: merge keys, tags outside the core schema, duplicate keys and several documents are refused; anchors are data', async () => {
    await expect(parseRulesetText('x: &a {b: 1}\n<<: *a\n', 'yaml', 'r.yaml')).rejects.toThrow(/merge key/);
    await expect(parseRulesetText('x: !!js/function "f"\n', 'yaml', 'r.yaml')).rejects.toThrow(/tag/);
    await expect(parseRulesetText('x: !custom 1\n', 'yaml', 'r.yaml')).rejects.toThrow(/tag/);
    await expect(parseRulesetText('x: 1\nx: 2\n', 'yaml', 'r.yaml')).rejects.toThrow(/duplicate key \(line 2/);
    await expect(parseRulesetText('x: 1\n---\ny: 2\n', 'yaml', 'r.yaml')).rejects.toThrow(/more than one/);
    await expect(parseRulesetText('\uFEFFx: &a [1]\ny: *a\n', 'yaml', 'r.yaml')).resolves.toEqual({ x: [1], y: [1] });
    // YAML 1.2 core: `yes` and `0777` are strings and a decimal, as the schema expects.
    await expect(parseRulesetText('a: yes\nb: 0o17\n', 'yaml', 'r.yaml')).resolves.toEqual({ a: 'yes', b: 15 });
  });
});

describe('what a ruleset may contain', () => {
  it('a plain ruleset loads as data; Spectral core functions only; no functions, functionsDir, parserOptions or unknown keys', async () => {
    expect(await why('ok.yaml', RULE)).toBeUndefined();
    expect(await why('f.yaml', `functions: [x]\n${RULE}`)).toMatch(/`functions` \(custom functions are code\)/);
    expect(await why('fd.yaml', `functionsDir: ./f\n${RULE}`)).toMatch(/`functionsDir`/);
    expect(await why('po.yaml', `parserOptions: {}\n${RULE}`)).toMatch(/`parserOptions`/);
    expect(await why('u.yaml', `x-any: 1\n${RULE}`)).toMatch(/additional properties `x-any`/);
    expect(await why('cf.yaml', RULE.replace('truthy', 'myFunction'))).toMatch(
      /`rules.house.then.function` must be equal to one of the allowed values \(Spectral's core functions only/,
    );
    expect(
      await why('ov.yaml', `${RULE}overrides:\n  - files: ['*.yaml']\n    extends: [./x.js]\n    rules: {}\n`),
    ).toMatch(/`overrides.0` must NOT have additional properties `extends`/);
  });

  it("a rule defined under a prefix of vottur's own rules is refused; a level for one of them is not a definition (attack o34r10 B12)", async () => {
    for (const name of [
      'policy-extends-refused',
      'platform-info-x-links',
      'vottur-walk-limit',
      'Contract-anything',
      'diff-x',
      'catalogue-y',
    ])
      expect(await why(`reserved-${name}.yaml`, RULE.replace('house', name)), name).toMatch(
        new RegExp(
          `\`rules\\.${name}\` defines a rule under \`${name.split('-')[0]}-\`, a prefix vottur keeps for its own rules`,
        ),
      );
    expect(
      await why(
        'reserved-override.yaml',
        `${RULE}overrides:\n  - files: ['*.yaml']\n    rules:\n      policy-forged:\n        given: $.info\n        then: { function: truthy }\n`,
      ),
    ).toMatch(/`overrides\.0\.rules\.policy-forged` defines a rule under `policy-`/);
    expect(await why('platformish.yaml', RULE.replace('house', 'platformer-house'))).toBeUndefined();
    // Names that look like vottur's (a Cyrillic о, a non-breaking hyphen, a leading space; attack o34r11 A7a).
    for (const name of ['p\u043elicy-extends-refused', 'policy\u2011extends-refused', '" policy-extends-refused"'])
      expect(await why(`lookalike-${name.length}.yaml`, RULE.replace('house', name)), name).toMatch(
        /is a rule name of other characters than ASCII letters, digits/,
      );
  });

  it("function options are validated by Spectral's own schemas", async () => {
    expect(
      await why('co.yaml', RULE.replace('function: truthy', 'function: casing, functionOptions: { type: nope }')),
    ).toMatch(/Spectral refuses it/);
  });

  it('JSONPath: RFC 9535 without filters or script characters, in given, then.field and aliases', async () => {
    expect(await jsonPathRefusal('$.paths[*][*].responses')).toBeUndefined();
    expect(await jsonPathRefusal("$..['x-vottur']")).toBeUndefined();
    expect(await jsonPathRefusal('$.paths[?@.get]')).toMatch(/contains `\?`/);
    expect(await jsonPathRefusal("$['(a)']")).toMatch(/contains `\(`/);
    expect(await jsonPathRefusal('$.paths.*~')).toMatch(/not an RFC 9535 JSONPath/);
    expect(await why('g.yaml', RULE.replace('$.info', '"$..[?(@.x)]"'))).toMatch(/`rules.house.given` contains `\?`/);
    expect(await why('fl.yaml', RULE.replace('field: title', 'field: "$[?(@.x)]"'))).toMatch(
      /`rules.house.then.field`/,
    );
    expect(await why('al.yaml', `aliases:\n  A: ["$[?(@.x)]"]\n${RULE}`)).toMatch(/`aliases.A.0` contains/);
    expect(await why('ag.yaml', `aliases:\n  A: ["$.info"]\n${RULE.replace('$.info', '"#A.title"')}`)).toBeUndefined();
  });

  it('regular expressions compile on the linear-time engine; a schema option holds none', async () => {
    const pattern = (match: string) =>
      RULE.replace('function: truthy', () => `function: pattern, functionOptions: { match: ${JSON.stringify(match)} }`);
    expect(await why('p1.yaml', pattern('^(a+)+$'))).toBeUndefined();
    expect(await why('p2.yaml', pattern('/^abc$/i'))).toBeUndefined();
    expect(await why('p3.yaml', pattern('^(?=a)'))).toMatch(
      /`rules.house.then.functionOptions.match` cannot run on the linear-time engine/,
    );
    expect(await why('p4.yaml', pattern('(a)\\1'))).toMatch(/backreference/);
    expect(await why('p5.yaml', pattern('/a/g'))).toMatch(/flags `g`/);
    expect(
      await why(
        's.yaml',
        [
          'rules:',
          '  house:',
          '    given: $.info',
          '    then:',
          '      field: title',
          '      function: schema',
          '      functionOptions:',
          '        schema: { type: string, pattern: "^(a+)+$" }',
          '',
        ].join('\n'),
      ),
    ).toMatch(/`rules.house.then.functionOptions.schema.pattern` is a regular expression/);
  });
});

describe('where files and packages come from', () => {
  it('nested files are read the same way; a symbolic link out of the repository and a cycle are handled', async () => {
    writeFileSync(join(dir, 'inner.yaml'), 'functions: [x]\n');
    expect(await why('outer.yaml', 'extends: [./inner.yaml]\n')).toMatch(
      /inner.yaml must NOT have additional properties `functions`/,
    );
    writeFileSync(join(dir, 'loop.yaml'), `extends: [./loop.yaml, spectral:oas]\n${RULE}`);
    expect((await loadUnderPolicy('./loop.yaml', config, gatePolicy(), dir)).ok).toBe(true);
    const outside = mkdtempSync(join(tmpdir(), 'vottur-outside-'));
    writeFileSync(join(outside, 'r.yaml'), RULE);
    symlinkSync(join(outside, 'r.yaml'), join(dir, 'out.yaml'));
    const load = await loadUnderPolicy('./out.yaml', config, gatePolicy(), dir);
    expect(load.ok ? '' : load.why).toMatch(/outside the repository/);
    rmSync(outside, { recursive: true, force: true });
  });

  it("packages: only those the policy lists, only from the operator's installation, only as data", async () => {
    mkdirSync(join(dir, 'node_modules/house'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/house/package.json'), JSON.stringify({ name: 'house', main: 'r.yaml' }));
    writeFileSync(join(dir, 'node_modules/house/r.yaml'), RULE);
    const refused = await loadUnderPolicy('house', config, gatePolicy(), dir);
    expect(refused.ok ? '' : refused.why).toMatch(/names the package house, which the policy does not list/);
    const operator = mkdtempSync(join(tmpdir(), 'vottur-operator-'));
    writeFileSync(join(operator, 'policy.yaml'), '{}');
    const policy = { ...gatePolicy(), extendsPackages: ['house'], file: join(operator, 'policy.yaml') };
    // Installed only in the repository: not the operator's.
    const fromRepository = await loadUnderPolicy('house', config, policy, dir);
    expect(fromRepository.ok ? '' : fromRepository.why).toMatch(
      /is not installed where the operator's installation is/,
    );
    mkdirSync(join(operator, 'node_modules/house'), { recursive: true });
    writeFileSync(
      join(operator, 'node_modules/house/package.json'),
      JSON.stringify({ name: 'house', main: 'index.js' }),
    );
    writeFileSync(join(operator, 'node_modules/house/index.js'), 'module.exports = {};\n');
    const code = await loadUnderPolicy('house', config, policy, dir);
    expect(code.ok ? '' : code.why).toMatch(/is not a .json, .yaml or .yml file/);
    // Another package (Node caches what a package.json said): its main is a ruleset file.
    mkdirSync(join(operator, 'node_modules/house-data'), { recursive: true });
    writeFileSync(
      join(operator, 'node_modules/house-data/package.json'),
      JSON.stringify({ name: 'house-data', main: 'r.yaml' }),
    );
    writeFileSync(join(operator, 'node_modules/house-data/r.yaml'), RULE);
    const loaded = await loadUnderPolicy('house-data', config, { ...policy, extendsPackages: ['house-data'] }, dir);
    expect(loaded.ok ? '' : loaded.why).toBe('');
    expect(loaded.read).toEqual([
      { path: join(operator, 'node_modules/house-data/r.yaml'), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    rmSync(operator, { recursive: true, force: true });
  });
});

describe('attacks on the loader itself (issue 34, second round)', () => {
  it('B1: a rule, alias or any key named __proto__, constructor or prototype is refused before Spectral sees it', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    expect(await why('proto.yaml', 'rules:\n  __proto__: hint\n')).toMatch(
      /proto.yaml: `rules.__proto__` is a name vottur refuses anywhere in a ruleset/,
    );
    expect(await why('proto.json', '{"rules": {"__proto__": "hint"}}')).toMatch(/`rules.__proto__` is a name/);
    expect(await why('ctor.yaml', 'rules:\n  constructor: hint\n')).toMatch(/`rules.constructor` is a name/);
    expect(await why('alias.yaml', `aliases:\n  prototype: [$.info]\n${RULE}`)).toMatch(
      /`aliases.prototype` is a name/,
    );
    expect(
      await why('deep.yaml', RULE.replace('function: truthy', 'function: truthy, functionOptions: { __proto__: 1 }')),
    ).toMatch(/`rules.house.then.functionOptions.__proto__` is a name/);
    // Nothing reached Spectral's materialize: Object.prototype is as it was.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).severity).toBeUndefined();
  });

  it('B2: JSON nested past the bound is refused before any recursive reader runs (YAML too)', async () => {
    const deep = (n: number) =>
      `{"rules":{"r":{"given":"$","then":{"function":"schema","functionOptions":{"schema":${'{"not":'.repeat(n)}{}${'}'.repeat(n)}}}}}}`;
    expect(await why('deep5000.json', deep(5000))).toMatch(/deep5000.json nests deeper than 64 levels/);
    expect(await why('deep60.json', deep(60))).toMatch(/nests deeper than 64 levels/);
    expect(await why('deep30.json', deep(30))).toBeUndefined();
    // A bracket inside a string is not nesting.
    await expect(parseRulesetText(`{"a": "${'['.repeat(100)}"}`, 'json', 'r.json')).resolves.toEqual({
      a: '['.repeat(100),
    });
    const yaml = `rules:\n  r:\n    given: $\n    then:\n      function: schema\n      functionOptions:\n        schema: ${'{not: '.repeat(70)}{}${'}'.repeat(70)}\n`;
    expect(await why('deep.yaml', yaml)).toMatch(/nests deeper than 64 levels/);
  });

  it('B3: more than 500 rules, aliases and overrides under one configuration are refused, naming the bound', async () => {
    const rules = (n: number, prefix: string) =>
      `rules:\n${Array.from({ length: n }, (_, i) => `  ${prefix}${i}: { given: $.info, then: { function: truthy } }\n`).join('')}`;
    expect(await why('many.yaml', rules(501, 'r'))).toMatch(/past 500 rules, aliases and overrides in all/);
    expect(await why('enough.yaml', rules(300, 'r'))).toBeUndefined();
    // Shared by the entries of one configuration, nested files included.
    writeFileSync(join(dir, 'half.yaml'), rules(300, 'h'));
    writeFileSync(join(dir, 'half2.yaml'), `extends: [./half.yaml]\n${rules(10, 'k')}`);
    const budget = ruleBudget();
    expect((await loadUnderPolicy('./enough.yaml', config, gatePolicy(), dir, budget)).ok).toBe(true);
    const second = await loadUnderPolicy('./half2.yaml', config, gatePolicy(), dir, budget);
    expect(second.ok ? '' : second.why).toMatch(/half.yaml brings the rulesets of this configuration past 500/);
  });

  it('o34r6 R05: what drives the work is bounded too: `then` entries, given × then checks and deep scans, shared by a configuration', async () => {
    const rule = (name: string, given: string | string[], thens: number, field: string) =>
      `  ${name}:\n    given: ${JSON.stringify(given)}\n    then:\n${`      - { field: ${JSON.stringify(field)}, function: truthy }\n`.repeat(thens)}`;
    const ruleset = (...rules: string[]) => `rules:\n${rules.join('')}`;
    // The report's ruleset: 10 rules of 400 `then`s, each `$..*` under `$..*`.
    const attack = ruleset(...Array.from({ length: 10 }, (_, i) => rule(`r${i}`, '$..*', 400, '$..*')));
    expect(await why('attack.yaml', attack)).toMatch(/past 1,000 `then` entries in all/);
    expect(await why('thens.yaml', ruleset(rule('t', '$.info', 1001, 'title')))).toMatch(/past 1,000 `then` entries/);
    const paths = Array.from({ length: 20 }, (_, i) => `$.paths.p${i}`);
    expect(await why('checks.yaml', ruleset(rule('c', paths, 101, 'x')))).toMatch(
      /past 2,000 checks \(`given` paths × `then` entries of each rule\)/,
    );
    expect(await why('deep-given.yaml', ruleset(rule('d', '$..a', 201, 'x')))).toMatch(/past 200 deep scans/);
    expect(await why('deep-field.yaml', ruleset(rule('f', ['$.a', '$.b'], 101, '$..x')))).toMatch(
      /past 200 deep scans/,
    );
    // An alias counts as deep as its targets.
    expect(await why('alias.yaml', `aliases:\n  All: ['$..*']\n${ruleset(rule('a', '#All', 201, 'x'))}`)).toMatch(
      /past 200 deep scans/,
    );
    // Within every bound: a house ruleset of a few rules with a few `then`s each.
    expect(
      await why('house.yaml', ruleset(rule('h1', '$..properties', 3, '@key'), rule('h2', paths, 5, 'x'))),
    ).toBeUndefined();
    // Shared by the entries of one configuration.
    writeFileSync(join(dir, 'deep1.yaml'), ruleset(rule('d1', '$..a', 150, 'x')));
    writeFileSync(join(dir, 'deep2.yaml'), ruleset(rule('d2', '$..b', 60, 'x')));
    const budget = ruleBudget();
    expect((await loadUnderPolicy('./deep1.yaml', config, gatePolicy(), dir, budget)).ok).toBe(true);
    const second = await loadUnderPolicy('./deep2.yaml', config, gatePolicy(), dir, budget);
    expect(second.ok ? '' : second.why).toMatch(
      /deep2.yaml brings the rulesets of this configuration past 200 deep scans/,
    );
  });

  it('o34r11 A8a: ruleset files read more than 100 times under one configuration (a diamond of nested extends) are refused', async () => {
    // Three levels of ten entries each: 1 + 10 + 100 reads, of files that hold no rule.
    for (let level = 0; level < 3; level++)
      writeFileSync(
        join(dir, `d${level}.yaml`),
        `extends:\n${Array.from({ length: 10 }, () => `  - ./d${level + 1}.yaml\n`).join('')}rules: {}\n`,
      );
    writeFileSync(join(dir, 'd3.yaml'), 'rules: {}\n');
    const load = await loadUnderPolicy('./d0.yaml', config, gatePolicy(), dir);
    expect(load.ok).toBe(false);
    expect(load.ok ? '' : load.why).toMatch(
      /read ruleset files more than 100 times \(nested `extends` included, a file read again counted again\)/,
    );
    // Two levels (1 + 10 + … reads within the bound) load.
    writeFileSync(join(dir, 'd2.yaml'), 'rules: {}\n');
    expect((await loadUnderPolicy('./d1.yaml', config, gatePolicy(), dir)).ok).toBe(true);
  });

  it('B4: a file outside the repository is refused alike whether or not it exists', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'vottur-outside-'));
    const inner = join(outside, 'repo');
    mkdirSync(join(inner, '.git'), { recursive: true });
    writeFileSync(join(outside, 'there.yaml'), RULE);
    const innerConfig = join(inner, 'vottur.config.yaml');
    const message = async (entry: string) => {
      const load = await loadUnderPolicy(entry, innerConfig, gatePolicy(), inner);
      return (load.ok ? '' : load.why).replace(entry.slice(3), 'X');
    };
    const there = await message('../there.yaml');
    expect(there).toMatch(/outside the repository/);
    expect(await message('../absent.yaml')).toBe(there);
    rmSync(outside, { recursive: true, force: true });
  });
});

describe('attacks on the loader itself (issue 34, o34r16)', () => {
  it('B3: aliases are bounded by the characters they expand to, not only by their number', async () => {
    // Nine aliases of a 1.2 MB text: under the bound of 100 aliases, past the 10 M characters.
    const big = 'm'.repeat(1_200_000);
    const nine = `a: &a "${big}"\nb: [${Array(9).fill('*a').join(', ')}]\n`;
    await expect(parseRulesetText(nine, 'yaml', 'r.yaml')).rejects.toThrow(
      /r.yaml is refused: its aliases \(`\*name`\) expand to more than 10,000,000 characters/,
    );
    // Nested aliases multiply: 50 aliases of 1,000 characters expand to 100 M.
    const levels = [`l0: &l0 "${'x'.repeat(1000)}"`];
    for (let i = 1; i <= 5; i++)
      levels.push(
        `l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(', ')}]`,
      );
    await expect(parseRulesetText(levels.join('\n') + '\n', 'yaml', 'r.yaml')).rejects.toThrow(/expand to more than/);
    // Under the bound an alias is data, as before.
    const eight = `a: &a "${'m'.repeat(1_000_000)}"\nb: [${Array(8).fill('*a').join(', ')}]\n`;
    const data = (await parseRulesetText(eight, 'yaml', 'r.yaml')) as { b: string[] };
    expect(data.b).toHaveLength(8);
  });

  it('B3: a rule message, description or link longer than 2,000 characters is refused, naming the key', async () => {
    const withKey = (key: string, length: number) =>
      RULE.replace('    given:', `    ${key}: "${'m'.repeat(length)}"\n    given:`);
    expect(await why('long.yaml', withKey('message', 2001))).toMatch(
      /long.yaml: `rules.house.message` must NOT have more than 2000 characters/,
    );
    expect(await why('long.yaml', withKey('description', 100_000))).toMatch(
      /`rules.house.description` must NOT have more than 2000 characters/,
    );
    expect(await why('long.yaml', `description: "${'d'.repeat(2001)}"\n${RULE}`)).toMatch(
      /`description` must NOT have more than 2000 characters/,
    );
    expect(await why('fits.yaml', withKey('message', 2000))).toBeUndefined();
  });
});
