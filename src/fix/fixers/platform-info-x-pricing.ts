import { X_PRICING_VALUES } from '../../../rulesets/lib/conventions.js';
import { X_PRICING_ALIASES } from '../../../rulesets/lib/vocabulary.js';
import { defineFixer } from '../fixer.js';
import { fixValueList } from './value-list.js';

/** `x-pricing: Free` → `x-pricing: [free]`; `x_pricing: [gratis]` → `x-pricing: [free]`. */
export default defineFixer({
  ruleId: 'platform-info-x-pricing',
  usualEffect: 'documentation',
  fix: (context) => fixValueList({ name: 'x-pricing', values: X_PRICING_VALUES, aliases: X_PRICING_ALIASES }, context),
});
