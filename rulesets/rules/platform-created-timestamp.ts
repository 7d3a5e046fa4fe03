import { defineRule, printPath, type JsonPath, type Problem } from '../lib/rule.js';
import { MAX_SCHEMA_DEPTH, noteLimit } from '../lib/openapi/limits.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { layerKeyword, schemaLayers, schemaTypes, type SchemaLayer, layerTypes } from '../lib/openapi/resolve.js';
import { collectProperties } from '../lib/openapi/flatten.js';
import { type Document, isArray, isObject } from '../lib/openapi/types.js';
import { mediaTypes, NO_BODY_STATUSES, statusClass } from '../lib/openapi/views.js';
import { isProblemMediaType, nameWords } from '../lib/conventions.js';
import { mayBeJson } from '../lib/openapi/media-type.js';
import { pathSegmentWords } from '../lib/words.js';
import { ENGLISH_VERBS } from '../lib/english-verbs.js';
import { CUSTOM_METHOD_VERBS } from '../lib/vocabulary.js';
import {
  ENVELOPE_DATA_MEMBERS,
  ENVELOPE_META_MEMBERS,
  isEnvelopeMeta,
  isPageInfoObject,
  isPageMember,
  pageInAnyLanguage,
  wrappedObject,
} from '../lib/collections.js';

const FIELD = '`createdTimestamp: { type: string, format: date-time }`';

/** The object schemas a body schema stands for: itself, or each branch of a `oneOf`/`anyOf` with several. */
function objectSchemas(document: Document, schema: unknown, path: JsonPath, depth = 0): SchemaLayer[] {
  const layers = schemaLayers(document, schema, path);
  const last = layers.at(-1);
  if (!last) return [];
  const types = layerTypes(layers);
  // A bare array body (`DriverEntity[]`): its items are the data objects.
  if (types.includes('array') && !types.includes('object')) {
    const items = layerKeyword(layers, 'items');
    if (!items || !isObject(items.value)) return [];
    if (depth >= MAX_SCHEMA_DEPTH) {
      noteLimit(document, items.path, `arrays of arrays nested more than ${MAX_SCHEMA_DEPTH} deep`);
      return [];
    }
    return objectSchemas(document, items.value, items.path, depth + 1);
  }
  if (types.length > 0 && !types.includes('object')) return [];
  if (last.schema.properties === undefined && last.schema.allOf === undefined) {
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = last.schema[key];
      if (isArray(branches) && branches.length > 1) {
        return branches.flatMap((branch, i) => {
          const inner = schemaLayers(document, branch, [...last.path, key, i]).at(-1);
          return inner && inner.schema.oneOf === undefined && inner.schema.anyOf === undefined
            ? objectSchemas(document, branch, [...last.path, key, i])
            : [];
        });
      }
    }
  }
  return [last];
}

/** The item schema of a list-valued property, when its items are objects. */
function collectionItems(document: Document, schema: unknown, path: JsonPath): SchemaLayer | undefined {
  const layers = schemaLayers(document, schema, path);
  if (!layerTypes(layers).includes('array')) return undefined;
  const items = layerKeyword(layers, 'items');
  if (!items || !isObject(items.value)) return undefined;
  const itemLayers = schemaLayers(document, items.value, items.path);
  const last = itemLayers.at(-1);
  if (!last) return undefined;
  const types = layerTypes(itemLayers);
  if (types.length > 0 && !types.includes('object')) return undefined;
  return collectProperties(document, last.schema, last.path).size > 0 ? last : undefined;
}

/** The single data object an envelope member holds (`{ data: {...}, message }`), when it is an object with members. */
function envelopeData(document: Document, name: string, schema: unknown, path: JsonPath): SchemaLayer | undefined {
  if (!ENVELOPE_DATA_MEMBERS.includes(name)) return undefined;
  const last = objectSchemas(document, schema, path)[0];
  return last && collectProperties(document, last.schema, last.path).size > 0 ? last : undefined;
}

/**
 * An envelope's data member where an `allOf` part narrows it: a common envelope part declares a
 * free-form `result` (anything) and the operation's part `result: { id }` or `result: Profile[]`.
 * Both apply; the part that declares members or items says what the data is. The first such
 * definition among the parts, if any.
 */
