import { editDistance } from '../lib/conventions.js';
import { defineRule, type JsonPath, type Problem } from '../lib/rule.js';
import { decodePointer, encodePointer } from '../lib/openapi/pointer.js';
import { lookupLocalRef, lookupRefAt } from '../lib/openapi/resolve.js';
import { type Document, isArray, isObject } from '../lib/openapi/types.js';
import { validateOpenApiStructure } from '../lib/oas-schema.js';

/** The value at a path of the document, if any. */
function valueAt(document: Document, path: JsonPath): unknown {
  let current: unknown = document;
  for (const key of path) {
    // The validator's paths may write an index as text (`parameters/7`).
    if (isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[String(key)];
    else return undefined;
  }
  return current;
}

/** Members the specification allows one of, not both (3.0's `ExampleXORExamples`, `SchemaXORContent`). */
const EXCLUSIVE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['example', 'examples'],
  ['schema', 'content'],
];

/**
 * Spectral's schema messages, reworded to name the key and say what to write; the validator's own
 * words ("must be equal to constant", "must not be valid") say neither, so the value at the place
 * is read to say what is wrong (issue 37, o37r11: a path parameter with `required: false`, a
 * parameter with both `example` and `examples`).
 */
function reword(message: string, document: Document, path: JsonPath): string {
  const text = message.replace(/\.$/, '');
  if (/must be equal to constant$/.test(text) && path.at(-1) === 'required') {
    const parameter = valueAt(document, path.slice(0, -1));
    if (isObject(parameter) && parameter.in === 'path')
      return `path parameter ${typeof parameter.name === 'string' ? `\`${parameter.name}\` ` : ''}has \`required: ${String(parameter.required)}\`; a path parameter is always required: write \`required: true\``;
  }
  if (/must not be valid$/.test(text)) {
    const here = valueAt(document, path);
    const pair = isObject(here)
      ? EXCLUSIVE_PAIRS.find(([a, b]) => here[a] !== undefined && here[b] !== undefined)
      : undefined;
    if (pair)
      return `it has both \`${pair[0]}\` and \`${pair[1]}\`, which the specification allows only one of; keep one`;
    return `its members are a combination the specification forbids here; compare it with the specification's definition of this object`;
  }
  const required = /^"([^"]+)" property must have required property "([^"]+)"$/.exec(text);
  if (required) return `\`${required[1]}\` has no \`${required[2]}\`, which is required here; add it`;
  const unexpected = /^Property "([^"]+)" is not expected to be here$/.exec(text);
  if (unexpected) {
    const key = unexpected[1] ?? '';
    if (/^[1-5]xx$/.test(key))
      return `the status range \`${key}\` must be written in capitals: \`${key.toUpperCase()}\``;
    return `\`${key}\` is not allowed here; remove it, or prefix it with \`x-\` if it is an extension`;
  }
  return text;
}

/** A key of `paths` that is neither a path (`/…`) nor an extension (`x-…`): a path whose leading `/` is missing. */
function isPathWithoutSlash(path: JsonPath): boolean {
  return (
    path.length === 2 &&
    path[0] === 'paths' &&
    typeof path[1] === 'string' &&
    !path[1].startsWith('/') &&
    !path[1].startsWith('x-')
  );
}

function pathWithoutSlash(key: string): string {
  return `the path \`${key}\` does not start with \`/\`; every path is relative to the server URL and starts with a slash: write \`/${key}\``;
}

/**
 * `info` itself and the fields the platform-info-* rules check (`title`, `description`, `version`,
 * `contact`) are reported by those rules, with messages that say what the catalogue needs; the
 * schema's findings about them would only repeat them. Other `info` fields (`license`,
 * `termsOfService`, `summary`) stay here.
 */
const INFO_FIELDS_CHECKED_ELSEWHERE = ['title', 'description', 'version', 'contact'];

function coveredByInfoRules(path: JsonPath, message: string): boolean {
  if (path.length === 0) return /required property "info"/.test(message);
  if (path[0] !== 'info') return false;
  if (path.length === 1) return /required property "(title|version)"|must be object/.test(message);
  return INFO_FIELDS_CHECKED_ELSEWHERE.includes(String(path[1]));
}

