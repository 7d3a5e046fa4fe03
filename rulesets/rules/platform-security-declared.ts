import { defineRule, someOf, type JsonPath, type Problem } from '../lib/rule.js';
import { componentsOf, isArray, isObject } from '../lib/openapi/types.js';
import { resolve } from '../lib/openapi/resolve.js';
import { operations, type OperationInfo } from '../lib/openapi/views.js';

function list(names: string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}

export default defineRule({
  id: 'platform-security-declared',
  severity: 'error',
  category: 'security',
  source: { document: 'seed', section: 'Documentation requirements 7' },
  description:
    'Security requirements are declared at the top level or on every operation, and name schemes defined in `components.securitySchemes`.',
  // A Swagger 2.0 description is linted through its conversion: the advice in Swagger 2.0's terms.
  swagger2Wording: (message: string) =>
    message
      .replace(
        'e.g. `type: oauth2` with a `clientCredentials` flow',
        'e.g. `type: oauth2` with `flow: application` (client credentials)',
      )
      .replace("under the scheme's `flows.<flow>.scopes`", "under the scheme's `scopes`"),
  check(document) {
    const problems: Problem[] = [];
    const securitySchemes = componentsOf(document)?.securitySchemes;
    const definedSchemes = isObject(securitySchemes) ? Object.keys(securitySchemes) : [];
    // The scopes each OAuth 2.0 scheme declares, over all its flows (an OpenID Connect scheme's
    // scopes are the identity server's, not the description's).
    const declaredScopes = new Map<string, Set<string>>();
    for (const name of definedSchemes) {
      const scheme = resolve(document, (securitySchemes as Record<string, unknown>)[name], []).value;
      if (!isObject(scheme) || scheme.type !== 'oauth2' || !isObject(scheme.flows)) continue;
      const scopes = new Set<string>();
      for (const flow of Object.values(scheme.flows))
        if (isObject(flow) && isObject(flow.scopes)) for (const scope of Object.keys(flow.scopes)) scopes.add(scope);
      declaredScopes.set(name, scopes);
    }
    // An operation that asks for a scope its scheme does not declare cannot be granted it (issue 37).
    // OpenAPI 2.0 and 3.0 give scopes only to OAuth 2.0 and OpenID Connect schemes: for any other the
    // list MUST be empty (3.1 lets it name roles). A bearer or API-key scheme asked for scopes grants none.
    const scopeless = new Map<string, string>();
    const roles = typeof document.openapi === 'string' && !/^3\.0(\.|$)/.test(document.openapi);
    if (!roles)
      for (const name of definedSchemes) {
        const scheme = resolve(document, (securitySchemes as Record<string, unknown>)[name], []).value;
        if (isObject(scheme) && typeof scheme.type === 'string' && !['oauth2', 'openIdConnect'].includes(scheme.type))
          scopeless.set(name, scheme.type);
      }
    const checkScopes = (name: string, requested: unknown, path: JsonPath) => {
      const type = scopeless.get(name);
      if (type !== undefined && isArray(requested) && requested.length > 0) {
        problems.push({
          message: `The security requirement asks \`${name}\` for ${requested.length === 1 ? 'the scope' : 'the scopes'} ${requested.map((scope) => `\`${String(scope)}\``).join(', ')}, but \`${name}\` is a \`type: ${type}\` scheme, which has no scopes (OpenAPI allows them only for \`oauth2\` and \`openIdConnect\`; the list must be empty): write \`${name}: []\`, or describe the scopes with an OAuth 2.0 scheme.`,
          path,
        });
        return;
      }
      const declared = declaredScopes.get(name);
      if (!declared || !isArray(requested)) return;
      requested.forEach((scope, i) => {
        if (typeof scope !== 'string' || declared.has(scope)) return;
        const known = [...declared];
        problems.push({
          message: `The security requirement asks \`${name}\` for the scope \`${scope}\`, which the scheme does not declare; ${known.length > 0 ? `it declares ${someOf(known)}: ask for one of them, or` : 'it declares no scopes:'} declare \`${scope}\` under the scheme's \`flows.<flow>.scopes\`.`,
          path: [...path, i],
        });
      });
    };
    const checkRequirements = (requirements: unknown[], path: JsonPath) => {
      requirements.forEach((requirement, index) => {
        if (!isObject(requirement)) return;
        for (const name of Object.keys(requirement)) {
          if (definedSchemes.includes(name)) {
            checkScopes(name, requirement[name], [...path, index, name]);
            continue;
          }
          const defined =
            definedSchemes.length > 0
              ? `\`components.securitySchemes\` defines only ${list(definedSchemes)}: name ${definedSchemes.length === 1 ? 'it' : 'one of them'}, or define \`${name}\` there`
              : `the description defines no security schemes: add \`components.securitySchemes.${name}\`, e.g. \`type: oauth2\` with a \`clientCredentials\` flow`;
          problems.push({
            message: `The security requirement names \`${name}\`, which is not a defined security scheme; ${defined}.`,
            path: [...path, index, name],
          });
        }
      });
    };
    const security = document.security;
    const topLevel = isArray(security);
    if (topLevel) checkRequirements(security, ['security']);
    const example =
      definedSchemes.length > 0 ? `security: [{ ${definedSchemes[0]}: [] }]` : 'security: [{ <scheme>: [<scopes>] }]';
    const undeclared: OperationInfo[] = [];
    let declared = 0;
    for (const op of operations(document)) {
      const own = op.operation.security;
      if (isArray(own)) {
        declared++;
        checkRequirements(own, [...op.path, 'security']);
        continue;
      }
      // A CORS preflight (OPTIONS) is sent without credentials by the browser, so it cannot require any.
      if (own !== undefined || topLevel || op.method === 'options') continue;
      undeclared.push(op);
    }
    // One cause, one finding: a description that declares security nowhere is fixed by one top-level
    // `security`, so it is one finding at the top level, naming the operations.
    if (declared === 0 && undeclared.length > 1) {
      problems.push({
        message: `The description declares no \`security\`, at the top level or on any of its ${undeclared.length} operations (${someOf(undeclared.map((op) => `${op.method.toUpperCase()} ${op.pathKey}`))}); say how callers authenticate: \`${example}\` at the top level (and \`security: []\` on an operation that is deliberately public).`,
        path: [],
      });
      return problems;
    }
    for (const op of undeclared) {
      problems.push({
        message: `\`${op.method.toUpperCase()} ${op.pathKey}\` declares no \`security\` and the description has none at the top level; say how callers authenticate: \`${example}\` at the top level or on the operation (or \`security: []\` on an operation that is deliberately public).`,
        path: op.path,
      });
    }
    return problems;
  },
});
