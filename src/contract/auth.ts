/**
 * Credentials for the contract tests: static headers (`--header`), a bearer token (`--bearer`),
 * or an OAuth 2.0 client-credentials token fetched from `--token-url` with oauth4webapi, plus the
 * `X-Road-Client` header. The client-credentials flow also yields the token *without* the
 * required scope that the 403 probe needs.
 *
 * Secrets (tokens, the client secret, header values) are collected so that every message vottur
 * prints can be scrubbed of them; they never appear in a report.
 */
import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { CouldNotRunError } from '../errors.js';
import { loadTlsMaterial, tlsFetch, type TlsOptions } from '../runtime/tls.js';
import { cwdOf, envOf } from '../runtime/process-defaults.js';
import { isLoopbackUrl } from '../runtime/host.js';
import { thrownField, thrownText, type TokenRenewal } from './http.js';
import { withoutTrailing } from '../runtime/text.js';
import { reading, readingText, type Reading } from '../runtime/reading.js';
import { base32, base32hex, base58 } from '@scure/base';
import { base64Runs, textBytes } from '../runtime/encodings.js';

export interface OAuthClientCredentials {
  tokenUrl: string;
  clientId: string;
  /** Defaults to the environment variable `VOTTUR_CLIENT_SECRET`. */
  clientSecret?: string;
  /** Space-separated scopes; defaults to the scopes the description's security requirements name. */
  scope?: string;
}

export interface AuthOptions {
  /** `Name: value` headers sent with every authenticated request (`--header`, repeatable). */
  headers?: string[];
  /** A token sent as `Authorization: Bearer <token>`. */
  bearer?: string;
  /**
   * A valid token that lacks the scopes the operations require (`--bearer-without-scope`): the 403
   * probe sends it, as it sends one the token endpoint issued for another scope.
   */
  bearerWithoutScope?: string;
  oauth?: OAuthClientCredentials;
  /** Sent as `X-Road-Client` on every request (the caller's subsystem on the data exchange layer). */
  xroadClient?: string;
  /** Send a new `X-Road-Id` (a UUID) with every request, as a security server's client does. */
  xroadId?: boolean;
  /** A client certificate to present and a private CA to trust (paths relative to `cwd`). */
  tls?: TlsOptions;
  /** The folder TLS paths are relative to (default: the working directory). */
  cwd?: string;
  /** Where the client secret and the key's passphrase are read from (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
}

export interface Credentials {
  /** Sent with every request, probes without credentials included (`X-Road-Client`). */
  base: Record<string, string>;
  /** Sent with authenticated requests. */
  full: Record<string, string>;
  /** Headers with a token that lacks the required scope, for the 403 probe. */
  noScope?: Record<string, string>;
  /** Why there is no such token, when there is none. */
  noScopeReason?: string;
  /** Values that must never be printed. */
  secrets: string[];
  /** True when some credential was given (headers, bearer or OAuth). */
  hasCredentials: boolean;
  /** Headers new for every request (`X-Road-Id`). */
  perRequest?: () => Record<string, string>;
  /** The `fetch` that presents the client certificate and trusts the private CA, when TLS material was given. */
  fetch?: typeof globalThis.fetch;
  /** Ends the TLS connections (call when the run is over). */
  close?: () => Promise<void>;
  /** True when `fetch` presents a client certificate. */
  clientCertificate?: boolean;
  /** Renews the client-credentials tokens (OAuth only); `send` uses it for every request. */
  tokens?: TokenRenewal & { renewals(): number };
}

export const CLIENT_SECRET_ENV = 'VOTTUR_CLIENT_SECRET';

/** `Name: value` → [name, value]; a one-line error for anything else. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (!name || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new CouldNotRunError(
      `--header must look like "Name: value" (got "${text.length > 40 ? `${text.slice(0, 37)}...` : colon === -1 ? text : `${text.slice(0, colon)}: ...`}")`,
    );
  }
  return [name, text.slice(colon + 1).trim()];
}

/** Replaces every secret in a text with `***`. */
/** A secret at least this long is masked wherever it appears; a shorter one only as a whole value. */
export const SUBSTRING_SECRET_LENGTH = 12;

/**
 * Masks secrets in text the run prints. A long secret is masked wherever it appears; a short one
 * (a test password such as `wrong`) only where it stands as a whole value — in a header, a query
 * or form value, a quoted string, after `Bearer ` — so that a server's prose ("unknown client, or
 * wrong client secret") is not turned into nonsense.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  // Tokens renewed during a run join `secrets`; the masks are rebuilt when it grows.
  let seen = -1;
  let mask: (text: string) => string = (text) => text;
  return (text) => {
    if (secrets.length !== seen) {
      seen = secrets.length;
      mask = masker(secrets);
    }
    return mask(text);
  };
}

/**
 * The forms of a secret a reader decodes at sight, besides the secret itself (issue 34: a hostile
 * server echoed the token re-encoded into its answer, and the report printed it). Derived once
 * per secret; percent-encoding, JSON `\u` escapes and HTML character references are decoded in
 * the reader's view of the text instead (`readerView`), so a partly encoded echo is the secret
 * too, and case is ignored for long secrets (`SECRET` reversed in case is still the secret):
 *
 * - hex of its UTF-8, UTF-16LE and UTF-16BE bytes;
 * - base64 and base64url of those bytes, alone (padded or not) and within a longer encoded text
 *   (Basic credentials `id:secret`, a JSON body): at each of the three byte alignments, the
 *   characters that its bytes alone decide (`base64`: matched with white space inside a run
 *   ignored too, as MIME and PEM wrap base64 lines);
 * - the secret and its hex reversed, and in rot13 (attack r16: a server echoed both).
 */