function narrowedMember(
  document: Document,
  body: SchemaLayer,
  name: string,
  depth = 0,
): { schema: unknown; path: JsonPath } | undefined {
  const parts = body.schema.allOf;
  if (!isArray(parts)) return undefined;
  if (depth > MAX_SCHEMA_DEPTH) {
    noteLimit(document, body.path, `\`allOf\` nested more than ${MAX_SCHEMA_DEPTH} deep`);
    return undefined;
  }
  for (const [i, part] of parts.entries()) {
    const resolved = schemaLayers(document, part, [...body.path, 'allOf', i]).at(-1);
    if (!resolved) continue;
    const members = resolved.schema.properties;
    const own = isObject(members) && members[name] !== undefined ? members[name] : undefined;
    const path = [...resolved.path, 'properties', name];
    if (own !== undefined && (envelopeData(document, name, own, path) || collectionItems(document, own, path)))
      return { schema: own, path };
    const deeper = narrowedMember(document, resolved, name, depth + 1);
    if (deeper) return deeper;
  }
  return undefined;
}

/** True when a member declares nothing: no members, no items of objects (`result: { type: object }`). */
function isFreeForm(document: Document, member: { schema: unknown; path: JsonPath }): boolean {
  const layers = schemaLayers(document, member.schema, member.path);
  const last = layers.at(-1);
  if (!last || collectionItems(document, member.schema, member.path)) return false;
  return collectProperties(document, last.schema, last.path).size === 0 && layerKeyword(layers, 'items') === undefined;
}

/**
 * Operations whose body is about the service, not data it keeps: health and readiness checks,
 * the version, tokens, and the description itself (`/openapi.json`, `/swagger`). Their bodies have
 * no creation time.
 */
const OPERATIONAL_SEGMENT =
  /^(health|healthz|healthcheck|health-check|liveness|readiness|ready|live|alive|ping|version|versions|token|tokens|oauth2?|openapi|swagger|api-docs|docs|metrics|login|logout|logon|logoff|signout|sign-out|whoami|who-am-i)(\.(json|ya?ml))?$/i;

/**
 * Words of a segment that make its path an operational endpoint wherever they stand in it: the
 * description (`openapi`, `swagger`, `spec` after `api`: `getAPISpec`), a health check, an
 * authentication (`authenticate`, `signin`). A version or a token as a word among others is data
 * (`ip_version`, `file_versions`, `service-tokens`); as the whole segment it is OPERATIONAL_SEGMENT's.
 * `status` and `info` are one only as the whole path (`/status`, `/info`): `/me/organ-donor-status`
 * and `/license-info` are data.
 */
const OPERATIONAL_WORDS = new Set([
  'openapi',
  'swagger',
  'health',
  'healthcheck',
  'authenticate',
  'authentication',
  'signin',
  'oauth',
  'oauth2',
]);

/** Words of one segment that name the description, a health check or an authentication. */
function isOperationalWords(words: readonly string[]): boolean {
  return words.some(
    (word, i) =>
      OPERATIONAL_WORDS.has(word) || (/^specs?$/.test(word) && ['api', 'openapi'].includes(words[i - 1] ?? '')),
  );
}

const isVerb = (word: string): boolean => ENGLISH_VERBS.has(word) || CUSTOM_METHOD_VERBS.includes(word);

function isOperational(pathKey: string): boolean {
  const segments = pathKey.split('/').filter(Boolean);
  // The API's root (`GET /`) answers with the service itself: its name, version, environment.
  if (segments.length === 0) return true;
  if (segments.length === 1 && /^(status|info|about)$/i.test(segments[0] ?? '')) return true;
  // The endpoint is named by its last static segment (`/oauth2/token`, `/tokens/{id}`, `/health/live`):
  // a `version` or `token` before others names what follows, not the answer (`/pegel/version/1` is
  // the water levels, in the form `1`).
  // An action on a token or the health check names its verb last (`/user/tokens/verify`, `/token/refresh`).
  const statics = segments.filter((segment) => !segment.includes('{'));
  const last = statics.at(-1);
  const before = statics.at(-2);
  if (last !== undefined && OPERATIONAL_SEGMENT.test(last)) return true;
  if (before !== undefined && OPERATIONAL_SEGMENT.test(before) && last !== undefined && isVerb(last.toLowerCase()))
    return true;
  return segments.some(
    (segment) =>
      !segment.includes('{') &&
      isOperationalWords(nameWords(segment).flatMap((word) => pathSegmentWords(word) ?? [word])),
  );
}

/** Words of a token answer's companions: its type, expiry and scope (`token_type`, `expires_in`, `scope`). */
const TOKEN_COMPANION_WORDS = new Set([
  'type',
  'expires',
  'expiry',
  'expiration',
  'expire',
  'exp',
  'ttl',
  'lifetime',
  'scope',
  'scopes',
  'issued',
  'iat',
  // The credentials that come with a token (kubeconfig: `client_key_data`, `certificate_authority_data`).
  'certificate',
  'key',
  'secret',
  'password',
  'credential',
  'credentials',
]);

