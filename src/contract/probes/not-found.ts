/**
 * An identifier of the right form that does not exist → 204 with an empty body (the platform
 * answers a resource that does not exist, or is not accessible, with 204, never 404).
 *
 * Sent for GET and HEAD: the last resource identifier (a path parameter, or an `X-Param-*` header
 * standing for one) is replaced by one of its form that no one has. A `--data … notFound` case wins,
 * for any method.
 */
import { compileSafePattern } from '../../../rulesets/lib/patterns.js';
import { NOT_FOUND_UUID, notFoundNationalId } from '../conventions.js';
import { dataKey, dataValue } from '../data.js';
import { successStatuses } from '../description.js';
import type { ParameterModel } from '../description.js';
import { defineProbe, type IdentifierParameter, type ReplacedIdentifier } from './probe.js';

const rule = 'contract-not-found-204';

export default defineProbe({
  id: 'notFound',
  order: 2,
  name: 'the not-found probe',
  expectation: '204 with an empty body',
  rule,
  answer: 'not-found-204',
  plan(context) {
    const { op } = context;
    const given = context.data?.notFound;
    if (given) {
      const values = new Map(context.values);
      let replaced: ReplacedIdentifier | undefined;
      for (const parameter of op.parameters) {
        const found = dataValue(given, parameter);
        if (!found.found) continue;
        values.set(parameter, found.value);
        replaced ??= { parameter, value: String(found.value) };
      }
      return { requests: [context.request(values, 'full', replaced)] };
    }
    if (!['GET', 'HEAD'].includes(op.method)) return { requests: [] };
    const target = context.identifiers.filter((id) => id.resource).at(-1);
    if (!target) return { requests: [] };
    const value = notFoundValue(target, context.knownIdentifiers);
    if (value === undefined) {
      const { parameter } = target;
      return {
        requests: [],
        findings: [
          context.missing(
            parameter.path,
            `${op.label}: vottur cannot derive an identifier of the right form that does not exist for the ${parameter.in} parameter ${parameter.name}, so the not-found probe (expects 204) is not sent; give one in --data under ${dataKey(op)}.notFound.${parameter.name}`,
          ),
        ],
      };
    }
    const values = new Map(context.values);
    values.set(target.parameter, value);
    return { requests: [context.request(values, 'full', { parameter: target.parameter, value: String(value) })] };
  },
  dredd: {
    // A 404 transaction, and a 204 documented beside another success (the empty answer for a missing resource).
    standsFor: (status, op) => status === 404 || (status === 204 && successStatuses(op).some((s) => s !== 204)),
    whenNotSent: () => 'no identifier that does not exist could be derived',
  },
});

/** A value of the identifier's form that names nothing; undefined when none can be derived. */
function notFoundValue(id: IdentifierParameter, known: ReadonlySet<string>): string | number | undefined {
  const schema: ParameterModel['schema'] = id.parameter.schema ?? {};
  switch (id.kind) {
    case 'nationalId':
      return notFoundNationalId(known);
    case 'uuid':
      return NOT_FOUND_UUID;
    case 'integer':
      return typeof schema.maximum === 'number'
        ? schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0)
        : 2147483647;
    case 'string': {
      const value = 'vottur-no-such-resource';
      if (schema.format !== undefined || Array.isArray(schema.enum) || schema.const !== undefined) return undefined;
      if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return undefined;
      if (typeof schema.minLength === 'number' && value.length < schema.minLength) return undefined;
      if (typeof schema.pattern === 'string') {
        // The description's pattern, in linear time (never a backtracking RegExp).
        const pattern = compileSafePattern(schema.pattern);
        if (!pattern.ok || !pattern.regex.test(value)) return undefined;
      }
      return value;
    }
  }
}
