import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { effectiveSchema, resolve, schemaTypes } from '../lib/openapi/resolve.js';
import { collectProperties } from '../lib/openapi/flatten.js';
import { type Document, isArray, isObject } from '../lib/openapi/types.js';
import { operationParameters, operations, type OperationInfo } from '../lib/openapi/views.js';
import { isSingleResourcePath, nameWords } from '../lib/conventions.js';
import { isJsonBody, memberTypes, successBodies, type Member } from '../lib/collections.js';

function name(path: JsonPath, op: OperationInfo): string {
  if (path.length === 3 && path[0] === 'components' && path[1] === 'schemas') return `\`${String(path[2])}\``;
  return path[0] === 'paths' && path[1] === op.pathKey
    ? `The response body of \`GET ${op.pathKey}\``
    : `The response body at \`${printPath(path)}\``;
}

/** Query parameters of offset or page-number paging (`limit/offset`, `PageNumber/PageSize`, `skip/take`), compared lower-case without separators. */
const OFFSET_PAGING = [
  'offset',
  'skip',
  'page',
  'pagenumber',
  'pageno',
  'pageindex',
  'pagesize',
  'perpage',
  'take',
  'start',
  'from',
];

const isOffsetParameter = (name: string) => OFFSET_PAGING.includes(name.toLowerCase().replace(/[^a-z]/g, ''));

/** Most items a list may hold and still be bounded: a page's size the platform's APIs commonly default to. */
const BOUNDED = 100;
/** A description that bounds a list's length ("up to 5 addresses", "at most 3", "maximum of 10"). */
const BOUND_DESCRIPTION = /\b(?:up\s+to|at\s+most|maximum\s+of|max(?:imum)?\.?|no\s+more\s+than)\s+(\d+)\b/i;
/**
 * Whether the document shows a collection array is bounded, so paging is not asked of it (tenth
 * round, from the ninth outside measurement's debatable findings): a `maxItems` of at most
 * `BOUNDED`; items that are values of an enum (a list of them holds each at most once, or repeats
 * them to no purpose); or a description of the array that gives its bound ("up to 5"). Items
 * keyed by an enum member are not enough: most such members are a type's discriminator (Box's
 * `type: collaboration`), and the list of them is as long as the data.
 */
function isBoundedList(document: Document, member: Member): boolean {
  const array = effectiveSchema(document, member.schema, member.path);
  if (!isObject(array.value)) return false;
  const { maxItems, description } = array.value;
  if (typeof maxItems === 'number' && maxItems <= BOUNDED) return true;
  const said = typeof description === 'string' ? BOUND_DESCRIPTION.exec(description)?.[1] : undefined;
  if (said !== undefined && Number(said) <= BOUNDED) return true;
  if (!isObject(array.value.items)) return false;
  const items = effectiveSchema(document, array.value.items, [...array.path, 'items']);
  if (!isObject(items.value)) return false;
  const values = items.value.enum;
  return isArray(values) && values.length > 0 && values.length <= BOUNDED;
}

/**
 * Query parameters that page or bound a list, compared lower-case without separators: the
 * platform's (`limit`, `after`, `before`) and the other cursor and size parameters APIs use.
 */
const PAGING_PARAMETERS = new Set([
  'limit',
  'after',
  'before',
  'cursor',
  'pagetoken',
  'nextpagetoken',
  'continuationtoken',
  'top',
  'maxresults',
  'first',
  'last',
]);

/** Last words of a parameter that lists the keys of what a GET reads (`nationalIds`, `caseNumbers`). */
const KEY_LIST_WORDS = new Set(['ids', 'identifiers', 'keys', 'numbers', 'codes', 'nos', 'nrs']);

/**
 * A query parameter that lists the keys of the items to read (`nationalIds: string[]`): a batch
 * read answers one item per key the caller sends, so its list is bounded by the request.
 */
