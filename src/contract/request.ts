/**
 * The one request writer of the contract tests: an operation and values for its parameters and
 * body, written as OpenAPI says — each parameter by its `style`, `explode` and `allowReserved` (or
 * as its `content` media type), cookies in one `Cookie` header, header values as HTTP can carry
 * them, the body in its media type (JSON, form, multipart, XML, text), and `Accept` listing the
 * documented answers. The planned requests (plan.ts: the probes, Dredd's replay) and every
 * generated phase (phases/inputs.ts) write their requests here, so one operation is never called
 * two ways in one run.
 */
import { isObject } from '../../rulesets/lib/openapi/types.js';
import type { OperationModel, ParameterModel } from './description.js';
import { placeholderForHeader } from './conventions.js';
import { COOKIE_ALPHABET, HEADER_ALPHABET } from './generate/alphabet.js';

export interface RequestBody {
  mediaType: string;
  value: unknown;
}

/** A request as written, before the server's base URL and the credentials are added. */
export interface WrittenRequest {
  method: string;
  /** Encoded path (the description's template filled in). */
  pathname: string;
  /** Encoded query string without `?` (empty when there is none). */
  query: string;
  /** Headers from parameters, `Cookie`, `Accept` and `Content-Type`. */
  headers: Record<string, string>;
  body?: string;
}

/** Writes the request for these parameter values (a parameter without one is left out) and body. */
export function writeRequest(
  op: OperationModel,
  parameters: Iterable<readonly [ParameterModel, unknown]>,
  body?: RequestBody,
): WrittenRequest {
  let pathname = op.pathKey;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [parameter, value] of parameters) {
    const p = parameter.parameter;
    const style = typeof p.style === 'string' ? p.style : defaultStyle(parameter.in);
    const explode = typeof p.explode === 'boolean' ? p.explode : style === 'form';
    const content = isObject(p.content);
    switch (parameter.in) {
      case 'path':
        pathname = pathname
          .split(`{${parameter.name}}`)
          .join(content ? encodeURIComponent(stringify(value)) : pathValue(parameter.name, value, style, explode));
        break;
      case 'query':
        query.push(
          ...(content
            ? [`${encodeURIComponent(parameter.name)}=${encodeURIComponent(stringify(value))}`]
            : queryPairs(parameter.name, value, style, explode, p.allowReserved === true)),
        );
        break;
      case 'header':
        headers[parameter.name] = headerValue(content ? stringify(value) : simple(value, explode, (s) => s));
        break;
      case 'cookie':
        cookies.push(`${parameter.name}=${cookieValue(content ? stringify(value) : simple(value, false, (s) => s))}`);
        break;
    }
  }
  if (cookies.length) headers.Cookie = cookies.join('; ');
  const accept = acceptHeader(op);
  if (accept) headers.Accept = accept;
  let text: string | undefined;
  if (body) {
    const written = writeBody(body.mediaType, body.value);
    headers['Content-Type'] = written.contentType;
    text = written.text;
  }
  return {
    method: op.method,
    pathname,
    query: query.join('&'),
    headers,
    ...(text !== undefined ? { body: text } : {}),
  };
}

const MEDIA_PREFERENCE = [/^application\/json$/i, /^application\/[\w.+-]*\+json$/i, /json/i];

/** The media type a request body is sent in: JSON when documented, else the first one. */
export function pickMediaType(mediaTypes: readonly string[]): string | undefined {
  for (const preference of MEDIA_PREFERENCE) {
    const found = mediaTypes.find((m) => preference.test(m));
    if (found) return found;
  }
  return mediaTypes[0];
}

function defaultStyle(location: ParameterModel['in']): string {
  return location === 'query' || location === 'cookie' ? 'form' : 'simple';
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** `simple` style: `a,b` for an array, `k,v,k2,v2` (exploded `k=v,k2=v2`) for an object; each piece through `encode`. */
function simple(value: unknown, explode: boolean, encode: (text: string) => string): string {
  if (Array.isArray(value)) return value.map((item) => encode(scalar(item))).join(',');
  if (isObject(value))
    return Object.entries(value)
      .map(([k, v]) => (explode ? `${encode(k)}=${encode(scalar(v))}` : `${encode(k)},${encode(scalar(v))}`))
      .join(',');
  return encode(scalar(value));
}

/** A path parameter in the `simple`, `label` or `matrix` style (OpenAPI's style table). */
function pathValue(name: string, value: unknown, style: string, explode: boolean): string {
  const e = encodeURIComponent;
  if (style === 'label') {
    if (!explode || !(Array.isArray(value) || isObject(value))) return `.${simple(value, false, e)}`;
    if (Array.isArray(value)) return value.map((item) => `.${e(scalar(item))}`).join('');
    return Object.entries(value)
      .map(([k, v]) => `.${e(k)}=${e(scalar(v))}`)
      .join('');
  }
  if (style === 'matrix') {
    if (Array.isArray(value) && explode) return value.map((item) => `;${e(name)}=${e(scalar(item))}`).join('');
    if (isObject(value) && explode)
      return Object.entries(value)
        .map(([k, v]) => `;${e(k)}=${e(scalar(v))}`)
        .join('');
    return `;${e(name)}=${simple(value, false, e)}`;
  }
  return simple(value, explode, e);
}

/**
 * Percent-encoding of a query value; with `allowReserved` the reserved characters of RFC 3986 are
 * kept as they are, except the four that would change how the query string is read (`&`, `=`,
 * `#` end a value, `+` is read as a space).
 */
function queryEncoder(allowReserved: boolean): (text: string) => string {
  if (!allowReserved) return encodeURIComponent;
  return (text) =>
    encodeURIComponent(text).replace(/%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2C|3B)/gi, (escaped) =>
      decodeURIComponent(escaped),
    );
}

