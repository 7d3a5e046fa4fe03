import { compileSafePattern, type SafePattern } from '../lib/patterns.js';
import { defineRule, type JsonPath, type Problem } from '../lib/rule.js';
import { exampleObjectValues, type GivenValue } from '../lib/openapi/examples.js';
import {
  createDescriptionAjv,
  describeSchemaError,
  relevantErrors,
  schemaForm,
  schemaRef,
  type DescriptionAjv,
} from '../lib/openapi/json-schema.js';
import { exampleInterpreter } from '../lib/openapi/interpreted.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { mediaTypes, memoise, parameters, schemas } from '../lib/openapi/views.js';
import { isArray, isObject, type Document } from '../lib/openapi/types.js';
import { resolve } from '../lib/openapi/resolve.js';
import { exampleWork } from '../lib/openapi/example-work.js';
import { noteLimit } from '../lib/openapi/limits.js';

/**
 * The validation work (schema applications, example-work.ts) one example may take; past it the
 * example is not checked and the bound is a finding (about 5 million `uniqueItems` pairs, a
 * second or two of ajv).
 */
export const EXAMPLE_WORK = 500_000;

/** At most this many of one example's errors are named in its finding. */
const ERRORS_SHOWN = 3;

/** A pattern the linear-time engine cannot run is not checked at all (it accepts every value), never run on a backtracking engine. */
const ACCEPT_ALL: SafePattern = { test: () => true, toString: () => '(unchecked)' };

/** The description's `pattern`s matched in linear time: a pattern is hostile input like the rest of the document. */
export const regExp = Object.assign(
  (pattern: string): SafePattern => {
    const compiled = compileSafePattern(pattern);
    return compiled.ok ? compiled.regex : ACCEPT_ALL;
  },
  { code: 'vottur.compileSafePattern' },
);

type Validate = ((value: unknown) => boolean) & { errors?: Parameters<typeof relevantErrors>[0] | null };

/**
 * One ajv per document, built the first time an example needs it, with the set-up of the contract
 * checks (src/contract/validate/schema.ts): a description whose `discriminator` ajv refuses is
 * validated again with plain `oneOf` semantics, as there.
 *
 * A validator is compiled once per distinct schema, not once per place: schemas written out the
 * same way in many media types (Cloudflare's 1,881 failing examples have 90 distinct schemas) share
 * one compiled function. Two places share when their JSON Schema form is the same text and
 * nothing can make a reference in it resolve differently: no `$id` on the way to either place and
 * none (nor a dynamic or recursive reference) inside, so every `$ref` resolves against the
 * description itself. ajv's errors are relative to the compiled schema, so they are the same too.
 */
export const exampleValidators = memoise((document: Document) => {
  let ajv: DescriptionAjv | undefined;
  let discriminator = true;
  const cache = new Map<string, Validate | undefined>();
  const byContent = new Map<string, Validate | undefined>();
  /** The schemas announced before the first is asked for: ajv is given those and what they reach. */
  let announced: JsonPath[] | undefined;
  const covered = new Set<string>();
  const validatorAt = (path: JsonPath): Validate | undefined => {
    const key = schemaRef(path);
    if (cache.has(key)) return cache.get(key);
    // A schema not announced: ajv is made again with the whole description, for it and any later one.
    if (announced !== undefined && !covered.has(key)) {
      announced = undefined;
      ajv = undefined;
    }
    let validate: Validate | undefined;
    for (;;) {
      const content = contentKey(schemaForm(document, discriminator).holding(path), path);
      if (content !== undefined && byContent.has(content)) {
        validate = byContent.get(content);
        break;
      }
      try {
        ajv ??= createDescriptionAjv(document, { discriminator, regExp, allErrors: true }, announced);
        validate = ajv.getSchema(key);
      } catch (error) {
        if (discriminator && /discriminator/i.test(error instanceof Error ? error.message : String(error))) {
          discriminator = false;
          ajv = undefined;
          cache.clear();
          byContent.clear();
          continue;
        }
        // A schema ajv cannot compile (a `$ref` to another file, an unknown keyword form) is
        // platform-openapi-valid's to report; its examples are not judged here.
        validate = undefined;
      }
      if (content !== undefined) byContent.set(content, validate);
      break;
    }
    cache.set(key, validate);
    return validate;
  };
  return Object.assign(validatorAt, {
    /**
     * Says which schemas will be asked for, before the first is: ajv then holds those and the
     * schemas they reach, not the whole description (see `schemaForm` in lib/openapi/json-schema.ts).
     */
    announce(paths: readonly JsonPath[]): void {
      if (ajv !== undefined || cache.size > 0) return;
      announced = [...paths];
      for (const path of paths) covered.add(schemaRef(path));
    },
  });
}, 'exampleValidators');

/** Keys whose presence in a schema's text makes its place matter (see exampleValidators). */
const PLACE_BOUND = /"\$(?:id|dynamicRef|dynamicAnchor|recursiveRef|recursiveAnchor)"/;

/**
 * The text of the schema at `path` of the prepared description, when a validator compiled for it
 * anywhere is the validator of every place with the same text; otherwise undefined.
 */
