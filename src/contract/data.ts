/**
 * `--data <file>`: the values a user supplies for the planned requests, when the description's
 * examples do not fit their server (the example user does not exist there) or there are none.
 *
 * ```yaml
 * getUserProfile:              # an operationId, or "GET /v2/users/{nationalId}"
 *   positive:                  # the request that should succeed
 *     nationalId: "0101302989" # a parameter by name (or "query.clientType" when names clash)
 *     clientType: THIRD_PARTY
 *   notFound:                  # the request for something that does not exist (expects 204)
 *     nationalId: "0101307789"
 * createMessage:
 *   positive:
 *     requestBody: { subject: Hello }
 * ```
 *
 * See docs/contract.md for the whole format.
 */
import { CouldNotRunError } from '../errors.js';
import { parseErrorWithoutContent, readNamedFile } from '../runtime/safe-read.js';
import type { OperationModel, ParameterModel } from './description.js';
import { yamlLineBreaks } from '../runtime/yaml-lines.js';
import { parseYaml } from '../runtime/yaml-read.js';

/** Values for one case: parameter name (or `in.name`) → value; `requestBody` → the body. */
export type DataValues = Record<string, unknown>;

export interface OperationData {
  positive?: DataValues;
  notFound?: DataValues;
}

/** Operation key (operationId or `METHOD /path`) → its values. */
export type ContractData = Record<string, OperationData>;

export const REQUEST_BODY_KEY = 'requestBody';

/**
 * Reads a data file: a regular file inside `root` (the repository, or the working folder), of
 * bounded size (src/runtime/safe-read.ts). Its mistakes are named by place, never by its text: the
 * file may be one a hostile configuration named (`contract.data: .env`).
 */
export async function loadDataFile(file: string, root: string): Promise<ContractData> {
  const text = await readNamedFile(file, { what: 'the --data file', root });
  let parsed: unknown;
  try {
    parsed = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(yamlLineBreaks(text));
  } catch (error) {
    throw new CouldNotRunError(
      `the --data file ${file} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${parseErrorWithoutContent(error)}`,
    );
  }
  return checkDataShape(parsed ?? {}, file, { quoteKeys: false });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape (operations → cases → values); throws one line naming the first mistake. */
export function checkDataShape(value: unknown, source = '--data', options: { quoteKeys?: boolean } = {}): ContractData {
  assertDataShape(value, source, options.quoteKeys ?? true);
  return value;
}

function assertDataShape(value: unknown, source: string, quoteKeys: boolean): asserts value is ContractData {
  if (!isPlainObject(value))
    throw new CouldNotRunError(`${source}: the top level must be a mapping from operationId to values`);
  for (const [index, [key, entry]] of Object.entries(value).entries()) {
    // A file's keys are named by their place only until the file has the shape of data.
    const operation = quoteKeys ? key : `entry ${index + 1} of the top level`;
    if (!isPlainObject(entry))
      throw new CouldNotRunError(`${source}: ${operation} must be a mapping with positive and/or notFound`);
    for (const [caseIndex, [kase, values]] of Object.entries(entry).entries()) {
      if (kase !== 'positive' && kase !== 'notFound')
        throw new CouldNotRunError(
          `${source}: ${quoteKeys ? `${operation}.${kase}` : `key ${caseIndex + 1} of ${operation}`} is not a case; use positive or notFound`,
        );
      if (!isPlainObject(values))
        throw new CouldNotRunError(`${source}: ${operation}.${kase} must be a mapping from parameter name to value`);
    }
  }
}

/** The key an operation's values go under in `--data`, as messages name it: its operationId, else `"METHOD /path"`. */
export function dataKey(op: OperationModel): string {
  return op.operationId ?? `"${op.label}"`;
}

/** The data for an operation, found by operationId or by `METHOD /path`. */
export function dataFor(data: ContractData | undefined, op: OperationModel): OperationData | undefined {
  if (!data) return undefined;
  return (
    (op.operationId !== undefined ? data[op.operationId] : undefined) ??
    data[op.label] ??
    data[`${op.method.toLowerCase()} ${op.pathKey}`]
  );
}

/** A case's value for a parameter: by `in.name`, then by name (header names in any case). */
export function dataValue(
  values: DataValues | undefined,
  parameter: ParameterModel,
): { found: boolean; value?: unknown } {
  if (!values) return { found: false };
  const keys = Object.keys(values);
  const qualified = `${parameter.in}.${parameter.name}`;
  const match = (key: string, wanted: string) =>
    parameter.in === 'header' ? key.toLowerCase() === wanted.toLowerCase() : key === wanted;
  const key = keys.find((k) => match(k, qualified)) ?? keys.find((k) => match(k, parameter.name));
  return key === undefined ? { found: false } : { found: true, value: values[key] };
}

/**
 * Every operation and parameter the data names must exist in the description: a typo would
 * otherwise silently fall back to the examples.
 */
export function checkDataAgainst(data: ContractData, operations: OperationModel[], source = '--data'): void {
  for (const [key, entry] of Object.entries(data)) {
    const op = operations.find((candidate) => dataFor({ [key]: entry }, candidate) === entry);
    if (!op) {
      const known = operations.map((o) => o.operationId ?? o.label).join(', ');
      throw new CouldNotRunError(`${source}: the description has no operation ${key}; it has ${known}`);
    }
    for (const kase of ['positive', 'notFound'] as const) {
      for (const name of Object.keys(entry[kase] ?? {})) {
        if (name === REQUEST_BODY_KEY) {
          if (!op.requestBody)
            throw new CouldNotRunError(
              `${source}: ${key}.${kase}.${REQUEST_BODY_KEY}: ${op.label} takes no request body`,
            );
          continue;
        }
        const known = op.parameters.some((p) => dataValue({ [name]: true }, p).found);
        if (!known) {
          const names = op.parameters.map((p) => p.name).join(', ') || 'none';
          throw new CouldNotRunError(
            `${source}: ${key}.${kase}.${name} is not a parameter of ${op.label} (its parameters: ${names})`,
          );
        }
      }
    }
  }
}
