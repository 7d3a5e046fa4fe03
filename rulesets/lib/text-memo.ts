/**
 * Readers of a description's text, remembered per text. A schema's description is read once per
 * place the schema is used: a 4 MB description that 6,000 properties `$ref` was lower-cased,
 * split and matched 6,000 times by each of several rules (7 min 22 s; issue 34, o34r16 B5). The
 * same text (the one string the resolved `$ref`s share, or an equal one) is now read once.
 */

/** At most this many texts' answers are kept per reader (as `nameWords` does), for a long-lived language server. */
const MAX_KEPT = 50_000;

/** `read`, answering each text once; anything that is not a string is `read` each time (it is cheap). */
export function rememberedPerText<T>(read: (text: unknown) => T): (text: unknown) => T {
  const kept = new Map<string, T>();
  return (text: unknown): T => {
    if (typeof text !== 'string') return read(text);
    if (kept.has(text)) return kept.get(text) as T;
    if (kept.size >= MAX_KEPT) kept.clear();
    const answer = read(text);
    kept.set(text, answer);
    return answer;
  };
}

/**
 * The text before the first of `stops` (`text.split(stops)[0]`, without splitting the rest): a
 * description's first sentence is read, not all of it.
 */
export function textBefore(text: string, stops: RegExp): string {
  const at = text.search(stops);
  return at === -1 ? text : text.slice(0, at);
}

/** Whether `pattern` (neither global nor sticky: no state between texts) matches a text, answered once per text. */
export function matchedPerText(pattern: RegExp): (text: unknown) => boolean {
  if (pattern.global || pattern.sticky) throw new Error(`matchedPerText: ${String(pattern)} keeps state between texts`);
  return rememberedPerText((text) => typeof text === 'string' && pattern.test(text));
}
