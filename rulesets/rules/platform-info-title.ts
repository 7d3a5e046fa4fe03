import { defineRule } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';

export default defineRule({
  id: 'platform-info-title',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (info.title)' },
  description: '`info.title` is present and not empty.',
  check(document) {
    const info = document.info;
    if (!isObject(info))
      return [
        {
          message:
            'The description has no `info` object; add one with `title`, `description`, `version`, `contact`, `x-category`, `x-pricing` and `x-links`.',
          path: [],
        },
      ];
    if (info.title === undefined)
      return [
        { message: '`info.title` is missing; give the API a name, e.g. `title: User Profile API`.', path: ['info'] },
      ];
    if (typeof info.title !== 'string' || info.title.trim() === '')
      return [
        {
          message: `\`info.title\` is ${JSON.stringify(info.title)}; write the API's name as a non-empty string.`,
          path: ['info', 'title'],
        },
      ];
    return [];
  },
});
