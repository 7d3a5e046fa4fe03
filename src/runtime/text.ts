/**
 * Small string operations that regular expressions would do in quadratic time on hostile text
 * (issue 34): trailing slashes, white space around a line break and a URL's fragment, each matched
 * by an expression that is tried again from every start position a run of its first characters
 * leaves, so a description, a server's message or a URL of many thousand such characters held a
 * run for minutes. Each of these reads its text once.
 */

/** `text` without the run of `chars` at its end (`withoutTrailing('/a//', '/')` → `/a`). */
export function withoutTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] ?? '')) end--;
  return text.slice(0, end);
}

/** `text` on one line: every run of white space holding a line break becomes one space. */
export function oneLine(text: string): string {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  const last = lines.length - 1;
  const kept = lines
    .map((line, i) => (i === 0 ? line.trimEnd() : i === last ? line.trimStart() : line.trim()))
    .filter((line, i) => i === 0 || i === last || line !== '');
  return kept.join(' ');
}

/** A URL or reference without its fragment (from the first `#`). */
export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}
