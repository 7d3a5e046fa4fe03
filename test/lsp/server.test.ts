/**
 * `vottur lsp` driven as an editor drives it: opening and changing documents, diagnostics
 * appearing and clearing, hover, go to definition, references, completion, the code actions,
 * multi-file descriptions, the configuration and the baseline. The first test drives the built
 * `vottur lsp --stdio` in a child process, as an editor starts it; the rest talk to the same
 * server in this process (test/lsp/client.ts), where no process has to be started for each.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run.js';
import { LspClient, uriOf, type Diagnostic } from './client.js';

const DESCRIPTION = `openapi: 3.0.3
info:
  title: User Profile API
  description: Read access to the user profiles of island.is, for government organisations.
  version: 2.0.0
  contact:
    name: Stafrænt Ísland
    email: island@island.is
    url: https://island.is/
  x-category: [personal, official]
  x-pricing: [free]
  x-links:
    responsibleParty: https://island.is/s/stafraent-island
    documentation: https://docs.devland.is/
paths:
  /v1/users:
    get:
      summary: List users
      responses:
        '200':
          description: The users.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/User'
components:
  schemas:
    User:
      type: object
      properties:
        name:
          type: string
    Other:
      $ref: '#/components/schemas/User'
`;

const folders: string[] = [];
const clients: LspClient[] = [];

function project(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'vottur-lsp-'));
  folders.push(folder);
  // A repository root: configuration is looked for up to here, not beyond.
  writeFileSync(join(folder, '.git'), 'gitdir: elsewhere\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

async function client(
  options: Parameters<typeof LspClient.startInProcess>[0] = {},
  where: 'in-process' | 'child' = 'in-process',
): Promise<LspClient> {
  const started = await (where === 'child' ? LspClient.start(options) : LspClient.startInProcess(options));
  clients.push(started);
  return started;
}

afterEach(async () => {
  for (const started of clients.splice(0)) await started.stop();
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The position of `needle` (its `at`-th character) in `text`. */
function position(text: string, needle: string, at = 0, occurrence = 0): { line: number; character: number } {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, index + at);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}

const rangeOf = (text: string, needle: string, occurrence = 0) => {
  const start = position(text, needle, 0, occurrence);
  return { start, end: { line: start.line, character: start.character + needle.length } };
};

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);
const has = (code: string) => (diagnostics: Diagnostic[]) => codes(diagnostics).includes(code);
const lacks = (code: string) => (diagnostics: Diagnostic[]) => !codes(diagnostics).includes(code);

interface TextEdit {
  range: Diagnostic['range'];
  newText: string;
}

function offsetAt(text: string, at: { line: number; character: number }): number {
  const lines = text.split('\n');
  return lines.slice(0, at.line).reduce((sum, line) => sum + line.length + 1, 0) + at.character;
}

function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  let out = text;
  for (const edit of sorted)
    out = out.slice(0, offsetAt(out, edit.range.start)) + edit.newText + out.slice(offsetAt(out, edit.range.end));
  return out;
}

/** Sends a whole-text replacement as one incremental change (from the start to the end of the old text). */
async function replaceAll(lsp: LspClient, file: string, before: string, after: string): Promise<void> {
  const lines = before.split('\n');
  await lsp.change(
    file,
    { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1].length } },
    after,
  );
}

