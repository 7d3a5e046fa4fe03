// Writes the configuration's JSON Schema from the rules vottur has: assets/config.schema.json (what
// vottur validates against at run time) and docs/config.schema.json (the copy editors and the
// documentation point to). Run after adding a rule: npm run build && npm run config:schema.
// test/config/config.test.ts fails while either file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { configSchema } from '../dist/src/config/schema.js';
import { allRuleIds } from '../dist/src/run/rule-catalogue.js';

const text = `${JSON.stringify(configSchema(await allRuleIds()), null, 2)}\n`;
for (const file of ['assets/config.schema.json', 'docs/config.schema.json'])
  writeFileSync(new URL(`../${file}`, import.meta.url), text);
