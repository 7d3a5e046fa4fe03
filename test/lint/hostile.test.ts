/**
 * Hostile documents: each is generated here, in a temporary folder, and must end in findings or
 * in one clear `CouldNotRunError` (exit 2), never in "unexpected failure", a hang or a pass.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouldNotRunError } from '../../src/errors.js';
import fc from 'fast-check';
import { isDynamicPattern } from 'tinyglobby';
import { expandPatterns, mayBeGlob } from '../../src/lint/files.js';
import { lintDocument } from '../../src/lint/lint.js';
import { loadDescription } from '../../src/lint/load.js';
import { votturInProcess, votturWhereItRuns } from '../cli/run.js';
import { objectAt, valueAt } from '../values.js';

const FAIL_404 = readFileSync(join(import.meta.dirname, '../../fixtures/rules/platform-no-404/fail.yaml'), 'utf8');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-hostile-'));
});

function write(name: string, text: string): string {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

async function couldNotRun(file: string): Promise<string> {
  const error = await loadDescription(file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CouldNotRunError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

const ruleIds = async (file: string) => (await lintDocument(file)).findings.map((finding) => finding.ruleId);

describe('a gate cannot be bypassed by how a document is written', () => {
  const hostileTop = '__proto__:\n  openapi: 2.0.0\n  a: 1\nconstructor:\n  prototype:\n    b: 1\n';

  it('lints a YAML description with top-level __proto__ and constructor keys, keeping them as data', async () => {
    const plain = await ruleIds(write('plain.yaml', FAIL_404));
    const file = write('proto.yaml', hostileTop + FAIL_404);
    const ids = await ruleIds(file);
    expect(ids.filter((id) => id === 'platform-no-404')).toHaveLength(2);
    expect(ids.length).toBeGreaterThanOrEqual(plain.length);
    const data = (await loadDescription(file)).data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toContain('__proto__');
    expect((Object.getOwnPropertyDescriptor(data, '__proto__')!.value as { a: number }).a).toBe(1);
  });

  it('lints the same description written as JSON, and as JSON with a comment (Spectral parser) it is refused, not passed', async () => {
    const { Yaml } = (await import('@stoplight/spectral-parsers')).default;
    const asData = JSON.parse(JSON.stringify(Yaml.parse(FAIL_404).data));
    const json = `{"__proto__": {"openapi": "2.0.0"}, "constructor": {"prototype": {"b": 1}}, ${JSON.stringify(asData).slice(1)}`;
    expect((await ruleIds(write('proto.json', json))).filter((id) => id === 'platform-no-404')).toHaveLength(2);
    expect(await couldNotRun(write('proto-comment.json', `// a comment\n${json}`))).toMatch(/__proto__/);
  });

  it('keeps a nested __proto__ key as data (a path item cannot inherit operations from it)', async () => {
    const text = FAIL_404.replace(
      'paths:\n',
      'paths:\n  /v1/ghost:\n    __proto__:\n      get:\n        responses:\n          "200": {description: OK}\n',
    );
    const loaded = await loadDescription(write('nested-proto.yaml', text));
    const ghost = objectAt(loaded.data, ['paths', '/v1/ghost']);
    expect(ghost.get).toBeUndefined();
    expect(Object.keys(ghost)).toEqual(['__proto__']);
  });

  it('fails the gate through the CLI, with a pool of workers too', async () => {
    const a = write('cli/a.yaml', hostileTop + FAIL_404);
    const b = write('cli/b.yaml', FAIL_404.replace('openapi: 3.0.3\n', `openapi: 3.0.3\n${hostileTop}`));
    for (const args of [[a], [a, b, '--jobs', '2'], [a, '--format', 'json']]) {
      const result = await votturWhereItRuns(['lint', ...args]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).not.toContain('No problems found');
    }
  }, 60_000);
});

describe('documents that are not descriptions, or cannot be read, get one line', () => {
  it('says an empty file is empty', async () => {
    expect(await couldNotRun(write('empty.yaml', ''))).toMatch(/empty\.yaml is empty/);
    expect(await couldNotRun(write('comments.yaml', '# nothing here\n'))).toMatch(/is empty/);
  });

  it('refuses a Kubernetes manifest as not an API description', async () => {
    expect(
      await couldNotRun(
        write('pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers: []\n'),
      ),
    ).toMatch(/is not an API description/);
    const result = await votturInProcess(['lint', join(dir, 'pod.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 30_000);

  it('refuses a YAML alias bomb in one line', async () => {
    let text =
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
    for (let i = 1; i < 10; i++)
      text += `x-a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    expect(await couldNotRun(write('bomb.yaml', `${text}x-bomb: *a9\n`))).toMatch(/aliases .* expand to more than/);
  }, 10_000);

  it('refuses a long text repeated by aliases past a bound on characters, in one line (issue 34, B5)', async () => {
    // 100 values, far under the value bound, but 20,000,000 characters: 4,000 such aliases took the rules 173 s.
    const text = `openapi: 3.0.3\ninfo: {title: T, version: "1", description: &d "${'word '.repeat(40_000)}"}\npaths: {}\nx-copies: [${Array(100).fill('*d').join(', ')}]\n`;
    expect(await couldNotRun(write('long-alias.yaml', text))).toMatch(
      /aliases \(`\*name`\) expand to more than 10,000,000 characters/,
    );
    // Keys count too: a mapping of long keys aliased.
    const keys = `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-keys: &k {${'k'.repeat(200_000)}: 1}\nx-copies: [${Array(100).fill('*k').join(', ')}]\n`;
    expect(await couldNotRun(write('long-key-alias.yaml', keys))).toMatch(/expand to more than 10,000,000 characters/);
  }, 10_000);

  it('still reads ordinary aliases and merge keys', async () => {
    const text =
      'openapi: 3.0.3\ninfo: &info {title: T, version: "1"}\nx-copy: *info\nx-merged:\n  <<: *info\n  title: U\npaths: {}\n';
    const { data } = await loadDescription(write('alias.yaml', text));
    expect(valueAt(data, ['x-copy'])).toEqual({ title: 'T', version: '1' });
    expect(valueAt(data, ['x-merged'])).toEqual({ title: 'U', version: '1' });
  });

  it('refuses 10,000 levels of nesting, in JSON and in YAML, and lints 900', async () => {
    const head = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "x-deep": ';
    expect(await couldNotRun(write('deep.json', `${head}${'['.repeat(10_000)}${']'.repeat(10_000)}}`))).toMatch(
      /nested deeper than \d+ levels/,
    );
    let yaml = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-deep:\n';
    for (let i = 0; i < 10_000; i++) yaml += `${' '.repeat(i + 1)}a:\n`;
    expect(await couldNotRun(write('deep.yaml', `${yaml}${' '.repeat(10_001)}1\n`))).toMatch(
      /nested (deeper than \d+ levels|too deeply)/,
    );
    expect(
      await couldNotRun(write('deep-flow.yaml', `openapi: 3.0.3\nx: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`)),
    ).toMatch(/nested/);
    const ok = await lintDocument(write('deep-900.json', `${head}${'{"a": '.repeat(900)}1${'}'.repeat(900)}}`));
    expect(ok.findings.length).toBeGreaterThan(0);
  }, 30_000);

  it('counts JSON nesting before any parser runs: 2,000,000 levels, valid or with a comment, refused at once', async () => {
    const deep = `${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}`;
    const started = performance.now();
    expect(await couldNotRun(write('deep-2m.json', deep))).toMatch(/nested deeper than 1000 levels/);
    // A comment sends JSON to Spectral's parser, which recursed until the stack ran out ("too deeply").
    expect(await couldNotRun(write('deep-comment.json', `// c\n${deep}`))).toMatch(/nested deeper than 1000 levels/);
    // JSON.parse alone took 0.5 s and 180 MB on this before the depth was measured.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('says a !!binary value cannot be read', async () => {
    expect(
      await couldNotRun(
        write('binary.yaml', 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-b: !!binary aGVsbG8=\n'),
      ),
    ).toMatch(/!!binary/);
  });

  it('reports a $ref to an array index that does not exist', async () => {
    const text =
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\nx-arr: [{type: string}]\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "#/x-arr/5"}\n';
    const { findings } = await lintDocument(write('array-index.yaml', text));
    expect(
      findings.some(
        (finding) => finding.ruleId === 'platform-openapi-valid' && finding.pointer === '/components/schemas/A/$ref',
      ),
    ).toBe(true);
    const multi = write(
      'array/root.yaml',
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "./list.yaml#/5"}\n',
    );
    write('array/list.yaml', '- {type: string}\n');
    expect((await loadDescription(multi)).problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/has nothing at \/5/),
    ]);
  });

  it('reports a $ref with a malformed %-escape as a broken reference, never a crash (found by the property test)', async () => {
    // fast-check's counterexample, seed 264942997: `$ref: "%"` deep under an operation.
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/v1/a': { get: [[{ '': [{ $ref: '%' }] }]] } },
      components: {},
    });
    const { findings } = await lintDocument(write('bad-escape.json', text));
    expect(
      findings.some(
        (finding) => finding.ruleId === 'platform-openapi-valid' && /is not a valid reference/.test(finding.message),
      ),
    ).toBe(true);
    const other = write(
      'escape/root.yaml',
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "./100%zz.yaml"}\n',
    );
    expect((await loadDescription(other)).problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/is not a valid reference/),
    ]);
  });

  it('does not read a FIFO a $ref names inside the folder', async () => {
    const root = write(
      'fifo/root.yaml',
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "./pipe.yaml"}\n',
    );
    execFileSync('mkfifo', [join(dir, 'fifo/pipe.yaml')]);
    const loaded = await loadDescription(root);
    expect(loaded.problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/not a regular file/)]);
  }, 10_000);
});

describe('globs stay in the folder they start in', () => {
  it('skips, and names, a file that is a link to a file outside the folder', async () => {
    write('outside/secret.yaml', 'openapi: 3.0.3\ninfo: {title: SECRET, version: "1"}\npaths: {}\n');
    write('apis/a.yaml', FAIL_404);
    symlinkSync(join(dir, 'outside/secret.yaml'), join(dir, 'apis/x.yaml'));
    const skipped: string[] = [];
    const files = await expandPatterns(['apis/**/*.yaml'], dir, (file) => skipped.push(file));
    expect(files).toEqual(['apis/a.yaml']);
    expect(skipped).toEqual(['apis/x.yaml']);
    expect(await expandPatterns(['apis/x.yaml'], dir)).toEqual(['apis/x.yaml']);
    const result = await votturInProcess(['lint', 'apis/**/*.yaml', '--format', 'json'], { cwd: dir });
    expect(result.stdout).not.toContain('SECRET');
    expect(result.stderr).toMatch(/skipped apis\/x\.yaml/);
  }, 30_000);
});

