/**
 * Patterns read over the alphabet a value's location can carry (issue 34, attack B15). A header
 * pattern `^\s*x\s*$` drawn as it is gives whitespace-laden values (`"\r \t\fx  \f"`) that HTTP
 * trims or cannot carry, so every draw was refused and a satisfiable parameter was an error-level
 * contract-generation-limit, although `x` is valid and carriable. Drawing then rejecting cannot
 * find the few carriable values; instead, every character-matching part of the pattern (a
 * character, a class, `.`, `\s`, `\p{…}`) is replaced by the characters of the location's
 * alphabet it matches, and values are generated from that pattern. Its values are values of the
 * original pattern (a class only shrinks; negative lookarounds are left as written), so they still
 * go through the same checks (the pattern, ajv, `lostInTransit`) before being sent as known valid.
 */
import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';

/** What a header can carry as it is (RFC 9110 field-value: visible ASCII, a space inside). */
export const HEADER_ALPHABET = charactersOf(0x20, 0x7e);

/**
 * What a cookie value can carry as it is (RFC 6265 cookie-octet: visible ASCII but `"`, `,`, `;`
 * and `\`), less `%`: a value without `%` reads the same whether a server decodes it or not.
 */
export const COOKIE_ALPHABET = charactersOf(0x21, 0x7e).replace(/["%,;\\]/g, '');

function charactersOf(first: number, last: number): string {
  let out = '';
  for (let code = first; code <= last; code++) out += String.fromCharCode(code);
  return out;
}

const parser = new RegExpParser({ ecmaVersion: 2025 });
const carried = new Map<string, string | undefined>();
/** Patterns whose carried form is kept (each is a parse and a few hundred regex tests). */
const MAX_CACHED = 2_000;

/**
 * The pattern with each character-matching part narrowed to the alphabet, or undefined when it
 * cannot be (no JavaScript pattern in Unicode mode, or a part that no character of the alphabet
 * matches: the pattern has no value the location carries there, and the original is drawn).
 */
export function carriedPattern(pattern: string, alphabet: string): string | undefined {
  const key = `${alphabet}\u0000${pattern}`;
  if (carried.has(key)) return carried.get(key);
  const made = narrow(pattern, alphabet);
  if (carried.size > MAX_CACHED) carried.clear();
  carried.set(key, made);
  return made;
}

type Matcher = AST.Character | AST.CharacterClass | AST.CharacterSet | AST.ExpressionCharacterClass;

function narrow(pattern: string, alphabet: string): string | undefined {
  let ast: AST.Pattern;
  try {
    ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
  const parts: Matcher[] = [];
  const take = (node: Matcher) => {
    // Inside a class the class is the part; inside a negative lookaround narrowing would widen the language.
    if (node.parent.type !== 'Alternative' && node.parent.type !== 'Quantifier') return;
    if (underNegation(node)) return;
    parts.push(node);
  };
  visitRegExpAST(ast, {
    onCharacterEnter: take,
    onCharacterClassEnter: take,
    onCharacterSetEnter: take,
    onExpressionCharacterClassEnter: take,
  });
  let out = '';
  let at = 0;
  for (const part of parts.sort((a, b) => a.start - b.start)) {
    if (part.start < at) continue;
    let test: RegExp;
    try {
      test = new RegExp(`^(?:${part.raw})$`, 'u');
    } catch {
      return undefined;
    }
    const kept = [...alphabet].filter((character) => test.test(character));
    if (kept.length === 0) return undefined;
    out += pattern.slice(at, part.start) + classOf(kept);
    at = part.end;
  }
  return out + pattern.slice(at);
}

function underNegation(node: AST.Node): boolean {
  for (let at: AST.Node | null = node.parent; at !== null; at = at.parent)
    if (at.type === 'Assertion' && (at.kind === 'lookahead' || at.kind === 'lookbehind') && at.negate) return true;
  return false;
}

/** A class of exactly these characters, each escaped (`\u0020`), so no character is read as syntax. */
function classOf(characters: readonly string[]): string {
  return `[${characters.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`;
}
