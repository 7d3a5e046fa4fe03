import { defineRule, type JsonPath, type Problem } from '../lib/rule.js';
import { resolve } from '../lib/openapi/resolve.js';
import { type Document, isArray, isObject, type Parameter } from '../lib/openapi/types.js';
import { operations, type OperationInfo } from '../lib/openapi/views.js';

interface Entry {
  parameter: Parameter;
  /** Where the operation's (or its path item's) list names the parameter. */
  usagePath: JsonPath;
  level: 'path' | 'operation';
}

function describe(parameter: Parameter): string {
  return `${typeof parameter.in === 'string' ? `${parameter.in} ` : ''}parameter \`${String(parameter.name)}\``;
}

function isRequired(parameter: Parameter): boolean {
  return parameter.in === 'path' || parameter.required === true;
}

/**
 * The operation's parameters in the order a reader meets them: the path item's first, then the
 * operation's; an operation parameter that overrides a path-level one (same `name` and `in`)
 * takes the operation's place, as in `operationParameters`.
 */
function mergedParameters(document: Document, op: OperationInfo): Entry[] {
  const merged = new Map<string, Entry>();
  const add = (list: unknown, listPath: JsonPath, level: Entry['level']) => {
    if (!isArray(list)) return;
    list.forEach((entry, index) => {
      const resolved = resolve(document, entry, [...listPath, index]);
      if (!isObject(resolved.value)) return;
      const key = `${String(resolved.value.in)}:${String(resolved.value.name)}`;
      merged.delete(key);
      merged.set(key, { parameter: resolved.value, usagePath: [...listPath, index], level });
    });
  };
  add(op.pathItem.parameters, [...op.path.slice(0, -1), 'parameters'], 'path');
  add(op.operation.parameters, [...op.path, 'parameters'], 'operation');
  return [...merged.values()];
}

export default defineRule({
  id: 'platform-parameters-required-first',
  severity: 'warn',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 6' },
  description:
    "In each operation's parameter list (path-level parameters first), required parameters come before optional ones.",
  check(document) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      const entries = mergedParameters(document, op);
      const firstOptional = entries.findIndex((entry) => !isRequired(entry.parameter));
      if (firstOptional < 0) continue;
      const required = entries.slice(firstOptional + 1).find((entry) => isRequired(entry.parameter));
      if (!required) continue;
      const optional = entries[firstOptional];
      if (!optional) continue;
      const fix =
        optional.level === 'path' && required.level === 'operation'
          ? `the path item's parameters come before the operation's, so move \`${String(optional.parameter.name)}\` from the path item into the operations, after their required parameters`
          : `list the required parameters first, then the optional ones`;
      problems.push({
        message: `In \`${op.method.toUpperCase()} ${op.pathKey}\`, optional ${describe(optional.parameter)} is listed before required ${describe(required.parameter)}; ${fix}.`,
        path: optional.usagePath,
      });
    }
    return problems;
  },
});