function encodedForms(secret: string): { anywhere: string[]; whole: string[]; base64: string[] } {
  // The character sets and encodings the national-identifier masker reads back (src/runtime/encodings.ts).
  const charsets = textBytes(secret);
  const utf8 = charsets[0] as Buffer;
  const anywhere = new Set<string>();
  const whole = new Set<string>();
  for (const bytes of charsets) {
    anywhere.add(bytes.toString('hex'));
    const forms = base64Forms(bytes);
    for (const form of forms.anywhere) anywhere.add(form);
    for (const form of forms.whole) whole.add(form);
  }
  const base64 = [...anywhere, ...whole].filter((form) => !/^[0-9a-f]*$/.test(form));
  const hex = utf8.toString('hex');
  for (const form of [secret, hex]) {
    anywhere.add([...form].reverse().join(''));
    anywhere.add(rot13(form));
  }
  return { anywhere: [...anywhere], whole: [...whole], base64 };
}

/**
 * The secret's bytes in the notations that write a byte as a number (attack o34r17 B7), each as
 * its reading (`src/runtime/reading.ts`), which sets aside what stands between the bytes — so hex
 * with a separator between bytes (`53:45`, `53 45`), quoted-printable (`=53=45`), CSS (`\53 \45 `)
 * are read as hex — and the notations a reading does not bring back to one already masked: decimal
 * and octal bytes (`83,69`, `\123\105`), `\x53\x45`, percent-encoding done twice (`%2553`), the
 * bytes reversed in hex, base32 (and its hex alphabet) and base58.
 */
function byteNotations(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const each = (write: (byte: number) => string) => [...bytes].map(write).join('');
  return [
    secret,
    each((byte) => byte.toString(16).padStart(2, '0')),
    each((byte) => String(byte)),
    each((byte) => byte.toString(8)),
    each((byte) => `x${byte.toString(16).padStart(2, '0')}`),
    each((byte) => `25${byte.toString(16).padStart(2, '0')}`),
    Buffer.from(bytes).reverse().toString('hex'),
    base32.encode(bytes),
    base32hex.encode(bytes),
    base58.encode(bytes),
  ];
}

/** The most letters that may stand between two characters of a secret spread out, and more for each sign between them. */
const SPREAD_GAP = 2;

/**
 * A secret's reading, and before each of its characters how many letters may stand there when it
 * is spread out: `SPREAD_GAP`, and as many again for each sign of the secret the reading left out
 * there (`a-b` spread is `aǀ-ǀb`: two separators where the reading has none).
 */
function spreadReading(secret: string): { text: string; gaps: number[] } {
  let text = '';
  const gaps: number[] = [];
  let signs = 0;
  for (const character of secret) {
    const read = readingText(character);
    if (read === '') signs++;
    for (const unit of read) {
      text += unit;
      gaps.push(SPREAD_GAP * (signs + 1));
      signs = 0;
    }
  }
  return { text, gaps };
}

/** How many letters and digits of a form's beginning (or end) at a cut quote are taken for it. */
const CUT_PIECE = 6;

/** The first index of an ascending list whose value is at least `value` (the list's length if none). */
function firstAtOrAfter(list: Int32Array, value: number): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * How many characters of a form's reading are taken for the secret, wherever they stand: sixteen
 * letters and digits of a token, of its hex or of its base64 do not happen in a report by chance.
 */
const SECRET_PIECE = 16;

/** Base64 and base64url of some bytes: alone, and their core at each of the three byte alignments. */
function base64Forms(bytes: Buffer): { anywhere: string[]; whole: string[] } {
  const anywhere = new Set<string>();
  const alone = bytes.toString('base64');
  const whole = new Set<string>([alone, withoutTrailing(alone, '=')]);
  for (let offset = 0; offset < 3; offset++) {
    const total = offset + bytes.length;
    // Characters before `start` hold bits of the bytes before; after `end`, of the bytes after.
    const start = [0, 2, 3][offset] as number;
    const end = Math.floor(total / 3) * 4 + ([0, 1, 2][total % 3] as number);
    const core = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .slice(start, end);
    anywhere.add(core);
  }
  const url = (form: string) => form.replace(/\+/g, '-').replace(/\//g, '_');
  for (const form of [...anywhere]) anywhere.add(url(form));
  for (const form of [...whole]) whole.add(url(form));
  return { anywhere: [...anywhere], whole: [...whole] };
}

/** A text in rot13 (each ASCII letter moved 13 places; anything else kept). */
function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (letter) => {
    const a = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - a + 13) % 26) + a);
  });
}

