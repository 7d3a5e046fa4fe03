/**
 * The one safe JSONPath evaluator: RFC 9535 (json-p3, strict), with no filter selector, so a path
 * a repository writes (a policy's ruleset, an overlay's target) selects nodes by name, wildcard,
 * index and `..` and never evaluates an expression. The policy loader and the overlay reader both
 * compile through here.
 */
import type { JSONPathEnvironment, JSONPathQuery } from 'json-p3';

let environment: JSONPathEnvironment | undefined;

async function strictEnvironment(): Promise<JSONPathEnvironment> {
  if (!environment) {
    const { JSONPathEnvironment } = await import('json-p3');
    environment = new JSONPathEnvironment({ strict: true });
  }
  return environment;
}

/** The compiled query, or why the path is refused (not RFC 9535, or a filter selector in it). */
export async function compileSafeJsonPath(path: string): Promise<{ query: JSONPathQuery } | { refusal: string }> {
  const env = await strictEnvironment();
  let query: JSONPathQuery;
  try {
    query = env.compile(path);
  } catch (error) {
    return { refusal: `is not an RFC 9535 JSONPath (${error instanceof Error ? error.message : String(error)})` };
  }
  for (const segment of query.segments)
    for (const selector of segment.selectors)
      if (selector.constructor.name === 'FilterSelector')
        return { refusal: 'uses a filter selector, which is not allowed' };
  return { query };
}
