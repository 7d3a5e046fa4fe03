import { defineRule, type Problem } from '../lib/rule.js';
import { effectiveSchema, resolve, schemaTypes } from '../lib/openapi/resolve.js';
import { isObject, type Document } from '../lib/openapi/types.js';
import { operations, type OperationInfo } from '../lib/openapi/views.js';
import { isEnvelopeMeta, isPageInfoObject, successBodies } from '../lib/collections.js';
import {
  isPlaceholderSegment,
  isSingleResourcePath,
  pathSegments,
  TEMPLATE_SEGMENT,
  toKebabCase,
} from '../lib/conventions.js';
import {
  CREATE_VERBS,
  CUSTOM_METHOD_AMBIGUOUS_WORDS,
  DELETE_VERBS,
  isActionSegment,
  READ_VERBS,
  SEARCH_VERBS,
  segmentVerb,
  UPDATE_VERBS,
  type Vocabulary,
} from '../lib/vocabulary.js';
import { nameWords } from '../lib/conventions.js';
import { isEnglishWord, pathSegmentWords } from '../lib/words.js';
import { ENGLISH_BASE_VERB_LIST, ENGLISH_PREDICATES, ENGLISH_VERBS } from '../lib/english-verbs.js';

let baseVerbs: ReadonlySet<string> | undefined;
/** Whether the lexicon knows `word` in a verb's base form (nouns too: `lock`, `extend`); the set is built on first use. */
function canBeVerb(word: string): boolean {
  baseVerbs ??= new Set(ENGLISH_BASE_VERB_LIST.split(' '));
  return baseVerbs.has(word);
}

/** The words of a static path segment as a reader takes them: case-style words, glued lower-case words split. */
function segmentWords(segment: string): string[] {
  return nameWords(segment).flatMap((word) => pathSegmentWords(word) ?? [word]);
}

/**
 * A static segment that asks a yes/no question (`hasteachingrights`, `CanApplyFor`,
 * `requiresmileageregistration`, `isfreshman`): its first word is a modal or a verb in the third
 * person (`ENGLISH_PREDICATES`, generated from the lexicon's parts of speech) and other words
 * follow. A question names no resource: what GET reads is the thing asked about.
 */
function questionSegment(pathKey: string): { segment: string; asks: string; about: string[] } | undefined {
  for (const segment of pathSegments(pathKey)) {
    if (segment.includes('{') || isPlaceholderSegment(segment)) continue;
    // `Calls.json`: a format suffix is no word of the name.
    const words = segmentWords(segment.replace(/\.[A-Za-z0-9]+$/, ''));
    const [first = '', ...rest] = words;
    if (rest.length === 0 || !ENGLISH_PREDICATES.has(first)) continue;
    // `is` begins a question only before other words (`isfreshman`); `does`/`will` likewise.
    if (rest.every((word) => FUNCTION_WORDS_AFTER_QUESTION.has(word))) continue;
    return { segment, asks: first, about: rest.filter((word) => !FUNCTION_WORDS_AFTER_QUESTION.has(word)) };
  }
  return undefined;
}
const FUNCTION_WORDS_AFTER_QUESTION = new Set(['for', 'to', 'by', 'of', 'be', 'a', 'an', 'the', 'all', 'any']);

/** Words that, right after a verb, make a compound noun of it (add-on, set-up, check-out). */
const PARTICLES = new Set(['on', 'up', 'out', 'in', 'off', 'over']);

/** The first static segment of a path that begins with a standard method's verb (`/GetAllVehicles`, `/cases/UpdateCase`), with the path rewritten without it. */
function verbSegment(pathKey: string):
  | {
      segment: string;
      /** The verb the segment begins with (`get` of `GetCase`). */
      verb: string;
      kind: 'read' | 'create' | 'update' | 'delete';
      nounPath: string;
      /** The words after the verb (`status` of `change_status`). */
      rest: string[];
      /** True when a static segment follows the verb's (`…/destroy_with_associated_resources/retry`). */
      staticAfter: boolean;
      /** The path before the verb's segment, when that ends in a static, unversioned segment (a collection): `/shield_information_barriers`. */
      collection?: string;
    }
  | undefined {
  const segments = pathSegments(pathKey);
  for (const [i, segment] of segments.entries()) {
    if (segment.includes('{') || isPlaceholderSegment(segment) || /^v\d+$/i.test(segment)) continue;
    const found = segmentVerb(segment);
    // A verb and a particle make a noun (`AddOnResults`: the results of add-ons; `add-ons`, `set-ups`).
    const next = found?.rest[0] ?? '';
    if (!found || PARTICLES.has(next) || PARTICLES.has(next.replace(/s$/, ''))) continue;
    const noun = found.rest.join('-');
    const rewritten = [...segments.slice(0, i), ...(noun ? [noun] : []), ...segments.slice(i + 1)];
    const before = segments.slice(0, i);
    const previous = before.at(-1);
    return {
      segment,
      verb: found.verb,
      kind: found.kind,
      nounPath: `/${rewritten.join('/')}`,
      rest: found.rest,
      staticAfter: segments.slice(i + 1).some((later) => !later.includes('{') && !isPlaceholderSegment(later)),
      ...(previous !== undefined &&
      !previous.includes('{') &&
      !isPlaceholderSegment(previous) &&
      !/^(?:api|v\d+)$/i.test(previous)
        ? { collection: `/${before.join('/')}` }
        : {}),
    };
  }
  return undefined;
}

/**
 * The last segment of a path when it ends in a verb of creating that the lexicon knows only as a
 * verb (`accounting-create`, `refund_accounting_create`; not `price-list` or `order-update`, where
 * the last word is a noun too), with the path rewritten to the object before it.
 */
