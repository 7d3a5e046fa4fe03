/**
 * A description's `pattern` run in linear time. Patterns come from the document under check, so a
 * backtracking engine (JavaScript's RegExp) would let a pattern such as `^(a+)+$` stall the run on
 * a 33-character value. Here an ECMA-262 pattern (JSON Schema's dialect) is parsed with regexpp and
 * written out in RE2 syntax with JavaScript's meanings kept (`\s` and `.` as JavaScript reads them,
 * `\uXXXX` escapes), then compiled with re2js, whose matching time is linear in the input.
 *
 * What RE2 cannot do — lookaheads, lookbehinds, backreferences, counted repeats over 1000 — is
 * reported as unsupported, never run on a backtracking engine.
 */
import { createRequire } from 'node:module';
import type { AST, RegExpParser } from '@eslint-community/regexpp';
import type { RE2JS } from 're2js';

/** A compiled pattern: `test` finds a match anywhere in the text, like `RegExp.prototype.test`. */
export interface SafePattern {
  test(text: string): boolean;
  toString(): string;
}

export type SafePatternResult = { ok: true; regex: SafePattern } | { ok: false; reason: string };

class Unsupported extends Error {}

/**
 * regexpp and re2js (370 kB of code) are required when the first pattern is compiled, not
 * imported: most descriptions have few patterns or none, and compiling both modules was a part
 * of every `vottur lint`'s start-up. As in ./oas-schema.ts, under Spectral's ruleset loader this
 * module runs as CommonJS code given a `require`.
 */
function requireHere(): NodeJS.Require {
  try {
    return createRequire(import.meta.url);
  } catch {
    return require;
  }
}
let engines: { parser: RegExpParser; RE2JS: typeof RE2JS } | undefined;
function patternEngines(): { parser: RegExpParser; RE2JS: typeof RE2JS } {
  if (!engines) {
    const load = requireHere();
    const { RegExpParser: Parser } = load('@eslint-community/regexpp') as typeof import('@eslint-community/regexpp');
    engines = { parser: new Parser({ ecmaVersion: 2025 }), RE2JS: (load('re2js') as typeof import('re2js')).RE2JS };
  }
  return engines;
}
const cache = new Map<string, SafePatternResult>();

/** The pattern compiled for linear-time matching, or why it cannot be (one phrase). */
export function compileSafePattern(pattern: string, options: { ignoreCase?: boolean } = {}): SafePatternResult {
  const key = options.ignoreCase ? `i\u0000${pattern}` : pattern;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = compile(pattern, options.ignoreCase ?? false);
  if (cache.size > 10_000) cache.clear();
  cache.set(key, result);
  return result;
}

/**
 * A pattern of plain characters only (letters, digits, `/ _ - : , = @ %` and spaces), with an
 * optional leading `^` and trailing `$`: Stripe's `^/v1/accounts`. It means the text itself, so it
 * is matched as text, without loading or running either engine (on Stripe, loading regexpp and
 * re2js and compiling its 58 such patterns were ~3 % of a lint).
 */
const LITERAL = /^(\^?)([A-Za-z0-9/_\-:,=@% ]*)(\$?)$/;

function literalPattern(pattern: string, ignoreCase: boolean): SafePatternResult | undefined {
  const parts = ignoreCase ? null : LITERAL.exec(pattern);
  if (!parts) return undefined;
  const [, start = '', text = '', end = ''] = parts;
  const test =
    start && end
      ? (value: string) => value === text
      : start
        ? (value: string) => value.startsWith(text)
        : end
          ? (value: string) => value.endsWith(text)
          : (value: string) => value.includes(text);
  const shown = `/${pattern}/`;
  return { ok: true, regex: { test, toString: () => shown } };
}

