/**
 * The ruleset loader under an operator policy: the one reader that decides what a repository's
 * `extends` brings and loads it. A check that reads a file one way and hands its path to a loader
 * that reads it another way is a bypass for every difference between the two (merge keys,
 * duplicate keys, comments, extension case, package resolution, nested `extends`), so here vottur
 * reads each ruleset file once, strictly, validates the object, and hands Spectral only the data
 * it built (src/lint/data-ruleset.ts) — never a path, never a package name.
 *
 * What a file may contain is `assets/policy-ruleset.schema.json` plus what a schema cannot say:
 * every JSONPath (`given`, `then.field`, aliases) parses as RFC 9535 (json-p3) with no filter
 * selector and none of the characters a script expression needs, and every regular expression
 * compiles on the linear-time engine. docs/gate.md#the-ruleset-loader is the reader's version.
 */
import { createRequire } from 'node:module';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { CouldNotRunError } from '../errors.js';
import { packageFile, packageRoot } from '../paths.js';
import { isInside, namedFileRoot, readNamedFile } from '../runtime/safe-read.js';
import { compileSafeJsonPath } from '../runtime/jsonpath.js';
import {
  BUILT_IN_RULESETS,
  compilePatternOption,
  materialize,
  overrideFailure,
  type BuiltInRulesetName,
  type DataExtension,
  type DataRuleset,
} from '../lint/data-ruleset.js';
import type { RulesetReference } from '../lint/extends.js';
import { sha256, type Policy } from './index.js';
import { yamlLineBreaks } from '../runtime/yaml-lines.js';
import { ajvFragmentTarget } from '../../rulesets/lib/openapi/pointer.js';

export const POLICY_RULESET_SCHEMA_FILE = 'assets/policy-ruleset.schema.json';

/** A file the loader read: where (as a report names it) and its SHA-256. */
export interface ReadRuleset {
  path: string;
  sha256: string;
}

export type PolicyLoad =
  { ok: true; extension: DataExtension; read: ReadRuleset[] } | { ok: false; why: string; read: ReadRuleset[] };

/** A refusal: the file, the key and why, as one phrase. */
class Refusal extends Error {}

const refuse = (file: string, key: string, why: string) =>
  new Refusal(`${file}${key === '' ? '' : `: \`${key}\``} ${why}`);

let validator: ValidateFunction | undefined;

async function schemaValidator(): Promise<ValidateFunction> {
  if (!validator) {
    const [{ Ajv }, { readFileSync }] = await Promise.all([import('ajv'), import('node:fs')]);
    validator = new Ajv({ allErrors: true, strict: false }).compile(
      JSON.parse(readFileSync(packageFile(POLICY_RULESET_SCHEMA_FILE), 'utf8')) as object,
    );
  }
  return validator;
}

/** The YAML tags of the 1.2 core schema; any other (`!!js/function`, `!custom`, `!!binary`) is refused. */
const CORE_TAGS = new Set(
  ['str', 'map', 'seq', 'null', 'bool', 'int', 'float'].map((name) => `tag:yaml.org,2002:${name}`),
);

/**
 * A ruleset file's text as data. JSON: RFC 8259 only (no comments, no trailing commas, no duplicate
 * names). YAML: one document of the 1.2 core schema, no merge keys (`<<` is refused, not applied
 * or read as a key), no tags outside the core schema, no duplicate keys, at most 100 aliases. A
 * UTF-8 byte order mark at the very start is dropped (both RFC 8259 and YAML 1.2 let a parser
 * ignore it); the text is otherwise read as it is.
 */
export async function parseRulesetText(text: string, format: 'json' | 'yaml', shown: string): Promise<unknown> {
  const data = await parseText(text, format, shown);
  const why = dataRefusal(data);
  if (why) throw refuse(shown, why.key, why.why);
  return data;
}

/**
 * How deep a ruleset file may nest objects and arrays (YAML and JSON alike). A real ruleset is a
 * dozen levels deep; a few thousand overflow the stack of every recursive reader after this one
 * (the duplicate-name pass, ajv, Spectral), so depth is counted on the text before any parser runs.
 */
export const MAX_RULESET_DEPTH = 64;

/**
 * Keys no ruleset may use anywhere: Spectral builds its rules with plain objects, and a rule or
 * alias named `__proto__` assigned there changes Object.prototype for the rest of the process.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The deepest bracket nesting of a JSON text, strings skipped; stops past the bound. */
function bracketDepthExceeds(body: string, bound: number): boolean {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote !== '') {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"') quote = c;
    else if (c === '{' || c === '[') {
      if (++depth > bound) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

/** A key the reader refuses anywhere in the data, or nesting past the bound (walked without recursion). */
function dataRefusal(data: unknown): { key: string; why: string } | undefined {
  const stack: Array<{ value: unknown; at: string[] }> = [{ value: data, at: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, at } = item;
    if (typeof value !== 'object' || value === null) continue;
    if (at.length >= MAX_RULESET_DEPTH)
      return { key: at.join('.'), why: `nests deeper than ${MAX_RULESET_DEPTH} levels, vottur's bound for a ruleset` };
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.has(key))
        return {
          key: [...at, key].join('.'),
          why: 'is a name vottur refuses anywhere in a ruleset (`__proto__`, `constructor` and `prototype` reach JavaScript object prototypes); rename it',
        };
      stack.push({ value: (value as Record<string, unknown>)[key], at: [...at, key] });
    }
  }
  return undefined;
}

