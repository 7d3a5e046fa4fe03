/**
 * The one writer never writes through a committed symbolic link (issue 34, attack r6 W01): its
 * temporary file was `.<name>.<pid>.tmp`, opened by a call that followed links, so a committed
 * `.a.intoto.json.<pid>.tmp -> /outside/file` sent `attest -o` outside the repository and left
 * `a.intoto.json` a link there. Now the temporary file is created exclusively
 * (`O_CREAT | O_EXCL | O_NOFOLLOW`) under a random name in the target's real folder, and a target
 * that is a link is replaced, never written through.
 *
 * `randomBytes` is made predictable here (`fixed`), so a link can be committed at the "random" name
 * too: the write must still not leave the repository (it fails, nothing written).
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../cli/run.js';

const random = vi.hoisted(() => ({ fixed: false }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return {
    ...original,
    randomBytes: (size: number) => (random.fixed ? Buffer.alloc(size, 0xab) : original.randomBytes(size)),
  };
});
const FIXED_HEX = (size: number): string => 'ab'.repeat(size);

// Test files share a worker's module cache (isolate: false): the writer and the CLI are loaded
// afresh, so they take the mocked `randomBytes` whatever an earlier file loaded.
let writeFileAtomically: typeof import('../../src/runtime/safe-write.js').writeFileAtomically;
let votturInProcess: typeof import('../cli/run.js').votturInProcess;
beforeAll(async () => {
  vi.resetModules();
  ({ writeFileAtomically } = await import('../../src/runtime/safe-write.js'));
  ({ votturInProcess } = await import('../cli/run.js'));
});

const top = mkdtempSync(join(tmpdir(), 'vottur-write-links-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const key = join(top, 'key.pem');
writeFileSync(key, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }));
const API = readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8');
const SENTINEL = 'outside, untouched\n';

let count = 0;
/** A fresh repository beside a fresh outside folder holding one sentinel file. */
function setUp(): { repo: string; outside: string; sentinel: string } {
  count += 1;
  const repo = join(top, `repo-${count}`);
  const outside = join(top, `outside-${count}`);
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(repo, 'api.yaml'), API);
  const sentinel = join(outside, 'sentinel.txt');
  writeFileSync(sentinel, SENTINEL);
  return { repo, outside, sentinel };
}

/** Links at every temporary name an attacker can predict for `name` in `folder`, all to `to`. */
function plantTempLinks(folder: string, name: string, to: string): void {
  const names = new Set([
    `.${name}.${process.pid}.tmp`,
    // Older and shorter random names, and the one `fixed` gives.
    ...[6, 8, 12, 16].map((size) => `.${name}.${FIXED_HEX(size)}.tmp`),
  ]);
  for (const temp of names) symlinkSync(to, join(folder, temp));
}

function expectOutsideUntouched(outside: string, sentinel: string): void {
  expect(readFileSync(sentinel, 'utf8')).toBe(SENTINEL);
  expect(readdirSync(outside)).toEqual(['sentinel.txt']);
}