/** The text in lower case, one unit for one unit (the view's places stay its places). */
function foldCase(text: string): string {
  let out = '';
  for (const unit of text) {
    const lower = unit.toLowerCase();
    out += lower.length === unit.length ? lower : unit;
  }
  return out;
}

function masker(secrets: readonly string[]): (text: string) => string {
  // A secret is compared as a reader sees it too (a secret holding a zero-width space is the secret without it).
  const list = [...new Set(secrets.map((secret) => readerView(secret).text).filter((s) => s.length >= 4))].sort(
    (a, b) => b.length - a.length,
  );
  const escaped = (form: string) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wholeForms = list.flatMap((secret) => [
    ...(secret.length < SUBSTRING_SECRET_LENGTH ? [secret] : []),
    ...encodedForms(secret).whole.filter((form) => form.length < SUBSTRING_SECRET_LENGTH),
  ]);
  const whole = [...new Set(wholeForms)].map(
    // A value's bounds: quotes, a parameter's `=` `&` `?` `/`, a header's `: `, the scheme word, and
    // a report's backticks, brackets of any kind and a sentence's end (attack o34r17 B12: `[k3y9X2ab77]`).
    (form) => new RegExp(`(?<=^|["'\`=&?/([{<]|: |Bearer |Basic )${escaped(form)}(?=$|["'\`&#,;})\\]>.!?\\s])`, 'g'),
  );
  // Long forms anywhere, in any case (a long secret's forms, and a short secret's long encodings).
  const anywhere = [
    ...new Set(
      list
        .flatMap((secret) => [secret, ...encodedForms(secret).anywhere, ...encodedForms(secret).whole])
        .filter((form) => form.length >= SUBSTRING_SECRET_LENGTH)
        .map(foldCase),
    ),
  ].sort((a, b) => b.length - a.length);
  const base64 = [
    ...new Set(
      list
        .flatMap((secret) => encodedForms(secret).base64)
        .filter((form) => form.length >= SUBSTRING_SECRET_LENGTH)
        .map(foldCase),
    ),
  ];
  // Every form again as it reads (`src/runtime/reading.ts`: spaced, dotted, full-width, look-alike
  // letters, marks on each letter, separators dropped as a camelCase suggestion drops them; attack
  // o34r17 B5–B7), where its reading is long enough to mean the secret and nothing else.
  const readings = [
    ...new Set(
      list
        .flatMap((secret) => [
          ...byteNotations(secret),
          ...encodedForms(secret).anywhere,
          ...encodedForms(secret).whole,
        ])
        .map(readingText)
        .filter((form) => form.length >= SUBSTRING_SECRET_LENGTH),
    ),
  ].sort((a, b) => b.length - a.length);
  const pieces = new Set<string>();
  for (const form of readings)
    for (let at = 0; at + SECRET_PIECE <= form.length; at++) pieces.add(form.slice(at, at + SECRET_PIECE));
  // The secrets themselves as they read, to be found spread out (long enough to mean nothing else).
  const spreadable = list.map(spreadReading).filter((secret) => secret.text.length >= SUBSTRING_SECRET_LENGTH);
  // The beginnings and ends of each form's reading, for a quote cut in the middle of one (B15).
  const [starts, ends] = [new Set<string>(), new Set<string>()];
  let longest = 0;
  for (const form of readings) {
    longest = Math.max(longest, form.length);
    for (let length = CUT_PIECE; length <= form.length; length++) {
      starts.add(form.slice(0, length));
      ends.add(form.slice(form.length - length));
    }
  }
  /** Where the forms, their pieces, their cut ends and the secrets spread out lie in a text, by its reading. */
  const readingSpans = (read: Reading, shown: string): Array<[number, number]> => {
    const found: Array<[number, number]> = [];
    for (const form of readings)
      for (let at = read.text.indexOf(form); at >= 0; at = read.text.indexOf(form, at + form.length))
        found.push([read.from[at] as number, read.to[at + form.length - 1] as number]);
    // A piece of a form is the secret in part: a quote cut at its length (`\x53\x45…...`) or a
    // form begun mid-way. Each run of pieces is masked whole.
    let run = -1;
    for (let at = 0; at + SECRET_PIECE <= read.text.length; at++) {
      const piece = pieces.has(read.text.slice(at, at + SECRET_PIECE));
      if (piece && run < 0) run = at;
      if (!piece && run >= 0) {
        found.push([read.from[run] as number, read.to[at + SECRET_PIECE - 2] as number]);
        run = -1;
      }
    }
    if (run >= 0) found.push([read.from[run] as number, read.to[read.text.length - 1] as number]);
    // A quote cut by vottur (`...`, `…`) before it was masked (attack o34r17 B15: padding put the
    // cut just before the token's end): a form begun right before the cut, or ended right after it.
    for (const cut of shown.matchAll(/\.\.\.|…/g)) {
      const at = firstAtOrAfter(read.from, cut.index);
      for (let length = Math.min(longest, at); length >= CUT_PIECE; length--)
        if (starts.has(read.text.slice(at - length, at))) {
          found.push([read.from[at - length] as number, read.to[at - 1] as number]);
          break;
        }
      const after = firstAtOrAfter(read.from, cut.index + cut[0].length);
      for (let length = Math.min(longest, read.text.length - after); length >= CUT_PIECE; length--)
        if (ends.has(read.text.slice(after, after + length))) {
          found.push([read.from[after] as number, read.to[after + length - 1] as number]);
          break;
        }
    }
    // A secret spread out with a letter between its characters (o34r18 B1: `SǀEǀCǀRǀ…`, a
    // tatweel, a prolonged-sound mark): its reading in order, a few letters between any two.
    for (const secret of spreadable) {
      const first = secret.text[0] as string;
      /**
       * Where the secret spread out from `start` ends in the reading (the earliest end), or -1: every
       * place each of its characters may stand, not only the first (a separator may read as one of
       * its letters: `ǀ` reads `l`, as `1` does).
       */
      const spreadEnd = (start: number): number => {
        let places = [start];
        for (let i = 1; i < secret.text.length && places.length > 0; i++) {
          const unit = secret.text[i] as string;
          const gap = (secret.gaps[i] as number) + 1;
          const next = new Set<number>();
          for (const place of places)
            for (let p = place + 1; p <= place + gap && p < read.text.length; p++)
              if (read.text[p] === unit) next.add(p);
          places = [...next];
        }
        return places.length > 0 ? Math.min(...places) : -1;
      };
      for (let at = read.text.indexOf(first); at >= 0; at = read.text.indexOf(first, at + 1)) {
        const last = spreadEnd(at);
        if (last < 0 || last - at < secret.text.length) continue;
        // The tightest start: a later one within the first gap that matches too is taken instead (`sSECRET…`).
        let later = false;
        for (let k = at + 1; k <= at + (secret.gaps[1] ?? 0) + 1 && !later; k++)
          later = read.text[k] === first && spreadEnd(k) >= 0;
        if (!later) found.push([read.from[at] as number, read.to[last] as number]);
      }
    }
    return found;
  };
  return (text) => {
    // The matching is on the text as a reader sees it (`readerView`); what is masked is the source
    // of each match, invisible characters and their escapes within it included.
    const view = readerView(text);
    const folded = foldCase(view.text);
    const spans: Array<[number, number]> = [];
    for (const secret of anywhere)
      for (let at = folded.indexOf(secret); at >= 0; at = folded.indexOf(secret, at + secret.length))
        spans.push([at, at + secret.length]);
    // Base64 forms again with the white space inside base64 runs left out (only if there is some).
    if (/\s/.test(folded)) {
      const runs = base64Runs(folded);
      for (const form of base64)
        for (let at = runs.text.indexOf(form); at >= 0; at = runs.text.indexOf(form, at + form.length))
          spans.push([runs.place(at), runs.place(at + form.length - 1) + 1]);
    }
    for (const pattern of whole)
      for (const match of view.text.matchAll(pattern)) spans.push([match.index, match.index + match[0].length]);
    // The reading of what a reader sees, and of the text as written too: a backslash before a letter
    // is an escape to the reader's view (`\t`), but a reader of `s\e\c\r\e\t` reads the secret (o34r18 B16).
    const direct: Array<[number, number]> = [];
    if (readings.length > 0) {
      for (const span of readingSpans(reading(view.text), view.text)) spans.push(span);
      // Only where the view differs: the same text read twice gives the same spans.
      if (view.text !== text) for (const span of readingSpans(reading(text), text)) direct.push(span);
    }
    if (spans.length === 0 && direct.length === 0) return text;
    // In the source, each span runs from its first shown character to the end of its last one.
    const source = [
      ...spans.map(([from, to]): [number, number] => [view.from[from] as number, view.to[to - 1] as number]),
      ...direct,
    ].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let out = '';
    let done = 0;
    for (const [from, to] of source) {
      if (to <= done) continue;
      out += `${text.slice(done, Math.max(from, done))}***`;
      done = to;
    }
    return out + text.slice(done);
  };
}

