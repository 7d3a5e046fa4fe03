import { describe, expect, it } from 'vitest';
import { marked, type Token, type Tokens } from 'marked';
import type { Finding, Report } from '../../src/report/finding.js';
import { formatMarkdown, inline, MARKDOWN_FINDINGS_PER_CATEGORY } from '../../src/report/formatters/markdown.js';
import { CONTEXT, DOCUMENT, lintReport, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from './sample.js';

/** The text a reader sees, with code spans written back in backticks. */
function plain(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      switch (token.type) {
        case 'codespan':
          return `\`${(token as Tokens.Codespan).text}\``;
        case 'escape':
          return (token as Tokens.Escape).text;
        case 'text':
          return 'tokens' in token && token.tokens ? plain(token.tokens) : (token as Tokens.Text).text;
        case 'html':
          return `<HTML:${(token as Tokens.HTML).raw}>`;
        case 'link':
          return `<LINK:${plain((token as Tokens.Link).tokens)}>`;
        default:
          return `<${token.type.toUpperCase()}:${plain('tokens' in token ? token.tokens : [])}>`;
      }
    })
    .join('');
}

function tokensOf(markdown: string): Token[] {
  return marked.lexer(markdown);
}

function tables(tokens: Token[]): Tokens.Table[] {
  return tokens.filter((t): t is Tokens.Table => t.type === 'table');
}

function headings(tokens: Token[]): Tokens.Heading[] {
  return tokens.filter((t): t is Tokens.Heading => t.type === 'heading');
}

function tableAfter(tokens: Token[], heading: string): Tokens.Table {
  const start = tokens.findIndex(
    (t) => t.type === 'heading' && plain((t as Tokens.Heading).tokens).startsWith(heading),
  );
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const table = tokens.slice(start + 1).find((t) => t.type === 'table' || t.type === 'heading');
  expect(table?.type).toBe('table');
  return table as Tokens.Table;
}

