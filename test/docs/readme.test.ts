/**
 * The README and the docs checked against the tool: every count, command, option and format list
 * they state is what `vottur rules --format json` and each command's `--help` say; the score tables
 * are what scripts/corpus-tables.mjs regenerates from the corpus; the CI examples pin nothing that
 * does not exist; docs/ci.md's inputs are action.yml's; and every relative link resolves. Each of
 * these was found wrong by a newcomer reading the README (issue 40).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import semver from 'semver';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';
import { ROOT, votturInProcess } from '../cli/run.js';
import { FORMAT_NAMES } from '../../src/report/formatters/names.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** README.md and every Markdown page under docs/. */
function markdownFiles(): string[] {
  const found = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return found;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

interface Rule {
  id: string;
  source: string;
}
let rules: Rule[];
let overview: string;

beforeAll(async () => {
  const listed = await votturInProcess(['rules', '--format', 'json']);
  expect(listed.code).toBe(0);
  rules = (JSON.parse(listed.stdout) as { rules: Rule[] }).rules;
  overview = (await votturInProcess(['--help'])).stdout;
});

/** The options a command's `--help` lists (long names). */
async function helpOptions(command: string): Promise<Set<string>> {
  const { stdout } = await votturInProcess([command, '--help']);
  return new Set([...stdout.matchAll(/^\s+(?:-\w, )?(--[a-z][\w-]*)/gm)].map((match) => match[1]));
}

/** The rows of the Markdown table that follows `heading` (a line that starts with it). */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const rows: string[][] = [];
  for (let i = first + 2; i < lines.length && lines[i].startsWith('|'); i++)
    rows.push(
      lines[i].split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows;
}

describe('the README says what the tool says', () => {
  it('the number of lint rules, as vottur rules counts the ruleset', () => {
    const ruleset = rules.filter((rule) => rule.source === 'lint' && rule.id.startsWith('platform-')).length;
    expect(README).toContain(`a Spectral ruleset of ${ruleset} rules`);
    expect(README).toContain(`All ${ruleset} rule ids start with \`platform-\``);
    // The rule table lists each of them once.
    const linked = new Set([...README.matchAll(/\(docs\/rules\/(platform-[a-z0-9-]+)\.md\)/g)].map((m) => m[1]));
    expect(linked.size).toBe(ruleset);
  });

  it('the number of diff checks and versioning rules', () => {
    const checks = rules.filter((rule) => rule.id.startsWith('diff-')).length;
    const versioning = rules.filter((rule) => rule.source === 'diff' && rule.id.startsWith('platform-version-')).length;
    expect(README).toMatch(new RegExp(`\\b${checks} checks \\(paths`));
    expect(readFileSync(join(ROOT, 'docs/diff/README.md'), 'utf8')).toContain(
      `${checks} checks and ${versioning} platform versioning rules`,
    );
  });

  it('the formats: how many, and every one in the intro, the format table and the --format option', async () => {
    const formats = [...FORMAT_NAMES];
    expect(README).toContain(`any of ${NUMBER_WORDS[formats.length]} formats`);
    const intro = /- \*\*Reports\*\* — ([^]*?)\n\n/.exec(README)![1].replace(/\s+/g, ' ');
    for (const label of ['terminal', 'JSON', 'SARIF', 'JUnit', 'GitHub', 'GitLab', 'Markdown', 'HTML'])
      expect(intro, label).toContain(label);
    const table = tableAfter(README, 'Every command renders the same report model').map((row) => row[0]);
    expect(table).toEqual(formats.map((format) => `\`${format}\``));
    const option = tableAfter(README, '### `vottur lint`').find((row) => row[0].includes('--format'))!;
    expect(option[2]).toContain(formats.map((format) => `\`${format}\``).join(', '));
    const { stdout } = await votturInProcess(['lint', '--help']);
    for (const format of formats) expect(stdout).toContain(format);
    // docs/diff.md's synopsis left out gitlab.
    const synopsis = /--format ([a-z|]+)\]/.exec(readFileSync(join(ROOT, 'docs/diff.md'), 'utf8'))![1];
    expect(synopsis.split('|')).toEqual(formats);
  });

  it('every page points editors at one configuration schema, the canonical docs/config.schema.json', () => {
    // docs/config.md named docs/config.schema.json, docs/ci.md assets/config.schema.json.
    for (const file of markdownFiles()) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/node_modules\/vottur\/(?!docs\/)[\w/]*config\.schema\.json/);
    }
    expect(readFileSync(join(ROOT, 'assets/config.schema.json'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'docs/config.schema.json'), 'utf8'),
    );
  });

  it("the baseline's figures are the catalogue table's totals (findings, errors, and what is not counted)", () => {
    // docs/baseline.md said 1,595 findings, 1,411 errors after the table had moved on; the table
    // itself is checked against the tool below, so its sums are what the tool finds.
    const lines = README.split('\n');
    const mention = lines.findIndex((line) => line.includes('../shared/corpus/catalogue/'));
    const start = lines.findIndex((line, i) => i > mention && line.startsWith('| document | title |'));
    let errors = 0;
    let findings = 0;
    let rows = 0;
    for (let i = start + 2; lines[i]?.startsWith('|'); i++) {
      const cells = lines[i].split('|').map((cell) => cell.trim());
      errors += Number(cells[3]);
      findings += Number(cells[3]) + Number(cells[4]) + Number(cells[5]);
      rows++;
    }
    expect(rows).toBe(15);
    const grouped = (n: number) => n.toLocaleString('en-GB');
    const baseline = readFileSync(join(ROOT, 'docs/baseline.md'), 'utf8');
    expect(baseline.replace(/\s+/g, ' ')).toContain(
      `the 15 of \`shared/corpus/catalogue\`: ${grouped(findings)} findings, ${grouped(errors)} of them errors`,
    );
    for (const text of [README, baseline])
      for (const [, n] of text.matchAll(/Not counted: (\d+) in the baseline/g)) expect(Number(n)).toBe(findings);
  });

  it('the commands: the README table lists every command vottur --help lists, and no other', () => {
    const commands = [...overview.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]).filter((c) => c !== 'help');
    const table = tableAfter(README, '## Commands').map((row) => /`vottur ([a-z]+)/.exec(row[0])![1]);
    expect([...table].sort()).toEqual([...commands].sort());
  });

  it("every option in the README's lint and test/check tables is one the command has", async () => {
    const lint = await helpOptions('lint');
    for (const row of tableAfter(README, '### `vottur lint`'))
      for (const [option] of row[0].matchAll(/--[a-z][\w-]*/g)) expect(lint, `lint ${option}`).toContain(option);
    // And the other way: lint's options are each in the table (the global --help aside).
    const documented = new Set(
      tableAfter(README, '### `vottur lint`').flatMap((row) => [...row[0].matchAll(/--[a-z][\w-]*/g)].map((m) => m[0])),
    );
    for (const option of lint) if (option !== '--help') expect(documented, `lint ${option}`).toContain(option);
    const check = await helpOptions('check');
    const test = await helpOptions('test');
    for (const row of tableAfter(README, '| option (`test` and `check`)'))
      for (const [option] of row[0].matchAll(/--[a-z][\w-]*/g))
        expect(check.has(option) || test.has(option), `test/check ${option}`).toBe(true);
  });

  it('the command in an unknown option\'s hint is the one the user ran', async () => {
    const result = await votturInProcess(['rules', '--no-such-option']);
    expect(result.stderr).toContain('(run vottur rules --help for usage)');
  });
});

describe('the CI examples and the install instructions', () => {
  const docs = markdownFiles().map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));

  it('pin no tag the repository does not have (it has none yet): a commit, and say so', () => {
    const tags = execFileSync('git', ['tag', '--list'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const { file, text } of docs) {
      const pins = [
        ...text.matchAll(/vottur\/vottur@([^\s`]+)/g),
        ...text.matchAll(/github:vottur\/vottur#([^\s`]+)/g),
        ...text.matchAll(/--branch "?([^\s"]+)"? https:\/\/github\.com\/vottur/g),
        ...text.matchAll(/^\s+rev: (\S+)/gm),
        ...text.matchAll(/VOTTUR_REF: (\S+)/g),
      ].map((match) => match[1]);
      for (const pin of pins) expect(pin === '<commit>' || tags.includes(pin), `${file}: ${pin}`).toBe(true);
    }
    expect(readFileSync(join(ROOT, 'docs/ci.md'), 'utf8')).toContain('The repository has no release tags yet');
  });

  it("docs/ci.md's inputs table lists every input of action.yml, and only those", () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    const ci = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
    const table = tableAfter(ci, '## GitHub Action').map((row) => row[0].replace(/`/g, ''));
    expect([...table].sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('never tell a user to install vottur from the npm registry (it is not there)', () => {
    for (const { file, text } of docs) {
      // What the README says about the future, and editors.md about the failure, aside.
      const told = text
        .replace(/\s+/g, ' ')
        .replace('Once vottur is published, it will be `npm install --save-dev vottur`', '')
        .replace('(`npm install vottur` fails)', '');
      expect(told, file).not.toMatch(/npm (?:install|i) (?:--save-dev |-D |--global |-g )?votturInProcess(?:\s|`|$)/);
    }
  });

  it('the package a user installs needs no override: every dependency it installs runs on Node 20', () => {
    // `overrides` apply only in the clone; an installer of the tarball resolves the ranges as they
    // are (cookie 2.0.2, node >=22, came in that way: EBADENGINE on Node 20).
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.overrides).toBeUndefined();
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; version?: string; engines?: { node?: string } }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.dev && entry.engines?.node !== undefined)
      .filter(([, entry]) => !semver.intersects(entry.engines!.node!, '^20.0.0'))
      .map(([path, entry]) => `${path}@${entry.version} (node ${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });

  it('.gitignore holds what following the README writes in the clone', () => {
    const ignored = (path: string) => {
      try {
        execFileSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: ROOT });
        return true;
      } catch {
        return false;
      }
    };
    expect(ignored('catalogue/2026-11-28T10-00-00Z/catalogue.html')).toBe(true);
    expect(ignored('vottur-0.1.0.tgz')).toBe(true);
    // Only at the root: the code folders of the same name are not ignored.
    expect(ignored('src/catalogue/new-file.ts')).toBe(false);
    expect(ignored('test/catalogue/new.test.ts')).toBe(false);
    // The catalogue example opens the dashboard portably, not with macOS's `open` alone.
    for (const { file, text } of docs) expect(text, file).not.toMatch(/^open catalogue/m);
  });
});

describe('links in the README and the docs', () => {
  it('every relative link leads to a file that exists, and every #anchor to a heading there', () => {
    const slug = (heading: string) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
    const anchors = (file: string) => {
      const text = readFileSync(file, 'utf8').replace(/```[^]*?```/g, '');
      const seen = new Map<string, number>();
      const found = new Set<string>();
      for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
        const base = slug(match[1]);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        found.add(n === 0 ? base : `${base}-${n}`);
      }
      return found;
    };
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(file, 'utf8').replace(/```[^]*?```/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = match[1];
        if (/^[a-z]+:/i.test(href)) continue;
        const [path, anchor] = href.split('#') as [string, string | undefined];
        const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(target)) broken.push(`${relative(ROOT, file)}: ${href}`);
        else if (anchor && target.endsWith('.md') && !anchors(target).has(anchor))
          broken.push(`${relative(ROOT, file)}: ${href} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe.skipIf(!CORPUS_DIR)(corpusTitle('the README score tables, regenerated by scripts/corpus-tables.mjs'), () => {
  it('are what the tool finds on the corpus today', async () => {
    // A plain ES module script (no types): imported by URL, so the compiler does not look for them.
    const script = (await import(new URL('../../scripts/corpus-tables.mjs', import.meta.url).href)) as {
      TABLES: Array<{ folder: string; pattern: RegExp }>;
      table: (corpus: string, spec: { folder: string; pattern: RegExp }) => string[];
      locate: (lines: string[], folder: string) => { start: number; end: number };
    };
    const lines = README.split('\n');
    for (const spec of script.TABLES) {
      const { start, end } = script.locate(lines, spec.folder);
      expect(lines.slice(start, end + 1), spec.folder).toEqual(script.table(CORPUS_DIR!, spec));
    }
  }, 180_000);
  reportMissingCorpus();
});