/**
 * What a reader cannot see in a run's text, so a secret spread with it is still the secret (issue
 * 34, attack r6 K01: a server echoed the bearer token as a member name with a zero-width space
 * inside, and the report printed `SECRET-T\u200bOKEN-…`, readable whole): the characters the
 * reports escape as `\uXXXX` (`escapeControls`, src/runtime/escape.ts: C0 and C1 controls, NUL
 * included, DEL, the line and paragraph separators, every format character \p{Cf}, the characters
 * that show as nothing), but tab, line feed and carriage return, which a reader sees as a break.
 * As the national-identifier masking does (src/pii.ts), the text is read as a reader sees it.
 */
const UNSEEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: a reader does not see them
  /^[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u034f\u115f\u1160\u3164\uffa0]$/u;
// A lone surrogate's escape (`\ud800` without its pair) writes no character a reader sees either (o34r18 B4).
// eslint-disable-next-line no-control-regex -- matching control characters is the point: a reader does not see them
const UNSEEN_ESCAPED = /^[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}\u034f\u115f\u1160\u3164\uffa0]$/u;
// `\n` `\r` `\t` in lower case only, as JSON and the reports write them (o34r18 B16: `\T` was dropped with its letter).
const ESCAPE = /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\([nrt])/y;
/**
 * What a reader decodes at sight, read as the character it writes: a JSON `\uXXXX` escape (and
 * `\/`), a percent-encoded byte, an HTML character reference (decimal or hex), of a printable
 * ASCII character.
 */
