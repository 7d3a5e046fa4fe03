/**
 * The fix engine's fixes as the editor's quick fixes: on every fixture of every fixable rule
 * (fixtures/fix/<rule-id>/), `vottur lsp` offers a fix for the rule's diagnostics whose title
 * ends with the class `vottur diff` gives the change; applying the fixes one by one, as an author
 * would, removes each finding, adds no other, and ends on exactly the `.fixed` file.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFFECT_LABEL, fixableRules, type FixEffect } from '../../src/fix/index.js';
import { ROOT } from '../cli/run.js';
import { diffClass } from '../fix/support.js';
import { LspClient, uriOf, type Diagnostic } from './client.js';

const FIXTURES = join(ROOT, 'fixtures/fix');
const cases = readdirSync(FIXTURES).flatMap((rule) =>
  readdirSync(join(FIXTURES, rule))
    .filter((name) => !name.includes('.fixed.'))
    .map((name) => ({ rule, name })),
);

interface TextEdit {
  range: Diagnostic['range'];
  newText: string;
}
interface Action {
  title: string;
  edit?: { changes?: Record<string, TextEdit[]> };
}

function offsetAt(text: string, at: { line: number; character: number }): number {
  const lines = text.split('\n');
  return lines.slice(0, at.line).reduce((sum, line) => sum + line.length + 1, 0) + at.character;
}

function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  let out = text;
  for (const edit of sorted)
    out = out.slice(0, offsetAt(out, edit.range.start)) + edit.newText + out.slice(offsetAt(out, edit.range.end));
  return out;
}

const LABELS = Object.entries(EFFECT_LABEL) as Array<[FixEffect, string]>;
const effectOf = (title: string) => LABELS.find(([, label]) => title.endsWith(` ${label}`))?.[0];
const countBy = (diagnostics: Diagnostic[]) => {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(String(d.code), (counts.get(String(d.code)) ?? 0) + 1);
  return counts;
};

const folder = mkdtempSync(join(tmpdir(), 'vottur-lsp-fixes-'));
writeFileSync(join(folder, '.git'), '');
// One server for the file, as an editor keeps one for a session: each case opens its fixture,
// applies its fixes and closes it (the server's start is not what these tests are about).
let lsp: LspClient;
beforeAll(async () => {
  lsp = await LspClient.startInProcess({ rootPath: folder });
});
afterAll(async () => {
  await lsp?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('quick fixes from the fix engine', () => {
  it('cover every fixable rule', () => {
    expect([...new Set(cases.map(({ rule }) => rule))].sort()).toEqual(fixableRules());
  });

  it.each(cases)(
    '$rule: $name',
    async ({ rule, name }) => {
      const work = join(folder, rule);
      cpSync(join(FIXTURES, rule), work, { recursive: true });
      const file = join(work, name);
      const expected = readFileSync(join(work, name.replace(/\.(ya?ml|json)$/, '.fixed.$1')), 'utf8');
      try {
        let text = readFileSync(file, 'utf8');
        await lsp.open(file, text);
        let diagnostics = await lsp.waitFor(file, () => true);
        expect(diagnostics.some((d) => d.code === rule)).toBe(true);
        let version = 1;
        let applied = 0;
        for (let step = 0; step < 20; step++) {
          let chosen: Action | undefined;
          for (const diagnostic of diagnostics.filter((d) => d.code === rule)) {
            const actions = await lsp.request<Action[]>('textDocument/codeAction', {
              textDocument: { uri: uriOf(file) },
              range: diagnostic.range,
              context: { diagnostics: [diagnostic] },
            });
            chosen = actions.find((action) => effectOf(action.title) !== undefined);
            if (chosen) break;
          }
          if (!chosen) break;
          const after = applyEdits(text, chosen.edit!.changes![uriOf(file)]);
          // The class in the title is vottur diff's, on files, of before and after.
          expect(effectOf(chosen.title), chosen.title).toBe(await diffClass(name, text, after));
          const before = countBy(diagnostics);
          const lines = text.split('\n');
          await lsp.change(
            file,
            {
              start: { line: 0, character: 0 },
              end: { line: lines.length - 1, character: lines[lines.length - 1].length },
            },
            after,
          );
          version++;
          text = after;
          diagnostics = await lsp.nextPublication(file);
          const now = countBy(diagnostics);
          expect(now.get(rule) ?? 0, `${chosen.title} removes its finding`).toBeLessThan(before.get(rule) ?? 0);
          for (const [code, count] of now)
            expect(count, `${chosen.title} adds no ${code}`).toBeLessThanOrEqual(before.get(code) ?? 0);
          applied++;
        }
        expect(applied).toBeGreaterThan(0);
        expect(version).toBe(applied + 1);
        expect(text).toBe(expected);
      } finally {
        await lsp.close(file);
      }
    },
    120_000,
  );
});
