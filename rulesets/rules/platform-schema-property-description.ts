import { defineRule, printPath, type Problem } from '../lib/rule.js';
import { resolve } from '../lib/openapi/resolve.js';
import { isObject, isRef } from '../lib/openapi/types.js';
import { properties } from '../lib/openapi/views.js';

function hasDescription(schema: unknown): boolean {
  return isObject(schema) && typeof schema.description === 'string' && schema.description.trim() !== '';
}

export default defineRule({
  id: 'platform-schema-property-description',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 8' },
  description:
    "Every schema property has a `description`; a property that is only a `$ref` inherits the referenced schema's.",
  check(document) {
    const problems: Problem[] = [];
    for (const node of properties(document)) {
      if (hasDescription(node.schema)) continue;
      if (isRef(node.schema)) {
        const target = resolve(document, node.schema, node.path);
        // An external or broken reference is platform-openapi-valid's business, not ours.
        if (target.value === undefined || hasDescription(target.value)) continue;
        problems.push({
          message: `Property \`${node.name}\` refers to ${printPath(target.path)}, which has no \`description\`; describe that schema or the property.`,
          path: node.path,
        });
        continue;
      }
      problems.push({
        message: `Property \`${node.name}\` has no \`description\`; say what the field holds, in which form or unit, and when it may be empty or null.`,
        path: node.path,
      });
    }
    return problems;
  },
});
