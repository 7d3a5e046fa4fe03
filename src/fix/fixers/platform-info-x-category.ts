import { X_CATEGORY_VALUES } from '../../../rulesets/lib/conventions.js';
import { X_CATEGORY_ALIASES } from '../../../rulesets/lib/vocabulary.js';
import { defineFixer } from '../fixer.js';
import { fixValueList } from './value-list.js';

/** `x_category: Official` → `x-category: [official]`; `x-category: [Public]` → `[open]`. */
export default defineFixer({
  ruleId: 'platform-info-x-category',
  usualEffect: 'documentation',
  fix: (context) =>
    fixValueList({ name: 'x-category', values: X_CATEGORY_VALUES, aliases: X_CATEGORY_ALIASES }, context),
});