function trailingCreate(pathKey: string): { segment: string; nounPath: string } | undefined {
  const segments = pathSegments(pathKey);
  const segment = segments.at(-1);
  if (segment === undefined || segment.includes('{') || isPlaceholderSegment(segment)) return undefined;
  const words = nameWords(segment).map((word) => word.toLowerCase());
  const verb = words.at(-1) ?? '';
  if (words.length < 2 || !CREATE_VERBS.includes(verb) || !ENGLISH_VERBS.has(verb)) return undefined;
  if (!createsInCollection(pathKey, segment)) return undefined;
  return { segment, nounPath: `/${[...segments.slice(0, -1), words.slice(0, -1).join('-')].join('/')}` };
}

/**
 * Whether `segment` is last in the path after a static segment (`/rating/create`): a CREATE named
 * on a collection. After an identifier (`/indexes/{name}/insert`) the verb acts on that resource:
 * a custom method of it, which may well add to it.
 */
function createsInCollection(pathKey: string, segment: string): boolean {
  const segments = pathSegments(pathKey);
  const before = segments.at(-2);
  return segments.at(-1) === segment && (before === undefined || !TEMPLATE_SEGMENT.test(before));
}

/** The finding on a POST that names the standard CREATE by its verb: the verb is POST's, the path the collection's. */
function createMessage(op: OperationInfo, segment: string, nounPath: string): string {
  return `\`${label(op)}\` names its method in the path (\`${segment}\`): creating is the platform's standard CREATE, not a custom method, and a POST on the collection says it: write \`POST ${nounPath}\`.`;
}

const METHOD_OF: Record<'read' | 'create' | 'update' | 'delete', string> = {
  read: 'GET',
  create: 'POST',
  update: 'PATCH or PUT',
  delete: 'DELETE',
};

/** A path whose last segment is a template variable (`/applications/{id}`), not a placeholder. */
const TEMPLATE_LAST = /\/\{[^{}/]+\}(\.[A-Za-z0-9]+)?\/?$/;

/**
 * A change verb that is also a noun before one plural noun (`updatelocks`: update locks, the kinds
 * of lock; `changerequests`): a noun compound, not an action, where a GET answers a list of them.
 */
function isNounCompound(named: { verb: string; kind: string; rest: string[] }): boolean {
  const [only, ...more] = named.rest;
  return (
    named.kind !== 'read' &&
    more.length === 0 &&
    only !== undefined &&
    !ENGLISH_VERBS.has(named.verb) &&
    only.length >= 4 &&
    only.endsWith('s') &&
    (isEnglishWord(only) || isEnglishWord(only.slice(0, -1)))
  );
}

/** Whether the operation's success answers a list (a page or a bare array). */
function answersList(document: Document, vocabulary: Vocabulary, op: OperationInfo): boolean {
  const bodies = successBodies(document, vocabulary, op);
  return bodies.page !== undefined || bodies.bareArray;
}

/**
 * Custom-method verbs whose action reads or computes (`:search`, `:calculate`, `:validate`,
 * `batch-get`): a GET named by one only reads, so an operation id with one says nothing against GET.
 */
const READING_ACTIONS: readonly string[] = [
  'batch-get',
  'calculate',
  'check',
  'export',
  'generate',
  'search',
  'validate',
  'verify',
];

/** Whether the operation answers 200 with a described body: what a read answers with. */
function answersOkBody(document: Document, op: OperationInfo): boolean {
  const responses = op.operation.responses;
  if (!isObject(responses)) return false;
  const ok = resolve(document, responses['200'], [...op.path, 'responses', '200']).value;
  return (
    isObject(ok) &&
    isObject(ok.content) &&
    Object.values(ok.content).some((media) => isObject(media) && media.schema !== undefined)
  );
}

/** Whether the operation documents this response status. */
function hasResponse(op: OperationInfo, status: string): boolean {
  return isObject(op.operation.responses) && op.operation.responses[status] !== undefined;
}

function label(op: OperationInfo): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

/** Icelandic words that only Icelandic text has (function words and the commonest verbs of descriptions, accents dropped too). */
const ICELANDIC_TEXT_WORDS = new Set(
  'og yfir fyrir eftir sem til er eru um vid hja eda ekki skilar saekir lista allra allar thess theirra notanda'.split(
    ' ',
  ),
);

/** Whether a text is Icelandic: it has þ, ð, æ, ö or an accented vowel, or two of Icelandic's own words. */
function isIcelandicText(text: string): boolean {
  if (/[þðæöáéíóúý]/i.test(text)) return true;
  const words = new Set(text.toLowerCase().split(/[^a-z]+/));
  let found = 0;
  for (const word of ICELANDIC_TEXT_WORDS) if (words.has(word) && ++found >= 2) return true;
  return false;
}

/** The document's Icelandic prose: every Icelandic `summary`, `description` and `title` (a bounded walk). */
const icelandicProse = new WeakMap<Document, string[]>();
function documentIcelandicText(document: Document): string[] {
  const cached = icelandicProse.get(document);
  if (cached) return cached;
  const found: string[] = [];
  const stack: unknown[] = [document];
  for (let visited = 0; stack.length > 0 && visited < 200_000; visited++) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (isObject(node))
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') {
          if ((key === 'summary' || key === 'description' || key === 'title') && isIcelandicText(value))
            found.push(value);
        } else if (typeof value === 'object' && value !== null) stack.push(value);
      }
  }
  icelandicProse.set(document, found);
  return found;
}

/**
 * Whether `word`, an English verb, is an Icelandic word in this document (issue 37: a word unsure in
 * one language is checked in the other). `skip` is an English verb and the Icelandic for ships: an
 * Icelandic text of the operation, or anywhere in the document, that uses it as a word of its own
 * ("Skilar lista yfir skip") settles it as the Icelandic noun; an English verb would not stand in
 * an Icelandic sentence.
 */