/** The target is absent or a regular file: never left a link to anywhere. */
function expectNoLinkAt(target: string): void {
  if (!existsSync(target) && !isLink(target)) return;
  expect(
    lstatSync(target).isSymbolicLink(),
    `${target} is a link to ${isLink(target) ? readlinkSync(target) : ''}`,
  ).toBe(false);
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

describe('writeFileAtomically and committed links at its temporary names', () => {
  it.each([false, true])(
    'links at every predictable temporary name never carry a write outside (randomBytes fixed: %s)',
    (fixed) => {
      const { repo, outside, sentinel } = setUp();
      plantTempLinks(repo, 'a.json', sentinel);
      random.fixed = fixed;
      try {
        const write = () => writeFileAtomically(join(repo, 'a.json'), '{"written":true}\n', 'a.json', repo);
        if (fixed)
          expect(write).toThrow(
            /^cannot write a\.json: EEXIST: every temporary name tried in its folder \(8\) was taken; .*; nothing was written$/,
          );
        else {
          write();
          expect(readFileSync(join(repo, 'a.json'), 'utf8')).toBe('{"written":true}\n');
        }
      } finally {
        random.fixed = false;
      }
      expectOutsideUntouched(outside, sentinel);
      expectNoLinkAt(join(repo, 'a.json'));
      // The planted links are left as they were: the writer removes only what it created.
      expect(readdirSync(repo).filter((name) => name.endsWith('.tmp'))).toHaveLength(5);
    },
  );

  it('holds for any name: links at the temporary names, at the target, or both (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,40}$/).filter((name) => name !== 'api.yaml'),
        fc.boolean(),
        fc.constantFrom('none', 'outside', 'inside', 'dangling'),
        (name, fixed, targetLink) => {
          const { repo, outside, sentinel } = setUp();
          plantTempLinks(repo, name, sentinel);
          const target = join(repo, name);
          if (targetLink === 'outside') symlinkSync(sentinel, target);
          if (targetLink === 'dangling') symlinkSync(join(outside, 'new.txt'), target);
          if (targetLink === 'inside') symlinkSync('api.yaml', target);
          random.fixed = fixed;
          let thrown: unknown;
          try {
            writeFileAtomically(target, 'written\n', name, repo);
          } catch (error) {
            thrown = error;
          } finally {
            random.fixed = false;
          }
          expectOutsideUntouched(outside, sentinel);
          if (targetLink === 'outside') {
            // Refused: the link is left, what it points at untouched.
            expect(String(thrown)).toMatch(/it leads outside the repository/);
            return;
          }
          if (fixed) {
            expect(String(thrown)).toMatch(/EEXIST: every temporary name tried .*; nothing was written/);
            return;
          }
          expect(thrown).toBeUndefined();
          // Replaced, not followed: the name is a regular file now, the link's target is as it was.
          expectNoLinkAt(target);
          expect(readFileSync(target, 'utf8')).toBe('written\n');
          expect(readFileSync(join(repo, 'api.yaml'), 'utf8')).toBe(API);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a folder linked out whose name links back in is refused: the file would land outside', () => {
    const { repo, outside, sentinel } = setUp();
    symlinkSync(outside, join(repo, 'out'));
    symlinkSync(join(repo, 'api.yaml'), join(outside, 'x.yaml'));
    expect(() => writeFileAtomically(join(repo, 'out/x.yaml'), 'written\n', 'out/x.yaml', repo)).toThrow(
      /^cannot write out\/x\.yaml: it leads outside the repository \(to .*outside-\d+\/x\.yaml\) through a symbolic link/,
    );
    expect(readFileSync(sentinel, 'utf8')).toBe(SENTINEL);
    expect(readlinkSync(join(outside, 'x.yaml'))).toBe(join(repo, 'api.yaml'));
    expect(readFileSync(join(repo, 'api.yaml'), 'utf8')).toBe(API);
  });
});

describe('every writer entry point with committed links at its temporary names', () => {
  it.each([
    ['attest -o', ['attest', 'api.yaml', '--gate', '--key', key, '-o', 'a.intoto.json'], 'a.intoto.json'],
    ['bundle -o', ['bundle', 'api.yaml', '-o', 'b.yaml'], 'b.yaml'],
    ['lint --fix-overlay', ['lint', 'api.yaml', '--no-config', '--fix-overlay', 'fo.yaml'], 'fo.yaml'],
    [
      'lint --update-baseline',
      ['lint', 'api.yaml', '--no-config', '--update-baseline', '--baseline', 'base.json'],
      'base.json',
    ],
    ['init', ['init'], 'vottur.config.yaml'],
  ])('%s writes nothing outside and leaves no link at its target', async (_name, args, written) => {
    for (const fixed of [false, true]) {
      const { repo, outside, sentinel } = setUp();
      plantTempLinks(repo, written, sentinel);
      random.fixed = fixed;
      let result;
      try {
        result = await votturInProcess(args, { cwd: repo, timeoutMs: 60_000 });
      } finally {
        random.fixed = false;
      }
      expectOutsideUntouched(outside, sentinel);
      expectNoLinkAt(join(repo, written));
      if (fixed)
        expect(result.stderr).toMatch(/cannot write .*EEXIST: every temporary name tried .*; nothing was written/);
      else expect(readFileSync(join(repo, written), 'utf8').length, result.stderr).toBeGreaterThan(0);
    }
  });
});