const WRITTEN = /\\u00([2-7][0-9a-f])|\\(\/)|%([2-7][0-9a-f])|&#x0*([2-7][0-9a-f]);|&#0*(\d{2,3});/iy;

/** The printable ASCII character an escape writes (`WRITTEN`'s match), or undefined. */
function writtenCharacter([, json, slash, percent, hex, decimal]: RegExpExecArray): string | undefined {
  if (slash !== undefined) return '/';
  const code = decimal !== undefined ? Number(decimal) : parseInt((json ?? percent ?? hex) as string, 16);
  return code >= 0x21 && code <= 0x7e ? String.fromCharCode(code) : undefined;
}

/**
 * The text without what a reader does not see: unseen characters (`UNSEEN`) and the escapes the
 * reports write for them (`\u200b`, `\u0000`, a tag character's `\udb40\udc01`, `\n`), each shown
 * character with where its source starts and ends.
 */
function readerView(text: string): { text: string; from: number[]; to: number[] } {
  let shown = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length;) {
    if (text.charCodeAt(i) === 92) {
      ESCAPE.lastIndex = i;
      const escape = ESCAPE.exec(text);
      if (escape && unseenEscape(escape)) {
        i = ESCAPE.lastIndex;
        continue;
      }
    }
    const code = text.charCodeAt(i);
    if (code === 92 || code === 37 || code === 38) {
      WRITTEN.lastIndex = i;
      const written = WRITTEN.exec(text);
      const character = written ? writtenCharacter(written) : undefined;
      if (character !== undefined) {
        shown += character;
        from.push(i);
        to.push(WRITTEN.lastIndex);
        i = WRITTEN.lastIndex;
        continue;
      }
    }
    const point = String.fromCodePoint(text.codePointAt(i) as number);
    if (!UNSEEN.test(point))
      for (let unit = 0; unit < point.length; unit++) {
        shown += point[unit];
        from.push(i + unit);
        to.push(i + point.length);
      }
    i += point.length;
  }
  return { text: shown, from, to };
}

/** Whether an escape (`\uXXXX`, a surrogate pair of them, `\n` `\r` `\t`) writes a character a reader does not see. */
function unseenEscape([, high, low, unit, short]: RegExpExecArray): boolean {
  if (short !== undefined) return true;
  const character =
    high !== undefined && low !== undefined
      ? String.fromCharCode(parseInt(high, 16), parseInt(low, 16))
      : String.fromCharCode(parseInt(unit ?? '', 16));
  return UNSEEN_ESCAPED.test(character);
}

export interface ObtainOptions {
  /** Scopes the description requires (the default for the token request, and what the 403 probe's token must lack). */
  requiredScopes: string[];
  /** Whether a token without the scope is needed (some operation declares scopes). */
  wantNoScope: boolean;
  timeoutMs: number;
}

/**
 * What of a header's value is secret (attack o34r17 B13: a server echoed the credential of an
 * `Authorization: Basic …` header, its decoded `user:password` and the password alone, and each was
 * printed, since only the whole value was masked): the value; after a scheme word (`Basic`,
 * `Token`, `Key`), the credential; for Basic, what it decodes to and the password; for a cookie,
 * each cookie's value.
 */
