import { defineRule, show, type Problem } from '../lib/rule.js';
import { layerKeyword, schemaLayers, schemaTypes } from '../lib/openapi/resolve.js';
import { mediaTypes, type MediaTypeInfo } from '../lib/openapi/views.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { mayBeJson } from '../lib/openapi/media-type.js';

/**
 * A media type whose body, when its schema is an array, is a JSON array on the wire: JSON, the
 * ranges a generator writes for JSON (`*\/*`), and `text/plain`, which ASP.NET lists beside
 * `application/json` for the same serialised body (a schema of `type: array` is not plain prose).
 */
function carriesJsonText(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  // A JSON Patch (RFC 6902) is an array of operations by definition: its format is not the API's to choose.
  if (essence === 'application/json-patch+json') return false;
  return mayBeJson(mediaType) || essence === 'text/plain';
}

export default defineRule({
  id: 'platform-no-bare-array',
  severity: 'error',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Response top level' },
  description: 'No JSON request or response body is a bare array: a collection is a named member of a body object.',
  check(document) {
    const problems: Problem[] = [];
    // The media types of one request body or response that send a bare array: one cause, one finding.
    const byBody = new Map<string, { info: MediaTypeInfo; others: MediaTypeInfo[] }>();
    for (const info of mediaTypes(document)) {
      if (!carriesJsonText(info.mediaType) || info.media.schema === undefined) continue;
      const path = [...info.path, 'schema'];
      const layers = schemaLayers(document, info.media.schema, path);
      if (layers.length === 0) continue;
      const type = layerKeyword(layers, 'type');
      const isArray = type
        ? schemaTypes(type.layer.schema).includes('array')
        : layerKeyword(layers, 'items') !== undefined && layerKeyword(layers, 'properties') === undefined;
      if (!isArray) continue;
      const key = encodePointer(info.path.slice(0, -2));
      const found = byBody.get(key);
      if (found) found.others.push(info);
      else byBody.set(key, { info, others: [] });
    }
    for (const { info, others } of byBody.values()) {
      const op = info.operations.length === 1 ? info.operations[0] : undefined;
      const also = others.length > 0 ? ` (also as ${others.map((other) => show(other.mediaType)).join(', ')})` : '';
      const where =
        info.kind === 'request'
          ? `The ${show(info.mediaType)} request body${also}${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}`
          : `The ${show(info.mediaType)} response body${also}${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}${info.statuses.length > 0 ? ` (${info.statuses.join(', ')})` : ''}`;
      problems.push({
        message: `${where} is a bare array; make it an object that holds the list in a named member, e.g. \`{ data: [...] }\`, so the body can grow (paging, totals) without breaking callers.`,
        path: [...info.path, 'schema'],
        also: others.map((other) => [...other.path, 'schema']),
      });
    }
    return problems;
  },
});
