import { test } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadContractDescription } from '../../src/contract/description.js';
import { SchemaValidators } from '../../src/contract/validate.js';
test('x', async () => {
  const src = readFileSync('test/contract/validate.test.ts', 'utf8');
  const yaml = src.slice(src.indexOf('const SCHEMA_30 = `') + 19, src.indexOf('`;\n\nconst cat'));
  const dir = await mkdtemp(join(tmpdir(), 'x')); const f = join(dir, 'a.yaml'); await writeFile(f, yaml);
  const d = await loadContractDescription(f);
  const v = new SchemaValidators(d).validatorFor(['paths', '/v1/pets', 'get', 'responses', '200', 'content', 'application/json', 'schema']);
  console.log(JSON.stringify((new SchemaValidators(d) as any).convert30().components.schemas.Cat));
  if ('validate' in v) { console.log(v.validate({ data: [{ kind: 'CAT', name: null, createdTimestamp: 'x', secret: 's' }] }), JSON.stringify(v.validate.errors?.map(e => [e.instancePath, e.schemaPath, e.keyword, e.message]))); } else console.log(v);
});