function contentKey(prepared: Document, path: JsonPath): string | undefined {
  let node: unknown = prepared;
  for (const segment of path) {
    if (isObject(node) && Object.hasOwn(node, '$id')) return undefined;
    if (isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  if (!isObject(node)) return undefined;
  const text = JSON.stringify(node);
  return PLACE_BOUND.test(text) ? undefined : text;
}

/** The interpreting validator that passes most examples without compiling their schemas (lib/openapi/interpreted.ts). */
export const exampleInterpreters = memoise(
  (document: Document) => exampleInterpreter(document, regExp),
  'exampleInterpreter',
);

export interface Checked {
  given: GivenValue;
  schemaPath: JsonPath;
  /** What the example is the example of, for the message: `the example of \`GET /v1/x\` 200 application/json`. */
  subject: string;
}

/** Every example of the description with the schema it is judged against (an example shared through `$ref` once). */
export function exampleChecks(document: Document): Checked[] {
  const checks: Checked[] = [];
  const seen = new Set<string>();
  const add = (given: GivenValue, schemaPath: JsonPath, subject: string) => {
    const key = encodePointer(given.path);
    // An example object shared through `$ref` is judged once, where it is defined.
    if (seen.has(key)) return;
    seen.add(key);
    checks.push({ given, schemaPath, subject });
  };
  for (const info of mediaTypes(document)) {
    if (info.media.schema === undefined) continue;
    const op = info.operations[0];
    const of = op
      ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`${info.statuses.length > 0 ? ` ${info.statuses.join('/')}` : ' (request body)'}`
      : '';
    for (const given of exampleObjectValues(document, info.media, info.path))
      add(given, [...info.path, 'schema'], `the \`${info.mediaType}\` example${of}`);
  }
  for (const info of parameters(document)) {
    if (info.parameter.schema === undefined) continue;
    const name = typeof info.parameter.name === 'string' ? `\`${info.parameter.name}\`` : 'this parameter';
    const schema = resolve(document, info.parameter.schema, [...info.path, 'schema']).value;
    const isList =
      isObject(schema) && (schema.type === 'array' || (isArray(schema.type) && schema.type.includes('array')));
    for (const given of exampleObjectValues(document, info.parameter, info.path)) {
      // A list parameter's example written as it is sent (`AB123,CD456`, Swagger 2.0's `collectionFormat`) is not judged as a list.
      if (isList && typeof given.value === 'string') continue;
      add(given, [...info.path, 'schema'], `the example of the parameter ${name}`);
    }
  }
  for (const node of schemas(document)) {
    const { example, examples } = node.schema;
    const subject = node.name ? `the example of \`${node.name}\`` : 'the schema example';
    if (example !== undefined)
      add({ value: example, path: [...node.path, 'example'], keyword: 'example' }, node.path, subject);
    // `examples` of a schema is a list in OpenAPI 3.1 (JSON Schema); in 3.0 it is not a schema keyword.
    if (isArray(examples))
      examples.forEach((value, i) =>
        add({ value, path: [...node.path, 'examples', i], keyword: 'examples' }, node.path, subject),
      );
  }
  return checks;
}

export default defineRule({
  id: 'platform-example-valid',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 3 (examples for parameters and bodies)' },
  description:
    'Every example (media type, parameter and schema `example`/`examples`) is valid against its schema, judged by the same ajv set-up as the contract tests.',
  check(document) {
    // An example whose validation would take past EXAMPLE_WORK is not checked: the bound is noted (a finding).
    const checks = exampleChecks(document).filter(({ given, schemaPath }) => {
      const schema = schemaPath.reduce<unknown>(
        (node, key) => (isObject(node) || isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined),
        document,
      );
      if (exampleWork(document, schema, schemaPath, given.value, EXAMPLE_WORK) <= EXAMPLE_WORK) return true;
      noteLimit(
        document,
        given.path,
        `an example whose validation would take more than ${EXAMPLE_WORK.toLocaleString('en')} steps (\`uniqueItems\` over many objects, a \`pattern\` over a long string, an \`enum\` or \`const\` of many or large values)`,
        'Shorten the example: a few items show the shape.',
      );
      return false;
    });
    if (checks.length === 0) return [];
    const passes = exampleInterpreters(document);
    // Valid to the interpreter is valid to ajv; anything else is ajv's to judge and explain.
    const failing = checks.filter(({ given, schemaPath }) => !passes(schemaPath, given.value));
    if (failing.length === 0) return [];
    const validatorAt = exampleValidators(document);
    validatorAt.announce(failing.map(({ schemaPath }) => schemaPath));
    const problems: Problem[] = [];
    for (const { given, schemaPath, subject } of failing) {
      const validate = validatorAt(schemaPath);
      if (!validate) continue;
      let valid: boolean;
      try {
        valid = validate(given.value);
      } catch {
        continue; // A schema that cannot run on this value (a runaway recursion) is not the example's fault.
      }
      if (valid) continue;
      // A date-time in the wrong form is platform-date-time-format's to report, with the platform's form.
      const errors = relevantErrors(validate.errors ?? []);
      if (errors.length === 0) continue;
      // One sentence per distinct error (a 3.0 schema converted to JSON Schema may state a type twice).
      const all = [...new Set(errors.map((error) => describeSchemaError(error, 'the example')))];
      const named = all.slice(0, ERRORS_SHOWN);
      const more = all.length > ERRORS_SHOWN ? `; and ${all.length - ERRORS_SHOWN} more` : '';
      problems.push({
        message: `${subject.charAt(0).toUpperCase()}${subject.slice(1)} does not match its schema: ${named.join('; ')}${more}. Correct the example (or the schema, if the example shows what the service really sends).`,
        path: given.path,
      });
    }
    return problems;
  },
});
