/**
 * The editor shows what the command line reports: every fixture and corpus description, opened in
 * `vottur lsp`, gets diagnostics equal (rule, line, column, in every file of the description) to
 * the findings of `vottur lint --format json` that count.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glob } from 'tinyglobby';
import type { Report } from '../../src/report/finding.js';
import { counts } from '../../src/report/finding.js';
import { isDescriptionText } from '../../src/lsp/store.js';
import { ROOT, vottur } from '../cli/run.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { LspClient, uriOf, type Diagnostic } from './client.js';

type Row = string;
const row = (file: string, rule: string, line: number, column: number): Row => `${file}:${line}:${column} ${rule}`;

/** The CLI's findings that count, as rows, by absolute file. */
async function cliRows(files: string[], cwd: string): Promise<{ rows: Map<string, Row[]>; unreadable: Set<string> }> {
  const result = await vottur(['lint', '--format', 'json', '--jobs', '1', ...files], { cwd, timeoutMs: 600_000 });
  const report = JSON.parse(result.stdout) as Report;
  const rows = new Map<string, Row[]>();
  const unreadable = new Set<string>();
  for (const finding of report.findings) {
    const file = resolve(cwd, finding.document);
    if (finding.ruleId === 'vottur-unreadable') {
      unreadable.add(file);
      continue;
    }
    if (!counts(finding)) continue;
    rows.set(file, [...(rows.get(file) ?? []), row(file, finding.ruleId, finding.line ?? 1, finding.column ?? 1)]);
  }
  return { rows, unreadable };
}

const lspRows = (file: string, diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => row(file, String(d.code), d.range.start.line + 1, d.range.start.character + 1));

async function compare(roots: string[], cwd: string): Promise<number> {
  const expected = await cliRows(roots, cwd);
  const client = await LspClient.start({ rootPath: cwd });
  try {
    for (const root of roots) await client.open(root);
    for (const root of roots) await client.waitFor(root, () => true, 300_000);
    // Every file some description's findings are in, and every root.
    const files = new Set([...roots, ...expected.rows.keys()]);
    let compared = 0;
    for (const file of files) {
      if (expected.unreadable.has(file)) {
        const shown = await client.waitFor(file, () => true);
        expect(
          shown.map((d) => d.code),
          file,
        ).toEqual(['vottur-unreadable']);
        continue;
      }
      const shown = client.diagnostics.get(uriOf(file)) ?? [];
      expect(lspRows(file, shown).sort(), file).toEqual((expected.rows.get(file) ?? []).sort());
      compared += shown.length;
    }
    return compared;
  } finally {
    await client.stop();
  }
}

async function descriptions(patterns: string[], cwd: string): Promise<string[]> {
  const files = await glob(patterns, { cwd, absolute: true });
  return files.filter((file) => isDescriptionText(readFileSync(file, 'utf8'))).sort();
}

describe('vottur lsp diagnostics equal vottur lint --format json', () => {
  it('on every fixture description', async () => {
    const roots = await descriptions(['fixtures/**/*.{yaml,yml,json}'], ROOT);
    expect(roots.length).toBeGreaterThan(400);
    expect(await compare(roots, ROOT)).toBeGreaterThan(500);
  }, 600_000);

  describe.skipIf(!CORPUS_DIR)(corpusTitle('on every corpus description'), () => {
    let roots: string[] = [];
    beforeAll(async () => {
      roots = await descriptions(['catalogue/*.{yaml,json}', 'real/*.{yaml,json}', 'large/*.json'], CORPUS_DIR!);
      roots.push(join(CORPUS_DIR!, 'multifile/digitalocean/DigitalOcean-public.v2.yaml'));
    });
    it(
      corpusTitle('catalogue, real, large and the multi-file DigitalOcean'),
      async () => {
        expect(roots.length).toBeGreaterThan(25);
        // JSON whose `openapi` key comes after megabytes of `components` is a description too.
        for (const name of [
          'stripe_spec3_2022-04-12.json',
          'cloudflare_2024-08-06.json',
          'twilio_api_v2010.json',
          'box_openapi.json',
        ])
          expect(roots).toContain(join(CORPUS_DIR!, 'large', name));
        expect(await compare(roots, CORPUS_DIR!)).toBeGreaterThan(1000);
      },
      900_000,
    );
  });
  reportMissingCorpus();
});

afterAll(() => undefined);
