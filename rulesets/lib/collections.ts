/**
 * What a GET's success body says about the resource it reads: a page of a collection, a bare
 * array, or one object. Shared by the rules that must tell a collection from a single resource
 * (`platform-pagination` asks collections to page; `platform-get-204` asks single resources to
 * answer 204 when they are not there).
 */
import type { JsonPath } from './rule.js';
import {
  effectiveSchema,
  layerKeyword,
  layerTypes,
  resolve,
  schemaLayers,
  schemaTypes,
  type SchemaLayer,
} from './openapi/resolve.js';
import { collectProperties } from './openapi/flatten.js';
import { type Document, isObject, type Schema } from './openapi/types.js';
import { NO_BODY_STATUSES, statusClass, type OperationInfo } from './openapi/views.js';
import { nameWords, pathSegments, TEMPLATE_SEGMENT, toCamelCase } from './conventions.js';
import { mayBeJson } from './openapi/media-type.js';
import type { Vocabulary } from './vocabulary.js';

export type Member = { schema: unknown; path: JsonPath };

/** A JSON media type as a collection body may be sent (`*\/*` too: what a generator writes for JSON). */
export function isJsonBody(mediaType: string): boolean {
  return mayBeJson(mediaType);
}

/** The declared types of a member's schema (`array` for a schema with `items` and no `type`: `schemaTypes`). */
export function memberTypes(document: Document, member: Member): string[] {
  return schemaTypes(effectiveSchema(document, member.schema, member.path).value);
}

/**
 * Words a page's own members are made of: counts, positions, cursors and the links between pages.
 * What is counted may be named too (Spring Data's `totalElements` and `numberOfElements`,
 * `totalItems`, `recordCount`): a number made only of such words counts the page, it is not data.
 */
const PAGE_COUNT_WORDS = new Set([
  'elements',
  'items',
  'results',
  'records',
  'page',
  'pages',
  'count',
  'total',
  'size',
  'number',
  'num',
  'per',
  'has',
  'more',
  'next',
  'previous',
  'prev',
  'first',
  'last',
  'start',
  'end',
  'offset',
  'limit',
  'skip',
  'top',
  'of',
  'index',
  'is',
]);
const PAGE_LINK_WORDS = new Set([
  'uri',
  'url',
  'href',
  'link',
  'links',
  'cursor',
  'token',
  'continuation',
  'next',
  'previous',
  'prev',
  'first',
  'last',
  'page',
  'start',
  'end',
  'after',
  'before',
  'of',
]);

/**
 * True when a member of a response object belongs to the page rather than to the data: a known
 * page member (`pageInfo`, `totalCount`), a number or flag whose name is made only of counting
 * and position words (`total_count`, `page_size`, `has_more`, `end`), a link or cursor to this or
 * another page (`url`, `next_page`, `next_page_uri`, `endCursor`; not a bare `first` or `end`,
 * which as text are as often a name or a date), or a type tag with one fixed value
 * (`object: search_result`). An object made of collections and such members is a page wrapper.
 */
export function isPageMember(document: Document, vocabulary: Vocabulary, key: string, member: Member): boolean {
  if (vocabulary.collectionPageMembers.includes(key)) return true;
  const value = effectiveSchema(document, member.schema, member.path).value;
  if (!isObject(value)) return false;
  const types = memberTypes(document, member).filter((type) => type !== 'null');
  if (types.length !== 1) return false;
  const words = nameWords(key);
  if (words.length === 0) return false;
  if (types[0] === 'integer' || types[0] === 'number' || types[0] === 'boolean')
    return words.every((word) => PAGE_COUNT_WORDS.has(word));
  if (types[0] !== 'string') return false;
  if (Array.isArray(value.enum) && value.enum.length === 1) return true;
  return (
    words.every((word) => PAGE_LINK_WORDS.has(word)) &&
    (value.format === 'uri' || words.some((word) => !['first', 'last', 'start', 'end', 'of'].includes(word)))
  );
}