export function headerSecrets(name: string, value: string): string[] {
  const secrets = [value];
  const scheme = /^([A-Za-z][\w!#$%&'*+.^`|~-]*) +(\S.*)$/.exec(value);
  if (scheme) {
    const [, word, credential] = scheme as unknown as [string, string, string];
    secrets.push(credential);
    if (word.toLowerCase() === 'basic') {
      const decoded = Buffer.from(credential, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0 && !decoded.includes('\uFFFD')) secrets.push(decoded, decoded.slice(colon + 1));
    }
  }
  if (name.toLowerCase() === 'cookie')
    for (const pair of value.split(';')) {
      const equals = pair.indexOf('=');
      if (equals >= 0) secrets.push(pair.slice(equals + 1).trim());
    }
  return secrets.filter((secret) => secret.length > 0);
}

export async function obtainCredentials(auth: AuthOptions = {}, options: ObtainOptions): Promise<Credentials> {
  const base: Record<string, string> = {};
  const full: Record<string, string> = {};
  const secrets: string[] = [];
  if (auth.xroadClient) base['X-Road-Client'] = auth.xroadClient;
  Object.assign(full, base);
  for (const header of auth.headers ?? []) {
    const [name, value] = parseHeader(header);
    full[name] = value;
    secrets.push(...headerSecrets(name, value));
  }
  if (auth.bearer && auth.oauth)
    throw new CouldNotRunError('give either --bearer or the client-credentials options (--token-url), not both');
  const hasAuthorizationHeader = Object.keys(full).some((name) => name.toLowerCase() === 'authorization');
  if (hasAuthorizationHeader && (auth.bearer || auth.oauth))
    throw new CouldNotRunError('an Authorization --header conflicts with --bearer / --token-url; give one of them');
  if (auth.bearer) {
    full.Authorization = `Bearer ${auth.bearer}`;
    secrets.push(auth.bearer);
  }
  if (auth.bearerWithoutScope) secrets.push(auth.bearerWithoutScope);
  /** The other credentials, with this token instead of the full one. */
  const withToken = (token: string): Record<string, string> => ({
    ...base,
    ...Object.fromEntries(Object.entries(full).filter(([name]) => name.toLowerCase() !== 'authorization')),
    Authorization: `Bearer ${token}`,
  });
  const result: Credentials = {
    base,
    full,
    secrets,
    hasCredentials: Boolean(auth.headers?.length || auth.bearer || auth.oauth),
  };
  if (auth.xroadId) result.perRequest = () => ({ 'X-Road-Id': randomUUID() });
  const material = await loadTlsMaterial(auth.tls, cwdOf(auth), envOf(auth));
  if (material) {
    const client = tlsFetch(material);
    result.fetch = client.fetch;
    result.close = client.close;
    result.clientCertificate = Boolean(material.cert || material.pfx);
  }
  if (auth.bearerWithoutScope) {
    // The operator's own token without the scope: sent as it is (a client-credentials token is still
    // fetched for the rest; none is asked for without the scope).
    if (options.wantNoScope) result.noScope = withToken(auth.bearerWithoutScope);
    if (!auth.oauth) return result;
  }
  if (!auth.oauth) {
    if (options.wantNoScope) {
      result.noScopeReason = auth.bearer
        ? 'only a --bearer token was given, so vottur cannot obtain a token without the scope; give one with --bearer-without-scope, or the client-credentials options (--token-url, --client-id, --client-secret) instead'
        : 'no OAuth client was given (--token-url, --client-id, --client-secret) and no --bearer-without-scope, so vottur cannot obtain a token without the scope';
    }
    return result;
  }
  const client = clientFor(auth.oauth, envOf(auth));
  secrets.push(client.secret);
  const scope = auth.oauth.scope ?? options.requiredScopes.join(' ');
  // The token endpoint is called like the server: with the client certificate and the private CA.
  if (result.fetch) client.fetch = result.fetch;
  const token = await requestToken(client, scope, options.timeoutMs);
  if (!token.ok)
    throw new CouldNotRunError(
      `cannot obtain a token from ${client.tokenUrl.href}: ${redactor(secrets)(token.reason)}`,
    );
  secrets.push(token.accessToken);
  full.Authorization = `Bearer ${token.accessToken}`;
  const renewal = createTokenRenewal({
    request: (asked) => requestToken(client, asked, options.timeoutMs),
    onToken: (accessToken) => secrets.push(accessToken),
  });
  renewal.track(scope, token, full);
  result.tokens = renewal;
  if (options.wantNoScope && !result.noScope) {
    const required = new Set(scope.split(/\s+/).filter(Boolean).concat(options.requiredScopes));
    const other = required.has('openid') ? 'profile' : 'openid';
    const scopeless = await requestToken(client, other, options.timeoutMs);
    if (!scopeless.ok) {
      result.noScopeReason = `the token endpoint would not issue a token for the scope ${other} instead (${redactor(secrets)(scopeless.reason)})`;
    } else {
      const granted = grantedScopes(scopeless.scope, scopeless.accessToken);
      const leaked = granted?.filter((s) => required.has(s)) ?? [];
      if (leaked.length > 0) {
        result.noScopeReason = `asked for the scope ${other}, the token endpoint still granted ${leaked.join(' ')}`;
      } else {
        secrets.push(scopeless.accessToken);
        result.noScope = withToken(scopeless.accessToken);
        renewal.track(other, scopeless, result.noScope);
      }
    }
  }
  return result;
}

interface Client {
  tokenUrl: URL;
  id: string;
  secret: string;
  /** Presents the TLS client certificate (`--cert`) and trusts the private CA (`--ca`), when given. */
  fetch?: typeof globalThis.fetch;
}

function clientFor(options: OAuthClientCredentials, env: NodeJS.ProcessEnv): Client {
  let tokenUrl: URL;
  try {
    tokenUrl = new URL(options.tokenUrl);
  } catch {
    throw new CouldNotRunError(`--token-url ${options.tokenUrl} is not a URL`);
  }
  if (tokenUrl.protocol !== 'https:' && !(tokenUrl.protocol === 'http:' && isLoopbackUrl(tokenUrl))) {
    throw new CouldNotRunError(
      `--token-url must use https (the client secret would travel in clear text); http is accepted only for localhost`,
    );
  }
  if (!options.clientId) throw new CouldNotRunError('--token-url needs --client-id');
  const secret = options.clientSecret ?? env[CLIENT_SECRET_ENV];
  if (!secret)
    throw new CouldNotRunError(
      `--token-url needs the client secret: set ${CLIENT_SECRET_ENV} (keeps it out of shell history) or give --client-secret`,
    );
  return { tokenUrl, id: options.clientId, secret };
}

export type TokenResult =
  { ok: true; accessToken: string; scope?: string; expiresIn?: number } | { ok: false; reason: string };

async function requestToken(client: Client, scope: string, timeoutMs: number): Promise<TokenResult> {
  const as: oauth.AuthorizationServer = { issuer: client.tokenUrl.origin, token_endpoint: client.tokenUrl.href };
  const oauthClient: oauth.Client = { client_id: client.id };
  const parameters = new URLSearchParams();
  if (scope) parameters.set('scope', scope);
  const attempt = async (method: 'basic' | 'post'): Promise<TokenResult & { invalidClient?: boolean }> => {
    try {
      const auth = method === 'basic' ? oauth.ClientSecretBasic(client.secret) : oauth.ClientSecretPost(client.secret);
      const response = await oauth.clientCredentialsGrantRequest(as, oauthClient, auth, parameters, {
        signal: () => AbortSignal.timeout(timeoutMs),
        [oauth.allowInsecureRequests]: client.tokenUrl.protocol === 'http:',
        ...(client.fetch ? { [oauth.customFetch]: client.fetch } : {}),
      });
      const token = await oauth.processClientCredentialsResponse(as, oauthClient, response);
      return {
        ok: true,
        accessToken: token.access_token,
        ...(typeof token.scope === 'string' ? { scope: token.scope } : {}),
        ...(typeof token.expires_in === 'number' ? { expiresIn: token.expires_in } : {}),
      };
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError) {
        return {
          ok: false,
          reason: `${error.error}${error.error_description ? `: ${error.error_description}` : ''} (HTTP ${error.status})`,
          invalidClient: error.error === 'invalid_client',
        };
      }
      return { ok: false, reason: describeError(error, timeoutMs) };
    }
  };
  const basic = await attempt('basic');
  if (basic.ok || !('invalidClient' in basic) || !basic.invalidClient) return basic;
  // Some issuers only take the secret in the form body (client_secret_post).
  const post = await attempt('post');
  return post.ok ? post : basic;
}

/** A token is renewed when less than this share of its lifetime is left… */
const RENEW_AT_SHARE_LEFT = 0.25;
/** …or less than this, whichever comes first for a long-lived token. */
const RENEW_MARGIN_MS = 30_000;
/** A 401 this close to a token's expiry (or after it) counts as caused by expiry: clocks differ. */
const EXPIRY_SKEW_MS = 2_000;

export interface TokenRenewalOptions {
  /** Asks the token endpoint for a token with these scopes. */
  request(scope: string): Promise<TokenResult>;
  /** Called with every new token (so it joins the secrets that are never printed). */
  onToken?(accessToken: string): void;
  /** The clock (tests give their own). */
  now?: () => number;
}

interface TrackedToken {
  scope: string;
  /** The headers the token is sent in; updated in place when it is renewed (for the Dredd replay). */
  headers: Record<string, string>;
  current: string;
  /** Every token issued for this scope, old ones included, with when each expires (ms; undefined when unknown). */
  expiries: Map<string, number | undefined>;
  lifetimeMs?: number;
  renewing?: Promise<string>;
}

/**
 * Keeps client-credentials tokens valid through a long run: a token is renewed when little of its
 * lifetime is left (`expires_in`, else the JWT's `exp`), and after a 401 to a token that has expired
 * (or whose challenge says so) the request gets one new token. Concurrent requests share one
 * renewal; tokens vottur did not issue (the forged ones) are left alone.
 */
export function createTokenRenewal(options: TokenRenewalOptions): TokenRenewal & {
  track(scope: string, token: { accessToken: string; expiresIn?: number }, headers: Record<string, string>): void;
  renewals(): number;
} {
  const now = options.now ?? Date.now;
  const tracked: TrackedToken[] = [];
  let renewals = 0;
  // The earlier of `expires_in` and the JWT's `exp`: `exp` is in whole seconds, so it can come first.
  const expiryOf = (token: { accessToken: string; expiresIn?: number }): number | undefined => {
    const times = [
      token.expiresIn !== undefined ? now() + token.expiresIn * 1000 : undefined,
      jwtExpiry(token.accessToken),
    ].filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.min(...times) : undefined;
  };
  const bearerOf = (headers: Record<string, string>): string | undefined => {
    const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    return /^Bearer\s+(\S+)$/i.exec(value ?? '')?.[1];
  };
  const owner = (token: string | undefined) =>
    token === undefined ? undefined : tracked.find((entry) => entry.expiries.has(token));
  const withToken = (headers: Record<string, string>, token: string) => ({
    ...Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization')),
    Authorization: `Bearer ${token}`,
  });
  const renew = (entry: TrackedToken): Promise<string> => {
    entry.renewing ??= (async () => {
      try {
        const result = await options.request(entry.scope);
        if (!result.ok)
          throw new CouldNotRunError(`cannot renew the token (scope ${entry.scope || '(none)'}): ${result.reason}`);
        options.onToken?.(result.accessToken);
        const expiresAt = expiryOf(result);
        entry.expiries.set(result.accessToken, expiresAt);
        if (expiresAt !== undefined) entry.lifetimeMs = expiresAt - now();
        entry.current = result.accessToken;
        for (const name of Object.keys(entry.headers))
          if (name.toLowerCase() === 'authorization') delete entry.headers[name];
        entry.headers.Authorization = `Bearer ${result.accessToken}`;
        renewals++;
        return result.accessToken;
      } finally {
        entry.renewing = undefined;
      }
    })();
    return entry.renewing;
  };
  const dueForRenewal = (entry: TrackedToken): boolean => {
    const expiresAt = entry.expiries.get(entry.current);
    if (expiresAt === undefined || entry.lifetimeMs === undefined) return false;
    const margin = Math.min(RENEW_MARGIN_MS, entry.lifetimeMs * RENEW_AT_SHARE_LEFT);
    return expiresAt - now() <= margin;
  };
  return {
    track(scope, token, headers) {
      const expiresAt = expiryOf(token);
      tracked.push({
        scope,
        headers,
        current: token.accessToken,
        expiries: new Map([[token.accessToken, expiresAt]]),
        ...(expiresAt !== undefined ? { lifetimeMs: expiresAt - now() } : {}),
      });
    },
    async current(headers) {
      const entry = owner(bearerOf(headers));
      if (!entry) return headers;
      if (entry.renewing) return withToken(headers, await entry.renewing);
      if (dueForRenewal(entry)) return withToken(headers, await renew(entry));
      return entry.current === bearerOf(headers) ? headers : withToken(headers, entry.current);
    },
    async afterUnauthorized(sent, challenge) {
      const token = bearerOf(sent);
      const entry = owner(token);
      if (!entry || token === undefined) return undefined;
      const expiresAt = entry.expiries.get(token);
      const expired =
        (expiresAt !== undefined && now() >= expiresAt - EXPIRY_SKEW_MS) || /expired/i.test(challenge ?? '');
      if (!expired) return undefined;
      // Another request may have renewed it meanwhile; else this one does.
      const fresh = entry.renewing
        ? await entry.renewing
        : entry.current !== token
          ? entry.current
          : await renew(entry);
      return withToken(sent, fresh);
    },
    renewals: () => renewals,
  };
}

/** When a JWT expires (its `exp`, in ms); undefined for a token that is not a JWT or has none. */
function jwtExpiry(accessToken: string): number | undefined {
  const [, claims, signature, ...more] = accessToken.split('.');
  if (claims === undefined || signature === undefined || more.length > 0) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    if (typeof payload === 'object' && payload !== null && 'exp' in payload && typeof payload.exp === 'number')
      return payload.exp * 1000;
  } catch {
    // Not a JWT: its expiry is unknown.
  }
  return undefined;
}

