/**
 * What a diff reports beyond the changes: accepted changes listed (with their reason) in every
 * format and never counted, and configuration levels that every figure agrees with.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked } from 'marked';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { reportValidator } from '../../src/report/schema.js';
import { votturInProcess as vottur } from '../cli/run.js';
import { MULTITOOL, problems, validate } from '../report/sarif-validator.js';

const ROOT = join(import.meta.dirname, '../..');
const BREAKING = join(ROOT, 'fixtures/diff/diff-response-body-property-removed');
const work = mkdtempSync(join(tmpdir(), 'vottur-diff-outcome-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const REASON = 'b was never sent (ticket API-7)';

function acceptedPair(): [string, string] {
  const revision = parse(readFileSync(join(BREAKING, 'revision.yaml'), 'utf8'));
  revision.components.schemas.UserProfile['x-vottur-ignore'] = [
    { rule: 'diff-response-body-property-removed', reason: REASON },
  ];
  const file = join(work, 'accepted-revision.yaml');
  writeFileSync(file, stringify(revision));
  return [join(BREAKING, 'base.yaml'), file];
}

describe('a change accepted with a reason stays visible', () => {
  it('JSON lists it with its suppression, counts it apart, and validates', async () => {
    const result = await vottur(['diff', '--format', 'json', ...acceptedPair()]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(reportValidator()(report)).toBe(true);
    const accepted = report.findings.find(
      (f: { ruleId: string }) => f.ruleId === 'diff-response-body-property-removed',
    );
    expect(accepted).toMatchObject({
      changeClass: 'breaking',
      suppressions: [{ kind: 'inSource', justification: REASON }],
    });
    expect(report.diff).toMatchObject({
      counts: { breaking: 0, review: 0, 'non-breaking': 0, documentation: 0 },
      accepted: 1,
      allowed: true,
    });
    expect(
      report.findings.some((f: { ruleId: string }) => f.ruleId === 'platform-version-breaking-without-major'),
    ).toBe(false);
  });

  it('SARIF carries it as a suppressed result with the justification', { timeout: 180_000 }, async () => {
    const result = await vottur(['diff', '--format', 'sarif', ...acceptedPair()]);
    const log = JSON.parse(result.stdout);
    const found = log.runs[0].results.find(
      (r: { ruleId: string }) => r.ruleId === 'diff-response-body-property-removed',
    );
    expect(found.suppressions).toEqual([{ kind: 'inSource', status: 'accepted', justification: REASON }]);
    if (MULTITOOL) expect(problems(validate(result.stdout))).toEqual([]);
  });

  it('Markdown lists it under "Accepted changes" with the reason', async () => {
    const result = await vottur(['diff', '--format', 'markdown', ...acceptedPair()]);
    const headings = marked
      .lexer(result.stdout)
      .filter((t) => t.type === 'heading')
      .map((t) => (t as { text: string }).text);
    expect(headings).toContain('Accepted changes');
    const section = result.stdout.slice(result.stdout.indexOf('## Accepted changes'));
    expect(section).toContain('diff-response-body-property-removed');
    expect(section).toContain(REASON);
    expect(result.stdout).not.toContain('No changes.');
    expect(result.stdout).toContain('; 1 accepted');
  });

  it('HTML lists it in an "Accepted changes" section with the reason', async () => {
    const result = await vottur(['diff', '--format', 'html', ...acceptedPair()]);
    const section = result.stdout.slice(result.stdout.indexOf('<section id="accepted-changes">'));
    expect(section.startsWith('<section id="accepted-changes"><h2>Accepted changes</h2>')).toBe(true);
    expect(section.slice(0, section.indexOf('</section>'))).toMatch(
      /<tr class="accepted" data-rule="diff-response-body-property-removed">.*b was never sent \(ticket API-7\)/s,
    );
    // One card for the pair, base and revision; no grades by lint category.
    expect(result.stdout).toMatch(
      /<article class="diff-pair" data-base="[^"]*base\.yaml" data-revision="[^"]*accepted-revision\.yaml">/,
    );
    expect(result.stdout).not.toContain('id="categories"');
  });
});

describe('configuration levels and the figures', () => {
  const configured = (rules: Record<string, string>) => {
    const folder = mkdtempSync(join(work, 'config-'));
    writeFileSync(join(folder, 'vottur.config.yaml'), stringify({ rules }));
    writeFileSync(join(folder, 'base.yaml'), readFileSync(join(BREAKING, 'base.yaml')));
    writeFileSync(join(folder, 'revision.yaml'), readFileSync(join(BREAKING, 'revision.yaml')));
    return [join(folder, 'base.yaml'), join(folder, 'revision.yaml')];
  };

  it('a diff check at warn is a change to review: counts, version finding, verdict and exit code agree', async () => {
    const files = configured({ 'diff-response-body-property-removed': 'warn' });
    const json = JSON.parse((await vottur(['diff', '--format', 'json', ...files])).stdout);
    expect(json.diff).toMatchObject({ counts: { breaking: 0, review: 1 }, allowed: true });
    expect(
      json.findings
        .map((f: { ruleId: string; severity: string; changeClass?: string }) => [
          f.ruleId,
          f.severity,
          f.changeClass ?? null,
        ])
        .sort(),
    ).toEqual([
      ['diff-response-body-property-removed', 'warn', 'review'],
      ['platform-version-minor-required', 'warn', null],
    ]);
    const stylish = await vottur(['diff', ...files]);
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toContain('1 change: 0 breaking, 1 needing review');
    expect(stylish.stdout).toContain('allows these changes, with warnings (platform-version-minor-required)');
  });

  it('a versioning rule at warn leaves the breaking change an error: the verdict says so and the exit is 1', async () => {
    const files = configured({ 'platform-version-breaking-without-major': 'warn' });
    const result = await vottur(['diff', ...files]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('does not allow these changes (1 change reported as error)');
  });

  it('turning a diff check off cannot run: a change is accepted with a reason, never by turning a check off', async () => {
    const result = await vottur(['diff', ...configured({ 'diff-response-body-property-removed': 'off' })]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /turns diff-response-body-property-removed off; a change is accepted with x-vottur-ignore or --accept/,
    );
  });
});

describe('a change to a shared component', () => {
  it('is one finding naming every operation it reaches, listed under each in the Markdown changelog', async () => {
    const share = (file: string) => {
      const doc = parse(readFileSync(join(BREAKING, file), 'utf8'));
      doc.paths['/v2/users/{nationalId}'].put = {
        operationId: 'replaceUserProfile',
        responses: { '200': { $ref: '#/components/responses/UserProfileFound' } },
      };
      const out = join(work, `shared-${file}`);
      writeFileSync(out, stringify(doc));
      return out;
    };
    const files = [share('base.yaml'), share('revision.yaml')];
    const json = JSON.parse((await vottur(['diff', '--format', 'json', ...files])).stdout);
    const change = json.findings.filter((f: { ruleId: string }) => f.ruleId === 'diff-response-body-property-removed');
    expect(change).toHaveLength(1);
    expect(change[0].operations).toEqual(['GET /v2/users/{nationalId}', 'PUT /v2/users/{nationalId}']);
    expect(reportValidator()(json)).toBe(true);
    const markdown = (await vottur(['diff', '--format', 'markdown', ...files])).stdout;
    const headings = marked
      .lexer(markdown)
      .filter((t) => t.type === 'heading')
      .map((t) => (t as { text: string }).text);
    expect(headings).toEqual(expect.arrayContaining(['`GET /v2/users/{nationalId}`', '`PUT /v2/users/{nationalId}`']));
    for (const operation of ['GET', 'PUT']) {
      const section = markdown.slice(markdown.indexOf(`## \`${operation} `));
      expect(section.slice(0, section.indexOf('\n## ') > 0 ? section.indexOf('\n## ') : undefined)).toContain(
        'diff-response-body-property-removed',
      );
    }
  });
});