function icelandicWordHere(document: Document, operation: Record<string, unknown>, word: string): boolean {
  const own = [operation.summary, operation.description].filter((t): t is string => typeof t === 'string');
  const texts = [...own.filter(isIcelandicText), ...documentIcelandicText(document)];
  const pattern = new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'iu');
  return texts.some((text) => pattern.test(text));
}

/**
 * The verb of a custom-method path: its last segment when that is static and an action verb
 * (`/v1/messages/{messageId}/archive`, `/v1/messages/archive`, also `/v1/messages/{id}:archive`),
 * from the run's custom-method verbs or the English and Icelandic verb lists (`isActionSegment`).
 */
function customMethodVerb(
  pathKey: string,
  vocabulary: Vocabulary,
  method?: string,
  noBody = false,
  operation?: Record<string, unknown>,
): string | undefined {
  /** The verb-and-object and verb-before-key shapes are judged on the methods a custom method is mistaken for. */
  const wider = method === 'patch' || method === 'put' || method === 'delete';
  const segments = pathSegments(pathKey);
  let last = segments.at(-1);
  if (last === undefined || isPlaceholderSegment(last)) return undefined;
  if (TEMPLATE_SEGMENT.test(last)) {
    // `PATCH /Application/Confirm/{applicationId}`: a bare verb before the key it acts on (not on GET,
    // where `/search/{term}` reads).
    const before = segments.at(-2);
    // `DELETE /cancel/orders/{id}`: a verb alone earlier in a DELETE's path, before the collection
    // and key it acts on, names an action too (tenth round; a DELETE acts on no sub-resource of a verb).
    if (method === 'delete' && before !== undefined && !TEMPLATE_SEGMENT.test(before)) {
      const earlier = segments
        .slice(0, -2)
        .filter((segment) => !TEMPLATE_SEGMENT.test(segment) && !isPlaceholderSegment(segment))
        .map((segment) => toKebabCase(segment))
        .find(
          (word) =>
            /^[a-z]+$/.test(word) &&
            isActionSegment(word, vocabulary) &&
            // A word that is a verb only, or one the operation's own name says (`archive` is a place too).
            (ENGLISH_VERBS.has(word) || (operation !== undefined && operationSays(operation, word))) &&
            !CUSTOM_METHOD_AMBIGUOUS_WORDS.includes(word) &&
            segmentVerb(word) === undefined,
        );
      if (earlier !== undefined) return earlier;
    }
    if (!wider || before === undefined || TEMPLATE_SEGMENT.test(before) || isPlaceholderSegment(before))
      return undefined;
    const verb = toKebabCase(before);
    return /^[a-z]+$/.test(verb) && isActionSegment(verb, vocabulary) && !CUSTOM_METHOD_AMBIGUOUS_WORDS.includes(verb)
      ? verb
      : undefined;
  }
  const colon = last.lastIndexOf(':');
  if (colon >= 0) last = last.slice(colon + 1);
  const word = toKebabCase(last.replace(/\.json$/i, ''));
  if (isActionSegment(word, vocabulary) && !CUSTOM_METHOD_AMBIGUOUS_WORDS.includes(word)) return word;
  // `PATCH …/{id}/ToggleList`, `…/ExtendTime`: a verb and its object written as one segment (camel
  // case or kebab), the object one singular word — on PATCH, PUT and DELETE only (`order-lines` is a noun).
  const words = word.split('-');
  const [first = '', object = ''] = words;
  // With no request body a PATCH or PUT changes nothing it is sent, so a verb-and-object segment
  // below a resource is an action whatever else its verb may be (`PATCH …/{id}/LockList`: `lock`
  // is also a noun; `ToggleList`): any word the lexicon knows as a base verb.
  if (
    noBody &&
    (method === 'patch' || method === 'put') &&
    words.length === 2 &&
    TEMPLATE_SEGMENT.test(segments.at(-2) ?? '') &&
    !object.endsWith('s') &&
    !PARTICLES.has(object) &&
    (canBeVerb(first) || isActionSegment(first, vocabulary) || vocabulary.customMethodVerbs.includes(first)) &&
    segmentVerb(word) === undefined
  )
    return first;
  if (
    wider &&
    words.length === 2 &&
    /^[A-Z]/.test(last) &&
    !object.endsWith('s') &&
    !PARTICLES.has(object) &&
    isActionSegment(first, vocabulary) &&
    !CUSTOM_METHOD_AMBIGUOUS_WORDS.includes(first) &&
    segmentVerb(word) === undefined
  )
    return first;
  return undefined;
}

/**
 * An optional request body that can only be empty: every media type's schema is an object with
 * no properties and `additionalProperties: false`. Generators emit these on every GET (Stripe's
 * description does); they declare that no body is sent, so they are not a GET with a body.
 */
function isEmptyOptionalBody(document: Document, op: OperationInfo): boolean {
  const body = resolve(document, op.operation.requestBody, [...op.path, 'requestBody']).value;
  if (!isObject(body) || body.required === true || !isObject(body.content)) return false;
  const content = body.content;
  const media = Object.keys(content).map((key) => content[key]);
  return (
    media.length > 0 &&
    media.every((entry) => {
      if (!isObject(entry)) return false;
      const schema = effectiveSchema(document, entry.schema, []).value;
      return (
        isObject(schema) &&
        schemaTypes(schema).every((type) => type === 'object') &&
        (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) &&
        schema.additionalProperties === false &&
        schema.allOf === undefined &&
        schema.oneOf === undefined &&
        schema.anyOf === undefined
      );
    })
  );
}

/**
 * A collection's name is a plural: English `-s` (`messages`, `settings`), or Icelandic `-ar`,
 * `-ir`, `-ur` (`fasteignir`, `lyklar`). A singular last segment with addressable children
 * (`/devices/policy` beside `/devices/policy/{policyId}`, `/schema-registry/config` beside
 * `/config/{subject}`) is a singleton with sub-resources, not a collection.
 */