/**
 * A body that is a token (`jwtToken`, `accessToken`, `token`), with its type, expiry and scope, is an
 * authentication's answer, not data the service keeps, when the token is nearly all it holds: at
 * most two other members (`user`, `userId`), and no more than the token's own. A payment with a
 * `token` among its amounts and ids is data.
 */
function carriesToken(members: Map<string, unknown>): boolean {
  let tokens = 0;
  let companions = 0;
  let others = 0;
  for (const name of members.keys()) {
    const words = nameWords(name);
    const last = words.at(-1);
    if (last === 'token' || last === 'jwt') tokens++;
    else if (words.some((word) => word === 'token' || word === 'jwt' || TOKEN_COMPANION_WORDS.has(word))) companions++;
    else others++;
  }
  return tokens > 0 && others <= 2 && others <= tokens + companions;
}

/**
 * Whether an object is Problem Details (RFC 9457), not data that happens to have `type`, `title`
 * and `status` members (a case with a `status` of its state, a `type` of its kind): a problem's
 * `status` is the HTTP status code (a number, or left untyped), its `type` a URI reference (not a
 * list of words), and it says what went wrong (`detail`, `instance`) or types `type` as a URI.
 */
function isProblemShape(document: Document, members: Map<string, { schema: unknown; path: JsonPath }>): boolean {
  const type = members.get('type');
  const status = members.get('status');
  if (!type || !status || !members.has('title')) return false;
  const statusTypes = schemaTypes(
    layerKeyword(schemaLayers(document, status.schema, status.path), 'type')?.layer.schema,
  );
  if (statusTypes.length > 0 && !statusTypes.some((t) => t === 'integer' || t === 'number')) return false;
  const typeLayers = schemaLayers(document, type.schema, type.path);
  const values = layerKeyword(typeLayers, 'enum')?.value;
  if (isArray(values) && values.some((value) => typeof value === 'string' && !/[:/]/.test(value))) return false;
  const format = layerKeyword(typeLayers, 'format')?.value;
  return members.has('detail') || members.has('instance') || (typeof format === 'string' && format.startsWith('uri'));
}

/** Words of a note about an answer (`{ code, message }`, `{ field, severity, text }`), not of data. */
const NOTE_WORDS = new Set([
  'code',
  'message',
  'text',
  'field',
  'severity',
  'level',
  'type',
  'detail',
  'details',
  'description',
  'key',
  'path',
  'property',
  'title',
  'status',
  'error',
  'source',
  'target',
  'reason',
]);

/** Whether a list's items are notes about the answer: every member named by note words only. */
function isAnswerNote(members: Map<string, unknown>): boolean {
  return [...members.keys()].every((key) => nameWords(key).every((word) => NOTE_WORDS.has(word)));
}

/** Words of a note on an operation's outcome (`status`, `message`, `reason`, `error`); not `title` or `type`, which data has. */
const RESULT_NOTE_WORDS = new Set([
  'status',
  'message',
  'messages',
  'reason',
  'error',
  'errors',
  'warning',
  'warnings',
  'detail',
  'details',
  'code',
]);

/** Words of a member that counts (`clients_import_failed_count`, `totalNumber`). */
const COUNT_WORDS = new Set(['count', 'counts', 'total', 'number', 'num', 'fjoldi']);

/**
 * Whether an object is an answer about the operation rather than data it keeps (issue 37, o37r11 W5):
 * every member a flag (`valid`, `success`), a count (`clients_count`), a list
 * of plain values (the names not imported) or a note (`status`, `message`, `reason`, `error`) — an
 * import's result, a validation's verdict, an acknowledgement. Such an object names nothing that was
 * created, so it has no creation time. Not flags alone: those are a resource's state.
 */
