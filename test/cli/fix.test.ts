/**
 * `vottur lint --fix` and `--fix-dry-run` as a user runs them: what is written (and what is not),
 * that a second run changes nothing, that the dry run's unified diff is what --fix writes, that
 * breaking fixes are never applied, and that edits land in the file that holds the node.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPatch, parsePatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';
import { CHECKS } from '../../src/diff/index.js';
import { applyEdits, computeFixes, EFFECT_LABEL, type FixEffect } from '../../src/fix/index.js';
import { lintDocument } from '../../src/lint/index.js';
import { loadDescription } from '../../src/lint/load.js';

/** A description with safe fixes (version, category, links, a response date-time) and a breaking one (a renamed identifier). */
const MIXED = `# The people register (fixture)
openapi: 3.0.3
info:
  title: People API
  description: Reads people.
  version: v1   # first release
  contact: {name: Registry, email: registry@skra.is, url: 'https://www.skra.is'}
  x_category: Official
  x-pricing: [free]
  x-links:
    responsibleParty: www.skra.is
paths:
  /v1/people:
    get:
      description: Lists people.
      responses:
        '200':
          description: The people.
          content:
            application/json:
              schema:
                type: object
                properties:
                  kennitala:
                    type: string
                    pattern: '^[0-9]{10}$'
                    example: '0101003059'
                  registeredAt:
                    type: string
                    example: '2020-01-01T08:00:00Z'
`;

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-fix-cli-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('vottur lint --fix', () => {
  it('applies the fixes that change nothing for callers, keeps the comments, lists the breaking one, and changes nothing the second time', async () => {
    const dir = folderWith({ 'people.yaml': MIXED });
    const first = await vottur(['lint', '--fix', 'people.yaml', '--format', 'json'], { cwd: dir });
    const fixed = readFileSync(join(dir, 'people.yaml'), 'utf8');
    expect(first.stderr).toMatch(/fixed people\.yaml: \d+ fixes \(.*platform-info-version-semver.*\)/);
    expect(fixed).toContain('# The people register (fixture)\n');
    expect(fixed).toContain('  version: 1.0.0   # first release\n');
    expect(fixed).toContain('  x-category: [official]\n');
    expect(fixed).toContain('    responsibleParty: https://www.skra.is\n');
    expect(fixed).toContain(
      "                    example: '2020-01-01T08:00:00.000Z'\n                    format: date-time\n",
    );
    // The rename breaks callers: listed, not applied.
    expect(fixed).toContain('                  kennitala:\n');
    expect(first.stderr).toMatch(
      /not applied: people\.yaml:\d+:\d+ platform-national-id-name: Rename `kennitala` to `nationalId` \(breaking: callers must change; needs a new major version\)/,
    );
    // The report that follows is of the fixed file: only the rename's finding of those rules is left.
    const report = JSON.parse(first.stdout) as { findings: Array<{ ruleId: string }> };
    const left = new Set(report.findings.map((finding) => finding.ruleId));
    for (const rule of [
      'platform-info-version-semver',
      'platform-info-x-category',
      'platform-info-x-links',
      'platform-date-time-format',
    ])
      expect(left.has(rule), rule).toBe(false);
    expect(left.has('platform-national-id-name')).toBe(true);

    const second = await vottur(['lint', '--fix', 'people.yaml', '--format', 'json'], { cwd: dir });
    expect(readFileSync(join(dir, 'people.yaml'), 'utf8')).toBe(fixed);
    expect(second.stderr).toMatch(/no fix to apply in people\.yaml/);
    expect(second.code).toBe(first.code);
  });

  it('--fix-dry-run prints a unified diff that, applied, gives what --fix writes, and writes nothing', async () => {
    const dir = folderWith({ 'people.yaml': MIXED });
    const dry = await vottur(['lint', '--fix-dry-run', 'people.yaml'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(readFileSync(join(dir, 'people.yaml'), 'utf8')).toBe(MIXED);
    const patches = parsePatch(dry.stdout);
    expect(patches).toHaveLength(1);
    expect(patches[0].oldFileName).toBe('a/people.yaml');
    expect(patches[0].newFileName).toBe('b/people.yaml');
    const patched = applyPatch(MIXED, patches[0]);
    await vottur(['lint', '--fix', 'people.yaml'], { cwd: dir });
    expect(patched).toBe(readFileSync(join(dir, 'people.yaml'), 'utf8'));
  });

  it("--fix-dry-run prints the user's own text unmasked, as a patch git apply and patch -p1 accept", async () => {
    // A national identifier in a context line and in a changed line: masked, the patch would not apply.
    const doc = MIXED.replace("example: '0101003059'", "example: '010130-2989'");
    const dir = folderWith({ 'people.yaml': doc });
    const dry = await vottur(['lint', '--fix-dry-run', 'people.yaml'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("+                    example: '0101302989'");
    expect(dry.stdout).not.toContain('****');
    writeFileSync(join(dir, 'fix.patch'), dry.stdout);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['apply', '--check', 'fix.patch'], { cwd: dir });
    execFileSync('git', ['apply', 'fix.patch'], { cwd: dir });
    const applied = readFileSync(join(dir, 'people.yaml'), 'utf8');
    writeFileSync(join(dir, 'people.yaml'), doc);
    await vottur(['lint', '--fix', 'people.yaml'], { cwd: dir });
    expect(applied).toBe(readFileSync(join(dir, 'people.yaml'), 'utf8'));
  });

  it('does not fix a rule the configuration turns off', async () => {
    const dir = folderWith({
      'people.yaml': MIXED,
      'vottur.config.yaml': 'rules:\n  platform-info-version-semver: off\n',
    });
    await vottur(['lint', '--fix', 'people.yaml'], { cwd: dir });
    const fixed = readFileSync(join(dir, 'people.yaml'), 'utf8');
    expect(fixed).toContain('  version: v1   # first release\n');
    expect(fixed).toContain('  x-category: [official]\n');
  });

  it('edits the file of a multi-file description that holds the node, and JSON keeps its indentation', async () => {
    const person =
      '{\n    "type": "object",\n    "properties": {\n        "registeredAt": {\n            "type": "string",\n            "example": "2020-01-01T08:00:00.000Z"\n        }\n    }\n}\n';
    const root = MIXED.replace(/ {16}type: object\n[\s\S]*$/, "                $ref: 'schemas/person.json'\n");
    const dir = folderWith({ 'people.yaml': root, 'schemas/person.json': person });
    const result = await vottur(['lint', '--fix', 'people.yaml'], { cwd: dir });
    expect(result.stderr).toMatch(/fixed people\.yaml/);
    expect(readFileSync(join(dir, 'schemas/person.json'), 'utf8')).toBe(
      person.replace(
        '"example": "2020-01-01T08:00:00.000Z"',
        '"example": "2020-01-01T08:00:00.000Z",\n            "format": "date-time"',
      ),
    );
    expect(readFileSync(join(dir, 'people.yaml'), 'utf8')).toContain('  x-category: [official]\n');
  });

  it('refuses --fix with --watch (exit 2, one line)', async () => {
    const dir = folderWith({ 'people.yaml': MIXED });
    const result = await vottur(['lint', '--fix', '--watch', 'people.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(join(dir, 'people.yaml'), 'utf8')).toBe(MIXED);
  });

  it.each([
    ['platform-info-version-semver/v-prefix.yaml', 'platform-info-version-semver', 'documentation'],
    ['platform-date-time-format/response.yaml', 'platform-date-time-format', 'non-breaking'],
    ['platform-get-204/missing.yaml', 'platform-get-204', 'review'],
    ['platform-date-time-format/request.json', 'platform-date-time-format', 'breaking'],
  ] as const)(
    'the class in the title of the fix for %s is what `vottur diff --format json` says of before and after',
    async (fixture, rule, effect) => {
      const file = join(import.meta.dirname, '..', '..', 'fixtures', 'fix', fixture);
      const loaded = await loadDescription(file);
      const fix = (
        await computeFixes({ file, loaded, findings: (await lintDocument(file, { loaded })).findings })
      ).find((f) => f.ruleId === rule)!;
      const ext = fixture.slice(fixture.lastIndexOf('.'));
      const dir = folderWith({
        [`before${ext}`]: loaded.files.get(file)!.text,
        [`after${ext}`]: applyEdits(loaded.files.get(file)!.text, fix.edits),
      });
      const diff = await vottur(['diff', `before${ext}`, `after${ext}`, '--format', 'json'], { cwd: dir });
      const classes = new Map<string, FixEffect>(CHECKS.map((check) => [check.id, check.class]));
      const order: FixEffect[] = ['documentation', 'non-breaking', 'review', 'breaking'];
      const found = (JSON.parse(diff.stdout) as { findings: Array<{ ruleId: string }> }).findings
        .map((finding) => classes.get(finding.ruleId))
        .filter((cls): cls is FixEffect => cls !== undefined);
      const highest = found.reduce<FixEffect>((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a), 'documentation');
      expect(highest).toBe(effect);
      expect(fix.effect).toBe(effect);
      expect(`${fix.title} ${EFFECT_LABEL[fix.effect!]}`).toMatch(
        effect === 'breaking'
          ? /\(breaking: callers must change; needs a new major version\)$/
          : effect === 'documentation'
            ? /\(documentation only\)$/
            : effect === 'non-breaking'
              ? /\(non-breaking\)$/
              : /\(needs review/,
      );
    },
  );
});
