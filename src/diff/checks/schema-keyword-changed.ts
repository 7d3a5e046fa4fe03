import { isArray, isObject, type JsonObject } from '../../../rulesets/lib/openapi/types.js';
import { shorten } from '../messages.js';
import type { SchemaChangeDefinition, SchemaCheckContext } from '../model.js';
import type { Located } from '../schema.js';
import { positionSchema, SUBSCHEMA_LABEL, subschemaChange, type SubschemaKeyword } from '../shared-decisions.js';
import { baseAt, equal, isSchema, revisionAt, type KeywordPair, type SchemaNodeDiff } from '../tree.js';

/** The subschema keywords, in the order the walk descends into them (compare.ts). */
const SUBSCHEMAS: SubschemaKeyword[] = ['additionalProperties', 'propertyNames', 'unevaluatedProperties'];
const ARRAY_SUBSCHEMAS: SubschemaKeyword[] = ['contains', 'unevaluatedItems'];

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'keyword-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-keyword-changed',
    'request-body': 'diff-request-body-keyword-changed',
    'response-body': 'diff-response-body-keyword-changed',
    'response-header': 'diff-response-header-keyword-changed',
  },
  kind: 'constraints',
  effect: 'undecidable',
  text: 'a keyword or extension (`x-…`) that vottur does not model changed; review what it means to callers',
  detect(node, context) {
    const unmodelled = (pair: KeywordPair, label = context.label) => report(node, context, label, pair);
    // `enum` changed without being a list on either side.
    if (node.enum && !isArray(node.enum.base?.value) && !isArray(node.enum.revision?.value)) unmodelled(node.enum);
    // A discriminator that is not an object on either side, or whose other members changed (3.2's defaultMapping, extensions).
    const discriminator = node.discriminator;
    if (discriminator) {
      const bd = isObject(discriminator.base?.value) ? discriminator.base.value : undefined;
      const rd = isObject(discriminator.revision?.value) ? discriminator.revision.value : undefined;
      const rest = (d: JsonObject) =>
        JSON.stringify(Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'propertyName' && k !== 'mapping')));
      if (!bd && !rd) unmodelled(discriminator);
      else if (bd && rd && rest(bd) !== rest(rd)) unmodelled(discriminator);
    }
    // Every keyword the tree does not model, and extensions.
    for (const pair of node.unmodelled) unmodelled(pair);
    // Subschemas the walk cannot compare inside (values that are no schemas).
    const subschema = (name: SubschemaKeyword) => {
      const pair = node[name];
      if (pair && subschemaChange(node, name)?.outcome === 'unmodelled')
        unmodelled(pair, SUBSCHEMA_LABEL[name](context.label));
    };
    SUBSCHEMAS.forEach(subschema);
    for (const name of ['patternProperties', 'dependentSchemas'] as const) {
      const pair = node[name];
      if (!pair) continue;
      const bm: JsonObject = isObject(pair.base?.value) ? pair.base.value : {};
      const rm: JsonObject = isObject(pair.revision?.value) ? pair.revision.value : {};
      const basePath = pair.base?.path ?? node.base.path;
      const revisionPath = pair.revision?.path ?? node.revision.path;
      for (const [entry, value] of Object.entries(bm)) {
        const other = rm[entry];
        if (other === undefined || (isSchema(value) && isSchema(other)) || equal(value, other)) continue;
        unmodelled({
          keyword: `${name}/${entry}`,
          base: { value, path: [...basePath, entry] },
          revision: { value: other, path: [...revisionPath, entry] },
        });
      }
    }
    subschema('items');
    // prefixItems: a position whose schema (its entry, or else `items`) is no schema on one side.
    const pair = node.prefixItems;
    if (pair) {
      const bl = isArray(pair.base?.value) ? pair.base.value : [];
      const rl = isArray(pair.revision?.value) ? pair.revision.value : [];
      for (let i = 0; i < Math.max(bl.length, rl.length); i++) {
        const b = positionSchema(node, 'base', i);
        const r = positionSchema(node, 'revision', i);
        if (!b || !r || (b.from === 'items' && r.from === 'items')) continue;
        if ((isSchema(b.value) && isSchema(r.value)) || equal(b.value, r.value)) continue;
        unmodelled({
          keyword: `prefixItems/${i}`,
          base: { value: b.value, path: b.path },
          revision: { value: r.value, path: r.path },
        });
      }
    }
    ARRAY_SUBSCHEMAS.forEach(subschema);
    subschema('contentSchema');
  },
} as const satisfies SchemaChangeDefinition;

/** A value no check models changed: both values, shortened. */
function report(node: SchemaNodeDiff, context: SchemaCheckContext, label: string, pair: KeywordPair): void {
  const show = (side?: Located) => (side ? shorten(JSON.stringify(side.value) ?? String(side.value)) : '(none)');
  context.report(
    revisionAt(pair, node),
    baseAt(pair, node),
    `${label}: ${pair.keyword} changed from ${show(pair.base)} to ${show(pair.revision)}`,
  );
}
