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
import { isPerson } from 'kennitala';
import { maskNationalIds, maskSourceLine } from '../src/pii.js';
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

/**
 * Issue 34, attack C9: a kennitala read through Markdown (`[010130](x)-2989`, `010130\\-2989`), in
 * superscript or circled digits, or with `:` or `+` between its parts. Masking reads digits by
 * compatibility normalisation, Markdown's links, escapes and character references, and any one
 * punctuation or symbol character between the six digits and the four.
 */
const WRITINGS = (() => {
  // Every character whose compatibility normalisation is one ASCII digit (from Unicode's data, not a list),
  // and the digit as decimal and hexadecimal character references.
  const forms: string[][] = [...Array(10).keys()].map((d) => [
    String(d),
    `&#${48 + d};`,
    `&#x${(48 + d).toString(16)};`,
  ]);
  for (let point = 128; point < 0x20000; point++) {
    if (point >= 0xd800 && point <= 0xdfff) continue;
    const character = String.fromCodePoint(point);
    const normal = character.normalize('NFKC');
    if (normal.length === 1 && normal >= '0' && normal <= '9') forms[Number(normal)]?.push(character);
  }
  return forms;
})();

/** Every single punctuation or symbol character (\p{P}, \p{S}) in the BMP. */
const PUNCTUATION_OR_SYMBOL = [...Array(0x10000).keys()]
  .filter((point) => (point < 0xd800 || point > 0xdfff) && /^[\p{P}\p{S}]$/u.test(String.fromCharCode(point)))
  .map((point) => String.fromCharCode(point));

/** A digit in any of its writings. */
const digitIn = (digit: string) => fc.constantFrom(...(WRITINGS[Number(digit)] ?? [digit]));

/** One separator between the six digits and the four: any punctuation or symbol, Markdown-escaped when ASCII, or as a character reference. */
const separator = fc.oneof(
  fc.constantFrom(...PUNCTUATION_OR_SYMBOL),
  fc.constantFrom(...PUNCTUATION_OR_SYMBOL.filter((c) => c.charCodeAt(0) < 128)).map((c) => `\\${c}`),
  fc.constantFrom(...PUNCTUATION_OR_SYMBOL).map((c) => `&#${c.charCodeAt(0)};`),
  fc.constantFrom('-', '', ' '),
);

/** The six digits as a reader may see them written: plain, as a link's text (inline, reference, collapsed), escaped. */
const wrapped = (six: string) =>
  fc.constantFrom(six, `[${six}](https://x.is/a)`, `[${six}][ref]`, `[${six}][]`, `[${six}]`, `[${six}](<x y>)`);

const writtenId = personId.chain((id) =>
  fc
    .tuple(
      fc.tuple(...[...id.slice(0, 6)].map(digitIn)),
      fc.tuple(...[...id.slice(6)].map(digitIn)),
      separator,
      fc.constantFrom('', 'Example: ', 'the value ', '| ', '(see '),
    )
    .chain(([head, tail, between, before]) =>
      wrapped(head.join('')).map((six) => ({ id, before, six, between, tail: tail.join('') })),
    ),
);

