import { defineRule, show } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';

/**
 * Runs on every document, as written; the other rules declare OpenAPI 3.0/3.1/3.2 formats. `vottur lint`
 * runs those on an in-memory conversion of a Swagger 2.0 document (src/lint/swagger.ts); stock
 * Spectral leaves them silent on it.
 */
export default defineRule({
  id: 'platform-openapi-3',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 1' },
  description: 'The catalogue registers OpenAPI 3 descriptions: `openapi` must be 3.0.x, 3.1.x or 3.2.x.',
  anyFormat: true,
  check(document) {
    if (!isObject(document))
      return [
        {
          message:
            'The document is not an OpenAPI description (not an object); write an OpenAPI 3.0, 3.1 or 3.2 description.',
          path: [],
        },
      ];
    if (document.swagger !== undefined) {
      return [
        {
          message: `This is a Swagger ${show(document.swagger)} description; the catalogue requires OpenAPI 3, and the X-Road security server cannot register a service from it (it reads \`openapi\` and accepts 3.0.x or 3.1.0: nordic-institute/X-Road, OpenApiParser.java): convert it (e.g. with swagger2openapi) and write \`openapi: 3.0.3\` or \`openapi: 3.1.0\`.`,
          path: ['swagger'],
        },
      ];
    }
    if (document.openapi === undefined)
      return [
        {
          message: 'The document has no `openapi` field; write `openapi: 3.0.3` or `openapi: 3.1.0` at the top.',
          path: [],
        },
      ];
    if (typeof document.openapi !== 'string' || !/^3\.[012]\.\d+$/.test(document.openapi)) {
      return [
        {
          message: `\`openapi\` is ${show(document.openapi)}; write a 3.0.x, 3.1.x or 3.2.x version as a string, e.g. \`openapi: 3.0.3\` or \`openapi: 3.1.0\`.`,
          path: ['openapi'],
        },
      ];
    }
    return [];
  },
});
