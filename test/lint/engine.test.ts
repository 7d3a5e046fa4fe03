/**
 * vottur's own engine finds exactly what stock Spectral finds with the same ruleset. Every rule
 * fixture and the shared corpus are linted twice: through `lintDocument` (JSON.parse with
 * positions on demand, no `$ref` resolution, the rules run natively by `src/lint/engine.ts`, no
 * Spectral module loaded) and through programmatic Spectral as anyone would use it
 * (`new Spectral()` with its default resolver, a `Document` with Spectral's own parsers,
 * `new Ruleset(vottur/ruleset)`). Findings must match in rule id, path, message, line and column.
 *
 * What differs by design is left out of the exact comparison, visibly: files with references to
 * other files (vottur bundles them and reports into the referenced file; nothing remote is ever
 * fetched by this test), and vottur's own loader problems. The multi-file DigitalOcean description
 * is compared by the rules that fire.
 *
 * Swagger 2.0 documents are compared by the rules that run on any format (platform-openapi-3)
 * alone: vottur converts such a document in memory and runs every other rule on the conversion,
 * reporting at the original's nodes (src/lint/swagger.ts, tested by test/lint/swagger.test.ts),
 * while stock Spectral runs the ruleset on the document as written, where those rules, declared
 * for the OpenAPI 3 formats, do not run at all. Comparing them there would compare vottur with
 * nothing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { Document, Ruleset, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { describe, expect, it } from 'vitest';
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import vottur from '../../rulesets/vottur.js';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription, type LoadedDescription as Loaded } from '../../src/lint/load.js';
import { isSwagger2 } from '../../src/lint/swagger.js';
import { RULES } from '../../rulesets/rules/index.js';
import { parseJsonFast, type FastJson } from '../../src/lint/json.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';

const ROOT = join(import.meta.dirname, '../..');
const corpusPresent = CORPUS_DIR !== undefined;
const CORPUS = CORPUS_DIR ?? '';

const EXTERNAL_REF = /\$ref["']?\s*:\s*["']?(?!#)[^\s"']/;

const definition = vottur as unknown as RulesetDefinition;
const ruleIds = new Set(Object.keys(vottur.rules));

function files(folder: string): string[] {
  return (
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .map((name) => join(folder, name))
      // A rule fixture folder's expected.json is the messages its fail fixtures give, not a description.
      .filter((file) => /\.(ya?ml|json)$/.test(file) && basename(file) !== 'expected.json' && statSync(file).isFile())
      .sort()
  );
}

const key = (ruleId: string, path: readonly (string | number)[], message: string, line?: number, column?: number) =>
  `${ruleId} ${encodePointer(path.map(String))} ${line ?? '-'}:${column ?? '-'} ${message}`;

// One Ruleset for the file, as Spectral's own CLI builds one for every document it lints.
let ruleset: Ruleset | undefined;

async function stockSpectral(file: string): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset((ruleset ??= new Ruleset(definition)));
  const text = readFileSync(file, 'utf8');
  const document = /\.json$/.test(file)
    ? new Document(text, Parsers.Json, file)
    : new Document(text, Parsers.Yaml, file);
  const results = await spectral.run(document);
  return (
    results
      // Spectral's own diagnostics (parser, resolver, format) are not rules of the ruleset.
      .filter((result) => ruleIds.has(String(result.code)))
      .map((result) =>
        key(
          String(result.code),
          result.path,
          result.message,
          result.range.start.line + 1,
          result.range.start.character + 1,
        ),
      )
      .sort()
  );
}

/** The rules stock Spectral runs on a document of any format (the others declare OpenAPI 3.0/3.1). */
const ANY_FORMAT = new Set(RULES.filter((rule) => rule.anyFormat).map((rule) => rule.id));

