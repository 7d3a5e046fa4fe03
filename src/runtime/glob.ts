/**
 * Globs a configuration writes (`overrides[].files`) matched in time linear in the path. picomatch
 * turns a glob into a backtracking JavaScript RegExp: `a/@(*a)` written 28 times took 105 s on
 * one path. Here picomatch's regular expression runs on RE2 (re2js) instead. Its lookaheads only
 * keep `*` from matching an empty segment, `.` or `..`, which a path relative to the configuration
 * (normalised, never empty) does not hold; they are left out, since RE2 has none.
 */
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';
import { CouldNotRunError } from '../errors.js';

/** The longest glob a configuration may write. */
export const MAX_GLOB_LENGTH = 512;

const require = createRequire(import.meta.url);
let picomatch: typeof import('picomatch') | undefined;
let re2: typeof RE2JS | undefined;

/** The regular expression's source without its `(?!…)` and `(?=…)` groups (balanced, escapes kept). */
export function withoutLookarounds(source: string): string {
  let out = '';
  for (let i = 0; i < source.length;) {
    if (source[i] === '\\') {
      out += source.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (source.startsWith('(?!', i) || source.startsWith('(?=', i)) {
      let depth = 0;
      let j = i;
      for (; j < source.length; j++) {
        if (source[j] === '\\') {
          j++;
          continue;
        }
        if (source[j] === '(') depth++;
        else if (source[j] === ')' && --depth === 0) break;
      }
      i = j + 1;
      continue;
    }
    out += source[i];
    i++;
  }
  return out;
}

/** A matcher for `glob` (picomatch syntax, `dot: true`) that runs in linear time; `where` names it in errors. */
export function linearGlobMatcher(glob: string, where: string): (path: string) => boolean {
  if (glob.length > MAX_GLOB_LENGTH)
    throw new CouldNotRunError(
      `${where}: a glob of ${glob.length} characters is longer than ${MAX_GLOB_LENGTH}; write a shorter one`,
    );
  picomatch ??= require('picomatch') as typeof import('picomatch');
  re2 ??= (require('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  let pattern: RE2JS;
  try {
    pattern = re2.compile(withoutLookarounds(picomatch.makeRe(glob, { dot: true }).source));
  } catch {
    throw new CouldNotRunError(
      `${where}: the glob ${JSON.stringify(glob)} cannot be matched safely; write it with *, **, ?, [...] and {a,b}`,
    );
  }
  const compiled = pattern;
  return (path) => compiled.matches(path);
}
