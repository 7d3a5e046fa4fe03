/**
 * The HTML report's source excerpts used to be masked one line at a time, so a kennitala a scalar
 * spreads over two lines was shown whole (issue 34, B5): a plain scalar folded over two lines
 * (`summary: person 030390` / `2029`, the value "030390 2029") and a double-quoted one joined by an
 * escaped line break (`"…050560\` / `2019"`, the value "0505602019"). HTML character references
 * (`&#48;606702189`) and a tab or CR/LF between the digit groups were masked nowhere (note N1).
 * The page is read back with a real HTML parser (parse5), and only the excerpts' source text (not
 * their line numbers) is looked at.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/finding.js';
import { formatHtml } from '../../src/report/formatters/html.js';
import { emptyReport, LINT_FINDINGS } from './sample.js';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-html-source-mask-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Node {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
}

const hasClass = (node: Node, name: string) =>
  node.attrs?.some((a) => a.name === 'class' && a.value.split(/\s+/).includes(name)) ?? false;

/** The text of every excerpt line of the page, line numbers left out (one string per excerpt line). */
function excerptLines(html: string): string[] {
  const lines: string[] = [];
  const text = (node: Node): string =>
    node.nodeName === '#text'
      ? (node.value ?? '')
      : hasClass(node, 'ln')
        ? ''
        : (node.childNodes ?? []).map(text).join('');
  const walk = (node: Node, inExcerpt: boolean): void => {
    const excerpt = inExcerpt || (node.nodeName === 'pre' && hasClass(node, 'excerpt'));
    if (excerpt && node.nodeName === 'span' && hasClass(node, 'line') && !hasClass(node, 'caret')) {
      lines.push(text(node));
      return;
    }
    for (const child of node.childNodes ?? []) walk(child, excerpt);
  };
  walk(parse(html), false);
  return lines;
}

/**
 * The digits a reader of the excerpt sees, in order: YAML/JSON escapes (an escaped line break
 * joins), HTML character references decoded, every other character dropped.
 */
function digitsRead(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/\\\r?\n[ \t]*/g, '')
    .replace(/&#[xX]([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})/g, (_, x?: string, u?: string) =>
      String.fromCodePoint(parseInt(x ?? u ?? '0', 16)),
    )
    .replace(/[^0-9]/g, '');
}

let files = 0;

/** The HTML report of one finding at `line` of a document holding `source`. */
function htmlOf(source: string, line: number, extension = 'yaml', showPii = false): string {
  const path = `api-${files++}.${extension}`;
  writeFileSync(join(dir, path), source);
  const report: Report = { ...emptyReport(), documents: [{ path }] };
  report.findings = [{ ...LINT_FINDINGS[0], document: path, line, column: 1 }];
  return formatHtml(report, { cwd: dir, color: false, showPii });
}

const HEAD = 'openapi: 3.0.3\ninfo: {title: x, version: 1.0.0, description: x}\npaths:\n  /persons:\n    get:\n';

