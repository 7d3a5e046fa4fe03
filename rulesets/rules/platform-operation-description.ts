import { defineRule, show, type Problem } from '../lib/rule.js';
import { operations } from '../lib/openapi/views.js';

export default defineRule({
  id: 'platform-operation-description',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 8' },
  description: 'Every operation has a non-empty `description`; a `summary` alone is not enough.',
  check(document) {
    const problems: Problem[] = [];
    // A path item shared through `$ref` lists its operations under every path that uses it: report each once, where it is defined.
    const seen = new Set<object>();
    for (const op of operations(document)) {
      if (seen.has(op.operation)) continue;
      seen.add(op.operation);
      const name = `\`${op.method.toUpperCase()} ${op.pathKey}\``;
      const { description, summary } = op.operation;
      if (typeof description === 'string' && description.trim() !== '') continue;
      const hasSummary = typeof summary === 'string' && summary.trim() !== '';
      const advice = hasSummary
        ? `its \`summary\` (${show(summary.trim())}) is only a title; add a \`description\` too: start from the summary and say what the operation returns, for whom and when`
        : 'say what the operation does, what it returns, for whom and when';
      if (description === undefined) {
        problems.push({ message: `${name} has no \`description\`; ${advice}.`, path: op.path });
      } else {
        const what = typeof description === 'string' ? 'empty' : `${show(description)}, not text`;
        problems.push({
          message: `The \`description\` of ${name} is ${what}; ${advice}.`,
          path: [...op.path, 'description'],
        });
      }
    }
    return problems;
  },
});
