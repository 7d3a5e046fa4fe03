/**
 * Bounds on pattern-driven generation: before fast-check is asked for strings matching a
 * description's `pattern`, the longest string it could build is estimated from the pattern's
 * syntax tree (regexpp). `^((a{1000}){1000}){100}$` asks for 10⁸ characters per value — the
 * coverage and fuzz phases ran out of memory on it; such a pattern is not sampled, and the run
 * says so (contract-pattern-unsampled) instead of crashing.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import fc from 'fast-check';
import { withoutTrailing } from '../../runtime/text.js';

/** The longest string generated from a pattern (characters): far beyond any real field. */
export const MAX_PATTERN_SAMPLE_LENGTH = 10_000;
/** What an unbounded quantifier (`*`, `+`, `{n,}`) counts for above its minimum: fast-check draws few repetitions. */
const UNBOUNDED_EXTRA = 10;
const OVER = MAX_PATTERN_SAMPLE_LENGTH + 1;

const parser = new RegExpParser({ ecmaVersion: 2025 });
const verdicts = new Map<string, string | undefined>();

/** A pattern's length times the longest value it makes, at most, for it to be sampled (see `unsampledReason`). */
export const MAX_PATTERN_MATCH_WORK = 1_000_000;

/** The longest number of items an array value is made of: a `minItems` beyond it is left out (contract-generation-limit). */
export const MAX_GENERATED_ITEMS = 1_000;

/**
 * Why generation cannot sample the pattern within the bounds (a phrase), or undefined when it
 * can: a pattern whose values may be longer than the bound, one that is no JavaScript pattern in
 * Unicode mode (the generators read it so), and one fast-check cannot sample (a backreference, a
 * lookaround, `\b`). Each is left out of the values made, and the run says so.
 */
export function unsampledReason(pattern: string): string | undefined {
  if (verdicts.has(pattern)) return verdicts.get(pattern);
  let reason: string | undefined;
  let ast: AST.Pattern | undefined;
  try {
    ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    reason = 'is no JavaScript pattern in Unicode mode, which generation reads it as';
  }
  groupLengths.clear();
  const length = ast === undefined ? 0 : longest(ast);
  if (ast !== undefined && length > MAX_PATTERN_SAMPLE_LENGTH)
    reason = `can make values longer than ${MAX_PATTERN_SAMPLE_LENGTH} characters, the bound of generated values`;
  else if (ast !== undefined && pattern.length * Math.max(1, length) > MAX_PATTERN_MATCH_WORK)
    // Each value drawn is matched in linear time, but that time is the pattern's size times the
    // value's length: `^([a-z]{1,9}){300}$` is 3,400 × 2,700 steps a value, and hundreds of values
    // are drawn and matched per input (issue 34, o34r14: no request in 90 s).
    reason = `is ${pattern.length.toLocaleString('en')} characters long and makes values of up to ${length.toLocaleString('en')}: matching each value drawn takes more than ${MAX_PATTERN_MATCH_WORK.toLocaleString('en')} steps, the bound of generation`;
  else if (ast !== undefined && hasUndrawableClass(ast))
    reason =
      'has a negated character class no printable ASCII character matches (such as [^\\s\\S]); fast-check draws such a class from printable ASCII and would retry for ever';
  else if (ast !== undefined) {
    try {
      // Building the arbitrary is where fast-check refuses what it cannot sample (it draws nothing yet).
      fc.stringMatching(new RegExp(pattern, 'u'));
    } catch (error) {
      reason = `cannot be sampled by fast-check (${error instanceof Error ? withoutTrailing(error.message, '.!') : 'refused'})`;
    }
  }
  if (verdicts.size > 10_000) verdicts.clear();
  verdicts.set(pattern, reason);
  return reason;
}

/**
 * True when a `minLength` asks for values longer than generation makes: such a minimum is left out
 * of the values made (the run says so, contract-generation-limit), never a value of a million
 * characters built or a filter retried for ever.
 */
export function lengthUnsampled(minLength: number | undefined, scale = 1): boolean {
  return minLength !== undefined && minLength * Math.max(1, scale) > MAX_PATTERN_SAMPLE_LENGTH;
}

/**
 * True when a `minItems` asks for more items than generation makes — `scale` is how many copies
 * of the array the value holds (the `minItems` of the arrays around it multiplied), so nested
 * arrays of 1,000 items each are not 10⁹ values: left out like a long `minLength`.
 */
export function itemsUnsampled(minItems: number | undefined, scale = 1): boolean {
  return minItems !== undefined && minItems * Math.max(1, scale) > MAX_GENERATED_ITEMS;
}

/** The longest values of the capturing groups backreferences name, for the pattern being measured. */
const groupLengths = new Map<AST.Node, number>();

/** The longest string a node may generate, saturating just above the bound (so 10⁸ is never computed as such). */
function longest(node: AST.Node, open: ReadonlySet<AST.Node> = new Set()): number {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup': {
      const inside = new Set(open).add(node);
      return Math.max(0, ...node.alternatives.map((alternative) => longest(alternative, inside)));
    }
    case 'Alternative': {
      let sum = 0;
      for (const element of node.elements) {
        sum += longest(element, open);
        if (sum > MAX_PATTERN_SAMPLE_LENGTH) return OVER;
      }
      return sum;
    }
    case 'Quantifier': {
      const each = longest(node.element, open);
      const times = Number.isFinite(node.max) ? node.max : node.min + UNBOUNDED_EXTRA;
      if (each === 0 || times === 0) return 0;
      return times > MAX_PATTERN_SAMPLE_LENGTH || each * times > MAX_PATTERN_SAMPLE_LENGTH ? OVER : each * times;
    }
    case 'Backreference': {
      // As long as the group it repeats (`(a{9000})(?:\1){1000}` is 10⁷ characters, not 9,000).
      const groups = Array.isArray(node.resolved) ? node.resolved : [node.resolved];
      // A reference inside its own group (`(a\1)`) matches empty: it is not read again.
      // Each group's length is computed once (`(a)(\1\1)(\2\2)…` doubles per group).
      return Math.max(
        0,
        ...groups.map((group) => {
          if (open.has(group)) return 0;
          const known = groupLengths.get(group) ?? longest(group, open);
          groupLengths.set(group, known);
          return known;
        }),
      );
    }
    case 'Assertion':
      return 0;
    default:
      // A character, a class or a set: one character.
      return 1;
  }
}

/** The printable ASCII characters fast-check draws a negated class's character from (its `grapheme-ascii` unit). */
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/**
 * True when a negated class (`[^\s\S]`, `[^ -~]`) matches no printable ASCII character: fast-check
 * makes its character by filtering printable ASCII, unbounded, so drawing from it never ends.
 */
function hasUndrawableClass(ast: AST.Pattern): boolean {
  let found = false;
  const visit = (node: AST.Node): void => {
    if (found) return;
    if (node.type === 'CharacterClass' && node.negate) {
      let matcher: RegExp | undefined;
      try {
        matcher = new RegExp(`^${node.raw}$`, 'u');
      } catch {
        matcher = undefined;
      }
      if (matcher !== undefined && !PRINTABLE_ASCII.some((c) => matcher.test(c))) found = true;
      return;
    }
    const children: AST.Node[] =
      'alternatives' in node
        ? node.alternatives
        : 'elements' in node
          ? node.elements
          : 'element' in node
            ? [node.element]
            : [];
    for (const child of children) visit(child);
  };
  visit(ast);
  return found;
}
