import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { authenticationShape } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

/** The URLs of an OAuth 2.0 flow besides its token URL (diff-security-token-url-changed's). */
const FLOW_URLS = ['authorizationUrl', 'refreshUrl'] as const;

export const check = {
  id: 'diff-security-scheme-url-changed',
  class: 'breaking',
  area: 'security',
  kind: 'structure',
  category: 'security',
  description:
    "An address of a security scheme changed, was added or was removed (an OAuth 2.0 flow's authorization or refresh URL, OpenID Connect's discovery URL); callers send users or tokens to another address.",
  level: 'security-scheme',
  detect(node, context) {
    const b = node.base.value;
    const r = node.revision.value;
    // A scheme that changed how callers authenticate is one change (security-scheme-type-changed), not two.
    if (!isObject(b) || !isObject(r) || authenticationShape(b) !== authenticationShape(r)) return;
    // A URL is a string; anything else is shown and compared as its JSON.
    const shown = (value: unknown) =>
      value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value);
    const compare = (before: unknown, after: unknown, place: string[], what: string) => {
      if (shown(before) === shown(after)) return;
      context.report(
        [...node.revision.path, ...place],
        [...node.base.path, ...place],
        `the ${what} of security scheme ${node.name} changed from ${shown(before)} to ${shown(after)}`,
      );
    };
    compare(b.openIdConnectUrl, r.openIdConnectUrl, ['openIdConnectUrl'], 'OpenID Connect URL');
    if (!isObject(b.flows) || !isObject(r.flows)) return;
    for (const flow of Object.keys(b.flows)) {
      const bf = b.flows[flow];
      const rf = r.flows[flow];
      if (!isObject(bf) || !isObject(rf)) continue;
      for (const key of FLOW_URLS)
        compare(
          bf[key],
          rf[key],
          ['flows', flow, key],
          `${key === 'refreshUrl' ? 'refresh' : 'authorization'} URL (${flow})`,
        );
    }
  },
} as const satisfies FixedCheck;
