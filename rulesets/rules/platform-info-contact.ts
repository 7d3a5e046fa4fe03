import { defineRule, show, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { EMAIL_ADDRESS, isAbsoluteHttpUrl, suggestHttpUrl } from '../lib/conventions.js';

// Placeholders, not a real agency: every API was told to name Þjóðskrá Íslands.
const EXAMPLE = '`contact: { name: <the team that answers for the API>, email: <its address> }`';

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** What is wrong with a written e-mail address, and what to write instead. */
function emailAdvice(value: string): string {
  const text = value.trim();
  const mailto = /^mailto:(.*)$/i.exec(text)?.[1];
  if (mailto !== undefined && EMAIL_ADDRESS.test(mailto))
    return `write the address alone, without \`mailto:\`: \`email: ${mailto}\``;
  const display = /<([^<>\s]+)>\s*$/.exec(text)?.[1];
  if (display !== undefined && EMAIL_ADDRESS.test(display))
    return `write the address alone (the name belongs in \`contact.name\`): \`email: ${display}\``;
  if (text !== value && EMAIL_ADDRESS.test(text)) return `remove the surrounding spaces: \`email: ${text}\``;
  if (isAbsoluteHttpUrl(text))
    return 'that is a web address; put it in `contact.url` and give a mailbox that is read, e.g. `email: help@example.is`';
  return 'write a mailbox that is read, e.g. `email: help@example.is`';
}

function urlAdvice(value: string): string {
  const suggestion = suggestHttpUrl(value);
  if (suggestion) return `write it in full, with the scheme: \`url: ${suggestion}\``;
  if (EMAIL_ADDRESS.test(value.trim().replace(/^mailto:/i, '')))
    return 'that is an e-mail address; put it in `contact.email` and give a web page in `url`, or remove `url`';
  return "write a fully qualified web address (`https://` and a host), e.g. `url: https://<your organisation's site>/`, or remove `url`";
}

export default defineRule({
  id: 'platform-info-contact',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (info.contact)' },
  description: '`info.contact` gives a `name` and a valid `email`; its `url`, if any, is an absolute http(s) URL.',
  check(document) {
    const info = document.info;
    // A missing `info` object is platform-info-title's one finding.
    if (!isObject(info)) return [];
    const contact = info.contact;
    if (contact === undefined) {
      return [{ message: `\`info.contact\` is missing; say who answers for the API: ${EXAMPLE}.`, path: ['info'] }];
    }
    if (!isObject(contact)) {
      return [
        {
          message: `\`info.contact\` is ${show(contact)}; write an object with \`name\` and \`email\`: ${EXAMPLE}.`,
          path: ['info', 'contact'],
        },
      ];
    }
    const problems: Problem[] = [];
    const path = ['info', 'contact'];
    if (contact.name === undefined && contact.email === undefined) {
      problems.push({
        message: `\`info.contact\` has neither \`name\` nor \`email\`; say who answers for the API and how to reach them: ${EXAMPLE}.`,
        path,
      });
    } else {
      if (contact.name === undefined) {
        problems.push({
          message:
            '`info.contact.name` is missing; name the team or organisation that answers for the API, e.g. `name: Þjóðskrá Íslands`.',
          path,
        });
      } else if (!isText(contact.name)) {
        problems.push({
          message: `\`info.contact.name\` is ${contact.name === '' || typeof contact.name === 'string' ? 'empty' : show(contact.name)}; name the team or organisation that answers for the API, e.g. \`name: Þjóðskrá Íslands\`.`,
          path: [...path, 'name'],
        });
      }
      if (contact.email === undefined) {
        problems.push({
          message: '`info.contact.email` is missing; give a mailbox that is read, e.g. `email: help@example.is`.',
          path,
        });
      } else if (typeof contact.email !== 'string') {
        problems.push({
          message: `\`info.contact.email\` is ${show(contact.email)}, not an e-mail address; write a mailbox that is read, e.g. \`email: help@example.is\`.`,
          path: [...path, 'email'],
        });
      } else if (contact.email.trim() === '') {
        problems.push({
          message: '`info.contact.email` is empty; write a mailbox that is read, e.g. `email: help@example.is`.',
          path: [...path, 'email'],
        });
      } else if (!EMAIL_ADDRESS.test(contact.email)) {
        problems.push({
          message: `\`info.contact.email\` is ${show(contact.email)}, not a valid e-mail address; ${emailAdvice(contact.email)}.`,
          path: [...path, 'email'],
        });
      }
    }
    if (contact.url !== undefined) {
      if (typeof contact.url !== 'string') {
        problems.push({
          message: `\`info.contact.url\` is ${show(contact.url)}, not a web address; write a fully qualified one, e.g. \`url: https://<your organisation's site>/\`, or remove \`url\`.`,
          path: [...path, 'url'],
        });
      } else if (!isAbsoluteHttpUrl(contact.url)) {
        problems.push({
          message: `\`info.contact.url\` is ${contact.url.trim() === '' ? 'empty' : show(contact.url)}, not an absolute http(s) URL; ${urlAdvice(contact.url)}.`,
          path: [...path, 'url'],
        });
      }
    }
    return problems;
  },
});