async function parseText(text: string, format: 'json' | 'yaml', shown: string): Promise<unknown> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // YAML's own reader refuses deep nesting (and its block nesting has no brackets to count).
  if (format === 'json' && bracketDepthExceeds(body, MAX_RULESET_DEPTH))
    throw refuse(shown, '', `nests deeper than ${MAX_RULESET_DEPTH} levels, vottur's bound for a ruleset`);
  const [YAML, { parseYamlDocument }, { MAX_ALIAS_CHARACTERS }] = await Promise.all([
    import('yaml'),
    import('../runtime/yaml-read.js'),
    import('../lint/yaml.js'),
  ]);
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (error) {
      const { parseErrorWithoutContent } = await import('../runtime/safe-read.js');
      throw refuse(shown, '', `is not valid JSON (${parseErrorWithoutContent(error)}; comments are not JSON)`);
    }
    // JSON.parse keeps the last of two equal names; a second reader could keep the first.
    const doc = parseYamlDocument(body, { version: '1.2', schema: 'json' });
    const duplicate = doc.errors.find((error) => error.code === 'DUPLICATE_KEY');
    if (duplicate)
      throw refuse(shown, '', `has a duplicate name (${where(duplicate, body)}); each name may appear once`);
    return data;
  }
  // Keys checked once each (the `yaml` package's own check compares each with every other: o34r10 B8).
  const doc = parseYamlDocument(yamlLineBreaks(body), {
    version: '1.2',
    schema: 'core',
    merge: false,
    strict: true,
    prettyErrors: false,
  });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const why =
      problem.code === 'DUPLICATE_KEY'
        ? `has a duplicate key (${where(problem, body)}); each key may appear once`
        : problem.code === 'TAG_RESOLVE_FAILED'
          ? `uses a YAML tag outside the core schema (${where(problem, body)})`
          : problem.code === 'MULTIPLE_DOCS'
            ? 'holds more than one YAML document'
            : `is not valid YAML (${problem.code.toLowerCase().replace(/_/g, ' ')}, ${where(problem, body)})`;
    throw refuse(shown, '', why);
  }
  let refusal: Refusal | undefined;
  YAML.visit(doc, {
    Pair(_, pair) {
      if (YAML.isScalar(pair.key) && pair.key.value === '<<' && pair.key.type === 'PLAIN') {
        refusal = refuse(
          shown,
          '',
          `uses a YAML merge key (\`<<\`, ${lineOf(body, pair.key.range)}), which vottur does not apply; write the keys out`,
        );
        return YAML.visit.BREAK;
      }
      return undefined;
    },
    Node(_, node) {
      if (node.tag !== undefined && !CORE_TAGS.has(node.tag) && !(YAML.isScalar(node) && node.tag === '!')) {
        refusal = refuse(
          shown,
          '',
          `uses the YAML tag \`${node.tag}\` (${lineOf(body, node.range)}), outside the core schema`,
        );
        return YAML.visit.BREAK;
      }
      return undefined;
    },
  });
  if (refusal) throw refusal;
  const aliased = aliasCharacters(YAML, doc, MAX_ALIAS_CHARACTERS);
  if (aliased > MAX_ALIAS_CHARACTERS)
    throw refuse(
      shown,
      '',
      `is refused: its aliases (\`*name\`) expand to more than ${MAX_ALIAS_CHARACTERS.toLocaleString('en')} characters (a long text repeated by alias); write the repeated parts out`,
    );
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw refuse(shown, '', `is refused: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

/**
 * The characters (strings and keys) a YAML document's aliases produce when expanded, counted as
 * the description reader counts them (src/lint/yaml.ts), without building anything; stops past
 * `bound`. The `yaml` package bounds only the number of aliases: one 1 MB anchor aliased 90 times
 * (1 MB of YAML) became 90 MB of rule messages and ran the process out of memory (o34r16 B3).
 */
function aliasCharacters(YAML: typeof import('yaml'), doc: import('yaml').Document.Parsed, bound: number): number {
  // Each node's expanded size once, so nested aliases cost one walk each.
  const sizes = new Map<unknown, number>();
  const sizeOf = (node: unknown): number => {
    if (node === null || node === undefined) return 0;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    sizes.set(node, 0); // an alias inside its own anchor adds nothing (toJS refuses it anyway)
    let size = 0;
    if (YAML.isAlias(node)) size = sizeOf(node.resolve(doc));
    else if (YAML.isScalar(node)) size = typeof node.value === 'string' ? node.value.length : 0;
    else if (YAML.isMap(node) || YAML.isSeq(node))
      for (const item of node.items as unknown[]) {
        size += YAML.isPair(item) ? sizeOf(item.key) + sizeOf(item.value) : sizeOf(item);
        if (size > bound) break;
      }
    sizes.set(node, size);
    return size;
  };
  let total = 0;
  YAML.visit(doc, {
    Alias(_, alias) {
      total += sizeOf(alias.resolve(doc));
      return total > bound ? YAML.visit.BREAK : undefined;
    },
  });
  return total;
}

function where(problem: { pos: [number, number] }, text: string): string {
  return lineOf(text, problem.pos);
}

/** Line and column of an offset in the text, as a person finds it. */
function lineOf(text: string, range: readonly number[] | null | undefined): string {
  if (!range) return 'somewhere in the file';
  const before = text.slice(0, range[0]);
  const line = before.split('\n').length;
  return `line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
}

/* ------------------------------------------------------------------------------------------ */
/* JSONPath and regular expressions.                                                          */

