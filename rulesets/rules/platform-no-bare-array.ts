import { defineRule, show, type Problem } from '../lib/rule.js';
import { layerKeyword, schemaLayers, schemaTypes } from '../lib/openapi/resolve.js';
import { mediaTypes } from '../lib/openapi/views.js';
import { isJsonMediaType } from '../lib/conventions.js';

export default defineRule({
  id: 'platform-no-bare-array',
  severity: 'error',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Response top level' },
  description: 'No JSON request or response body is a bare array: a collection is a named member of a body object.',
  check(document) {
    const problems: Problem[] = [];
    for (const info of mediaTypes(document)) {
      if (!isJsonMediaType(info.mediaType) || info.media.schema === undefined) continue;
      const path = [...info.path, 'schema'];
      const layers = schemaLayers(document, info.media.schema, path);
      if (layers.length === 0) continue;
      const type = layerKeyword(layers, 'type');
      const isArray = type ? schemaTypes(type.layer.schema).includes('array') : layerKeyword(layers, 'items') !== undefined && layerKeyword(layers, 'properties') === undefined;
      if (!isArray) continue;
      const op = info.operations.length === 1 ? info.operations[0] : undefined;
      const where = info.kind === 'request'
        ? `The ${show(info.mediaType)} request body${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}`
        : `The ${show(info.mediaType)} response body${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}${info.statuses.length > 0 ? ` (${info.statuses.join(', ')})` : ''}`;
      problems.push({
        message: `${where} is a bare array; make it an object that holds the list in a named member, e.g. \`{ data: [...] }\`, so the body can grow (paging, totals) without breaking callers.`,
        path,
      });
    }
    return problems;
  },
});