/** For a local `$ref` that points at nothing: a key beside the missing one that is spelt almost the same. */
function nearMiss(document: Document, ref: string): string | undefined {
  const segments = decodePointer(ref);
  const missing = segments.pop();
  if (missing === undefined) return undefined;
  const parent = lookupLocalRef(document, `#${encodePointer(segments)}`);
  if (!parent || !isObject(parent.value)) return undefined;
  const best = Object.keys(parent.value)
    .map((key) => ({ key, d: editDistance(key.toLowerCase(), missing.toLowerCase()) }))
    .filter(({ d }) => d <= Math.max(1, Math.floor(missing.length / 4)))
    .sort((a, b) => a.d - b.d)[0];
  return best ? `#${encodePointer([...segments, best.key])}` : undefined;
}

/**
 * Whether following `$ref`s from this reference comes back to a reference already passed, with no
 * object in between. Each reference leads to one next node, so every reference on the way has the
 * same answer as the first: `known` keeps it for each, and a chain is followed once for the whole
 * document, not once from each of its links (a chain of 6,000 references was 18 million lookups).
 */
function isReferenceCycle(document: Document, start: object, known: Map<unknown, boolean>): boolean {
  const already = known.get(start);
  if (already !== undefined) return already;
  const passed = new Set<unknown>([start]);
  let node: unknown = start;
  let cycle = false;
  while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    const target = lookupLocalRef(document, node.$ref);
    if (!target) break;
    if (passed.has(target.value)) {
      cycle = true;
      break;
    }
    const answered = known.get(target.value);
    if (answered !== undefined) {
      cycle = answered;
      break;
    }
    passed.add(target.value);
    node = target.value;
  }
  for (const reference of passed) if (isObject(reference)) known.set(reference, cycle);
  return cycle;
}

function danglingRefs(document: Document): Problem[] {
  const problems: Problem[] = [];
  // One path, grown and shrunk as the walk goes (copied only for a problem): this walk visits
  // every node of the document, and a new array per node was most of its time on large ones.
  const path: JsonPath = [];
  const cycles = new Map<unknown, boolean>();
  const walk = (node: unknown) => {
    if (isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i]);
        path.pop();
      }
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      // Against the schema resource it stands in: under an embedded `$id`, `#/…` is that resource's.
      if (lookupRefAt(document, node.$ref, path) === null) {
        const near = nearMiss(document, node.$ref);
        problems.push({
          message: `\`$ref: ${node.$ref}\` points at nothing in this document; ${near ? `did you mean \`${near}\`? Fix the pointer` : 'fix the pointer'} or add the missing component.`,
          path: [...path, '$ref'],
        });
      } else if (isReferenceCycle(document, node, cycles)) {
        problems.push({
          message: `\`$ref: ${node.$ref}\` leads, through references only, back to itself and never to a definition; point it at the object it means, or define that object here.`,
          path: [...path, '$ref'],
        });
      }
    }
    for (const key of Object.keys(node)) {
      // Examples are data, not description: a `$ref` key inside one is just a value.
      if ((key === 'example' || key === 'default' || key === 'const' || key === 'enum') && path.length > 0) continue;
      const value = node[key];
      if (typeof value !== 'object' || value === null) continue;
      path.push(key);
      walk(value);
      path.pop();
    }
  };
  walk(document);
  return problems;
}

export default defineRule({
  id: 'platform-openapi-valid',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 1' },
  description: 'The description is structurally valid OpenAPI 3.0/3.1/3.2 and every `$ref` resolves.',
  check(document) {
    // The official schemas, with the messages of Spectral's `oas3-schema` (see lib/oas-schema.ts).
    const structural = validateOpenApiStructure(document);
    const written =
      typeof document.openapi === 'string' || typeof document.openapi === 'number' ? String(document.openapi) : '';
    const version = written.startsWith('3.2')
      ? 'OpenAPI 3.2'
      : written.startsWith('3.1')
        ? 'OpenAPI 3.1'
        : 'OpenAPI 3.0';
    return [
      ...structural
        .filter((result) => !coveredByInfoRules(result.path, result.message))
        .map((result) => ({
          message: `Not valid ${version}: ${isPathWithoutSlash(result.path) ? pathWithoutSlash(String(result.path[1])) : reword(result.message, document, result.path)}.`,
          path: result.path,
        })),
      ...danglingRefs(document),
    ];
  },
});
