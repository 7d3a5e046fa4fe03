/**
 * Schema validation of live bodies: ajv is the schema authority (Dredd's OpenAPI 3 parser ignores
 * `format`, `pattern` and `allOf`). OpenAPI 3.0 schemas are converted to JSON Schema (draft 7)
 * with @openapi-contrib/openapi-schema-to-json-schema (`nullable`, `readOnly`/`writeOnly`,
 * `example`, boolean `exclusiveMinimum`/`exclusiveMaximum`), 3.1 schemas are used as JSON Schema
 * 2020-12. The converted description is added to ajv once, and each response schema is compiled
 * once, by its JSON pointer, the first time a response needs it; `$ref`s resolve inside the
 * description. A schema that applies itself to the same value without end is refused before ajv
 * sees it (cycles.ts), and ajv's errors are put in words here.
 */
import type { ValidateFunction } from 'ajv';
import {
  createDescriptionAjv,
  schemaRef,
  valueAt,
  type DescriptionAjv,
} from '../../../rulesets/lib/openapi/json-schema.js';
import type { JsonPath } from '../../../rulesets/lib/rule.js';
import type { ContractDescription } from '../description.js';
import { PatternGuard } from '../patterns.js';
import { InPlaceCycles } from './cycles.js';
import { validationWork } from '../schema-work.js';
import { errorMessage } from '../../errors.js';

export type Compiled = { validate: ValidateFunction } | { unavailable: string };

export class SchemaValidators {
  private ajv?: DescriptionAjv;
  private readonly cache = new Map<string, Compiled>();
  private withDiscriminator = true;
  /** The description's patterns run in linear time; what is wrong with them, once per run. */
  readonly patterns = new PatternGuard();
  private readonly cycles: InPlaceCycles;

  constructor(private readonly description: ContractDescription) {
    this.cycles = new InPlaceCycles(description.data);
  }

  /**
   * Whether checking `value` against the schema at `path` stays within the work bound
   * (schema-work.ts `MAX_VALIDATION_WORK`): past it ajv is not run on the value (a `oneOf` chain
   * of 30 took 4.7 GB on `{}`), and the answer is a contract-limit-reached finding.
   */
  withinWork(path: JsonPath, value: unknown): boolean {
    return validationWork(this.description.data).within(valueAt(this.description.data, path), value);
  }

  /** The validator for the schema at `path` in the description, compiled once. */
  validatorFor(path: JsonPath): Compiled {
    const key = schemaRef(path);
    const cached = this.cache.get(key);
    if (cached) return cached;
    let compiled: Compiled;
    // A schema that applies itself to the same value (`A: {allOf: [$ref: B]}`, `B: {allOf: [$ref: A]}`)
    // never ends: ajv would recurse until the stack overflows.
    const cycle = this.cycles.from(valueAt(this.description.data, path));
    if (cycle) {
      compiled = { unavailable: `it applies itself to the same value without end (${cycle}); break the cycle` };
      this.cache.set(key, compiled);
      return compiled;
    }
    try {
      compiled = this.compile(key);
    } catch (error) {
      const message = errorMessage(error);
      if (this.withDiscriminator && /discriminator/i.test(message)) {
        // ajv supports `discriminator` only without `mapping` and with `const`/`enum` tags; fall
        // back to plain `oneOf` semantics for the whole description.
        this.withDiscriminator = false;
        this.ajv = undefined;
        this.cache.clear();
        return this.validatorFor(path);
      }
      compiled = { unavailable: firstLine(message) };
    }
    this.cache.set(key, compiled);
    return compiled;
  }

  private compile(key: string): Compiled {
    this.ajv ??= this.createAjv();
    const validate = this.ajv.getSchema(key);
    return validate ? { validate } : { unavailable: `no schema at ${key}` };
  }

  private createAjv(): DescriptionAjv {
    // The same ajv set-up as the lint rule that checks examples (platform-example-valid).
    return createDescriptionAjv(this.description.data, {
      discriminator: this.withDiscriminator,
      regExp: this.patterns.engine,
      allErrors: true,
    });
  }
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

export {
  describeSchemaError as describeResponseSchemaError,
  relevantErrors,
} from '../../../rulesets/lib/openapi/json-schema.js';
