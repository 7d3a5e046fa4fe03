/**
 * Switching the gate on for a catalogue already registered: a baseline of
 * today's findings passes; one new violation fails and is the only finding counted; rewriting a
 * description from YAML to JSON, re-indented with its keys reordered, keeps every match. Over the
 * real catalogue descriptions (a temporary copy), through the built CLI.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { votturInProcess as vottur } from '../cli/run.js';
import { objectAt } from '../values.js';

interface JsonFinding {
  ruleId: string;
  pointer: string;
  document: string;
  baselineState?: string;
  suppressions?: unknown[];
}
interface JsonReport {
  findings: JsonFinding[];
  summary: Record<string, number>;
  baseline?: { unchanged: number; expired: number; absent: unknown[] };
}

let dir: string;
const lint = async (...args: string[]) =>
  vottur(['lint', 'catalogue/*.{yaml,json}', ...args], { cwd: dir, timeoutMs: 120_000 });
const json = async (...args: string[]): Promise<JsonReport> =>
  JSON.parse((await lint('-f', 'json', ...args)).stdout) as JsonReport;
const newOnes = (report: JsonReport) => report.findings.filter((f) => f.baselineState === 'new');

describe.skipIf(!CORPUS_DIR)(corpusTitle('a baseline over the catalogue'), () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vottur-baseline-'));
    cpSync(join(CORPUS_DIR!, 'catalogue'), join(dir, 'catalogue'), {
      recursive: true,
      filter: (src) => !src.endsWith('.md'),
    });
    const written = await lint('--update-baseline');
    expect(written.code).toBe(0);
    expect(written.stderr).toMatch(/^vottur: wrote vottur-baseline\.json: \d+ entries\n$/);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes with the baseline: every finding held back, none new, none absent', async () => {
    const result = await lint('--baseline', 'vottur-baseline.json');
    expect(result.code).toBe(0);
    // Findings and entries are two numbers: an entry with a `count` holds back several findings.
    const { entries } = JSON.parse(readFileSync(join(dir, 'vottur-baseline.json'), 'utf8')) as {
      entries: Array<{ count?: number }>;
    };
    const findings = entries.reduce((sum, entry) => sum + (entry.count ?? 1), 0);
    expect(findings).toBeGreaterThan(entries.length);
    expect(result.stdout).toMatch(
      /Not counted: \d+ in the baseline; absolute score \d+\/100 \([A-F]\) with every held-back finding counted\.\nConfiguration: read vottur-baseline\.json \(sha256 [0-9a-f]{12}\); baseline vottur-baseline\.json: (\d+) findings matched (\d+) entries\.\n✔ No problems found in 15 documents\. Score 100\/100 \(A\)\.\n$/,
    );
    expect(result.stdout).toContain(
      `baseline vottur-baseline.json: ${findings} findings matched ${entries.length} entries.`,
    );
    const report = await json('--baseline', 'vottur-baseline.json');
    expect(newOnes(report)).toEqual([]);
    expect(report.baseline!.absent).toEqual([]);
    expect(report.summary).toEqual({ error: 0, warn: 0, info: 0, hint: 0 });
  }, 120_000);

  it('is sorted and stable: written twice, the same bytes', async () => {
    const before = readFileSync(join(dir, 'vottur-baseline.json'), 'utf8');
    const entries = (JSON.parse(before) as { entries: Array<{ document: string; rule: string }> }).entries;
    const keys = entries.map((e) => `${e.document}\u0000${e.rule}`);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
    await lint('--update-baseline');
    expect(readFileSync(join(dir, 'vottur-baseline.json'), 'utf8')).toBe(before);
  }, 120_000);

  it('one new violation in one document fails the gate and is the only finding counted, as new', async () => {
    const file = join(
      dir,
      'catalogue',
      readdirSync(join(dir, 'catalogue')).find((name) => name.endsWith('.yaml'))!,
    );
    const original = readFileSync(file, 'utf8');
    try {
      // A property whose name is snake_case: platform-field-camel-case, nowhere in the baseline.
      const document: unknown = parse(original);
      objectAt(document, ['components', 'schemas']).VotturAddedForTest = {
        type: 'object',
        description: 'Added by the test.',
        properties: { added_field: { type: 'string', description: 'Added.' } },
      };
      writeFileSync(file, JSON.stringify(document, null, 2));
      const result = await lint('--baseline', 'vottur-baseline.json');
      expect(result.code).toBe(1);
      const report = await json('--baseline', 'vottur-baseline.json');
      const added = newOnes(report);
      expect(added.map((f) => f.ruleId)).toContain('platform-field-camel-case');
      expect(added.every((f) => f.pointer.startsWith('/components/schemas/VotturAddedForTest'))).toBe(true);
      expect(report.baseline!.absent).toEqual([]);
    } finally {
      writeFileSync(file, original);
    }
  }, 120_000);

  it('keeps every match when a description is rewritten from YAML to JSON, re-indented, its keys reordered', async () => {
    const yamlFile = readdirSync(join(dir, 'catalogue')).find((name) => name.endsWith('.yaml'))!;
    const path = join(dir, 'catalogue', yamlFile);
    const original = readFileSync(path, 'utf8');
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const jsonPath = path.replace(/\.yaml$/, '.json');
    try {
      writeFileSync(jsonPath, JSON.stringify(reversed(parse(original)), null, 4));
      unlinkSync(path);
      const report = await json('--baseline', 'vottur-baseline.json');
      expect(newOnes(report)).toEqual([]);
      expect(report.baseline!.absent).toEqual([]);
    } finally {
      rmSync(jsonPath, { force: true });
      writeFileSync(path, original);
    }
  }, 120_000);

  it('an expired entry counts again; pruning removes absent entries and keeps hand-written fields', async () => {
    const file = join(dir, 'vottur-baseline.json');
    const original = readFileSync(file, 'utf8');
    try {
      const baseline = JSON.parse(original) as { entries: Array<Record<string, unknown>> };
      baseline.entries[0].expires = '2000-01-01';
      baseline.entries[1].reason = 'Agreed with the catalogue team, ticket API-7.';
      const covered = baseline.entries[2].document as string;
      baseline.entries.push({
        document: covered,
        rule: 'platform-info-contact',
        pointer: '/info',
        fingerprint: 'no-such-finding',
        count: 1,
        owner: 'nobody',
      });
      // An entry of a document the run does not cover is neither matched nor absent, and stays.
      baseline.entries.push({
        document: 'catalogue/not-in-this-run',
        rule: 'platform-info-contact',
        pointer: '/info',
        fingerprint: 'elsewhere',
        count: 1,
      });
      writeFileSync(file, JSON.stringify(baseline, null, 2));
      const report = await json('--baseline', 'vottur-baseline.json');
      expect(report.baseline!.expired).toBe(1);
      expect(newOnes(report).length).toBeGreaterThanOrEqual(1);
      expect(report.baseline!.absent).toEqual([
        { rule: 'platform-info-contact', document: covered, pointer: '/info', fingerprint: 'no-such-finding' },
      ]);
      const pruned = await lint('--baseline', 'vottur-baseline.json', '--prune-baseline');
      expect(pruned.stderr).toMatch(/pruned vottur-baseline\.json: 1 entry removed/);
      const after = JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<Record<string, unknown>> };
      expect(after.entries.some((e) => e.fingerprint === 'no-such-finding')).toBe(false);
      expect(after.entries.some((e) => e.fingerprint === 'elsewhere')).toBe(true);
      expect(after.entries[1].reason).toBe('Agreed with the catalogue team, ticket API-7.');
      expect(after.entries[0].expires).toBe('2000-01-01');
      // Written again from the run, the hand-written reason stays.
      await lint('--update-baseline');
      expect(
        (JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<Record<string, unknown>> }).entries.some(
          (e) => e.reason === 'Agreed with the catalogue team, ticket API-7.',
        ),
      ).toBe(true);
    } finally {
      writeFileSync(file, original);
    }
  }, 180_000);

  reportMissingCorpus();
});

describe('what a baseline never holds', () => {
  it('an unreadable document is not baselined: it fails every run until it can be read', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-baseline-unreadable-'));
    try {
      writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\n');
      writeFileSync(join(folder, 'bad.yaml'), 'openapi: 3.0.3\ninfo: [unclosed\n');
      const written = await vottur(['lint', '*.yaml', '--update-baseline'], { cwd: folder });
      expect(written.code).toBe(2);
      const entries = (
        JSON.parse(readFileSync(join(folder, 'vottur-baseline.json'), 'utf8')) as {
          entries: Array<{ rule: string; document: string }>;
        }
      ).entries;
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.filter((entry) => entry.rule === 'vottur-unreadable')).toEqual([]);
      // Even a baseline written by hand with such an entry does not hold the document back.
      writeFileSync(
        join(folder, 'vottur-baseline.json'),
        JSON.stringify({
          vottur: 'baseline',
          version: 1,
          entries: [
            ...entries,
            { document: 'bad', rule: 'vottur-unreadable', pointer: '', fingerprint: 'x', count: 1 },
          ],
        }),
      );
      const report = JSON.parse(
        (await vottur(['lint', '*.yaml', '--baseline', 'vottur-baseline.json', '-f', 'json'], { cwd: folder })).stdout,
      ) as JsonReport;
      expect(report.findings.filter((f) => f.ruleId === 'vottur-unreadable').map((f) => f.baselineState)).toEqual([
        'new',
      ]);
      expect(report.summary.error).toBe(1);
      const stylish = await vottur(['lint', '*.yaml', '--baseline', 'vottur-baseline.json'], { cwd: folder });
      expect(stylish.code).toBe(2);
      expect(stylish.stdout).not.toMatch(/No problems found/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is never linted as a description by a glob that matches it, nor is the configuration', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-baseline-glob-'));
    try {
      writeFileSync(
        join(folder, 'api.json'),
        JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths: {} }),
      );
      writeFileSync(join(folder, 'vottur.config.json'), JSON.stringify({ rules: { 'platform-info-contact': 'off' } }));
      expect((await vottur(['lint', '*.json', '--update-baseline'], { cwd: folder })).code).toBe(0);
      const again = await vottur(['lint', '*.json', '--baseline', 'vottur-baseline.json', '-f', 'json'], {
        cwd: folder,
      });
      expect(again.code, again.stderr).toBe(0);
      expect((JSON.parse(again.stdout) as { documents: Array<{ path: string }> }).documents.map((d) => d.path)).toEqual(
        ['api.json'],
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('national identifiers in the messages it keeps are masked, as in every report', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-baseline-pii-'));
    try {
      // A kennitala inside text that breaks the pattern (the message quotes it) and one with a hyphen.
      writeFileSync(
        join(folder, 'api.yaml'),
        [
          'openapi: 3.0.3',
          'info: {title: T, version: "1.0.0"}',
          'paths: {}',
          'components:',
          '  schemas:',
          '    Person:',
          '      type: object',
          '      properties:',
          '        nationalId: {type: string, pattern: "^[0-9]{10}$", example: "id 0101302989"}',
          '        toNationalId: {type: string, pattern: "^[0-9]{10}$", example: "010130-2989"}',
          '',
        ].join('\n'),
      );
      await vottur(['lint', 'api.yaml', '--update-baseline'], { cwd: folder });
      const text = readFileSync(join(folder, 'vottur-baseline.json'), 'utf8');
      expect(text).toMatch(/nationalId/);
      expect(text).toMatch(/010130\*\*\*\*/);
      expect(text).not.toMatch(/010130-2989|0101302989/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('bad baselines', () => {
  it('a missing or broken baseline is one line and exit 2', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-baseline-bad-'));
    try {
      writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\n');
      const missing = await vottur(['lint', 'api.yaml', '--baseline', 'nope.json'], { cwd: folder });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(
        'vottur: cannot read the baseline nope.json: no such file; write one with --update-baseline\n',
      );
      writeFileSync(join(folder, 'broken.json'), '{"entries": 3}');
      const broken = await vottur(['lint', 'api.yaml', '--baseline', 'broken.json'], { cwd: folder });
      expect(broken.code).toBe(2);
      expect(broken.stderr).toMatch(/^vottur: broken\.json is not a vottur baseline/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