describe('diagnostics', () => {
  it('are published on open, with the rule id as code and its docs page as codeDescription', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    // The built `vottur lsp --stdio`, as an editor starts it.
    const lsp = await client({ rootPath: folder }, 'child');
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const diagnostics = await lsp.waitFor(file, () => true);
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const diagnostic of diagnostics) {
      expect(diagnostic.source).toBe('vottur');
      expect(diagnostic.codeDescription?.href).toBe(
        `https://github.com/vottur/vottur/blob/main/docs/rules/${diagnostic.code}.md`,
      );
    }
  });

  it('follow the editor text: a change that introduces a violation shows it, one that removes it clears it', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    await lsp.waitFor(file, lacks('platform-info-x-category'));
    await lsp.change(file, rangeOf(DESCRIPTION, 'personal'), 'Personal');
    const shown = await lsp.waitFor(file, has('platform-info-x-category'));
    const diagnostic = shown.find((d) => d.code === 'platform-info-x-category')!;
    expect(diagnostic.message).toMatch(/personal/);
    expect(diagnostic.range.start.line).toBe(position(DESCRIPTION, 'Personal'.toLowerCase()).line);
    // The file on disk never changed: the lint read the editor's text.
    expect(readFileSync(file, 'utf8')).toBe(DESCRIPTION);
    await lsp.change(file, rangeOf(DESCRIPTION, 'personal'), 'personal');
    await lsp.waitFor(file, lacks('platform-info-x-category'));
  });

  it('drops a lint that a newer change overtakes, and publishes the newest text', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    await lsp.waitFor(file, () => true);
    const before = lsp.publications.length;
    // Twenty edits as fast as a client sends them, ending on a violation.
    for (let i = 0; i < 20; i++)
      await lsp.change(file, rangeOf(DESCRIPTION, 'personal'), i % 2 === 0 ? 'Personal' : 'personal');
    await lsp.change(file, rangeOf(DESCRIPTION, 'personal'), 'heallth');
    const final = await lsp.waitFor(file, (d) =>
      d.some((x) => x.code === 'platform-info-x-category' && /heallth/.test(x.message)),
    );
    expect(final.filter((d) => d.code === 'platform-info-x-category')).toHaveLength(1);
    const published = lsp.publications.slice(before).filter(([uri]) => uri === uriOf(file)).length;
    expect(published).toBeLessThan(21);
  });

  it('say where a document is not valid YAML, and clear when it is again', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    await lsp.waitFor(file, lacks('vottur-unreadable'));
    await lsp.change(file, rangeOf(DESCRIPTION, 'title: User'), 'title: [User');
    const broken = await lsp.waitFor(file, has('vottur-unreadable'));
    expect(broken).toHaveLength(1);
    expect(broken[0].range.start.line).toBeGreaterThanOrEqual(2);
    await lsp.change(
      file,
      {
        start: position(DESCRIPTION, 'title: User'),
        end: {
          ...position(DESCRIPTION, 'title: User'),
          character: position(DESCRIPTION, 'title: User').character + 12,
        },
      },
      'title: User',
    );
    await lsp.waitFor(file, lacks('vottur-unreadable'));
  });

  it('recognise a description by its top-level openapi or swagger key, in YAML and in JSON', async () => {
    const { isDescriptionText } = await import('../../src/lsp/store.js');
    expect(isDescriptionText('openapi: 3.0.3\ninfo: {}\n')).toBe(true);
    expect(isDescriptionText('# a comment\nswagger: "2.0"\n')).toBe(true);
    expect(isDescriptionText('name: x\nnested:\n  openapi: 3.0.3\n')).toBe(false);
    expect(
      isDescriptionText(
        JSON.stringify(
          { components: { schemas: { A: { description: 'x'.repeat(100_000) } } }, openapi: '3.0.0' },
          null,
          2,
        ),
      ),
    ).toBe(true);
    expect(isDescriptionText(JSON.stringify({ a: { openapi: '3.0.0' } }))).toBe(false);
    // Mid-edit JSON that no longer parses stays a description.
    expect(isDescriptionText('{\n  "openapi": "3.0.3",\n  "info": {')).toBe(true);
  });

  it('are not produced for YAML that is not an API description', async () => {
    const folder = project({ 'other.yaml': 'name: not an api\n', 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    await lsp.open(join(folder, 'other.yaml'));
    await lsp.open(join(folder, 'api.yaml'));
    await lsp.waitFor(join(folder, 'api.yaml'), () => true);
    expect(lsp.diagnostics.has(uriOf(join(folder, 'other.yaml')))).toBe(false);
  });
});