function describeError(error: unknown, timeoutMs: number): string {
  const name = thrownField(error, 'name');
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const text = thrownText(error, 'cause', 'code');
  if (text) {
    const message = thrownField(error, 'cause', 'message');
    return `${text}${typeof message === 'string' && message && !message.includes(text) ? ` (${message})` : ''}`;
  }
  return String(thrownField(error, 'message') ?? error);
}

/** The scopes a token carries, from the token response or the JWT's `scope`/`scp` claim; undefined when unknown. */
function grantedScopes(responseScope: string | undefined, accessToken: string): string[] | undefined {
  if (responseScope !== undefined) return responseScope.split(/\s+/).filter(Boolean);
  const [, claims, signature, ...more] = accessToken.split('.');
  if (claims === undefined || signature === undefined || more.length > 0) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null) return undefined;
    const claim = ('scope' in payload ? payload.scope : undefined) ?? ('scp' in payload ? payload.scp : undefined);
    if (typeof claim === 'string') return claim.split(/\s+/).filter(Boolean);
    if (Array.isArray(claim)) return claim.filter((s): s is string => typeof s === 'string');
  } catch {
    // Not a JWT: the scopes cannot be read.
  }
  return undefined;
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The headers of an authenticated request with its token replaced (for the forged-token cases). */
export function withToken(credentials: Credentials, token: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(credentials.full).filter(([name]) => name.toLowerCase() !== 'authorization')),
    Authorization: `Bearer ${token}`,
  };
}

