import { describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, ROOT, votturInProcess } from '../cli/run.js';

/** The CLI under --watch, read line by line: waits (bounded) for a line, then for the next. */
function startWatching(cwd: string, args: string[]) {
  const child = spawn(process.execPath, [CLI, 'lint', '--watch', ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let read = 0;
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      for (const wake of waiters.splice(0)) wake();
      resolve(code);
    }),
  );
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return {
    /** The output from the last match on, up to and including the first line matching `pattern`. */
    async next(pattern: RegExp): Promise<string> {
      for (;;) {
        const rest = stdout.slice(read);
        const match = pattern.exec(rest);
        const end = match ? rest.indexOf('\n', match.index) : -1;
        if (match && end >= 0) {
          read += end + 1;
          return rest.slice(0, end + 1);
        }
        if (child.exitCode !== null || child.signalCode !== null || stdout.length > 1_000_000)
          throw new Error(`vottur exited before ${pattern}: ${stdout}${stderr}`);
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
    async stop(): Promise<{ code: number | null; stderr: string }> {
      child.kill('SIGINT');
      const code = await exited;
      clearTimeout(killer);
      return { code, stderr };
    },
  };
}

let saves = 0;
/**
 * Saves as an editor would, with a modification time of its own, so that every save is seen as one:
 * file times move in clock ticks (several ms), and two saves in one tick look like one to a watcher
 * that compares times. The access time is set after it, so that the linter reading the file does
 * not touch it (relatime): an attribute change right before the next save would hide that save
 * inside chokidar's 5 ms event throttle.
 */
function save(file: string, text: string): void {
  writeFileSync(file, text);
  const modified = Date.now() / 1000 + ++saves * 2;
  utimesSync(file, modified + 3600, modified);
}

describe('vottur lint --watch', () => {
  it('re-lints a multi-file description when a referenced file is saved, shows only what changed, survives a broken save, stops on Ctrl-C', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-watch-'));
    cpSync(join(ROOT, 'fixtures/loading/multi'), dir, { recursive: true });
    const watching = startWatching(dir, ['openapi.yaml']);
    try {
      const first = await watching.next(/^Watching /m);
      expect(first).toContain('openapi.yaml: Score 36/100 (F); 10 errors, 2 warnings');
      // All three files of the description are watched.
      expect(first).toMatch(/Watching 3 files of 1 description/);
      // Each row in stylish's order and words: place, severity, rule, message.
      expect(first).toContain(
        'schemas/user.yaml:7:9  error  platform-schema-property-description  Property `email` has no `description`',
      );

      // Fix one finding in a referenced file: only that finding is listed, as fixed.
      const schema = join(dir, 'schemas/user.yaml');
      const original = readFileSync(schema, 'utf8');
      save(schema, original.replace('  email:\n', '  email:\n    description: Where the user reads mail.\n'));
      const fixed = await watching.next(/^openapi\.yaml: \d+ new, \d+ fixed/m);
      expect(fixed.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^- schemas\/user\.yaml:7:9 {2}error {2}platform-schema-property-description {2}Property `email` has no `description`/,
        ),
        expect.stringMatching(
          /^openapi\.yaml: 0 new, 1 fixed; Score \d+\/100 \([A-F]\); 9 errors, 2 warnings \(\d+ ms\)$/,
        ),
      ]);

      // A save that does not parse: one line, and the watcher waits.
      const root = join(dir, 'openapi.yaml');
      const rootText = readFileSync(root, 'utf8');
      save(root, `${rootText}info:\n  title: twice\n`);
      expect(await watching.next(/waiting for the next save$/m)).toMatch(/^openapi\.yaml:\d+:\d+: not valid YAML/m);

      // The next good save is linted against the last good result: a new finding is listed as new.
      save(
        root,
        rootText
          .replace('openapi: 3.0.3\n', 'openapi: 3.0.3\nx-Bad_Key: 1\n')
          .replace('  version: 1.0.0\n', '  version: 1.0.0\n  contact: {}\n'),
      );
      const after = await watching.next(/^openapi\.yaml: (\d+ new|no change)/m);
      expect(after).toMatch(/^openapi\.yaml: \d+ new, \d+ fixed; /m);
      expect(after).toMatch(/^\+ openapi\.yaml:\d+:\d+ {2}(error|warning|info|hint) {2}platform-[a-z0-9-]+ {2}/m);
      expect(after).not.toContain('Property `street`');

      const { code, stderr } = await watching.stop();
      expect(stderr).toBe('');
      expect(code).toBe(0);
    } finally {
      await watching.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('honours the configuration as a run without --watch does: rule levels and vocabulary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-watch-config-'));
    mkdirSync(join(dir, '.git'));
    cpSync(join(ROOT, 'fixtures/config/vocabulary/api.yaml'), join(dir, 'api.yaml'));
    writeFileSync(
      join(dir, 'vottur.config.yaml'),
      'rules:\n  platform-security-declared: off\nvocabulary:\n  nationalIdAliases: [idNumber]\n',
    );
    const watching = startWatching(dir, ['api.yaml']);
    try {
      const first = await watching.next(/^Watching /m);
      expect(first).not.toContain('platform-security-declared');
      expect(first).toMatch(
        / {2}platform-national-id-name {2}Property `idNumber` holds a national identifier; name it `nationalId`\.$/m,
      );
      const plain = await votturInProcess(['lint', 'api.yaml', '-f', 'json'], { cwd: dir });
      const score = (JSON.parse(plain.stdout) as { score: { score: number } }).score.score;
      expect(first).toContain(`api.yaml: Score ${score}/100`);
      expect((await watching.stop()).code).toBe(0);
    } finally {
      await watching.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'survives the root deleted and made again, a $ref part swapped for an outside link and back, and a FIFO root',
    { timeout: 90_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'vottur-watch-swap-'));
      cpSync(join(ROOT, 'fixtures/loading/multi'), dir, { recursive: true });
      const outside = mkdtempSync(join(tmpdir(), 'vottur-watch-outside-'));
      const watching = startWatching(dir, ['openapi.yaml']);
      try {
        await watching.next(/^Watching /m);
        const root = join(dir, 'openapi.yaml');
        const rootText = readFileSync(root, 'utf8');
        // Deleted, then made again (as some editors save): linted again, and again on the next save.
        rmSync(root);
        await watching.next(/waiting for the next save$/m);
        save(root, rootText);
        await watching.next(/^openapi\.yaml: (\d+ new|no change)/m);
        save(
          root,
          rootText
            .replace('openapi: 3.0.3\n', 'openapi: 3.0.3\nx-Bad_Key: 1\n')
            .replace('  version: 1.0.0\n', '  version: 1.0.0\n  contact: {}\n'),
        );
        expect(await watching.next(/^openapi\.yaml: (\d+ new|no change)/m)).toMatch(/^openapi\.yaml: [1-9]\d* new/m);

        // A $ref part swapped for a link to a file outside the folder, then back: still watched.
        const part = join(dir, 'schemas/user.yaml');
        const partText = readFileSync(part, 'utf8');
        writeFileSync(join(outside, 'user.yaml'), `# elsewhere\n${partText}`);
        rmSync(part);
        symlinkSync(join(outside, 'user.yaml'), part);
        await watching.next(/^openapi\.yaml: (\d+ new|no change)/m);
        rmSync(part);
        save(part, partText.replace('  email:\n', '  email:\n    description: Where the user reads mail.\n'));
        expect(await watching.next(/^openapi\.yaml: (\d+ new|no change)/m)).toMatch(/fixed/);

        // The root replaced by a FIFO: a line, no hang; a file again: linted again. The FIFO is made
        // outside and renamed over the root in one step: removing the root first let the watcher see
        // "no such file" between the two under load (CI, stop 43).
        const fifo = join(outside, 'fifo');
        execFileSync('mkfifo', [fifo]);
        renameSync(fifo, root);
        expect(await watching.next(/waiting for the next save$/m)).toMatch(/not a regular file/);
        rmSync(root);
        save(root, rootText);
        await watching.next(/^openapi\.yaml: (\d+ new|no change)/m);
        expect((await watching.stop()).code).toBe(0);
      } finally {
        await watching.stop().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
        rmSync(outside, { recursive: true, force: true });
      }
    },
  );

  it('refuses --format with --watch in one line, exit 2', async () => {
    const result = await votturInProcess([
      'lint',
      '--watch',
      'fixtures/conformant/catalogue-api.yaml',
      '--format',
      'json',
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'vottur: --watch shows its own summary of what changed; run without --watch for --format and --output\n',
    );
  });
});
