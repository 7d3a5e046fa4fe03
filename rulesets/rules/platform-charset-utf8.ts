import { defineRule, show, type JsonPath, type Problem } from '../lib/rule.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { resolve } from '../lib/openapi/resolve.js';
import { isObject, type Header, type Parameter } from '../lib/openapi/types.js';
import { mediaTypes, parameters, responses } from '../lib/openapi/views.js';

const CHARSET_PARAMETER = /(;\s*charset\s*=\s*)("[^"]*"|[^;\s]*)/i;

/** The `charset` parameter of a media type (`text/plain; charset="ISO-8859-1"` → `ISO-8859-1`). */
function charsetOf(mediaType: string): string | undefined {
  const match = CHARSET_PARAMETER.exec(mediaType);
  return match?.[2] !== undefined ? match[2].replace(/^"(.*)"$/, '$1').trim() : undefined;
}

function check(mediaType: string, path: JsonPath, problems: Problem[], encodingOf?: string) {
  const charset = charsetOf(mediaType);
  if (charset === undefined || charset.toLowerCase() === 'utf-8') return;
  const fixed = mediaType.replace(CHARSET_PARAMETER, '$1utf-8');
  const why =
    charset.toLowerCase() === 'utf8'
      ? '`utf8` is not the registered charset name'
      : 'all text on the platform is UTF-8';
  const subject =
    encodingOf === undefined
      ? `The media type ${show(mediaType)}`
      : `The content type ${show(mediaType)} of the encoding of \`${encodingOf}\``;
  problems.push({
    message: `${subject} names the charset ${show(charset)}; ${why}: write \`charset=utf-8\` (${show(fixed)}).`,
    path,
  });
}

export default defineRule({
  id: 'platform-charset-utf8',
  severity: 'error',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Text encoding' },
  description: 'A media type that names a `charset` names `utf-8`.',
  check(document) {
    const problems: Problem[] = [];
    for (const info of mediaTypes(document)) {
      check(info.mediaType, info.path, problems);
      const encoding = info.media.encoding;
      if (!isObject(encoding)) continue;
      for (const property of Object.keys(encoding)) {
        const part = encoding[property];
        const contentType = isObject(part) ? part.contentType : undefined;
        if (typeof contentType !== 'string') continue;
        for (const part of contentType.split(/,(?=\s*[\w*]+\/)/))
          check(part.trim(), [...info.path, 'encoding', property, 'contentType'], problems, property);
      }
    }
    const containers: Array<{ value: Parameter | Header; path: JsonPath }> = parameters(document).map((info) => ({
      value: info.parameter,
      path: info.path,
    }));
    const seenHeaders = new Set<string>();
    const addHeader = (header: unknown, path: JsonPath) => {
      const resolved = resolve(document, header, path);
      const key = encodePointer(resolved.path);
      if (!isObject(resolved.value) || seenHeaders.has(key)) return;
      seenHeaders.add(key);
      containers.push({ value: resolved.value, path: resolved.path });
    };
    const components = isObject(document.components) ? document.components : undefined;
    const componentHeaders = components?.headers;
    if (isObject(componentHeaders))
      for (const name of Object.keys(componentHeaders))
        addHeader(componentHeaders[name], ['components', 'headers', name]);
    const responseHeaders = (response: unknown, path: JsonPath) => {
      if (isObject(response) && isObject(response.headers))
        for (const name of Object.keys(response.headers)) addHeader(response.headers[name], [...path, 'headers', name]);
    };
    for (const info of responses(document)) responseHeaders(info.response, info.path);
    const componentResponses = components?.responses;
    if (isObject(componentResponses))
      for (const name of Object.keys(componentResponses))
        responseHeaders(componentResponses[name], ['components', 'responses', name]);
    for (const { value, path } of containers) {
      if (!isObject(value.content)) continue;
      for (const mediaType of Object.keys(value.content)) check(mediaType, [...path, 'content', mediaType], problems);
    }
    return problems;
  },
});