/** Characters a JSONPath needs for a script or filter expression in any dialect (nimma, JSONPath-Plus). */
const SCRIPT_CHARACTERS = /[()?@`\\]/;

/**
 * Why a JSONPath is refused, or undefined: it must parse as RFC 9535 (json-p3, strict) with no
 * filter selector (the shared evaluator, src/runtime/jsonpath.ts), and contain none of
 * `( ) ? @ \` \` anywhere (even in a quoted name), so that neither nimma (`given`) nor
 * JSONPath-Plus (`then.field`) can read a script into it.
 */
export async function jsonPathRefusal(path: string): Promise<string | undefined> {
  if (SCRIPT_CHARACTERS.test(path))
    return `contains \`${SCRIPT_CHARACTERS.exec(path)?.[0]}\`: filter and script expressions are not allowed (paths are data; write the path with names, wildcards, indexes and ..)`;
  const compiled = await compileSafeJsonPath(path);
  return 'refusal' in compiled ? compiled.refusal : undefined;
}

/** A `given` or alias target: a JSONPath, or `#Alias` followed by more of a path. */
async function givenRefusal(given: string): Promise<string | undefined> {
  if (given.startsWith('#')) {
    const alias = /^#[A-Za-z0-9_-]+/.exec(given)?.[0];
    if (!alias) return 'names an alias (`#Name`) with characters other than letters, digits, `_` and `-`';
    const rest = given.slice(alias.length);
    if (rest !== '' && !rest.startsWith('.') && !rest.startsWith('['))
      return `continues the alias ${alias} with \`${rest}\`, not a JSONPath segment`;
    return rest === '' ? undefined : jsonPathRefusal(`$${rest}`);
  }
  if (!given.startsWith('$')) return 'is not a JSONPath (it starts with `$`, or with `#` for an alias)';
  return jsonPathRefusal(given);
}

/** `then.field`: `@key`, a JSONPath, or a property path (`a.b`, `a[0]`) read as data. */
async function fieldRefusal(field: string): Promise<string | undefined> {
  if (field === '@key') return undefined;
  if (field.startsWith('$')) return jsonPathRefusal(field);
  return SCRIPT_CHARACTERS.test(field)
    ? `contains \`${SCRIPT_CHARACTERS.exec(field)?.[0]}\`; a field is a property name or a JSONPath without expressions`
    : undefined;
}

const BACKTRACKING_PATTERN =
  "is a regular expression Spectral's schema function would run on JavaScript's backtracking engine; check strings with the `pattern` function, which runs in linear time";

/**
 * The first keyword of a `schema` function's schema that the ruleset may not use, and why: a
 * regular expression Spectral's ajv would run on JavaScript's engine, or a keyword that makes the
 * rule inert (it checks nothing and says nothing): a `$ref` that is not a pointer into the schema
 * itself (a URL or a file is never fetched, so the rule compiled to nothing), `$async` (the
 * schema function does not wait for an asynchronous validation) and `$data` (ajv runs without
 * `$data` references).
 */