function looksPlural(pathKey: string): boolean {
  const last = (pathSegments(pathKey).at(-1) ?? '').replace(/\.[A-Za-z0-9]+$/, '');
  if (/(s|ar|ir|ur)$/i.test(last)) return true;
  // A singular noun of many things (`paymenthistory`, `auditLog`: its last word, glued words split) names a collection.
  const words = nameWords(last).flatMap((word) => pathSegmentWords(word) ?? [word]);
  return COLLECTIVE_NOUNS.has(words.at(-1) ?? '');
}

/** Singular nouns that name many things: a history of payments is a list of them. */
const COLLECTIVE_NOUNS = new Set(['history', 'list', 'log', 'feed', 'catalog', 'catalogue', 'inventory', 'archive']);

function normalise(pathKey: string): string {
  return pathSegments(pathKey).join('/');
}

/**
 * The action part of an operation id: after a generator's controller prefix
 * (`MeDonorStatusController_updateOrganDonorStatus` → `updateOrganDonorStatus`, `UsersService.update` →
 * `update`); a snake-case id (`update_case`) is its own action.
 */
function operationAction(operationId: string, tags?: unknown): string {
  // NSwag's `{Controller}_{Action}`, both PascalCase (`Customers_UpdatePaperMailPreference`; issue 37,
  // tenth outside measurement, Me1): the action is after the controller's name.
  const nswag = /^[A-Z][A-Za-z0-9]*_([A-Z][A-Za-z0-9]*)$/.exec(operationId);
  if (nswag?.[1] !== undefined) return nswag[1];
  // A controller prefix that is one of the operation's tags (`OpenMeal_GetAll_Distributors` tagged
  // `OpenMeal`), or NSwag's `{Controller}_{Action}_{…}` whose second part begins with a CRUD verb: the
  // action is after it, or the controller's first word is read as the verb (issue 37, o37r11 W1).
  const prefixed = /^([A-Za-z][A-Za-z0-9]*)[_.]([A-Za-z].*)$/.exec(operationId);
  if (prefixed?.[1] !== undefined && prefixed[2] !== undefined) {
    const [, controller, rest] = prefixed;
    const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const tagged =
      Array.isArray(tags) && tags.some((tag) => typeof tag === 'string' && compact(tag) === compact(controller));
    const first = nameWords(rest)[0] ?? '';
    const crud = [...READ_VERBS, ...CREATE_VERBS, ...UPDATE_VERBS, ...DELETE_VERBS, ...SEARCH_VERBS].includes(first);
    if (tagged || (/^[A-Z]/.test(controller) && /^[A-Z]/.test(rest) && crud)) return rest;
  }
  return operationId.replace(/^.*(?:controller|service|api|resource)s?[_.]/i, '');
}

/** Words by which an operation's name or summary says it reads. */
const READING_WORDS = [
  'get',
  'list',
  'read',
  'fetch',
  'retrieve',
  'show',
  'describe',
  'find',
  'search',
  'view',
  'query',
  'lookup',
];

/** Whether the operation's own name or summary begins with `verb` in its base form (`refundPayment`, "Refund a payment"; not "Returns …"). */
function operationSays(operation: Record<string, unknown>, verb: string, bySummary = false): boolean {
  // The id's action, its first word the verb and an object after it (`refundPayment`), or the whole
  // id (`refund`); not a last word left by stripping a prefix (`projects_list_resources_default`).
  const action =
    typeof operation.operationId === 'string' ? operationAction(operation.operationId, operation.tags) : undefined;
  const words = action === undefined ? [] : nameWords(action);
  const id = words.length >= 2 || action === operation.operationId ? words[0] : undefined;
  const summary = typeof operation.summary === 'string' ? operation.summary : '';
  // A name that also says it reads (`access-applications-list-…`, `account_get`) names what it reads.
  const reads = [...words, ...nameWords(summary.toLowerCase().replace(/[^a-z]+/g, ' '))].some((word) =>
    READING_WORDS.includes(word),
  );
  if (reads) return false;
  const said = /^\s*(\p{L}+)/u.exec(summary)?.[1]?.toLowerCase() === verb;
  // Before other static segments the summary, where there is one, must say it (`stream-videos-storage-usage`
  // is summarised "Storage use": `/stream/…` is a part of the API).
  if (bySummary && summary !== '') return said;
  return id === verb || said;
}

/**
 * A verb made with `-ize` (`tokenize`, `serialize`), which the lexicon does not list: English makes
 * no noun with that suffix after a stem of three letters or more (`size`, `prize` have shorter ones).
 * `-ise` makes nouns too (`expertise`, `enterprise`), so a British `-ise` counts only after a word
 * the lexicon knows (`itemise` ← item).
 */
function isDerivedVerb(word: string): boolean {
  const match = /^([a-z]{3,})i([sz])e$/.exec(word);
  if (!match) return false;
  const stem = match[1] ?? '';
  return match[2] === 'z' || isEnglishWord(stem) || isEnglishWord(`${stem}s`);
}

/**
 * The action a GET's path names beyond what \`customMethodVerb\` reads (tenth round): a last segment
 * that is a derived verb (\`/cards/tokenize\`), or a word the lexicon knows as a verb and a noun
 * (\`return\`, \`refund\`; last, or followed only by static words: \`/payments/{id}/refund/instant\`) when
 * the operation's own id or summary begins with it. Plural nouns (\`/returns\`, \`/refunds\`) and
 * words joined to others (\`/send-status\`) are no single verb.
 */
