/**
 * Issue 34, outside attack o34r12 on the Markdown and HTML reports, run as a user runs them
 * (in-process `main`) and read back with real parsers (marked, parse5).
 * - B11: `lint --gate --fail-severity warn -f markdown` exited 1 under the headline "Score 97/100 (A)"
 *   with no verdict, and so did HTML; an error run read "Score 90/100 (A)". Both now state the
 *   verdict the exit code gives (`report.gate`), every reason included.
 * - B5: `-f html` on a title of 64,000 escaped full-width digits took 104 s (quadratic masking of
 *   the source excerpt); it now takes as long as the other formats, and the excerpt is still masked.
 * - B8: a plain scalar folded anywhere inside an identifier (`0101302` / `989`) showed it whole over
 *   two excerpt lines; the excerpt reads the scalar's lines folded.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked, type Token } from 'marked';
import { parse } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-o34r12-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const conformant = readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8');
/** The conformant description without `info.contact`: one error, next to the title. */
const oneError = conformant.replace(/ {2}contact:\n(?: {4}.*\n)+/, '');

interface Node {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
}
const textOf = (node: Node): string =>
  node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(textOf).join('');
function find(node: Node, test: (node: Node) => boolean, found: Node[] = []): Node[] {
  if (test(node)) found.push(node);
  for (const child of node.childNodes ?? []) find(child, test, found);
  return found;
}
const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;
const hasClass = (node: Node, name: string) => (attr(node, 'class') ?? '').split(/\s+/).includes(name);

/** The text of each paragraph of a Markdown report before its first heading after the title. */
function headline(markdown: string): string[] {
  const tokens: Token[] = marked.lexer(markdown);
  const out: string[] = [];
  for (const token of tokens.slice(1)) {
    if (token.type === 'heading') break;
    if (token.type === 'paragraph') out.push(token.text);
  }
  return out;
}

/** The overall verdict of an HTML report: the text of its `#overall-score` block. */
function overall(html: string): string {
  const [block] = find(parse(html), (node) => attr(node, 'id') === 'overall-score');
  return block ? textOf(block) : '';
}

/** The text of every excerpt line of an HTML report, line numbers left out. */
function excerptLines(html: string): string[] {
  const lines = find(
    parse(html),
    (node) => node.nodeName === 'span' && hasClass(node, 'line') && !hasClass(node, 'caret'),
  );
  const text = (node: Node): string =>
    node.nodeName === '#text'
      ? (node.value ?? '')
      : hasClass(node, 'ln')
        ? ''
        : (node.childNodes ?? []).map(text).join('');
  return lines.map(text);
}

describe('Markdown and HTML state the verdict the exit code gives (B11)', () => {
  writeFileSync(join(dir, 'good.yaml'), conformant);
  writeFileSync(join(dir, 'bad.yaml'), oneError);
  writeFileSync(
    join(dir, 'r.yaml'),
    'rules:\n  team-warn:\n    given: $.info.title\n    severity: warn\n    message: a warning\n    then: { function: falsy }\n',
  );
  writeFileSync(join(dir, 'warn.config.yaml'), 'extends: [./r.yaml]\n');
  const runs: Array<[string, string[], number, RegExp]> = [
    [
      'a warning under --fail-severity warn',
      ['good.yaml', '--config', 'warn.config.yaml', '--fail-severity', 'warn'],
      1,
      /1 finding at or above --fail-severity warn/,
    ],
    ['an error', ['bad.yaml'], 1, /1 finding at or above --fail-severity error/],
    ['a clean run', ['good.yaml'], 0, /passes/],
  ];
  it.each(runs)('%s', async (_, args, code, verdict) => {
    const md = await vottur(['lint', ...args, '--gate', '-f', 'markdown'], { cwd: dir });
    expect(md.code).toBe(code);
    const [first, second] = headline(md.stdout);
    // The verdict comes first, before the grade.
    expect(first).toMatch(code === 1 ? /^\*\*❌ The run fails\*\*: / : /^\*\*✅ The run passes\.\*\*$/);
    expect(first).toMatch(verdict);
    expect(second).toMatch(/^\*\*Score \d+\/100 \([A-F]\)\*\*/);
    const html = await vottur(['lint', ...args, '--gate', '-f', 'html'], { cwd: dir });
    expect(html.code).toBe(code);
    const text = overall(html.stdout);
    expect(text).toMatch(verdict);
    expect(text).toMatch(code === 1 ? /The run fails: / : /The run passes\./);
  });
});

