/**
 * Text taken from a description or a server is hostile: a path key, a message quoting a value, a
 * file name or a response header may hold terminal escape sequences (clear the screen, hide a line,
 * forge a link), line breaks that start a CI workflow command (`::error …`, `::stop-commands::…`),
 * or Unicode controls that reorder what a reader sees. Every format shows such text only escaped:
 * a control character as `\u001b`, and in one-line text a line break as `\n`.
 */

/**
 * Characters a terminal, a CI log or an editor acts on rather than shows: C0 controls but tab and
 * line feed, DEL, C1 controls (an 8-bit CSI is 0x9b), the Unicode line and paragraph separators,
 * every format character (\p{Cf}: the bidirectional controls of Trojan Source, zero-width spaces
 * and joiners, the soft hyphen, U+FEFF, U+180E, U+206A–U+206F, the tag characters U+E0000–U+E007F)
 * and the characters that show as nothing (U+034F and the Hangul fillers U+115F, U+1160, U+3164,
 * U+FFA0): each can hide or reorder what a reader sees.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/gu;
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/u;
const BREAK_CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/gu;
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/gu;
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped
const HAS_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/u;

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Each UTF-16 unit as `\uXXXX` (a tag character, outside the BMP, as its surrogate pair). */
function unicodeEscape(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** The text with every control character shown as `\uXXXX`; tab and line feed kept (multi-line formats). */
export function escapeControls(text: string): string {
  return HAS_CONTROL.test(text) ? text.replace(CONTROL, unicodeEscape) : text;
}

/**
 * As `escapeControls`, but carriage returns kept too: for a format that encodes line breaks its
 * own way (a GitHub workflow command writes them as `%0D` and `%0A`).
 */
export function escapeControlsKeepingBreaks(text: string): string {
  return HAS_CONTROL.test(text) ? text.replace(BREAK_CONTROL, unicodeEscape) : text;
}

/** The text as one line: control characters as `\uXXXX`, line feed, carriage return and tab as `\n`, `\r`, `\t`. */
export function escapeLine(text: string): string {
  return HAS_LINE_CONTROL.test(text) ? text.replace(LINE_CONTROL, (c) => SHORT[c] ?? unicodeEscape(c)) : text;
}

/**
 * What a GitHub runner skips at the start of a line before it looks for `::`: its command parser
 * (`ActionCommand.TryParseV2`) calls .NET `String.TrimStart()`, which removes every character for
 * which `char.IsWhiteSpace` holds: U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000–U+200A,
 * U+2028, U+2029, U+202F, U+205F and U+3000. Beside them, what a line may start with that a log
 * viewer or another runner may skip too, so a command behind it is neutralised as well: colour
 * codes (ESC [ … m) and every character that shows as nothing (C0 and C1 controls, \p{Cf} such as
 * U+200B and U+FEFF, U+034F and the Hangul fillers). Taking too much here costs one `\u003a`;
 * too little, a command in the CI log. The one definition every neutraliser below uses.
 */
const RUNNER_WHITE_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const RUNNER_SKIPPED = `(?:\\u001b\\[[0-9;]*m|[${RUNNER_WHITE_SPACE}\\u0000-\\u001f\\u007f-\\u009f\\p{Cf}\\u034f\\u115f\\u1160\\u3164\\uffa0])*`;
/** A line that starts a workflow command: what the runner skips, then `::` (the skipped part captured). */
const COMMAND_START = new RegExp(`^(${RUNNER_SKIPPED})::`, 'u');
/** The runner reads its standard output a line at a time: a line ends at CR, LF or CR LF. */
const RUNNER_LINE_BREAK = /(\r\n|\r|\n)/;

/** Every line of a text (as the runner splits it) through `fix`, the line breaks kept. */
function eachRunnerLine(text: string, fix: (line: string) => string): string {
  if (!text.includes('::') && !text.includes('##[')) return text;
  const parts = text.split(RUNNER_LINE_BREAK);
  for (let i = 0; i < parts.length; i += 2) parts[i] = fix(parts[i] as string);
  return parts.join('');
}

/**
 * A line a CI runner would take as a command made harmless: GitHub Actions runs a line whose
 * start, after what it skips (`RUNNER_SKIPPED`: any Unicode white space, colour codes, invisible
 * characters), is `::` (`::error …`, `::add-mask::…`), and its older syntax `##[…]` anywhere in a
 * line. The first `:` is shown as `\u003a`, the `#` of `##[` as `\u0023`: the text stays readable
 * and the runner ignores it.
 */
export function neutraliseCommands(line: string): string {
  let out = line;
  const start = COMMAND_START.exec(out);
  if (start) out = `${start[1]}\\u003a:${out.slice(start[0].length)}`;
  if (out.includes('##[')) out = out.replaceAll('##[', '#\\u0023[');
  return out;
}

/** Every line of a text (split where the runner splits: CR, LF) through `neutraliseCommands`. */
export function neutraliseCommandLines(text: string): string {
  return eachRunnerLine(text, neutraliseCommands);
}

/**
 * A writer of standard output through which no workflow command reaches a CI runner (issue 34,
 * attack B9): every line of every text written is neutralised (`neutraliseCommandLines`), whatever
 * wrote it — a report format, a `--fix-dry-run` patch, a bundle, help. The one place output
 * reaches standard output, so a writer that forgets to neutralise cannot let a command through.
 * A line split over two writes is held back until its end (or `flush`), since the runner decides
 * on the whole line. What vottur means as a command (the github format's annotations, escaped as
 * the runner reads them) is written through `commands`, after what is held back.
 */
export function commandSafeWriter(write: (text: string) => void): {
  write: (text: string) => void;
  commands: (text: string) => void;
  flush: () => void;
} {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(neutraliseCommandLines(text));
  };
  return {
    write: (text) => {
      // Only the new text is searched for the last line break (a line written in many pieces stays linear).
      const end = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
      if (end < 0) {
        pending += text;
        return;
      }
      const whole = pending + text.slice(0, end + 1);
      pending = text.slice(end + 1);
      write(neutraliseCommandLines(whole));
    },
    commands: (text) => {
      flush();
      write(text);
    },
    flush,
  };
}

