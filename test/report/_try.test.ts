import { it } from 'vitest';
import { writeFileSync, mkdirSync } from 'node:fs';
import { FORMATTERS } from '../../src/report/formatters/index.js';
import { sampleReport, CONTEXT } from './sample.js';
it('writes', () => {
  mkdirSync('/tmp/out', { recursive: true });
  for (const [name, f] of Object.entries(FORMATTERS)) writeFileSync(`/tmp/out/report.${name}`, f(sampleReport(), CONTEXT));
});
