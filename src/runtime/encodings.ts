/**
 * The encodings a reader decodes at sight, in one place for every masker (issue 34): a text's bytes
 * in UTF-8, UTF-16LE or UTF-16BE, written as hex, base64 or base64url, the base64 possibly wrapped
 * over lines (MIME, PEM). The secret masker (src/contract/auth.ts) knows its secrets, so it writes
 * each one in every form and looks for the forms (`textBytes`, `base64Runs`); the national-identifier
 * masker (src/pii.ts) does not know the identifiers, so it reads every hex and base64 run of a text
 * back through the same encodings (`encodedRuns`) and looks in what they write. Percent-encoding,
 * JSON `\u` escapes and HTML character references are read by each masker's reader view.
 */

/** A text's bytes in each character set a server may encode it from. */
export function textBytes(text: string): Buffer[] {
  const utf16le = Buffer.from(text, 'utf16le');
  return [Buffer.from(text, 'utf8'), utf16le, Buffer.from(utf16le).swap16()];
}

/**
 * Bytes read back as text in each of the character sets `textBytes` writes (UTF-16 from either
 * byte's parity: an encoded text may begin with an odd number of other bytes), each with the byte
 * its character `i` begins at. UTF-8 is read as Latin-1, one character for one byte: what is looked
 * for in it is ASCII.
 */
export function bytesTexts(bytes: Buffer): Array<{ text: string; byteAt: (index: number) => number }> {
  const out = [{ text: bytes.toString('latin1'), byteAt: (index: number) => index }];
  for (const parity of [0, 1]) {
    const pairs = bytes.subarray(parity, parity + Math.floor((bytes.length - parity) / 2) * 2);
    const byteAt = (index: number) => parity + 2 * index;
    out.push(
      { text: pairs.toString('utf16le'), byteAt },
      { text: Buffer.from(pairs).swap16().toString('utf16le'), byteAt },
    );
  }
  return out;
}

/**
 * The text with the white space inside each base64 run left out (a run of white space between two
 * base64 characters: a MIME or PEM line break, a space between every character), and where a
 * character of it stands in the text.
 */
export function base64Runs(text: string): { text: string; place: (index: number) => number } {
  let packed = '';
  let kept = 0;
  // Where each cut falls in the packed text, and how much was cut up to there (ascending).
  const cutAt: number[] = [];
  const cutSoFar: number[] = [];
  for (const run of text.matchAll(/(?<=[A-Za-z0-9+/=_-])\s+(?=[A-Za-z0-9+/=_-])/g)) {
    packed += text.slice(kept, run.index);
    kept = run.index + run[0].length;
    cutAt.push(packed.length);
    cutSoFar.push(kept - packed.length);
  }
  packed += text.slice(kept);
  const place = (index: number): number => {
    let low = 0;
    let high = cutAt.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cutAt[middle] as number) <= index) low = middle + 1;
      else high = middle;
    }
    return index + (low > 0 ? (cutSoFar[low - 1] as number) : 0);
  };
  return { text: packed, place };
}

/** A run of a text read as encoded bytes: the bytes, and the characters of the text that wrote bytes `[from, to)`. */
export interface EncodedRun {
  bytes: Buffer;
  /** Where in the text the characters that wrote bytes `from` to `to` (exclusive) begin and end. */
  span: (from: number, to: number) => [number, number];
}

/** Base64 (either alphabet) or hex runs, long enough to write `minBytes` bytes. */
const BASE64_RUN = /[A-Za-z0-9+/_-]+/g;
const HEX_RUN = /[0-9a-fA-F]+/g;

/**
 * Every hex and base64 run of `text` that writes at least `minBytes` bytes, read as bytes: hex
 * from the run's start and its second character; base64 from each of its first four characters
 * (a run may begin inside a longer encoding), with the white space inside base64 runs left out.
 * Linear in the text: each run is decoded a fixed number of times.
 */
export function* encodedRuns(text: string, minBytes: number): Generator<EncodedRun> {
  for (const match of text.matchAll(HEX_RUN)) {
    if (match[0].length < 2 * minBytes) continue;
    for (const skip of [0, 1]) {
      const digits = match[0].slice(skip, skip + Math.floor((match[0].length - skip) / 2) * 2);
      const start = match.index + skip;
      yield {
        bytes: Buffer.from(digits, 'hex'),
        span: (from, to) => [start + 2 * from, start + 2 * to],
      };
    }
  }
  const runs = base64Runs(text);
  for (const match of runs.text.matchAll(BASE64_RUN)) {
    if (match[0].length < Math.ceil((4 * minBytes) / 3)) continue;
    for (let skip = 0; skip < 4; skip++) {
      // Unpadded to its end: Node reads a last group of two or three characters as one or two bytes.
      const chars = match[0].slice(skip);
      const start = match.index + skip;
      // Node reads both alphabets (`+/` and `-_`).
      const bytes = Buffer.from(chars, 'base64');
      yield {
        bytes,
        span: (from, to) => {
          const first = start + Math.floor(from / 3) * 4;
          const last = start + Math.min(chars.length, Math.ceil(to / 3) * 4) - 1;
          return [runs.place(first), runs.place(last) + 1];
        },
      };
    }
  }
}
