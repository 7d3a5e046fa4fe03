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
  parameter(node, context) {
    // A member of the Parameter Object no check reads (an extension, an unknown one): never dropped.
    const { base, revision } = node;
    if (!base || !revision) return;
    const b: Record<string, unknown> = base.parameter;
    const r: Record<string, unknown> = revision.parameter;
    for (const name of new Set([...Object.keys(b), ...Object.keys(r)])) {
      if (PARAMETER_MEMBERS_READ.has(name)) continue;
      const before = b[name];
      const after = r[name];
      if (equal(before, after)) continue;
      // A value read from JSON or YAML always has a JSON text (undefined is shown as none).
      const show = (value: unknown) => (value === undefined ? '(none)' : shorten(JSON.stringify(value) ?? 'null'));
      context.report(
        after !== undefined ? [...revision.path, name] : revision.path,
        before !== undefined ? [...base.path, name] : base.path,
        `${revision.in} parameter ${revision.name}: ${name} changed from ${show(before)} to ${show(after)}`,
      );
    }
  },
} as const satisfies SchemaChangeDefinition;

/**
 * The Parameter Object's members that other checks compare (matching, requiredness, deprecation,
 * serialisation, allowEmptyValue, the schema) or that only document (examples).
 */
const PARAMETER_MEMBERS_READ = new Set([
  'name',
  'in',
  'description',
  'required',
  'deprecated',
  'allowEmptyValue',
  'style',
  'explode',
  'allowReserved',
  'schema',
  'content',
  'example',
  'examples',
  '$ref',
  'x-vottur-ignore',
]);

/** A value no check models changed: both values, shortened. */
function report(node: SchemaNodeDiff, context: SchemaCheckContext, label: string, pair: KeywordPair): void {
  const show = (side?: Located) => (side ? shorten(JSON.stringify(side.value) ?? String(side.value)) : '(none)');
  context.report(
    revisionAt(pair, node),
    baseAt(pair, node),
    `${label}: ${pair.keyword} changed from ${show(pair.base)} to ${show(pair.revision)}`,
  );
}