function isBatchOfKeys(document: Document, info: { parameter: { name?: unknown; schema?: unknown } }): boolean {
  const words = nameWords(String(info.parameter.name));
  if (!KEY_LIST_WORDS.has(words.at(-1) ?? '') || info.parameter.schema === undefined) return false;
  return schemaTypes(effectiveSchema(document, info.parameter.schema, []).value).includes('array');
}

/**
 * The 2xx JSON body of a GET that is a bare array nothing bounds (sixth round's bounds: a
 * `maxItems` of at most `BOUNDED`, enum items, a stated bound), named as `200` or `200, 206`, when
 * the GET takes no paging parameter; undefined otherwise (issue 37, tenth outside measurement B1:
 * `GET /owners` answering `Owner[]`). The bare array is platform-no-bare-array's finding; that the
 * list has no paging is a cause of its own (wrapping it in `{ data: [...] }` does not page it), so
 * this rule says it once per operation.
 */
function unboundedBareList(
  document: Document,
  op: OperationInfo,
  queryParameters: ReadonlyArray<{ parameter: { name?: unknown } }>,
): string | undefined {
  if (
    queryParameters.some(
      (info) =>
        PAGING_PARAMETERS.has(
          String(info.parameter.name)
            .toLowerCase()
            .replace(/[^a-z]/g, ''),
        ) || isBatchOfKeys(document, info),
    )
  )
    return undefined;
  const responses = op.operation.responses;
  if (!isObject(responses)) return undefined;
  const statuses: string[] = [];
  for (const [status, node] of Object.entries(responses)) {
    if (!/^2/.test(status) || status === '204') continue;
    const response = resolve(document, node, [...op.path, 'responses', status]);
    if (!isObject(response.value) || !isObject(response.value.content)) continue;
    for (const [mediaType, media] of Object.entries(response.value.content)) {
      if (!isObject(media) || media.schema === undefined || !isJsonBody(mediaType)) continue;
      const member = { schema: media.schema, path: [...response.path, 'content', mediaType, 'schema'] };
      if (!memberTypes(document, member).includes('array')) continue;
      if (isBoundedList(document, member)) return undefined;
      if (!statuses.includes(status)) statuses.push(status);
    }
  }
  return statuses.length === 0 ? undefined : statuses.map((status) => `\`${status}\``).join(', ');
}

const PAGE_INFO =
  '`pageInfo: { hasNextPage: boolean, endCursor: string }` (`hasPreviousPage` and `startCursor` optional)';