function schemaRefusal(schema: unknown, at: string): { key: string; why: string } | undefined {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) {
      const found = schemaRefusal(item, `${at}.${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof schema !== 'object' || schema === null) return undefined;
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if ((key === 'pattern' && typeof value === 'string') || (key === 'patternProperties' && typeof value === 'object'))
      return { key: `${at}.${key}`, why: BACKTRACKING_PATTERN };
    if (key === '$ref' && (typeof value !== 'string' || !value.startsWith('#')))
      return {
        key: `${at}.${key}`,
        why: `is ${JSON.stringify(value)}: a schema rule may refer only inside its own schema (\`#/…\`); a URL or a file is never fetched, and the rule would check nothing`,
      };
    // Keywords that change where a `$ref` is looked up, or that compare every pair of an array's
    // items: the reader's count of the check's work would not be ajv's (o34r9 R1: doubling levels
    // under their own `$id` counted 200 nodes and ran for minutes; R2: `uniqueItems` on 80,000
    // objects is quadratic inside one call, where the run's budget is not counted).
    if (['$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', '$recursiveAnchor'].includes(key))
      return {
        key: `${at}.${key}`,
        why: "changes where the schema's `$ref`s are looked up; a policy runs schema checks whose references are plain pointers from their root (`#/…`), whose work it can count",
      };
    if (key === 'uniqueItems' && value === true)
      return {
        key: `${at}.${key}`,
        why: "compares every pair of an array's items inside one call (quadratic in the array's length, out of reach of the run's budget); a policy does not run it",
      };
    if (key === '$async')
      return {
        key: `${at}.${key}`,
        why: "makes the validation asynchronous, which Spectral's schema function does not wait for: the rule would check nothing",
      };
    if (key === '$data')
      return {
        key: `${at}.${key}`,
        why: "is a `$data` reference, which Spectral's schema validator does not read: the rule would check nothing",
      };
    const found = schemaRefusal(value, `${at}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * The most schema nodes a `schema` rule's check may visit, counted with its local `$ref`s inlined
 * (issue 34, attack r8 R1): an `anyOf` whose two branches refer to the same next level doubles the
 * work at each level (30 levels: 38 s for one check; 40: hours), though the file stays small. The
 * count is made on the schema as a graph, each node once, so counting costs what the file does.
 */
export const MAX_SCHEMA_CHECK_NODES = 20_000;

/** The size of `schema` with its local `$ref`s inlined, or `cycle` when one refers back to itself. */
function inlinedSize(schema: unknown): number | 'cycle' {
  const memo = new Map<object, number>();
  const open = new Set<object>();
  let cycle = false;
  const visit = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 1;
    const known = memo.get(node);
    if (known !== undefined) return known;
    if (open.has(node)) {
      cycle = true;
      return 1;
    }
    open.add(node);
    let total = 1;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) total += visit(ajvFragmentTarget(schema, ref));
    for (const value of Object.values(node as Record<string, unknown>)) total += visit(value);
    open.delete(node);
    // Capped, so a doubling of a hundred levels stays a number.
    const size = Math.min(total, Number.MAX_SAFE_INTEGER / 4);
    memo.set(node, size);
    return size;
  };
  const size = visit(schema);
  return cycle ? 'cycle' : size;
}

/** The prefixes of vottur's own rule ids (\`vottur rules\`): no repository ruleset defines a rule under one. */
const RESERVED_RULE_PREFIX = /^(platform|vottur|policy|contract|catalogue|diff)-/i;
/** A rule name a policy loads: ASCII, so that no name can look like another. */
const RULE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Every check the schema cannot make, on a ruleset that passed it; the first refusal thrown. */
async function checkRuleset(ruleset: DataRuleset, shown: string): Promise<void> {
  const checkRules = async (rules: unknown, at: string) => {
    for (const [name, rule] of Object.entries((rules ?? {}) as Record<string, unknown>)) {
      if (typeof rule !== 'object' || rule === null) continue;
      // A rule the repository defines is the repository's, whatever its name: one named like
      // vottur's rules was reported as vottur's (a forged `policy-extends-refused`, attack o34r10
      // B12), and one named like a rule of vottur's took its place. A level for vottur's rule (a
      // string, not a definition) is judged as a level.
      // Letters that look like vottur's (a Cyrillic о, a non-breaking hyphen, a leading space) made
      // a name pass the prefix check and read as vottur's own (attack o34r11 A7a): ASCII only.
      if (!RULE_NAME.test(name))
        throw refuse(
          shown,
          `${at}.${name}`,
          "is a rule name of other characters than ASCII letters, digits, '-', '_' and '.', which a policy does not load: such a name can pass for one of vottur's rules; rename it",
        );
      const reserved = RESERVED_RULE_PREFIX.exec(name);
      if (reserved)
        throw refuse(
          shown,
          `${at}.${name}`,
          `defines a rule under \`${reserved[1]}-\`, a prefix vottur keeps for its own rules (the policy's, the run's, the platform's, the contract tests', the catalogue's and the diff's); give the team's rule another name`,
        );
      const { given, then } = rule as { given: string | string[]; then: unknown };
      const givens = Array.isArray(given) ? given : [given];
      for (const [i, path] of givens.entries()) {
        const why = await givenRefusal(path);
        if (why) throw refuse(shown, `${at}.${name}.given${Array.isArray(given) ? `.${i}` : ''}`, why);
      }
      const thens = (Array.isArray(then) ? then : [then]) as Array<{
        field?: string;
        function: string;
        functionOptions?: Record<string, unknown>;
      }>;
      for (const [i, item] of thens.entries()) {
        const key = `${at}.${name}.then${Array.isArray(then) ? `.${i}` : ''}`;
        if (item.field !== undefined) {
          const why = await fieldRefusal(item.field);
          if (why) throw refuse(shown, `${key}.field`, why);
        }
        const options = item.functionOptions ?? {};
        if (item.function === 'pattern') {
          for (const option of ['match', 'notMatch'] as const) {
            const value = options[option];
            if (typeof value !== 'string') continue;
            const compiled = compilePatternOption(value);
            if (!compiled.ok)
              throw refuse(
                shown,
                `${key}.functionOptions.${option}`,
                `cannot run on the linear-time engine: ${compiled.reason}`,
              );
          }
        }
        if (item.function === 'schema') {
          const found = schemaRefusal(options.schema, `${key}.functionOptions.schema`);
          if (found) throw refuse(shown, found.key, found.why);
          const size = inlinedSize(options.schema);
          if (size === 'cycle')
            throw refuse(
              shown,
              `${key}.functionOptions.schema`,
              'refers back to itself through a `$ref`: the work of a recursive check is not bounded by the ruleset, so a policy does not run it',
            );
          if (size > MAX_SCHEMA_CHECK_NODES)
            throw refuse(
              shown,
              `${key}.functionOptions.schema`,
              `visits ${size > 1e9 ? 'more than a billion' : size.toLocaleString('en')} schema nodes with its \`$ref\`s inlined, over the bound of ${MAX_SCHEMA_CHECK_NODES.toLocaleString('en')} (branches that refer to the same schema multiply the work at every level)`,
            );
        }
      }
    }
  };
  await checkRules(ruleset.rules, 'rules');
  for (const [i, override] of ((ruleset.overrides ?? []) as Array<{ rules: unknown }>).entries())
    await checkRules(override.rules, `overrides.${i}.rules`);
  for (const [name, alias] of Object.entries((ruleset.aliases ?? {}) as Record<string, unknown>)) {
    const targets = Array.isArray(alias)
      ? [{ given: alias as string[], at: `aliases.${name}` }]
      : (alias as { targets: Array<{ given: string[] }> }).targets.map((target, i) => ({
          given: target.given,
          at: `aliases.${name}.targets.${i}.given`,
        }));
    for (const { given, at } of targets)
      for (const [i, path] of given.entries()) {
        const why = await givenRefusal(path);
        if (why) throw refuse(shown, `${at}.${i}`, why);
      }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Files and packages.                                                                        */

const RULESET_FORMATS: Readonly<Record<string, 'json' | 'yaml'>> = { '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml' };

interface LoadContext {
  policy: Policy;
  cwd: string;
  /** Files being read, by real path: a cycle stops there, as Spectral's own loading does. */
  stack: Set<string>;
  read: ReadRuleset[];
  budget: RuleBudget;
  /** How many operator packages this entry has read so far: an entry that reads one may not be extended `off`. */
  packages: number;
  /** The real folder of the repository whose configuration is read (where its documents are). */
  repository: string;
  /** The configuration file whose `extends` is read, by its real path. */
  configFile: string;
}

/**
 * How many rules, aliases and overrides the repository's rulesets may bring under one
 * configuration (every file its `extends` reads, nested ones included): a few thousand rules on
 * `$..*` keep a gated run busy for minutes, and no house ruleset needs more than a few dozen.
 */
export const MAX_RULESET_RULES = 500;

/**
 * How many times the rulesets of one configuration may read a ruleset file, nested `extends`
 * included, a file read again counted again: ten files each extending the next ten, five levels
 * deep, held no rule and kept a gated run busy for 57 s and 371 MB, ten times more per level
 * (attack o34r11 A8a). A house ruleset reads a handful.
 */
export const MAX_RULESET_FILE_READS = 100;

/**
 * How many `then` entries the rules of one configuration's rulesets may have in all (o34r6 R05):
 * each runs at every place its rule's `given` matches, so the rule bound alone let 10 rules of 400
 * `then`s each keep `lint --gate` busy past 300 s. A house rule has one to a few.
 */
export const MAX_RULESET_THENS = 1_000;

/**
 * How many checks the rules of one configuration may ask for in all: a rule asks for one per
 * `given` path and `then` entry (3 paths × 4 entries: 12), each run at every place the path matches.
 */
export const MAX_RULESET_CHECKS = 2_000;

/**
 * How many deep scans (`..` in a JSONPath, which visits every node below it) the rules of one
 * configuration may ask for in all: a `given` path with `..` counts once for each of its rule's
 * `then` entries (each runs at every node it matches), a `then.field` with `..` once for each
 * `given` path it runs under (it walks the subtree at each match). A deep `field` under a deep
 * `given` visits the document once per node: `$..*` under `$..*` on a 117 KB description took
 * 0.25 s per `then`.
 */
export const MAX_RULESET_DEEP_SCANS = 200;

/** What is left of the bounds above, and the rules met so far, for one configuration; shared by its `extends` entries. */
export interface RuleBudget {
  /** Rules, aliases and overrides (MAX_RULESET_RULES). */
  left: number;
  /** `then` entries (MAX_RULESET_THENS). */
  thens: number;
  /** `given` paths × `then` entries (MAX_RULESET_CHECKS). */
  checks: number;
  /** Deep scans, counted as MAX_RULESET_DEEP_SCANS says. */
  deepScans: number;
  /** Ruleset files read, each time one is read (MAX_RULESET_FILE_READS). */
  reads: number;
  /**
   * The rules of the operator's packages, by name, and the package each came from: the
   * repository's rulesets may not set their levels nor define a rule of the same name (attack
   * o34r12 B1, B2: `rules: { <package rule>: off }` in a ruleset file, an override, a rule
   * redefined to match nothing, each passed the gate with nothing shown).
   */
  operatorRules: Map<string, string>;
  /** Every rule entry of the repository's own ruleset files (a level or a definition), with where it is written. */
  repositoryRules: Map<string, { shown: string; key: string }>;
}

/** The whole of every bound, for one configuration's `extends` entries to share. */
export function ruleBudget(): RuleBudget {
  return {
    left: MAX_RULESET_RULES,
    thens: MAX_RULESET_THENS,
    checks: MAX_RULESET_CHECKS,
    deepScans: MAX_RULESET_DEEP_SCANS,
    reads: MAX_RULESET_FILE_READS,
    operatorRules: new Map(),
    repositoryRules: new Map(),
  };
}

/** The first rule entry of the repository that names a rule of an operator's package, as a refusal. */
function operatorRuleTouched(budget: RuleBudget): Refusal | undefined {
  for (const [name, { shown, key }] of budget.repositoryRules) {
    const from = budget.operatorRules.get(name);
    if (from !== undefined)
      return refuse(
        shown,
        key,
        `sets or defines \`${name}\`, a rule of the package ${from}, which the policy extends: under a policy the operator's rules keep their own level and definition; raise it in \`rules:\` of the configuration if you must, or give the team's rule another name`,
      );
  }
  return undefined;
}

/** Whether a JSONPath scans deep (`$..x`, `$.a..b`); an alias (`#Name…`) by its targets in `aliases`, or deep when they are elsewhere. */
function scansDeep(path: string, aliases: Readonly<Record<string, unknown>>): boolean {
  if (path.includes('..')) return true;
  if (!path.startsWith('#')) return false;
  const name = /^#([A-Za-z0-9_-]+)/.exec(path)?.[1] ?? '';
  const alias = Object.hasOwn(aliases, name) ? aliases[name] : undefined;
  // An alias of another file (or none): counted as deep, the most it can be.
  if (alias === undefined) return true;
  return JSON.stringify(alias).includes('..');
}

/**
 * The work one ruleset's rules ask for, against what is left of the configuration's bounds: the
 * first bound it passes, as a refusal (what drives the cost is the number of `then` entries, of
 * `given` × `then` checks and of deep scans, not the number of rules).
 */
function spendRuleWork(ruleset: DataRuleset, budget: RuleBudget, shown: string): void {
  const aliases = (ruleset.aliases ?? {}) as Record<string, unknown>;
  const ruleGroups = [
    ruleset.rules,
    ...((ruleset.overrides ?? []) as Array<{ rules?: unknown }>).map((override) => override.rules),
  ];
  for (const rules of ruleGroups)
    for (const rule of Object.values((rules ?? {}) as Record<string, unknown>)) {
      if (typeof rule !== 'object' || rule === null || !('then' in rule)) continue;
      const { given, then } = rule as { given?: string | string[]; then: unknown };
      const givens = given === undefined ? [] : Array.isArray(given) ? given : [given];
      const thens = (Array.isArray(then) ? then : [then]) as Array<{ field?: unknown }>;
      const deepGivens = givens.filter((path) => scansDeep(path, aliases)).length;
      const deepFields = thens.filter((item) => typeof item.field === 'string' && item.field.includes('..')).length;
      budget.thens -= thens.length;
      budget.checks -= Math.max(1, givens.length) * thens.length;
      budget.deepScans -= deepGivens * thens.length + Math.max(1, givens.length) * deepFields;
    }
  const past = (what: string, bound: number) =>
    refuse(
      shown,
      '',
      `brings the rulesets of this configuration past ${bound.toLocaleString('en')} ${what} in all, vottur's bound under a policy on the work a repository's rules may ask for (docs/security.md#limits)`,
    );
  if (budget.thens < 0) throw past('`then` entries', MAX_RULESET_THENS);
  if (budget.checks < 0) throw past('checks (`given` paths × `then` entries of each rule)', MAX_RULESET_CHECKS);
  if (budget.deepScans < 0)
    throw past(
      'deep scans (`..` in a `given` path, once per `then` entry; in a `then.field`, once per `given` path)',
      MAX_RULESET_DEEP_SCANS,
    );
}

/** Whether an `extends` entry names a file (`./x.yaml`, `../x.json`, `/abs/x.yml`) rather than a package. */
function namesFile(entry: string): boolean {
  return entry.startsWith('./') || entry.startsWith('../') || isAbsolute(entry);
}

/**
 * What a policy makes of one `extends` entry from the entry alone, before anything is read: a
 * built-in ruleset (vottur's own), a ruleset file or a package the policy lets the repository
 * extend (its content still to be read and judged), or why it is refused (a URL, a file when the
 * policy allows none, a file that is not JSON or YAML, i.e. a module, a package the policy does
 * not list). The one judgement of the name, in a live run (`loadEntry`) and for a saved report's
 * record, which shows only the names (`rejudgeSaved`).
 */
export function extendsEntryJudgement(
  entry: string,
  policy: Pick<Policy, 'extendsFiles' | 'extendsPackages'>,
): { kind: 'built-in' | 'file' | 'package' | 'other'; refused?: string } {
  if ((BUILT_IN_RULESETS as readonly string[]).includes(entry)) return { kind: 'built-in' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(entry) && !isAbsolute(entry))
    return { kind: 'other', refused: 'is a URL or a scheme vottur does not load; name a ruleset file' };
  if (namesFile(entry)) {
    if (!policy.extendsFiles)
      return { kind: 'file', refused: 'names a ruleset file; the policy allows no ruleset files' };
    if (!RULESET_FORMATS[extname(entry).toLowerCase()]) return { kind: 'file', refused: NOT_DATA_FILE };
    return { kind: 'file' };
  }
  if (!policy.extendsPackages.includes(entry))
    return {
      kind: 'package',
      refused: `names the package ${entry}, which the policy does not list (a ruleset file beside the configuration is written ./${entry})`,
    };
  return { kind: 'package' };
}

const NOT_DATA_FILE = 'is not a .json, .yaml or .yml file; under a policy a ruleset is data, never a module';

const OFF_OPERATOR_RULES =
  "extends it `off`, which turns off the rules of the operator's package it reads; under a policy the operator's rules keep their own level (extend it without `off`)";

/**
 * Notes a ruleset's rule entries (top level and overrides) as the operator's (a file of a package
 * the policy extends) or the repository's, and refuses the first repository entry that names an
 * operator's rule, whichever was read first.
 */
function noteRules(ruleset: DataRuleset, shown: string, inPackage: string | false, budget: RuleBudget): void {
  const lists: Array<{ rules: unknown; at: string }> = [
    { rules: ruleset.rules, at: 'rules' },
    ...((ruleset.overrides ?? []) as Array<{ rules?: unknown }>).map((override, i) => ({
      rules: override.rules,
      at: `overrides.${i}.rules`,
    })),
  ];
  for (const { rules, at } of lists)
    for (const [name, rule] of Object.entries((rules ?? {}) as Record<string, unknown>)) {
      if (inPackage) {
        // A package's own definitions are the operator's; its levels of another package's rules too.
        if (typeof rule === 'object' && rule !== null && !budget.operatorRules.has(name))
          budget.operatorRules.set(name, inPackage);
      } else if (!budget.repositoryRules.has(name)) budget.repositoryRules.set(name, { shown, key: `${at}.${name}` });
    }
  const touched = operatorRuleTouched(budget);
  if (touched) throw touched;
}

/** Where a report names a file: from the working folder inside it, else the absolute path. */
function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split('\\').join('/') || file;
}