function getActionVerb(op: OperationInfo, vocabulary: Vocabulary): string | undefined {
  const segments = pathSegments(op.pathKey);
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] ?? '';
    if (TEMPLATE_SEGMENT.test(segment) || isPlaceholderSegment(segment)) return undefined;
    const word = toKebabCase(segment);
    if (!/^[a-z]+$/.test(word) || CUSTOM_METHOD_AMBIGUOUS_WORDS.includes(word) || segmentVerb(word) !== undefined)
      continue;
    const last = i === segments.length - 1;
    // A word before a collection (`/access/apps`, `/vectorize/indexes`) names a part of the API, no action on it.
    if (!last && segments.slice(i + 1).some((later) => /[^s]s$/.test(later))) return undefined;
    if (last && isDerivedVerb(word)) return word;
    if (
      (canBeVerb(word) || isActionSegment(word, vocabulary) || isDerivedVerb(word)) &&
      operationSays(op.operation, word, !last)
    )
      return word;
  }
  return undefined;
}

/**
 * The API's root: no segment but an `api` prefix and version segments (`/`, `/v1`, `/api/v2`).
 * Every method there acts on no resource ("no method exists without an associated resource").
 */
function isRoot(pathKey: string): boolean {
  return pathSegments(pathKey).every((segment) => /^api$/i.test(segment) || /^v\d+(\.\d+)*$/i.test(segment));
}

/**
 * The path the servers' URLs end in, when they all end in the same named segment
 * (`servers: [{ url: /vehicle/coowner }]`): the description's `/` is then the resource at that
 * path, not the API's root (issue 37, seventh outside measurement B). Not an `api` prefix, a
 * version or a template.
 */
function servedPath(document: Document): string | undefined {
  const servers = document.servers;
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  const paths = new Set<string>();
  for (const server of servers) {
    if (!isObject(server) || typeof server.url !== 'string') return undefined;
    const path = server.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
    // Trailing slashes dropped by a count from the end (`/\/+$/` retried every slash of a long run).
    let end = path.length;
    while (end > 0 && path[end - 1] === '/') end--;
    paths.add(path.slice(0, end));
  }
  const [path] = [...paths];
  if (paths.size !== 1 || path === undefined) return undefined;
  const last = path.split('/').at(-1) ?? '';
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(last) || /^api$/i.test(last) || /^v\d+(\.\d+)*$/i.test(last)) return undefined;
  return path;
}

/** A path that takes a CREATE: a POST that is not a custom method (CREATE acts on a collection). */
function takesCreate(document: Document, vocabulary: Vocabulary, pathKey: string): boolean {
  const item = isObject(document.paths) ? document.paths[pathKey] : undefined;
  return isObject(item) && isObject(item.post) && customMethodVerb(pathKey, vocabulary) === undefined;
}

const NO_BODY: Record<string, string> = {
  get: 'GET takes no request body: pass its input as query parameters, or make it a POST custom method if it needs a body',
  head: 'HEAD takes no request body: pass its input as query parameters',
  delete:
    'DELETE takes no request body: pass options as query parameters; to delete many resources at once, use a POST custom method on the collection (`POST /v1/messages/batch-delete`) with the identifiers in the body',
};