/** Members that carry an envelope's one data object (`{ data: {...} }`). */
export const ENVELOPE_DATA_MEMBERS: readonly string[] = ['data', 'result', 'item', 'payload', 'value'];
/** Members an envelope may hold beside its data, besides a page's (`isPageMember`). */
export const ENVELOPE_META_MEMBERS: readonly string[] = [
  'message',
  'messages',
  'success',
  'succeeded',
  'status',
  'statusCode',
  'code',
  'errors',
  'error',
  'meta',
  'links',
  'warnings',
];

/** An object of page members only (`result_info: { page, per_page, count, total_count }`, `pageable`): the page's info. */
export function isPageInfoObject(document: Document, vocabulary: Vocabulary, member: Member): boolean {
  const value = effectiveSchema(document, member.schema, member.path);
  if (!isObject(value.value)) return false;
  const inner = collectProperties(document, value.value, value.path);
  return inner.size > 0 && [...inner].every(([key, entry]) => isPageMember(document, vocabulary, key, entry));
}

/** True when a member of an envelope is about the answer, not its data: a status, a message, a page member. */
export function isEnvelopeMeta(document: Document, vocabulary: Vocabulary, key: string, member: Member): boolean {
  return ENVELOPE_META_MEMBERS.includes(key) || isPageMember(document, vocabulary, key, member);
}

/**
 * The object an envelope wraps: `{ data: {...}, message }` holds its content in one data member
 * (an object with members) beside only status, message and page members. Undefined when the
 * members are not an envelope. Shared by every rule that looks through wrappers
 * (`createdTimestamp` on wrapped items, paging and single-resource reads on wrapped collections).
 */
export function envelopeContent(
  document: Document,
  vocabulary: Vocabulary,
  members: Map<string, Member>,
): { key: string; value: Schema; path: JsonPath; members: Map<string, Member> } | undefined {
  let found: { key: string; value: Schema; path: JsonPath; members: Map<string, Member> } | undefined;
  for (const [key, member] of members) {
    if (ENVELOPE_DATA_MEMBERS.includes(key) && !found) {
      const inner = effectiveSchema(document, member.schema, member.path);
      const types = memberTypes(document, member);
      if (isObject(inner.value) && !types.includes('array') && (types.length === 0 || types.includes('object'))) {
        const innerMembers = collectProperties(document, inner.value, inner.path);
        if (innerMembers.size > 0) {
          found = { key, value: inner.value, path: inner.path, members: innerMembers };
          continue;
        }
      }
    }
    if (!isEnvelopeMeta(document, vocabulary, key, member)) return undefined;
  }
  return found;
}

/**
 * The one object a body wraps under its own name (`{ registry: {...} }`, `{ RatesResponse: {
 * status, Listi: [...] } }`): its only member beside status, message and page members, when that
 * member is an object with members (not a list, not a value). Shared by the rules that look
 * through a body for its data (`createdTimestamp`, paging), so they agree on where it is.
 */
export function wrappedObject(
  document: Document,
  vocabulary: Vocabulary,
  members: Map<string, Member>,
): { key: string; layer: SchemaLayer; members: Map<string, Member> } | undefined {
  const content = [...members].filter(([key, member]) => !isEnvelopeMeta(document, vocabulary, key, member));
  const [only] = content;
  if (content.length !== 1 || only === undefined) return undefined;
  const [key, member] = only;
  const layers = schemaLayers(document, member.schema, member.path);
  const types = layerTypes(layers);
  if (types.includes('array') || layerKeyword(layers, 'items') || (types.length > 0 && !types.includes('object')))
    return undefined;
  const layer = layers.at(-1);
  if (!layer) return undefined;
  const inner = collectProperties(document, layer.schema, layer.path);
  return inner.size > 0 ? { key, layer, members: inner } : undefined;
}