/**
 * One `extends` entry as data: a built-in by name, a file read here, or a package the policy names
 * resolved from the operator's installation. `from` is the file whose `extends` names it; `root`
 * the folder a file it names must be inside (the repository, or the package's own folder).
 */
async function loadEntry(
  entry: string,
  from: string,
  root: string,
  context: LoadContext,
  inPackage: string | false,
): Promise<DataExtension | undefined> {
  const shownFrom = shownPath(from, context.cwd);
  if ((BUILT_IN_RULESETS as readonly string[]).includes(entry)) return entry as BuiltInRulesetName;
  const judged = extendsEntryJudgement(entry, context.policy);
  if (judged.refused !== undefined)
    // A module file is named as its own path (the file the policy will not read as data).
    throw refuse(
      judged.kind === 'file' && context.policy.extendsFiles
        ? shownPath(resolve(dirname(from), entry), context.cwd)
        : shownFrom,
      `extends: ${entry}`,
      judged.refused,
    );
  if (judged.kind === 'file') return loadFile(resolve(dirname(from), entry), entry, root, context, inPackage);
  const resolved = resolvePackage(entry, context);
  context.packages++;
  return loadFile(resolved.file, entry, resolved.root, context, entry);
}

/**
 * A package the policy names, resolved from the operator's installation only: the policy file's
 * folder, then vottur's own. A result inside the repository under check is refused (a committed
 * `node_modules` is the repository's), as is a package whose ruleset is not a JSON or YAML file.
 */
