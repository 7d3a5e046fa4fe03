/**
 * Every rule against its own fixtures: `fixtures/rules/<id>/pass*.(yaml|json)` must not trigger
 * the rule; each `fail*` fixture must trigger it exactly at the JSON pointers its header names:
 *
 *   # expect: /paths/~1v1~1users/get/description
 *   # message: documents no 204
 *   # severity: warn
 *
 * (one `expect` line per finding; the pointer is where the finding points, in that file; each
 * `message` line is text that some finding's message must contain; a `severity` line is the
 * severity every finding has), and with exactly the messages `fixtures/rules/<id>/expected.json`
 * lists for it (`{ file, pointer, message }` per finding, as the diff fixtures' expected.json;
 * rewritten from the current output with VOTTUR_UPDATE_FIXTURES=1, then reviewed).
 * Each rule runs alone, through the same loading and engine as `vottur lint`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDocument, nativeLinter } from '../../src/lint/lint.js';
import type { RuleDefinition } from '../../rulesets/lib/rule.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/rules');

function expectedPointers(file: string): string[] {
  const pointers: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*(?:#|\/\/)\s*expect:\s*(\S*)\s*$/.exec(line);
    if (match) pointers.push(match[1] === '""' || match[1] === "''" ? '' : match[1]);
  }
  return pointers.sort();
}

function expectedMessages(file: string): string[] {
  const messages: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*(?:#|\/\/)\s*message:\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) messages.push(match[1]);
  }
  return messages;
}

/** One finding a fail fixture must produce: where, and what it says. */
interface ExpectedFinding {
  file: string;
  pointer: string;
  message: string;
}

// By code unit, not locale: the same order on every machine.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byPlace = (a: ExpectedFinding, b: ExpectedFinding) =>
  compare(a.file, b.file) || compare(a.pointer, b.pointer) || compare(a.message, b.message);

function expectedFindings(folder: string): ExpectedFinding[] {
  try {
    return JSON.parse(readFileSync(join(folder, 'expected.json'), 'utf8')) as ExpectedFinding[];
  } catch {
    return [];
  }
}

const ruleIds = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe.each(ruleIds)('%s', (ruleId) => {
  const folder = join(FIXTURES, ruleId);
  const files = readdirSync(folder)
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .sort();
  const passes = files.filter((name) => name.startsWith('pass'));
  const fails = files.filter((name) => name.startsWith('fail'));

  const expectedFile = expectedFindings(folder);
  const produced: ExpectedFinding[] = [];
  if (process.env.VOTTUR_UPDATE_FIXTURES)
    afterAll(() => {
      writeFileSync(join(folder, 'expected.json'), `${JSON.stringify(produced.sort(byPlace), null, 2)}\n`);
    });

  const linter = import(`../../rulesets/rules/${ruleId}.ts`).then((module: { default: RuleDefinition }) => {
    expect(module.default.id).toBe(ruleId);
    return nativeLinter([module.default]);
  });

  it('has pass and fail fixtures', () => {
    expect(passes.length, `no pass*.yaml in fixtures/rules/${ruleId}`).toBeGreaterThan(0);
    expect(fails.length, `no fail*.yaml in fixtures/rules/${ruleId}`).toBeGreaterThan(0);
  });

  it.each(passes)('stays silent on %s', async (name) => {
    const result = await lintDocument(join(folder, name), { linter: await linter });
    expect(result.findings.filter((f) => f.ruleId === ruleId).map((f) => `${f.pointer}: ${f.message}`)).toEqual([]);
  });

  it.each(fails)('fires on %s at the expected places', async (name) => {
    const file = join(folder, name);
    const expected = expectedPointers(file);
    expect(expected.length, `${name} has no "# expect: <pointer>" line`).toBeGreaterThan(0);
    const result = await lintDocument(file, { linter: await linter });
    const findings = result.findings.filter((f) => f.ruleId === ruleId);
    expect(findings.map((f) => f.pointer).sort()).toEqual(expected);
    for (const finding of findings) {
      expect(finding.line, `finding at ${finding.pointer} has a line`).toBeGreaterThan(0);
      expect(finding.message.length).toBeGreaterThan(20);
    }
    const severity = /^\s*#\s*severity:\s*(\S+)\s*$/m.exec(readFileSync(file, 'utf8'))?.[1];
    if (severity !== undefined) expect(findings.map((f) => f.severity)).toEqual(findings.map(() => severity));
    for (const text of expectedMessages(file))
      expect(
        findings.map((f) => f.message),
        `no finding's message contains: ${text}`,
      ).toContainEqual(expect.stringContaining(text));
    // Each finding's whole message, at its place.
    const actual = findings.map((f) => ({ file: name, pointer: f.pointer, message: f.message })).sort(byPlace);
    produced.push(...actual);
    expect(actual, `fixtures/rules/${ruleId}/expected.json`).toEqual(
      expectedFile.filter((e) => e.file === name).sort(byPlace),
    );
  });

  it('lists in expected.json only its fail fixtures', () => {
    expect([...new Set(expectedFile.map((e) => e.file))].sort()).toEqual(fails);
  });
});
