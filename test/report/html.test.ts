import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/finding.js';
import {
  EXCERPTS_PER_RULE,
  formatHtml,
  formatHtmlChunks,
  LONG_LINE,
  LONG_LINE_WINDOW,
  pathHtml,
} from '../../src/report/formatters/html.js';
import { escapeHtml, messageHtml } from '../../src/report/html-page.js';
import { CONTEXT, emptyReport, lintReport, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from './sample.js';

function hash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The HTML report's markup checks; the page itself is exercised in a browser by html.browser.test.ts. */
describe('html format (markup)', () => {
  const html = formatHtml(sampleReport(), CONTEXT);

  it('is one file whose styles and script are inline and pinned by hash in a CSP that allows no network', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(csp).toBeDefined();
    expect(csp).toContain("default-src 'none'");
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<style/g)).toHaveLength(1);
    // Nothing that would load: no src attributes, no stylesheets, no CSS imports or url()s, no inline style attributes.
    expect(html).not.toMatch(/\ssrc=/i);
    expect(html).not.toMatch(/rel="stylesheet"/i);
    expect(style).not.toMatch(/@import|url\(/i);
    expect(html).not.toMatch(/\sstyle=/i);
    // Links only to documentation, opened by a click; the icon is inline.
    for (const [, href] of html.matchAll(/href="([^"]*)"/g))
      expect(href).toMatch(/^(https:\/\/github\.com\/vottur\/|data:)/);
  });

  it('has the score and grade, per document, the chart, the operations and every finding', () => {
    expect(html).toContain('data-score="25" data-grade="F"');
    expect(html).toContain('Score 25/100 (F), 1 of 3 operations pass');
    expect(html).toMatch(/<div class="document" data-document="test\/report\/fixtures\/user-profile.yaml">/);
    expect(html).toContain('<svg id="category-chart"');
    expect(html.match(/<tr class="finding"/g)).toHaveLength(9);
    expect(html.match(/<tr class="operation"/g)).toHaveLength(3);
    expect(html).toContain('not exercised');
  });

  it('shows the source lines around each finding, masked and escaped', () => {
    expect(html.match(/<details class="source">/g)!.length).toBe(9);
    expect(html).toContain(
      '<span class="line hit"><span class="ln">17</span>             example: 010130-****</span><span class="line caret">',
    );
    expect(html).toContain(
      '<span class="ln">48</span>           description: &lt;b&gt;When&lt;/b&gt; the user was last nudged | &quot;not a date&quot;</span>',
    );
  });

  it('wraps file paths after a separator, never mid-word', () => {
    // Before: `word-break: break-all` on the cards cut `user-pro|file.yaml` wherever the line ended.
    expect(pathHtml('catalogue/legal-gazette.json:12:3')).toBe(
      'catalogue/<wbr>legal-<wbr>gazette.<wbr>json:<wbr>12:<wbr>3',
    );
    expect(pathHtml('a&b/c')).toBe('a&amp;b/<wbr>c');
    expect(html).toContain('<code>test/<wbr>report/<wbr>fixtures/<wbr>user-<wbr>profile.<wbr>yaml</code>');
    expect(html).not.toContain('break-all');
  });

  it('masks national identifiers unless --show-pii', () => {
    expect(html).not.toContain(NATIONAL_ID);
    expect(html).not.toContain(NATIONAL_ID_HYPHEN);
    expect(html).toContain(MASKED);
    const shown = formatHtml(sampleReport(), { ...CONTEXT, showPii: true });
    expect(shown).toContain(NATIONAL_ID);
    expect(shown).toContain(`example: ${NATIONAL_ID_HYPHEN}`);
  });

  it('escapes everything from the report', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
    expect(messageHtml('write `<b>` as `**b**`')).toBe('write <code>&lt;b&gt;</code> as <code>**b**</code>');
    const report: Report = sampleReport();
    report.documents[0].title = '</title><script>alert(1)</script>';
    report.findings[0] = {
      ...report.findings[0],
      ruleId: 'x" onmouseover="alert(1)',
      message: '<img src=x onerror=alert(1)>',
      docsUrl: 'javascript:alert(1)',
    };
    const hostile = formatHtml(report, CONTEXT);
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('<script>alert');
    expect(hostile).not.toContain('href="javascript');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile).toContain('data-rule="x&quot; onmouseover=&quot;alert(1)"');
  });

  it('says under the score what it does not count (suppressed, baselined), and says nothing when all count', () => {
    const held = formatHtml({ ...sampleReport(), heldBack: { suppressed: 1, baselined: 1497 } }, CONTEXT);
    expect(held).toContain(
      '<p class="not-counted" id="not-counted"><strong>Not counted</strong> in these figures: 1 suppressed with a reason (x-vottur-ignore); 1497 in the baseline.</p>',
    );
    expect(formatHtml(sampleReport(), CONTEXT)).not.toContain('id="not-counted"');
  });

  it('renders a report with no findings', () => {
    const clean = formatHtml(emptyReport(), CONTEXT);
    expect(clean).toContain('No findings: every rule passed.');
    expect(clean).toContain('data-score="100" data-grade="A"');
    expect(clean).not.toContain('id="operations"');
  });
});