/** A query parameter in the `form`, `spaceDelimited`, `pipeDelimited` or `deepObject` style. */
function queryPairs(name: string, value: unknown, style: string, explode: boolean, allowReserved: boolean): string[] {
  const e = queryEncoder(allowReserved);
  const pair = (k: string, v: string) => `${encodeURIComponent(k)}=${v}`;
  if (Array.isArray(value)) {
    if (style === 'form' && explode) return value.map((item) => pair(name, e(scalar(item))));
    const separator = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '%7C' : ',';
    return [pair(name, value.map((item) => e(scalar(item))).join(separator))];
  }
  if (isObject(value)) {
    if (style === 'deepObject') return Object.entries(value).map(([k, v]) => pair(`${name}[${k}]`, e(scalar(v))));
    if (explode) return Object.entries(value).map(([k, v]) => pair(k, e(scalar(v))));
    return [pair(name, simple(value, false, e))];
  }
  return [pair(name, e(scalar(value)))];
}

/**
 * A header value HTTP can carry (RFC 9110: visible ASCII, spaces and tabs inside): anything else —
 * non-ASCII letters, control characters — percent-encoded, as the platform's `X-Param-*` headers
 * carry identifiers.
 */
export function headerValue(value: unknown): string {
  const text = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
  return (
    text
      // By code point: an astral letter is one character; a lone surrogate (no UTF-8 form) is U+FFFD's.
      .replace(/[^\x21-\x7e]/gu, (c) =>
        c.length === 1 && /[\ud800-\udfff]/.test(c) ? '%EF%BF%BD' : encodeURIComponent(c),
      )
      .replace(/%20/g, ' ')
      .trim()
  );
}

/**
 * A cookie value as written: as it is when every character is one a cookie carries unchanged
 * (alphabet.ts `COOKIE_ALPHABET`: RFC 6265's cookie-octet less `%`, so a server that reads it raw
 * and one that percent-decodes it read the same), else percent-encoded — and then `lostInTransit`
 * says so, because a server reading cookies raw (RFC 6265) reads another value.
 */
export function cookieValue(text: string): string {
  return [...text].every((c) => COOKIE_ALPHABET.includes(c)) ? text : encodeURIComponent(text);
}

/**
 * The alphabet a parameter's value travels in unchanged, for generation to draw its pattern over
 * (alphabet.ts): a header's (but a platform `X-Param-*` header's, whose server percent-decodes
 * it, and a `content` one's), a cookie's; none elsewhere (the URL percent-encodes losslessly).
 */
export function carriedAlphabet(parameter: ParameterModel): string | undefined {
  if (isObject(parameter.parameter.content)) return undefined;
  if (parameter.in === 'cookie') return COOKIE_ALPHABET;
  if (parameter.in === 'header' && placeholderForHeader(parameter.name) === undefined) return HEADER_ALPHABET;
  return undefined;
}

/**
 * Why HTTP would not deliver a parameter's value as it is (issue 34, attack B2), or undefined when
 * the server reads back what was meant: a header value the writer must percent-encode (anything
 * beyond visible ASCII) or that HTTP trims (white space at either end), a header array or object
 * whose items hold the `,` (or `=`) that separates them, and a path segment that is empty or a dot
 * segment (`.`, `..`: the URL drops it, and the request reaches another route). Such a value is
 * no value the server was sent, so it is never counted as one the description allows.
 */
