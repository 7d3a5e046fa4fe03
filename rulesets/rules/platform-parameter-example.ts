import { defineRule, show, type JsonPath, type Problem } from '../lib/rule.js';
import { mediaHasExample, schemaHasExample } from '../lib/openapi/examples.js';
import { effectiveSchema, schemaTypes } from '../lib/openapi/resolve.js';
import { type Document, isArray, isObject, type Parameter } from '../lib/openapi/types.js';
import { parameters } from '../lib/openapi/views.js';
import { isNationalIdName, SYNTHETIC_NATIONAL_ID } from '../lib/conventions.js';
import type { Vocabulary } from '../lib/vocabulary.js';
import { recogniseNationalId } from '../lib/national-id.js';

/** A plausible example value for the message, from the parameter's schema and name. */
function exampleFor(document: Document, vocabulary: Vocabulary, parameter: Parameter, path: JsonPath): string {
  const name = typeof parameter.name === 'string' ? parameter.name : '';
  const compact = name.toLowerCase().replace(/[-_\s]/g, '');
  if (isNationalIdName(name) || vocabulary.nationalIdAliases.includes(compact) || compact.endsWith('nationalid'))
    return `"${SYNTHETIC_NATIONAL_ID}"`;
  // An identifier known by its description or its default (`ssid`, default `4710032980`): the
  // synthetic one, since the default itself is masked in reports and could not be copied.
  if (
    parameter.schema !== undefined &&
    recogniseNationalId(document, vocabulary, name, parameter.schema, [...path, 'schema'], parameter)
  )
    return `"${SYNTHETIC_NATIONAL_ID}"`;
  const schema = effectiveSchema(document, parameter.schema, [...path, 'schema']).value;
  if (!isObject(schema)) return '<a typical value>';
  if (isArray(schema.enum) && schema.enum.length > 0) return String(show(schema.enum[0])).slice(1, -1);
  if (schema.default !== undefined && typeof schema.default !== 'object')
    return String(show(schema.default)).slice(1, -1);
  if (schema.format === 'date-time') return '2024-05-01T12:00:00.000Z';
  if (schema.format === 'date') return '2024-05-01';
  if (schema.format === 'uuid') return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  const types = schemaTypes(schema);
  if ((types.includes('integer') || types.includes('number')) && (/year$/i.test(name) || /^(ar|ár)$/i.test(name)))
    return '2024';
  if (types.includes('integer') || types.includes('number')) return '10';
  if (types.includes('boolean')) return 'true';
  return '<a typical value>';
}

export default defineRule({
  id: 'platform-parameter-example',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 3' },
  description:
    'Every path and query parameter gives an example (`example` or `examples`, on the parameter, its schema or its content).',
  // A Swagger 2.0 description is linted through its conversion: the advice in Swagger 2.0's terms.
  swagger2Wording: (message: string) =>
    message.replace(
      /add one to the parameter or its (?:schema|content), e\.g\. `example: (.*)` \(or `examples` with named values\)\./,
      (_all, value: string) =>
        `add \`x-example: ${value}\` to the parameter (Swagger 2.0 gives a parameter no \`example\`; \`x-example\` is the extension converters read).`,
    ),
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    for (const { parameter, path } of parameters(document)) {
      // The convention asks for examples of path and query parameters; headers and cookies are not required to.
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      if (parameter.example !== undefined) continue;
      // (An `examples` list instead of a map is platform-openapi-valid's finding; it still shows values.)
      if ((isObject(parameter.examples) || isArray(parameter.examples)) && Object.keys(parameter.examples).length > 0)
        continue;
      if (schemaHasExample(document, parameter.schema)) continue;
      if (
        isObject(parameter.content) &&
        Object.values(parameter.content).some((media) => isObject(media) && mediaHasExample(document, media))
      )
        continue;
      const kind = parameter.in === 'path' ? 'Path parameter' : 'Query parameter';
      const name = typeof parameter.name === 'string' ? `\`${parameter.name}\`` : '(without a name)';
      const where = isObject(parameter.content) ? 'the parameter or its content' : 'the parameter or its schema';
      problems.push({
        message: `${kind} ${name} has no example; add one to ${where}, e.g. \`example: ${exampleFor(document, vocabulary, parameter, path)}\` (or \`examples\` with named values).`,
        path,
      });
    }
    return problems;
  },
});