function compile(pattern: string, ignoreCase: boolean): SafePatternResult {
  const literal = literalPattern(pattern, ignoreCase);
  if (literal) return literal;
  let ast: AST.Pattern | undefined;
  let syntaxError = '';
  // JSON Schema patterns are read with the `u` flag (as ajv does); without it where only the
  // older grammar accepts them (`\-` outside a class, `{,3}` as text).
  for (const unicode of [true, false]) {
    try {
      ast = patternEngines().parser.parsePattern(pattern, 0, pattern.length, { unicode });
      break;
    } catch (error) {
      syntaxError ||= error instanceof Error ? error.message : String(error);
    }
  }
  if (!ast) return { ok: false, reason: `it is not a valid regular expression (${syntaxError})` };
  let source: string;
  try {
    source = writePattern(ast);
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.message };
    throw error;
  }
  let re2: RE2JS;
  try {
    const { RE2JS: engine } = patternEngines();
    re2 = engine.compile(source, ignoreCase ? engine.CASE_INSENSITIVE : 0);
  } catch (error) {
    return {
      ok: false,
      reason: `the linear-time engine cannot compile it (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const shown = `/${pattern}/${ignoreCase ? 'i' : ''}`;
  return { ok: true, regex: { test: (text: string) => re2.test(text), toString: () => shown } };
}

// ---------------------------------------------------------------------------------------------
// ECMA-262 → RE2

/** JavaScript's `\s`: WhiteSpace and LineTerminator (wider than RE2's `[\t\n\f\r ]`). */
const SPACE: Array<[number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const DIGIT: Array<[number, number]> = [[0x30, 0x39]];
const WORD: Array<[number, number]> = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const LINE_TERMINATORS: Array<[number, number]> = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const MAX_CODE_POINT = 0x10ffff;
const RE2_MAX_REPEAT = 1000;

function complement(ranges: Array<[number, number]>): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  let next = 0;
  for (const [min, max] of ranges) {
    if (min > next) result.push([next, min - 1]);
    next = max + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

const hex = (code: number) => `\\x{${code.toString(16)}}`;
const rangesText = (ranges: Array<[number, number]>) =>
  ranges.map(([min, max]) => (min === max ? hex(min) : `${hex(min)}-${hex(max)}`)).join('');

function character(code: number): string {
  return /[A-Za-z0-9]/.test(String.fromCodePoint(code)) ? String.fromCodePoint(code) : hex(code);
}

function writePattern(pattern: AST.Pattern): string {
  return pattern.alternatives.map(writeAlternative).join('|');
}

function writeAlternative(alternative: AST.Alternative): string {
  return alternative.elements.map(writeElement).join('');
}

function writeElement(element: AST.Element): string {
  switch (element.type) {
    case 'Character':
      return character(element.value);
    case 'Group':
      return `(?:${element.alternatives.map(writeAlternative).join('|')})`;
    case 'CapturingGroup':
      return `(?:${element.alternatives.map(writeAlternative).join('|')})`;
    case 'Quantifier': {
      if (element.min > RE2_MAX_REPEAT || (element.max !== Infinity && element.max > RE2_MAX_REPEAT)) {
        throw new Unsupported(
          `it repeats a part more than ${RE2_MAX_REPEAT} times ({${element.min},${element.max === Infinity ? '' : element.max}}), which the linear-time engine does not support`,
        );
      }
      const max = element.max === Infinity ? '' : String(element.max);
      const count = element.min === element.max ? `{${element.min}}` : `{${element.min},${max}}`;
      return `(?:${writeElement(element.element)})${count}${element.greedy ? '' : '?'}`;
    }
    case 'CharacterClass':
      return writeClass(element);
    case 'ExpressionCharacterClass':
      throw new Unsupported(
        'it uses class set operations (the `v` flag), which the linear-time engine does not support',
      );
    case 'CharacterSet':
      return writeSet(element, false);
    case 'Assertion':
      switch (element.kind) {
        case 'start':
          return '(?:^)';
        case 'end':
          return '(?:$)';
        case 'word':
          return element.negate ? '\\B' : '\\b';
        default:
          throw new Unsupported(
            `it uses a ${element.kind} (\`${element.raw}\`), which a linear-time engine cannot run`,
          );
      }
    case 'Backreference':
      throw new Unsupported(`it uses a backreference (\`${element.raw}\`), which a linear-time engine cannot run`);
    default:
      throw new Unsupported(`it uses \`${(element as AST.Node).raw}\`, which the linear-time engine does not support`);
  }
}

/** A character set (`\d`, `.`, `\p{L}`...) as RE2 text: a bracketed class, or class content when `inClass`. */
function writeSet(set: AST.CharacterSet, inClass: boolean): string {
  const bracket = (ranges: Array<[number, number]>) => (inClass ? rangesText(ranges) : `[${rangesText(ranges)}]`);
  switch (set.kind) {
    case 'any':
      return bracket(complement(LINE_TERMINATORS));
    case 'digit':
      return bracket(set.negate ? complement(DIGIT) : DIGIT);
    case 'word':
      return bracket(set.negate ? complement(WORD) : WORD);
    case 'space':
      return bracket(set.negate ? complement(SPACE) : SPACE);
    case 'property': {
      if (set.strings)
        throw new Unsupported(
          `it uses a property of strings (\`${set.raw}\`), which the linear-time engine does not support`,
        );
      const name = set.value ?? set.key;
      const known =
        set.key === 'General_Category' ||
        set.key === 'gc' ||
        set.key === 'Script' ||
        set.key === 'sc' ||
        set.value === null;
      if (!known || set.key === 'Script_Extensions' || set.key === 'scx')
        throw new Unsupported(`it uses the property \`${set.raw}\`, which the linear-time engine does not support`);
      return `\\${set.negate ? 'P' : 'p'}{${name}}`;
    }
  }
}

function writeClass(node: AST.CharacterClass): string {
  if (node.unicodeSets)
    throw new Unsupported('it uses class set operations (the `v` flag), which the linear-time engine does not support');
  const parts: string[] = [];
  for (const element of node.elements) {
    if (element.type === 'Character') parts.push(hex(element.value));
    else if (element.type === 'CharacterClassRange') parts.push(`${hex(element.min.value)}-${hex(element.max.value)}`);
    else if (element.type === 'CharacterSet') parts.push(writeSet(element, true));
    else
      throw new Unsupported(
        `it uses \`${(element as AST.Node).raw}\` in a class, which the linear-time engine does not support`,
      );
  }
  // RE2 has no empty class: `[]` matches nothing and `[^]` any character.
  if (parts.length === 0)
    return node.negate ? `[${hex(0)}-${hex(MAX_CODE_POINT)}]` : `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
  return `[${node.negate ? '^' : ''}${parts.join('')}]`;
}
