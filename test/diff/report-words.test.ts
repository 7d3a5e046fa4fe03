/**
 * What a diff report says matches what it lists (issue 40, Diff): a count over more entries says
 * why, a stylish line names the operations a change reaches, and a change accepted by the
 * `--accept` file is said to be, not "suppressed with a reason (x-vottur-ignore)".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { diffDescriptions } from '../../src/diff/index.js';
import { heldBackView } from '../../src/report/finding.js';
import { formatHtml } from '../../src/report/formatters/html.js';
import { formatMarkdown } from '../../src/report/formatters/markdown.js';
import { formatStylish } from '../../src/report/formatters/stylish.js';

const PAIR = join(import.meta.dirname, '../../fixtures/diff/diff-response-body-property-removed');
const work = mkdtempSync(join(tmpdir(), 'vottur-diff-words-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const context = { cwd: work, color: false, showPii: false };

/** The fixture pair with a PUT that shares the GET's response: one change, reaching two operations. */
function sharedPair(): [string, string] {
  return (['base.yaml', 'revision.yaml'] as const).map((file) => {
    const doc = parse(readFileSync(join(PAIR, file), 'utf8'));
    doc.paths['/v2/users/{nationalId}'].put = {
      operationId: 'replaceUserProfile',
      responses: { '200': { $ref: '#/components/responses/UserProfileFound' } },
    };
    const out = join(work, `shared-${file}`);
    writeFileSync(out, stringify(doc));
    return out;
  }) as [string, string];
}

describe('a change listed under several operations', () => {
  it('Markdown and HTML say the count is of changes listed more than once', async () => {
    const report = await diffDescriptions(...sharedPair());
    expect(report.diff?.counts.breaking).toBe(1);
    const markdown = formatMarkdown(report, context);
    expect(markdown.split('\n').filter((l) => l.startsWith('- ') && l.includes('property-removed'))).toHaveLength(2);
    expect(markdown).toContain(
      '1 change listed 2 times: a change to a part several operations share is counted once and listed under each operation it reaches.',
    );
    const html = formatHtml(report, context);
    expect(html).toMatch(/data-class="breaking" data-count="1" data-listed="2"/);
    expect(html).toContain('<p class="listing-note">1 change listed 2 times');
  });

  it('says nothing more where each change is listed once', async () => {
    const report = await diffDescriptions(join(PAIR, 'base.yaml'), join(PAIR, 'revision.yaml'));
    expect(formatMarkdown(report, context)).not.toContain('listed');
    expect(formatHtml(report, context)).not.toContain('listing-note');
  });

  it('a stylish line names the operations the change reaches', async () => {
    const stylish = formatStylish(await diffDescriptions(...sharedPair()), context);
    const line = stylish.split('\n').find((l) => l.includes('diff-response-body-property-removed'));
    expect(line).toContain('GET /v2/users/{nationalId}, PUT /v2/users/{nationalId}: ');
  });
});

describe('a change accepted by the --accept file', () => {
  it('is reported as accepted by the accept file, not as an x-vottur-ignore suppression', async () => {
    const report = await diffDescriptions(join(PAIR, 'base.yaml'), join(PAIR, 'revision.yaml'), {
      accept: [
        {
          rule: 'diff-response-body-property-removed',
          pointer: '/components/schemas/UserProfile',
          reason: 'never filled (API-7)',
        },
      ],
    });
    const view = heldBackView(report);
    for (const text of [formatStylish(view, context), formatHtml(view, context)])
      expect(text).toContain('1 accepted by the accept file (--accept)');
    for (const text of [formatStylish(view, context), formatMarkdown(view, context), formatHtml(view, context)])
      expect(text).not.toContain('suppressed with a reason (x-vottur-ignore)');
  });
});