describe('a multi-file description', () => {
  it('publishes findings on the file they are in, and lints the root again when that file changes', async () => {
    const folder = project({});
    cpSync(join(ROOT, 'fixtures/loading/multi'), folder, { recursive: true });
    const lsp = await client({ rootPath: folder });
    const root = join(folder, 'openapi.yaml');
    const user = join(folder, 'schemas/user.yaml');
    await lsp.open(root);
    const inUser = await lsp.waitFor(user, has('platform-schema-property-description'));
    expect(
      inUser.find((d) => d.code === 'platform-schema-property-description' && /`email`/.test(d.message))!.range.start
        .line,
    ).toBe(6);
    // The referenced file, opened and changed in the editor (unsaved): the root is linted with its new text.
    const text = readFileSync(user, 'utf8');
    await lsp.open(user, text);
    await lsp.change(user, rangeOf(text, '  email:\n'), '  email:\n    description: The address mail is sent to.\n');
    await lsp.waitFor(user, (d) => !d.some((x) => /`email`/.test(x.message)));
    // And changed on disk while closed: the editor's file watcher reports it.
    await lsp.close(user);
    writeFileSync(user, text.replace('  name:\n', '  full_name:\n'));
    await lsp.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uriOf(user), type: 2 }],
    });
    await lsp.waitFor(user, (d) => d.some((x) => /full_name/.test(x.message)));
  });

  it('goes to the definition of a $ref in another file, and of a local one', async () => {
    const folder = project({});
    cpSync(join(ROOT, 'fixtures/loading/multi'), folder, { recursive: true });
    const lsp = await client({ rootPath: folder });
    const root = join(folder, 'openapi.yaml');
    const text = readFileSync(root, 'utf8');
    await lsp.open(root);
    const other = await lsp.request<{ uri: string; range: Diagnostic['range'] }>('textDocument/definition', {
      textDocument: { uri: uriOf(root) },
      position: position(text, 'schemas/user.yaml', 3),
    });
    expect(other.uri).toBe(uriOf(join(folder, 'schemas/user.yaml')));
    expect(other.range.start).toEqual({ line: 0, character: 0 });
    const userText = readFileSync(join(folder, 'schemas/user.yaml'), 'utf8');
    await lsp.open(join(folder, 'schemas/user.yaml'));
    const local = await lsp.request<{ uri: string; range: Diagnostic['range'] }>('textDocument/definition', {
      textDocument: { uri: uriOf(join(folder, 'schemas/user.yaml')) },
      position: position(userText, '#/definitions/Address', 5),
    });
    expect(local.uri).toBe(uriOf(join(folder, 'schemas/user.yaml')));
    expect(local.range.start.line).toBe(position(userText, '  Address:').line);
  });
});

describe('hover', () => {
  it('on a diagnostic: the rule id, what the rule asks and how to fix it', async () => {
    const text = DESCRIPTION.replace('[personal, official]', '[Personal]');
    const folder = project({ 'api.yaml': text });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const diagnostic = (await lsp.waitFor(file, has('platform-info-x-category'))).find(
      (d) => d.code === 'platform-info-x-category',
    )!;
    const hover = await lsp.request<{ contents: { kind: string; value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(file) },
      position: diagnostic.range.start,
    });
    expect(hover.contents.kind).toBe('markdown');
    expect(hover.contents.value).toContain('**platform-info-x-category**');
    expect(hover.contents.value).toContain('non-empty array of `open`, `official`');
    expect(hover.contents.value).toContain('*How to fix:* List every kind of data the API serves');
  });

  it('on a $ref: the first lines of its target', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const hover = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(file) },
      position: position(DESCRIPTION, "'#/components/schemas/User'", 5),
    });
    expect(hover.contents.value).toContain('```yaml\n    User:\n      type: object\n      properties:');
  });

  it('on a $ref inside an operation: the target first, exactly its lines, not the findings on the whole path item', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const diagnostics = await lsp.waitFor(file, has('platform-operation-description'));
    const at = position(DESCRIPTION, "'#/components/schemas/User'", 5);
    // Findings whose range spans the operation or path item, and so the `$ref` inside it.
    const around = diagnostics.filter(
      (d) => d.range.start.line < at.line && d.range.end.line >= at.line && typeof d.code === 'string',
    );
    expect(around.length).toBeGreaterThan(0);
    const hover = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(file) },
      position: at,
    });
    // The target, and every line of it: User ends where Other starts (before, `    Other:` was shown too).
    expect(hover.contents.value).toBe(
      '`#/components/schemas/User`\n\n```yaml\n    User:\n      type: object\n      properties:\n        name:\n          type: string\n```',
    );
    // On the finding's own first line its explanation is still shown.
    const operation = around[0];
    const onFinding = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(file) },
      position: operation.range.start,
    });
    expect(onFinding.contents.value).toContain(`**${String(operation.code)}**`);
  });

  it('on x-category and x-pricing: the allowed values', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const category = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(file) },
      position: position(DESCRIPTION, 'x-category', 2),
    });
    expect(category.contents.value).toContain('`open`, `official`, `personal`, `health`, `financial`');
    const pricing = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(file) },
      position: position(DESCRIPTION, 'free', 1),
    });
    expect(pricing.contents.value).toContain('`free`, `paid`');
  });
});

