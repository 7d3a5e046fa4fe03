import { defineFixer } from '../fixer.js';

const CHARSET_PARAMETER = /(;\s*charset\s*=\s*)("[^"]*"|[^;\s]*)/i;

/** A media type's charset written `utf-8` (`text/plain; charset=ISO-8859-1` → `text/plain; charset=utf-8`), as a `content` key or an encoding's `contentType`. */
export default defineFixer({
  ruleId: 'platform-charset-utf8',
  // The diff compares media types with their parameters: callers read another charset.
  usualEffect: 'review',
  fix({ path, value, source, at }) {
    const last = path.at(-1);
    if (path.at(-1) === 'contentType' && typeof value === 'string') {
      const fixed = value.replace(new RegExp(CHARSET_PARAMETER.source, 'gi'), '$1utf-8');
      const edit = fixed !== value ? source.replaceValue(path, fixed) : undefined;
      return edit && { title: `Write \`${fixed}\``, edits: [edit] };
    }
    if (path.at(-2) !== 'content' || typeof last !== 'string') return undefined;
    const fixed = last.replace(CHARSET_PARAMETER, '$1utf-8');
    const content = at(path.slice(0, -1));
    if (
      fixed === last ||
      (content !== null && typeof content === 'object' && Object.prototype.hasOwnProperty.call(content, fixed))
    )
      return undefined;
    const edit = source.renameKey(path, fixed);
    return edit && { title: `Write the media type as \`${fixed}\``, edits: [edit] };
  },
});
