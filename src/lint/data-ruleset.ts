/**
 * A Spectral ruleset as data: what the operator's policy loader (src/policy/ruleset.ts) builds
 * from a repository's ruleset files after validating them, and what crosses to the lint workers.
 * Functions and formats are named, never given as code; `extends` holds Spectral's built-in
 * rulesets by name (`spectral:oas`) or other data rulesets, inlined. `materialize` turns it into
 * Spectral's in-memory ruleset: names become Spectral's own core functions and formats, and the
 * `pattern` function becomes one that matches in linear time (rulesets/lib/patterns.ts), so a
 * repository's `^(a+)+$` cannot stall the run.
 */
import { createRulesetFunction, Ruleset } from '@stoplight/spectral-core';
import * as spectralFormats from '@stoplight/spectral-formats';
import * as coreFunctions from '@stoplight/spectral-functions';
import { dirname, join } from 'node:path';
import { compileSafePattern, type SafePattern } from '../../rulesets/lib/patterns.js';

/** A ruleset as data (JSON-compatible): validated by the policy loader, rebuilt by `materialize`. */
export interface DataRuleset {
  extends?: Array<DataExtension | [DataExtension, 'all' | 'recommended' | 'off']>;
  [key: string]: unknown;
}
/** A built-in ruleset by name, or a data ruleset read from a file. */
export type DataExtension = BuiltInRulesetName | DataRulesetFile;
export interface DataRulesetFile {
  /** The file it was read from (absolute): Spectral matches `overrides` against it. */
  source: string;
  ruleset: DataRuleset;
}

export const BUILT_IN_RULESETS = ['spectral:oas', 'spectral:asyncapi', 'spectral:arazzo'] as const;
export type BuiltInRulesetName = (typeof BUILT_IN_RULESETS)[number];

/** Spectral's built-in core functions a data ruleset may name in `then.function`. */
export const CORE_FUNCTIONS = [
  'alphabetical',
  'casing',
  'defined',
  'enumeration',
  'falsy',
  'length',
  'or',
  'pattern',
  'schema',
  'truthy',
  'undefined',
  'unreferencedReusableObject',
  'xor',
] as const;

/** The format names Spectral's ruleset migrator knows, and the export of @stoplight/spectral-formats each is. */
export const FORMAT_NAMES: Readonly<Record<string, keyof typeof spectralFormats>> = {
  oas2: 'oas2',
  oas3: 'oas3',
  'oas3.0': 'oas3_0',
  'oas3.1': 'oas3_1',
  arazzo1: 'arazzo1_0',
  'arazzo1.0': 'arazzo1_0',
  asyncapi2: 'asyncapi2',
  asyncapi3: 'aas3',
  'json-schema': 'jsonSchema',
  'json-schema-loose': 'jsonSchemaLoose',
  'json-schema-draft4': 'jsonSchemaDraft4',
  'json-schema-draft6': 'jsonSchemaDraft6',
  'json-schema-draft7': 'jsonSchemaDraft7',
  'json-schema-draft-2019-09': 'jsonSchemaDraft2019_09',
  'json-schema-2019-09': 'jsonSchemaDraft2019_09',
  'json-schema-draft-2020-12': 'jsonSchemaDraft2020_12',
  'json-schema-2020-12': 'jsonSchemaDraft2020_12',
};

/** A pattern as Spectral's `pattern` function writes it: `/source/flags` or the bare source. */
const REGEXP_LITERAL = /^\/(.+)\/([a-z]*)$/s;

/** A `pattern` option compiled for linear-time matching, or why it cannot be. */
export function compilePatternOption(option: string): { ok: true; regex: SafePattern } | { ok: false; reason: string } {
  const literal = REGEXP_LITERAL.exec(option);
  const source = literal?.[1] ?? option;
  const flags = literal?.[2] ?? '';
  // `i` and `u` are the flags with a meaning for one test (`g`, `y` would make it stateful).
  if (/[^iu]/.test(flags)) return { ok: false, reason: `its flags \`${flags}\` are not supported (only i and u)` };
  return compileSafePattern(source, { ignoreCase: flags.includes('i') });
}

/** Spectral's `pattern` function, with the same options and messages, matching in linear time. */
const linearPattern = createRulesetFunction<string, { match?: string; notMatch?: string }>(
  {
    input: { type: 'string' },
    // Spectral's own option schema for `pattern`, strings only (a data ruleset has no RegExp objects).
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        match: { type: 'string', errorMessage: '"pattern" function and its "match" option must be string' },
        notMatch: { type: 'string', errorMessage: '"pattern" function and its "notMatch" option must be string' },
      },
      minProperties: 1,
      errorMessage: {
        type: '"pattern" function has invalid options specified. Example valid options: { "match": "^Stoplight" }, { "notMatch": "Swagger" }',
        minProperties:
          '"pattern" function has invalid options specified. Example valid options: { "match": "^Stoplight" }, { "notMatch": "Swagger" }',
      },
    } as never,
  },
  function pattern(value, options) {
    const results: Array<{ message: string }> = [];
    const test = (option: string) => {
      const compiled = compilePatternOption(option);
      // The loader refused every pattern that does not compile; never reached with one.
      if (!compiled.ok) throw new Error(`the pattern ${option} cannot be matched safely: ${compiled.reason}`);
      return compiled.regex.test(value);
    };
    if (options.match !== undefined && !test(options.match))
      results.push({ message: `#{{print("value")}} must match the pattern ${JSON.stringify(options.match)}` });
    if (options.notMatch !== undefined && test(options.notMatch))
      results.push({ message: `#{{print("value")}} must not match the pattern ${JSON.stringify(options.notMatch)}` });
    return results.length > 0 ? results : undefined;
  },
);