describe('a kennitala in any digits, through Markdown, with any one separator (C9)', () => {
  it('is masked: its last four digits, wherever their source is, become ****', () => {
    fc.assert(
      fc.property(writtenId, ({ before, six, between, tail }) => {
        const text = `${before}${six}${between}${tail} end`;
        expect(maskNationalIds(text)).toBe(`${before}${six}${between}**** end`);
      }),
      { seed: 349, numRuns: 2000 },
    );
  });

  it.each([
    ['a Markdown link around a part', '[010130](x)-2989'],
    ['a Markdown backslash escape', '010130\\-2989'],
    ['superscript digits', '⁰¹⁰¹³⁰²⁹⁸⁹'],
    ['circled digits', '⓪①⓪①③⓪②⑨⑧⑨'],
    ['a colon', '010130:2989'],
    ['a plus sign', '010130+2989'],
    ['character references', '&#48;&#x31;&#48;&#49;&#51;&#48;&#x2d;&#50;&#57;&#56;&#57;'],
  ])("%s (the attack's spelling)", (_, text) => {
    expect(maskNationalIds(text)).not.toBe(text);
    expect(maskNationalIds(text).endsWith('****')).toBe(true);
  });

  /** Ten digits that are no person's kennitala (wrong check digit, no such date, an organisation's). */
  const notAPerson = fc.stringMatching(/^[0-9]{10}$/).filter((ten) => !(hasRightCheckDigit(ten) && isPerson(ten)));

  /** Dates, times, phone numbers and counts, in any digits and with any separators. */
  const numberText = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1900, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
      .chain(([y, m, d]) =>
        fc.constantFrom(
          `${y}-${pad(m)}-${pad(d)}`,
          `${pad(d)}.${pad(m)}.${y}`,
          `${y}-${pad(m)}-${pad(d)}T10:30:00Z`,
          `${pad(d)}/${pad(m)}/${y} 10:30`,
          `${y}${pad(m)}${pad(d)}:1030`,
        ),
      ),
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`),
    fc.stringMatching(/^[0-9]{7}$/).map((n) => `+354 ${n.slice(0, 3)} ${n.slice(3)}`),
    fc.stringMatching(/^[0-9]{7}$/).map((n) => `+354${n}`),
    fc.integer({ min: 0, max: 2 ** 48 }).map((n) => n.toLocaleString('en-US')),
    fc
      .tuple(notAPerson, fc.oneof(separator, fc.constant('')))
      .map(([ten, between]) => `${ten.slice(0, 6)}${between}${ten.slice(6)}`),
    fc
      .tuple(notAPerson, separator)
      .chain(([ten, between]) =>
        fc
          .tuple(fc.tuple(...[...ten].map(digitIn)), wrapped(''))
          .map(([digits]) => `${digits.slice(0, 6).join('')}${between}${digits.slice(6).join('')}`),
      ),
  );

  it("never masks a date, a time, a phone number, a count, or ten digits that are no person's kennitala", () => {
    fc.assert(
      fc.property(numberText.filter(noPersonWithin), fc.constantFrom('', 'at ', '[', '| ', 'on '), (text, before) => {
        const written = `${before}${text} end`;
        expect(maskNationalIds(written)).toBe(written);
      }),
      { seed: 3490, numRuns: 2000 },
    );
  });

  it('stays fast on hostile Markdown, references and compatibility digits (100–200k characters)', () => {
    const texts = [
      `${'[1]('.repeat(50_000)}0101302989`,
      `${'](x'.repeat(60_000)}`,
      `${'\\-1'.repeat(50_000)}`,
      `${'&#49;'.repeat(40_000)}`,
      `${'&#4'.repeat(60_000)}0101302989`,
      `${'⁰:'.repeat(100_000)}`,
      `${'①'.repeat(200_000)}`,
      `${'010130:'.repeat(25_000)}2989`,
      `${'[0101'.repeat(40_000)}`,
      `${'&'.repeat(200_000)}0101302989`,
      `${'\u202e[1](x)'.repeat(25_000)}`,
    ];
    const started = performance.now();
    // A source line with a backslash is also read decoded (maskSourceLine's extra passes); others it masks as maskNationalIds does.
    for (const text of texts) (text.includes('\\') ? maskSourceLine : maskNationalIds)(text);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

/**
 * Whether no ten digits in a row of the text (read in any writing, whatever stands between them)
 * are a valid person's kennitala: `28/12/2007 10:30` reads 2812200710, born 28 December 2020,
 * which masking may take for one (digits spread by separators are read as one number).
 */
function noPersonWithin(text: string): boolean {
  const digits = [
    ...text.replace(/&#(x?)([0-9a-f]+);/gi, (_, x: string, n: string) =>
      String.fromCodePoint(parseInt(n, x ? 16 : 10)),
    ),
  ]
    .map((c) => c.normalize('NFKC'))
    .join('')
    .replace(/[^0-9]/g, '');
  for (let i = 0; i + 10 <= digits.length; i++) {
    const ten = digits.slice(i, i + 10);
    if (hasRightCheckDigit(ten) && isPerson(ten)) return false;
  }
  return true;
}

const pad = (n: number) => String(n).padStart(2, '0');

function hasRightCheckDigit(ten: string): boolean {
  const sum = [...ten.slice(0, 8)].reduce((total, digit, i) => total + Number(digit) * (WEIGHTS[i] ?? 0), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(ten[8]);
}

const ATTACK = [
  '010130**2989**',
  '0101`30`2989',
  '01013<!-- -->02989',
  '010130<b>2989</b>',
  '010130,2989',
  "010130'2989",
  '\u202e9892031010',
  '[010130](x)-2989',
  '010130\\-2989',
  '⁰¹⁰¹³⁰²⁹⁸⁹',
  '⓪①⓪①③⓪②⑨⑧⑨',
  '010130:2989',
  '010130+2989',
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
