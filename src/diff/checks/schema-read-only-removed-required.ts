import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/**
 * In any schema: a request parameter, a request body, a response body, a response header (one id
 * each). A read-only property is not sent in requests, so its
 * object's `required` did not apply to callers; once writable and required, a request without it
 * is refused, as if a required property had been added (read-only-removed reports the rest).
 */
export const change = {
  change: 'read-only-removed-required',
  ids: {
    'request-parameter': 'diff-request-parameter-read-only-removed-required',
    'request-body': 'diff-request-body-read-only-removed-required',
    'response-body': 'diff-response-body-read-only-removed-required',
    'response-header': 'diff-response-header-read-only-removed-required',
  },
  kind: 'requiredness',
  effect: { request: 'narrow', response: 'additive' },
  text: 'a read-only property became writable and is required, so requests must now send it',
  detect(node, context) {
    const pair = node.readOnly;
    if (!context.requiredInRevision || pair?.base?.value !== true || pair.revision?.value === true) return;
    context.report(
      revisionAt(pair, node),
      baseAt(pair, node),
      `${context.label} was read-only and is now writable and required: ${context.direction === 'request' ? 'a request without it is refused' : 'responses carry it as before'}`,
    );
  },
} as const satisfies SchemaChangeDefinition;