/**
 * As `neutraliseCommandLines`, for XML and HTML text (JUnit, the HTML report, the catalogue
 * dashboard): a character reference (`&#58;`, `&#35;`) instead of `\u003a`, so a parser reads the
 * same text back and the runner, reading the raw lines on standard output, sees no command. Only
 * for markup outside `<script>` and `<style>` (where references are not decoded) and outside CDATA
 * and comments.
 */
export function neutraliseMarkupCommands(text: string): string {
  return eachRunnerLine(text, (line) => {
    const start = COMMAND_START.exec(line);
    const out = start ? `${start[1]}&#58;:${line.slice(start[0].length)}` : line;
    return out.includes('##[') ? out.replaceAll('##[', '&#35;#[') : out;
  });
}

/**
 * Every string inside a JSON-like value (keys too) through `escape`, sharing what needs no change:
 * an array or object none of whose strings changes is the value itself, not a copy (a report of
 * 22,000 findings without a control character is not copied). The result must not be changed.
 * Members named in `unread` are neither read nor escaped (a format that never shows them: stylish
 * and a finding's fingerprint, computed only when read); a copy keeps them as they are.
 */
export function escapedView<T>(value: T, escape: (text: string) => string, unread?: ReadonlySet<string>): T {
  if (typeof value === 'string') return escape(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const escaped = escapedView(item, escape, unread);
      if (copy === undefined && escaped !== item) copy = value.slice(0, i);
      copy?.push(escaped);
    }
    return (copy ?? value) as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    let copy: Record<string, unknown> | undefined;
    const keys = Object.keys(value);
    const record = value as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      if (unread?.has(key)) {
        // Not read (a computed-when-read member stays uncomputed); a copy takes it as it is.
        if (copy) Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor);
        continue;
      }
      const item = record[key];
      const escapedKey = escape(key);
      const escaped = escapedView(item, escape, unread);
      if (copy === undefined && (escaped !== item || escapedKey !== key)) {
        copy = {};
        // What a computed-when-read member is computed from is kept under a symbol (src/lint/lint.ts
        // `lazyFingerprint`): the copy, which takes that member's getter, keeps it too.
        for (const symbol of Object.getOwnPropertySymbols(value))
          Object.defineProperty(copy, symbol, Object.getOwnPropertyDescriptor(value, symbol) as PropertyDescriptor);
        for (const k of keys.slice(0, i))
          Object.defineProperty(
            copy,
            k,
            unread?.has(k)
              ? (Object.getOwnPropertyDescriptor(value, k) as PropertyDescriptor)
              : { value: record[k], enumerable: true, writable: true, configurable: true },
          );
      }
      // defineProperty: a `__proto__` key stays data.
      if (copy)
        Object.defineProperty(copy, escapedKey, {
          value: escaped,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return (copy ?? value) as T;
  }
  return value;
}

/**
 * JSON text with the characters JSON.stringify leaves raw but a terminal or an editor acts on
 * (DEL, C1 controls, bidirectional controls, line separators) written as `\uXXXX` escapes, and
 * the `#` of a workflow command's `##[`: the same JSON value, safe to `cat` and to print in CI.
 * JSON.stringify already escapes C0 controls.
 */
/** DEL or any unit above it (a surrogate too): where such a character may be. */
const NOT_ASCII = /[\u007f-\uffff]/;
const JSON_RAW_CONTROL = /[\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/gu;
export function escapeJsonText(json: string): string {
  // `##[` starts a GitHub workflow command anywhere in a line; `\u0023` is the same `#` to a JSON reader.
  // Every such character is above U+007E (an astral one is two surrogates): text all ASCII, as a
  // report mostly is, is checked by a scan without Unicode property classes, ~8× faster.
  const escaped = NOT_ASCII.test(json) ? json.replace(JSON_RAW_CONTROL, unicodeEscape) : json;
  return escaped.includes('##[') ? escaped.replaceAll('##[', '#\\u0023[') : escaped;
}
