import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { collectProperties, effectiveSchema, resolve, schemaTypes } from '../lib/openapi/resolve.js';
import { type Document, isArray, isObject, type Schema } from '../lib/openapi/types.js';
import { operationParameters, operations, statusClass, type OperationInfo } from '../lib/openapi/views.js';
import { isSingleResourcePath, pathSegments, TEMPLATE_SEGMENT, toCamelCase } from '../lib/conventions.js';
import { COLLECTION_ARRAY_NAMES, COLLECTION_PAGE_MEMBERS } from '../lib/vocabulary.js';

type Member = { schema: unknown; path: JsonPath };

function isJson(mediaType: string): boolean {
  const base = mediaType.split(';')[0].trim().toLowerCase();
  return base === 'application/json' || /^[a-z]+\/[^;]*\+json$/.test(base) || base === '*/*';
}

function types(document: Document, member: Member): string[] {
  const value = effectiveSchema(document, member.schema, member.path).value;
  const declared = schemaTypes(value);
  return declared.length === 0 && isObject(value) && value.items !== undefined ? ['array'] : declared;
}

function name(path: JsonPath, op: OperationInfo): string {
  if (path.length === 3 && path[0] === 'components' && path[1] === 'schemas') return `\`${String(path[2])}\``;
  return path[0] === 'paths' && path[1] === op.pathKey ? `The response body of \`GET ${op.pathKey}\`` : `The response body at \`${printPath(path)}\``;
}

/** The last static segment of a path as a member name: `/v1/actor-profiles` → `actorprofiles`, `/Calls.json` → `calls`. */
function collectionName(pathKey: string): string | undefined {
  const last = pathSegments(pathKey).filter((segment) => !TEMPLATE_SEGMENT.test(segment)).at(-1);
  return last === undefined ? undefined : toCamelCase(last.replace(/\.[A-Za-z0-9]+$/, '')).toLowerCase();
}

/**
 * The collection arrays of a response object, when it is a page of a collection: an array member
 * named after the collection (`/v1/users` → `users`) or with a generic name (`data`, `items`,
 * `results`, ...), or any array members beside which there are only page members (`pageInfo`,
 * `totalCount`, ...). An object that merely has an array field (a profile's `addresses`) is not.
 */
function collectionArrays(document: Document, members: Map<string, Member>, pathKey: string): string[] {
  const arrays = [...members].filter(([key, member]) => !COLLECTION_PAGE_MEMBERS.includes(key) && types(document, member).includes('array')).map(([key]) => key);
  if (arrays.length === 0) return [];
  const collection = collectionName(pathKey);
  const named = arrays.filter((key) => COLLECTION_ARRAY_NAMES.includes(key) || key.toLowerCase().replace(/[_-]/g, '') === collection);
  if (named.length > 0) return named;
  return [...members.keys()].every((key) => arrays.includes(key) || COLLECTION_PAGE_MEMBERS.includes(key)) ? arrays : [];
}

interface Page {
  op: OperationInfo;
  arrays: string[];
  schema: { value: Schema; path: JsonPath };
  members: Map<string, Member>;
}

/** The first 2xx JSON body of a GET on a collection that is a page of that collection. */
function findPage(document: Document, op: OperationInfo): Page | undefined {
  const list = op.operation.responses;
  if (!isObject(list)) return undefined;
  for (const status of Object.keys(list)) {
    if (statusClass(status) !== '2') continue;
    const response = resolve(document, list[status], [...op.path, 'responses', status]);
    if (!isObject(response.value) || !isObject(response.value.content)) continue;
    for (const mediaType of Object.keys(response.value.content)) {
      const media = response.value.content[mediaType];
      if (!isJson(mediaType) || !isObject(media) || media.schema === undefined) continue;
      const schema = effectiveSchema(document, media.schema, [...response.path, 'content', mediaType, 'schema']);
      if (!isObject(schema.value) || schemaTypes(schema.value).some((type) => type !== 'object')) continue;
      const members = collectProperties(document, schema.value, schema.path);
      const arrays = collectionArrays(document, members, op.pathKey);
      if (arrays.length > 0) return { op, arrays, schema: { value: schema.value, path: schema.path }, members };
    }
  }
  return undefined;
}

/** Query parameters of offset or page-number paging (`limit/offset`, `PageNumber/PageSize`, `skip/take`), compared lower-case without separators. */
const OFFSET_PAGING = ['offset', 'skip', 'page', 'pagenumber', 'pageno', 'pageindex', 'pagesize', 'perpage', 'take', 'start', 'from'];

const isOffsetParameter = (name: string) => OFFSET_PAGING.includes(name.toLowerCase().replace(/[^a-z]/g, ''));

const PAGE_INFO = '`pageInfo: { hasNextPage: boolean, endCursor: string }` (`hasPreviousPage` and `startCursor` optional)';

