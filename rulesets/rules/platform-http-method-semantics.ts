import { defineRule, type Problem } from '../lib/rule.js';
import { effectiveSchema, isObject, operations, resolve, schemaTypes, type OperationInfo } from '../lib/openapi.js';
import type { OpenApiDocument } from '../lib/rule.js';
import { isPlaceholderSegment, isSingleResourcePath, pathSegments, TEMPLATE_SEGMENT, toKebabCase } from '../lib/conventions.js';
import { CUSTOM_METHOD_AMBIGUOUS_WORDS, CUSTOM_METHOD_VERBS } from '../lib/vocabulary.js';

function label(op: OperationInfo): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

/**
 * The verb of a custom-method path: its last segment when that is static and an action verb
 * (`/v1/messages/{messageId}/archive`, `/v1/messages/archive`, also `/v1/messages/{id}:archive`).
 */
function customMethodVerb(pathKey: string): string | undefined {
  let last = pathSegments(pathKey).at(-1);
  if (last === undefined || TEMPLATE_SEGMENT.test(last) || isPlaceholderSegment(last)) return undefined;
  const colon = last.lastIndexOf(':');
  if (colon >= 0) last = last.slice(colon + 1);
  const word = toKebabCase(last.replace(/\.json$/i, ''));
  return CUSTOM_METHOD_VERBS.includes(word) && !CUSTOM_METHOD_AMBIGUOUS_WORDS.includes(word) ? word : undefined;
}

/**
 * An optional request body that can only be empty: every media type's schema is an object with
 * no properties and `additionalProperties: false`. Generators emit these on every GET (Stripe's
 * description does); they declare that no body is sent, so they are not a GET with a body.
 */
function isEmptyOptionalBody(document: OpenApiDocument, op: OperationInfo): boolean {
  const body = resolve(document, op.operation.requestBody, [...op.path, 'requestBody']);
  if (!isObject(body.value) || body.value.required === true || !isObject(body.value.content)) return false;
  const media = Object.keys(body.value.content).map((key) => body.value!.content[key]);
  return (
    media.length > 0 &&
    media.every((entry) => {
      if (!isObject(entry)) return false;
      const schema = effectiveSchema(document, entry.schema, []).value;
      return (
        isObject(schema) &&
        schemaTypes(schema).every((type) => type === 'object') &&
        (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) &&
        schema.additionalProperties === false &&
        schema.allOf === undefined &&
        schema.oneOf === undefined &&
        schema.anyOf === undefined
      );
    })
  );
}

/**
 * A collection's name is a plural: English `-s` (`messages`, `settings`), or Icelandic `-ar`,
 * `-ir`, `-ur` (`fasteignir`, `lyklar`). A singular last segment with addressable children
 * (`/devices/policy` beside `/devices/policy/{policyId}`, `/schema-registry/config` beside
 * `/config/{subject}`) is a singleton with sub-resources, not a collection.
 */
function looksPlural(pathKey: string): boolean {
  const last = pathSegments(pathKey).at(-1) ?? '';
  return /(s|ar|ir|ur)$/i.test(last.replace(/\.[A-Za-z0-9]+$/, ''));
}

function normalise(pathKey: string): string {
  return pathSegments(pathKey).join('/');
}

const NO_BODY: Record<string, string> = {
  get: 'GET takes no request body: pass its input as query parameters, or make it a POST custom method if it needs a body',
  head: 'HEAD takes no request body: pass its input as query parameters',
  delete: 'DELETE takes no request body: pass options as query parameters; to delete many resources at once, use a POST custom method on the collection (`POST /v1/messages/batch-delete`) with the identifiers in the body',
};

export default defineRule({
  id: 'platform-http-method-semantics',
  severity: 'error',
  category: 'methods',
  description: 'GET and DELETE take no request body, custom methods (a verb as the last path segment) are POSTs, and PUT, PATCH and DELETE act on a single resource.',
  check(document) {
    const problems: Problem[] = [];
    // Collections whose members the description addresses one by one: `/v1/users` when `/v1/users/{userId}` exists.
    const collections = new Set<string>();
    if (isObject(document.paths)) {
      for (const pathKey of Object.keys(document.paths)) if (isSingleResourcePath(pathKey)) collections.add(pathSegments(pathKey).slice(0, -1).join('/'));
    }
    for (const op of operations(document)) {
      const method = op.method;
      if (op.operation.requestBody !== undefined && NO_BODY[method] && !isEmptyOptionalBody(document, op)) {
        problems.push({ message: `\`${label(op)}\` has a request body; ${NO_BODY[method]}.`, path: [...op.path, 'requestBody'] });
      }
      if (method !== 'get' && method !== 'put' && method !== 'patch' && method !== 'delete') continue;
      const verb = customMethodVerb(op.pathKey);
      if (verb !== undefined) {
        problems.push({
          message: `\`${label(op)}\` is a custom method (\`${verb}\` is an action); the platform maps custom methods to POST: write \`post:\` instead of \`${method}:\`.`,
          path: op.path,
        });
        continue;
      }
      if (method === 'get' || isSingleResourcePath(op.pathKey) || !collections.has(normalise(op.pathKey)) || !looksPlural(op.pathKey)) continue;
      const member = Object.keys(document.paths).find((pathKey) => isSingleResourcePath(pathKey) && pathSegments(pathKey).slice(0, -1).join('/') === normalise(op.pathKey));
      const fix =
        method === 'delete'
          ? `delete one member at \`${member}\`, or use a POST custom method on the collection for a batch (\`POST ${op.pathKey}/batch-delete\` with the identifiers in the body)`
          : `update one member at \`${member}\`, or use a POST custom method on the collection for a batch (\`POST ${op.pathKey}/batch-update\`)`;
      problems.push({
        message: `\`${label(op)}\` acts on the collection \`${op.pathKey}\`; ${method.toUpperCase()} acts on a single resource: ${fix}.`,
        path: op.path,
      });
    }
    return problems;
  },
});