async function native(file: string, given?: Loaded): Promise<string[]> {
  // vottur's parser diagnostics and loader problems are its own, reported as platform-openapi-valid.
  // Loaded once: the lint is of this load, as `vottur lint` lints what it loaded.
  const loaded = given ?? (await loadDescription(file));
  const result = await lintDocument(file, { loaded });
  // A Swagger 2.0 document: only the rules that run on any format are Spectral's to compare (see the top).
  if (isSwagger2(loaded.data)) {
    expect(
      result.findings.some((finding) => !ANY_FORMAT.has(finding.ruleId)),
      `${file}: the other rules ran on its conversion`,
    ).toBe(true);
    result.findings = result.findings.filter((finding) => ANY_FORMAT.has(finding.ruleId));
  }
  const diagnostics = new Set(
    loaded.files
      .get(loaded.rootUri)!
      .parsed.diagnostics.map(
        (d) => `${encodePointer(d.path ?? [])} ${d.range.start.line + 1}:${d.range.start.character + 1}`,
      ),
  );
  const problems = new Set(loaded.problems.map((p) => p.message));
  const own = (finding: { ruleId: string; message: string; pointer: string; line?: number; column?: number }) =>
    finding.ruleId === 'platform-openapi-valid' &&
    (problems.has(finding.message) || diagnostics.has(`${finding.pointer} ${finding.line}:${finding.column}`));
  return result.findings
    .filter((finding) => !own(finding))
    .map((finding) => key(finding.ruleId, finding.path, finding.message, finding.line, finding.column))
    .sort();
}

async function expectSameFindings(file: string, loaded?: Loaded): Promise<void> {
  const [fast, stock] = await Promise.all([native(file, loaded), stockSpectral(file)]);
  expect(fast, relative(ROOT, file)).toEqual(stock);
}

const fixtures = files(join(ROOT, 'fixtures/rules'));
const singleFile = fixtures.filter((file) => !EXTERNAL_REF.test(readFileSync(file, 'utf8')));
const multiFile = fixtures.filter((file) => !singleFile.includes(file));
if (multiFile.length > 0)
  console.info(
    `engine: ${multiFile.length} fixtures reference other files and are not compared with stock Spectral: ${multiFile.map((f) => relative(ROOT, f)).join(', ')}`,
  );

describe('the native engine against stock Spectral', () => {
  it('has the whole platform ruleset to compare', () => {
    expect(ruleIds.size).toBeGreaterThan(0);
  });

  it.each(singleFile.map((file) => [relative(ROOT, file), file]))(
    'finds the same on %s',
    { timeout: 60_000 },
    async (_name, file) => {
      let loaded: Loaded | undefined;
      try {
        loaded = await loadDescription(file);
      } catch {
        loaded = undefined; // Not YAML/JSON at all: vottur refuses it, as it should.
      }
      // The load the lint is of (each fixture was read and parsed twice, once for this question).
      if (loaded) await expectSameFindings(file, loaded);
    },
  );
});

const corpusSingle = corpusPresent
  ? [
      ...files(join(CORPUS, 'real')),
      ...files(join(CORPUS, 'catalogue')),
      join(CORPUS, 'large/box_openapi.json'),
      join(CORPUS, 'large/twilio_api_v2010.json'),
    ].filter((file) => existsSync(file) && !EXTERNAL_REF.test(readFileSync(file, 'utf8')))
  : [];

