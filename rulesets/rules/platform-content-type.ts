import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { resolve } from '../lib/openapi/resolve.js';
import { isObject, isRef, type RequestBody, type Response } from '../lib/openapi/types.js';
import {
  NO_BODY_STATUSES,
  operations,
  responses,
  statusClass,
  type OperationInfo,
  type ResponseInfo,
} from '../lib/openapi/views.js';
import { MEDIA_TYPE } from '../lib/conventions.js';

/** Statuses that never carry a body (RFC 9110): declaring a media type for them is wrong. */
const NO_BODY = NO_BODY_STATUSES;
/** Statuses that need no body: redirects (the `Location` header is the answer) and 1xx. */
const BODY_OPTIONAL = new Set(['301', '302', '303', '307', '308', '3XX']);

function label(op: OperationInfo): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

function mediaTypeNames(container: RequestBody | Response): string[] {
  return isObject(container.content) ? Object.keys(container.content) : [];
}

/** Where to point at a missing or empty `content`: the (empty) `content` itself, or the object that lacks it. */
function contentPath(container: RequestBody | Response, path: JsonPath): JsonPath {
  return container.content !== undefined ? [...path, 'content'] : path;
}

function uses(list: ResponseInfo[]): string {
  const names = list.map((use) => `\`${label(use.operation)}\` ${use.status}`);
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

function needsBody(use: ResponseInfo): boolean {
  const status = use.status.toUpperCase();
  if (NO_BODY.has(status) || BODY_OPTIONAL.has(status) || statusClass(status) === '1') return false;
  return use.operation.method !== 'head' && use.operation.method !== 'options';
}

/** Quotes a media type key, or says that it is none (generators leave keys such as a bare word). */
function showMediaType(key: string): string {
  return MEDIA_TYPE.test(key) ? show(key) : 'a key that is not a media type (`type/subtype`)';
}

export default defineRule({
  id: 'platform-content-type',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 5' },
  description: 'Request bodies and responses declare their media types; 204 and 304 responses declare none.',
  // A Swagger 2.0 description is linted through its conversion: the advice in Swagger 2.0's terms.
  swagger2Wording: (message: string) =>
    message
      .replace(
        'declares no media type; add `content` with the media type of its body, e.g.',
        'declares no body; add the `schema` of its body (its media types are those `produces` lists), e.g.',
      )
      .replace(': remove `content`', ': remove its `schema`'),
  check(document) {
    const problems: Problem[] = [];

    // Request bodies, each once where it is defined (components included, used or not).
    const seenBodies = new Set<string>();
    const checkBody = (body: RequestBody, path: JsonPath, op?: OperationInfo) => {
      const key = encodePointer(path);
      if (seenBodies.has(key)) return;
      seenBodies.add(key);
      if (mediaTypeNames(body).length > 0) return;
      const whose = op ? `The request body of \`${label(op)}\`` : `The request body \`${printPath(path)}\``;
      problems.push({
        message: `${whose} declares no media type; add \`content\` with the media type it accepts and its schema, e.g. \`application/json\`.`,
        path: contentPath(body, path),
      });
    };
    for (const op of operations(document)) {
      if (op.operation.requestBody === undefined) continue;
      const body = resolve(document, op.operation.requestBody, [...op.path, 'requestBody']);
      if (isObject(body.value)) checkBody(body.value, body.path, body.viaRef ? undefined : op);
    }
    const componentBodies = isObject(document.components) ? document.components.requestBodies : undefined;
    if (isObject(componentBodies)) {
      for (const name of Object.keys(componentBodies)) {
        const body = componentBodies[name];
        if (isObject(body) && !isRef(body)) checkBody(body, ['components', 'requestBodies', name]);
      }
    }

    // Responses, grouped by where they are defined so a shared component is reported once.
    const byDefinition = new Map<string, ResponseInfo[]>();
    for (const info of responses(document)) {
      const key = encodePointer(info.path);
      const list = byDefinition.get(key);
      if (list) list.push(info);
      else byDefinition.set(key, [info]);
    }
    for (const list of byDefinition.values()) {
      const [first] = list;
      if (!first) continue;
      const { response, path } = first;
      const shared = list.some(
        (use) =>
          use.path.length !== use.usagePath.length || use.path.some((segment, i) => segment !== use.usagePath[i]),
      );
      const names = mediaTypeNames(response);
      if (names.length > 0) {
        const forbidden = list.filter((use) => NO_BODY.has(use.status));
        const [firstForbidden] = forbidden;
        if (!firstForbidden) continue;
        const statuses = [...new Set(forbidden.map((use) => use.status))].join(' and ');
        const whose = shared
          ? `\`${printPath(path)}\`, used as ${uses(forbidden)},`
          : `The ${statuses} response of \`${label(firstForbidden.operation)}\``;
        problems.push({
          message: `${whose} declares a body (${names.map((name) => showMediaType(name)).join(', ')}); a ${statuses} response has none: remove \`content\`${forbidden.every((use) => use.status === '304') ? '' : ", or answer with `'200'` if there is a body to return"}.`,
          path: [...path, 'content'],
        });
        continue;
      }
      const needing = list.filter(needsBody);
      const [firstNeeding] = needing;
      if (!firstNeeding) continue;
      const isError = needing.some((use) => ['4', '5', 'default'].includes(statusClass(use.status) ?? ''));
      const example = isError
        ? '`application/problem+json` with a Problem Details schema'
        : '`application/json` with the schema of the body';
      const whose = shared
        ? `\`${printPath(path)}\`, used as ${uses(needing)},`
        : `The ${firstNeeding.status} response of \`${label(firstNeeding.operation)}\``;
      problems.push({
        message: `${whose} declares no media type; add \`content\` with the media type of its body, e.g. ${example} (only 204 and 304 responses, redirects and answers to HEAD and OPTIONS have no body).`,
        path: contentPath(response, path),
      });
    }
    return problems;
  },
});