/** The last static segment of a path as a member name: `/v1/actor-profiles` → `actorprofiles`, `/Calls.json` → `calls`. */
function collectionName(pathKey: string): string | undefined {
  const last = pathSegments(pathKey)
    .filter((segment) => !TEMPLATE_SEGMENT.test(segment))
    .at(-1);
  return last === undefined ? undefined : toCamelCase(last.replace(/\.[A-Za-z0-9]+$/, '')).toLowerCase();
}

/**
 * The collection arrays of a response object, when it is a page of a collection: an array member
 * named after the collection (`/v1/users` → `users`) or with a generic name (`data`, `items`,
 * `results`, ...), or any array members beside which there are only page members (`pageInfo`,
 * `totalCount`, ...). An object that merely has an array field (a profile's `addresses`) is not.
 */
export function collectionArrays(
  document: Document,
  vocabulary: Vocabulary,
  members: Map<string, Member>,
  pathKey: string,
): string[] {
  const arrays = [...members]
    .filter(
      ([key, member]) =>
        !vocabulary.collectionPageMembers.includes(key) && memberTypes(document, member).includes('array'),
    )
    .map(([key]) => key);
  if (arrays.length === 0) return [];
  const collection = collectionName(pathKey);
  const named = arrays.filter(
    (key) => vocabulary.collectionArrayNames.includes(key) || key.toLowerCase().replace(/[_-]/g, '') === collection,
  );
  if (named.length > 0) return named;
  if ([...members].every(([key, member]) => arrays.includes(key) || isPageMember(document, vocabulary, key, member)))
    return arrays;
  // Lists beside a status and messages about the answer (`{ status: {...}, Listi: [...] }`): the
  // lists not about the answer (`errors`, `messages`) are the collection, as createdTimestamp reads it.
  const data = arrays.filter((key) => !ENVELOPE_META_MEMBERS.includes(key));
  return data.length > 0 &&
    [...members].every(([key, member]) => data.includes(key) || isEnvelopeMeta(document, vocabulary, key, member))
    ? data
    : [];
}

export interface Page {
  op: OperationInfo;
  arrays: string[];
  schema: { value: Schema; path: JsonPath };
  members: Map<string, Member>;
}

export interface SuccessBodies {
  /** The first 2xx JSON body that is a page of a collection. */
  page?: Page;
  /** True when some 2xx JSON body is an array (a bare collection). */
  bareArray: boolean;
  /** True when some 2xx body is described at all (a schema under any media type). */
  described: boolean;
  /**
   * True when some 2xx JSON body looks like a collection however it is named: a page (`page`), a
   * bare array, a HAL collection (`_embedded` holding an array), or an object whose one array
   * sits beside only numbers and booleans (`{ risultati: [...], pagina, numPagine }`: a page in
   * another language). For rules that must stay silent on collections, not for rules that
   * report pages.
   */
  collectionLike: boolean;
}

/**
 * An object with one array member beside only numbers, booleans and links, or a HAL `_embedded`
 * holding an array beside no data of the object's own (two or more texts or lists: a page's counts
 * and one text about the list may stand beside it): a list's envelope, whatever its counts are
 * called (`{ messages: [...], unreadCount, totalCount }`, solr's `{ docs: [...], numFound }`).
 */
export function pageInAnyLanguage(document: Document, members: Map<string, Member>): boolean {
  const embedded = members.get('_embedded');
  if (embedded) {
    const value = effectiveSchema(document, embedded.schema, embedded.path);
    if (
      isObject(value.value) &&
      [...collectProperties(document, value.value, value.path).values()].some((member) =>
        memberTypes(document, member).includes('array'),
      ) &&
      // HAL's `_embedded` and `_links` in an object with data of its own (a notice's `name`,
      // `forename`, `arrest_warrants`) are a single resource's related ones, not a page of them;
      // one text beside a HAL collection says something about the list (nl_brk_bevragen's
      // `gesplitstZakelijkRecht` beside the embedded `zakelijkgerechtigden`).
      [...members].filter(
        ([key, member]) =>
          key !== '_embedded' &&
          !/^_?links$/i.test(key) &&
          memberTypes(document, member).some((type) => type === 'string' || type === 'array'),
      ).length < 2
    )
      return true;
  }
  let arrays = 0;
  for (const [key, member] of members) {
    const declared = memberTypes(document, member);
    if (declared.includes('array')) arrays++;
    else if (
      !(
        declared.length > 0 && declared.every((type) => type === 'integer' || type === 'number' || type === 'boolean')
      ) &&
      !/^_?links$/i.test(key)
    )
      return false;
  }
  return arrays === 1;
}

