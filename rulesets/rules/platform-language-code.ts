import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { within } from '../lib/openapi/pointer.js';
import { layerKeyword, type SchemaLayer, schemaLayers, layerTypes } from '../lib/openapi/resolve.js';
import { codeFieldProblems, layerValueProblems, listValueProblems } from '../lib/code-fields.js';
import { patternSeparates } from '../lib/conventions.js';
import { ISO_639_1 } from '../lib/iso-codes.js';
import { isLanguageName, LANGUAGE_ALIASES } from '../lib/vocabulary.js';

/** Values a two-letter ISO 639-1 pattern must not accept. */
const NOT_CODES = ['EN', 'En', 'en-US', 'en_US', 'is-IS', 'eng', 'e', '', 'english', 'en ', ' en'];

/** The ISO 639-1 code a value most likely means (`EN`, `en-US`, `is_IS`, `english` → `en`/`is`). */
function languageSuggestion(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  if (ISO_639_1.has(lower)) return lower;
  const [head = ''] = lower.split(/[-_]/);
  if (ISO_639_1.has(head)) return head;
  return LANGUAGE_ALIASES[lower] ?? LANGUAGE_ALIASES[head];
}

function valueProblem(value: unknown, subject: string, path: JsonPath): Problem | undefined {
  if (value === null || (typeof value === 'string' && ISO_639_1.has(value))) return undefined;
  const fix = typeof value === 'string' ? languageSuggestion(value) : undefined;
  return {
    message: `${subject} is ${show(value)}, not a two-letter ISO 639-1 language code; write ${fix ? show(fix) : 'a code such as `is` or `en`'}.`,
    path,
  };
}

export default defineRule({
  id: 'platform-language-code',
  severity: 'warn',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Language' },
  description:
    'Language fields and parameters (`locale`, `language`, `lang`, `*Language`, `*Locale`) hold two-letter ISO 639-1 codes (`is`, `en`) in their enums, patterns and examples.',
  check(document) {
    const problems: Problem[] = [];
    const checkSchema = (name: string, schema: unknown, ownPath: JsonPath) => {
      const outer = schemaLayers(document, schema, ownPath);
      if (outer.length === 0) return;
      const types = layerTypes(outer);
      // A structured language (`{ code, name }`) or a flag (`lang: true`, include the language) is not a code.
      if (types.includes('object') || layerKeyword(outer, 'properties')) return;
      if (types.length > 0 && !types.includes('string') && !types.includes('array')) return;
      const subject = (layer: SchemaLayer) =>
        within(layer.path, ownPath)
          ? `${show(name)}`
          : `Schema \`${printPath(layer.path)}\` (used for the language ${show(name)})`;
      let layers = outer;
      if (types.includes('array')) {
        const items = layerKeyword(outer, 'items');
        if (!items) return;
        layers = schemaLayers(document, items.value, items.path);
        const itemTypes = layerTypes(layers);
        if (itemTypes.length > 0 && !itemTypes.includes('string')) return;
        // A list's own examples and defaults are lists of codes.
        problems.push(...listValueProblems(outer, subject, valueProblem));
      }
      const enumeration = layerKeyword(layers, 'enum');
      const pattern = layerKeyword(layers, 'pattern');
      if (
        !enumeration &&
        typeof pattern?.value === 'string' &&
        !patternSeparates(pattern.value, ISO_639_1, NOT_CODES)
      ) {
        problems.push({
          message: `${subject(pattern.layer)} has \`pattern: '${pattern.value}'\`, which does not mean a two-letter ISO 639-1 code; write \`pattern: '^[a-z]{2}$'\` or an \`enum\` such as \`[is, en]\`.`,
          path: pattern.path,
        });
      }
      problems.push(...layerValueProblems(layers, subject, valueProblem));
    };
    problems.push(...codeFieldProblems(document, isLanguageName, checkSchema, valueProblem));
    return problems;
  },
});
