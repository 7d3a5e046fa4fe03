/**
 * The JSON report's schema (`assets/report.schema.json`, JSON Schema 2020-12) and a validator for it,
 * used by `vottur report` to refuse anything that is not a vottur JSON report.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { packageFile } from '../paths.js';

const addFormats = addFormatsModule.default;

export const REPORT_SCHEMA_PATH = 'assets/report.schema.json';

let schema: Record<string, unknown> | undefined;
let validator: ValidateFunction | undefined;

export function reportSchema(): Record<string, unknown> {
  schema ??= JSON.parse(readFileSync(packageFile(REPORT_SCHEMA_PATH), 'utf8')) as Record<string, unknown>;
  return schema;
}

export function reportValidator(): ValidateFunction {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    validator = ajv.compile(reportSchema());
  }
  return validator;
}

/** One line: where the first problem is and what it is (`/findings/3/severity: must be equal to one of the allowed values`). */
export function describeSchemaError(errors: readonly ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'does not match the report schema';
  const where = error.instancePath || '(top level)';
  const allowed =
    error.keyword === 'enum'
      ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')})`
      : '';
  return `${where}: ${error.message ?? 'is invalid'}${allowed}`;
}
