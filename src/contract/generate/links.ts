/**
 * The stateful phase's map: OpenAPI `links` say which operation may follow a response and where
 * its parameters come from (`userId: $response.body#/id`). This module lists those steps and
 * evaluates their runtime expressions against a real exchange.
 */
import { decodePointer } from '../../../rulesets/lib/openapi/pointer.js';
import { resolve } from '../../../rulesets/lib/openapi/resolve.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import type { OpenApiDocument } from '../../../rulesets/lib/rule.js';

export interface LinkEnds<Op> {
  /** The operation whose response carries the link. */
  from: Op;
  /** The response status the link belongs to (`200`, `2XX`, `default`). */
  status: string;
  name: string;
  /** The operation the link leads to. */
  to: Op;
  /** Parameter name (optionally `path.name`, `query.name`…) → runtime expression or constant. */
  parameters: Record<string, unknown>;
  requestBody?: unknown;
}

interface LinkableOperation {
  operationId?: string;
  path: Array<string | number>;
  responses: Array<{ status: string; response: Record<string, unknown> }>;
}

/** Every link of every response, with both ends found; links whose target cannot be found are left out. */
export function linkSteps<Op extends LinkableOperation>(
  document: OpenApiDocument,
  operations: readonly Op[],
): Array<LinkEnds<Op>> {
  const byId = new Map(operations.flatMap((op) => (op.operationId ? [[op.operationId, op] as const] : [])));
  const byPointer = new Map(operations.map((op) => [JSON.stringify(op.path.map(String)), op]));
  const steps: Array<LinkEnds<Op>> = [];
  for (const from of operations) {
    for (const { status, response } of from.responses) {
      if (!isObject(response.links)) continue;
      for (const [name, raw] of Object.entries(response.links)) {
        const link = resolve(document, raw, []).value;
        if (!isObject(link)) continue;
        let to: Op | undefined;
        if (typeof link.operationId === 'string') to = byId.get(link.operationId);
        else if (typeof link.operationRef === 'string' && link.operationRef.startsWith('#'))
          to = byPointer.get(JSON.stringify(decodePointer(link.operationRef)));
        if (!to) continue;
        steps.push({
          from,
          status,
          name,
          to,
          parameters: isObject(link.parameters) ? { ...link.parameters } : {},
          ...(link.requestBody !== undefined ? { requestBody: link.requestBody } : {}),
        });
      }
    }
  }
  return steps;
}

/** What a runtime expression can read: the request that was sent and the answer it got. */
export interface ExchangeContext {
  url: string;
  method: string;
  request: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    headers: Record<string, string>;
    body?: unknown;
  };
  response: { status: number; headers: Record<string, string>; body?: unknown };
}

function pointerValue(value: unknown, pointer: string): unknown {
  let node = value;
  for (const segment of decodePointer(pointer)) {
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * A runtime expression's value (`$response.body#/id`, `$request.path.userId`,
 * `$response.header.Location`, `$statusCode`, `$url`, `$method`), or an expression embedded in
 * a string (`/users/{$response.body#/id}`). A value that is not an expression is returned as it is.
 * `undefined` when the expression names something the exchange does not have.
 */
export function evaluateExpression(expression: unknown, exchange: ExchangeContext): unknown {
  if (typeof expression !== 'string') return expression;
  if (!expression.startsWith('$')) {
    if (!/\{\$[^}]+\}/.test(expression)) return expression;
    let missing = false;
    const text = expression.replace(/\{(\$[^}]+)\}/g, (_match, inner: string) => {
      const value = evaluateExpression(inner, exchange);
      if (value === undefined) missing = true;
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
    return missing ? undefined : text;
  }
  if (expression === '$url') return exchange.url;
  if (expression === '$method') return exchange.method.toUpperCase();
  if (expression === '$statusCode') return exchange.response.status;
  const match = /^\$(request|response)\.(body|header|query|path)(?:(#.*)|\.(.+))?$/.exec(expression);
  if (!match) return undefined;
  const [, side, source, pointer, name] = match;
  const part = side === 'request' ? exchange.request : exchange.response;
  switch (source) {
    case 'body':
      return pointer === undefined ? part.body : pointerValue(part.body, pointer.slice(1));
    case 'header':
      return name === undefined ? undefined : header(part.headers, name);
    case 'query':
      return side === 'request' && name !== undefined ? exchange.request.query[name] : undefined;
    case 'path':
      return side === 'request' && name !== undefined ? exchange.request.path[name] : undefined;
    default:
      return undefined;
  }
}
