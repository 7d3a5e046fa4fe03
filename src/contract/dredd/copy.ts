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

/**
 * What the copy holds at most (issue 34, o34r15): Dredd's parser reads the copy synchronously, in
 * process, where no deadline can stop it; a 300,000-value enum (a 3 MB description) kept it busy
 * past 90 s at 1.3 GB. Dredd reads enums and examples only to write bodies (the hooks replace
 * every request) and to compare bodies the description has no schema for, so longer ones are cut
 * in the copy, and counted: ajv checks bodies against the whole description in the other phases.
 */
export const DREDD_MAX_ENUM_VALUES = 64;
/** An `example`/`examples` larger than this (as JSON) is left out of Dredd's copy. */
export const DREDD_MAX_EXAMPLE_CHARS = 64 * 1024;

/** What `dreddCopy` cut, to be reported. */
export interface DreddCut {
  enums: number;
  examples: number;
}

/** A copy of the description for Dredd (the description itself is not changed). */
export function dreddCopy(document: OpenApiDocument, cut: DreddCut = { enums: 0, examples: 0 }): OpenApiDocument {
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
  bounded(copy, cut);
  return copy;
}

/**
 * Cuts enums past `DREDD_MAX_ENUM_VALUES` values and leaves out examples past
 * `DREDD_MAX_EXAMPLE_CHARS`, everywhere in the copy; a loop, not a recursion (the copy may nest
 * as deep as JSON.parse allows). Example values are data, never walked into.
 */
function bounded(root: object, cut: DreddCut): void {
  const stack: Array<{ node: Record<string, unknown>; underProperties: boolean }> = [];
  if (isObject(root)) stack.push({ node: root, underProperties: false });
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, underProperties } = next;
    for (const [key, value] of Object.entries(node)) {
      // Under `properties` a key names a member, whatever it is called.
      if (!underProperties && !Array.isArray(node)) {
        if (key === 'enum' && Array.isArray(value)) {
          if (value.length > DREDD_MAX_ENUM_VALUES) {
            value.length = DREDD_MAX_ENUM_VALUES;
            cut.enums++;
          }
          continue;
        }
        if (key === 'example' || key === 'examples') {
          if ((JSON.stringify(value) ?? '').length > DREDD_MAX_EXAMPLE_CHARS) {
            delete node[key];
            cut.examples++;
          }
          continue;
        }
      }
      if (isObject(value) || Array.isArray(value))
        stack.push({
          node: value as Record<string, unknown>,
          underProperties: key === 'properties' && !Array.isArray(node),
        });
    }
  }
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
