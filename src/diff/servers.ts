import { isArray, isObject } from '../../rulesets/lib/openapi/types.js';

/**
 * Each server of a `servers` list as a caller meets it: its URL, then each variable's default and
 * the values it may take (`https://{env}.example.is (env: prod, one of prod|test)`); a server
 * without variables is its URL alone. Undefined where no list is declared: the enclosing one applies.
 */
export function serverTexts(servers: unknown): string[] | undefined {
  if (!isArray(servers)) return undefined;
  return servers.filter(isObject).map((server) => {
    const variables = isObject(server.variables) ? server.variables : {};
    const described = Object.keys(variables)
      .sort()
      .flatMap((name) => {
        const variable = variables[name];
        if (!isObject(variable)) return [];
        const values = isArray(variable.enum) ? `, one of ${variable.enum.map(String).join('|')}` : '';
        return [`${name}: ${String(variable.default)}${values}`];
      });
    return described.length > 0 ? `${String(server.url)} (${described.join('; ')})` : String(server.url);
  });
}
