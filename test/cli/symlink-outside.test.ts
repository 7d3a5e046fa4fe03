/**
 * A committed symbolic link that leads outside the repository gets the same answer whether or not
 * its target exists (issue 34): otherwise a gated repository learns, from the run's output, which
 * files exist on the CI machine (`realpath` fails on a missing target and succeeds on a present
 * one, so the two were told apart as "no such file" and "outside the repository"). Every file the
 * repository names is checked: configuration, baseline, ruleset, accept file, data file, TLS
 * files and a description's `$ref`.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliResult, votturInProcess } from './run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-links-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
// Outside every repository of this test: one file there exists, its neighbour does not.
const outside = join(top, 'outside');
mkdirSync(outside);
const PRESENT = join(outside, 'present.yaml');
const ABSENT = join(outside, 'absent.yaml');
writeFileSync(PRESENT, 'openapi: 3.0.3\n');

const DESCRIPTION = [
  'openapi: 3.0.3',
  'info: { title: Links, version: 1.0.0 }',
  'paths:',
  '  /v1/things:',
  '    get:',
  '      responses:',
  "        '200': { description: ok }",
  '',
].join('\n');

let repo: string;
let count = 0;
beforeEach(() => {
  repo = join(top, `repo-${++count}`);
  mkdirSync(join(repo, '.git'), { recursive: true });
  writeFileSync(join(repo, 'api.yaml'), DESCRIPTION);
});

/** What a run shows, with the run's own folders named alike (they differ between the two runs). */
function shown(result: CliResult): string {
  return `exit ${result.code}\n${result.stdout}\n${result.stderr}`
    .replaceAll(repo, '<repo>')
    .replace(/"([A-Za-z]*(?:Timestamp|At|Ms|time))":\s*("[^"]*"|[0-9.]+)/g, '"$1":0')
    .replace(/ in [0-9.]+ ?m?s\b/g, ' in <time>');
}

/**
 * Runs `args` twice in the repository, with `link` (inside it) leading to the present file and
 * then to the absent one, by `how` (absolute, relative, or through a second link inside the
 * repository); returns both outputs.
 */
async function both(
  link: string,
  args: string[],
  how: 'absolute' | 'relative' | 'chained' = 'absolute',
): Promise<[string, string]> {
  const results: string[] = [];
  for (const target of [PRESENT, ABSENT]) {
    rmSync(join(repo, link), { force: true });
    rmSync(join(repo, 'hop'), { force: true });
    if (how === 'absolute') symlinkSync(target, join(repo, link));
    else if (how === 'relative') symlinkSync(join('..', 'outside', target.slice(outside.length + 1)), join(repo, link));
    else {
      symlinkSync(target, join(repo, 'hop'));
      symlinkSync('hop', join(repo, link));
    }
    results.push(shown(await votturInProcess(args, { cwd: repo })));
  }
  return results as [string, string];
}

describe('a symbolic link leading outside the repository answers alike, whether its target exists or not', () => {
  it('the configuration (found beside the document)', async () => {
    const [present, absent] = await both('vottur.config.yaml', ['lint', 'api.yaml']);
    expect(present).toBe(absent);
    expect(present).toMatch(/^exit 2\n/);
    expect(present).toContain('cannot read the configuration vottur.config.yaml: it is outside the repository');
  });

  it('the configuration (--config), by a relative link and through a second link', async () => {
    for (const how of ['relative', 'chained'] as const) {
      const [present, absent] = await both('team.yaml', ['lint', 'api.yaml', '--config', 'team.yaml'], how);
      expect(present).toBe(absent);
      expect(present).toContain('cannot read the configuration team.yaml: it is outside the repository');
    }
  });

  it('the baseline a configuration names', async () => {
    writeFileSync(join(repo, 'vottur.config.yaml'), 'baseline: base.json\n');
    const [present, absent] = await both('base.json', ['lint', 'api.yaml']);
    expect(present).toBe(absent);
    expect(present).toContain('cannot read the baseline base.json: it is outside the repository');
  });

  it('a ruleset the configuration extends, under --gate', async () => {
    writeFileSync(join(repo, 'vottur.config.yaml'), 'extends: [./rules.yaml]\n');
    const [present, absent] = await both('rules.yaml', ['lint', 'api.yaml', '--gate', '-f', 'json']);
    expect(present).toBe(absent);
    expect(present).toContain('it is outside the repository');
  });

  it('the accept file of vottur diff', async () => {
    const [present, absent] = await both('accept.yaml', ['diff', 'api.yaml', 'api.yaml', '--accept', 'accept.yaml']);
    expect(present).toBe(absent);
    expect(present).toContain('it is outside the repository');
  });

  it('the data file and the TLS files of vottur test', async () => {
    const data = await both('data.yaml', ['test', 'api.yaml', '--server', 'http://127.0.0.1:9', '--data', 'data.yaml']);
    expect(data[0]).toBe(data[1]);
    expect(data[0]).toContain('cannot read the --data file <repo>/data.yaml: it is outside the repository');
    for (const option of ['--ca', '--cert']) {
      const tls = await both('tls.pem', ['test', 'api.yaml', '--server', 'https://127.0.0.1:9', option, 'tls.pem']);
      expect(tls[0]).toBe(tls[1]);
      expect(tls[0]).toMatch(/^exit 2\n/);
      expect(tls[0]).toContain('it is outside the repository');
    }
  }, 120_000);

  it("a description's $ref", async () => {
    writeFileSync(
      join(repo, 'api.yaml'),
      DESCRIPTION.replace(
        "'200': { description: ok }",
        "'200': { description: ok, content: { application/json: { schema: { $ref: 'schema.yaml' } } } }",
      ),
    );
    const [present, absent] = await both('schema.yaml', ['lint', 'api.yaml', '-f', 'json']);
    expect(present).toBe(absent);
    expect(present).toContain("is a link to a file outside the description's folder, so it is not read");
  });
});