export function lostInTransit(parameter: ParameterModel, value: unknown): string | undefined {
  const p = parameter.parameter;
  const content = isObject(p.content);
  if (parameter.in === 'header') {
    const pieces: Array<[string, boolean]> = content
      ? [[stringify(value), false]]
      : Array.isArray(value)
        ? value.map((item) => [scalar(item), true])
        : isObject(value)
          ? Object.entries(value).flatMap(([k, v]): Array<[string, boolean]> => [
              [k, true],
              [scalar(v), true],
            ])
          : [[scalar(value), false]];
    // The platform's `X-Param-*` headers carry identifiers percent-encoded: their server decodes them.
    const decoded = placeholderForHeader(parameter.name) !== undefined;
    for (const [piece, separated] of pieces) {
      if (!sameAfterTransit(headerValue(piece), piece, decoded))
        return `HTTP cannot carry the header value ${JSON.stringify(piece).slice(0, 40)} as it is (percent-encoded or trimmed)`;
      if (separated && /[,=]/.test(piece))
        return `the header item ${JSON.stringify(piece).slice(0, 40)} holds a separator (, or =): the server reads other items`;
    }
    return undefined;
  }
  if (parameter.in === 'cookie') {
    const text = content ? stringify(value) : simple(value, false, (s) => s);
    if (cookieValue(text) !== text)
      return `a cookie cannot carry the value ${JSON.stringify(text).slice(0, 40)} as it is (percent-encoded: a server that reads cookies raw reads another value)`;
    return undefined;
  }
  if (parameter.in === 'path') {
    const style = typeof p.style === 'string' ? p.style : 'simple';
    const explode = p.explode === true;
    const segment = content ? encodeURIComponent(stringify(value)) : pathValue(parameter.name, value, style, explode);
    if (segment === '' || segment === '.' || segment === '..')
      return `the path segment ${JSON.stringify(segment)} is dropped from the URL: the request reaches another route`;
  }
  return undefined;
}

/** Whether a header value as written reads back as the value: as it is, or percent-decoded. */
function sameAfterTransit(written: string, value: string, decoded: boolean): boolean {
  if (!decoded) return written === value;
  try {
    return decodeURIComponent(written) === value;
  } catch {
    return false;
  }
}

/** The boundary of a multipart body vottur writes (fixed: the same values give the same request). */
export const MULTIPART_BOUNDARY = 'vottur-7f3a9c1e';

/** A body in its media type, and the Content-Type it is sent with. */
export function writeBody(mediaType: string, value: unknown): { contentType: string; text: string } {
  if (/json/i.test(mediaType)) return { contentType: mediaType, text: JSON.stringify(value) ?? 'null' };
  if (/x-www-form-urlencoded/i.test(mediaType) && isObject(value))
    return {
      contentType: mediaType,
      text: Object.entries(value)
        .flatMap(([k, v]) => (Array.isArray(v) ? v.map((item) => [k, item] as const) : [[k, v] as const]))
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(scalar(v))}`)
        .join('&'),
    };
  if (/^multipart\//i.test(mediaType) && isObject(value)) {
    const parts = Object.entries(value).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => {
        const json = isObject(item) || Array.isArray(item);
        return [
          `--${MULTIPART_BOUNDARY}`,
          `Content-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"`,
          ...(json ? ['Content-Type: application/json'] : []),
          '',
          json ? JSON.stringify(item) : scalar(item),
        ].join('\r\n');
      }),
    );
    return {
      contentType: `${mediaType.split(';')[0]}; boundary=${MULTIPART_BOUNDARY}`,
      text: `${parts.join('\r\n')}${parts.length ? '\r\n' : ''}--${MULTIPART_BOUNDARY}--\r\n`,
    };
  }
  if (/xml/i.test(mediaType) && (isObject(value) || Array.isArray(value)))
    return { contentType: mediaType, text: `<?xml version="1.0" encoding="UTF-8"?>${xml('root', value)}` };
  return { contentType: mediaType, text: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') };
}

function xml(name: string, value: unknown): string {
  const tag = name.replace(/[^\w.-]/g, '_').replace(/^[^A-Za-z_]/, '_$&');
  if (Array.isArray(value)) return value.map((item) => xml(name, item)).join('');
  const inner = isObject(value)
    ? Object.entries(value)
        .map(([k, v]) => xml(k, v))
        .join('')
    : scalar(value).replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;'));
  return `<${tag}>${inner}</${tag}>`;
}

/** The media types the operation documents for its answers, successes first. */
function acceptHeader(op: OperationModel): string | undefined {
  const ordered = [...op.responses].sort((a, b) => rank(a.status) - rank(b.status));
  const types: string[] = [];
  for (const response of ordered)
    for (const mediaType of Object.keys(response.content)) if (!types.includes(mediaType)) types.push(mediaType);
  return types.length ? types.join(', ') : undefined;
}

function rank(status: string): number {
  return status.startsWith('2') ? 0 : status === 'default' ? 2 : 1;
}
