import { oas } from '@stoplight/spectral-rulesets';
import type { IFunctionResult, RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import { defineRule, type JsonPath, type Problem } from '../lib/rule.js';
import { isObject, lookupLocalRef } from '../lib/openapi.js';

/** Spectral's own OpenAPI 3.0/3.1 structural validation (the function behind `oas3-schema`), reused as is. */
const oasDocumentSchema = (oas.rules as Record<string, any>)['oas3-schema'].then.function as RulesetFunctionWithValidator<unknown, null>;

function danglingRefs(document: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const walk = (node: unknown, path: JsonPath) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i]));
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#') && lookupLocalRef(document, node.$ref) === null) {
      problems.push({ message: `\`$ref: ${node.$ref}\` points at nothing in this document; fix the pointer or add the missing component.`, path: [...path, '$ref'] });
    }
    for (const key of Object.keys(node)) {
      // Examples are data, not description: a `$ref` key inside one is just a value.
      if ((key === 'example' || key === 'default' || key === 'const' || key === 'enum') && path.length > 0) continue;
      walk(node[key], [...path, key]);
    }
  };
  walk(document, []);
  return problems;
}

export default defineRule({
  id: 'platform-openapi-valid',
  severity: 'error',
  category: 'documentation',
  description: 'The description is structurally valid OpenAPI 3.0/3.1 and every `$ref` resolves.',
  check(document, context) {
    const structural = (oasDocumentSchema(document, null, context) ?? []) as IFunctionResult[];
    const version = String(document.openapi ?? '').startsWith('3.1') ? 'OpenAPI 3.1' : 'OpenAPI 3.0';
    return [
      ...structural.map((result) => ({ message: `Not valid ${version}: ${result.message.replace(/\.$/, '')}.`, path: (result.path ?? []) as JsonPath })),
      ...danglingRefs(document),
    ];
  },
});