describe('markdown format', () => {
  it('has a title, the score and grade, and totals per severity', () => {
    const tokens = tokensOf(formatMarkdown(sampleReport(), CONTEXT));
    const [title] = headings(tokens);
    expect(title).toMatchObject({ depth: 1 });
    expect(plain(title.tokens)).toBe('vottur report: User Profile Service v2.1.0');
    const summary = tokens.find((t) => t.type === 'paragraph') as Tokens.Paragraph;
    expect(plain(summary.tokens)).toBe(
      '<STRONG:Score 25/100 (F), 1 of 3 operations pass>: 4 errors, 4 warnings, 0 info, 1 hint in 1 document.',
    );
    expect(headings(tokens).map((h) => plain(h.tokens))).toEqual([
      'vottur report: User Profile Service v2.1.0',
      'Documents',
      'Categories',
      'Contract results',
      'Findings',
      'Documentation: 94 (A)',
      'Data formats: 54 (F)',
      'Naming: 97 (A)',
      'Methods: 67 (F)',
      'Security: 100 (A)',
    ]);
  });

  it('says under the score what it does not count: suppressed, baselined, fixed and expired entries', () => {
    const held = {
      ...sampleReport(),
      heldBack: { suppressed: 2, baselined: 1497 },
      baseline: {
        file: 'vottur-baseline.json',
        unchanged: 1497,
        expired: 1,
        absent: [{ rule: 'platform-no-404', document: 'api', pointer: '/paths', fingerprint: 'x' }],
      },
    };
    const paragraphs = tokensOf(formatMarkdown(held, CONTEXT))
      .filter((t): t is Tokens.Paragraph => t.type === 'paragraph')
      .map((t) => plain(t.tokens));
    expect(paragraphs[0]).toMatch(/^<STRONG:Score \d+\/100/);
    expect(paragraphs[1]).toBe(
      '<STRONG:Not counted> in the figures above: 2 suppressed with a reason (x-vottur-ignore); 1497 in the baseline; 1 baseline entry fixed since (--prune-baseline removes it); 1 baseline entry expired, counted again.',
    );
    // Nothing held back, nothing said.
    expect(formatMarkdown(sampleReport(), CONTEXT)).not.toContain('Not counted');
  });

  it('tabulates documents, categories and contract results', () => {
    const tokens = tokensOf(formatMarkdown(sampleReport(), CONTEXT));
    const documents = tableAfter(tokens, 'Documents');
    expect(documents.header.map((c) => c.text)).toEqual([
      'Document',
      'Title',
      'Version',
      'Score',
      'Grade',
      'Errors',
      'Warnings',
      'Info',
      'Hints',
    ]);
    expect(documents.rows.map((row) => row.map((c) => plain(c.tokens)))).toEqual([
      [`\`${DOCUMENT}\``, 'User Profile Service', '2.1.0', '25', 'F', '4', '4', '0', '1'],
    ]);
    const categories = tableAfter(tokens, 'Categories');
    expect(categories.rows.map((row) => [row[0].text, row[1].text, row[2].text])).toEqual([
      ['Documentation', '94', 'A'],
      ['Data formats', '54', 'F'],
      ['Naming', '97', 'A'],
      ['Methods', '67', 'F'],
      ['Errors', '100', 'A'],
      ['Security', '100', 'A'],
    ]);
    const contract = tableAfter(tokens, 'Contract results');
    expect(contract.rows.map((row) => [plain(row[0].tokens), row[2].text, row[4].text])).toEqual([
      ['`GET /v2/users/{nationalId}`', '2', '🔴 failed'],
      ['`GET /v2/actor-profiles`', '1', '🔴 failed'],
      ['`DELETE /v2/users/{nationalId}`', '0', '⏭️ not exercised'],
    ]);
  });

  it('lists findings per category, most severe first, linking each rule to its documentation', () => {
    const report = sampleReport();
    const tokens = tokensOf(formatMarkdown(report, CONTEXT));
    const data = tableAfter(tokens, 'Data formats: 54 (F)');
    expect(data.header.map((c) => c.text)).toEqual(['Severity', 'Rule', 'Message', 'Location']);
    expect(data.rows.map((row) => row[0].text)).toEqual(['🔴 error', '🔴 error', '🔴 error', '🟠 warning']);
    const links = data.rows.map((row) => row[1].tokens[0] as Tokens.Link);
    expect(links.every((l) => l.type === 'link')).toBe(true);
    expect(links.map((l) => [l.text, l.href])).toContainEqual([
      'platform-date-format',
      'https://github.com/vottur/vottur/blob/main/docs/rules/platform-date-format.md',
    ]);
    expect(plain(data.rows.find((row) => row[1].text.includes('platform-date-format'))![3].tokens)).toBe(
      `\`${DOCUMENT}:46:9\``,
    );
    expect(plain(data.rows.find((row) => row[1].text.includes('response-content-type'))![3].tokens)).toBe(
      '`GET /v2/actor-profiles`',
    );
    // Every finding appears once across the category tables.
    const all = tables(tokens)
      .slice(3)
      .flatMap((t) => t.rows);
    expect(all).toHaveLength(report.findings.length);
  });

  it('keeps messages with pipes, markup and code in their cell, shown as written', () => {
    const tokens = tokensOf(formatMarkdown(sampleReport(), CONTEXT));
    const messages = tables(tokens)
      .slice(3)
      .flatMap((t) => t.rows.map((row) => plain(row[2].tokens)));
    expect(messages).toContain(
      'The description uses the HTML tag `<b>` & a "quoted | piped" phrase; write Markdown (`**When**`).',
    );
    expect(messages).toContain(
      'No `securitySchemes` | the service is reached through X-Road; declare the scheme anyway.',
    );
    for (const table of tables(tokens)) for (const row of table.rows) expect(row).toHaveLength(table.header.length);
  });

  it('escapes everything that could inject markup, links or HTML', () => {
    const hostile =
      'Use <script>alert(1)</script> *now* or _later_ ~~never~~ [click](javascript:alert(1)) ![img](http://x/y.png) &amp; | `a|b` ``c`d`` \\`';
    const report: Report = lintReport();
    report.findings = [{ ...report.findings[1], message: hostile }];
    report.documents = [{ path: DOCUMENT, title: '# Title | with <em>html</em>', version: '1.0' }];
    const markdown = formatMarkdown(report, CONTEXT);
    const tokens = tokensOf(markdown);
    const [title] = headings(tokens);
    expect(plain(title.tokens)).toBe('vottur report: # Title | with <em>html</em> v1.0');
    const row = tables(tokens).at(-1)!.rows[0];
    expect(row).toHaveLength(4);
    // Shown as written; only the bare URL becomes a (GFM autolink) link, as GitHub shows it too.
    expect(plain(row[2].tokens)).toBe(
      'Use <script>alert(1)</script> *now* or _later_ ~~never~~ [click](javascript:alert(1)) ![img](<LINK:http://x/y.png>) &amp; | `a|b` `c`d` \\`',
    );
    const html = marked.parse(markdown) as string;
    expect(html).not.toMatch(/<script|<em>|<del>|<strong>now|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('caps each category at the top findings and says how many more there are', () => {
    const report = lintReport();
    const base = report.findings.find((f) => f.ruleId === 'platform-property-camel-case')!;
    const extra: Finding[] = Array.from({ length: MARKDOWN_FINDINGS_PER_CATEGORY + 5 }, (_, i) => ({
      ...base,
      line: 100 + i,
      message: `\`prop_${i}\` is snake_case; write \`prop${i}\`.`,
    }));
    extra.push({ ...base, severity: 'error', line: 500, message: 'the worst one' });
    report.findings = extra;
    const tokens = tokensOf(formatMarkdown(report, CONTEXT));
    const naming = tableAfter(tokens, 'Naming: ');
    expect(naming.rows).toHaveLength(MARKDOWN_FINDINGS_PER_CATEGORY);
    expect(plain(naming.rows[0][2].tokens)).toBe('the worst one');
    const more = tokens.find((t) => t.type === 'paragraph' && t.raw.includes('more')) as Tokens.Paragraph;
    expect(plain(more.tokens)).toBe('<EM:…and 6 more naming findings.>');
  });

  it('masks national identifiers unless --show-pii', () => {
    const markdown = formatMarkdown(sampleReport(), CONTEXT);
    expect(markdown).not.toContain(NATIONAL_ID);
    expect(markdown).not.toContain(NATIONAL_ID_HYPHEN);
    expect(markdown).toContain(MASKED);
    expect(formatMarkdown(sampleReport(), { ...CONTEXT, showPii: true })).toContain(NATIONAL_ID);
  });

  it('says so when there are no findings', () => {
    const report = lintReport();
    report.findings = [];
    const tokens = tokensOf(formatMarkdown(report, CONTEXT));
    expect(tokens.some((t) => t.type === 'paragraph' && t.raw.trim() === 'No findings.')).toBe(true);
    expect(plain((tokens.find((t) => t.type === 'paragraph') as Tokens.Paragraph).tokens)).toContain(
      'Score 100/100 (A)',
    );
  });

  it('escapes inline text without touching code spans', () => {
    expect(inline('a | b')).toBe('a \\| b');
    expect(inline('`a | b`')).toBe('`a \\| b`');
    expect(inline('unclosed `tick')).toBe('unclosed \\`tick');
    expect(inline('two\nlines')).toBe('two lines');
  });
});

describe('evidence of the same cause', () => {
  it('is listed under the finding it belongs to', async () => {
    const { formatMarkdown } = await import('../../src/report/formatters/markdown.js');
    const { contractReport, CONTEXT } = await import('./sample.js');
    const text = formatMarkdown(contractReport(), CONTEXT);
    expect(text).toMatch(
      /Expected one of the documented statuses \(200\), got 500\.<br>↳ same cause: `contract-dredd` Dredd transaction/,
    );
  });
});