describe.skipIf(!corpusPresent)(corpusTitle('the native engine against stock Spectral on the shared corpus'), () => {
  reportMissingCorpus();
  it.each(corpusSingle.map((file) => [relative(CORPUS, file), file]))(
    'finds the same on %s',
    { timeout: 300_000 },
    async (_name, file) => {
      await expectSameFindings(file);
    },
  );

  it('fires the same rules on the multi-file DigitalOcean description', { timeout: 300_000 }, async () => {
    const file = join(CORPUS, 'multifile/digitalocean/DigitalOcean-public.v2.yaml');
    const count = (keys: string[]) => {
      const counts: Record<string, number> = {};
      for (const k of keys) counts[k.split(' ')[0]] = (counts[k.split(' ')[0]] ?? 0) + 1;
      return counts;
    };
    const [fast, stock] = await Promise.all([native(file), stockSpectral(file)]);
    const fastCounts = count(fast);
    const stockCounts = count(stock);
    // Stock Spectral's rules see the root file with its references unfollowed (an operation that
    // is a `$ref` to another file has no responses, to them), vottur's see the bundled
    // description: counts differ by design, except for what the root file itself holds (`info`).
    const infoRules = Object.keys(stockCounts).filter((id) => id.startsWith('platform-info-'));
    expect(infoRules.length).toBeGreaterThan(0);
    for (const ruleId of infoRules) expect(fastCounts[ruleId], ruleId).toBe(stockCounts[ruleId]);
    expect(Object.keys(fastCounts).length).toBeGreaterThan(infoRules.length);
    console.info(
      `engine: DigitalOcean rule counts (vottur / stock Spectral): ${[
        ...new Set([...Object.keys(fastCounts), ...Object.keys(stockCounts)]),
      ]
        .sort()
        .map((id) => `${id} ${fastCounts[id] ?? 0}/${stockCounts[id] ?? 0}`)
        .join(', ')}`,
    );
  });
});

describe('JSON positions on demand', () => {
  it('gives every node the range Spectral gives it, and the same data and key order', () => {
    const text = [
      '{\r\n  "b": 1,\r\n  "200": {"x": [1, 2.5e3, "a\\"b", {}], "10": true, "2": null},',
      '  "a\\u0041": "\\u00e9 é 😀", "e": {}, "f": [ ],\r  "1": {"default": 1, "3": [[], {"k": -0.5}]}\n}\n',
    ].join('\n');
    const fast = parseJsonFast(text) as FastJson;
    const stock = Parsers.Json.parse(text);
    expect(JSON.stringify(fast.data)).toBe(JSON.stringify(stock.data));
    const visit = (node: unknown, path: Array<string | number>) => {
      expect(fast.locate(path, true), path.join('/')).toEqual(
        Parsers.Json.getLocationForJsonPath(stock, path, true)?.range,
      );
      if (node && typeof node === 'object')
        for (const [k, value] of Object.entries(node)) visit(value, [...path, Array.isArray(node) ? Number(k) : k]);
      for (const missing of ['nope', 7, '1e3', '']) {
        expect(fast.locate([...path, missing], true)).toEqual(
          Parsers.Json.getLocationForJsonPath(stock, [...path, missing], true)?.range,
        );
        expect(fast.locate([...path, missing], false)).toEqual(
          Parsers.Json.getLocationForJsonPath(stock, [...path, missing], false)?.range,
        );
      }
    };
    visit(stock.data, []);
  });

  it('leaves to Spectral what JSON.parse cannot reproduce exactly', () => {
    for (const text of ['{"a": 1, "a": 2}', '{"a": 1,}', '// c\n{}', '\ufeff{}', '"text"', 'null']) {
      expect(parseJsonFast(text), text).toBeUndefined();
    }
  });

  it('scans text that is not JSON (the scan runs before JSON.parse) without throwing', () => {
    // A key with an escape JSON does not have, a colon before any key, a text starting with a backslash.
    for (const text of ['{"\\x1": 1}', '{"\\u12": 1}', '\\{:', '{:1}', '{"a" 1}', '[}', '{"a": "1']) {
      expect(() => parseJsonFast(text), text).not.toThrow();
      expect(parseJsonFast(text), text).toBeUndefined();
    }
    expect(parseJsonFast(`${'['.repeat(1001)}${']'.repeat(1001)}`)).toEqual({ tooDeep: true });
    expect(parseJsonFast(`${'['.repeat(1000)}${']'.repeat(1000)}`)).not.toEqual({ tooDeep: true });
    expect(parseJsonFast(`\ufeff${'{"a":'.repeat(1001)}`)).toEqual({ tooDeep: true });
  });
});