describe('navigation', () => {
  it('finds every $ref to a component, from the component or from a $ref', async () => {
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const fromKey = await lsp.request<Array<{ uri: string; range: Diagnostic['range'] }>>('textDocument/references', {
      textDocument: { uri: uriOf(file) },
      position: position(DESCRIPTION, '    User:', 5),
      context: { includeDeclaration: false },
    });
    expect(fromKey.map((location) => location.range.start.line).sort()).toEqual(
      [
        position(DESCRIPTION, "'#/components/schemas/User'").line,
        position(DESCRIPTION, "'#/components/schemas/User'", 0, 1).line,
      ].sort(),
    );
    const fromRef = await lsp.request<Array<{ uri: string }>>('textDocument/references', {
      textDocument: { uri: uriOf(file) },
      position: position(DESCRIPTION, "'#/components/schemas/User'", 3),
      context: { includeDeclaration: true },
    });
    expect(fromRef).toHaveLength(3);
  });
});

describe('completion', () => {
  const labels = (items: Array<{ label: string }>) => items.map((item) => item.label);

  it('offers the x-category and x-pricing values', async () => {
    const text = DESCRIPTION.replace('x-category: [personal, official]', 'x-category: [');
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file, text);
    const items = await lsp.request<Array<{ label: string }>>('textDocument/completion', {
      textDocument: { uri: uriOf(file) },
      position: position(text, 'x-category: [', 13),
    });
    expect(labels(items)).toEqual(['open', 'official', 'personal', 'health', 'financial']);
    const pricing = text.replace('x-pricing: [free]', 'x-pricing:\n    - ');
    await lsp.change(
      file,
      { start: { line: 0, character: 0 }, end: { line: text.split('\n').length - 1, character: 0 } },
      pricing,
    );
    const priced = await lsp.request<Array<{ label: string }>>('textDocument/completion', {
      textDocument: { uri: uriOf(file) },
      position: position(pricing, 'x-pricing:\n    - ', 17),
    });
    expect(labels(priced)).toEqual(['free', 'paid']);
  });

  it('offers rule ids inside x-vottur-ignore', async () => {
    const text = DESCRIPTION.replace('paths:\n', 'x-vottur-ignore:\n  - rule: \npaths:\n');
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file, text);
    const items = await lsp.request<Array<{ label: string }>>('textDocument/completion', {
      textDocument: { uri: uriOf(file) },
      position: position(text, '  - rule: ', 10),
    });
    expect(labels(items)).toContain('platform-info-x-category');
    expect(labels(items)).toContain('platform-pagination');
    expect(labels(items).length).toBeGreaterThan(40);
  });

  it('offers $ref targets', async () => {
    const text = DESCRIPTION.replace("$ref: '#/components/schemas/User'\ncomponents", "$ref: '#/\ncomponents");
    const folder = project({ 'api.yaml': DESCRIPTION });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file, DESCRIPTION);
    const at = position(DESCRIPTION, "'#/components/schemas/User'", 3);
    await lsp.change(
      file,
      { start: at, end: { line: at.line, character: at.character + "components/schemas/User'".length } },
      '',
    );
    void text;
    const items = await lsp.request<Array<{ label: string }>>('textDocument/completion', {
      textDocument: { uri: uriOf(file) },
      position: at,
    });
    expect(labels(items)).toEqual(['#/components/schemas/User', '#/components/schemas/Other']);
  });
});