export default defineRule({
  id: 'platform-pagination',
  severity: 'warn',
  category: 'methods',
  source: { document: 'design guide', section: 'pagination.md' },
  description:
    'A GET that returns a collection offers `limit` and `after`/`before` and returns `pageInfo` (`hasNextPage`, `endCursor`) and `totalCount`.',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    const checkedBodies = new Set<string>();
    for (const op of operations(document)) {
      if (op.method !== 'get') continue;
      const queryParameters = operationParameters(document, op).filter((info) => info.parameter.in === 'query');
      const offsetNames = queryParameters
        .map((info) => String(info.parameter.name))
        .filter((name) => isOffsetParameter(name) && !['start', 'from'].includes(name.toLowerCase()));
      // A path that ends in a variable reads one resource, unless it pages (`/search/{search_string}?offset=`): then it is a collection.
      if (isSingleResourcePath(op.pathKey) && offsetNames.length === 0) continue;
      const bodies = successBodies(document, vocabulary, op);
      const found = bodies.page;
      if (!found && bodies.bareArray && offsetNames.length === 0) {
        const list = unboundedBareList(document, op, queryParameters);
        if (list)
          problems.push({
            message: `\`GET ${op.pathKey}\` returns a list as a bare array (${list}) and offers no paging, so nothing bounds how many items one answer holds; page it: the query parameters \`limit\` and \`after\`/\`before\`, and beside the list, in the object platform-no-bare-array asks for, ${PAGE_INFO} and \`totalCount\`.`,
            path: op.path,
          });
        continue;
      }
      if (!found) {
        // Offset or page-number paging on a collection whose body is not described: still not the platform's paging.
        if (
          offsetNames.length > 0 &&
          !queryParameters.some((info) => info.parameter.name === 'after' || info.parameter.name === 'before')
        ) {
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
      // A list the document shows is bounded is not paged (every array of the page: `maxItems: 5`).
      // A GET that takes a page size pages, whatever its list's bound.
      if (
        offsetNames.length === 0 &&
        !queryParameters.some((info) => String(info.parameter.name).toLowerCase() === 'limit') &&
        found.arrays.every((key) => {
          const member = found.members.get(key);
          return member !== undefined && isBoundedList(document, member);
        })
      )
        continue;
      const what = `\`GET ${op.pathKey}\` returns a collection (${found.arrays.map((key) => `\`${key}\``).join(', ')})`;
      const query = new Set(
        operationParameters(document, op)
          .filter((info) => info.parameter.in === 'query')
          .map((info) => String(info.parameter.name)),
      );
      const where = isArray(op.operation.parameters) ? [...op.path, 'parameters'] : op.path;
      if (!query.has('limit'))
        problems.push({
          message: `${what} but offers no \`limit\` query parameter; add \`limit\` (integer: the page size, with a server default).`,
          path: where,
        });
      if (!query.has('after') && !query.has('before')) {
        const paging =
          offsetNames.length > 0
            ? ` (it pages with ${offsetNames.map((name) => `\`${name}\``).join(', ')}, offset or page-number paging, which is not the platform's)`
            : '';
        problems.push({
          message: `${what} but offers neither an \`after\` nor a \`before\` query parameter${paging}; add the cursors \`after\` and \`before\` (Base64 strings taken from \`pageInfo.endCursor\` and \`pageInfo.startCursor\`).`,
          path: where,
        });
      }

      const body = encodePointer(found.schema.path);
      if (checkedBodies.has(body)) continue;
      checkedBodies.add(body);
      const pageName = `${name(found.schema.path, op)}, a page of ${found.arrays.map((key) => `\`${key}\``).join(', ')},`;
      const pageInfo = found.members.get('pageInfo');
      if (!pageInfo)
        problems.push({ message: `${pageName} has no \`pageInfo\`; add ${PAGE_INFO}.`, path: found.schema.path });
      else checkPageInfo(document, pageInfo, problems);
      const totalCount = found.members.get('totalCount');
      if (!totalCount)
        problems.push({
          message: `${pageName} has no \`totalCount\`; add \`totalCount\` (integer: the number of items in the whole collection).`,
          path: found.schema.path,
        });
      else {
        const declared = memberTypes(document, totalCount);
        if (declared.length > 0 && !declared.includes('integer') && !declared.includes('number')) {
          problems.push({
            message: `\`totalCount\` is ${show(declared.join(' or '))}; make it an integer (the number of items in the whole collection).`,
            path: totalCount.path,
          });
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
    problems.push({
      message: `\`pageInfo\` is ${show(declared.join(' or '))}; make it an object: ${PAGE_INFO}.`,
      path: schema.path,
    });
    return;
  }
  const members = collectProperties(document, schema.value, schema.path);
  const where =
    schema.path.length === 3 && schema.path[1] === 'schemas' ? `\`${String(schema.path[2])}\`` : '`pageInfo`';
  for (const { key, type, required, meaning } of PAGE_INFO_MEMBERS) {
    const member = members.get(key);
    if (!member) {
      if (required)
        problems.push({
          message: `${where} has no \`${key}\`; add \`${key}\` (${type}: ${meaning}).`,
          path: schema.path,
        });
      continue;
    }
    const declaredTypes = memberTypes(document, member);
    if (declaredTypes.length > 0 && !declaredTypes.includes(type))
      problems.push({
        message: `\`${key}\` of ${where} is ${show(declaredTypes.join(' or '))}; make it a ${type} (${meaning}).`,
        path: member.path,
      });
  }
}
