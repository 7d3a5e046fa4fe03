/** How reports name what they are about: document versions, paths as given, locations. */
import { describe, expect, it } from 'vitest';
import { formatHtml } from '../../src/report/formatters/html.js';
import { formatMarkdown } from '../../src/report/formatters/markdown.js';
import { CONTEXT, sampleReport } from './sample.js';

describe('info.version in titles', () => {
  it('is v-prefixed once: "v1" stays "v1", "2.1.0" becomes "v2.1.0"', () => {
    const report = sampleReport();
    report.documents = [{ ...report.documents[0], title: 'Fasteignir-Xroad', version: 'v1' }];
    const html = formatHtml(report, CONTEXT);
    expect(/<title>([^<]*)<\/title>/.exec(html)![1]).toBe('vottur report: Fasteignir-Xroad v1');
    expect(/<h1>([^<]*)<\/h1>/.exec(html)![1]).toBe('vottur report: Fasteignir-Xroad v1');
    expect(html).not.toContain('vv1');
    const markdown = formatMarkdown(report, CONTEXT);
    expect(markdown.split('\n')[0]).toMatch(/Fasteignir-Xroad v1$/);
    expect(markdown).not.toContain('vv1');
    expect(formatHtml(sampleReport(), CONTEXT)).toContain('User Profile Service v2.1.0');
  });
});
