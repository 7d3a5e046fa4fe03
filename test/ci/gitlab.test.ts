import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { Report } from '../../src/report/finding.js';
import { formatGitlab, type GitlabIssue } from '../../src/report/formatters/gitlab.js';
import { CONTEXT, MASKED, NATIONAL_ID, NATIONAL_ID_HYPHEN, sampleReport } from '../report/sample.js';
import { ROOT, votturInProcess } from '../cli/run.js';

/**
 * GitLab's Code Quality report, as its documentation defines it
 * (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format, "Implement a custom
 * tool"): an array of issues; required `description`, `check_name`, `fingerprint`, `severity` (one of
 * info, minor, major, critical, blocker), `location.path`, and either `location.lines.begin` or
 * `location.positions.begin.line`. Line numbers start at 1. The other Code Climate fields
 * (`type`, `categories`) are allowed.
 */
const GITLAB_CODE_QUALITY_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      type: { const: 'issue' },
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      categories: { type: 'array', items: { type: 'string' } },
      location: {
        type: 'object',
        required: ['path'],
        properties: {
          path: { type: 'string', minLength: 1 },
          lines: {
            type: 'object',
            required: ['begin'],
            properties: { begin: { type: 'integer', minimum: 1 }, end: { type: 'integer', minimum: 1 } },
          },
          positions: {
            type: 'object',
            required: ['begin'],
            properties: {
              begin: { type: 'object', required: ['line'], properties: { line: { type: 'integer', minimum: 1 } } },
            },
          },
        },
        oneOf: [{ required: ['lines'] }, { required: ['positions'] }],
      },
    },
  },
} as const;

const validate = new Ajv({ allErrors: true }).compile(GITLAB_CODE_QUALITY_SCHEMA);

function parse(text: string): GitlabIssue[] {
  const issues = JSON.parse(text) as unknown;
  if (!validate(issues)) throw new Error(`not a GitLab Code Quality report: ${JSON.stringify(validate.errors)}`);
  return issues as GitlabIssue[];
}

describe('gitlab format', () => {
  it('is a Code Quality report GitLab accepts: one issue per finding, severities mapped, lines from the source', () => {
    const issues = parse(formatGitlab(sampleReport(), CONTEXT));
    expect(issues).toHaveLength(sampleReport().findings.length);
    const id = issues.find((issue) => issue.check_name === 'platform-national-id-format')!;
    expect(id.severity).toBe('critical');
    expect(id.location).toEqual({ path: 'test/report/fixtures/user-profile.yaml', lines: { begin: 17 } });
    expect(issues.find((issue) => issue.check_name === 'platform-security-schemes')!.severity).toBe('info');
    expect(issues.find((issue) => issue.check_name === 'platform-property-camel-case')!.severity).toBe('major');
    // Contract findings sit on their operation in the description, and name it.
    const status = issues.find((issue) => issue.check_name === 'contract-status-code')!;
    expect(status.location.lines.begin).toBe(28);
    expect(status.description.startsWith('GET /v2/actor-profiles: ')).toBe(true);
  });

  it('masks national identifiers, in the text and in what the fingerprint hashes', () => {
    const text = formatGitlab(sampleReport(), CONTEXT);
    expect(text).not.toContain(NATIONAL_ID);
    expect(text).not.toContain(NATIONAL_ID_HYPHEN);
    expect(text).toContain(MASKED);
    const shown = parse(formatGitlab(sampleReport(), { ...CONTEXT, showPii: true }));
    const masked = parse(text);
    // With --show-pii the text differs, so a fingerprint of the unmasked identifier would too.
    expect(shown.map((i) => i.fingerprint)).not.toEqual(masked.map((i) => i.fingerprint));
  });

  it('gives every finding its own fingerprint, even the same finding twice in a merged report', () => {
    const report = sampleReport();
    const twice: Report = { ...report, findings: [...report.findings, report.findings[0]] };
    const issues = parse(formatGitlab(twice, CONTEXT));
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  it('keeps fingerprints when lines move (a line added above) and across runs of the CLI', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-gitlab-'));
    try {
      const original = readFileSync(join(ROOT, 'test/report/fixtures/user-profile.yaml'), 'utf8');
      writeFileSync(join(dir, 'api.yaml'), original);
      const first = await votturInProcess(['lint', 'api.yaml', '--format', 'gitlab'], { cwd: dir });
      const again = await votturInProcess(['lint', 'api.yaml', '--format', 'gitlab'], { cwd: dir });
      writeFileSync(join(dir, 'api.yaml'), `# moved down by a comment\n\n${original}`);
      const moved = await votturInProcess(['lint', 'api.yaml', '--format', 'gitlab'], { cwd: dir });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(1);
      const a = parse(first.stdout);
      const b = parse(again.stdout);
      const c = parse(moved.stdout);
      expect(a.length).toBeGreaterThan(0);
      expect(new Set(a.map((i) => i.fingerprint)).size).toBe(a.length);
      expect(b).toEqual(a);
      expect(c.map((i) => i.fingerprint).sort()).toEqual(a.map((i) => i.fingerprint).sort());
      const lined = a.find((i) => i.location.lines.begin > 1)!;
      expect(c.find((i) => i.fingerprint === lined.fingerprint)!.location.lines.begin).toBe(
        lined.location.lines.begin + 2,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