function resolvePackage(name: string, context: LoadContext): { file: string; root: string } {
  // The repository under check is the configuration's (its documents'), and the working folder's
  // when that is another: an operator's folder with its own `.git` inside the repository made the
  // working folder's repository that folder, and a package committed above it was taken for the
  // operator's (attack o34r12 B14).
  const repositories = [realFolder(namedFileRoot(context.cwd)), context.repository];
  const bases = [...(context.policy.file ? [dirname(resolve(context.cwd, context.policy.file))] : []), packageRoot()];
  const shown = `extends: ${name}`;
  for (const base of bases) {
    let file: string;
    try {
      file = realpathSync(createRequire(join(base, 'policy.cjs')).resolve(name));
    } catch {
      // Not installed from this folder: the next one is tried.
      continue;
    }
    if (repositories.some((repository) => isInside(file, repository)))
      throw refuse(
        name,
        shown,
        `resolves to ${file}, inside the repository under check; the policy loads packages from the operator's installation only`,
      );
    // The folder a package was installed for (the one above its outermost `node_modules`) holds the
    // configuration under check: it is the checked tree's, `.git` or none (attack o34r13 N3: a
    // checkout without `.git`, the policy in a folder of it, the package committed at its top).
    const installedFor = installationFolder(file);
    if (installedFor !== undefined && isInside(context.configFile, installedFor))
      throw refuse(
        name,
        shown,
        `resolves to ${file}, installed for ${installedFor}, which holds the configuration under check; the policy loads packages from the operator's installation only (install them beside the policy, outside the checked-out folders)`,
      );
    return { file, root: packageFolder(file) };
  }
  throw refuse(
    name,
    shown,
    `is not installed where the operator's installation is (${bases.join(', ')}); install it there (npm install ${name})`,
  );
}

