/**
 * `--fix-overlay` against `--fix`: over every fix fixture, the overlay vottur writes, applied by
 * openapi-format's overlay implementation (which vottur did not write) and by vottur's own
 * `applyOverlay`, gives the document `--fix` writes; and so over every description of the shared
 * catalogue corpus (skipped, visibly, where it is absent).
 */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openapiOverlay } from 'openapi-format';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { runFixes, writeFixOverlay } from '../../src/cli/fix-run.js';
import { applyOverlay, normalizedPath, overlayProblem, type OverlayDocument } from '../../src/fix/overlay.js';
import { CORPUS_DIR, corpusTitle, reportMissingCorpus } from '../corpus.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/fix');
const top = mkdtempSync(join(tmpdir(), 'vottur-overlay-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

const cases = readdirSync(FIXTURES).flatMap((rule) =>
  readdirSync(join(FIXTURES, rule))
    .filter((file) => !file.includes('.fixed.'))
    .map((file) => [rule, file] as const),
);

/** Actions written per fixture, to show the comparison is not over empty overlays. */
const written = new Map<string, number>();

const quiet = { stdout: () => undefined, stderr: () => undefined };

/** Writes the fix overlay and the --fix output of one file; compares both applications of the overlay with --fix's. */
async function compare(source: string, rule: string, file: string): Promise<OverlayDocument> {
  const folder = mkdtempSync(join(top, `${rule}-`));
  const overlaid = join(folder, 'overlaid');
  const fixed = join(folder, 'fixed');
  for (const dir of [overlaid, fixed]) {
    (await import('node:fs')).mkdirSync(dir);
    copyFileSync(source, join(dir, file));
  }
  await writeFixOverlay([join(overlaid, file)], { config: false }, 'fix.overlay.json', { cwd: overlaid, ...quiet });
  await runFixes([join(fixed, file)], { config: false }, { cwd: fixed, ...quiet });
  const overlay = JSON.parse(readFileSync(join(overlaid, 'fix.overlay.json'), 'utf8')) as OverlayDocument;
  const original: unknown = parse(readFileSync(join(overlaid, file), 'utf8'));
  const expected: unknown = parse(readFileSync(join(fixed, file), 'utf8'));
  type Theirs = Parameters<typeof openapiOverlay>;
  const theirs = await openapiOverlay(structuredClone(original) as Theirs[0], {
    overlaySet: overlay as unknown as NonNullable<Theirs[1]>['overlaySet'],
  });
  expect(theirs.data).toEqual(expected);
  expect((await applyOverlay(original, overlay, 'fix.overlay.json')).document).toEqual(expected);
  return overlay;
}

const CATALOGUE = join(CORPUS_DIR ?? '', 'catalogue');
const corpus = CORPUS_DIR
  ? readdirSync(CATALOGUE)
      .filter((name) => /\.(ya?ml|json)$/.test(name))
      .sort()
  : [];
const corpusActions = new Map<string, number>();

describe.skipIf(!CORPUS_DIR)(corpusTitle('--fix-overlay on the catalogue corpus'), () => {
  reportMissingCorpus();
  it.each(corpus)(
    '%s: the overlay applied by openapi-format and by vottur gives what --fix writes',
    { timeout: 120_000 },
    async (name) => {
      const overlay = await compare(join(CATALOGUE, name), 'corpus', name);
      corpusActions.set(name, overlay.actions.length);
    },
  );

  it('compared every description, most with actions', () => {
    expect(corpusActions.size).toBe(corpus.length);
    const withActions = [...corpusActions.values()].filter((count) => count > 0).length;
    expect(withActions, JSON.stringify([...corpusActions])).toBeGreaterThanOrEqual(Math.ceil(corpus.length / 2));
  });
});

describe('--fix-overlay', () => {
  it.each(cases)('%s/%s: the overlay applied gives what --fix writes', async (rule, file) => {
    const folder = mkdtempSync(join(top, `${rule}-`));
    const overlaid = join(folder, 'overlaid');
    const fixed = join(folder, 'fixed');
    for (const dir of [overlaid, fixed]) {
      rmSync(dir, { recursive: true, force: true });
      (await import('node:fs')).mkdirSync(dir);
      copyFileSync(join(FIXTURES, rule, file), join(dir, file));
    }
    await writeFixOverlay([join(overlaid, file)], { config: false }, 'fix.overlay.json', { cwd: overlaid, ...quiet });
    await runFixes([join(fixed, file)], { config: false }, { cwd: fixed, ...quiet });
    const overlay = JSON.parse(readFileSync(join(overlaid, 'fix.overlay.json'), 'utf8')) as OverlayDocument;
    expect(
      overlayProblem({ ...overlay, actions: overlay.actions.length ? overlay.actions : [{ target: '$', update: {} }] }),
    ).toBeUndefined();
    written.set(`${rule}/${file}`, overlay.actions.length);
    const original: unknown = parse(readFileSync(join(overlaid, file), 'utf8'));
    const expected: unknown = parse(readFileSync(join(fixed, file), 'utf8'));
    // The description itself is left as it was.
    expect(readFileSync(join(overlaid, file), 'utf8')).toBe(readFileSync(join(FIXTURES, rule, file), 'utf8'));
    type Theirs = Parameters<typeof openapiOverlay>;
    const theirs = await openapiOverlay(structuredClone(original) as Theirs[0], {
      overlaySet: overlay as unknown as NonNullable<Theirs[1]>['overlaySet'],
    });
    expect(theirs.data).toEqual(expected);
    expect((await applyOverlay(original, overlay, 'fix.overlay.json')).document).toEqual(expected);
    for (const action of overlay.actions)
      expect(action.description).toMatch(/platform-[a-z0-9-]+ at .*\((non-breaking|documentation only)\)/);
  });

  it('compared overlays with actions, not only empty ones', () => {
    const withActions = [...written].filter(([, count]) => count > 0).map(([name]) => name);
    expect(withActions.length, withActions.join(', ')).toBeGreaterThanOrEqual(10);
  });
});

describe('normalizedPath', () => {
  it('escapes quotes and backslashes as RFC 9535 asks', () => {
    expect(normalizedPath(['paths', "/v1/it's", 0, 'a\\b'])).toBe("$['paths']['/v1/it\\'s'][0]['a\\\\b']");
  });
});
