/**
 * A person's kennitala however a text spreads it (attack B9 of issue 34): zero-width characters
 * and word joiners between any digits, a combining mark on each digit, a middle dot, a full-width
 * or ideographic full stop, NBSP or a soft hyphen anywhere, groups of two. The masking decision is
 * made on the text with invisible characters dropped and separators taken by Unicode category;
 * only a valid person's kennitala is masked (an organisation's is public, a wrong check digit is
 * no kennitala). Also over the CLI: a gated lint shows none of them in any format.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maskNationalIds } from '../src/pii.js';
import { votturInProcess } from './cli/run.js';

const ID = '0101302989';
const each = (join_: (d: string) => string) => [...ID].map(join_).join('');
const SPREAD: Array<[string, string]> = [
  ['zero-width space after digit 2', '01\u200b01302989'],
  ['zero-width space after digit 8', '01013029\u200b89'],
  ['word joiner between all digits', [...ID].join('\u2060')],
  ['ZWJ between all digits', [...ID].join('\u200d')],
  ['a combining underline on each digit', each((d) => `${d}\u0332`)],
  ['a variation selector on each digit', each((d) => `${d}\ufe0f`)],
  ['keycap digits', each((d) => `${d}\ufe0f\u20e3`)],
  ['middle dot', '010130\u00b72989'],
  ['full-width full stop', '010130\uff0e2989'],
  ['ideographic full stop', '010130\u30022989'],
  ['underscore', '010130_2989'],
  ['slash', '010130/2989'],
  ['one-dot leader', '010130\u20242989'],
  ['hyphen bullet', '010130\u20432989'],
  ['NBSP after digit 3', '010\u00a01302989'],
  ['soft hyphen after digit 8', '01013029\u00ad89'],
  ['groups of two with hyphens', '01-01-30-2989'],
  ['groups of two with spaces', '01 01 30 29 89'],
  ['dots and a hyphen', '01.01.30-2989'],
];

describe('a kennitala spread by invisible characters or other separators', () => {
  it.each(SPREAD)('%s is masked', (_, form) => {
    const masked = maskNationalIds(`Parameter example is \`${form}\`.`);
    expect(masked).toContain('****');
    expect(masked.replace(/\P{Nd}/gu, '')).not.toContain('2989');
  });

  it.each([
    ["an organisation's (public)", '54\u200b02696029'],
    ["an organisation's in groups", '54 02 69 60 29'],
    ['a wrong check digit', '01\u200b01302979'],
    ['a wrong check digit in groups', '01 01 30 29 79'],
    ['digits listed with commas', '0, 1, 0, 1, 3, 0, 2, 9, 8, 9'],
    ['eleven digits in groups', '01 01 30 29 891'],
  ])('%s is not masked', (_, form) => {
    expect(maskNationalIds(form)).toBe(form);
  });

  const folder = mkdtempSync(join(tmpdir(), 'vottur-pii-spread-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('a gated lint shows none of them, in any format', async () => {
    const parameters = SPREAD.map(([, form], i) => ({
      name: `nationalId${i}`,
      in: 'query',
      description: `A kennitala such as ${form}.`,
      schema: { type: 'string', example: form },
    }));
    writeFileSync(
      join(folder, 'api.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'M', version: '1.0.0', description: 'x' },
        paths: { '/v1/m': { get: { operationId: 'g', parameters, responses: { '200': { description: 'ok' } } } } },
      }),
    );
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab', 'markdown', 'html']) {
      const result = await votturInProcess(['lint', 'api.json', '--gate', '-f', format], { cwd: folder });
      expect(result.stdout.length, format).toBeGreaterThan(0);
      const shown = result.stdout.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
      for (const [name, form] of SPREAD) expect(shown.includes(form), `${format}: ${name}`).toBe(false);
    }
  });
});

describe('spread masking over hostile text', () => {
  it('stays linear: long runs of invisible characters and separators between digits', () => {
    const texts = [
      `${'\u200b'.repeat(200_000)}0101302989`,
      `${[...'0123456789'].join('\u200b'.repeat(20_000))}`,
      `${'1 '.repeat(100_000)}`,
      `${'1\u0301'.repeat(100_000)}`,
      `${'\\u200b'.repeat(50_000)}0101302989`,
    ];
    const started = performance.now();
    for (const text of texts) maskNationalIds(text);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
