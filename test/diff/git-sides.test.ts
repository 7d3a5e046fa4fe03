/**
 * A diff side named `REF:path` is git's, never the repository's to choose: a committed file named
 * like a git side is refused as ambiguous, a ref is never read as an option, and a description's
 * folder at a commit is read only up to a limit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const repo = mkdtempSync(join(tmpdir(), 'vottur-git-sides-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: repo, stdio: 'pipe' });

const description = (version: string, extra = '') =>
  [
    'openapi: 3.0.3',
    `info: { title: Users, version: ${version} }`,
    'paths:',
    '  /v1/users:',
    '    get:',
    '      responses:',
    "        '200': { description: ok }",
    extra,
    '',
  ].join('\n');

/**
 * A clone whose `origin/main` has a response member `name` typed string, and whose own commit
 * types it integer (a breaking change); `run` is git in a folder, `cleanup` removes both folders.
 */
function retypedClone(): { clone: string; run: (cwd: string, ...args: string[]) => string; cleanup: () => void } {
  const upstream = mkdtempSync(join(tmpdir(), 'vottur-git-upstream-'));
  const clone = mkdtempSync(join(tmpdir(), 'vottur-git-clone-'));
  const run = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
      cwd,
      stdio: 'pipe',
      encoding: 'utf8',
    });
  const typed = (type: string) =>
    description('1.0.0').replace(
      "'200': { description: ok }",
      `'200': { description: ok, content: { application/json: { schema: { type: object, properties: { name: { type: ${type} } } } } } }`,
    );
  writeFileSync(join(upstream, 'api.yaml'), typed('string'));
  run(upstream, 'init', '-q', '-b', 'main');
  run(upstream, 'add', '-A');
  run(upstream, 'commit', '-qm', 'v1');
  run(clone, 'clone', '-q', upstream, '.');
  writeFileSync(join(clone, 'api.yaml'), typed('integer'));
  run(clone, 'commit', '-qam', 'retype');
  const cleanup = () => {
    rmSync(upstream, { recursive: true, force: true });
    rmSync(clone, { recursive: true, force: true });
  };
  return { clone, run, cleanup };
}

beforeAll(() => {
  writeFileSync(join(repo, 'api.yaml'), description('1.0.0'));
  mkdirSync(join(repo, 'big'));
  writeFileSync(
    join(repo, 'big', 'api.yaml'),
    description('1.0.0', "components: { schemas: { A: { $ref: 'a.yaml' } } }"),
  );
  writeFileSync(join(repo, 'big', 'a.yaml'), 'type: string\n');
  // A 70 MB file beside it: git stores it compressed, `git archive` writes it whole.
  writeFileSync(join(repo, 'big', 'huge.bin'), '');
  truncateSync(join(repo, 'big', 'huge.bin'), 70 * 1024 * 1024);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'base');
  git('branch', 'origin/main');
});