describe('source excerpts mask a kennitala a scalar spreads over lines', () => {
  it('B5 (a): a plain scalar folded over two lines', () => {
    const html = htmlOf(`${HEAD}      summary: person 030390\n        2029\n      responses: {}\n`, 6);
    const lines = excerptLines(html);
    expect(lines.join('\n')).toContain('summary: person 030390');
    expect(digitsRead(lines)).not.toContain('0303902029');
    expect(lines.join('\n')).not.toContain('2029');
    // --show-pii shows the source as written.
    expect(
      excerptLines(htmlOf(`${HEAD}      summary: person 030390\n        2029\n`, 6, 'yaml', true)).join('\n'),
    ).toContain('2029');
  });

  it('B5 (b): a double-quoted scalar joined by an escaped line break', () => {
    const lines = excerptLines(
      htmlOf(`${HEAD}      description: "person 050560\\\n        2019"\n      responses: {}\n`, 6),
    );
    expect(lines.join('\n')).toContain('person 050560\\');
    expect(digitsRead(lines)).not.toContain('0505602019');
    expect(lines.join('\n')).not.toContain('2019');
  });

  it('the CLI masks both reproductions of the attack report', async () => {
    writeFileSync(
      join(dir, 'repro.yaml'),
      `${HEAD}      summary: person 030390\n        2029\n      description: "person 050560\\\n        2019"\n      responses:\n        "200": {description: ok}\n`,
    );
    const result = await vottur(['lint', 'repro.yaml', '-f', 'html'], { cwd: dir });
    const lines = excerptLines(result.stdout);
    expect(lines.join('\n')).toContain('person 030390');
    expect(lines.join('\n')).not.toMatch(/2029|2019/);
  });

  it('D4: comments on consecutive lines are read as one text', () => {
    const lines = excerptLines(
      htmlOf(`${HEAD}      # person 030390\n      #   2029\n      summary: x\n      responses: {}\n`, 6),
    );
    expect(lines.join('\n')).toContain('# person 030390');
    expect(digitsRead(lines)).not.toContain('0303902029');
    // A blank line ends the run: the two comments are two texts, and the reader sees no identifier.
    const apart = excerptLines(htmlOf(`${HEAD}      # person 030390\n\n      # 2029\n      summary: x\n`, 6));
    expect(apart.join('\n')).toContain('# 2029');
    // --show-pii shows the comments as written.
    const shown = excerptLines(
      htmlOf(`${HEAD}      # person 030390\n      # 2029\n      summary: x\n`, 6, 'yaml', true),
    );
    expect(shown.join('\n')).toContain('# 2029');
  });

  it('HTML character references between or for the digits', () => {
    for (const written of ['&#48;606702189', '070780&#8209;2089', '&#x30;606702189', '060670&ndash;2189']) {
      const lines = excerptLines(htmlOf(`${HEAD}      summary: "person ${written}"\n`, 6));
      expect(lines.join('\n')).toContain('person ');
      const digits = digitsRead(lines);
      expect(digits).not.toContain('0606702189');
      expect(digits).not.toContain('0707802089');
    }
  });

  it('a tab, CR/LF or an escaped white space between the digit groups', () => {
    for (const [source, ext] of [
      [`${HEAD}      summary: "person 060670\\t2189"\n`, 'yaml'],
      [`${HEAD}      summary: "person 060670\t2189"\n`, 'yaml'],
      [`${HEAD.replace(/\n/g, '\r\n')}      summary: person 060670\r\n        2189\r\n`, 'yaml'],
      [
        `{\n  "openapi": "3.0.3",\n  "info": {"title": "x", "version": "1", "description": "person 060670\\r\\n2189"},\n  "paths": {}\n}\n`,
        'json',
      ],
    ] as const) {
      const lines = excerptLines(htmlOf(source, 3, ext));
      expect(lines.join('\n')).toContain('person ');
      expect(digitsRead(lines)).not.toContain('0606702189');
    }
  });
});

/** A valid person's kennitala (born on day 1–28, so every month has it) as its two groups. */
const KENNITALA_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
const checkDigit = (eight: string) =>
  (11 - ([...eight].reduce((sum, d, i) => sum + Number(d) * (KENNITALA_WEIGHTS[i] ?? 0), 0) % 11)) % 11;
const kennitala = fc
  .record({
    day: fc.integer({ min: 1, max: 28 }),
    month: fc.integer({ min: 1, max: 12 }),
    year: fc.integer({ min: 0, max: 99 }),
    serial: fc.integer({ min: 20, max: 99 }),
    century: fc.constantFrom('9', '0'),
  })
  .map(({ day, month, year, serial, century }) => {
    const eight = `${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${String(year).padStart(2, '0')}${serial}`;
    const check = checkDigit(eight);
    return check === 10
      ? undefined
      : { valid: `${eight}${check}${century}`, invalid: `${eight}${(check + 1) % 10}${century}` };
  })
  .filter((k): k is { valid: string; invalid: string } => k !== undefined && k.valid !== '0101003059');

/** A digit as a double-quoted scalar or a page may write it. */
const quotedDigit = (d: string) => fc.constantFrom(d, d, `\\x3${d}`, `\\u003${d}`, `&#${48 + Number(d)};`);
const plainDigit = (d: string) => fc.constantFrom(d, d, d, `&#${48 + Number(d)};`, `&#x3${d};`);
const spelled = (digits: string, digit: (d: string) => fc.Arbitrary<string>) =>
  fc.tuple(...[...digits].map(digit)).map((parts) => parts.join(''));