/** The folder above the outermost `node_modules` in a real path (the folder the package was installed for), or undefined. */
function installationFolder(file: string): string | undefined {
  const parts = file.split(sep);
  const at = parts.indexOf('node_modules');
  return at > 0 ? parts.slice(0, at).join(sep) || sep : undefined;
}

/** The folder of the package a file belongs to (the nearest with a package.json). */
function packageFolder(file: string): string {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return dirname(file);
  }
}

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    // It does not exist: compared as given.
    return folder;
  }
}

/**
 * One ruleset file as data. `inPackage` names the operator's package the file belongs to (its
 * rules are the operator's), or is false for the repository's own files.
 */
async function loadFile(
  file: string,
  entry: string,
  root: string,
  context: LoadContext,
  inPackage: string | false,
): Promise<DataExtension | undefined> {
  const shown = shownPath(file, context.cwd);
  const format = RULESET_FORMATS[extname(file).toLowerCase()];
  if (!format) throw refuse(shown, `extends: ${entry}`, NOT_DATA_FILE);
  if (--context.budget.reads < 0)
    throw refuse(
      shown,
      `extends: ${entry}`,
      `makes the rulesets of this configuration read ruleset files more than ${MAX_RULESET_FILE_READS} times (nested \`extends\` included, a file read again counted again), vottur's bound under a policy (docs/security.md#bounds)`,
    );
  let text: string;
  try {
    text = await readNamedFile(file, { what: 'the ruleset', shown, root });
  } catch (error) {
    if (error instanceof CouldNotRunError) throw new Refusal(error.message);
    throw error;
  }
  const real = realpathSync(file);
  if (context.stack.has(real)) return undefined;
  context.read.push({ path: shownPath(real, context.cwd), sha256: sha256(text) });
  const data = await parseRulesetText(text, format, shown);
  const validate = await schemaValidator();
  if (!validate(data)) {
    // A key that is code (`functions`, `parserOptions`) is the reason to give first; else, of a
    // `oneOf`'s many complaints, the one deepest in the file says what is wrong.
    const codeKey = (e: NonNullable<typeof validate.errors>[number]) =>
      e.keyword === 'additionalProperties' && refusedKeyReason(String(e.params.additionalProperty)) !== '' ? 0 : 1;
    const error = [...(validate.errors ?? [])].sort(
      (a, b) =>
        codeKey(a) - codeKey(b) ||
        b.instancePath.split('/').length - a.instancePath.split('/').length ||
        Number(a.keyword === 'type') - Number(b.keyword === 'type'),
    )[0];
    const key = (error?.instancePath ?? '').split('/').slice(1).join('.');
    const extra =
      error?.keyword === 'additionalProperties'
        ? ` \`${shortKey(String(error.params.additionalProperty))}\`${refusedKeyReason(String(error.params.additionalProperty))}`
        : error?.keyword === 'enum' && key.endsWith('.function')
          ? ` (Spectral's core functions only: a custom function is code)`
          : '';
    throw refuse(shown, key, `${error?.message ?? 'is not allowed'}${extra} (see ${POLICY_RULESET_SCHEMA_FILE})`);
  }
  const ruleset = data as DataRuleset & { extends?: unknown };
  const overrides = (ruleset.overrides ?? []) as Array<{ rules?: object }>;
  context.budget.left -=
    Object.keys(ruleset.rules ?? {}).length +
    Object.keys(ruleset.aliases ?? {}).length +
    overrides.reduce((sum, override) => sum + 1 + Object.keys(override.rules ?? {}).length, 0);
  if (context.budget.left < 0)
    throw refuse(
      shown,
      '',
      `brings the rulesets of this configuration past ${MAX_RULESET_RULES} rules, aliases and overrides in all, vottur's bound under a policy (docs/security.md#bounds)`,
    );
  spendRuleWork(ruleset, context.budget, shown);
  await checkRuleset(ruleset, shown);
  noteRules(ruleset, shown, inPackage, context.budget);
  context.stack.add(real);
  try {
    const nested =
      ruleset.extends === undefined ? [] : Array.isArray(ruleset.extends) ? ruleset.extends : [ruleset.extends];
    const extensions: NonNullable<DataRuleset['extends']> = [];
    const items = nested as Array<string | [string, 'all' | 'recommended' | 'off']>;
    for (const [i, item] of items.entries()) {
      const name = Array.isArray(item) ? item[0] : item;
      const packagesBefore = context.packages;
      const extension = await loadEntry(name, real, root, context, inPackage);
      if (extension === undefined) continue;
      if (Array.isArray(item) && item[1] === 'off' && !inPackage && context.packages > packagesBefore)
        throw refuse(shown, `extends.${i}`, OFF_OPERATOR_RULES);
      extensions.push(Array.isArray(item) ? [extension, item[1]] : extension);
    }
    const { extends: _names, ...rest } = ruleset;
    return { source: real, ruleset: { ...rest, ...(extensions.length > 0 ? { extends: extensions } : {}) } };
  } finally {
    context.stack.delete(real);
  }
}