describe('git sides of a diff', () => {
  it('REF:path is always read through git: a committed file of that name is never the base', async () => {
    mkdirSync(join(repo, 'origin'), { recursive: true });
    // The team's own "base": the revision with every path removed would read as no change.
    writeFileSync(join(repo, 'origin', 'main:api.yaml'), description('1.0.0').replace(/paths:[^]*$/, 'paths: {}\n'));
    const fromGit = await votturInProcess(['diff', 'origin/main:api.yaml', 'api.yaml', '-f', 'json'], { cwd: repo });
    expect(fromGit.code, fromGit.stderr).toBe(0);
    expect((JSON.parse(fromGit.stdout) as { findings: unknown[] }).findings).toEqual([]);
    // As a depth-1 clone has it: no origin/main. One line naming the ref and how to fetch it, exit 2.
    const shallow = await votturInProcess(['diff', 'origin/missing:api.yaml', 'api.yaml'], { cwd: repo });
    expect(shallow.code).toBe(2);
    expect(shallow.stderr).toMatch(
      /^vottur: origin\/missing:api\.yaml: the git ref origin\/missing is not in this clone .*git fetch.*\n$/,
    );
    writeFileSync(join(repo, 'origin', 'missing:api.yaml'), description('1.0.0'));
    expect((await votturInProcess(['diff', 'origin/missing:api.yaml', 'api.yaml'], { cwd: repo })).code).toBe(2);
    // The file itself, named as a file.
    expect((await votturInProcess(['diff', './origin/missing:api.yaml', 'api.yaml'], { cwd: repo })).code).toBe(0);
    rmSync(join(repo, 'origin'), { recursive: true });
  });

  it('a ref git finds ambiguous (a tag named like the base branch) is refused, naming the ref in full', async () => {
    // The team tags its own revision `origin/main` (and `main`), which git would silently prefer.
    const { clone, run, cleanup } = retypedClone();
    try {
      const full = await votturInProcess(['diff', 'refs/remotes/origin/main:api.yaml', 'api.yaml', '--gate'], {
        cwd: clone,
      });
      expect(full.code, full.stderr).toBe(1);
      // Before any tag: origin/main is unambiguous and the change is seen.
      expect((await votturInProcess(['diff', 'origin/main:api.yaml', 'api.yaml', '--gate'], { cwd: clone })).code).toBe(
        1,
      );
      run(clone, 'tag', 'origin/main', 'HEAD');
      run(clone, 'tag', 'main', 'HEAD');
      for (const ref of ['origin/main', 'origin/main~0', 'main', 'main^{commit}']) {
        const result = await votturInProcess(['diff', `${ref}:api.yaml`, 'api.yaml', '--gate'], { cwd: clone });
        expect(result.code, `${ref}: ${result.stdout}`).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(
          /^vottur: .*: the git ref .* is ambiguous: it names refs\/.* and refs\/.*; write it in full, e\.g\. refs\/\S+\n$/,
        );
      }
      const named = await votturInProcess(['diff', 'origin/main:api.yaml', 'api.yaml', '--gate'], { cwd: clone });
      expect(named.stderr).toContain('refs/tags/origin/main and refs/remotes/origin/main');
      expect(named.stderr).toContain('e.g. refs/remotes/origin/main:api.yaml');
      // Written in full, each is one ref again.
      expect(
        (await votturInProcess(['diff', 'refs/remotes/origin/main:api.yaml', 'api.yaml', '--gate'], { cwd: clone }))
          .code,
      ).toBe(1);
      expect(
        (await votturInProcess(['diff', 'refs/tags/origin/main:api.yaml', 'api.yaml', '--gate'], { cwd: clone })).code,
      ).toBe(0);
    } finally {
      cleanup();
    }
  });

  it('a replace object the repository brings (git replace) never swaps the base for another commit', async () => {
    const { clone, run, cleanup } = retypedClone();
    try {
      // The base commit now reads, to git, as the revision.
      run(clone, 'replace', run(clone, 'rev-parse', 'origin/main').trim(), 'HEAD');
      expect(run(clone, 'show', 'origin/main:api.yaml')).toContain('type: integer');
      for (const ref of ['origin/main', run(clone, 'rev-parse', 'origin/main').trim()]) {
        const result = await votturInProcess(['diff', `${ref}:api.yaml`, 'api.yaml', '--gate'], { cwd: clone });
        expect(result.code, `${ref}: ${result.stdout}`).toBe(1);
      }
    } finally {
      cleanup();
    }
  });

  it('a REF:path naming a folder is one line, exit 2, never an unexpected failure (attack o34r10 B10)', async () => {
    for (const spec of ['HEAD:.', 'HEAD:./', 'origin/main:.']) {
      const result = await votturInProcess(['diff', spec, 'api.yaml', '--gate'], { cwd: repo });
      expect(result.code, spec).toBe(2);
      expect(result.stderr, spec).toMatch(
        /^vottur: cannot read \S+ from git \(.*\); check the ref and the path[^\n]*\n$/,
      );
      expect(result.stderr, spec).not.toMatch(/unexpected failure|EISDIR/);
    }
  });

  it('a ref that starts with "-" is refused, never passed to git as an option', async () => {
    const before = readdirSync(repo).sort();
    const result = await votturInProcess(['diff', '--', '--output=leak:api.yaml', 'api.yaml'], { cwd: repo });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/a git ref cannot start with "-"/);
    expect(readdirSync(repo).sort()).toEqual(before);
    expect(existsSync(join(repo, 'leak'))).toBe(false);
  });

  it("a description's folder at a commit is read up to 64 MB, in one line when it holds more", async () => {
    const result = await votturInProcess(['diff', 'HEAD:big/api.yaml', 'big/api.yaml'], {
      cwd: repo,
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: cannot read the folder of HEAD:big\/api\.yaml from git \(the folder is larger than 64 MB at that commit/,
    );
  });
});