export default defineRule({
  id: 'platform-http-method-semantics',
  severity: 'error',
  category: 'methods',
  source: { document: 'seed', section: 'Method conventions 1-3' },
  description:
    'GET and DELETE take no request body, custom methods (a verb as the last path segment) are POSTs, PUT, PATCH and DELETE act on a single resource, and POST creates in a collection or is a custom method.',
  check(document, { vocabulary }) {
    const problems: Problem[] = [];
    // Collections whose members the description addresses one by one: `/v1/users` when `/v1/users/{userId}` exists.
    const collections = new Set<string>();
    const pathKeys = isObject(document.paths) ? Object.keys(document.paths) : [];
    for (const pathKey of pathKeys)
      if (isSingleResourcePath(pathKey)) collections.add(pathSegments(pathKey).slice(0, -1).join('/'));
    const all = [...operations(document)];
    // How many operations bear each id: an id copied onto another operation says little about either.
    const idCounts = new Map<string, number>();
    for (const op of all)
      if (typeof op.operation.operationId === 'string')
        idCounts.set(op.operation.operationId, (idCounts.get(op.operation.operationId) ?? 0) + 1);
    /**
     * True when the path's GET answers a list: a page of a collection or a bare array. Under a
     * singular name (`/penalties/payable/{ref}/payment`), an object that holds a list beside data of
     * its own (`{ items: [...], status, paid_at, payment_reference }`, one payment and its cost
     * items) is one object, a singleton sub-resource, not a page: only a list with page and envelope
     * members beside it is (issue 37, o37r8 W3).
     */
    const listedByGet = (pathKey: string): boolean => {
      const get = all.find((candidate) => candidate.pathKey === pathKey && candidate.method === 'get');
      if (!get) return false;
      const bodies = successBodies(document, vocabulary, get);
      if (bodies.bareArray) return true;
      const page = bodies.page;
      if (page === undefined) return false;
      return (
        looksPlural(pathKey) ||
        [...page.members].every(
          ([name, member]) =>
            page.arrays.includes(name) ||
            isEnvelopeMeta(document, vocabulary, name, member) ||
            isPageInfoObject(document, vocabulary, member),
        )
      );
    };
    for (const op of all) {
      const method = op.method;
      if (op.operation.requestBody !== undefined && NO_BODY[method] && !isEmptyOptionalBody(document, op)) {
        problems.push({
          message: `\`${label(op)}\` has a request body; ${NO_BODY[method]}.`,
          path: [...op.path, 'requestBody'],
        });
      }
      const served = isRoot(op.pathKey) ? servedPath(document) : undefined;
      if (method === 'post' && isRoot(op.pathKey) && served === undefined) {
        // The root names no collection to create in (issue 37): `PUT /` is reported below, `POST /` here.
        problems.push({
          message: `\`${label(op)}\` posts to the API's root, which is no collection; the platform's POST is a CREATE on a collection (\`POST /v1/<collection>\`) or a custom method named with a verb: post to the collection of what it creates.`,
          path: op.path,
        });
        continue;
      }
      if (method === 'post' && TEMPLATE_LAST.test(op.pathKey)) {
        // CREATE posts to the collection, UPDATE is PUT or PATCH on the resource, an action is a verb segment.
        const segments = pathSegments(op.pathKey);
        const collection = `/${segments.slice(0, -1).join('/')}`;
        // The action named before the identifier (`POST /payments/cancel/{id}`): a custom method
        // follows the resource it acts on, `POST /payments/{id}/cancel` (issue 37, o37r8 W3).
        const action = segments.at(-2);
        if (
          action !== undefined &&
          segments.length >= 3 &&
          !action.includes('{') &&
          (vocabulary.customMethodVerbs.includes(action.toLowerCase()) || ENGLISH_VERBS.has(action.toLowerCase()))
        ) {
          const resource = `/${[...segments.slice(0, -2), segments.at(-1)].join('/')}`;
          problems.push({
            message: `\`${label(op)}\` names its action (\`${action}\`) before the identifier of what it acts on; a custom method is a POST to a verb segment after the resource: write \`POST ${resource}/${action}\`.`,
            path: op.path,
          });
          continue;
        }
        problems.push({
          message: `\`${label(op)}\` posts to a single resource; the platform's POST is a CREATE on the collection (\`POST ${collection}\`) or a custom method named with a verb (\`POST ${op.pathKey}/submit\`); to change the resource, use \`patch:\` or \`put:\` on \`${op.pathKey}\`.`,
          path: op.path,
        });
        continue;
      }
      // A standard method named by a verb in the path, in any segment: the method the verb names is the HTTP method's.
      const named = verbSegment(op.pathKey);
      // A request to a static segment below the verb's (`POST …/destroy_with_associated_resources/retry`,
      // `GET …/destroy_with_associated_resources/status`) acts on that segment: a verb of change there
      // does not name the request's method (a GET still names a resource badly with a verb of reading).
      // A segment that is a verb alone (`/pdf/Create/Personal/{id}`) names the action on what follows
      // it: the segments after it do not make it a request to another resource (issue 37).
      if (
        named &&
        (method === 'get' || method === 'post') &&
        !(named.staticAfter && named.rest.length > 0 && (method === 'post' || named.kind !== 'read')) &&
        !(method === 'get' && isNounCompound(named) && answersList(document, vocabulary, op))
      ) {
        const found = `\`${named.segment}\``;
        if (method === 'get' && named.kind === 'read') {
          problems.push({
            message: `\`${label(op)}\` names its method in the path (${found}); the platform names a resource with a noun and reads it with GET: write \`GET ${named.nounPath}\`.`,
            path: op.path,
            severity: 'warn',
          });
          continue;
        }
        if (method === 'get') {
          problems.push({
            message: `\`${label(op)}\` is a GET, which only reads, but ${found} names a change (${named.kind.toUpperCase()}); the platform's ${named.kind.toUpperCase()} is ${METHOD_OF[named.kind]}: write \`${METHOD_OF[named.kind].split(' ')[0]} ${named.nounPath}\`.`,
            path: op.path,
          });
          continue;
        }
        if (method === 'post' && named.kind === 'create' && createsInCollection(op.pathKey, named.segment)) {
          // `POST /rating/create`, `POST …/CreateSheetSimpleNoteEb1`: the standard CREATE named by its
          // verb, not a custom method (as `PUT …/UpdateSheet…` and `GET …/FetchSheet…` are reported).
          problems.push({
            message: createMessage(op, named.segment, named.nounPath),
            path: op.path,
            severity: 'warn',
          });
          continue;
        }
        if (named.kind === 'read' && op.operation.requestBody === undefined) {
          problems.push({
            message: `\`${label(op)}\` only reads (${found}, no request body) but is a POST; the platform's LIST and GET use GET: write \`GET ${named.nounPath}\`.`,
            path: op.path,
          });
          continue;
        }
        if (named.kind === 'read' && !SEARCH_VERBS.includes(named.verb)) {
          // `POST /Case/GetCase` with the case's key in a body: a read named by its verb, its input
          // where a GET cannot carry it (issue 37). A search too complex for a query is a custom method.
          problems.push({
            message: `\`${label(op)}\` only reads (${found}) but is a POST with its input in a request body; the platform's LIST and GET use GET with the input in the path or query: write \`GET ${named.nounPath}\` (or, when the input cannot be a query, a custom method such as \`POST ${named.nounPath}:search\`).`,
            path: op.path,
            severity: 'warn',
          });
          continue;
        }
        if (named.kind === 'update' && named.collection !== undefined && named.rest.length > 0) {
          // `POST /barriers/change_status`: the change is to a member of the collection, the rest of the verb's name a field of it.
          const collection = named.collection;
          const member =
            pathKeys.find(
              (pathKey) =>
                isSingleResourcePath(pathKey) && pathSegments(pathKey).slice(0, -1).join('/') === normalise(collection),
            ) ?? `${collection}/{id}`;
          const field = named.rest
            .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
            .join('');
          problems.push({
            message: `\`${label(op)}\` is a POST, but ${found} names an UPDATE; the platform's UPDATE is PATCH or PUT on the resource: write \`PATCH ${member}\` with the new \`${field}\` in the body.`,
            path: op.path,
          });
          continue;
        }
        if (named.kind === 'update' || named.kind === 'delete') {
          problems.push({
            message: `\`${label(op)}\` is a POST, but ${found} names ${named.kind === 'update' ? 'an UPDATE' : 'a DELETE'}; the platform's ${named.kind.toUpperCase()} is ${METHOD_OF[named.kind]} on the resource: write \`${METHOD_OF[named.kind].split(' ')[0]} ${named.nounPath}\`.`,
            path: op.path,
          });
          continue;
        }
      }
      // `POST /admin/accounting-create`: CREATE named by a verb after its object, last in the path.
      const trailing = method === 'post' && !named ? trailingCreate(op.pathKey) : undefined;
      if (trailing) {
        problems.push({
          message: createMessage(op, trailing.segment, trailing.nounPath),
          path: op.path,
          severity: 'warn',
        });
        continue;
      }
      // `PATCH …/{id}/UpdatePage`, `DELETE …/attachments/delete`: the method named again in the path,
      // by a verb segment that names no resource (issue 37).
      // A DELETE's verb alone before the collection it removes from (`DELETE /remove/items/{id}`)
      // names the method as much as a last segment does (tenth round).
      if (
        named &&
        (!named.staticAfter || (named.kind === 'delete' && method === 'delete' && named.rest.length === 0)) &&
        ((named.kind === 'update' && (method === 'patch' || method === 'put')) ||
          (named.kind === 'delete' && method === 'delete'))
      ) {
        const field = named.rest
          .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
          .join('');
        const target =
          named.kind === 'update' && named.rest.length > 0 ? named.nounPath.replace(/\/[^/]*$/, '') : named.nounPath;
        problems.push({
          message: `\`${label(op)}\` names its method in the path (\`${named.segment}\`); the platform names a resource with a noun and says what is done by the HTTP method: write \`${method.toUpperCase()} ${target || '/'}\`${named.kind === 'update' && field ? ` with the new \`${field}\` in the body` : ''}.`,
          path: op.path,
          severity: 'warn',
        });
        continue;
      }
      // A GET that asks a yes/no question in its path (`GET /hasteachingrights/{id}`): a question names no resource.
      const question = method === 'get' || method === 'head' ? questionSegment(op.pathKey) : undefined;
      if (question && !icelandicWordHere(document, op.operation, question.asks)) {
        problems.push({
          message: `\`${label(op)}\` asks a question in its path (\`${question.segment}\`: \`${question.asks}\` …); the platform names a resource with a noun and reads it with GET: read what the question is about (such as \`${question.about.join('-')}\`) and answer with its content or status.`,
          path: op.path,
          severity: 'warn',
        });
        continue;
      }
      // A POST that sends nothing and answers a list (a page or an array) is a LIST (issue 37): a GET.
      if (
        method === 'post' &&
        !named &&
        op.operation.requestBody === undefined &&
        customMethodVerb(op.pathKey, vocabulary) === undefined &&
        !hasResponse(op, '201') &&
        // A LIST acts on a collection: a plural, or a path whose members are addressed one by one.
        (looksPlural(op.pathKey) || collections.has(normalise(op.pathKey)))
      ) {
        const bodies = successBodies(document, vocabulary, op);
        if (bodies.page !== undefined || bodies.bareArray) {
          problems.push({
            message: `\`${label(op)}\` sends no request body and answers a list, which is a LIST; the platform's LIST is a GET: write \`get:\` instead of \`post:\` (with any filters as query parameters).`,
            path: op.path,
          });
          continue;
        }
      }
      // A POST to a noun path with a filter in its body whose operation id says it reads
      // (`getFlightLegs`, `listCases`) and that answers a list: a LIST done with POST (issue 37).
      // An id that says it gets or lists (`getTotalbestand`, `getEndringslogg`) and a 200 body is a
      // read whatever the body's shape (seventh outside measurement, 3): the id is the document's word.
      const readAction =
        typeof op.operation.operationId === 'string'
          ? (nameWords(operationAction(op.operation.operationId, op.operation.tags))[0] ?? '')
          : '';
      if (
        method === 'post' &&
        !named &&
        op.operation.requestBody !== undefined &&
        ['get', 'list'].includes(readAction) &&
        !hasResponse(op, '201') &&
        customMethodVerb(op.pathKey, vocabulary) === undefined
      ) {
        const listed = looksPlural(op.pathKey) || answersList(document, vocabulary, op);
        if (listed || answersOkBody(document, op)) {
          problems.push({
            message: `\`${label(op)}\` only reads (\`operationId: ${String(op.operation.operationId)}\`${listed ? ', a list' : ''}) but is a POST with its ${listed ? 'filter' : 'input'} in a request body; the platform's ${listed ? 'LIST is a GET with the filter' : 'LIST and GET use GET with the input'} in the query: write \`get:\` (or, when the ${listed ? 'filter' : 'input'} cannot be a query, a custom method such as \`POST ${op.pathKey}:search\`).`,
            path: op.path,
            severity: 'warn',
          });
          continue;
        }
      }
      // A POST to a noun path whose operation id says it updates (`updateCase`): UPDATE is PATCH or PUT.
      // Not when the rest of the operation says it creates (a 201, a summary that begins with a
      // create verb) or the id is another operation's too: a copied id is weak evidence against
      // them (`updateSettings` on "Create user …" answering 201; issue 37, o37r11 W2).
      if (
        method === 'post' &&
        !named &&
        typeof op.operation.operationId === 'string' &&
        !hasResponse(op, '201') &&
        !CREATE_VERBS.includes(
          /^\s*(\p{L}+)/u
            .exec(typeof op.operation.summary === 'string' ? op.operation.summary : '')?.[1]
            ?.toLowerCase() ?? '',
        ) &&
        (idCounts.get(op.operation.operationId) ?? 0) < 2 &&
        UPDATE_VERBS.includes(nameWords(operationAction(op.operation.operationId, op.operation.tags))[0] ?? '') &&
        customMethodVerb(op.pathKey, vocabulary) === undefined
      ) {
        problems.push({
          message: `\`${label(op)}\` updates (\`operationId: ${op.operation.operationId}\`) but is a POST; the platform's UPDATE is PATCH or PUT on the resource: write \`patch:\` on the resource's path.`,
          path: [...op.path, 'operationId'],
        });
        continue;
      }
      if (method !== 'get' && method !== 'put' && method !== 'patch' && method !== 'delete') continue;
      const verb =
        customMethodVerb(op.pathKey, vocabulary, method, op.operation.requestBody === undefined, op.operation) ??
        (method === 'get' ? getActionVerb(op, vocabulary) : undefined);
      if (verb !== undefined && !icelandicWordHere(document, op.operation, verb)) {
        problems.push({
          message: `\`${label(op)}\` is a custom method (\`${verb}\` is an action); the platform maps custom methods to POST: write \`post:\` instead of \`${method}:\`.`,
          path: op.path,
        });
        continue;
      }
      // What the operation id says it does, first word of its action (`updateUserRole`, `addAttachment`).
      const action =
        typeof op.operation.operationId === 'string'
          ? (nameWords(operationAction(op.operation.operationId, op.operation.tags))[0] ?? '')
          : '';
      const changeOf = CREATE_VERBS.includes(action)
        ? 'CREATE'
        : UPDATE_VERBS.includes(action)
          ? 'UPDATE'
          : DELETE_VERBS.includes(action)
            ? 'DELETE'
            : undefined;
      // A GET whose operation id names a change (`GET /users/{id}/admin`, `updateUserRole`): a change
      // done by GET, which only reads (issue 37, fourth outside measurement). A warning: only the id says so.
      if (method === 'get' && changeOf !== undefined && !named) {
        problems.push({
          message: `\`${label(op)}\` is a GET, which only reads, but its \`operationId: ${String(op.operation.operationId)}\` names a change (${changeOf}); the platform's ${changeOf} is ${changeOf === 'CREATE' ? 'POST on the collection' : changeOf === 'UPDATE' ? 'PATCH or PUT on the resource' : 'DELETE on the resource'}: write \`${changeOf === 'CREATE' ? 'post' : changeOf === 'UPDATE' ? 'patch' : 'delete'}:\`, or name the operation for what it reads.`,
          path: [...op.path, 'operationId'],
          severity: 'warn',
        });
        continue;
      }
      // A GET whose operation id names a custom method's action (`confirmSignature`, `approveCase`):
      // an action done by GET, which only reads (seventh outside measurement, 3). A warning: only the
      // id says so. Not an action that reads or computes (READING_ACTIONS), which a GET may name.
      if (
        method === 'get' &&
        !named &&
        vocabulary.customMethodVerbs.includes(action) &&
        !READING_ACTIONS.includes(action)
      ) {
        problems.push({
          message: `\`${label(op)}\` is a GET, which only reads, but its \`operationId: ${String(op.operation.operationId)}\` names an action (\`${action}\`); the platform's custom method is a POST to a sub-resource named with the verb: write \`POST ${op.pathKey.replace(/\/$/, '')}/${action}\`, or name the operation for what it reads.`,
          path: [...op.path, 'operationId'],
          severity: 'warn',
        });
        continue;
      }
      if (method === 'get' || isSingleResourcePath(op.pathKey)) continue;
      // A PUT on a collection whose operation id creates (`PUT /applications/{id}/attachments`,
      // `addAttachment`): a CREATE, which is a POST on the collection (issue 37, fourth outside measurement).
      if (method === 'put' && changeOf === 'CREATE' && !isRoot(op.pathKey)) {
        problems.push({
          message: `\`${label(op)}\` creates (\`operationId: ${String(op.operation.operationId)}\`) on the collection \`${op.pathKey}\` but is a PUT; the platform's CREATE is a POST on the collection: write \`post:\` instead of \`put:\`.`,
          path: op.path,
        });
        continue;
      }
      if (isRoot(op.pathKey) && served !== undefined) {
        // The servers name the resource at `/` (`/vehicle/coowner`): a collection where POST creates
        // there, else possibly a single resource, which PUT, PATCH and DELETE may act on.
        if (takesCreate(document, vocabulary, op.pathKey))
          problems.push({
            message: `\`${label(op)}\` acts on \`${served}\`, the resource the servers' URL names, a collection where POST creates; ${method.toUpperCase()} acts on a single resource: act on one member at \`/{id}\`.`,
            path: op.path,
          });
        continue;
      }
      if (isRoot(op.pathKey)) {
        problems.push({
          message: `\`${label(op)}\` acts on the API's root, which is no resource; ${method.toUpperCase()} acts on a single resource (\`${method.toUpperCase()} /v1/<collection>/{id}\`).`,
          path: op.path,
        });
        continue;
      }
      // A collection: its members are addressed one by one elsewhere, or the same path takes a
      // CREATE (both when its last segment is a plural), or its GET is a LIST (answers a page or an array).
      const plural =
        (collections.has(normalise(op.pathKey)) || takesCreate(document, vocabulary, op.pathKey)) &&
        looksPlural(op.pathKey);
      if (!plural && !listedByGet(op.pathKey)) continue;
      const member =
        pathKeys.find(
          (pathKey) =>
            isSingleResourcePath(pathKey) && pathSegments(pathKey).slice(0, -1).join('/') === normalise(op.pathKey),
        ) ?? `${op.pathKey.replace(/\/$/, '')}/{id}`;
      const fix =
        method === 'delete'
          ? `delete one member at \`${member}\`, or use a POST custom method on the collection for a batch (\`POST ${op.pathKey}/batch-delete\` with the identifiers in the body)`
          : `update one member at \`${member}\`, or use a POST custom method on the collection for a batch (\`POST ${op.pathKey}/batch-update\`)`;
      problems.push({
        message: `\`${label(op)}\` acts on the collection \`${op.pathKey}\`; ${method.toUpperCase()} acts on a single resource: ${fix}.`,
        path: op.path,
      });
    }
    return problems;
  },
});