/** What the 2xx bodies of an operation are: a page of a collection, a bare array, or neither. */
export function successBodies(document: Document, vocabulary: Vocabulary, op: OperationInfo): SuccessBodies {
  const result: SuccessBodies = { bareArray: false, described: false, collectionLike: false };
  const list = op.operation.responses;
  if (!isObject(list)) return result;
  for (const status of Object.keys(list)) {
    // A body declared on a 204 is platform-content-type's finding, not a success body.
    if (statusClass(status) !== '2' || NO_BODY_STATUSES.has(status)) continue;
    const response = resolve(document, list[status], [...op.path, 'responses', status]);
    if (!isObject(response.value) || !isObject(response.value.content)) continue;
    for (const mediaType of Object.keys(response.value.content)) {
      const media = response.value.content[mediaType];
      if (!isObject(media) || media.schema === undefined) continue;
      result.described = true;
      if (!isJsonBody(mediaType)) continue;
      const schema = effectiveSchema(document, media.schema, [...response.path, 'content', mediaType, 'schema']);
      if (!isObject(schema.value)) continue;
      if (
        memberTypes(document, {
          schema: media.schema,
          path: [...response.path, 'content', mediaType, 'schema'],
        }).includes('array')
      ) {
        result.bareArray = true;
        result.collectionLike = true;
        continue;
      }
      if (schemaTypes(schema.value).some((type) => type !== 'object')) continue;
      // A wrapped collection (`{ data: { aircrafts: [...] }, message }`) is read as its unwrapped equivalent, up to three envelopes deep.
      let level: { value: Schema; path: JsonPath; members: Map<string, Member> } | undefined = {
        value: schema.value,
        path: schema.path,
        members: collectProperties(document, schema.value, schema.path),
      };
      // Set once the body's own-name wrapper is looked through. What it holds is a page only as an
      // envelope is: one list beside a status, messages or page members and nothing else — not a
      // resource with lists among its fields (`{ agent: { name, knowledge_bases: [...] } }`), not
      // an object of lists (`{ options: { regions: [...], sizes: [...] } }`) nor of one
      // (`{ do_settings: { service_cnames: [...] } }`: the settings).
      let named = false;
      for (let depth = 0; level && depth < 4; depth++) {
        const members = level.members;
        const arrays = collectionArrays(document, vocabulary, members, op.pathKey);
        if (
          named &&
          (arrays.length !== 1 ||
            members.size < 2 ||
            ![...members].every(
              ([key, member]) => arrays.includes(key) || isEnvelopeMeta(document, vocabulary, key, member),
            ))
        )
          break;
        if (arrays.length > 0) {
          result.page ??= { op, arrays, schema: { value: level.value, path: level.path }, members: level.members };
          result.collectionLike = true;
          break;
        }
        if (pageInAnyLanguage(document, level.members)) {
          result.collectionLike = true;
          break;
        }
        // The body itself may wrap its content under its own name (`{ RatesResponse: {...} }`), as
        // platform-created-timestamp reads it: one object, not a chain of them.
        const wrapped: ReturnType<typeof wrappedObject> =
          depth === 0 ? wrappedObject(document, vocabulary, level.members) : undefined;
        const envelope = envelopeContent(document, vocabulary, level.members);
        named ||= envelope === undefined && wrapped !== undefined;
        level =
          envelope ?? (wrapped && { value: wrapped.layer.schema, path: wrapped.layer.path, members: wrapped.members });
      }
    }
  }
  return result;
}
