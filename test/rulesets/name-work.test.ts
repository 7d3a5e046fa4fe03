/**
 * Issue 34, B4: the rules' work on a name grows linearly with the name. Joining every tail of a
 * name's words (a query parameter `aA` × 10,000 took 60 s) and `/([A-Z]+)([A-Z][a-z])/g` on a run
 * of capitals (80,000 took 43 s) were quadratic. The work is counted (characters joined, the
 * backtracking analysis of every pattern), never timed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACRONYM_BEFORE_WORD,
  firstTailWithin,
  isStrictCamelCase,
  isStrictPascalCase,
  nameWords,
  toCamelCase,
  toKebabCase,
} from '../../rulesets/lib/conventions.js';
import { firstWords, isForeignPersonIdName } from '../../rulesets/lib/national-id.js';
import { DEFAULT_VOCABULARY, matchNationalIdAlias } from '../../rulesets/lib/vocabulary.js';
import { lintDocument } from '../../src/lint/lint.js';

/** The characters `Array.prototype.join` produced while `work` ran. */
function charactersJoined(work: () => void): number {
  const spy = vi.spyOn(Array.prototype, 'join');
  try {
    work();
    return spy.mock.results.reduce(
      (total, result) => total + (typeof result.value === 'string' ? result.value.length : 0),
      0,
    );
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('issue 34, B4: a long name costs work linear in its length', () => {
  it.each([
    [
      'a foreign identifier term (platform-national-id-name)',
      (name: string) => isForeignPersonIdName(`${name}Personnummer`),
    ],
    ['a national identifier alias', (name: string) => matchNationalIdAlias(`${name}Kennitala`, DEFAULT_VOCABULARY)],
  ])('%s: the characters joined are at most twice the name', (_what, judge) => {
    const name = 'aA'.repeat(4000);
    const joined = charactersJoined(() => judge(name));
    // The old loops joined every tail: about 16,000,000 characters here.
    expect(joined).toBeLessThanOrEqual(2 * name.length);
  });

  it('the tails it skips are each longer than the longest term', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 30 }), fc.nat(20), (words, max) => {
        const start = firstTailWithin(words, max);
        expect(words.slice(start).join('').length).toBeLessThanOrEqual(max);
        if (start > 0) expect(words.slice(start - 1).join('').length).toBeGreaterThan(max);
      }),
    );
  });

  it('the acronym split marks the places the old pattern marked, on any short name', () => {
    const letter = fc.constantFrom(...'aAbBZz09_- .'.split(''));
    fc.assert(
      fc.property(
        fc.array(letter, { maxLength: 24 }).map((letters) => letters.join('')),
        (name) => {
          expect(name.replace(ACRONYM_BEFORE_WORD, ' ')).toBe(name.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2'));
          const oldStrict = (pattern: RegExp) =>
            pattern.test(name) && !/[A-Z]{2,}(?![a-z])/.test(name) && !/[A-Z]{3,}[a-z]/.test(name);
          expect(isStrictCamelCase(name)).toBe(oldStrict(/^[a-z][a-zA-Z0-9]*$/));
          expect(isStrictPascalCase(name)).toBe(oldStrict(/^[A-Z][a-zA-Z0-9]*$/));
        },
      ),
    );
  });

  it('a run of capitals is one word, its last capital starting the word after it', () => {
    const name = `get${'A'.repeat(2000)}Spec`;
    expect(nameWords(name).map((word) => word.length)).toEqual([3, 2000, 4]);
    expect(toKebabCase(name).length).toBe(name.length + 2);
    expect(toCamelCase(name).length).toBe(name.length);
  });
});

describe("issue 34, B5: a rule that needs a text's first words reads a bounded prefix", () => {
  /** The old reading: the whole text lower-cased and split. */
  const allWords = (text: string) =>
    text
      .toLowerCase()
      .replace(/ø/g, 'o')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z]+/)
      .filter(Boolean);

  it('the first words are those of the whole text, on any text', () => {
    const piece = fc.constantFrom(
      'a',
      'B',
      ' ',
      'ø',
      'é',
      'e\u0301',
      '-',
      'kennitala',
      'x'.repeat(300),
      '\u{1F600}',
      'ß',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), fc.integer({ min: 1, max: 6 }), (pieces, count) => {
        const text = pieces.join('');
        expect(firstWords(text, count)).toEqual(allWords(text).slice(0, count));
      }),
    );
  });

  it('four words of a 200,000-character text lower-case a prefix of at most 1,024 characters', () => {
    const text = 'Fødselsnummer til skyldner '.repeat(8000);
    const spy = vi.spyOn(String.prototype, 'toLowerCase');
    try {
      expect(firstWords(text, 4)).toEqual(['fodselsnummer', 'til', 'skyldner', 'fodselsnummer']);
      const read = spy.mock.results.reduce(
        (total, result) => total + (typeof result.value === 'string' ? result.value.length : 0),
        0,
      );
      // The old reading lower-cased all 216,000.
      expect(read).toBeLessThanOrEqual(1024);
    } finally {
      spy.mockRestore();
    }
  });
});

/**
 * How many times `work` handed `text` to a regular expression or a string method that scans it
 * (test, exec, search, match, split, toLowerCase), counted rather than timed.
 */
async function readsOf(text: string, work: () => Promise<unknown>): Promise<number> {
  let reads = 0;
  // Patched by hand, not spied: a spy keeps every call's arguments, and the old code made millions.
  const methods: Array<[Record<string, unknown>, string, boolean]> = [
    [RegExp.prototype as unknown as Record<string, unknown>, 'test', false],
    [RegExp.prototype as unknown as Record<string, unknown>, 'exec', false],
    [String.prototype as unknown as Record<string, unknown>, 'search', true],
    [String.prototype as unknown as Record<string, unknown>, 'match', true],
    [String.prototype as unknown as Record<string, unknown>, 'split', true],
    [String.prototype as unknown as Record<string, unknown>, 'toLowerCase', true],
  ];
  const originals = methods.map(([owner, name]) => owner[name] as (this: unknown, ...args: unknown[]) => unknown);
  methods.forEach(([owner, name, onThis], i) => {
    const original = originals[i];
    owner[name] = function (this: unknown, ...args: unknown[]) {
      if ((onThis ? this : args[0]) === text) reads++;
      return original.apply(this, args);
    };
  });
  try {
    await work();
  } finally {
    methods.forEach(([owner, name], i) => (owner[name] = originals[i]));
  }
  return reads;
}

describe('issue 34, o34r16 B5: a description shared by $ref is read once, not once per reference', () => {
  it('a long description that 300 properties reference is scanned a bounded number of times', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-fan-'));
    try {
      const description = 'Describes the national id kennitala of the amount in ISK. '.repeat(2000);
      const properties = Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [`p${i}`, { $ref: '#/components/schemas/Big' }]),
      );
      const document = {
        openapi: '3.0.3',
        info: { title: 'T', version: '1.0.0', description: 'Things.' },
        paths: {
          '/v1/things': {
            get: {
              responses: {
                '200': {
                  description: 'OK',
                  content: { 'application/json': { schema: { type: 'object', properties } } },
                },
              },
            },
          },
        },
        components: { schemas: { Big: { type: 'integer', description } } },
      };
      const file = join(dir, 'fan.json');
      writeFileSync(file, JSON.stringify(document));
      const reads = await readsOf(description, () => lintDocument(file));
      // Each reader once per text; the old readers scanned it at every reference (thousands of times).
      expect(reads).toBeLessThan(60);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