function isOperationResult(document: Document, members: Map<string, { schema: unknown; path: JsonPath }>): boolean {
  if (members.size === 0) return false;
  // Flags alone are a resource's state (`{ isDonor }` of `/me/blood-donor-status`), data of its own.
  let flags = 0;
  // Members that tell how the operation went: a flag, a count, a message, an error or a reason.
  let outcome = 0;
  const result = [...members].every(([name, member]) => {
    const words = nameWords(name);
    const layers = schemaLayers(document, member.schema, member.path);
    const types = layerTypes(layers).filter((type) => type !== 'null');
    // A note, not a list of notes: `{ messages: [{ code, text }], count }` is a page of messages.
    if (words.length > 0 && words.every((word) => RESULT_NOTE_WORDS.has(word)) && !types.includes('array')) {
      // A state or a code alone (`{ status }`) is a resource's; a message, an error or a reason tells an outcome.
      if (!words.every((word) => word === 'status' || word === 'code')) outcome++;
      return true;
    }
    if (types.length === 0) return false;
    if (types.every((type) => type === 'boolean')) {
      flags++;
      outcome++;
      return true;
    }
    if (types.every((type) => type === 'integer' || type === 'number'))
      return words.some((word) => COUNT_WORDS.has(word)) && ++outcome > 0;
    if (types.every((type) => type === 'array')) {
      const items = layerKeyword(layers, 'items')?.value;
      const itemTypes = isObject(items) ? layerTypes(schemaLayers(document, items, [...member.path, 'items'])) : [];
      return (
        itemTypes.length > 0 && itemTypes.every((type) => ['string', 'integer', 'number', 'boolean'].includes(type))
      );
    }
    return false;
  });
  return result && flags < members.size && outcome > 0;
}

/**
 * Whether a member says where a page is in a list (`next`, `previous`, `nextCursor`, `offset`,
 * `hasMore`): beside a collection it makes the object the list's page, whatever else the page
 * carries (`filterOptions`), and the page is not asked as well as its items (issue 37, o37r11 W5).
 */
function isPageNavigation(name: string): boolean {
  const words = nameWords(name);
  return (
    words.some((word) => word === 'next' || word === 'previous' || word === 'prev' || word === 'cursor') ||
    /^(?:offset|page|pageNumber|pageToken|hasMore|hasNextPage)$/.test(name)
  );
}