const FUNCTIONS: Record<string, unknown> = { ...coreFunctions, pattern: linearPattern };

let builtIns: Record<BuiltInRulesetName, unknown> | undefined;

/** Spectral's built-in rulesets, loaded when a data ruleset first names one. */
async function loadBuiltIns(): Promise<Record<BuiltInRulesetName, unknown>> {
  if (!builtIns) {
    const { oas, asyncapi, arazzo } = await import('@stoplight/spectral-rulesets');
    builtIns = { 'spectral:oas': oas, 'spectral:asyncapi': asyncapi, 'spectral:arazzo': arazzo };
  }
  return builtIns;
}

/** The in-memory definition Spectral's `Ruleset` takes: names replaced by Spectral's functions and formats. */
function definitionOf(data: DataRuleset, rulesets: Record<BuiltInRulesetName, unknown>): Record<string, unknown> {
  const formats = (names: unknown) => (names as string[]).map((name) => spectralFormats[FORMAT_NAMES[name] ?? 'oas3']);
  const rule = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const { then, formats: ruleFormats, ...rest } = value as Record<string, unknown>;
    const thens = (Array.isArray(then) ? then : [then]).map((item) => {
      const { function: name, ...options } = item as { function: string };
      return { ...options, function: FUNCTIONS[name] };
    });
    return {
      ...rest,
      then: Array.isArray(then) ? thens : thens[0],
      ...(ruleFormats !== undefined ? { formats: formats(ruleFormats) } : {}),
    };
  };
  const rules = (value: unknown) =>
    Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, rule(item)]));
  const aliases = (value: unknown) =>
    Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, alias]) => [
        name,
        Array.isArray(alias)
          ? alias
          : {
              ...(alias as object),
              targets: (alias as { targets: Array<{ formats: unknown; given: unknown }> }).targets.map((target) => ({
                ...target,
                formats: formats(target.formats),
              })),
            },
      ]),
    );
  const extension = (item: DataExtension): unknown =>
    typeof item === 'string' ? rulesets[item] : definitionOf(item.ruleset, rulesets);
  const { extends: extended, rules: ownRules, aliases: ownAliases, overrides, formats: ownFormats, ...rest } = data;
  return {
    ...rest,
    ...(extended !== undefined
      ? {
          extends: extended.map((item) => (Array.isArray(item) ? [extension(item[0]), item[1]] : extension(item))),
        }
      : {}),
    ...(ownRules !== undefined ? { rules: rules(ownRules) } : {}),
    ...(ownAliases !== undefined ? { aliases: aliases(ownAliases) } : {}),
    ...(ownFormats !== undefined ? { formats: formats(ownFormats) } : {}),
    ...(overrides !== undefined
      ? {
          overrides: (overrides as Array<Record<string, unknown>>).map((override) => ({
            ...override,
            ...(override.rules !== undefined ? { rules: rules(override.rules) } : {}),
          })),
        }
      : {}),
  };
}

/** Spectral's ruleset for one `extends` entry of a configuration, built from data only. */
export async function materialize(
  entry: DataExtension,
  severity: 'all' | 'recommended' | 'off' = 'recommended',
): Promise<Ruleset> {
  const rulesets = await loadBuiltIns();
  if (typeof entry === 'string') return new Ruleset({ extends: [[rulesets[entry], severity]] });
  return new Ruleset(definitionOf(entry.ruleset, rulesets), { severity, source: entry.source });
}

/**
 * The first of a built ruleset's `overrides` Spectral would fail on when a document it names is
 * linted, or undefined. Spectral applies overrides only then (`Ruleset.fromSource`), so a level for a
 * rule the ruleset does not define (`overrides: [{files: ['**'], rules: {x: off}}]`), or a rule
 * defined under a JSON pointer, passes `new Ruleset` and throws in the middle of the run (o34r15 B6).
 * Each override is applied alone to a document it matches (Spectral's own code, so every shape it
 * refuses is found), then all of them together: a document matched by any subset fails only if one
 * of these does, since each override alone may only set levels of rules in scope.
 */
export function overrideFailure(ruleset: Ruleset): { index: number | 'all'; error: unknown } | undefined {
  const overrides = ruleset.overrides;
  const source = ruleset.source;
  if (overrides === null || overrides.length === 0 || source === null) return undefined;
  // A document beside the ruleset, and every pattern rewritten to name it (its JSON pointer kept).
  const probeName = 'vottur-override-probe.yaml';
  const probe = join(dirname(source), probeName);
  const matching = (override: (typeof overrides)[number]) => ({
    ...override,
    files: override.files.map((pattern) => {
      const hash = pattern.indexOf('#');
      return hash === -1 ? probeName : `${probeName}${pattern.slice(hash)}`;
    }),
  });
  const attempt = (chosen: typeof overrides): unknown => {
    try {
      new Ruleset({ ...ruleset.definition, overrides: chosen.map(matching) }, { source }).fromSource(probe);
      return undefined;
    } catch (error) {
      return error;
    }
  };
  for (const [index, override] of overrides.entries()) {
    const error = attempt([override]);
    if (error !== undefined) return { index, error };
  }
  const error = overrides.length > 1 ? attempt(overrides) : undefined;
  return error !== undefined ? { index: 'all', error } : undefined;
}
