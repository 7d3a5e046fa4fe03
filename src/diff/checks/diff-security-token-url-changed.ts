import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { authenticationShape } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-token-url-changed',
  class: 'breaking',
  area: 'security',
  kind: 'structure',
  category: 'security',
  description: 'The token URL of an OAuth 2.0 flow changed; callers ask the old address for tokens.',
  level: 'security-scheme',
  detect(node, context) {
    const b = node.base.value;
    const r = node.revision.value;
    // A scheme that changed how callers authenticate is one change (security-scheme-type-changed), not two.
    if (!isObject(b) || !isObject(r) || authenticationShape(b) !== authenticationShape(r)) return;
    if (!isObject(b.flows) || !isObject(r.flows)) return;
    for (const flow of Object.keys(b.flows)) {
      const bf = b.flows[flow];
      const rf = r.flows[flow];
      if (isObject(bf) && isObject(rf) && bf.tokenUrl !== rf.tokenUrl)
        context.report(
          [...node.revision.path, 'flows', flow, 'tokenUrl'],
          [...node.base.path, 'flows', flow, 'tokenUrl'],
          `the token URL of security scheme ${node.name} (${flow}) changed from ${String(bf.tokenUrl)} to ${String(rf.tokenUrl)}`,
        );
    }
  },
} as const satisfies FixedCheck;
