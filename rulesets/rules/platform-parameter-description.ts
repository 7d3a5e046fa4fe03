import { defineRule, show, type Problem } from '../lib/rule.js';
import { effectiveSchema, lookupLocalRef } from '../lib/openapi/resolve.js';
import { type Document, isArray, isObject, isRef } from '../lib/openapi/types.js';
import { operations, parameters } from '../lib/openapi/views.js';

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** A schema with a non-empty `description`. */
function hasDescription(schema: unknown): boolean {
  return isObject(schema) && isText(schema.description);
}

/** Header parameters the OpenAPI specification says are ignored (content negotiation and security are described elsewhere). */
const IGNORED_HEADERS = ['accept', 'content-type', 'authorization'];

const LOCATION: Record<string, string> = {
  path: 'Path parameter',
  query: 'Query parameter',
  querystring: 'Query string parameter',
  header: 'Header parameter',
  cookie: 'Cookie parameter',
};

/**
 * For each parameter object reached through a `$ref`: whether every reference to it carries a
 * `description` of its own. OpenAPI 3.1 lets a Reference Object override the target's
 * description, so such a component is described wherever it is used; in 3.0 the sibling is ignored.
 */
function referenceDescriptions(document: Document): Map<object, { all: boolean; any: boolean }> {
  const result = new Map<object, { all: boolean; any: boolean }>();
  const note = (entry: unknown) => {
    if (!isRef(entry)) return;
    const target = lookupLocalRef(document, entry.$ref);
    if (!target || !isObject(target.value)) return;
    const described = isText(entry.description);
    const seen = result.get(target.value) ?? { all: true, any: false };
    result.set(target.value, { all: seen.all && described, any: seen.any || described });
  };
  const items = new Set<object>();
  for (const op of operations(document)) {
    if (!items.has(op.pathItem)) {
      items.add(op.pathItem);
      if (isArray(op.pathItem.parameters)) op.pathItem.parameters.forEach(note);
    }
    if (isArray(op.operation.parameters)) op.operation.parameters.forEach(note);
  }
  return result;
}

export default defineRule({
  id: 'platform-parameter-description',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 8' },
  description: 'Every parameter has a non-empty `description`.',
  check(document) {
    const problems: Problem[] = [];
    let references: Map<object, { all: boolean; any: boolean }> | undefined;
    const is31 = typeof document.openapi === 'string' && /^3\.[12]/.test(document.openapi);
    for (const { parameter, path } of parameters(document)) {
      const { description } = parameter;
      if (isText(description)) continue;
      // OpenAPI ignores header parameters named Accept, Content-Type or Authorization: nothing to describe.
      if (
        parameter.in === 'header' &&
        typeof parameter.name === 'string' &&
        IGNORED_HEADERS.includes(parameter.name.toLowerCase())
      )
        continue;
      // A description on the parameter's schema (or the schema it refers to) is shown as the parameter's by documentation tools (Redoc).
      if (
        description === undefined &&
        parameter.schema !== undefined &&
        (hasDescription(parameter.schema) ||
          hasDescription(effectiveSchema(document, parameter.schema, [...path, 'schema']).value))
      )
        continue;
      const kind = LOCATION[String(parameter.in)] ?? 'Parameter';
      const name = typeof parameter.name === 'string' ? `\`${parameter.name}\`` : 'without a name';
      references ??= referenceDescriptions(document);
      const usage = references.get(parameter);
      if (is31 && usage?.all) continue;
      const beside = usage?.any
        ? is31
          ? ' (some references to it carry a `description`, others do not)'
          : ' (a `description` beside its `$ref` is ignored in OpenAPI 3.0)'
        : '';
      const advice =
        parameter.in === 'path'
          ? 'say which resource it identifies and in what form'
          : 'say what it does, which values it takes and what happens when it is left out';
      if (description === undefined) {
        problems.push({ message: `${kind} ${name} has no \`description\`${beside}; ${advice}.`, path });
      } else {
        const what = typeof description === 'string' ? 'empty' : `${show(description)}, not text`;
        problems.push({
          message: `The \`description\` of ${kind.toLowerCase()} ${name} is ${what}; ${advice}.`,
          path: [...path, 'description'],
        });
      }
    }
    return problems;
  },
});