/**
 * Tokens no server may accept: a garbage string, an unsigned `alg: none` token with the real
 * token's claims (or plausible ones), and the real token with its signature broken.
 */
export function forgedTokens(credentials: Credentials): Array<[string, string]> {
  const authorization = Object.entries(credentials.full).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const real = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const [header, payload, signature, ...more] = real?.split('.') ?? [];
  const isJwt = header !== undefined && payload !== undefined && signature !== undefined && more.length === 0;
  let claims: Record<string, unknown> = { sub: 'vottur-forged', scope: '', exp: Math.floor(Date.now() / 1000) + 3600 };
  if (isJwt) {
    try {
      const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)) claims = { ...decoded };
    } catch {
      // Not a JWT: the plausible claims stand.
    }
  }
  const tokens: Array<[string, string]> = [
    ['vottur-forged-token', 'a garbage token'],
    [
      `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.`,
      'an unsigned alg "none" token',
    ],
  ];
  if (isJwt && signature.length > 4) {
    const flipped = `${signature.slice(0, -4)}${signature.slice(-4).split('').reverse().join('') === signature.slice(-4) ? 'AAAA' : signature.slice(-4).split('').reverse().join('')}`;
    tokens.push([`${header}.${payload}.${flipped}`, 'the real token with its signature changed']);
  }
  return tokens;
}
