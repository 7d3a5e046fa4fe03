import { defineRule, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { KEBAB_SEGMENT, namingPath, PATH_EXTENSION as EXTENSION, spellPathSegment } from '../lib/conventions.js';
import { domainWords } from '../lib/words.js';
import { gluedSegmentWords } from '../lib/document-words.js';

/** A version segment (`v1`, `V2`, `v1.2`) is platform-path-version's business. */
const VERSION = /^v\d+([._]\d+)*$/i;

/** Quotes a path or name in full (paths are not shortened as `show` shortens long values). */
const code = (text: unknown) => `\`${String(text)}\``;

function isKebab(segment: string): boolean {
  const extension = EXTENSION.exec(segment)?.[0];
  const base = extension && segment.length > extension.length ? segment.slice(0, -extension.length) : segment;
  return KEBAB_SEGMENT.test(base) && (!extension || extension === extension.toLowerCase());
}

export default defineRule({
  id: 'platform-path-kebab-case',
  severity: 'warn',
  category: 'naming',
  source: { document: 'design guide', section: 'naming-conventions.md' },
  description:
    'Path segments are lower-case words joined by hyphens (no underscores, no capitals), with no trailing slash (`/v1/user-profiles/{userId}`); template variables are left to the rules about what they hold.',
  check(document) {
    const problems: Problem[] = [];
    const paths = document.paths;
    if (!isObject(paths)) return problems;
    // Domain names the platform and this document name (`island.is`, its servers' hosts): glued, a word.
    const info = isObject(document.info) ? document.info : {};
    const contact = isObject(info.contact) ? info.contact : {};
    const links = isObject(info['x-links']) ? Object.values(info['x-links']) : [];
    const servers = Array.isArray(document.servers)
      ? document.servers.map((s) => (isObject(s) ? s.url : undefined))
      : [];
    const domains = domainWords([...servers, contact.url, contact.email, ...links]);
    for (const pathKey of Object.keys(paths)) {
      const named = namingPath(pathKey);
      if (named === undefined || named === '/') continue;
      const issues: string[] = [];
      const segments = named.split('/').slice(1);
      const fixed: string[] = [];
      segments.forEach((segment, i) => {
        if (segment === '') {
          issues.push(i === segments.length - 1 ? 'a trailing slash' : 'an empty segment (`//`)');
          return;
        }
        if (segment.includes('{')) {
          // Template variables are not path naming: a variable that holds a national identifier is
          // platform-national-id-name's (the seed writes `{national-id}`), and the guide names no case for the rest.
          let rewritten = segment;
          const text = rewritten.replace(/\{[^{}]*\}/g, '');
          if (/[A-Z_]/.test(text)) {
            const before = rewritten;
            // Each run outside a template, read once (`/([^{}]+)(?=\{|$)/` retried every start inside a long one).
            rewritten = rewritten.replace(/[^{}]+/g, (part, offset: number) => {
              const next = segment[offset + part.length];
              return next === undefined || next === '{' ? part.toLowerCase().replace(/_/g, '-') : part;
            });
            issues.push(`${code(before)} → ${code(rewritten)}`);
          }
          fixed.push(rewritten);
          return;
        }
        if (i === 0 && VERSION.test(segment)) {
          fixed.push(segment);
          return;
        }
        if (isKebab(segment)) {
          // A segment of one lower-case word that is words glued together (`readall`, `legalentities`):
          // split by the dictionary when it splits with confidence. Words the author parted with
          // hyphens or capitals are the author's (`firearm-licenses` keeps `firearm`).
          const glued = segment.includes('-') ? undefined : gluedSegmentWords(document, segment, domains);
          const spelt = glued ? glued.join('-') : segment;
          if (glued) issues.push(`${code(segment)} → ${code(spelt)} (glued words)`);
          fixed.push(spelt);
          return;
        }
        const fix = spellPathSegment(segment);
        // A segment with no letters to fix (`*`, `$batch`'s `$`) is left as it is, not "fixed" to itself.
        if (fix !== segment) issues.push(`${code(segment)} → ${code(fix)}`);
        fixed.push(fix);
      });
      if (issues.length === 0) continue;
      problems.push({
        message: `Path ${code(pathKey)} breaks the platform's path naming (lower-case words joined by hyphens, no trailing slash): ${issues.join(', ')}; write ${code(`/${fixed.join('/')}`)}.`,
        path: ['paths', pathKey],
      });
    }
    return problems;
  },
});