describe('code actions', () => {
  async function actionsFor(lsp: LspClient, file: string, diagnostic: Diagnostic) {
    return lsp.request<
      Array<{
        title: string;
        kind: string;
        edit?: {
          changes?: Record<string, TextEdit[]>;
          documentChanges?: Array<{
            textDocument: { uri: string };
            edits: Array<TextEdit & { snippet?: { value: string } }>;
          }>;
        };
        command?: { command: string; arguments: unknown[] };
      }>
    >('textDocument/codeAction', {
      textDocument: { uri: uriOf(file) },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    });
  }

  it('suppress with a reason: inserts x-vottur-ignore; without a reason it suppresses nothing, with one the finding goes', async () => {
    const text = DESCRIPTION.replace('[personal, official]', '[Personal]');
    const folder = project({ 'api.yaml': text });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const diagnostic = (await lsp.waitFor(file, has('platform-info-x-category'))).find(
      (d) => d.code === 'platform-info-x-category',
    )!;
    const actions = await actionsFor(lsp, file, diagnostic);
    const suppress = actions.find(
      (action) => action.title === 'Suppress platform-info-x-category here, with a reason',
    )!;
    expect(suppress.kind).toBe('quickfix');
    const edits = suppress.edit!.documentChanges![0].edits as TextEdit[];
    const suppressed = applyEdits(text, edits);
    expect(suppressed).toContain('  x-vottur-ignore:\n    - rule: platform-info-x-category\n      reason: ""\n');
    await replaceAll(lsp, file, text, suppressed);
    // An empty reason holds nothing back, and says so.
    await lsp.waitFor(file, (d) => has('vottur-suppression-reason')(d) && has('platform-info-x-category')(d));
    const reasoned = suppressed.replace(
      'reason: ""',
      'reason: "The catalogue still reads the capitalised value (ticket API-7)."',
    );
    await replaceAll(lsp, file, suppressed, reasoned);
    await lsp.waitFor(
      file,
      (d) =>
        lacks('platform-info-x-category')(d) &&
        lacks('vottur-suppression-reason')(d) &&
        lacks('vottur-suppression-unused')(d),
    );
  });

  it('suppress with a reason: the reason is a snippet placeholder where the editor takes snippets in edits', async () => {
    const text = DESCRIPTION.replace('[personal, official]', '[Personal]');
    const folder = project({ 'api.yaml': text });
    const lsp = await client({
      rootPath: folder,
      capabilities: { workspaceEdit: { documentChanges: true, snippetEditSupport: true } },
    });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const diagnostic = (await lsp.waitFor(file, has('platform-info-x-category'))).find(
      (d) => d.code === 'platform-info-x-category',
    )!;
    const suppress = (await actionsFor(lsp, file, diagnostic)).find((action) => action.title.startsWith('Suppress'))!;
    const edit = suppress.edit!.documentChanges![0].edits[0];
    expect(edit.snippet!.value).toContain('reason: "${1:why this finding is accepted}"');
  });

  it('suppress with a reason works in JSON', async () => {
    const json = JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'User Profile API', version: '2.0.0', 'x-category': ['Personal'] },
        paths: {},
      },
      null,
      2,
    );
    const folder = project({ 'api.json': json });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.json');
    await lsp.open(file);
    const diagnostic = (await lsp.waitFor(file, has('platform-info-x-category'))).find(
      (d) => d.code === 'platform-info-x-category',
    )!;
    const suppress = (await actionsFor(lsp, file, diagnostic)).find((action) => action.title.startsWith('Suppress'))!;
    const suppressed = applyEdits(json, suppress.edit!.documentChanges![0].edits);
    const data = JSON.parse(suppressed) as { info: Record<string, unknown> };
    expect(data.info['x-vottur-ignore']).toEqual([{ rule: 'platform-info-x-category', reason: '' }]);
    await replaceAll(
      lsp,
      file,
      json,
      suppressed.replace('"reason": ""', '"reason": "Kept for the catalogue (ticket API-7)."'),
    );
    await lsp.waitFor(file, lacks('platform-info-x-category'));
  });

  it('add to the baseline: writes the entry, and the finding is then a hint, or hidden when the setting says so', async () => {
    const text = DESCRIPTION.replace('[personal, official]', '[Personal]');
    const folder = project({ 'api.yaml': text });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const diagnostic = (await lsp.waitFor(file, has('platform-info-x-category'))).find(
      (d) => d.code === 'platform-info-x-category',
    )!;
    expect(diagnostic.severity).toBe(1);
    const add = (await actionsFor(lsp, file, diagnostic)).find(
      (action) => action.title === 'Add this platform-info-x-category finding to the baseline',
    )!;
    await lsp.request('workspace/executeCommand', { command: add.command!.command, arguments: add.command!.arguments });
    const baseline = JSON.parse(readFileSync(join(folder, 'vottur-baseline.json'), 'utf8')) as {
      entries: Array<{ rule: string; document: string }>;
    };
    expect(baseline.entries).toEqual([expect.objectContaining({ rule: 'platform-info-x-category', document: 'api' })]);
    const hinted = (
      await lsp.waitFor(file, (d) => d.some((x) => x.code === 'platform-info-x-category' && x.severity === 4))
    ).find((d) => d.code === 'platform-info-x-category')!;
    expect(hinted.message).toMatch(/\(in the baseline\)$/);
    // The command line agrees: the finding is baselined, not new.
    const hidden = await client({ rootPath: folder, initializationOptions: { baselined: 'hide' } });
    await hidden.open(file);
    await hidden.waitFor(file, (d) => d.length > 0 && lacks('platform-info-x-category')(d));
  });
});

