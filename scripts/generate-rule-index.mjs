// Regenerates rulesets/rules/index.ts: one import per rule file, in id order (scripts/generate-indexes.mjs
// writes it, with the indexes of every other kind of check). A test (test/rulesets/catalogue.test.ts)
// fails when the index is out of date.
import { generate } from './generate-indexes.mjs';
await generate({ only: ['rulesets/rules/index.ts'] });