export default defineRule({
  id: 'platform-pagination',
  severity: 'warn',
  category: 'methods',
  description: 'A GET that returns a collection offers `limit` and `after`/`before` and returns `pageInfo` (`hasNextPage`, `endCursor`) and `totalCount`.',
  check(document) {
    const problems: Problem[] = [];
    const checkedBodies = new Set<string>();
    for (const op of operations(document)) {
      if (op.method !== 'get') continue;
      const queryParameters = operationParameters(document, op).filter((info) => info.parameter.in === 'query');
      const offsetNames = queryParameters.map((info) => String(info.parameter.name)).filter((name) => isOffsetParameter(name) && !['start', 'from'].includes(name.toLowerCase()));
      // A path that ends in a variable reads one resource, unless it pages (`/search/{search_string}?offset=`): then it is a collection.
      if (isSingleResourcePath(op.pathKey) && offsetNames.length === 0) continue;
      const found = findPage(document, op);
      if (!found) {
        // Offset or page-number paging on a collection whose body is not described: still not the platform's paging.
        if (offsetNames.length > 0 && !queryParameters.some((info) => info.parameter.name === 'after' || info.parameter.name === 'before')) {
          // The first offset parameter (offsetNames holds their names, so there is one).
          const first = queryParameters.find((info) => String(info.parameter.name) === offsetNames[0]);
          if (first) {
            problems.push({
              message: `\`GET ${op.pathKey}\` pages with ${offsetNames.map((name) => `\`${name}\``).join(', ')} (offset or page-number paging); the platform pages with cursors: \`limit\` and \`after\`/\`before\`, and returns ${PAGE_INFO} and \`totalCount\`.`,
              path: first.path,
            });
          }
        }
        continue;
      }
      const what = `\`GET ${op.pathKey}\` returns a collection (${found.arrays.map((key) => `\`${key}\``).join(', ')})`;
      const query = new Set(operationParameters(document, op).filter((info) => info.parameter.in === 'query').map((info) => String(info.parameter.name)));
      const where = isArray(op.operation.parameters) ? [...op.path, 'parameters'] : op.path;
      if (!query.has('limit')) problems.push({ message: `${what} but offers no \`limit\` query parameter; add \`limit\` (integer: the page size, with a server default).`, path: where });
      if (!query.has('after') && !query.has('before')) {
        const paging = offsetNames.length > 0 ? ` (it pages with ${offsetNames.map((name) => `\`${name}\``).join(', ')}, offset or page-number paging, which is not the platform's)` : '';
        problems.push({ message: `${what} but offers neither an \`after\` nor a \`before\` query parameter${paging}; add the cursors \`after\` and \`before\` (Base64 strings taken from \`pageInfo.endCursor\` and \`pageInfo.startCursor\`).`, path: where });
      }

      const body = encodePointer(found.schema.path);
      if (checkedBodies.has(body)) continue;
      checkedBodies.add(body);
      const pageName = `${name(found.schema.path, op)}, a page of ${found.arrays.map((key) => `\`${key}\``).join(', ')},`;
      const pageInfo = found.members.get('pageInfo');
      if (!pageInfo) problems.push({ message: `${pageName} has no \`pageInfo\`; add ${PAGE_INFO}.`, path: found.schema.path });
      else checkPageInfo(document, pageInfo, problems);
      const totalCount = found.members.get('totalCount');
      if (!totalCount) problems.push({ message: `${pageName} has no \`totalCount\`; add \`totalCount\` (integer: the number of items in the whole collection).`, path: found.schema.path });
      else {
        const declared = types(document, totalCount);
        if (declared.length > 0 && !declared.includes('integer') && !declared.includes('number')) {
          problems.push({ message: `\`totalCount\` is ${show(declared.join(' or '))}; make it an integer (the number of items in the whole collection).`, path: totalCount.path });
        }
      }
    }
    return problems;
  },
});

const PAGE_INFO_MEMBERS: Array<{ key: string; type: 'boolean' | 'string'; required: boolean; meaning: string }> = [
  { key: 'hasNextPage', type: 'boolean', required: true, meaning: 'true when there are items after this page' },
  { key: 'endCursor', type: 'string', required: true, meaning: 'the cursor of the last item, for `after`' },
  { key: 'hasPreviousPage', type: 'boolean', required: false, meaning: 'true when there are items before this page' },
  { key: 'startCursor', type: 'string', required: false, meaning: 'the cursor of the first item, for `before`' },
];

function checkPageInfo(document: Document, pageInfo: Member, problems: Problem[]): void {
  const schema = effectiveSchema(document, pageInfo.schema, pageInfo.path);
  if (!isObject(schema.value)) return;
  const declared = schemaTypes(schema.value);
  if (declared.length > 0 && !declared.includes('object')) {
    problems.push({ message: `\`pageInfo\` is ${show(declared.join(' or '))}; make it an object: ${PAGE_INFO}.`, path: schema.path });
    return;
  }
  const members = collectProperties(document, schema.value, schema.path);
  const where = schema.path.length === 3 && schema.path[1] === 'schemas' ? `\`${String(schema.path[2])}\`` : '`pageInfo`';
  for (const { key, type, required, meaning } of PAGE_INFO_MEMBERS) {
    const member = members.get(key);
    if (!member) {
      if (required) problems.push({ message: `${where} has no \`${key}\`; add \`${key}\` (${type}: ${meaning}).`, path: schema.path });
      continue;
    }
    const memberTypes = types(document, member);
    if (memberTypes.length > 0 && !memberTypes.includes(type)) problems.push({ message: `\`${key}\` of ${where} is ${show(memberTypes.join(' or '))}; make it a ${type} (${meaning}).`, path: member.path });
  }
}