describe('html format on a description written on one line (minified JSON)', () => {
  it('shows a window of the line around each finding, masked, not the whole line in every excerpt', () => {
    const folder = mkdtempSync(join(tmpdir(), 'vottur-html-'));
    try {
      // One line of ~60,000 characters with an identifier near the finding.
      const padding = '"x":"' + 'a'.repeat(30_000) + '",';
      const text = `{${padding}"id":"${NATIONAL_ID}",${padding}"end":1}`;
      writeFileSync(join(folder, 'min.json'), text);
      const column = text.indexOf(NATIONAL_ID) + 1;
      const base = lintReport();
      const findings = Array.from({ length: 50 }, (_, i) => ({
        ...base.findings[0],
        document: 'min.json',
        line: 1,
        column,
        message: `finding ${i}`,
      }));
      const html = formatHtml({ ...base, documents: [{ path: 'min.json' }], findings }, { ...CONTEXT, cwd: folder });
      expect(text.length).toBeGreaterThan(LONG_LINE);
      // 50 excerpts of a window each, not 50 copies of the line.
      expect(html.length).toBeLessThan(50 * LONG_LINE_WINDOW * 3 + 100_000);
      expect(html).not.toContain(NATIONAL_ID);
      const hit =
        /<span class="line hit"><span class="ln">1<\/span> (…[^<]*…)<\/span><span class="line caret"><span class="ln"> <\/span> ( *)\^<\/span>/.exec(
          html,
        );
      expect(hit).not.toBeNull();
      const shown = hit![1].replace(/&quot;/g, '"');
      // The caret stands under the finding's column within the window.
      expect(shown.slice(hit![2].length, hit![2].length + 10)).toBe(MASKED);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('html format on thousands of findings (Stripe has 22,000)', () => {
  // Before: every finding carried seven lines of source, and the page was built as one string:
  // Stripe's report was 48 MB and took 813 MB to write (now 27 MB and 170 MB, as the JSON report).
  const base = lintReport();
  const template = base.findings.find((f) => f.line !== undefined)!;
  const many = (ruleId: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...template, ruleId, message: `finding ${i}`, pointer: `/x/${i}` }));
  const report: Report = {
    ...base,
    findings: [...many('platform-field-camel-case', 5000), ...many('platform-info-contact', 30)],
  };

  it('shows the source of the first findings of each rule only, and says so', () => {
    const html = formatHtml(report, CONTEXT);
    expect(html.match(/<tr class="finding"/g)).toHaveLength(5030);
    expect(html.match(/<details class="source">/g)).toHaveLength(2 * EXCERPTS_PER_RULE);
    expect(html.match(/<p class="excerpts-note">/g)).toHaveLength(2);
    expect(html).toContain(
      `The source is shown for the first ${EXCERPTS_PER_RULE} findings of this rule; the others give their line.`,
    );
    // Proportionate: about a kilobyte a finding, not several.
    expect(html.length / 5030).toBeLessThan(1500);
  });

  it('is written in pieces, none of them the whole page, that make the same page', () => {
    const chunks = [...formatHtmlChunks(report, CONTEXT)];
    const page = chunks.join('');
    expect(page).toBe(formatHtml(report, CONTEXT));
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(page.length / 5);
    expect(page).not.toContain('\u0000');
  });
});

describe('evidence of the same cause', () => {
  it('is listed under the finding it belongs to', async () => {
    const { formatHtml } = await import('../../src/report/formatters/html.js');
    const { contractReport, CONTEXT } = await import('./sample.js');
    const page = formatHtml(contractReport(), CONTEXT);
    expect(page).toContain(
      '<details class="related"><summary>1 more finding of the same cause</summary><ul><li><code>contract-dredd</code> Dredd transaction',
    );
  });
});