describe('a plain path loads no glob library', () => {
  it('is told from a glob as tinyglobby tells it: whatever tinyglobby reads as a glob, mayBeGlob does too (property)', () => {
    const part = fc.constantFrom(
      'a',
      'b.yaml',
      '/',
      '.',
      '..',
      '-',
      '_',
      ' ',
      '*',
      '**',
      '?',
      '[',
      ']',
      '{',
      '}',
      ',',
      '(',
      ')',
      '!',
      '+',
      '@',
      '\\',
      '|',
      '^',
      '$',
      '~',
      '#',
      '%',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), (parts) => {
        const pattern = parts.join('');
        if (isDynamicPattern(pattern)) expect(mayBeGlob(pattern)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(mayBeGlob('apis/user-profile.openapi.yaml')).toBe(false);
    expect(mayBeGlob('apis/**/*.yaml')).toBe(true);
  });
});

describe('documents and $refs over HTTP', () => {
  let server: Server;
  let base: string;
  let other: string;
  const otherServer = createServer((_req, res) => res.end('openapi: 3.0.3\n'));
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? '';
      if (url === '/apis/openapi.yaml')
        res.end(
          FAIL_404.replace("$ref: '#/components/responses/NotFound'", "$ref: './parts/responses.yaml#/NotFound'"),
        );
      else if (url === '/apis/parts/responses.yaml') res.end('NotFound:\n  description: Not found.\n');
      else if (url === '/apis/escape.yaml')
        res.end(
          'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "../private.yaml"}\n    B: {$ref: "file:///etc/passwd"}\n',
        );
      else if (url === '/apis/moved.yaml') res.writeHead(302, { location: '/apis/openapi.yaml' }).end();
      else if (url === '/apis/away.yaml') res.writeHead(302, { location: `${other}/x.yaml` }).end();
      else if (url === '/big.yaml') {
        res.write('openapi: 3.0.3\nx: "');
        res.end(`${'a'.repeat(10_000)}"\n`);
      } else if (url === '/slow.yaml') {
        res.write('openapi: 3.0.3\n');
        const timer = setInterval(() => res.write('#\n'), 50);
        res.on('close', () => clearInterval(timer));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    await new Promise<void>((done) => otherServer.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    other = `http://localhost:${(otherServer.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    otherServer.closeAllConnections();
    await new Promise((done) => server.close(done));
    await new Promise((done) => otherServer.close(done));
  });

  it('lints a URL the user names, fetching its relative $refs from its own folder', async () => {
    const { document, findings } = await lintDocument(`${base}/apis/openapi.yaml`);
    expect(document.path).toBe(`${base}/apis/openapi.yaml`);
    expect(findings.filter((finding) => finding.ruleId === 'platform-no-404')).toHaveLength(2);
    expect(findings.some((finding) => finding.document === `${base}/apis/parts/responses.yaml`)).toBe(true);
  });

  it('does not fetch outside the folder, nor read a local file, for a URL document', async () => {
    const loaded = await loadDescription(`${base}/apis/escape.yaml`);
    expect(loaded.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/remote document, which is not fetched/),
      expect.stringMatching(/points to a local file, which is not read/),
    ]);
  });

  it('follows a same-origin redirect, not one to another host', async () => {
    expect(valueAt((await loadDescription(`${base}/apis/moved.yaml`)).data, ['openapi'])).toBe('3.0.3');
    await expect(loadDescription(`${base}/apis/away.yaml`)).rejects.toThrow(/redirects to another host/);
  });

  it('caps the size and the whole-body time of a remote document', async () => {
    await expect(loadDescription(`${base}/big.yaml`, { maxRemoteBytes: 1000 })).rejects.toThrow(/larger than/);
    await expect(loadDescription(`${base}/slow.yaml`, { remoteTimeoutMs: 500 })).rejects.toThrow(
      /took longer than 0.5 s/,
    );
    const root = write(
      'remote-refs/root.yaml',
      `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "${base}/big.yaml"}\n    B: {$ref: "${base}/slow.yaml"}\n`,
    );
    const loaded = await loadDescription(root, { allowRemoteRefs: true, maxRemoteBytes: 1000, remoteTimeoutMs: 500 });
    expect(loaded.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/larger than/),
      expect.stringMatching(/took longer than/),
    ]);
  }, 10_000);

  it('lints a URL and standard input from the CLI', async () => {
    const url = await votturInProcess(['lint', `${base}/apis/openapi.yaml`]);
    expect(url.code, url.stderr).toBe(1);
    expect(url.stdout).toContain(`${base}/apis/openapi.yaml`);
    const stdin = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../../dist/cli/main.js'), 'lint', '-', '--format', 'json'],
      { input: FAIL_404, encoding: 'utf8', timeout: 30_000 },
    );
    expect(stdin.status, stdin.stderr).toBe(1);
    expect(
      JSON.parse(stdin.stdout).findings.filter((finding: { ruleId: string }) => finding.ruleId === 'platform-no-404'),
    ).toHaveLength(2);
  }, 60_000);
});
