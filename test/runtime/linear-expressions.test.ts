/**
 * Issue 34 (o34r15 B4 and what it pointed to): a regular expression that is tried again from every
 * start position a run of its first characters leaves, or that backtracks over the splits of a
 * long run, takes time quadratic in the text — and the text is a hostile description, a server's
 * message or a line of a document open in the editor. No expression in the code that reads such
 * text may be super-linear (scslre: a static analysis of each literal); the few that read only
 * what vottur itself wrote are listed with their reason. The linear code that replaced such
 * expressions gives what they gave, for any input (properties).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { analyse } from 'scslre';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SEMVER } from '../../rulesets/lib/conventions.js';
import { nearestSemver } from '../../rulesets/rules/platform-info-version-semver.js';
import { enclosingKeys } from '../../src/lsp/completion.js';
import { oneLine, withoutFragment, withoutTrailing } from '../../src/runtime/text.js';
import { ROOT } from '../cli/run.js';

/** Expressions that read only what vottur wrote (file:expression → why). */
const TRUSTED: Record<string, string> = {
  'src/lsp/rule-docs.ts /^#{1,2}\\s+(.*)$/': "the lines of vottur's own rule pages",
  'src/report/formatters/stylish.ts /\\B(?=(\\d{3})+$)/g': "a count's digits",
  'src/runtime/safe-read.ts /\\s*(at|in JSON at)?\\s*(line \\d+,? column \\d+|position \\d+.*)$/i':
    "a parser's first line, cut at 500 characters before it is read",
};

function superLinear(folder: string): string[] {
  const reports: string[] = [];
  const dir = join(ROOT, folder);
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        const key = `${folder}/${file} ${text}`;
        if (!(key in TRUSTED) && analyse(new RegExp(text.slice(1, end), text.slice(end + 1))).reports.length > 0)
          reports.push(`${key} (line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return reports;
}

describe('no regular expression that reads hostile text backtracks super-linearly (scslre)', () => {
  it.each(['src', 'rulesets/lib', 'rulesets/rules'])('%s', (folder) => {
    expect(superLinear(folder)).toEqual([]);
  });

  it('every trusted expression is still there (an entry no expression needs is taken out)', () => {
    for (const key of Object.keys(TRUSTED)) {
      const [file = '', expression = ''] = key.split(/ (.*)/s);
      expect(readFileSync(join(ROOT, file), 'utf8'), key).toContain(expression);
    }
  });
});

/** Text of the characters the old expressions ran on. */
const text = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((a) => a.join(''));

describe('the linear replacements give what the expressions gave', () => {
  it('withoutTrailing, oneLine, withoutFragment', () => {
    fc.assert(
      fc.property(text(['/', 'a', '=', '.', '!']), (value) => {
        expect(withoutTrailing(value, '/')).toBe(value.replace(/\/+$/, ''));
        expect(withoutTrailing(value, '.!')).toBe(value.replace(/[.!]+$/, ''));
      }),
    );
    fc.assert(
      fc.property(text(['a', ' ', '\n', '\r', '\t', '\u2028', 'b']), (value) => {
        expect(oneLine(value)).toBe(value.replace(/\s*\n\s*/g, ' '));
      }),
    );
    fc.assert(
      fc.property(text(['a', '#', '/', ':']), (value) => {
        expect(withoutFragment(value)).toBe(value.replace(/#.*$/, ''));
      }),
    );
  });

  it("the editor's keys of a line (enclosingKeys)", () => {
    const oldKeys = (document: string, line: number, character: number): string[] => {
      const lines = document.split(/\r?\n/);
      const current = (lines[line] ?? '').slice(0, character);
      const keys: string[] = [];
      const keyOf = (row: string) => /^\s*(?:-\s+)?["']?([^"':{}[\],#]+?)["']?\s*:(?:\s|$)/.exec(row)?.[1]?.trim();
      const own = /^\s*(?:-\s+)?["']?([^"':{}[\],#]+?)["']?\s*:\s*(.*)$/.exec(current)?.[1];
      if (own !== undefined) keys.push(own.trim());
      let indent = current.search(/\S/) === -1 ? current.length : current.search(/\S/);
      for (let row = line - 1; row >= 0 && indent > 0; row--) {
        const textRow = lines[row] ?? '';
        if (textRow.trim() === '' || textRow.trim().startsWith('#')) continue;
        const rowIndent = textRow.search(/\S/);
        if (rowIndent < indent) {
          const key = keyOf(textRow);
          if (key) keys.push(key);
          indent = rowIndent;
        }
      }
      return keys;
    };
    const row = text(['a', ' ', ':', '-', '"', "'", '{', '#', 'b']);
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), fc.nat(), (rows, at) => {
        const document = rows.join('\n');
        const line = at % rows.length;
        const character = (rows[line] ?? '').length;
        // A key of white space or a lone dash (`  :`, `- :`) the expression read by giving the
        // indentation or the dash back; the linear reading has none there.
        const real = (keys: string[]) => keys.filter((key) => key !== '' && key !== '-');
        expect(real(enclosingKeys(document, line, character))).toEqual(real(oldKeys(document, line, character)));
      }),
      { numRuns: 2000 },
    );
  });

  it('the nearest semantic version (nearestSemver)', () => {
    const old = (written: string): string => {
      const value = written.trim().replace(/^v(?:ersion)?[\s.:]*/i, '');
      const match = /^(\d+(?:\.\d+)*)(.*)$/.exec(value);
      if (!match) return '1.0.0';
      const [, digits = '', rest = ''] = match;
      const numbers = digits.split('.').map((n) => String(Number(n)));
      while (numbers.length < 3) numbers.push('0');
      const core = numbers.slice(0, 3).join('.');
      if (rest !== '' && SEMVER.test(`${core}${rest}`)) return `${core}${rest}`;
      return core;
    };
    fc.assert(
      fc.property(text(['1', '0', '.', '-', 'a', '\n', 'v', ' ']), (value) => {
        expect(nearestSemver(value)).toBe(old(value));
      }),
      { numRuns: 2000 },
    );
  });
});