/** A key as a message shows it: one line, at most 40 characters (it is the repository's text). */
function shortKey(key: string): string {
  const line = key.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

function refusedKeyReason(key: string): string {
  if (key === 'functions' || key === 'functionsDir') return ' (custom functions are code)';
  if (key === 'parserOptions') return ' (parser options change how the description is read)';
  if (key === 'extends') return ' (an override cannot extend; extend at the top of the ruleset)';
  return '';
}

/**
 * One `extends` entry of a configuration under a policy, read and validated once: the data
 * Spectral will be given, or why the entry is refused (the file, the key, why). Every file read
 * is listed with its SHA-256 either way. `budget` is shared by the entries of one configuration.
 */
export async function loadUnderPolicy(
  entry: RulesetReference,
  configFile: string,
  policy: Policy,
  cwd: string,
  budget: RuleBudget = ruleBudget(),
): Promise<PolicyLoad> {
  const name = Array.isArray(entry) ? entry[0] : entry;
  const severity = Array.isArray(entry) ? entry[1] : 'recommended';
  const repository = realFolder(namedFileRoot(dirname(configFile)));
  const context: LoadContext = {
    policy,
    cwd,
    stack: new Set(),
    read: [],
    budget,
    packages: 0,
    repository,
    configFile: realFolder(configFile),
  };
  try {
    const extension = await loadEntry(name, configFile, repository, context, false);
    if (extension === undefined) throw refuse(shownPath(configFile, cwd), `extends: ${name}`, 'extends itself');
    if (severity === 'off' && context.packages > 0)
      throw refuse(shownPath(configFile, cwd), `extends: ${name}`, OFF_OPERATOR_RULES);
    // Spectral checks the functions' options (and the rest of the shape) as it builds the ruleset.
    let built;
    try {
      built = await materialize(extension, severity);
    } catch (error) {
      throw new Refusal(
        `${typeof extension === 'string' ? name : shownPath(extension.source, cwd)}: Spectral refuses it: ${spectralError(error)}`,
      );
    }
    // Overrides are applied only as a document is linted: tried here, so a bad one is this
    // finding and not a failure of the run (o34r15 B6).
    const failed = overrideFailure(built);
    if (failed !== undefined && typeof extension !== 'string')
      throw refuse(
        shownPath(extension.source, cwd),
        failed.index === 'all' ? 'overrides' : `overrides.${failed.index}`,
        `cannot be applied: Spectral refuses it: ${spectralError(failed.error)} (an override may set the level of a rule this ruleset or the rulesets it extends define, or define its own rule)`,
      );
    return { ok: true, extension, read: context.read };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, why: error.message, read: context.read };
    throw error;
  }
}

/** Spectral's validation error (an AggregateError of one per problem) as one phrase. */
function spectralError(error: unknown): string {
  const errors = (error as { errors?: unknown[] }).errors;
  const first = Array.isArray(errors) && errors.length > 0 ? errors[0] : error;
  const message = first instanceof Error ? first.message : String(first);
  const path = (first as { path?: unknown[] }).path;
  return `${Array.isArray(path) && path.length > 0 ? `\`${path.join('.')}\` ` : ''}${message.split('\n')[0] ?? ''}`.trim();
}
