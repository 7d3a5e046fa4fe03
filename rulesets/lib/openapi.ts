/**
 * The OpenAPI layer as one module, as it was before it was split into `./openapi/` (pointer,
 * types, resolve, views, examples). New code imports from those modules; this one re-exports
 * them for code that still reads nodes loosely: `src/contract/` is being typed on its own, and
 * until it moves to `./openapi/*.js` these few names keep the signatures it was written against
 * (a node as `Obj`, whose values are `any`). Everything else here is the typed layer itself.
 */
import type { JsonPath } from './openapi/types.js';
import { resolve as resolveNode } from './openapi/resolve.js';
import { isObject as isJsonObject, type HttpMethod } from './openapi/types.js';
import * as views from './openapi/views.js';

export * from './openapi/examples.js';
export * from './openapi/pointer.js';
export * from './openapi/resolve.js';
export * from './openapi/types.js';
export * from './openapi/views.js';

/**
 * A node read without checks. `any` on purpose (one of the repository's few): src/contract still
 * reads nodes through it; the typed layer uses `JsonObject` and the node types of `./openapi/types.ts`.
 */
export type Obj = Record<string, any>;

export const isObject: (value: unknown) => value is Obj = isJsonObject;

export interface Resolved<T = Obj> {
  value: T | undefined;
  path: JsonPath;
  viaRef: boolean;
}

export function resolve<T = Obj>(document: Obj, node: unknown, path: JsonPath): Resolved<T> {
  return resolveNode(document, node, path) as Resolved<T>;
}

export interface OperationInfo {
  pathKey: string;
  method: HttpMethod;
  operation: Obj;
  pathItem: Obj;
  path: JsonPath;
}

export interface ParameterInfo {
  parameter: Obj;
  path: JsonPath;
}

export const operations: (document: Obj) => OperationInfo[] = views.operations;
export const operationParameters: (document: Obj, op: OperationInfo) => ParameterInfo[] = views.operationParameters;
export const effectiveSecurity = views.effectiveSecurity as (document: Obj, op: OperationInfo) => Obj[] | undefined;
