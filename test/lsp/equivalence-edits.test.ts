/**
 * After edits, the editor still shows what the command line reports. The server reuses the earlier
 * version's rule results where an edit cannot have changed them (src/lint/incremental.ts); here a
 * real JSON description is edited through
 * `vottur lsp` (lines added inside an operation, a description retyped, the lines removed again,
 * an edit outside `paths`), and after each edit the diagnostics must equal (rule, range, message)
 * the findings of `vottur lint --format json` on the same text.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/finding.js';
import { counts } from '../../src/report/finding.js';
import { vottur } from '../cli/run.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { LspClient, type Diagnostic } from './client.js';

const rowOf = (rule: string, line: number, column: number, endLine: number, endColumn: number, message: string) =>
  `${line}:${column}-${endLine}:${endColumn} ${rule} ${message}`;

async function cliRows(file: string, cwd: string): Promise<string[]> {
  const result = await vottur(['lint', '--format', 'json', '--jobs', '1', file], { cwd, timeoutMs: 120_000 });
  const report = JSON.parse(result.stdout) as Report;
  return report.findings
    .filter((finding) => counts(finding) && resolve(cwd, finding.document) === file)
    .map((finding) =>
      rowOf(
        finding.ruleId,
        finding.line ?? 1,
        finding.column ?? 1,
        finding.endLine ?? finding.line ?? 1,
        finding.endColumn ?? finding.column ?? 1,
        finding.message,
      ),
    )
    .sort();
}

const lspRows = (diagnostics: Diagnostic[]) =>
  diagnostics
    .map((d) =>
      rowOf(
        String(d.code),
        d.range.start.line + 1,
        d.range.start.character + 1,
        d.range.end.line + 1,
        d.range.end.character + 1,
        d.message,
      ),
    )
    .sort();

function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

describe(corpusTitle('vottur lsp diagnostics after edits equal vottur lint --format json'), () => {
  const source = CORPUS_DIR ? join(CORPUS_DIR, 'catalogue/legal-gazette.json') : undefined;
  it.skipIf(!source)(
    'on a catalogue description, edit after edit',
    async () => {
      if (!source) return reportMissingCorpus();
      const dir = mkdtempSync(join(tmpdir(), 'vottur-lsp-edits-'));
      writeFileSync(join(dir, '.git'), '');
      const file = join(dir, 'legal-gazette.json');
      let text = readFileSync(source, 'utf8');
      writeFileSync(file, text);
      const client = await LspClient.start({ rootPath: dir });
      try {
        await client.open(file, text);
        const opened = await client.waitFor(file, () => true, 120_000);
        expect(lspRows(opened)).toEqual(await cliRows(file, dir));
        const added = '\n        "x-bench-note": "added",';
        const anchor = (needle: string, nth = 0) => {
          let at = -1;
          for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
          expect(at, needle).toBeGreaterThanOrEqual(0);
          return at + needle.length;
        };
        // Each edit: [start, end) of the current text replaced by the new text.
        const edits: Array<() => [number, number, string]> = [
          // A line added inside the second operation: everything after it moves one line down.
          () => [anchor('"get": {', 1), anchor('"get": {', 1), added],
          // A summary retyped in the first operation (before the added line).
          () => [anchor('"summary": "'), anchor('"summary": "'), 'Edited '],
          // Two more lines in the last operation, then the first added line removed again.
          () => [anchor('"get": {', 4), anchor('"get": {', 4), `${added}${added.replace('note', 'other')}`],
          () => {
            const at = text.indexOf(added);
            return [at, at + added.length, ''];
          },
          // Outside `paths`: the whole document is linted again.
          () => [anchor('"openapi": "3.0.0"') - 2, anchor('"openapi": "3.0.0"') - 1, '1'],
        ];
        for (const edit of edits) {
          const [start, end, inserted] = edit();
          const range = { start: positionOf(text, start), end: positionOf(text, end) };
          const next = client.nextPublication(file, 120_000);
          await client.change(file, range, inserted);
          text = `${text.slice(0, start)}${inserted}${text.slice(end)}`;
          const shown = await next;
          writeFileSync(file, text);
          expect(lspRows(shown)).toEqual(await cliRows(file, dir));
        }
      } finally {
        await client.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});
