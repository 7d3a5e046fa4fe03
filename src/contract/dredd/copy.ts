/**
 * The description as Dredd's OpenAPI 3 parser can take it. Dredd reads a bundled JSON copy (its
 * YAML parser rejects some valid YAML), adjusted here: every parameter gets an `example` (Dredd
 * refuses a template it cannot fill; the hooks replace the request anyway), response `$ref`s are
 * inlined (its parser mixes up the statuses of responses that share one component), and response
 * keys Dredd cannot represent (`4XX` ranges, `default`, which it reads as 200) are left out.
 */
import { HTTP_METHODS, isObject } from '../../../rulesets/lib/openapi/types.js';
import type { OpenApiDocument } from '../../../rulesets/lib/rule.js';
import { generationWork, MAX_GENERATION_WORK } from '../generate/schema.js';

/** A copy of the description for Dredd (the description itself is not changed). */
export function dreddCopy(document: OpenApiDocument): OpenApiDocument {
  // A JSON round trip: the parsed description may hold values structuredClone refuses.
  const parsed: unknown = JSON.parse(JSON.stringify(document));
  const copy = isObject(parsed) ? parsed : {};
  const fixParameter = (parameter: unknown) => {
    if (!isObject(parameter) || typeof parameter.$ref === 'string') return;
    if (parameter.example === undefined) {
      const fromExamples = isObject(parameter.examples)
        ? Object.values(parameter.examples).find((e) => isObject(e) && e.value !== undefined)
        : undefined;
      parameter.example = isObject(fromExamples) ? fromExamples.value : placeholder(parameter.schema, copy);
    }
    delete parameter.examples;
  };
  const fixList = (list: unknown) => {
    if (Array.isArray(list)) list.forEach(fixParameter);
  };
  if (isObject(copy.components) && isObject(copy.components.parameters))
    Object.values(copy.components.parameters).forEach(fixParameter);
  if (isObject(copy.paths)) {
    for (const item of Object.values(copy.paths)) {
      if (!isObject(item)) continue;
      fixList(item.parameters);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        fixList(operation.parameters);
        if (isObject(operation.requestBody)) {
          operation.requestBody = inlined(operation.requestBody, copy);
          unexpanded(operation.requestBody, copy);
        }
        if (isObject(operation.responses)) {
          for (const status of Object.keys(operation.responses)) {
            if (!/^\d{3}$/.test(status)) delete operation.responses[status];
            // Dredd's parser mixes up the statuses of responses that share one component.
            else {
              operation.responses[status] = inlined(operation.responses[status], copy);
              unexpanded(operation.responses[status], copy);
            }
          }
        }
      }
    }
  }
  return copy;
}

/** How deep Dredd's parser writes a body of a schema: all of it (its own bound is none). */
const DREDD_DEPTH = 64;

/**
 * The schemas of a request body's or response's media types whose whole expansion is past the
 * work bound (schema.ts `MAX_GENERATION_WORK`) replaced by `{}` (issue 34, o34r13 N1): Dredd's
 * parser writes a body of every member at every depth, through every `$ref`, synchronously (a
 * chain of 30 schemas each with two properties `$ref`ing the next is 2³⁰ members). The generated
 * phases report such an input (contract-generation-limit); Dredd still sends the request.
 */
function unexpanded(message: unknown, document: OpenApiDocument): void {
  if (!isObject(message) || !isObject(message.content)) return;
  for (const media of Object.values(message.content))
    if (
      isObject(media) &&
      media.schema !== undefined &&
      generationWork(document, media.schema, DREDD_DEPTH, DREDD_DEPTH) > MAX_GENERATION_WORK
    )
      media.schema = {};
}

/** Follows local `$ref`s from a node to what they name. */
function follow(node: unknown, document: OpenApiDocument): unknown {
  let s = node;
  for (let hops = 0; hops < 16; hops++) {
    const ref = isObject(s) ? s.$ref : undefined;
    if (typeof ref !== 'string') break;
    const segments = ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    s = segments.reduce<unknown>((at, segment) => (isObject(at) ? at[segment] : undefined), document);
  }
  return s;
}

/** A private copy of a `$ref`'d object (its own `$ref`s inside stay). */
function inlined(node: unknown, document: OpenApiDocument): unknown {
  const target = follow(node, document);
  if (!isObject(target)) return node;
  const copy: unknown = JSON.parse(JSON.stringify(target));
  return copy;
}

function placeholder(schema: unknown, document: OpenApiDocument): unknown {
  const s = follow(schema, document);
  const type: unknown = isObject(s)
    ? Array.isArray(s.type)
      ? s.type.find((t: unknown) => t !== 'null')
      : s.type
    : undefined;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  return 'vottur';
}
