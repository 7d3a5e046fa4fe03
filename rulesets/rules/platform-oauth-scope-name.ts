import { defineRule, show, type JsonPath, type Problem } from '../lib/rule.js';
import { resolve } from '../lib/openapi/resolve.js';
import { componentsOf, isArray, isObject } from '../lib/openapi/types.js';
import { operations } from '../lib/openapi/views.js';
import { PLATFORM_SCOPE, toKebabCase } from '../lib/conventions.js';
import { OIDC_STANDARD_SCOPES } from '../lib/vocabulary.js';

const ACCESS: Record<string, 'read' | 'write'> = {
  read: 'read',
  readonly: 'read',
  write: 'write',
  readwrite: 'write',
  manage: 'write',
};

/** The platform form closest to a scope as written (`read:users` → `@<organisation>/users:read`). */
function suggestion(scope: string): string {
  let organisation = '@<organisation>';
  let rest = scope.trim();
  const slash = rest.indexOf('/');
  if (slash > 0 && !/[:\s]/.test(rest.slice(0, slash))) {
    organisation = rest.slice(0, slash).toLowerCase();
    rest = rest.slice(slash + 1);
  }
  let access: 'read' | 'write' | undefined;
  const accessOf = (word: string | undefined) => {
    const key = (word ?? '').toLowerCase().replace(/_/g, '');
    return Object.hasOwn(ACCESS, key) ? ACCESS[key] : undefined;
  };
  const suffix = accessSuffix(rest);
  const prefix = /^([A-Za-z]+)[:._-]/.exec(rest);
  if (suffix && accessOf(suffix.word)) {
    access = accessOf(suffix.word);
    rest = rest.slice(0, suffix.index);
  } else if (prefix && accessOf(prefix[1])) {
    access = accessOf(prefix[1]);
    rest = rest.slice(prefix[0].length);
  } else if (/:[A-Za-z]+$/.test(rest)) {
    rest = rest.replace(/:[A-Za-z]+$/, '');
  }
  const resource = rest
    .split('/')
    .map((segment) => toKebabCase(segment))
    .filter(Boolean)
    .join('/');
  if (resource === '') return '`@<organisation>/<resource>:read` or `:write`, e.g. `@island.is/user-profile:read`';
  return access ? `\`${organisation}/${resource}:${access}\`` : `\`${organisation}/${resource}:read\` or \`:write\``;
}

function message(scope: string, kind: 'OAuth' | 'OpenID Connect', scheme: string): string {
  return `The ${kind} scope ${show(scope)} (of \`${scheme}\`) is not of the platform's form \`<organisation>/<resource>:read\` or \`:write\`; name it e.g. ${suggestion(scope)}.`;
}

function isAccepted(scope: string): boolean {
  return PLATFORM_SCOPE.test(scope) || OIDC_STANDARD_SCOPES.includes(scope);
}

export default defineRule({
  id: 'platform-oauth-scope-name',
  severity: 'warn',
  category: 'security',
  source: { document: 'seed', section: 'Authentication 3' },
  description:
    'OAuth 2.0 and OpenID Connect scopes are named `<organisation>/<resource>:read` or `:write` (standard OIDC scopes excepted).',
  check(document) {
    const problems: Problem[] = [];
    const schemes = componentsOf(document)?.securitySchemes;
    if (!isObject(schemes)) return problems;
    const openIdConnect = new Set<string>();
    for (const name of Object.keys(schemes)) {
      const scheme = resolve(document, schemes[name], ['components', 'securitySchemes', name]);
      if (!isObject(scheme.value)) continue;
      if (scheme.value.type === 'openIdConnect') openIdConnect.add(name);
      if (scheme.value.type !== 'oauth2' || !isObject(scheme.value.flows)) continue;
      for (const flow of Object.keys(scheme.value.flows)) {
        const flowObject = scheme.value.flows[flow];
        const scopes = isObject(flowObject) ? flowObject.scopes : undefined;
        if (!isObject(scopes)) continue;
        for (const scope of Object.keys(scopes)) {
          if (!isAccepted(scope))
            problems.push({
              message: message(scope, 'OAuth', name),
              path: [...scheme.path, 'flows', flow, 'scopes', scope],
            });
        }
      }
    }
    if (openIdConnect.size === 0) return problems;
    // OpenID Connect scopes are defined by the identity server, not here: report each at its first use.
    const reported = new Set<string>();
    const checkRequirements = (requirements: unknown, path: JsonPath) => {
      if (!isArray(requirements)) return;
      requirements.forEach((requirement, index) => {
        if (!isObject(requirement)) return;
        for (const name of Object.keys(requirement)) {
          const scopes = requirement[name];
          if (!openIdConnect.has(name) || !isArray(scopes)) continue;
          scopes.forEach((scope, i) => {
            if (typeof scope !== 'string' || isAccepted(scope) || reported.has(`${name}\u0000${scope}`)) return;
            reported.add(`${name}\u0000${scope}`);
            problems.push({ message: message(scope, 'OpenID Connect', name), path: [...path, index, name, i] });
          });
        }
      });
    };
    checkRequirements(document.security, ['security']);
    for (const op of operations(document)) checkRequirements(op.operation.security, [...op.path, 'security']);
    return problems;
  },
});

/**
 * The word after a scope's last separator (`invoices:read` → `read` at 8): what
 * `/[:._\s-]([A-Za-z_]+)$/` finds, read once from the end (the expression retried every `_` of a
 * long run of them).
 */
function accessSuffix(text: string): { index: number; word: string } | undefined {
  let start = text.length;
  while (start > 0 && /[A-Za-z_]/.test(text[start - 1] ?? '')) start--;
  if (start === text.length) return undefined;
  if (start > 0 && /[:.\s-]/.test(text[start - 1] ?? '')) return { index: start - 1, word: text.slice(start) };
  const underscore = text.indexOf('_', start);
  return underscore >= 0 && underscore < text.length - 1
    ? { index: underscore, word: text.slice(underscore + 1) }
    : undefined;
}