describe('the HTML excerpt masking is linear and still masks (B5)', () => {
  it('a title of an escaped identifier and 64,000 escaped full-width digits: written, and masked', async () => {
    const digits = '\\uff11'.repeat(64_000);
    const id = '\\uff10\\uff11\\uff10\\uff11\\uff13\\uff10\\uff12\\uff19\\uff18\\uff19';
    writeFileSync(join(dir, 'hang.yaml'), oneError.replace('  title: Invoice API', `  title: "T ${id} ${digits}"`));
    const result = await vottur(['lint', 'hang.yaml', '--gate', '-f', 'html'], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = excerptLines(result.stdout);
    const title = lines.find((line) => line.includes('title:'));
    // The excerpt cuts the long line; what it shows starts with the identifier, masked.
    expect(title).toContain('T \\uff10\\uff11\\uff10\\uff11\\uff13\\uff10');
    expect(title).not.toContain('\\uff12\\uff19\\uff18\\uff19');
  });
});

describe('the HTML excerpt reads a folded scalar across its lines (B8)', () => {
  /** The digits of the excerpt lines as a reader reads them (everything else dropped). */
  const digitsRead = (lines: string[]) => lines.join('\n').replace(/[^0-9]/g, '');
  it.each([
    ['after the seventh digit', '0101302\n    989'],
    ['after the first digit', '0\n    101302989'],
    ['after the ninth, indented deeper', '010130298\n          9'],
    ['with a blank line between', '01013\n\n    02989'],
    ['after a separator and two more digits', '010130-29\n    89'],
  ])('%s', async (_, folded) => {
    writeFileSync(join(dir, 'fold.yaml'), oneError.replace('  title: Invoice API', `  title: Invoice API ${folded}`));
    const result = await vottur(['lint', 'fold.yaml', '-f', 'html'], { cwd: dir });
    expect(result.code).toBe(1);
    const read = digitsRead(excerptLines(result.stdout).filter((line) => !/openapi|version|description/.test(line)));
    const id = folded.replace(/[^0-9]/g, '');
    expect(read).not.toContain(id);
    expect(read).toContain(id.slice(0, 6));
    // JSON shows the title masked the same way.
    const json = await vottur(['lint', 'fold.yaml', '-f', 'json'], { cwd: dir });
    const report = JSON.parse(json.stdout) as { documents: Array<{ title?: string }> };
    expect(report.documents[0]?.title?.replace(/[^0-9]/g, '')).not.toContain(id);
  });

  it.each([
    ['after the seventh digit', '0101302\\\n    989'],
    ['after the fifth, indented deeper', '01013\\\n          02989'],
  ])('a double-quoted scalar joined by an escaped line break, %s (o34r13 N4)', async (_, joined) => {
    writeFileSync(
      join(dir, 'joined.yaml'),
      oneError.replace('  title: Invoice API', `  title: "Invoice API ${joined} end"`),
    );
    const result = await vottur(['lint', 'joined.yaml', '-f', 'html'], { cwd: dir });
    expect(result.code).toBe(1);
    const read = digitsRead(excerptLines(result.stdout).filter((line) => !/openapi|version|description/.test(line)));
    expect(read).not.toContain('0101302989');
    expect(read).toContain('010130');
  });
});
