import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/finding.js';
import { escapeHtml, formatHtml, messageHtml } from '../../src/report/formatters/html.js';
import { CONTEXT, emptyReport, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from './sample.js';

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
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
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
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https:\/\/github\.com\/vottur\/|data:)/);
  });

  it('has the score and grade, per document, the chart, the operations and every finding', () => {
    expect(html).toContain('data-score="59" data-grade="F"');
    expect(html).toContain('Score 59/100 (F)');
    expect(html).toMatch(/<div class="document" data-document="test\/report\/fixtures\/user-profile.yaml">/);
    expect(html).toContain('<svg id="category-chart"');
    expect(html.match(/<tr class="finding"/g)).toHaveLength(9);
    expect(html.match(/<tr class="operation"/g)).toHaveLength(3);
    expect(html).toContain('not exercised');
  });

  it('shows the source lines around each finding, masked and escaped', () => {
    expect(html.match(/<details class="source">/g)!.length).toBe(9);
    expect(html).toContain('<span class="line hit"><span class="ln">17</span>             example: 010130-****</span><span class="line caret">');
    expect(html).toContain('<span class="ln">48</span>           description: &lt;b&gt;When&lt;/b&gt; the user was last nudged | &quot;not a date&quot;</span>');
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
    report.documents[0]!.title = '</title><script>alert(1)</script>';
    report.findings[0] = { ...report.findings[0]!, ruleId: 'x" onmouseover="alert(1)', message: '<img src=x onerror=alert(1)>', docsUrl: 'javascript:alert(1)' };
    const hostile = formatHtml(report, CONTEXT);
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('<script>alert');
    expect(hostile).not.toContain('href="javascript');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile).toContain('data-rule="x&quot; onmouseover=&quot;alert(1)"');
  });

  it('renders a report with no findings', () => {
    const clean = formatHtml(emptyReport(), CONTEXT);
    expect(clean).toContain('No findings: every rule passed.');
    expect(clean).toContain('data-score="100" data-grade="A"');
    expect(clean).not.toContain('id="operations"');
  });
});
