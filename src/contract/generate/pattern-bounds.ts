/**
 * Bounds on pattern-driven generation: before fast-check is asked for strings matching a
 * description's `pattern`, the longest string it could build is estimated from the pattern's
 * syntax tree (regexpp). `^((a{1000}){1000}){100}$` asks for 10⁸ characters per value — the
 * coverage and fuzz phases ran out of memory on it; such a pattern is not sampled, and the run
 * says so (contract-pattern-unsampled) instead of crashing.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

/** The longest string generated from a pattern (characters): far beyond any real field. */
export const MAX_PATTERN_SAMPLE_LENGTH = 10_000;
/** What an unbounded quantifier (`*`, `+`, `{n,}`) counts for above its minimum: fast-check draws few repetitions. */
const UNBOUNDED_EXTRA = 10;
const OVER = MAX_PATTERN_SAMPLE_LENGTH + 1;

const parser = new RegExpParser({ ecmaVersion: 2025 });
const verdicts = new Map<string, string | undefined>();

/**
 * Why generation cannot sample the pattern within the bounds (a phrase), or undefined when it
 * can. A pattern that does not parse is left to the callers (they skip it as before).
 */
export function unsampledReason(pattern: string): string | undefined {
  if (verdicts.has(pattern)) return verdicts.get(pattern);
  let reason: string | undefined;
  try {
    const ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
    if (longest(ast) > MAX_PATTERN_SAMPLE_LENGTH)
      reason = `can make values longer than ${MAX_PATTERN_SAMPLE_LENGTH} characters, the bound of generated values`;
  } catch {
    reason = undefined;
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
export function lengthUnsampled(minLength: number | undefined): boolean {
  return minLength !== undefined && minLength > MAX_PATTERN_SAMPLE_LENGTH;
}

/** The longest string a node may generate, saturating just above the bound (so 10⁸ is never computed as such). */
function longest(node: AST.Node): number {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return Math.max(0, ...node.alternatives.map(longest));
    case 'Alternative': {
      let sum = 0;
      for (const element of node.elements) {
        sum += longest(element);
        if (sum > MAX_PATTERN_SAMPLE_LENGTH) return OVER;
      }
      return sum;
    }
    case 'Quantifier': {
      const each = longest(node.element);
      const times = Number.isFinite(node.max) ? node.max : node.min + UNBOUNDED_EXTRA;
      if (each === 0 || times === 0) return 0;
      return times > MAX_PATTERN_SAMPLE_LENGTH || each * times > MAX_PATTERN_SAMPLE_LENGTH ? OVER : each * times;
    }
    case 'Assertion':
    case 'Backreference':
      return 0;
    default:
      // A character, a class or a set: one character.
      return 1;
  }
}
