/**
 * Issue 34, attack B18: a kennitala split by markup a reader does not see (`010130**2989**`,
 * ``0101`30`2989``, `01013<!-- -->02989`, `010130<b>2989</b>`), by a separator inside the number
 * (`010130,2989`, `010130'2989`), or written reversed after a right-to-left override, was shown
 * in every format. Masking now reads the text as a reader sees it (pii.ts `readerView`: markup,
 * comments, tags and invisible characters removed, an override's run reversed, positions mapped
 * back) and masks the last four digits in the original. The property: any valid person's
 * kennitala, split at any points by any of a generated set of markup and separators, is masked.
 * Over the CLI: a gated lint shows none of the attack's spellings in any format.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maskNationalIds } from '../src/pii.js';
import { votturInProcess } from './cli/run.js';

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** Valid persons' kennitölur: a real date, two random digits, the right check digit, century 9 or 0. */
const personId = fc
  .record({
    day: fc.integer({ min: 1, max: 28 }),
    month: fc.integer({ min: 1, max: 12 }),
    year: fc.integer({ min: 0, max: 99 }),
    random: fc.integer({ min: 20, max: 99 }),
    century: fc.constantFrom('9', '0'),
  })
  .map(({ day, month, year, random, century }) => {
    const eight = [day, month, year, random].map((n) => String(n).padStart(2, '0')).join('');
    const sum = [...eight].reduce((total, digit, i) => total + Number(digit) * (WEIGHTS[i] ?? 0), 0);
    const check = (11 - (sum % 11)) % 11;
    return check === 10 ? undefined : `${eight}${check}${century}`;
  })
  .filter((id): id is string => id !== undefined && id !== '0101003059');

/** Markup a reader reads through (any run of it), and separators inside a number (one alone). */
const markup = fc.constantFrom(
  '**',
  '*',
  '_',
  '__',
  '`',
  '~~',
  '<!-- -->',
  '<!--x-->',
  '<b>',
  '</b>',
  '<span class="a">',
  '</span>',
  '<br/>',
  '\u200b',
  '\u2060',
  '\u00ad',
);

/** The kennitala split at some points (each split a run of one to two splitters). */
const splitId = fc
  .tuple(
    personId,
    fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }),
    fc.array(
      fc.oneof(
        fc.array(markup, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(',', "'", '\u2019', ' ').map((c) => [c]),
      ),
      { minLength: 4, maxLength: 4 },
    ),
  )
  .map(([id, points, pieces]) => {
    const cuts = [...points].sort((a, b) => a - b);
    let out = '';
    let at = 0;
    cuts.forEach((cut, i) => {
      out += id.slice(at, cut) + (pieces[i] ?? []).join('');
      at = cut;
    });
    return { id, text: out + id.slice(at) };
  });

/** The digits of a text as a reader sees them (markup, tags and comments removed). */
const seen = (text: string) =>
  text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^<>]*>/g, '')
    .replace(/\P{Nd}/gu, '');

describe('a kennitala split by markup or separators is masked (B18)', () => {
  it('any valid kennitala, split anywhere by any markup, in any surrounding text', () => {
    fc.assert(
      fc.property(splitId, fc.constantFrom('', 'Example: ', 'the value `', '| '), ({ id, text }, before) => {
        const masked = maskNationalIds(`${before}${text} end`);
        expect(seen(masked), masked).not.toContain(id);
        expect(seen(masked), masked).toContain(id.slice(0, 6));
      }),
      { seed: 34, numRuns: 1000 },
    );
  });

  it.each([
    ['reversed after a right-to-left override', '\u202e9892031010'],
    ['reversed between an override and its pop', 'id \u202e9892031010\u202c.'],
  ])('%s', (_, text) => {
    expect(maskNationalIds(text)).toContain('****');
  });

  it.each([
    ['digits listed with commas', '0, 1, 0, 1, 3, 0, 2, 9, 8, 9'],
    ['an amount with thousands separators', '1,234,567,890'],
    ["an organisation's, in markup", '540269**6029**'],
    ['a wrong check digit, in a tag', '010130<b>2979</b>'],
  ])('%s is not masked', (_, text) => {
    expect(maskNationalIds(text)).toBe(text);
  });

  it('stays linear on hostile markup', () => {
    const texts = [
      `${'<b>'.repeat(100_000)}0101302989`,
      `${'1,'.repeat(100_000)}`,
      `${'<!--'.repeat(50_000)}0101302989`,
      `\u202e${'1'.repeat(200_000)}`,
      `${'*1'.repeat(100_000)}`,
    ];
    const started = performance.now();
    for (const text of texts) maskNationalIds(text);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

const ATTACK = [
  '010130**2989**',
  '0101`30`2989',
  '01013<!-- -->02989',
  '010130<b>2989</b>',
  '010130,2989',
  "010130'2989",
  '\u202e9892031010',
];

const folder = mkdtempSync(join(tmpdir(), 'vottur-pii-markup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('a gated lint shows none of the attack spellings, in any format', async () => {
  const parameters = ATTACK.map((form, i) => ({
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
    const shown = result.stdout
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#0*39;|&apos;/g, "'")
      .replace(/&#x60;|&#96;/g, '`')
      .replace(/\\([*`_<>'])/g, '$1');
    for (const form of ATTACK) expect(shown.includes(form), `${format}: ${JSON.stringify(form)}`).toBe(false);
    expect(shown.includes('2989'), `${format}: the last four digits`).toBe(false);
  }
}, 60_000);

it('a value holding backticks stays inside its code span in the Markdown report (CommonMark fence)', async () => {
  const { marked } = await import('marked');
  writeFileSync(
    join(folder, 'ticks.json'),
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'M', version: '1.0.0', description: 'x' },
      paths: {
        '/v1/m': {
          get: {
            operationId: 'g',
            parameters: [
              { name: 'nationalId', in: 'query', description: 'd', schema: { type: 'string', example: '12`34`56' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }),
  );
  const result = await votturInProcess(['lint', 'ticks.json', '--gate', '-f', 'markdown'], { cwd: folder });
  const html = await marked.parse(result.stdout);
  expect(html, result.stdout).toContain('<code>12`34`56</code>');
}, 60_000);