describe('the configuration', () => {
  it('applies vottur.config.yaml (found upward) and reloads it when it changes', async () => {
    const text = DESCRIPTION.replace('[personal, official]', '[Personal]');
    const folder = project({ 'vottur.config.yaml': 'rules:\n  platform-info-x-category: off\n' });
    const apis = join(folder, 'apis');
    mkdirSync(apis);
    writeFileSync(join(apis, 'api.yaml'), text);
    const lsp = await client({ rootPath: folder });
    const file = join(apis, 'api.yaml');
    await lsp.open(file);
    await lsp.waitFor(file, (d) => d.length > 0 && lacks('platform-info-x-category')(d));
    writeFileSync(join(folder, 'vottur.config.yaml'), 'rules:\n  platform-info-x-category: warn\n');
    await lsp.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uriOf(join(folder, 'vottur.config.yaml')), type: 2 }],
    });
    const warned = await lsp.waitFor(file, has('platform-info-x-category'));
    expect(warned.find((d) => d.code === 'platform-info-x-category')!.severity).toBe(2);
    expect(existsSync(join(folder, 'vottur-baseline.json'))).toBe(false);
  });

  it('a configuration that cannot be read is one diagnostic saying why', async () => {
    const folder = project({
      'vottur.config.yaml': 'rules:\n  platform-info-x-category: sometimes\n',
      'api.yaml': DESCRIPTION,
    });
    const lsp = await client({ rootPath: folder });
    const file = join(folder, 'api.yaml');
    await lsp.open(file);
    const shown = await lsp.waitFor(file, has('vottur-unreadable'));
    expect(shown[0].message).toBe(
      'vottur.config.yaml: `rules.platform-info-x-category` is "sometimes"; write one of off, hint, info, warn, error',
    );
  });
});
