import { defineRule, show, type Problem } from '../lib/rule.js';
import { isArray, isObject } from '../lib/openapi/types.js';
import { EMAIL_ADDRESS, isAbsoluteHttpUrl, suggestHttpUrl } from '../lib/conventions.js';
import { findInfoExtension, misspellingNote } from '../lib/info-extensions.js';

/** The keys the catalogue reads in `x-links`; only `responsibleParty` is required. */
const LINK_KEYS = ['responsibleParty', 'documentation', 'bugReport', 'featureRequest'] as const;
const WHAT: Record<(typeof LINK_KEYS)[number], string> = {
  responsibleParty: 'the web page of the organisation responsible for the API',
  documentation: "the API's documentation",
  bugReport: 'where to report a bug',
  featureRequest: 'where to ask for a feature',
};

function keyShape(key: string): string {
  return key.toLowerCase().replace(/[-_\s]/g, '');
}

function urlAdvice(key: string, value: string): string {
  const suggestion = suggestHttpUrl(value);
  if (suggestion) return `write it in full, with the scheme: \`${key}: ${suggestion}\``;
  const email = value.trim().replace(/^mailto:/i, '');
  if (EMAIL_ADDRESS.test(email))
    return `that is an e-mail address; link a web page instead (e-mail belongs in \`info.contact.email\`)`;
  if (value.trim().startsWith('/'))
    return 'that is a relative address; write the full address with `https://` and the host';
  return 'write a fully qualified web address with `https://` and a host';
}

export default defineRule({
  id: 'platform-info-x-links',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (x-links)' },
  description:
    '`info.x-links` is an object with `responsibleParty` and optional `documentation`, `bugReport`, `featureRequest`, each a fully qualified http(s) URL.',
  check(document) {
    const info = document.info;
    // A missing `info` object is platform-info-title's one finding.
    if (!isObject(info)) return [];
    const found = findInfoExtension(info, 'x-links');
    if (!found) {
      return [
        {
          message:
            "`info.x-links` is missing; link at least the responsible party's web page: `x-links: { responsibleParty: https://<the responsible organisation's site>/ }` (optional: `documentation`, `bugReport`, `featureRequest`).",
          path: ['info'],
        },
      ];
    }
    const { key, value, path } = found;
    if (!isObject(value)) {
      const url = typeof value === 'string' ? (isAbsoluteHttpUrl(value) ? value : suggestHttpUrl(value)) : undefined;
      const what = isArray(value) ? 'an array' : typeof value === 'string' ? `the string ${show(value)}` : show(value);
      const lead = found.misspelt
        ? `${misspellingNote(key, 'x-links')} and its value is ${what}`
        : `\`${key}\` is ${what}`;
      return [
        {
          message: `${lead}; write an object of links: \`x-links: { responsibleParty: ${url ?? "https://<the responsible organisation's site>/"} }\`.`,
          path,
        },
      ];
    }
    const problems: Problem[] = [];
    if (found.misspelt) {
      problems.push({
        message: `${misspellingNote(key, 'x-links')}; write \`x-links:\` (with the same links below it).`,
        path,
      });
    }
    for (const inner of Object.keys(value)) {
      if (LINK_KEYS.some((known) => known === inner)) continue;
      const meant = LINK_KEYS.find((known) => keyShape(known) === keyShape(inner));
      if (meant && !Object.prototype.hasOwnProperty.call(value, meant)) {
        // A misspelt known key: the catalogue does not read the link at all.
        problems.push({
          message: `\`${key}.${inner}\` is not read by the catalogue; spell it \`${meant}\`.`,
          path: [...path, inner],
        });
      } else {
        problems.push({
          message: `\`${key}\` has a key ${show(inner)} the catalogue does not read (it reads ${LINK_KEYS.join(', ')}); ${meant ? `\`${meant}\` is already given, so remove it` : 'move the link to `externalDocs` or the description, or remove it'}.`,
          path: [...path, inner],
          severity: 'warn',
        });
      }
    }
    if (!Object.keys(value).some((inner) => keyShape(inner) === keyShape('responsibleParty'))) {
      problems.push({
        message: `\`${key}.responsibleParty\` is missing; link ${WHAT.responsibleParty}, e.g. \`responsibleParty: https://<the responsible organisation's site>/\`.`,
        path,
      });
    }
    for (const linkKey of Object.keys(value)) {
      const meant = LINK_KEYS.find((known) => keyShape(known) === keyShape(linkKey));
      // Unknown keys and second spellings of a given key were reported above.
      if (!meant || (linkKey !== meant && Object.prototype.hasOwnProperty.call(value, meant))) continue;
      const link = value[linkKey];
      const at = [...path, linkKey];
      if (typeof link !== 'string') {
        problems.push({
          message: `\`${key}.${linkKey}\` is ${show(link)}; write ${WHAT[meant]} as a fully qualified URL, e.g. \`${meant}: https://<the page>/\`.`,
          path: at,
        });
      } else if (link.trim() === '') {
        problems.push({
          message: `\`${key}.${linkKey}\` is empty; write ${WHAT[meant]} as a fully qualified URL${meant === 'responsibleParty' ? '' : ', or remove the key'}.`,
          path: at,
        });
      } else if (!isAbsoluteHttpUrl(link)) {
        problems.push({
          message: `\`${key}.${linkKey}\` is ${show(link)}, not a fully qualified http(s) URL; ${urlAdvice(meant, link)}.`,
          path: at,
        });
      }
    }
    return problems;
  },
});
