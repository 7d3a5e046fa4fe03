import { defineRule, type JsonPath, type Problem } from '../lib/rule.js';
import { resolve } from '../lib/openapi/resolve.js';
import { operations, type OperationInfo } from '../lib/openapi/views.js';
import { isArray, isObject } from '../lib/openapi/types.js';

/** The template variables of a path key, in order: `/v1/invoices/{invoiceNo}` → `invoiceNo`. */
function templateVariables(pathKey: string): string[] {
  return [...pathKey.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '');
}

interface PathParameter {
  name: string;
  /** Where the operation lists it (the path item's or the operation's `parameters` entry). */
  usage: JsonPath;
}

/** The `in: path` parameters that apply to an operation, operation-level ones overriding path-level ones of the same name. */
function pathParameters(document: Parameters<typeof resolve>[0], op: OperationInfo): PathParameter[] {
  const byName = new Map<string, PathParameter>();
  const add = (list: unknown, at: JsonPath) => {
    if (!isArray(list)) return;
    list.forEach((entry, index) => {
      const parameter = resolve(document, entry, [...at, index]).value;
      if (isObject(parameter) && parameter.in === 'path' && typeof parameter.name === 'string')
        byName.set(parameter.name, { name: parameter.name, usage: [...at, index, 'name'] });
    });
  };
  add(op.pathItem.parameters, [...op.path.slice(0, -1), 'parameters']);
  add(op.operation.parameters, [...op.path, 'parameters']);
  return [...byName.values()];
}

export default defineRule({
  id: 'platform-path-parameters',
  severity: 'error',
  category: 'documentation',
  source: {
    document: 'seed',
    section: 'Documentation requirements 1 (an OpenAPI 3 description) and Endpoints (path parameters)',
  },
  description:
    "Every template variable of a path (`{invoiceNo}`) is declared by an `in: path` parameter of each of its operations, every `in: path` parameter appears in the template, no variable appears twice, and no two paths differ only in their variables' names.",
  check(document) {
    const problems: Problem[] = [];
    const byPath = new Map<string, OperationInfo[]>();
    for (const op of operations(document)) byPath.set(op.pathKey, [...(byPath.get(op.pathKey) ?? []), op]);
    // Templated paths that differ only in their variables' names (`/machines/{Id}`, `/machines/{id}`)
    // are one path: OpenAPI forbids them ("identical"), and a request cannot tell which it meant.
    const byShape = new Map<string, string>();
    for (const pathKey of isObject(document.paths) ? Object.keys(document.paths) : []) {
      if (!pathKey.includes('{')) continue;
      const shape = pathKey.replace(/\{[^{}]*\}/g, '{}');
      const first = byShape.get(shape);
      if (first === undefined) {
        byShape.set(shape, pathKey);
        continue;
      }
      problems.push({
        message: `The path \`${pathKey}\` differs from \`${first}\` only in its variables' names, so the two are one path (OpenAPI forbids such paths: a request cannot tell them apart); merge their operations under \`${first}\`.`,
        path: ['paths', pathKey],
        // Which of the two is "second" is the document's key order: the finding stands for both
        // places, so a baseline taken before the keys were reordered still matches it.
        also: [['paths', first]],
      });
    }
    for (const [pathKey, ops] of byPath) {
      const variables = templateVariables(pathKey);
      const twice = variables.filter((name, index) => variables.indexOf(name) !== index);
      const repeated = twice[0];
      if (repeated !== undefined) {
        // The second name in the variable's own style: `{other_account_id}`, `{other-id}`, `{otherUserId}`.
        const separator = /[_-]/.exec(repeated)?.[0];
        const other = separator
          ? `other${separator}${repeated}`
          : `other${repeated.charAt(0).toUpperCase()}${repeated.slice(1)}`;
        problems.push({
          message: `The path \`${pathKey}\` uses \`{${repeated}}\` more than once; a request can give it only one value: name each variable after what it identifies (e.g. \`{${repeated}}\` and \`{${other}}\`).`,
          path: ['paths', pathKey],
        });
      }
      const missingIn = new Map<string, OperationInfo[]>();
      for (const op of ops) {
        const declared = pathParameters(document, op);
        const missing = [...new Set(variables)].filter(
          (name) => !declared.some((parameter) => parameter.name === name),
        );
        const extra = declared.filter((parameter) => !variables.includes(parameter.name));
        if (missing.length === 1 && extra[0] !== undefined && extra.length === 1) {
          // One variable and one parameter that do not meet: one rename, one finding.
          const [variable] = missing;
          const parameter = extra[0];
          problems.push({
            message: `The path parameter \`${parameter.name}\` is not in the template \`${pathKey}\`, whose \`{${variable}}\` no \`in: path\` parameter declares: rename the parameter to \`${variable}\` (or the template variable to \`{${parameter.name}}\`).`,
            path: parameter.usage,
          });
          continue;
        }
        for (const parameter of extra) {
          problems.push({
            message: `The parameter \`${parameter.name}\` is declared \`in: path\`, but the path \`${pathKey}\` has no \`{${parameter.name}}\`: add \`{${parameter.name}}\` to the path where the value belongs, or declare the parameter \`in: query\` (or remove it).`,
            path: parameter.usage,
          });
        }
        for (const name of missing) missingIn.set(name, [...(missingIn.get(name) ?? []), op]);
      }
      for (const [name, missing] of missingIn) {
        const advice = `declare it: \`parameters: [{name: ${name}, in: path, required: true, schema: {type: string}}]\``;
        if (missing.length === ops.length) {
          problems.push({
            message: `The path \`${pathKey}\` has \`{${name}}\`, but no \`in: path\` parameter declares it; ${advice} on the path item, so that every operation has it.`,
            path: ['paths', pathKey],
          });
        } else {
          for (const op of missing) {
            problems.push({
              message: `\`${op.method.toUpperCase()} ${pathKey}\` declares no \`in: path\` parameter for \`{${name}}\`; ${advice} on the operation or on the path item.`,
              path: op.path,
            });
          }
        }
      }
    }
    return problems;
  },
});