export default defineRule({
  id: 'platform-created-timestamp',
  severity: 'warn',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Timestamp' },
  description:
    'Every data object a 2xx JSON response returns (the body object, and the items of each collection in it) has a `createdTimestamp` field.',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    const reported = new Set<string>();
    // A path's answer once: every media type of every response of a path asks (Stripe: ~2 % of a lint).
    const operational = new Map<string, boolean>();
    const isOperationalPath = (pathKey: string): boolean => {
      let answer = operational.get(pathKey);
      if (answer === undefined) operational.set(pathKey, (answer = isOperational(pathKey)));
      return answer;
    };
    const demand = (layer: SchemaLayer, members: Map<string, unknown>) => {
      if (members.has('createdTimestamp')) return;
      const key = encodePointer(layer.path);
      if (reported.has(key)) return;
      reported.add(key);
      problems.push({
        message: `\`${printPath(layer.path)}\` is returned as data in a 2xx response but has no \`createdTimestamp\`; every returned data object carries when it was created: add ${FIELD}.`,
        path: layer.path,
      });
    };
    for (const info of mediaTypes(document)) {
      if (
        info.kind !== 'response' ||
        // A body on a 204 is platform-content-type's one finding, not a returned data object.
        !info.statuses.some((status) => statusClass(status) === '2' && !NO_BODY_STATUSES.has(status))
      )
        continue;
      // A body under `*\/*` (springdoc's JSON) is judged as the body rules all judge it: it may be JSON.
      if (!mayBeJson(info.mediaType) || isProblemMediaType(info.mediaType) || info.media.schema === undefined) continue;
      if (info.operations.length > 0 && info.operations.every((op) => isOperationalPath(op.pathKey))) continue;
      for (const body of objectSchemas(document, info.media.schema, [...info.path, 'schema'])) {
        const members = collectProperties(document, body.schema, body.path);
        // A free-form object declares nothing to add a field to; a Problem Details body is not data.
        if (
          members.size === 0 ||
          isProblemShape(document, members) ||
          carriesToken(members) ||
          isOperationResult(document, members)
        )
          continue;
        judge(body, members, 0);
      }
    }
    return problems;

    /**
     * One returned object: data itself, or a wrapper whose data is elsewhere. A page
     * (`{ data: [...], pageInfo }`) holds its data in its collections; an envelope
     * (`{ data: {...}, message }`) in its data member, which may itself be a wrapper
     * (`{ data: { aircrafts: [...] } }`): wrappers are looked through, up to three levels.
     */
    function judge(body: SchemaLayer, members: Map<string, { schema: unknown; path: JsonPath }>, depth: number): void {
      const collections: SchemaLayer[] = [];
      let others: string[] = [];
      // `others` holds names of `members` only, so the lookup always finds one.
      const memberOf = (name: string): { schema: unknown; path: JsonPath } => {
        const member = members.get(name);
        if (!member) throw new Error(`no member ${name} in the body`);
        return member;
      };
      let data: SchemaLayer | undefined;
      // A list's envelope (its members a list beside counts and links: `{ messages: [...], unreadCount }`,
      // a HAL collection's `_links` and `_embedded: { items: [...] }`) is no data; its items are
      // (issue 37, tenth outside measurement, B2/W2).
      // A flag of the object's own beside the list (`Status { hasPension, applications[] }`, a
      // settings object's `logpush`) is data of its own; a page's flags are its words (`has_more`).
      const listEnvelope =
        pageInAnyLanguage(document, members) &&
        ![...members].some(
          ([name, member]) =>
            layerTypes(schemaLayers(document, member.schema, member.path)).includes('boolean') &&
            !isPageMember(document, vocabulary, name, member),
        );
      const embedded = listEnvelope ? members.get('_embedded') : undefined;
      if (embedded) {
        const inner = schemaLayers(document, embedded.schema, embedded.path).at(-1);
        if (inner)
          for (const member of collectProperties(document, inner.schema, inner.path).values()) {
            const items = collectionItems(document, member.schema, member.path);
            if (items) collections.push(items);
          }
      }
      for (const [name, declared] of members) {
        if (embedded && name === '_embedded') continue;
        const entry = (ENVELOPE_DATA_MEMBERS.includes(name) && narrowedMember(document, body, name)) || declared;
        // A list of messages, errors or warnings about the answer (`errors: [{ code, message }]`) is not data.
        // In a list's envelope the list is the data whatever it is called, unless its items are notes
        // (`messages: DocumentInfo[]` beside `unreadCount` is a mailbox's page).
        const listed = collectionItems(document, entry.schema, entry.path);
        const items =
          ENVELOPE_META_MEMBERS.includes(name) &&
          !(listEnvelope && listed && !isAnswerNote(collectProperties(document, listed.schema, listed.path)))
            ? undefined
            : listed;
        if (items) collections.push(items);
        else if (!data && (data = envelopeData(document, name, entry.schema, entry.path))) continue;
        else others.push(name);
      }
      // A body whose one member beside status and messages is an object (`{ registry: {...} }`, the
      // resource under its own name) wraps that object: it is the data, not the body.
      // (With no data and no collections, `others` is every member: wrappedObject reads them all.)
      const wrapped =
        !data && collections.length === 0 && depth === 0 ? wrappedObject(document, vocabulary, members) : undefined;
      if (wrapped) {
        data = wrapped.layer;
        others = others.filter((name) => name !== wrapped.key);
      }
      // An envelope whose data member declares nothing (`{ success, errors, result: { type: object } }`)
      // has no data object to add a field to; the envelope itself is not data.
      if (
        !data &&
        collections.length === 0 &&
        others.some((name) => ENVELOPE_DATA_MEMBERS.includes(name)) &&
        others.every(
          (name) =>
            isEnvelopeMeta(document, vocabulary, name, memberOf(name)) ||
            (ENVELOPE_DATA_MEMBERS.includes(name) && isFreeForm(document, memberOf(name))),
        )
      )
        return;
      // A page (`{ data: [...], pageInfo, totalCount }`) is a wrapper; its items are the data.
      const pageMember = (name: string) => {
        const member = members.get(name);
        return (
          member !== undefined &&
          (isPageMember(document, vocabulary, name, member) || isPageInfoObject(document, vocabulary, member))
        );
      };
      // (Status and messages beside the list, `{ success, messages, result: [...] }`, are about the answer too.)
      const isPage =
        collections.length > 0 &&
        !data &&
        (listEnvelope ||
          others.some(isPageNavigation) ||
          others.every((name) => pageMember(name) || isEnvelopeMeta(document, vocabulary, name, memberOf(name))));
      // An envelope (`{ data: {...}, message }`) is a wrapper too; its data member is judged instead.
      const isEnvelope =
        data !== undefined &&
        collections.length === 0 &&
        others.every((name) => isEnvelopeMeta(document, vocabulary, name, memberOf(name)));
      if (isEnvelope && data) {
        const dataMembers = collectProperties(document, data.schema, data.path);
        if (!isProblemShape(document, dataMembers) && dataMembers.size > 0) {
          if (depth < 3) judge(data, dataMembers, depth + 1);
          else demand(data, dataMembers);
        }
      } else if (!isPage) demand(body, members);
      for (const items of collections) {
        const itemMembers = collectProperties(document, items.schema, items.path);
        if (!isProblemShape(document, itemMembers)) demand(items, itemMembers);
      }
    }
  },
});
