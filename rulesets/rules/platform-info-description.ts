import { defineRule, show } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';

export default defineRule({
  id: 'platform-info-description',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (info.description)' },
  description: '`info.description` is present and not empty.',
  check(document) {
    const info = document.info;
    // A missing `info` object is platform-info-title's one finding.
    if (!isObject(info)) return [];
    const description = info.description;
    if (description === undefined) {
      return [
        {
          message:
            '`info.description` is missing; say what the API offers and who may use it, e.g. `description: Read access to user profiles for government organisations.`',
          path: ['info'],
        },
      ];
    }
    if (typeof description !== 'string') {
      return [
        {
          message: `\`info.description\` is ${show(description)}, not text; write what the API offers and who may use it as a string.`,
          path: ['info', 'description'],
        },
      ];
    }
    if (description.trim() === '') {
      return [
        {
          message: '`info.description` is empty; write what the API offers and who may use it.',
          path: ['info', 'description'],
        },
      ];
    }
    return [];
  },
});
