/**
 * The `yaml` package's reading, with its check that no map holds a key twice made in linear time.
 * The package's own check (`uniqueKeys: true`, its default) compares each key with every earlier
 * key of its map (`mapIncludes`, an `items.some` per key): a configuration whose `rules` named
 * 40,000 rules took 11 s to parse, 300,000 (6 MB) over 11 minutes (issue 34, attack r10 B8). Here
 * the package parses without it, and one pass over the document's maps, with a set of each map's
 * keys, finds the same duplicates and reports the first as the package does (`DUPLICATE_KEY`,
 * "Map keys must be unique at line …, column …").
 */
import {
  isMap,
  isScalar,
  LineCounter,
  parseDocument,
  visit,
  YAMLParseError,
  type Document,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';

export type YamlReadOptions = ParseOptions & DocumentOptions & SchemaOptions;

/**
 * The offset of the first key some map holds twice, or undefined. Keys are equal as the package
 * compares them: scalars by value (`1` and `"1"` differ, as their values do); any other key only
 * to itself, which no map repeats.
 */
function firstDuplicateKey(doc: Document.Parsed): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return undefined;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key;
        if (!isScalar(key)) continue;
        if (seen.has(key.value)) {
          const at = key.range?.[0] ?? -1;
          if (found === undefined || at < found) found = at;
          break;
        }
        seen.add(key.value);
      }
      return undefined;
    },
  });
  return found;
}

/** `parseDocument`, with `uniqueKeys` (unless turned off) checked in linear time. */
export function parseYamlDocument(text: string, options: YamlReadOptions = {}): Document.Parsed {
  const lineCounter = options.lineCounter ?? new LineCounter();
  const doc = parseDocument(text, { ...options, lineCounter, uniqueKeys: false });
  if (options.uniqueKeys === false) return doc;
  const at = firstDuplicateKey(doc);
  if (at !== undefined) {
    const error = new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique');
    if (options.prettyErrors !== false && at >= 0) {
      // As the package words its own errors (prettifyError), without the quoted line.
      error.linePos = [lineCounter.linePos(at), lineCounter.linePos(at + 1)];
      error.message += ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`;
    }
    // In the text's order among the parser's own errors, as the package would have found it.
    const index = doc.errors.findIndex((other) => other.pos[0] > at);
    doc.errors.splice(index === -1 ? doc.errors.length : index, 0, error);
  }
  return doc;
}
