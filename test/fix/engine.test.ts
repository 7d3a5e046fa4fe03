/**
 * The fix engine's parts: edits applied exactly (and refused when they collide), nodes edited in
 * the file's own style, fixes across the files of a multi-file description, Swagger 2.0, in-memory
 * texts (an editor's unsaved buffers), and suppressed findings left alone.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  applyFileEdits,
  computeFixes,
  conflicts,
  EditableSource,
  fixDescription,
  isPlainSafe,
} from '../../src/fix/index.js';
import { lintDocument } from '../../src/lint/index.js';
import { loadDescription } from '../../src/lint/load.js';

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-fix-engine-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('applyEdits', () => {
  it('applies edits in any order given, against the original offsets', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 5, newText: 'E' },
        { start: 0, end: 1, newText: 'AA' },
        { start: 2, end: 2, newText: '-' },
      ]),
    ).toBe('AAb-cdEf');
  });
  it('refuses overlapping edits, two insertions at one place, and edits past the end', () => {
    expect(() =>
      applyEdits('abcdef', [
        { start: 0, end: 3, newText: 'x' },
        { start: 2, end: 4, newText: 'y' },
      ]),
    ).toThrow(/overlapping/);
    expect(() =>
      applyEdits('abcdef', [
        { start: 2, end: 2, newText: 'x' },
        { start: 2, end: 2, newText: 'y' },
      ]),
    ).toThrow(/overlapping/);
    expect(() => applyEdits('abc', [{ start: 2, end: 9, newText: 'x' }])).toThrow(/out of range/);
  });
  it('keeps apart, as fixes, an insertion at the edge of a replaced range (seed 1200370138), not edits merely side by side', () => {
    const moved = { start: 10, end: 20 };
    expect(conflicts({ start: 20, end: 20 }, moved)).toBe(true);
    expect(conflicts(moved, { start: 10, end: 10 })).toBe(true);
    expect(conflicts({ start: 15, end: 15 }, moved)).toBe(true);
    expect(conflicts({ start: 21, end: 21 }, moved)).toBe(false);
    expect(conflicts({ start: 20, end: 25 }, moved)).toBe(false);
    expect(conflicts({ start: 5, end: 5 }, { start: 6, end: 6 })).toBe(false);
  });
  it('applies edits per file', () => {
    const texts = new Map([
      ['/a', 'one'],
      ['/b', 'two'],
    ]);
    expect([...applyFileEdits(texts, [{ file: '/b', start: 0, end: 3, newText: 'TWO' }])]).toEqual([['/b', 'TWO']]);
  });
});

describe('EditableSource', () => {
  it('adds a member after the last line of a block mapping, after its comment', () => {
    const text = 'a:\n  b: 1 # one\n\n  c: x # last\nd: 2\n';
    const source = new EditableSource('/f.yaml', text, 'yaml');
    expect(applyEdits(text, [source.insertMember(['a'], 'format', 'date-time')!])).toBe(
      'a:\n  b: 1 # one\n\n  c: x # last\n  format: date-time\nd: 2\n',
    );
  });
  it('adds a member to JSON in its indentation (tabs stay tabs), and to an empty object', () => {
    const text = '{\n\t"a": {\n\t\t"b": 1\n\t},\n\t"e": {}\n}\n';
    const source = new EditableSource('/f.json', text, 'json');
    expect(applyEdits(text, [source.insertMember(['a'], 'c', 'x')!])).toBe(
      '{\n\t"a": {\n\t\t"b": 1,\n\t\t"c": "x"\n\t},\n\t"e": {}\n}\n',
    );
    expect(applyEdits(text, [source.insertMember(['e'], '204', { description: 'None.' })!])).toBe(
      '{\n\t"a": {\n\t\t"b": 1\n\t},\n\t"e": {\n\t\t"204": {\n\t\t\t"description": "None."\n\t\t}\n\t}\n}\n',
    );
  });
  it('adds an object member to a block mapping as a block, the key quoted where YAML would read a number', () => {
    const text = "responses:\n  '200':\n    description: OK\n";
    const source = new EditableSource('/f.yaml', text, 'yaml');
    expect(applyEdits(text, [source.insertMember(['responses'], '204', { description: 'None.' })!])).toBe(
      "responses:\n  '200':\n    description: OK\n  '204':\n    description: None.\n",
    );
  });
  it('replaces a string in the quotes it had, and renames a key in its quotes', () => {
    const text = "a: 'x' # c\nb: \"y\"\n'c': z\n";
    const source = new EditableSource('/f.yaml', text, 'yaml');
    expect(
      applyEdits(text, [
        source.replaceValue(['a'], 'new')!,
        source.replaceValue(['b'], 'n"ew')!,
        source.renameKey(['c'], 'd')!,
      ]),
    ).toBe("a: 'new' # c\nb: \"n\\\"ew\"\n'd': z\n");
  });
  it('removes a list item with its line (block) or its comma (flow)', () => {
    const block = 'l:\n  - a\n  - b # second\n  - c\n';
    expect(applyEdits(block, [new EditableSource('/f.yaml', block, 'yaml').removeItem(['l'], 1)!])).toBe(
      'l:\n  - a\n  - c\n',
    );
    const flow = '{"l": ["a", "b", "c"]}';
    expect(applyEdits(flow, [new EditableSource('/f.json', flow, 'json').removeItem(['l'], 0)!])).toBe(
      '{"l": ["b", "c"]}',
    );
    expect(applyEdits(flow, [new EditableSource('/f.json', flow, 'json').removeItem(['l'], 2)!])).toBe(
      '{"l": ["a", "b"]}',
    );
  });
  it('writes plain YAML only where every reader reads back the same string', () => {
    for (const text of [
      '1.0.0',
      'https://www.skra.is/a?b=c',
      'free',
      'text/plain; charset=utf-8',
      'No such user, or not yours.',
    ])
      expect(isPlainSafe(text), text).toBe(true);
    for (const text of [
      'yes',
      'No',
      'null',
      '1.0',
      '12',
      '0x1F',
      '1:30',
      '2021-01-01',
      'a: b',
      '#x',
      '- x',
      '',
      ' x',
      'x ',
      '*a',
      '@x',
      '^[0-9]{10}$',
    ])
      expect(isPlainSafe(text), text).toBe(false);
    expect(isPlainSafe('a, b')).toBe(true);
    expect(isPlainSafe('a, b', true)).toBe(false);
  });
});

describe('computeFixes', () => {
  it('edits the file that holds the node, and every $ref into it from other files', async () => {
    const dir = folderWith({
      'api.yaml': `openapi: 3.0.3
info: {title: A, description: A., version: 1.0.0}
paths:
  /v1/users:
    get:
      description: Lists users.
      responses:
        '200':
          description: The users.
          content:
            application/json:
              schema:
                $ref: 'schemas/user.yaml'
  /v1/names:
    get:
      description: Lists names.
      responses:
        '200':
          description: The names.
          content:
            application/json:
              schema:
                $ref: 'schemas/user.yaml#/properties/user_name'
`,
      'schemas/user.yaml':
        'type: object\nrequired: [user_name]\nproperties:\n  user_name: # as the old system names it\n    type: string\n',
    });
    const file = join(dir, 'api.yaml');
    const loaded = await loadDescription(file);
    const { findings } = await lintDocument(file, { loaded, cwd: dir });
    const fixes = await computeFixes({ file, loaded, findings, cwd: dir });
    const rename = fixes.find((fix) => fix.ruleId === 'platform-field-camel-case');
    expect(rename?.finding.document).toBe(join('schemas', 'user.yaml'));
    const after = applyFileEdits(new Map([...loaded.files].map(([uri, source]) => [uri, source.text])), rename!.edits);
    expect(after.get(join(dir, 'schemas/user.yaml'))).toBe(
      'type: object\nrequired: [userName]\nproperties:\n  userName: # as the old system names it\n    type: string\n',
    );
    expect(after.get(file)).toContain("$ref: 'schemas/user.yaml#/properties/userName'\n");
    expect(rename!.effect).toBe('breaking');
  });

  it('fixes a Swagger 2.0 description in its own terms and classifies the fix', async () => {
    const dir = folderWith({
      'swagger.yaml':
        "swagger: '2.0'\ninfo:\n  title: S\n  description: S.\n  version: v1\n  x-category: Official\npaths: {}\n",
    });
    const file = join(dir, 'swagger.yaml');
    const loaded = await loadDescription(file);
    const { findings } = await lintDocument(file, { loaded, cwd: dir });
    const fixes = await computeFixes({ file, loaded, findings, cwd: dir });
    const text = loaded.files.get(file)!.text;
    expect(
      fixes.map((fix) => [fix.ruleId, applyEdits(text, fix.edits).split('\n').slice(4, 6).join('\n'), fix.effect]),
    ).toEqual(
      expect.arrayContaining([
        ['platform-info-version-semver', '  version: 1.0.0\n  x-category: Official', 'documentation'],
        ['platform-info-x-category', '  version: v1\n  x-category: [official]', 'documentation'],
      ]),
    );
  });

  it('reads an unsaved buffer given as text, not the file on disk', async () => {
    const dir = folderWith({
      'api.yaml': 'openapi: 3.0.3\ninfo: {title: A, description: A., version: 1.0.0}\npaths: {}\n',
    });
    const file = join(dir, 'api.yaml');
    const buffer = 'openapi: 3.0.3\ninfo: {title: A, description: A., version: v7}\npaths: {}\n';
    const loaded = await loadDescription(file, { texts: new Map([[file, buffer]]) });
    const { findings } = await lintDocument(file, { loaded, cwd: dir });
    const fix = (await computeFixes({ file, loaded, findings, cwd: dir })).find(
      (f) => f.ruleId === 'platform-info-version-semver',
    );
    expect(applyEdits(buffer, fix!.edits)).toBe(
      'openapi: 3.0.3\ninfo: {title: A, description: A., version: 7.0.0}\npaths: {}\n',
    );
  });

  it('offers no fix for a finding held back by x-vottur-ignore', async () => {
    const dir = folderWith({
      'api.yaml':
        'openapi: 3.0.3\ninfo:\n  title: A\n  description: A.\n  version: v1\n  x-vottur-ignore:\n    - rule: platform-info-version-semver\n      reason: the gateway reads this\npaths: {}\n',
    });
    const file = join(dir, 'api.yaml');
    const loaded = await loadDescription(file);
    const { findings } = await lintDocument(file, { loaded, cwd: dir });
    expect(
      findings.some((finding) => finding.ruleId === 'platform-info-version-semver' && finding.suppressions?.length),
    ).toBe(true);
    expect(
      (await computeFixes({ file, loaded, findings, cwd: dir })).filter(
        (fix) => fix.ruleId === 'platform-info-version-semver',
      ),
    ).toEqual([]);
  });
});

describe('fixDescription', () => {
  const DOC = `openapi: 3.0.3
info: {title: A, description: A., version: 1.0.0}
paths:
  /v1/orders:
    get:
      description: Lists orders.
      parameters:
        - name: completedAfter
          in: query
          description: Orders completed after this moment.
          schema: {type: string, example: '2021-11-24T10:00:00.000Z'}
      responses:
        '200':
          description: The orders.
          content:
            application/json:
              schema:
                type: object
                properties:
                  completedAt: {type: string, example: '2021-11-24T10:00:00.000Z'}
                  closedAt: {type: string, example: '2021-11-25T10:00:00.000Z'}
`;
  const findingsOf = async (file: string, loaded: Awaited<ReturnType<typeof loadDescription>>) =>
    (await lintDocument(file, { loaded })).findings;

  it('tests the likely-safe fixes together and splits the group down to the unsafe one', async () => {
    const dir = folderWith({ 'api.yaml': DOC });
    const outcome = await fixDescription(join(dir, 'api.yaml'), { findingsOf, cwd: dir });
    const text = [...outcome.changed.values()][0];
    expect(text).toContain("completedAt: {type: string, example: '2021-11-24T10:00:00.000Z', format: date-time}");
    expect(text).toContain("closedAt: {type: string, example: '2021-11-25T10:00:00.000Z', format: date-time}");
    expect(text).toContain("schema: {type: string, example: '2021-11-24T10:00:00.000Z'}\n");
    expect(outcome.withheld.map((fix) => [fix.ruleId, fix.effect])).toEqual([
      ['platform-date-time-format', 'breaking'],
    ]);
    expect(outcome.unclassified).toBe(0);
  });

  it('stops diffing at its limit, applies nothing untested, and says how many were not tried', async () => {
    const dir = folderWith({ 'api.yaml': DOC });
    const outcome = await fixDescription(join(dir, 'api.yaml'), { findingsOf, cwd: dir, classifyLimit: 1 });
    // One diff: the group of three, which holds the breaking one, so nothing is applied.
    expect(outcome.applied).toEqual([]);
    expect(outcome.changed.size).toBe(0);
    expect(outcome.unclassified).toBe(3);
  });
});