const INDENT = '        ';

/** The scalar at `summary:` (YAML) spelling the two groups `a` and `b`, in one of the forms a reader joins. */
function yamlScalar(a: string, b: string): fc.Arbitrary<string> {
  return fc.oneof(
    // Plain, on one line or folded over two.
    fc
      .tuple(
        spelled(a, plainDigit),
        spelled(b, plainDigit),
        fc.constantFrom(' ', '-', '\t', `\n${INDENT}`, ` \n${INDENT}`),
      )
      .map(([x, y, sep]) => `person ${x}${sep}${y}`),
    // Single-quoted, folded too.
    fc
      .tuple(spelled(a, plainDigit), spelled(b, plainDigit), fc.constantFrom(' ', '', `\n${INDENT}`))
      .map(([x, y, sep]) => `'it''s ${x}${sep}${y}'`),
    // Double-quoted with escapes, an escaped line break, a folded line.
    fc
      .tuple(
        spelled(a, quotedDigit),
        spelled(b, quotedDigit),
        fc.constantFrom(
          '',
          ' ',
          '\\t',
          '\\n',
          '\\r\\n',
          '\\u2010',
          '\\_',
          `\\\n${INDENT}`,
          `\n${INDENT}`,
          `\\\n${INDENT}\\ `,
        ),
      )
      .map(([x, y, sep]) => `"person ${x}${sep}${y}"`),
    // Literal and folded blocks.
    fc
      .tuple(fc.constantFrom('|', '>', '|-', '>+'), fc.constantFrom(' ', `\n${INDENT}`, `\n\n${INDENT}`))
      .map(([header, sep]) => `${header}\n${INDENT}person ${a}${sep}${b}`),
  );
}

/** The same in a JSON description's string. */
function jsonString(a: string, b: string): fc.Arbitrary<string> {
  return fc
    .tuple(
      spelled(a, quotedDigit),
      spelled(b, quotedDigit),
      fc.constantFrom('', ' ', '\\t', '\\n', '\\r\\n', '\\u0020', '-'),
    )
    .map(([x, y, sep]) => `"person ${x.replace(/\\x3/g, '\\u003')}${sep}${y.replace(/\\x3/g, '\\u003')}"`);
}

describe('source excerpts never show a kennitala, however a scalar spells it (property)', () => {
  it('YAML and JSON scalars: a valid kennitala is masked, a number with a wrong check digit is shown', () => {
    fc.assert(
      fc.property(
        kennitala.chain((k) =>
          fc.record({
            k: fc.constant(k),
            json: fc.boolean(),
            valid: fc.tuple(
              yamlScalar(k.valid.slice(0, 6), k.valid.slice(6)),
              jsonString(k.valid.slice(0, 6), k.valid.slice(6)),
            ),
            invalid: fc.tuple(
              yamlScalar(k.invalid.slice(0, 6), k.invalid.slice(6)),
              jsonString(k.invalid.slice(0, 6), k.invalid.slice(6)),
            ),
          }),
        ),
        ({ k, json, valid, invalid }) => {
          const source = (scalar: string) =>
            json
              ? `{\n  "openapi": "3.0.3",\n  "info": {"title": "x", "version": "1",\n    "summary": ${scalar}},\n  "paths": {}\n}\n`
              : `${HEAD}      summary: ${scalar}\n      responses: {}\n`;
          const shown = excerptLines(htmlOf(source(json ? valid[1] : valid[0]), json ? 4 : 6, json ? 'json' : 'yaml'));
          expect(shown.join('\n')).toContain('person');
          expect(digitsRead(shown)).not.toContain(k.valid);
          const kept = excerptLines(
            htmlOf(source(json ? invalid[1] : invalid[0]), json ? 4 : 6, json ? 'json' : 'yaml'),
          );
          expect(digitsRead(kept)).toContain(k.invalid);
        },
      ),
      { numRuns: 100 },
    );
  });
});
