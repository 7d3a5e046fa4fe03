/**
 * `vottur lint --shard i/n`: each document lands in exactly one shard, stays there when others
 * are added, and the shards' JSON reports merge (as `vottur report` merges them) into the
 * report of an unsharded run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inShard, parseShard } from '../../src/lint/files.js';
import type { Report } from '../../src/report/finding.js';
import { mergeReports, readJsonReport } from '../../src/report/merge.js';
import { votturInProcess as vottur } from './run.js';

const PATTERN = 'fixtures/rules/platform-info-*/*.yaml';
const out = mkdtempSync(join(tmpdir(), 'vottur-shard-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const comparable = (report: Report) => ({
  documents: [...report.documents].sort((a, b) => a.path.localeCompare(b.path)),
  findings: report.findings
    .map((f) => `${f.document} ${f.line}:${f.column} ${f.ruleId} ${f.pointer} ${f.severity} ${f.message}`)
    .sort(),
  rules: report.rules.map((rule) => rule.id).sort(),
});

describe('--shard', () => {
  it(
    'splits the documents into disjoint shards whose merged reports equal an unsharded run',
    { timeout: 120_000 },
    async () => {
      const whole = await vottur(['lint', PATTERN, '--format', 'json', '--output', join(out, 'whole.json')]);
      expect(whole.stderr).toMatch(/^(vottur: (passed|failed): [^\n]*\n)?$/); // every format to a file: the verdict line at most
      const shards: Report[] = [];
      for (let i = 1; i <= 3; i++) {
        const result = await vottur([
          'lint',
          PATTERN,
          '--shard',
          `${i}/3`,
          '--format',
          'json',
          '--output',
          join(out, `shard-${i}.json`),
        ]);
        expect(result.stderr, `shard ${i}`).toMatch(/^(vottur: (passed|failed): [^\n]*\n)?$/); // every format to a file: the verdict line at most
        expect([0, 1]).toContain(result.code);
        // Read back through the report schema: each shard's report is a valid vottur report.
        shards.push(readJsonReport(join(out, `shard-${i}.json`)));
      }
      const paths = shards.flatMap((shard) => shard.documents.map((d) => d.path));
      expect(new Set(paths).size).toBe(paths.length);
      for (const shard of shards) expect(shard.documents.length).toBeGreaterThan(0);
      const merged = mergeReports(shards, { tool: shards[0].tool });
      expect(comparable(merged)).toEqual(comparable(readJsonReport(join(out, 'whole.json'))));
    },
  );

  it('refuses a malformed shard', async () => {
    for (const shard of ['0/3', '4/3', '1/0', 'a/b', '2']) {
      const result = await vottur(['lint', 'fixtures/conformant/catalogue-api.yaml', '--shard', shard]);
      expect(result.code, shard).toBe(2);
      expect(result.stderr).toMatch(/--shard/);
    }
  });

  it('writes an empty report for a shard that gets no document', async () => {
    const file = 'fixtures/conformant/catalogue-api.yaml';
    const empty = [1, 2, 3].find((i) => !inShard(file, { index: i, count: 3 }, process.cwd()))!;
    const result = await vottur(['lint', file, '--shard', `${empty}/3`, '--format', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ documents: [], findings: [] });
  });
});

describe('choosing a shard', () => {
  it('puts every document in exactly one shard', () => {
    for (let n = 1; n <= 5; n++) {
      for (const file of ['a.yaml', 'apis/b.yaml', 'apis/deep/c.json', 'ö.yml']) {
        expect(
          [...Array(n).keys()].filter((i) => inShard(file, { index: i + 1, count: n }, process.cwd())).length,
        ).toBe(1);
      }
    }
  });

  it('keeps a document in its shard when others come and go, and reads paths relative to the working directory', () => {
    const files = Array.from({ length: 200 }, (_, i) => `apis/api-${i}.yaml`);
    const shardOf = (file: string) => [1, 2, 3, 4].find((i) => inShard(file, { index: i, count: 4 }, '/repo'));
    const before = new Map(files.map((file) => [file, shardOf(file)]));
    const after = new Map([...files, 'apis/new.yaml'].map((file) => [file, shardOf(file)]));
    for (const file of files) expect(after.get(file)).toBe(before.get(file));
    expect(shardOf('apis/api-7.yaml')).toBe(
      [1, 2, 3, 4].find((i) => inShard('/repo/apis/api-7.yaml', { index: i, count: 4 }, '/repo')),
    );
    // Roughly even: every shard gets a fair share of 200 documents.
    for (let i = 1; i <= 4; i++) expect([...before.values()].filter((s) => s === i).length).toBeGreaterThan(30);
  });

  it('parses i/n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    expect(() => parseShard('3/2')).toThrow(/--shard/);
  });
});
